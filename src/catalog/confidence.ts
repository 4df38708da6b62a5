/**
 * Confidence levels of recommendations (`high`, `medium`, `low`) from ranking signals.
 *
 * Evidence = cosine similarity between the query and the entry (USE-lite, 0-1), plus a bonus when
 * the entry also ranks high lexically (its words match): +0.08 within the first 3 lexical results,
 * +0.04 within the first 10. Without vectors, evidence is lexical only (0.5 for a top-3 lexical
 * result matching every term, else 0.3).
 *
 * The thresholds were calibrated on the labelled evaluation set (`tests/eval/`, `deno task eval`
 * prints the share of relevant results per level), picking the pair that makes the levels mean
 * what they say. Measured with 0.68 / 0.52 on the 70 tool queries (350 recommendations, labels
 * re-pooled from every ranking mode): `high` results are relevant (grade ≥ 2) 80% of the time
 * (91% for the first recommendation), `medium` 60%, `low` 46%. Tried and rejected on the first
 * label set: 0.55 / 0.42 and 0.62 / 0.48 (`high` only 59% and 65% relevant).
 *
 * Servers (top 10 of hybrid search for the 66 server queries; every returned entry has a
 * similarity, also those found only by their words): evidence ≥ 0.65 was relevant 86% of the
 * time, 0.55-0.65 63%, below 0.55 at most 48%, hence 0.65 / 0.55.
 *
 * @module
 */
import type { Signal } from "./ranking.ts";

/** A confidence level. */
export type Confidence = "high" | "medium" | "low";

/** Evidence thresholds per level (see module docs for the calibration). */
export const CONFIDENCE_THRESHOLDS = {
  tools: { high: 0.68, medium: 0.52 },
  servers: { high: 0.65, medium: 0.55 },
} as const;

/**
 * The evidence score of one ranked entry.
 *
 * @param signal what the entry matched
 * @returns evidence, roughly 0-1.1
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
  return signal.similarity + lexicalBonus + (signal.exact ? 0.1 : 0);
}

/**
 * The confidence level of one ranked entry.
 *
 * @param signal what the entry matched
 * @param kind the corpus (thresholds differ: server texts are shorter and noisier)
 * @returns `high`, `medium` or `low` by {@link CONFIDENCE_THRESHOLDS}
 */
export function confidenceOf(
  signal: Signal | undefined,
  kind: "tools" | "servers" = "tools",
): Confidence {
  const e = evidenceOf(signal);
  const t = CONFIDENCE_THRESHOLDS[kind];
  return e >= t.high ? "high" : e >= t.medium ? "medium" : "low";
}
