/**
 * `deno task eval`: the search evaluation. Runs every labelled query of
 * `tools_queries.json` and `servers_queries.json` through `searchTools` / `searchServers` in each
 * ranking mode (lexical, semantic, hybrid; limit 10) and the tools queries through
 * `recommendTools` (limit 5), then prints nDCG@10, recall@10 and MRR per corpus and mode, the
 * hybrid-over-lexical nDCG gain, the recommendation hit@3 and, per confidence level, the share of
 * recommendations that are good fits (grade ≥ 2). Then the graded task set (`task_queries.json`,
 * `tasks.ts`): nDCG@10 with gains `2^grade − 1` over grades 0/1/2, the share of each top 10 that
 * is a fit and the share that was judged, per corpus and mode (also on the odd- and
 * even-numbered halves), and the recommendations' hit@3 with the fit share per confidence level.
 *
 * A mode the catalog cannot serve (no vectors, no embedder, or a search function that rejects the
 * `mode` parameter) is reported as `n/a` instead of silently measuring the lexical fallback.
 *
 * Usage: `deno task eval [--json] [--per-query]`; the catalog is `TOOLATLAS_CATALOG` or
 * `data/catalog.db`.
 *
 * @module
 */
import { type CatalogContext, closeContext, openContext } from "../../src/catalog/context.ts";
import { embedQuery } from "../../src/catalog/ranking.ts";
import { rank } from "../../src/catalog/ranking.ts";
import { searchServers } from "../../src/catalog/servers.ts";
import { recommendTools, searchTools } from "../../src/catalog/tools.ts";
import { hitAt, type Labels, mean, ndcgAt, recallAt, reciprocalRank } from "./metrics.ts";
import {
  evaluateInnocent,
  evaluateTaskMode,
  evaluateTaskRecommend,
  formatTaskReport,
  type InnocentResult,
  loadInnocent,
  loadTasks,
  type TaskModeResult,
  type TaskRecommendResult,
} from "./tasks.ts";

/** The two labelled corpora. */
export const CORPORA = ["tools", "servers"] as const;
/** A labelled corpus: AI tools (ids are slugs) or MCP servers (ids are server names). */
export type Corpus = typeof CORPORA[number];

/**
 * The ranking modes compared: the three of `mode=`, plus `hybrid-rrf`, hybrid ranking by
 * reciprocal rank fusion instead of score fusion (`rank(..., "rrf")`; not offered by the API).
 */
export const MODES = ["lexical", "semantic", "hybrid", "hybrid-rrf"] as const;
/** A ranking mode. */
export type Mode = typeof MODES[number];

/**
 * The catalog an evaluation reads: `TOOLATLAS_CATALOG` or `data/catalog.db`; exits the process
 * with a message naming `deno task ingest` when it is missing.
 *
 * @returns the catalog's path
 */
export async function requireCatalog(): Promise<string> {
  const catalog = Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";
  try {
    await Deno.stat(catalog);
  } catch {
    console.error(`No catalog at ${catalog}: run \`deno task ingest\` or set TOOLATLAS_CATALOG.`);
    Deno.exit(1);
  }
  return catalog;
}

/** Results fetched per search (the cut-off of every metric but hit@3). */
export const K = 10;
/** Recommendations fetched per tools query. */
export const RECOMMEND_LIMIT = 5;

/** One labelled query of `tools_queries.json` or `servers_queries.json`. */
export interface EvalQuery {
  /** Unique id within the file, e.g. `t01` or `s01`. */
  id: string;
  /** The task as a user or agent would describe it. */
  query: string;
  /** `keyword`: the entries' own words appear in the query; `paraphrase`: they mostly do not. */
  style?: "keyword" | "paraphrase";
  /** Graded relevance: tool slug or server name → 3 (exact fit), 2 (good fit), 1 (partial). */
  relevant: Record<string, number>;
}

/**
 * Loads the labelled queries of a corpus from this folder.
 *
 * @param corpus `tools` or `servers`
 * @returns the queries in file order
 */
export async function loadQueries(corpus: Corpus): Promise<EvalQuery[]> {
  const url = new URL(`./${corpus}_queries.json`, import.meta.url);
  return JSON.parse(await Deno.readTextFile(url)) as EvalQuery[];
}

/** Metrics of one query in one mode. */
export interface QueryScore {
  id: string;
  style: string;
  ndcg10: number;
  /**
   * nDCG@10 by project: results and labels mapped to their project's canonical entry (a label's
   * grade is the best of its project's), so a collapsed listing neither counts twice nor is
   * missed. Equals `ndcg10` for tools.
   */
  ndcg10Project: number;
  recall10: number;
  rr: number;
  ms: number;
  /** Returned ids, best first. */
  ranked: string[];
}

/** Means over a set of queries. */
export interface Summary {
  n: number;
  ndcg10: number;
  ndcg10Project: number;
  recall10: number;
  mrr: number;
}

/** Outcome of one corpus × mode. */
export type ModeResult =
  | {
    status: "ok";
    /** Milliseconds per query (mean). */
    msPerQuery: number;
    /** True when the search function did not accept `mode` and ran its default (lexical only). */
    defaultMode: boolean;
    all: Summary;
    byStyle: Record<string, Summary>;
    queries: QueryScore[];
  }
  | { status: "n/a"; reason: string };

/** Share of recommendations at one confidence level that are relevant. */
export interface ConfidenceRow {
  /** Recommendations at this level (all positions up to the recommend limit). */
  n: number;
  /** Share of them with grade ≥ 2. */
  goodShare: number;
  /** Share of them with grade ≥ 1. */
  anyShare: number;
  /** Recommendations at this level in first position. */
  nTop1: number;
  /** Share of first-position ones with grade ≥ 2. */
  goodShareTop1: number;
}

/** Outcome of the recommendation evaluation. */
export type RecommendResult =
  | {
    status: "ok";
    n: number;
    hit3: number;
    msPerQuery: number;
    confidence: Record<string, ConfidenceRow>;
    queries: { id: string; hit3: number; ranked: { slug: string; confidence: string }[] }[];
  }
  | { status: "n/a"; reason: string };

/** The whole evaluation. */
export interface EvalReport {
  catalog: string;
  /** Famous names → the vendor's or reference entry first (canonical@1, @3). */
  navigational: Record<Corpus, NavigationalResult>;
  semanticAvailable: boolean;
  corpora: Record<Corpus, Record<Mode, ModeResult>>;
  /** `(hybrid − lexical) / lexical` nDCG@10 in percent, or `null` when either is n/a. */
  hybridGainPct: Record<Corpus, number | null>;
  recommend: RecommendResult;
  /** The graded task set (`task_queries.json`, `tasks.ts`), per corpus and mode. */
  tasks: Record<Corpus, Record<Mode, TaskModeResult>>;
  /** Recommendations on the tools tasks, or `undefined` without vectors. */
  taskRecommend: TaskRecommendResult | undefined;
  /** Hit@3 and confidence levels of the server tasks' first 10 search results (issue 30). */
  taskServerConfidence: TaskRecommendResult | undefined;
  /** Adult-leaning results of innocent queries (`innocent_queries.json`). */
  innocent: InnocentResult;
}

/**
 * Whether the catalog can serve semantic and hybrid ranking: it holds vectors and the context has
 * a query embedder of the same model. Without them the search functions fall back to lexical.
 *
 * @param ctx catalog context
 * @returns true when semantic ranking is really used
 */
export function semanticAvailable(ctx: CatalogContext): boolean {
  const embedder = (ctx as { embedder?: unknown }).embedder;
  const hasVectors = (ctx.store as unknown as { hasVectors?: boolean }).hasVectors;
  return embedder !== undefined && hasVectors === true;
}

function _message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * The ids one search returns: tool slugs or server names, best first, through the public search
 * functions (default filters: collapsed, safe), or through `rank` for `hybrid-rrf`.
 *
 * @param ctx catalog context
 * @param corpus `tools` or `servers`
 * @param q the query
 * @param mode ranking mode
 * @param limit how many (1-50)
 * @returns the ids, best first
 */
export async function searchIds(
  ctx: CatalogContext,
  corpus: Corpus,
  q: string,
  mode: Mode,
  limit: number,
): Promise<string[]> {
  return await _search(ctx, corpus, { q, limit, mode });
}

async function _search(
  ctx: CatalogContext,
  corpus: Corpus,
  input: Record<string, unknown>,
): Promise<string[]> {
  if (input.mode === "hybrid-rrf") {
    const limit = Number(input.limit ?? K);
    const page = await rank(ctx, corpus, String(input.q), {}, "hybrid", limit, 0, "rrf");
    return corpus === "tools"
      ? ctx.store.toolsByIds(page.ids).map((t) => t.slug)
      : ctx.store.serversByIds(page.ids).map((s) => s.name);
  }
  if (corpus === "tools") {
    const r = await searchTools(ctx, input);
    return r.results.map((t) => t.slug);
  }
  const r = await searchServers(ctx, input);
  return r.results.map((s) => s.name);
}

function _summary(scores: QueryScore[]): Summary {
  return {
    n: scores.length,
    ndcg10: mean(scores.map((s) => s.ndcg10)),
    ndcg10Project: mean(scores.map((s) => s.ndcg10Project)),
    recall10: mean(scores.map((s) => s.recall10)),
    mrr: mean(scores.map((s) => s.rr)),
  };
}

/**
 * Runs every query of a corpus in one mode.
 *
 * @param ctx catalog context
 * @param corpus `tools` or `servers`
 * @param mode ranking mode
 * @param queries labelled queries
 * @returns the metrics, or `n/a` with the reason
 */
export async function evaluateMode(
  ctx: CatalogContext,
  corpus: Corpus,
  mode: Mode,
  queries: EvalQuery[],
): Promise<ModeResult> {
  if (mode !== "lexical" && !semanticAvailable(ctx)) {
    return { status: "n/a", reason: "catalog has no vectors or no matching query embedder" };
  }
  let useMode = true;
  const scores: QueryScore[] = [];
  for (const q of queries) {
    const started = performance.now();
    let ranked: string[];
    try {
      ranked = await _search(ctx, corpus, { q: q.query, limit: K, ...(useMode && { mode }) });
    } catch (e) {
      if (scores.length > 0) throw e;
      if (mode !== "lexical") return { status: "n/a", reason: `mode rejected: ${_message(e)}` };
      // Before modes existed the search was lexical: measure the default instead.
      useMode = false;
      ranked = await _search(ctx, corpus, { q: q.query, limit: K });
    }
    const ms = performance.now() - started;
    const labels: Labels = q.relevant;
    const project = (name: string) => projectOf(ctx, corpus, name);
    const projectLabels: Record<string, number> = {};
    for (const [name, grade] of Object.entries(labels)) {
      const p = project(name);
      projectLabels[p] = Math.max(projectLabels[p] ?? 0, grade);
    }
    const projectRanked = [...new Set(ranked.map(project))];
    scores.push({
      id: q.id,
      style: q.style ?? "unknown",
      ndcg10: ndcgAt(ranked, labels, K),
      ndcg10Project: ndcgAt(projectRanked, projectLabels, K),
      recall10: recallAt(ranked, labels, K),
      rr: reciprocalRank(ranked, labels, K),
      ms,
      ranked,
    });
  }
  const styles = [...new Set(scores.map((s) => s.style))].sort();
  return {
    status: "ok",
    msPerQuery: mean(scores.map((s) => s.ms)),
    defaultMode: !useMode,
    all: _summary(scores),
    byStyle: Object.fromEntries(
      styles.map((st) => [st, _summary(scores.filter((s) => s.style === st))]),
    ),
    queries: scores,
  };
}

/**
 * The project an entry belongs to: a server listing's canonical entry (`variantOf`), else the
 * entry itself; tools are their own project.
 *
 * @param ctx catalog context
 * @param corpus `tools` or `servers`
 * @param name tool slug or server name
 * @returns the canonical name
 */
export function projectOf(ctx: CatalogContext, corpus: Corpus, name: string): string {
  if (corpus === "tools") return name;
  const s = ctx.store.serverByName(name) as { name: string; canonicalName?: string } | undefined;
  return s?.canonicalName ?? s?.name ?? name;
}

/** One navigational query: a famous name and the entries that are the right first answer. */
export interface NavigationalQuery {
  query: string;
  /** Server names or tool slugs; any of them (or its canonical entry) first is right. */
  canonical: string[];
}

/** Outcome of the navigational evaluation of one corpus. */
export interface NavigationalResult {
  n: number;
  /** Share of queries whose first result is a right answer. */
  at1: number;
  /** Share of queries with a right answer in the first three. */
  at3: number;
  /** Queries whose first result is not a right answer, with the top three returned. */
  misses: { query: string; expected: string[]; got: string[] }[];
  /** Expected names the catalog does not hold (a stale label set). */
  unknown: string[];
}

/**
 * Loads `navigational.json`: famous MCP servers and AI tools by plain name.
 *
 * @returns the queries per corpus
 */
export async function loadNavigational(): Promise<Record<Corpus, NavigationalQuery[]>> {
  const url = new URL("./navigational.json", import.meta.url);
  const file = JSON.parse(await Deno.readTextFile(url)) as Record<Corpus, NavigationalQuery[]>;
  return { tools: file.tools, servers: file.servers };
}

/**
 * Runs each navigational query through the default search (hybrid, collapsed, safe) and checks
 * that the vendor's or reference entry comes first (canonical@1) or in the first three (@3).
 *
 * @param ctx catalog context
 * @param corpus `tools` or `servers`
 * @param queries the navigational queries of that corpus
 * @returns canonical@1, canonical@3, the misses and unknown names
 */
export async function evaluateNavigational(
  ctx: CatalogContext,
  corpus: Corpus,
  queries: NavigationalQuery[],
): Promise<NavigationalResult> {
  let at1 = 0;
  let at3 = 0;
  const misses: NavigationalResult["misses"] = [];
  const unknown: string[] = [];
  for (const q of queries) {
    const expected = new Set<string>();
    for (const name of q.canonical) {
      const known = corpus === "tools"
        ? ctx.store.toolBySlug(name) !== undefined
        : ctx.store.serverByName(name) !== undefined;
      if (!known) unknown.push(name);
      expected.add(projectOf(ctx, corpus, name));
    }
    const got = await _search(ctx, corpus, { q: q.query, limit: 3 });
    if (got[0] !== undefined && expected.has(projectOf(ctx, corpus, got[0]))) at1++;
    else misses.push({ query: q.query, expected: [...expected], got });
    if (got.some((g) => expected.has(projectOf(ctx, corpus, g)))) at3++;
  }
  return {
    n: queries.length,
    at1: at1 / queries.length,
    at3: at3 / queries.length,
    misses,
    unknown,
  };
}

/**
 * Runs every tools query through `recommendTools` and measures hit@3 and how often each
 * confidence level is right.
 *
 * @param ctx catalog context
 * @param queries labelled tools queries
 * @returns hit@3, the confidence breakdown and per-query results, or `n/a`
 */
export async function evaluateRecommend(
  ctx: CatalogContext,
  queries: EvalQuery[],
): Promise<RecommendResult> {
  const perQuery: { id: string; hit3: number; ranked: { slug: string; confidence: string }[] }[] =
    [];
  const levels = new Map<
    string,
    { n: number; good: number; any: number; n1: number; good1: number }
  >();
  let ms = 0;
  for (const q of queries) {
    const started = performance.now();
    let recs: { slug: string; confidence: string }[];
    try {
      const r = await recommendTools(ctx, { query: q.query, limit: RECOMMEND_LIMIT });
      recs = r.recommendations.map((x) => ({ slug: x.slug, confidence: x.confidence }));
    } catch (e) {
      if (perQuery.length > 0) throw e;
      return { status: "n/a", reason: _message(e) };
    }
    ms += performance.now() - started;
    const ranked = recs.map((r) => r.slug);
    perQuery.push({ id: q.id, hit3: hitAt(ranked, q.relevant, 3), ranked: recs });
    recs.forEach((r, i) => {
      const row = levels.get(r.confidence) ?? { n: 0, good: 0, any: 0, n1: 0, good1: 0 };
      const grade = q.relevant[r.slug] ?? 0;
      row.n++;
      if (grade >= 2) row.good++;
      if (grade >= 1) row.any++;
      if (i === 0) {
        row.n1++;
        if (grade >= 2) row.good1++;
      }
      levels.set(r.confidence, row);
    });
  }
  const order = ["high", "medium", "low"];
  const place = (level: string) => order.includes(level) ? order.indexOf(level) : order.length;
  const names = [...levels.keys()].sort((a, b) => place(a) - place(b));
  return {
    status: "ok",
    n: perQuery.length,
    hit3: mean(perQuery.map((p) => p.hit3)),
    msPerQuery: ms / Math.max(1, perQuery.length),
    confidence: Object.fromEntries(names.map((name) => {
      const r = levels.get(name)!;
      return [name, {
        n: r.n,
        goodShare: r.good / r.n,
        anyShare: r.any / r.n,
        nTop1: r.n1,
        goodShareTop1: r.n1 === 0 ? Number.NaN : r.good1 / r.n1,
      }];
    })),
    queries: perQuery,
  };
}

/**
 * Runs the whole evaluation over an open catalog.
 *
 * @param ctx catalog context
 * @param catalog path shown in the report
 * @returns every metric
 */
export async function evaluate(ctx: CatalogContext, catalog: string): Promise<EvalReport> {
  const corpora = {} as Record<Corpus, Record<Mode, ModeResult>>;
  const hybridGainPct = {} as Record<Corpus, number | null>;
  const queries = {} as Record<Corpus, EvalQuery[]>;
  for (const corpus of CORPORA) {
    queries[corpus] = await loadQueries(corpus);
    const byMode = {} as Record<Mode, ModeResult>;
    for (const mode of MODES) byMode[mode] = await evaluateMode(ctx, corpus, mode, queries[corpus]);
    corpora[corpus] = byMode;
    const lex = byMode.lexical;
    const hyb = byMode.hybrid;
    hybridGainPct[corpus] = lex.status === "ok" && hyb.status === "ok" && lex.all.ndcg10 > 0
      ? (hyb.all.ndcg10 - lex.all.ndcg10) / lex.all.ndcg10 * 100
      : null;
  }
  const nav = await loadNavigational();
  const navigational = {
    tools: await evaluateNavigational(ctx, "tools", nav.tools),
    servers: await evaluateNavigational(ctx, "servers", nav.servers),
  };
  const taskSet = await loadTasks();
  const tasks = {} as Record<Corpus, Record<Mode, TaskModeResult>>;
  for (const corpus of CORPORA) {
    const byMode = {} as Record<Mode, TaskModeResult>;
    for (const mode of MODES) {
      byMode[mode] = mode !== "lexical" && !semanticAvailable(ctx)
        ? { status: "n/a", reason: "catalog has no vectors or no matching query embedder" }
        : await evaluateTaskMode(
          taskSet[corpus],
          (q, limit) => searchIds(ctx, corpus, q, mode, limit),
        );
    }
    tasks[corpus] = byMode;
  }
  const taskRecommend = semanticAvailable(ctx)
    ? await evaluateTaskRecommend(taskSet.tools, async (q) => {
      const r = await recommendTools(ctx, { query: q, limit: RECOMMEND_LIMIT });
      return r.recommendations.map((x) => ({ slug: x.slug, confidence: x.confidence }));
    })
    : undefined;
  const taskServerConfidence = semanticAvailable(ctx)
    ? await evaluateTaskRecommend(taskSet.servers, async (q) => {
      const r = await searchServers(ctx, { q, limit: K });
      return r.results.map((x) => ({ slug: x.name, confidence: x.match?.confidence ?? "low" }));
    })
    : undefined;
  const innocent = await evaluateInnocent(
    await loadInnocent(),
    (q) => searchIds(ctx, "tools", q, "hybrid", K),
  );
  return {
    catalog,
    navigational,
    semanticAvailable: semanticAvailable(ctx),
    corpora,
    hybridGainPct,
    recommend: await evaluateRecommend(ctx, queries.tools),
    tasks,
    taskRecommend,
    taskServerConfidence,
    innocent,
  };
}

const _f = (x: number, digits = 3) => Number.isFinite(x) ? x.toFixed(digits) : "n/a";

function _row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)).join("  ");
}

/**
 * The report as a plain-text table.
 *
 * @param report evaluation results
 * @param perQuery also list every query's nDCG@10 per mode
 * @param labelled the queries, for their text in the per-query listing
 * @returns printable text
 */
export function formatReport(
  report: EvalReport,
  perQuery = false,
  labelled?: Record<Corpus, EvalQuery[]>,
): string {
  const out: string[] = [];
  out.push(
    `catalog: ${report.catalog} (semantic ranking ${
      report.semanticAvailable ? "available" : "NOT available: semantic/hybrid are n/a"
    })`,
  );
  out.push("");
  out.push("navigational (famous names; default search: hybrid, collapsed, safe):");
  const nw = [8, 5, 12, 12];
  out.push(_row(["corpus", "n", "canonical@1", "canonical@3"], nw));
  for (const corpus of CORPORA) {
    const r = report.navigational[corpus];
    out.push(_row([corpus, String(r.n), _f(r.at1), _f(r.at3)], nw));
  }
  out.push("  targets: servers canonical@1 ≥ 0.9, tools canonical@1 ≥ 0.95");
  for (const corpus of CORPORA) {
    const r = report.navigational[corpus];
    for (const m of r.misses) {
      out.push(
        `  miss ${corpus} "${m.query}": expected ${m.expected.join(" | ")}; got ${
          m.got.join(", ")
        }`,
      );
    }
    if (r.unknown.length > 0) out.push(`  unknown ${corpus}: ${r.unknown.join(", ")}`);
  }
  out.push("");
  out.push("topical (labelled tasks):");
  const widths = [8, 10, 8, 10, 10, 7, 8, 10, 10, 7];
  out.push(_row(
    [
      "corpus",
      "mode",
      "nDCG@10",
      "nDCG proj",
      "recall@10",
      "MRR",
      "ms/q",
      "nDCG kw",
      "nDCG para",
      "n",
    ],
    widths,
  ));
  out.push(widths.map((w) => "-".repeat(w)).join("  "));
  for (const corpus of CORPORA) {
    for (const mode of MODES) {
      const r = report.corpora[corpus][mode];
      if (r.status !== "ok") {
        out.push(
          _row([corpus, mode, "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a", "-"], widths),
        );
        continue;
      }
      out.push(_row([
        corpus,
        mode + (r.defaultMode ? "*" : ""),
        _f(r.all.ndcg10),
        _f(r.all.ndcg10Project),
        _f(r.all.recall10),
        _f(r.all.mrr),
        _f(r.msPerQuery, 1),
        _f(r.byStyle.keyword?.ndcg10 ?? Number.NaN),
        _f(r.byStyle.paraphrase?.ndcg10 ?? Number.NaN),
        `${r.all.n} (${r.byStyle.keyword?.n ?? 0}/${r.byStyle.paraphrase?.n ?? 0})`,
      ], widths));
    }
  }
  const notes = CORPORA.flatMap((c) =>
    MODES.flatMap((m) => {
      const r = report.corpora[c][m];
      if (r.status === "n/a") return [`  ${c}/${m} n/a: ${r.reason}`];
      if (r.defaultMode) return [`  ${c}/${m}*: 'mode' not accepted, measured the default ranking`];
      return [];
    })
  );
  if (notes.length > 0) out.push("", ...[...new Set(notes)]);
  out.push("");
  out.push(
    "hybrid vs lexical nDCG@10: " + CORPORA.map((c) => {
      const g = report.hybridGainPct[c];
      return `${c} ${g === null ? "n/a" : `${g >= 0 ? "+" : ""}${g.toFixed(1)}%`}`;
    }).join(", ") + "  (target ≥ +15%)",
  );
  out.push("");
  const rec = report.recommend;
  if (rec.status !== "ok") out.push(`recommend hit@3: n/a (${rec.reason})`);
  else {
    out.push(
      `recommend hit@3 (tools queries, limit ${RECOMMEND_LIMIT}): ${_f(rec.hit3)}  ` +
        `n=${rec.n}  ${_f(rec.msPerQuery, 1)} ms/q  (target ≥ 0.8)`,
    );
    if (!report.semanticAvailable) {
      out.push("  (no vectors: recommendTools ran on its lexical fallback)");
    }
    const cw = [11, 6, 9, 9, 11, 10];
    out.push(_row(["confidence", "recs", "grade≥2", "grade≥1", "top-1 recs", "top-1 g≥2"], cw));
    for (const [level, row] of Object.entries(rec.confidence)) {
      out.push(_row(
        [
          level,
          String(row.n),
          _f(row.goodShare),
          _f(row.anyShare),
          String(row.nTop1),
          _f(row.goodShareTop1),
        ],
        cw,
      ));
    }
  }
  out.push(
    "",
    ...formatTaskReport(
      report.tasks,
      report.taskRecommend,
      report.taskServerConfidence,
      report.innocent,
    ),
  );
  if (perQuery) {
    for (const corpus of CORPORA) {
      const r = report.tasks[corpus].hybrid;
      if (r.status !== "ok") continue;
      out.push("", `per task (${corpus}, hybrid): nDCG@10 fit@10 judged@10`);
      for (const q of r.queries) {
        out.push(`${q.id.padEnd(5)} ${_f(q.ndcg10)} ${_f(q.fit10)} ${_f(q.judged10)}`);
      }
    }
    for (const corpus of CORPORA) {
      out.push("", `per query (${corpus}): nDCG@10 by mode`);
      out.push(
        _row(["id", "style", "lexical", "semantic", "hybrid", "  query"], [5, 11, 8, 9, 8, 0]),
      );
      const texts = new Map((labelled?.[corpus] ?? []).map((q) => [q.id, q.query]));
      const byMode = report.corpora[corpus];
      const ids = MODES.map((m) => byMode[m]).find((r) => r.status === "ok");
      if (ids?.status !== "ok") continue;
      for (const q of ids.queries) {
        const cell = (m: Mode) => {
          const r = byMode[m];
          return r.status === "ok"
            ? _f(r.queries.find((x) => x.id === q.id)?.ndcg10 ?? NaN)
            : "n/a";
        };
        out.push(
          _row(
            [q.id, q.style, cell("lexical"), cell("semantic"), cell("hybrid"), ""],
            [5, 11, 8, 9, 8, 0],
          ) + (texts.get(q.id) ?? ""),
        );
      }
    }
  }
  return out.join("\n");
}

/**
 * The report as JSON-ready data; per-query details only when asked for.
 *
 * @param report evaluation results
 * @param perQuery keep the per-query scores and ranked ids
 * @returns a plain object
 */
export function reportJson(report: EvalReport, perQuery = false): unknown {
  const strip = (r: ModeResult) => {
    if (r.status !== "ok" || perQuery) return r;
    const { queries: _q, ...rest } = r;
    return rest;
  };
  const rec = report.recommend;
  return {
    ...report,
    corpora: Object.fromEntries(
      CORPORA.map((c) => [
        c,
        Object.fromEntries(MODES.map((m) => [m, strip(report.corpora[c][m])])),
      ]),
    ),
    recommend: rec.status === "ok" && !perQuery ? { ...rec, queries: undefined } : rec,
    tasks: Object.fromEntries(
      CORPORA.map((c) => [
        c,
        Object.fromEntries(MODES.map((m) => {
          const t = report.tasks[c][m];
          return [m, t.status === "ok" && !perQuery ? { status: "ok", all: t.all } : t];
        })),
      ]),
    ),
    taskRecommend: report.taskRecommend && !perQuery
      ? { ...report.taskRecommend, queries: undefined }
      : report.taskRecommend,
    taskServerConfidence: report.taskServerConfidence && !perQuery
      ? { ...report.taskServerConfidence, queries: undefined }
      : report.taskServerConfidence,
    innocent: report.innocent,
  };
}

/**
 * Recall of the two-stage vector scan against exact k-NN (sqlite-vec) on the evaluation queries:
 * the share of queries whose top 10 (as a set) is the same, and the mean overlap of the top 10 and
 * of the top 200 (the semantic candidates of hybrid ranking).
 *
 * @param ctx catalog context with vectors and an embedder
 * @param labelled the labelled queries per corpus
 * @returns printable lines, or a note when the catalog has no vectors
 */
export async function vectorRecall(
  ctx: CatalogContext,
  labelled: Record<Corpus, { query: string }[]>,
): Promise<string> {
  if (!ctx.embedder || !ctx.store.hasVectors) return "\nvector recall: n/a (no vectors)";
  const lines = ["", "vector search (two-stage int8 scan) vs exact k-NN (sqlite-vec):"];
  for (const corpus of CORPORA) {
    let same10 = 0, overlap10 = 0, overlap200 = 0;
    const queries = labelled[corpus];
    for (const { query } of queries) {
      const v = await embedQuery(ctx, query);
      const exact = ctx.store.exactKnn(corpus, v, 200).map((h) => h.id);
      const found = new Set(ctx.store.approximateKnn(corpus, v, 200).map((h) => h.id));
      const top = new Set(ctx.store.approximateKnn(corpus, v, 10).map((h) => h.id));
      const hit10 = exact.slice(0, 10).filter((id) => top.has(id)).length;
      if (hit10 === 10) same10++;
      overlap10 += hit10 / 10;
      overlap200 += exact.filter((id) => found.has(id)).length / exact.length;
    }
    const n = Math.max(1, queries.length);
    lines.push(
      `${corpus.padEnd(8)}  top 10 identical on ${_f(same10 / n)} of ${queries.length} queries; ` +
        `recall@10 ${_f(overlap10 / n)}, recall@200 ${_f(overlap200 / n)}`,
    );
  }
  return lines.join("\n");
}

async function main(args: string[]): Promise<void> {
  const json = args.includes("--json");
  const perQuery = args.includes("--per-query");
  const catalog = await requireCatalog();
  const ctx = await openContext(catalog, "http://eval.local");
  const report = await evaluate(ctx, catalog);
  if (json) console.log(JSON.stringify(reportJson(report, perQuery), null, 2));
  else {
    const labelled = { tools: await loadQueries("tools"), servers: await loadQueries("servers") };
    console.log(formatReport(report, perQuery, labelled));
    console.log(await vectorRecall(ctx, labelled));
  }
  closeContext(ctx);
}

if (import.meta.main) await main(Deno.args);
