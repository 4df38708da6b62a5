/**
 * Confidence levels of recommendations (`high`, `medium`, `low`) from ranking signals.
 *
 * Evidence = cosine similarity between the query and the entry (USE-lite, 0-1), plus a bonus when
 * the entry also ranks high lexically (its words match): +0.08 within the first 3 lexical results,
 * +0.04 within the first 10; +0.1 when the query names the entry; minus
 * {@link AGREEMENT_PENALTY} times how far the entry's taxonomy leaf is from the one the first
 * hybrid results agree on (`Signal.agreement`). Without vectors, evidence is lexical only (0.5
 * for a top-3 lexical result, else 0.3; 0.6 for a named entry).
 *
 * Calibrated on both labelled sets of `tests/eval` (`deno task eval` prints the table): the
 * graded task set (issue 30: described tasks, 0 / 1 / 2) and the older sets (mostly short
 * queries, grades 1-3). Servers (top 10 of hybrid search): `high` (evidence ≥ 0.65) is a fit
 * (grade 2) for 84% of the task results and relevant (grade ≥ 2 of 3) for 86% of the old ones.
 * The leaf-agreement penalty moved entries outside the first results' leaf (about 10% fits) out
 * of `high` and `medium` (servers' task-set `high` 0.82 → 0.84).
 *
 * Tools (top 5 recommendations): on described tasks, no signal of the ranking alone (cosine,
 * lexical rank, leaf agreement, position; alone or in a logistic regression fitted on one half of
 * the tasks) told fits from close neighbours above 60% on the other half. The query's leaf does
 * (`confidentLeaf` in `query_leaves.ts`): in hybrid mode, a tool filed under the leaf the query is
 * most probably about (probability ≥ 0.85, the boost's threshold) was a fit 67% of the time on the
 * task set against 34% for the others, and relevant 83% against 49% on the older set. So a tool
 * ranked with that posterior is `high` inside that leaf with evidence ≥ 0.72, `medium` inside it
 * below that, and `low` outside it or when no leaf is likely enough: on the task set `high` is a
 * fit for 81% (16 recommendations), `medium` 66%, `low` 34%; on the older set relevant for 93%
 * (28), 82%, 49%. Without the posterior (lexical or semantic mode) the evidence thresholds decide,
 * and a tool query of {@link LONG_TOOL_QUERY_WORDS} words or more gets `medium` at most (with the
 * thresholds alone, `high` for such queries was relevant about half the time). Before issue 30:
 * thresholds 0.68 / 0.52 for tools, calibrated on the old set only.
 *
 * @module
 */
import type { Signal } from "./ranking.ts";

/** A confidence level. */
export type Confidence = "high" | "medium" | "low";

/** Evidence thresholds per level (see module docs for the calibration). */
export const CONFIDENCE_THRESHOLDS = {
  tools: { high: 0.72, medium: 0.55 },
  servers: { high: 0.65, medium: 0.55 },
} as const;

/** Evidence taken off an entry whose leaf no first result shares (`agreement` 0). */
export const AGREEMENT_PENALTY = 0.2;

/**
 * The evidence score of one ranked entry.
 *
 * @param signal what the entry matched
 * @returns evidence, roughly -0.2-1.1
 */
export function evidenceOf(signal: Signal | undefined): number {
  if (!signal) return 0;
  const lexicalBonus = signal.lexicalRank === undefined
    ? 0
    : signal.lexicalRank <= 3
    ? 0.08
    : signal.lexicalRank <= 10
    ? 0.04
    : 0;
  if (signal.similarity === undefined) {
    return signal.exact
      ? 0.6
      : signal.lexicalRank !== undefined && signal.lexicalRank <= 3
      ? 0.5
      : 0.3;
  }
  const disagreement = signal.agreement === undefined ? 0 : 1 - signal.agreement;
  return signal.similarity + lexicalBonus + (signal.exact ? 0.1 : 0) -
    AGREEMENT_PENALTY * disagreement;
}

/**
 * Tool queries of at least this many words (a task described at length) are never answered with
 * `high` when the query's leaf is not known (lexical and semantic modes). Measured with the
 * evidence thresholds alone on both labelled sets (`deno task eval` data, tools recommendations,
 * limit 5): `high` for queries under 10 words was relevant 87-100% of the time (37
 * recommendations; the graded task set's one was a fit), for 10 words and more only 50% (older
 * set, 6) and 52% (task set, 27 recommendations, fits), while those were a fit or a close
 * neighbour 89-100% of the time: for a long description the ranking finds the kind of product,
 * not reliably the one that fits.
 */
export const LONG_TOOL_QUERY_WORDS = 10;

/**
 * The confidence level of one ranked entry.
 *
 * A tool ranked with the query's leaf posterior (`Signal.inQueryLeaf` set: hybrid mode) is
 * `high` when it is filed under the leaf the query is most probably about and its evidence
 * reaches the `high` threshold, `medium` when it is filed there with less evidence, and `low`
 * otherwise: outside that leaf, or when no leaf is likely enough. Otherwise the evidence
 * thresholds decide, and a long tool query gets `medium` at most.
 *
 * @param signal what the entry matched
 * @param kind the corpus (thresholds differ: server texts are shorter and noisier)
 * @param query the query, when known: without the leaf posterior, a tool query of
 *   {@link LONG_TOOL_QUERY_WORDS} words or more gets at most `medium`
 * @returns `high`, `medium` or `low` by {@link CONFIDENCE_THRESHOLDS} (and the query's leaf)
 */
export function confidenceOf(
  signal: Signal | undefined,
  kind: "tools" | "servers" = "tools",
  query?: string,
): Confidence {
  const e = evidenceOf(signal);
  const t = CONFIDENCE_THRESHOLDS[kind];
  // With the query's leaf known (tools, hybrid): the leaf decides, evidence only lifts to `high`.
  if (kind === "tools" && signal?.inQueryLeaf !== undefined) {
    return !signal.inQueryLeaf ? "low" : e >= t.high ? "high" : "medium";
  }
  const level = e >= t.high ? "high" : e >= t.medium ? "medium" : "low";
  const long = kind === "tools" && query !== undefined &&
    query.split(/\s+/).filter((w) => w !== "").length >= LONG_TOOL_QUERY_WORDS;
  return level === "high" && long ? "medium" : level;
}
