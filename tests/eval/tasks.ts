/**
 * The graded task set (`task_queries.json`, issue 30): tasks described the way users write them
 * (long, indirect, no product names), each with the judging criterion written down and a graded
 * judgement (0 / 1 / 2) of every entry that any ranking mode returned in its first 20 (the pool
 * of `pool_tasks.ts`). Unlike `tools_queries.json` and `servers_queries.json`, which list only
 * relevant entries, this set keeps the zeros too, so the share of each top 10 that was judged can
 * be reported next to nDCG@10: an unjudged entry counts as not relevant, and a low judged share
 * says the figure may be too low.
 *
 * @module
 */
import { type Labels, mean, ndcgAt } from "./metrics.ts";

/** A grade of the task set: 0 not relevant, 1 partly (a neighbour of the task), 2 does the task. */
export type TaskGrade = 0 | 1 | 2;

/** One task of `task_queries.json`. */
export interface TaskQuery {
  /** `tt01…` (tools) or `ts01…` (servers). */
  id: string;
  /** The task as a user writes it. */
  query: string;
  /** What earns 2, 1 and 0, written before judging. */
  criterion: string;
  /** Every judged entry (tool slug or server name) → grade, zeros included. */
  judged: Record<string, TaskGrade>;
}

/** The file's shape. */
export interface TaskSet {
  about: string;
  tools: TaskQuery[];
  servers: TaskQuery[];
}

/**
 * Loads `task_queries.json` from this folder.
 *
 * @returns the tasks per corpus, in file order
 */
export async function loadTasks(): Promise<TaskSet> {
  const url = new URL("./task_queries.json", import.meta.url);
  return JSON.parse(await Deno.readTextFile(url)) as TaskSet;
}

/**
 * The relevance labels of a task: its entries graded 1 or 2 (zeros left out, as `metrics.ts`
 * reads every unlabelled id as 0).
 *
 * @param task a judged task
 * @returns id → 1 or 2
 */
export function taskLabels(task: TaskQuery): Labels {
  return Object.fromEntries(Object.entries(task.judged).filter(([, g]) => g > 0));
}

/**
 * The share of the first `k` results that were judged (any grade, 0 included).
 *
 * @param ranked ids, best first
 * @param judged the task's judgements
 * @param k cut-off
 * @returns a share in [0, 1]; 1 for an empty list
 */
export function judgedShare(
  ranked: readonly string[],
  judged: Readonly<Record<string, number>>,
  k: number,
): number {
  const top = ranked.slice(0, k);
  if (top.length === 0) return 1;
  return top.filter((id) => Object.hasOwn(judged, id)).length / top.length;
}

/** Metrics of one task in one mode. */
export interface TaskScore {
  id: string;
  /** nDCG@10 with gains `2^grade − 1` (1 for a partial fit, 3 for a fit). */
  ndcg10: number;
  /** Share of the top 10 graded 2. */
  fit10: number;
  /** Share of the top 10 judged. */
  judged10: number;
  /** Returned ids, best first. */
  ranked: string[];
}

/**
 * Scores one ranked list against a task.
 *
 * @param task the judged task
 * @param ranked ids returned, best first
 * @param k cut-off (10)
 * @returns the task's metrics
 */
export function scoreTask(task: TaskQuery, ranked: string[], k = 10): TaskScore {
  const top = ranked.slice(0, k);
  return {
    id: task.id,
    ndcg10: ndcgAt(ranked, taskLabels(task), k),
    fit10: top.filter((id) => task.judged[id] === 2).length / k,
    judged10: judgedShare(ranked, task.judged, k),
    ranked,
  };
}

/** Means over a set of task scores, and over its odd- and even-numbered halves. */
export interface TaskSummary {
  n: number;
  ndcg10: number;
  fit10: number;
  judged10: number;
  /** nDCG@10 of the tasks with an odd number (tt01, tt03, …) and of the even ones. */
  ndcgOdd: number;
  ndcgEven: number;
}

/**
 * Summarizes task scores.
 *
 * @param scores one per task
 * @returns the means
 */
export function summarizeTasks(scores: TaskScore[]): TaskSummary {
  const odd = scores.filter((s) => Number(s.id.slice(2)) % 2 === 1);
  const even = scores.filter((s) => Number(s.id.slice(2)) % 2 === 0);
  return {
    n: scores.length,
    ndcg10: mean(scores.map((s) => s.ndcg10)),
    fit10: mean(scores.map((s) => s.fit10)),
    judged10: mean(scores.map((s) => s.judged10)),
    ndcgOdd: mean(odd.map((s) => s.ndcg10)),
    ndcgEven: mean(even.map((s) => s.ndcg10)),
  };
}

/** Outcome of one corpus × mode on the task set (`n/a` when the mode cannot run). */
export type TaskModeResult =
  | { status: "ok"; all: TaskSummary; queries: TaskScore[] }
  | { status: "n/a"; reason: string };

/** One confidence level of the recommendations on the task set. */
export interface TaskConfidenceRow {
  /** Recommendations at this level (every position up to the limit). */
  n: number;
  /** Share graded 2 (the precision the `high` level must keep at 0.8 or more). */
  fit: number;
  /** Share graded 1 or 2. */
  any: number;
  /** Share judged at all (an unjudged recommendation counts as not a fit). */
  judged: number;
}

/** Recommendations on the tools tasks. */
export interface TaskRecommendResult {
  n: number;
  /** Share of tasks with a fit (grade 2) among the first three recommendations. */
  hit3: number;
  /** Per confidence level, `high` first. */
  confidence: Record<string, TaskConfidenceRow>;
  queries: { id: string; ranked: { slug: string; confidence: string }[] }[];
}

/**
 * Runs every task of a corpus in one mode.
 *
 * @param tasks the corpus's tasks
 * @param search returns the ids of one search, best first (`searchIds` of `run_eval.ts`)
 * @param k cut-off (10)
 * @returns the summary and per-task scores
 */
export async function evaluateTaskMode(
  tasks: TaskQuery[],
  search: (q: string, limit: number) => Promise<string[]>,
  k = 10,
): Promise<TaskModeResult> {
  const queries: TaskScore[] = [];
  for (const task of tasks) queries.push(scoreTask(task, await search(task.query, k), k));
  return { status: "ok", all: summarizeTasks(queries), queries };
}

/**
 * Runs every tools task through a recommender and measures hit@3 and, per confidence level, the
 * share of recommendations that fit.
 *
 * @param tasks the tools tasks
 * @param recommend returns `{slug, confidence}` per recommendation, best first
 * @returns hit@3, the calibration table and the per-task lists
 */
export async function evaluateTaskRecommend(
  tasks: TaskQuery[],
  recommend: (q: string) => Promise<{ slug: string; confidence: string }[]>,
): Promise<TaskRecommendResult> {
  const rows = new Map<string, { n: number; fit: number; any: number; judged: number }>();
  const queries: TaskRecommendResult["queries"] = [];
  let hits = 0;
  for (const task of tasks) {
    const ranked = await recommend(task.query);
    queries.push({ id: task.id, ranked });
    if (ranked.slice(0, 3).some((r) => task.judged[r.slug] === 2)) hits++;
    for (const r of ranked) {
      const row = rows.get(r.confidence) ?? { n: 0, fit: 0, any: 0, judged: 0 };
      const grade = task.judged[r.slug];
      row.n++;
      if (grade === 2) row.fit++;
      if (grade !== undefined && grade >= 1) row.any++;
      if (grade !== undefined) row.judged++;
      rows.set(r.confidence, row);
    }
  }
  const order = ["high", "medium", "low"];
  const names = [...rows.keys()].sort((a, b) =>
    (order.indexOf(a) + 4) % 4 - (order.indexOf(b) + 4) % 4
  );
  return {
    n: tasks.length,
    hit3: tasks.length === 0 ? Number.NaN : hits / tasks.length,
    confidence: Object.fromEntries(names.map((name) => {
      const r = rows.get(name)!;
      return [name, { n: r.n, fit: r.fit / r.n, any: r.any / r.n, judged: r.judged / r.n }];
    })),
    queries,
  };
}

const _f = (x: number, digits = 3) => Number.isFinite(x) ? x.toFixed(digits) : "n/a";

/**
 * The task-set part of the evaluation report as text lines.
 *
 * @param results per corpus and mode
 * @param recommend the recommendation result, if run
 * @param serverConfidence the confidence levels of the server tasks' first 10 search results
 * @param innocent the innocent-query check, if run
 * @returns printable lines
 */
export function formatTaskReport(
  results: Record<string, Record<string, TaskModeResult>>,
  recommend: TaskRecommendResult | undefined,
  serverConfidence?: TaskRecommendResult,
  innocent?: InnocentResult,
): string[] {
  const out = ["graded task set (task_queries.json; gains 2^grade − 1; unjudged = 0):"];
  const w = [8, 10, 8, 9, 9, 9, 10, 5];
  const row = (cells: string[]) =>
    cells.map((c, i) => i < 2 ? c.padEnd(w[i]!) : c.padStart(w[i]!)).join("  ");
  out.push(row(["corpus", "mode", "nDCG@10", "odd", "even", "fit@10", "judged@10", "n"]));
  for (const [corpus, modes] of Object.entries(results)) {
    for (const [mode, r] of Object.entries(modes)) {
      if (r.status !== "ok") {
        out.push(row([corpus, mode, "n/a", "n/a", "n/a", "n/a", "n/a", "-"]));
        continue;
      }
      const s = r.all;
      out.push(row([
        corpus,
        mode,
        _f(s.ndcg10),
        _f(s.ndcgOdd),
        _f(s.ndcgEven),
        _f(s.fit10),
        _f(s.judged10),
        String(s.n),
      ]));
    }
  }
  if (recommend) {
    out.push(
      "",
      `task recommend hit@3 (grade 2 in the first three, limit 5): ${_f(recommend.hit3)}  ` +
        `n=${recommend.n}`,
    );
    const cw = [11, 6, 8, 8, 8];
    const crow = (cells: string[]) =>
      cells.map((c, i) => i === 0 ? c.padEnd(cw[i]!) : c.padStart(cw[i]!)).join("  ");
    out.push(crow(["confidence", "recs", "fit", "grade≥1", "judged"]));
    for (const [level, r] of Object.entries(recommend.confidence)) {
      out.push(crow([level, String(r.n), _f(r.fit), _f(r.any), _f(r.judged)]));
    }
  }
  if (serverConfidence) {
    out.push(
      "",
      `task server search hit@3: ${_f(serverConfidence.hit3)}  n=${serverConfidence.n}; ` +
        "confidence of the first 10 results:",
    );
    const cw = [11, 6, 8, 8, 8];
    const crow = (cells: string[]) =>
      cells.map((c, i) => i === 0 ? c.padEnd(cw[i]!) : c.padStart(cw[i]!)).join("  ");
    out.push(crow(["confidence", "results", "fit", "grade≥1", "judged"]));
    for (const [level, r] of Object.entries(serverConfidence.confidence)) {
      out.push(crow([level, String(r.n), _f(r.fit), _f(r.any), _f(r.judged)]));
    }
  }
  if (innocent) {
    out.push(
      "",
      `innocent queries (innocent_queries.json): ${innocent.adultResults} adult-leaning results ` +
        `in the first 10 of ${innocent.queriesWithAdult} of ${innocent.n} queries`,
    );
    for (const h of innocent.hits) out.push(`  ${h.query}: ${h.entries.join(", ")}`);
  }
  return out;
}

/** `innocent_queries.json`: queries with no adult intent and the entries judged adult-leaning. */
export interface InnocentSet {
  about: string;
  /** What makes an entry adult-leaning. */
  criterion: string;
  queries: string[];
  /** Entries of the pooled results judged adult-leaning (tool slugs). */
  adultLeaning: string[];
  /** Entries of the pooled results judged not adult-leaning although near the line, with why. */
  notAdult: Record<string, string>;
}

/** Outcome of {@link evaluateInnocent}. */
export interface InnocentResult {
  n: number;
  /** Adult-leaning entries in all the first-10 lists together. */
  adultResults: number;
  /** Queries with at least one. */
  queriesWithAdult: number;
  hits: { query: string; entries: string[] }[];
}

/**
 * Loads `innocent_queries.json` from this folder.
 *
 * @returns the set
 */
export async function loadInnocent(): Promise<InnocentSet> {
  const url = new URL("./innocent_queries.json", import.meta.url);
  return JSON.parse(await Deno.readTextFile(url)) as InnocentSet;
}

/**
 * Counts the adult-leaning entries in the first 10 results of each innocent query.
 *
 * @param set the queries and judgements
 * @param search the default search (safe), ids best first
 * @returns the counts and the queries that showed any
 */
export async function evaluateInnocent(
  set: InnocentSet,
  search: (q: string) => Promise<string[]>,
): Promise<InnocentResult> {
  const adult = new Set(set.adultLeaning);
  const hits: InnocentResult["hits"] = [];
  let adultResults = 0;
  for (const query of set.queries) {
    const entries = (await search(query)).slice(0, 10).filter((id) => adult.has(id));
    adultResults += entries.length;
    if (entries.length > 0) hits.push({ query, entries });
  }
  return { n: set.queries.length, adultResults, queriesWithAdult: hits.length, hits };
}
