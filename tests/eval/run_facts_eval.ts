/**
 * `deno task eval:facts`: the evaluation of issue 27, the facts of AI tools and their alternatives.
 *
 * Facts: every tool of `tool_facts.json` is resolved in the catalog (by slug, else by a tool whose
 * URL host is the labelled host, else by exact name) and its pricing model, free tier, URL host and
 * category are compared with the labels; the report gives the accuracy per field over the resolved
 * tools and lists every miss. A category matches when the tool's `category` equals any acceptable
 * name of the label, ignoring case, punctuation, `&`/`and`, plural endings and word forms
 * (`Video Generator` = `Video Generation`).
 *
 * Alternatives: for every tool of `alternatives.json`, the top 5 of `toolAlternatives` (the
 * `GET /tools/alternatives` list) and the items of `getTool(...).competitors` (the details page)
 * are scored: relevant@5 is the share of the 5 slots filled by a labelled `relevant` slug (a list
 * shorter than 5 loses the empty slots), judged@5 the share of the returned candidates that are
 * labelled either way. The report says whether both lists agree and lists the unjudged candidates
 * so they can be labelled.
 *
 * Usage: `deno task eval:facts [--json]`; the catalog is `TOOLATLAS_CATALOG` or `data/catalog.db`.
 *
 * @module
 */
import { type CatalogContext, closeContext, openContext } from "../../src/catalog/context.ts";
import { toolAlternatives } from "../../src/catalog/tool_alternatives.ts";
import { getTool } from "../../src/catalog/tool_details.ts";
import { requireCatalog } from "./run_eval.ts";
import { type CatalogTool, PRICING_MODELS } from "../../src/model/tool.ts";

/** Pricing models a label may give: the catalog's own. */
export const PRICING_LABELS = PRICING_MODELS;
/** One labelled pricing model. */
export type PricingLabel = typeof PRICING_LABELS[number];

/** The fields of a tool that the facts labels check. */
export const FACT_FIELDS = ["pricing", "hasFreeTier", "url", "category"] as const;
/** One checked field. */
export type FactField = typeof FACT_FIELDS[number];

/** The cut-off of the alternatives metrics. */
export const ALT_K = 5;

/**
 * Names of the tools the issue itself names: the labelled sets must not contain them (they were
 * fixed by hand, so they would flatter the figures).
 */
export const EXCLUDED_NAMES = [
  "Zapier",
  "Gamma",
  "Bolt",
  "GitHub Copilot",
  "Synthesia",
  "Claude",
  "ElevenLabs",
  "Notion AI",
  "Gemini",
  "Bard",
  "ChatGPT",
  "Character.ai",
  "v0",
  "Suno",
  "Otter",
  "Whisper",
  "Claude Code",
  "Kling",
  "Pika",
  "Adobe Firefly",
] as const;

/** Where a labelled value comes from: one record of one dump file. */
export interface Evidence {
  /** Path under `/work/shared/data/ai-tools/`, e.g. `aitoolhouse/all_ai_tools_detailed.csv`. */
  file: string;
  /** The record: its slug, name and/or line number, e.g. `slug jasper (line 412)`. */
  record: string;
  /** The record's date (ISO date of the record or of its dump), when known. */
  date?: string;
  /** A short verbatim quote of the record. */
  quote: string;
  /**
   * How the record bears on the label: `supports` it, `partly` supports it (one half of it, e.g.
   * a free plan or a paid price for `freemium`) or `contradicts` it (kept so both sides of a
   * disagreement between dumps are stated).
   */
  stance: EvidenceStance;
}

/** Stances of an {@link Evidence} record. */
export const EVIDENCE_STANCES = ["supports", "partly", "contradicts"] as const;
/** One stance. */
export type EvidenceStance = typeof EVIDENCE_STANCES[number];

/** One labelled tool of `tool_facts.json`. */
export interface ToolFact {
  /** Catalog slug at labelling time. */
  slug: string;
  name: string;
  /** The canonical site's host without `www.`, e.g. `jasper.ai`. */
  host: string;
  /** Other hosts that are also right (a redirecting old domain, an app subdomain). */
  acceptableUrls?: string[];
  /** The pricing model in 2025-2026. */
  pricing: PricingLabel;
  /** Other models that are also right (a genuinely ambiguous case; see `note`). */
  acceptablePricing?: PricingLabel[];
  hasFreeTier: boolean;
  /** The canonical https URL. */
  url: string;
  /** 1-3 acceptable category names in plain words. */
  categories: string[];
  /** `well-known` (chosen by hand) or `random` (the seeded draw). */
  draw: "well-known" | "random";
  /** For each field, the dump records that support the label, newest first. */
  evidence: Record<FactField, Evidence[]>;
  /** Why the label is what it is where the dumps disagree or knowledge decided. */
  note?: string;
}

/** One labelled tool of `alternatives.json`. */
export interface AltLabel {
  slug: string;
  name: string;
  /** The task words the lexical and hybrid pools searched for. */
  task: string;
  /** Slugs a user of the tool would consider switching to for the same job. */
  relevant: string[];
  /** Slugs judged not to be alternatives. */
  notRelevant: string[];
  note?: string;
}

/** The file `tool_facts.json`. */
export interface FactsFile {
  description: string;
  /** Seed of the random draw of the less famous tools. */
  seed: number;
  judgedAt: string;
  tools: ToolFact[];
}

/** The file `alternatives.json`. */
export interface AlternativesFile {
  description: string;
  judgedAt: string;
  tools: AltLabel[];
}

/**
 * Loads the facts labels from this folder.
 *
 * @returns the parsed `tool_facts.json`
 */
export async function loadFacts(): Promise<FactsFile> {
  const url = new URL("./tool_facts.json", import.meta.url);
  return JSON.parse(await Deno.readTextFile(url)) as FactsFile;
}

/**
 * Loads the alternatives labels from this folder.
 *
 * @returns the parsed `alternatives.json`
 */
export async function loadAlternatives(): Promise<AlternativesFile> {
  const url = new URL("./alternatives.json", import.meta.url);
  return JSON.parse(await Deno.readTextFile(url)) as AlternativesFile;
}

/**
 * The host of a URL, lower-case and without a leading `www.`.
 *
 * @param url an absolute URL, or a bare host
 * @returns the host, or `null` when the URL is missing or cannot be parsed
 */
export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    return u.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Word endings dropped so that word forms compare equal (`Generator` = `Generation`). */
const _ENDINGS = ["ation", "ator", "ing", "ion", "or", "er"];

/**
 * A category name reduced for comparison: lower case, `&` and `and` dropped, each word without
 * its plural ending (`ies` → `y`, final `s`) and one word-form ending (`-ation`, `-ator`, `-ing`,
 * `-ion`, `-or`, `-er`, when 4 letters remain), words joined without spaces (`Chat Bot` =
 * `Chatbot`, `Video Generator` = `Video Generation`).
 *
 * @param name a category display name
 * @returns the comparison key
 */
export function categoryKey(name: string): string {
  return name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w && w !== "and").map((w) => {
    if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
    else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
    const end = _ENDINGS.find((e) => w.endsWith(e) && w.length - e.length >= 4);
    return end ? w.slice(0, -end.length) : w;
  }).join("");
}

/**
 * Whether a tool's category is one of the label's acceptable names.
 *
 * @param category the catalog's category
 * @param acceptable the label's names
 * @returns true when a name has the same {@link categoryKey}
 */
export function categoryMatches(category: string, acceptable: readonly string[]): boolean {
  const key = categoryKey(category);
  return acceptable.some((a) => categoryKey(a) === key);
}

/** How a labelled tool was found in the catalog. */
export type ResolvedBy = "slug" | "host" | "name";

/** Index of the catalog's tools by URL host and by lower-case name. */
interface ToolIndex {
  byHost: Map<string, string[]>;
  byName: Map<string, string[]>;
}

function _index(ctx: CatalogContext): ToolIndex {
  const byHost = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  const push = (m: Map<string, string[]>, k: string, slug: string) => {
    const list = m.get(k);
    if (list) list.push(slug);
    else m.set(k, [slug]);
  };
  for (let after = 0;;) {
    const ids = ctx.store.idsAfter("tools", after, 1000);
    if (ids.length === 0) break;
    for (const t of ctx.store.toolsByIds(ids)) {
      const host = hostOf(t.url);
      if (host) push(byHost, host, t.slug);
      push(byName, t.name.trim().toLowerCase(), t.slug);
    }
    after = ids[ids.length - 1]!;
  }
  return { byHost, byName };
}

/**
 * Finds a labelled tool in the catalog: by slug, else the tool whose URL host is the label's host
 * (the first by slug order when several), else the tool with exactly the label's name.
 *
 * @param ctx catalog context
 * @param label the labelled tool
 * @param index hosts and names of the catalog (built once per run)
 * @returns the tool and how it was found, or `undefined`
 */
function _resolve(
  ctx: CatalogContext,
  label: ToolFact,
  index: ToolIndex,
): { tool: CatalogTool; by: ResolvedBy } | undefined {
  const bySlug = ctx.store.toolBySlug(label.slug);
  if (bySlug) return { tool: bySlug, by: "slug" };
  const host = index.byHost.get(label.host.toLowerCase())?.slice().sort()[0];
  if (host) return { tool: ctx.store.toolBySlug(host)!, by: "host" };
  const name = index.byName.get(label.name.trim().toLowerCase())?.slice().sort()[0];
  if (name) return { tool: ctx.store.toolBySlug(name)!, by: "name" };
  return undefined;
}

/** One field of one tool that differs from its label. */
export interface FactMiss {
  slug: string;
  field: FactField;
  expected: string;
  actual: string;
}

/** Accuracy of one field over the resolved tools. */
export interface FieldScore {
  correct: number;
  total: number;
  accuracy: number;
}

/** Outcome of the facts evaluation. */
export interface FactsResult {
  labelled: number;
  resolved: number;
  resolvedBy: Record<ResolvedBy, number>;
  /** Labelled tools found by host or name, with the slug they resolved to. */
  moved: { slug: string; by: ResolvedBy; catalogSlug: string }[];
  unresolved: string[];
  fields: Record<FactField, FieldScore>;
  /** Tools with all four fields right, over the resolved ones. */
  allRight: FieldScore;
  misses: FactMiss[];
}

/**
 * Compares the catalog's facts with the labels.
 *
 * @param ctx catalog context
 * @param labels the labelled tools
 * @returns accuracy per field and every miss
 */
export function evaluateFacts(ctx: CatalogContext, labels: ToolFact[]): FactsResult {
  const index = _index(ctx);
  const counts = Object.fromEntries(FACT_FIELDS.map((f) => [f, 0])) as Record<FactField, number>;
  const resolvedBy: Record<ResolvedBy, number> = { slug: 0, host: 0, name: 0 };
  const moved: FactsResult["moved"] = [];
  const unresolved: string[] = [];
  const misses: FactMiss[] = [];
  let resolved = 0;
  let allRight = 0;
  for (const label of labels) {
    const found = _resolve(ctx, label, index);
    if (!found) {
      unresolved.push(label.slug);
      continue;
    }
    resolved++;
    resolvedBy[found.by]++;
    const t = found.tool;
    if (found.by !== "slug") moved.push({ slug: label.slug, by: found.by, catalogSlug: t.slug });
    const hosts = [label.host, ...(label.acceptableUrls ?? [])].map((h) => hostOf(h) ?? h);
    const host = hostOf(t.url);
    const prices: string[] = [label.pricing, ...(label.acceptablePricing ?? [])];
    const checks: [FactField, boolean, string, string][] = [
      ["pricing", prices.includes(t.pricing), prices.join(" | "), t.pricing],
      [
        "hasFreeTier",
        t.hasFreeTier === label.hasFreeTier,
        `${label.hasFreeTier}`,
        `${t.hasFreeTier}`,
      ],
      ["url", host !== null && hosts.includes(host), hosts.join(" | "), t.url ?? "null"],
      [
        "category",
        categoryMatches(t.category, label.categories),
        label.categories.join(" | "),
        t.category,
      ],
    ];
    let right = 0;
    for (const [field, ok, expected, actual] of checks) {
      if (ok) {
        counts[field]++;
        right++;
      } else misses.push({ slug: label.slug, field, expected, actual });
    }
    if (right === checks.length) allRight++;
  }
  const score = (n: number): FieldScore => ({
    correct: n,
    total: resolved,
    accuracy: resolved ? n / resolved : 0,
  });
  return {
    labelled: labels.length,
    resolved,
    resolvedBy,
    moved,
    unresolved,
    fields: Object.fromEntries(FACT_FIELDS.map((f) => [f, score(counts[f])])) as Record<
      FactField,
      FieldScore
    >,
    allRight: score(allRight),
    misses,
  };
}

/** The scores of one list of candidates (alternatives or competitors) for one tool. */
export interface ListScore {
  /** Slugs returned, best first (at most {@link ALT_K}). */
  top: string[];
  /** Relevant candidates over {@link ALT_K}. */
  relevantAt5: number;
  /** Labelled candidates (either way) over the returned ones; 1 for an empty list. */
  judgedAt5: number;
  /** Returned candidates that neither list labels. */
  unjudged: string[];
}

/** Alternatives scores of one labelled tool. */
export interface AltToolScore {
  slug: string;
  alternatives: ListScore;
  competitors: ListScore;
  /** The two lists hold the same slugs. */
  sameSet: boolean;
  /** The two lists are identical, order included. */
  sameOrder: boolean;
}

/** Outcome of the alternatives evaluation. */
export interface AlternativesResult {
  labelled: number;
  /** Labelled tools missing from the catalog (by slug). */
  unresolved: string[];
  /** Labelled candidate slugs missing from the catalog (stale labels), as `tool: candidate`. */
  staleLabels: string[];
  /** Means over the resolved tools. */
  alternatives: { relevantAt5: number; judgedAt5: number };
  competitors: { relevantAt5: number; judgedAt5: number };
  /** Tools whose two lists hold the same slugs / the same slugs in the same order. */
  sameSet: number;
  sameOrder: number;
  /** Method names the two lists report. */
  methods: { alternatives: string[]; competitors: string[] };
  tools: AltToolScore[];
}

function _score(top: string[], label: AltLabel): ListScore {
  const relevant = new Set(label.relevant);
  const judged = new Set([...label.relevant, ...label.notRelevant]);
  const hits = top.filter((s) => relevant.has(s)).length;
  const labelled = top.filter((s) => judged.has(s)).length;
  return {
    top,
    relevantAt5: hits / ALT_K,
    judgedAt5: top.length ? labelled / top.length : 1,
    unjudged: top.filter((s) => !judged.has(s)),
  };
}

function _mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
}

/**
 * Scores the alternatives list and the details page's competitors of every labelled tool.
 *
 * @param ctx catalog context
 * @param labels the labelled tools
 * @returns relevant@5 and judged@5 of both lists, their agreement and the unjudged candidates
 */
export function evaluateAlternatives(
  ctx: CatalogContext,
  labels: AltLabel[],
): AlternativesResult {
  const unresolved: string[] = [];
  const staleLabels: string[] = [];
  const tools: AltToolScore[] = [];
  const methods = { alternatives: new Set<string>(), competitors: new Set<string>() };
  for (const label of labels) {
    for (const c of [...label.relevant, ...label.notRelevant]) {
      if (!ctx.store.toolId(c)) staleLabels.push(`${label.slug}: ${c}`);
    }
    if (!ctx.store.toolId(label.slug)) {
      unresolved.push(label.slug);
      continue;
    }
    const alt = toolAlternatives(ctx, { slug: label.slug, limit: ALT_K });
    const details = getTool(ctx, { slug: label.slug });
    methods.alternatives.add(alt.method);
    methods.competitors.add(details.competitors.method);
    const a = alt.alternatives.map((t) => t.slug).slice(0, ALT_K);
    const c = details.competitors.items.map((t) => t.slug).slice(0, ALT_K);
    const sameOrder = a.length === c.length && a.every((s, i) => s === c[i]);
    const sameSet = a.length === c.length && new Set([...a, ...c]).size === a.length;
    tools.push({
      slug: label.slug,
      alternatives: _score(a, label),
      competitors: _score(c, label),
      sameSet,
      sameOrder,
    });
  }
  return {
    labelled: labels.length,
    unresolved,
    staleLabels,
    alternatives: {
      relevantAt5: _mean(tools.map((t) => t.alternatives.relevantAt5)),
      judgedAt5: _mean(tools.map((t) => t.alternatives.judgedAt5)),
    },
    competitors: {
      relevantAt5: _mean(tools.map((t) => t.competitors.relevantAt5)),
      judgedAt5: _mean(tools.map((t) => t.competitors.judgedAt5)),
    },
    sameSet: tools.filter((t) => t.sameSet).length,
    sameOrder: tools.filter((t) => t.sameOrder).length,
    methods: { alternatives: [...methods.alternatives], competitors: [...methods.competitors] },
    tools,
  };
}

function _f(x: number): string {
  return x.toFixed(3);
}

function _pct(s: FieldScore): string {
  return `${_f(s.accuracy)}  (${s.correct}/${s.total})`;
}

/**
 * The human-readable report.
 *
 * @param catalog the catalog's path
 * @param facts the facts outcome
 * @param alts the alternatives outcome
 * @returns the report text
 */
export function formatFactsReport(
  catalog: string,
  facts: FactsResult,
  alts: AlternativesResult,
): string {
  const lines: string[] = [`catalog ${catalog}`, "", "== Facts (tool_facts.json)"];
  lines.push(
    `labelled ${facts.labelled}, resolved ${facts.resolved} (slug ${facts.resolvedBy.slug}, ` +
      `host ${facts.resolvedBy.host}, name ${facts.resolvedBy.name}), ` +
      `unresolved ${facts.unresolved.length}${
        facts.unresolved.length ? `: ${facts.unresolved.join(", ")}` : ""
      }`,
  );
  for (const m of facts.moved) lines.push(`  ${m.slug} → ${m.catalogSlug} (by ${m.by})`);
  for (const f of FACT_FIELDS) lines.push(`${f.padEnd(12)} ${_pct(facts.fields[f])}`);
  lines.push(`${"all four".padEnd(12)} ${_pct(facts.allRight)}`);
  for (const f of FACT_FIELDS) {
    const ms = facts.misses.filter((m) => m.field === f);
    if (ms.length === 0) continue;
    lines.push("", `misses: ${f} (${ms.length})`);
    for (const m of ms) {
      lines.push(`  ${m.slug.padEnd(28)} expected ${m.expected}; got ${m.actual}`);
    }
  }
  lines.push("", "== Alternatives (alternatives.json)");
  lines.push(
    `labelled ${alts.labelled}, unresolved ${alts.unresolved.length}${
      alts.unresolved.length ? `: ${alts.unresolved.join(", ")}` : ""
    }; label slugs missing from the catalog: ${alts.staleLabels.length}`,
  );
  lines.push(
    `toolAlternatives top ${ALT_K}   relevant@5 ${_f(alts.alternatives.relevantAt5)}, ` +
      `judged@5 ${_f(alts.alternatives.judgedAt5)}  [${alts.methods.alternatives.join(", ")}]`,
  );
  lines.push(
    `details.competitors       relevant@5 ${_f(alts.competitors.relevantAt5)}, ` +
      `judged@5 ${_f(alts.competitors.judgedAt5)}  [${alts.methods.competitors.join(", ")}]`,
  );
  const n = alts.tools.length;
  lines.push(`lists agree: same set ${alts.sameSet}/${n}, same order ${alts.sameOrder}/${n}`);
  lines.push("", "per tool: relevant@5 alternatives / competitors");
  for (const t of alts.tools) {
    lines.push(
      `  ${t.slug.padEnd(22)} ${_f(t.alternatives.relevantAt5)} / ${
        _f(t.competitors.relevantAt5)
      }` +
        `${t.sameOrder ? "  (same)" : t.sameSet ? "  (same set)" : ""}`,
    );
  }
  const unjudged = alts.tools.flatMap((t) => {
    const u = [...new Set([...t.alternatives.unjudged, ...t.competitors.unjudged])];
    return u.length ? [`  ${t.slug}: ${u.join(", ")}`] : [];
  });
  lines.push("", `unjudged top-${ALT_K} candidates (${unjudged.length} tools)`);
  lines.push(...(unjudged.length ? unjudged : ["  none"]));
  if (alts.staleLabels.length) {
    lines.push(
      "",
      "label slugs missing from the catalog",
      ...alts.staleLabels.map((s) => `  ${s}`),
    );
  }
  return lines.join("\n");
}

function _ifMissing<T>(empty: T): (e: unknown) => T {
  return (e) => {
    if (e instanceof Deno.errors.NotFound) return empty;
    throw e;
  };
}

async function main(args: string[]): Promise<void> {
  const json = args.includes("--json");
  const catalog = await requireCatalog();
  // Either file may not exist yet while the other is being labelled.
  const [facts, alts] = await Promise.all([
    loadFacts().catch(_ifMissing({ description: "", seed: 0, judgedAt: "", tools: [] })),
    loadAlternatives().catch(_ifMissing({ description: "", judgedAt: "", tools: [] })),
  ]);
  const ctx = await openContext(catalog, "http://eval.local");
  try {
    const f = evaluateFacts(ctx, facts.tools);
    const a = evaluateAlternatives(ctx, alts.tools);
    if (json) console.log(JSON.stringify({ catalog, facts: f, alternatives: a }, null, 2));
    else console.log(formatFactsReport(catalog, f, a));
  } finally {
    closeContext(ctx);
  }
}

if (import.meta.main) await main(Deno.args);
