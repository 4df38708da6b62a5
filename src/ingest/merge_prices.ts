/**
 * Merging the LLM price sources into one first-party price per model, with dated provenance,
 * corroboration and disagreements (`llm-prices/SOURCES.md`: "a price that two sources agree on is
 * corroborated, and a disagreement is worth showing, not hiding"). The rule, in short (longer in
 * `docs/llm-prices.md`):
 *
 * 1. Every record is one dated statement (`statedAt`, `dateKind`, `dateBasis`, set by its
 *    adapter: the record's own date, else its file's, else the dump's from SOURCES.md).
 * 2. The headline figure (input and output price) is the newest statement's. Statements dated
 *    only by the dump rank after every statement dated by its record or file (a dump date says
 *    the source still carried the figure, not when it was stated). Statements within
 *    {@link SAME_AGE_DAYS} days of the newest are "of the same age": when they disagree, the
 *    figure most sources give wins (agreement); a tie goes to the newest, then to source priority.
 * 3. Every other statement stays in `statements` with its date: `agrees`, `superseded` (older,
 *    another figure) or `overruled` (same age, lost by agreement).
 * 4. Cached-input, cache-write, web-search, tier, context and output-limit fields are resolved
 *    the same way, each on its own; names, URLs and release dates go by source priority.
 * 5. `verifiedAt` only for a real check (`dateKind` `checked`) of the headline figure; every row
 *    has `asOf` and `dateKind`.
 *
 * Key: canonical provider + {@link normalizeModelId}. `cross-check` sources (OpenRouter, a
 * reseller) are never chosen, except for the web-search fee, which OpenRouter passes through from
 * the maker's native search; a key only they describe yields no entry.
 *
 * @module
 */
import { FIRST_PARTY, providerName } from "./first_party.ts";
import { sourceRank, sourceRole, UNKNOWN_SOURCE_RANK } from "./sources/mod.ts";
import type { MergeStats } from "./types.ts";
import type {
  CatalogPrice,
  HeadlineRule,
  PriceStatement,
  SourcePrice,
  StatementStatus,
} from "../model/price.ts";
import type { SourceRef } from "../model/source.ts";

/** Relative difference within which two prices agree: 0.5 %. */
export const AGREEMENT_TOLERANCE = 0.005;

/**
 * Statements this many days apart or closer are "of about the same age" and go by agreement.
 * One week: wide enough for two syncs of the same state of the world, narrow enough that an
 * introductory price checked in August is not outvoted by the list price a July sync carried.
 */
export const SAME_AGE_DAYS = 7;

/**
 * Models their provider no longer serves, which no price source flags: price id → the end-of-life
 * day and the provider's document that says so.
 */
export const RETIRED_MODELS: ReadonlyMap<string, { since: string; evidence: string }> = new Map(
  ["j2-light", "j2-mid", "j2-ultra"].map((m) => [`ai21/${m}`, {
    since: "2024-11-14",
    evidence: "https://docs.ai21.com/docs/jurassic-2-models (END OF LIFE November 14, 2024)",
  }]),
);

/** Provenance value of a pricing URL taken from `first_party.ts` because no source gave one. */
export const FIRST_PARTY_TABLE = "first-party-table";

/**
 * Normalizes a model id for the merge key. Rules (deliberately narrow, so distinct models never
 * merge):
 *
 * 1. Trim and lowercase; drop any path prefix up to the last `/` (`openai/`, `gemini/`,
 *    `models/`, `meta_llama/`, `amazon-nova/`).
 * 2. Dated snapshots, `-latest`, `-preview` and other suffixes are kept: `claude-3-5-sonnet-20241022`
 *    and `claude-3.5-sonnet` stay different models (an alias may move to a new snapshot).
 * 3. Anthropic: API ids never contain dots, so a dot between digits becomes a hyphen
 *    (`claude-sonnet-4.5` → `claude-sonnet-4-5`, `claude-3.5-sonnet` → `claude-3-5-sonnet`); and
 *    from Claude 4 on the API puts the family before the version, so `claude-4-opus-20250514` →
 *    `claude-opus-4-20250514` and `claude-4.5-haiku` → `claude-haiku-4-5` (Claude 3.x ids keep
 *    the version first).
 * 4. Google: `gemini-<major>-<minor>-<name>` → `gemini-<major>.<minor>-<name>` (the Gemini API
 *    writes versions with a dot; simonw writes `gemini-3-1-pro-preview`).
 * 5. Amazon: `global.` (the list-price cross-region profile) and `amazon.`/`amazon-` prefixes, the
 *    `:<n>` revision and the `-v<n>` version suffix are dropped, so `amazon.nova-pro-v1:0`,
 *    `nova-pro-v1` and `amazon-nova-pro` are all `nova-pro`.
 *
 * @param provider canonical provider id
 * @param model model id as a source gives it
 * @returns the normalized id, e.g. `"claude-opus-4-20250514"`
 */
export function normalizeModelId(provider: string, model: string): string {
  let id = model.trim().toLowerCase();
  id = id.slice(id.lastIndexOf("/") + 1);
  if (provider === "anthropic") {
    id = id.replace(/(\d)\.(\d)/g, "$1-$2");
    id = id.replace(
      /^claude-(\d+)(?:-(\d))?-(opus|sonnet|haiku)/,
      (whole, major: string, minor: string | undefined, family: string) =>
        Number(major) >= 4 ? `claude-${family}-${major}${minor ? `-${minor}` : ""}` : whole,
    );
  } else if (provider === "google") {
    id = id.replace(/^gemini-(\d+)-(\d+)-(?=[a-z])/, "gemini-$1.$2-");
  } else if (provider === "amazon") {
    id = id.replace(/^global\./, "").replace(/^amazon[.-]/, "").replace(/:\d+$/, "").replace(
      /-v\d+$/,
      "",
    );
  }
  return id;
}

/**
 * The merge key (and catalog id) of a record.
 *
 * @param record a source price record
 * @returns `"{provider}/{normalized model}"`, e.g. `"openai/gpt-4o"`
 */
export function priceKey(record: Pick<SourcePrice, "provider" | "model">): string {
  return `${record.provider}/${normalizeModelId(record.provider, record.model)}`;
}

/** Descriptive fields chosen by source priority. */
const PRIORITY_FIELDS = [
  "name",
  "pricingUrl",
  "releaseDate",
] as const satisfies readonly (keyof SourcePrice)[];

/** Figures resolved each on its own by the newest-statement rule (after the headline). */
const DATED_FIELDS = [
  "cacheReadPerMTok",
  "cacheWritePerMTok",
  "cacheWrite1hPerMTok",
  "tiers",
  "webSearchPerCall",
  "contextWindow",
  "maxOutputTokens",
] as const satisfies readonly (keyof SourcePrice)[];

/** Numeric fields compared across sources for disagreements. */
export const COMPARED_FIELDS = [
  "inputPerMTok",
  "outputPerMTok",
  "cacheReadPerMTok",
  "cacheWritePerMTok",
  "cacheWrite1hPerMTok",
  "webSearchPerCall",
] as const satisfies readonly (keyof SourcePrice)[];

/**
 * True when two amounts agree within {@link AGREEMENT_TOLERANCE} of the larger one.
 *
 * @param a amount
 * @param b amount
 */
export function pricesAgree(a: number, b: number): boolean {
  return Math.abs(a - b) <= AGREEMENT_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * True when two statements give the same headline figure: input and output prices agree
 * wherever both state them, and they share at least one of the two.
 *
 * @param a a statement
 * @param b another statement
 */
export function sameFigure(
  a: Pick<SourcePrice, "inputPerMTok" | "outputPerMTok">,
  b: Pick<SourcePrice, "inputPerMTok" | "outputPerMTok">,
): boolean {
  let shared = 0;
  for (const f of ["inputPerMTok", "outputPerMTok"] as const) {
    const x = a[f];
    const y = b[f];
    if (x === undefined || y === undefined) continue;
    if (!pricesAgree(x, y)) return false;
    shared++;
  }
  return shared > 0;
}

/** Rank of a source: its priority; unknown sources after known ones, cross-check ones last. */
function rank(source: string): number {
  return sourceRole(source) === "cross-check" ? UNKNOWN_SOURCE_RANK + 1 : sourceRank(source);
}

/** True for a source whose records only corroborate or contradict (see `SourceRole`). */
function crossCheckOnly(source: string): boolean {
  return sourceRole(source) === "cross-check";
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byPriority(a: SourcePrice, b: SourcePrice): number {
  return rank(a.source) - rank(b.source) || compareText(a.source, b.source) ||
    compareText(a.sourceId, b.sourceId);
}

/**
 * Tier of a statement's date: 0 dated by its record or file, 1 only by the dump (or demoted:
 * one of several records of one source that give different figures for the same model, so the
 * shared date cannot tell which is current), 2 undated.
 */
function dateTier(r: SourcePrice, demoted?: ReadonlySet<SourcePrice>): number {
  if (r.statedAt === undefined) return 2;
  return r.dateBasis === "dump" || demoted?.has(r) ? 1 : 0;
}

/** Orders statements newest first within a tier, then by priority (the judging order). */
function byAgeWith(demoted?: ReadonlySet<SourcePrice>) {
  return (a: SourcePrice, b: SourcePrice): number =>
    dateTier(a, demoted) - dateTier(b, demoted) ||
    compareText(b.statedAt ?? "", a.statedAt ?? "") || byPriority(a, b);
}

/**
 * Records of one source that contradict each other: two or more records of the same source for
 * one key whose values differ (LiteLLM lists `mistral/codestral-latest` at 1 / 3 and the free
 * `codestral/codestral-latest` endpoint at 0 / 0).
 */
function selfContradicting(
  records: readonly SourcePrice[],
  same: (a: SourcePrice, b: SourcePrice) => boolean,
): Set<SourcePrice> {
  const out = new Set<SourcePrice>();
  for (const r of records) {
    const mates = records.filter((x) => x.source === r.source && x !== r);
    if (mates.some((x) => !same(x, r))) out.add(r);
  }
  return out;
}

/** Days from `b` to `a` (`YYYY-MM-DD`); 0 when either is undated. */
function daysBetween(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return 0;
  return Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
}

/** Result of {@link resolveNewest}. */
export interface Resolution {
  /** The statement whose value wins. */
  chosen: SourcePrice;
  /** How it won. */
  rule: HeadlineRule;
  /** The statements of about the chosen one's age (the ones that voted). */
  front: ReadonlySet<SourcePrice>;
}

/**
 * Resolves one figure from dated statements (rule in the module doc): the newest statement's
 * value, statements dated only by the dump after those dated by their record or file (and so are
 * records of one source that contradict each other for this model); statements
 * within {@link SAME_AGE_DAYS} days of the newest that disagree go by agreement (distinct sources
 * per value), a tie to the newest and then to source priority.
 *
 * @param statements statements that state the figure (at least one; any order)
 * @param same whether two statements state the same value
 * @returns the chosen statement, the rule and the statements that voted; `undefined` for none
 * @example
 * ```ts
 * resolveNewest(records, sameFigure)?.chosen.source; // e.g. "litellm"
 * ```
 */
export function resolveNewest(
  statements: readonly SourcePrice[],
  same: (a: SourcePrice, b: SourcePrice) => boolean,
): Resolution | undefined {
  if (statements.length === 0) return undefined;
  const demoted = selfContradicting(statements, same);
  const sorted = [...statements].sort(byAgeWith(demoted));
  const newest = sorted[0]!;
  const tier = dateTier(newest, demoted);
  const front = sorted.filter((s) =>
    dateTier(s, demoted) === tier && daysBetween(newest.statedAt, s.statedAt) <= SAME_AGE_DAYS
  );
  // Clusters of the same value, in judging order (newest, then priority).
  const clusters: SourcePrice[][] = [];
  for (const s of front) {
    const c = clusters.find((c) => same(c[0]!, s));
    if (c) c.push(s);
    else clusters.push([s]);
  }
  const support = clusters.map((c) => new Set(c.map((s) => s.source)).size);
  const best = Math.max(...support);
  const winners = clusters.filter((_, i) => support[i] === best);
  const chosen = winners[0]![0]!;
  let rule: HeadlineRule;
  if (new Set(statements.map((s) => s.source)).size === 1) rule = "only";
  else if (clusters.length === 1) rule = "newest";
  else if (winners.length === 1) rule = "agreement";
  else {rule = winners.some((c, i) => i > 0 && c[0]!.statedAt === chosen.statedAt)
      ? "priority"
      : "newest";}
  return { chosen, rule, front: new Set(front) };
}

/** Result of {@link mergePrices}. */
export interface MergePricesResult {
  /** One entry per provider + normalized model, sorted by provider then model. */
  prices: CatalogPrice[];
  /**
   * Counts: `input` records, `output` entries, `merged` records folded into an existing entry,
   * `multiSource` entries from 2+ sources, `corroborated` entries with at least one corroborating
   * source, `withDisagreement`, `withWebSearchFee` (`webSearchFromOpenRouter` of them from
   * OpenRouter's pass-through fee), `withLongContextTiers`, `withCachedInput` (a cache-read
   * price), `crossCheckOnlyDropped` (records of keys that only cross-check-only sources
   * describe), `byProvider` (entries per provider), `headlineRule` (entries per rule that decided
   * the headline: `only`, `newest`, `agreement`, `priority`), `byDateKind` (entries per `dateKind`
   * of `asOf`), `verified` (entries with a real check), `statements` (per status),
   * `withSupersededStatement`, `deprecated`, `retired`.
   */
  stats: MergeStats;
}

/**
 * Merges first-party price records from all sources into catalog prices (rule in the module
 * doc).
 *
 * For each key (see {@link priceKey}):
 * - the headline figure (input and output) comes from {@link resolveNewest} over the non-cross-
 *   check records that state it; `headlineRule` says how it won and `statements` lists every
 *   record (cross-check ones included) with its date and status;
 * - each of cache read, cache write, 1-hour cache write, tiers, web search (OpenRouter's
 *   pass-through fee included), context window and output limit is resolved the same way on its
 *   own; name, pricing URL and release date come from the highest-priority record that has them
 *   (the pricing URL falls back to `first_party.ts`, provenance {@link FIRST_PARTY_TABLE});
 *   `provenance[field]` names the source of each value;
 * - `asOf`, `dateKind`, `dateMeaning`: the newest `checked` statement of the headline figure,
 *   else the chosen statement's date; `verifiedAt` (and `verifiedMeaning`) only when checked;
 * - `corroboratedBy`: the other sources (cross-check ones included) giving the same figure;
 * - `disagreements`: each of {@link COMPARED_FIELDS} whose values across records differ by more
 *   than 0.5 %, with every source's value in priority order;
 * - `deprecated` when any record says so, `retired` for {@link RETIRED_MODELS}, with
 *   `lifecycleEvidence`.
 *
 * Pure and deterministic: the same records in any order give the same result.
 *
 * @param records first-party records from the price adapters (USD per million tokens)
 * @returns the merged prices and the merge counts
 */
export function mergePrices(records: SourcePrice[]): MergePricesResult {
  const groups = new Map<string, SourcePrice[]>();
  for (const r of records) {
    const key = priceKey(r);
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const prices: CatalogPrice[] = [];
  let crossCheckOnlyDropped = 0;
  for (const [key, group] of groups) {
    group.sort(byPriority);
    const choosable = group.filter((r) => !crossCheckOnly(r.source));
    const first = choosable[0];
    if (first === undefined) {
      crossCheckOnlyDropped += group.length;
      continue;
    }
    prices.push(buildEntry(key, first, choosable, group));
  }
  prices.sort((a, b) => compareText(a.provider, b.provider) || compareText(a.model, b.model));

  const count = <K extends string>(keys: (K | undefined)[]): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const k of keys) if (k !== undefined) out[k] = (out[k] ?? 0) + 1;
    return out;
  };
  const stats: MergeStats = {
    input: records.length,
    output: prices.length,
    merged: prices.reduce((n, p) => n + p.sources.length - 1, 0),
    multiSource: prices.filter((p) => new Set(p.sources.map((s) => s.source)).size >= 2).length,
    corroborated: prices.filter((p) => p.corroboratedBy.length > 0).length,
    withDisagreement: prices.filter((p) => p.disagreements.length > 0).length,
    withWebSearchFee: prices.filter((p) => p.webSearchPerCall !== undefined).length,
    webSearchFromOpenRouter:
      prices.filter((p) =>
        p.webSearchPerCall !== undefined && crossCheckOnly(p.provenance.webSearchPerCall ?? "")
      ).length,
    withLongContextTiers: prices.filter((p) => (p.tiers?.length ?? 0) > 0).length,
    withCachedInput: prices.filter((p) => p.cacheReadPerMTok !== undefined).length,
    crossCheckOnlyDropped,
    byProvider: count(prices.map((p) => p.provider)),
    headlineRule: count(prices.map((p) => p.headlineRule)),
    byDateKind: count(prices.map((p) => p.dateKind ?? "none")),
    verified: prices.filter((p) => p.verifiedAt !== undefined).length,
    statements: count(prices.flatMap((p) => (p.statements ?? []).map((s) => s.status))),
    withSupersededStatement:
      prices.filter((p) =>
        (p.statements ?? []).some((s) => s.status === "superseded" && !s.crossCheck)
      ).length,
    deprecated: prices.filter((p) => p.deprecated === true).length,
    retired: prices.filter((p) => p.retired === true).length,
  };
  return { prices, stats };
}

/** Same value of a non-headline field: amounts within tolerance, other values by JSON. */
function sameValue(field: keyof SourcePrice): (a: SourcePrice, b: SourcePrice) => boolean {
  return (a, b) => {
    const x = a[field];
    const y = b[field];
    if (typeof x === "number" && typeof y === "number") {
      return field === "contextWindow" || field === "maxOutputTokens" ? x === y : pricesAgree(x, y);
    }
    return JSON.stringify(x) === JSON.stringify(y);
  };
}

/** The public form of one record as a statement of the entry. */
function toStatement(r: SourcePrice, status: StatementStatus): PriceStatement {
  return {
    source: r.source,
    sourceId: r.sourceId,
    statedAt: r.statedAt ?? null,
    dateKind: r.dateKind ?? null,
    dateBasis: r.dateBasis ?? null,
    inputPerMTok: r.inputPerMTok ?? null,
    outputPerMTok: r.outputPerMTok ?? null,
    cacheReadPerMTok: r.cacheReadPerMTok ?? null,
    webSearchPerCall: r.webSearchPerCall ?? null,
    status,
    crossCheck: crossCheckOnly(r.source),
  };
}

/** Builds one catalog entry from a group sorted by priority. */
function buildEntry(
  key: string,
  first: SourcePrice,
  choosable: SourcePrice[],
  group: SourcePrice[],
): CatalogPrice {
  const model = key.slice(first.provider.length + 1);
  const sources: SourceRef[] = group.map((r) => ({ source: r.source, sourceId: r.sourceId }));
  const entry: CatalogPrice = {
    id: key,
    provider: first.provider,
    providerName: providerName(first.provider),
    model,
    corroboratedBy: [],
    disagreements: [],
    sources,
    provenance: {},
  };
  const target = entry as unknown as Record<string, unknown>;
  const take = (field: keyof SourcePrice, from: SourcePrice) => {
    const value = from[field];
    target[field] = field === "tiers" ? structuredClone(value) : value;
    entry.provenance[field] = from.source;
  };

  // The headline figure.
  const priced = choosable.filter((r) =>
    r.inputPerMTok !== undefined || r.outputPerMTok !== undefined
  );
  const headline = resolveNewest(priced, sameFigure);
  const chosen = headline?.chosen;
  if (headline && chosen) {
    entry.headlineRule = headline.rule;
    if (chosen.inputPerMTok !== undefined) take("inputPerMTok", chosen);
    if (chosen.outputPerMTok !== undefined) take("outputPerMTok", chosen);
    entry.statements = [...group].sort(byAgeWith()).map((r) =>
      toStatement(
        r,
        r === chosen ? "chosen" : (r.inputPerMTok !== undefined || r.outputPerMTok !== undefined) &&
            sameFigure(r, chosen)
          ? "agrees"
          : headline.front.has(r) ||
              (crossCheckOnly(r.source) && (r.statedAt ?? "") >= (chosen.statedAt ?? ""))
          ? "overruled"
          : "superseded",
      )
    );
    // Its date: the newest real check of the same figure, else the chosen statement's own.
    const checked = priced.filter((r) =>
      r.dateKind === "checked" && r.statedAt !== undefined && sameFigure(r, chosen)
    ).sort(byAgeWith())[0];
    const dated = checked ?? chosen;
    if (dated.statedAt !== undefined) {
      entry.asOf = dated.statedAt;
      entry.provenance.asOf = dated.source;
      if (dated.dateKind !== undefined) {
        entry.dateKind = dated.dateKind;
      }
      if (dated.dateMeaning !== undefined) {
        entry.dateMeaning = dated.dateMeaning;
      }
    }
    if (checked?.statedAt !== undefined) {
      entry.verifiedAt = checked.statedAt;
      entry.provenance.verifiedAt = checked.source;
      if (checked.dateMeaning !== undefined) {
        entry.verifiedMeaning = checked.dateMeaning;
      }
    }
  }

  for (const field of DATED_FIELDS) {
    const pool = (field === "webSearchPerCall" ? group : choosable).filter((r) =>
      r[field] !== undefined
    );
    const won = resolveNewest(pool, sameValue(field));
    if (won) take(field, won.chosen);
  }
  for (const field of PRIORITY_FIELDS) {
    const from = choosable.find((r) => r[field] !== undefined);
    if (from) take(field, from);
  }
  if (entry.pricingUrl === undefined) {
    const url = FIRST_PARTY.get(entry.provider)?.pricingUrl;
    if (url !== undefined) {
      entry.pricingUrl = url;
      entry.provenance.pricingUrl = FIRST_PARTY_TABLE;
    }
  }

  // Lifecycle.
  const evidence = [...new Set(choosable.filter((r) => r.deprecated === true).map((r) => r.source))]
    .map((s) => `${s}: deprecated`);
  const retired = RETIRED_MODELS.get(key);
  if (retired) evidence.push(`retired ${retired.since}: ${retired.evidence}`);
  if (evidence.length > 0) {
    entry.deprecated = true;
    entry.lifecycleEvidence = evidence;
    entry.provenance.deprecated = choosable.find((r) => r.deprecated === true)?.source ??
      "retired-models-table";
  }
  if (retired) entry.retired = true;

  const input = entry.inputPerMTok;
  const output = entry.outputPerMTok;
  if (chosen && input !== undefined && output !== undefined) {
    const agreeing = new Set<string>();
    for (const r of group) {
      if (r.source === chosen.source) continue;
      if (r.inputPerMTok === undefined || r.outputPerMTok === undefined) continue;
      if (pricesAgree(r.inputPerMTok, input) && pricesAgree(r.outputPerMTok, output)) {
        agreeing.add(r.source);
      }
    }
    entry.corroboratedBy = [...agreeing];
  }

  for (const field of COMPARED_FIELDS) {
    const values: { source: string; value: number }[] = [];
    for (const r of group) {
      const value = r[field];
      if (value === undefined) continue;
      if (!values.some((v) => v.source === r.source && v.value === value)) {
        values.push({ source: r.source, value });
      }
    }
    if (values.length < 2) continue;
    const nums = values.map((v) => v.value);
    if (!pricesAgree(Math.min(...nums), Math.max(...nums))) {
      entry.disagreements.push({ field, values });
    }
  }
  return entry;
}

/**
 * One line for the ingest log on how the headline prices were decided.
 *
 * @param stats the `stats` of {@link mergePrices}
 * @returns e.g. `headline by rule: newest 228, only 391; date kinds: checked 191, ...`
 */
export function describePriceDecisions(stats: MergeStats): string {
  const list = (value: unknown) =>
    Object.entries((value ?? {}) as Record<string, number>).sort(([a], [b]) => compareText(a, b))
      .map(([k, n]) => `${k} ${n}`).join(", ");
  return `headline by rule: ${list(stats.headlineRule)}; date kinds: ${
    list(stats.byDateKind)
  }; statements: ${
    list(stats.statements)
  }; verified ${stats.verified}, web-search fee ${stats.withWebSearchFee}, deprecated ${stats.deprecated} (retired ${stats.retired})`;
}
