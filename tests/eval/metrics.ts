/**
 * Ranking metrics of the search evaluation (`run_eval.ts`): pure functions over a
 * ranked list of ids and graded relevance labels.
 *
 * Labels map an id to a grade: 3 = exactly what was asked, 2 = good fit, 1 = partially relevant.
 * An id without a label has grade 0 (not relevant). A ranked list that repeats an id counts the id
 * at its first position only; later repeats score as not relevant.
 *
 * @module
 */

/** Graded relevance labels of one query: id → grade 1-3. */
export type Labels = Readonly<Record<string, number>>;

/** Grade of `id` in `relevant` (0 when unlabelled). */
function _grade(relevant: Labels, id: string): number {
  return Object.hasOwn(relevant, id) ? relevant[id] ?? 0 : 0;
}

/** Grades of the first `k` entries of `ranked`, a repeated id graded 0 after its first position. */
function _gradesAt(ranked: readonly string[], relevant: Labels, k: number): number[] {
  const seen = new Set<string>();
  const grades: number[] = [];
  for (const id of ranked.slice(0, Math.max(0, k))) {
    grades.push(seen.has(id) ? 0 : _grade(relevant, id));
    seen.add(id);
  }
  return grades;
}

/** DCG of a list of grades: Σ_i (2^grade_i − 1) / log2(i + 1), i counted from 1. */
function _dcg(grades: readonly number[]): number {
  return grades.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
}

/**
 * Normalized discounted cumulative gain at `k`.
 *
 * `DCG@k = Σ_{i=1..k} (2^{rel_i} − 1) / log2(i + 1)` over the ranked list (exponential gains,
 * logarithmic discounts), and `nDCG@k = DCG@k / IDCG@k`, where the ideal `IDCG@k` is the DCG of
 * the labels themselves sorted by grade, best first, cut at `k`.
 *
 * @param ranked ids in ranked order, best first
 * @param relevant graded labels of the query (id → 1-3)
 * @param k cut-off, e.g. 10
 * @returns a value in [0, 1]; 0 when no label has a positive grade or `k` ≤ 0
 */
export function ndcgAt(ranked: readonly string[], relevant: Labels, k: number): number {
  const ideal = Object.values(relevant).filter((g) => g > 0).sort((a, b) => b - a)
    .slice(0, Math.max(0, k));
  const idcg = _dcg(ideal);
  if (idcg === 0) return 0;
  return _dcg(_gradesAt(ranked, relevant, k)) / idcg;
}

/**
 * Recall at `k`: the share of the labelled relevant ids (grade ≥ 1) found in the first `k`
 * results, `|relevant ∩ top-k| / |relevant|`. With more relevant ids than `k` it cannot reach 1.
 *
 * @param ranked ids in ranked order, best first
 * @param relevant graded labels of the query (id → 1-3)
 * @param k cut-off, e.g. 10
 * @returns a value in [0, 1]; 0 when there is no relevant label
 */
export function recallAt(ranked: readonly string[], relevant: Labels, k: number): number {
  const total = Object.values(relevant).filter((g) => g >= 1).length;
  if (total === 0) return 0;
  return _gradesAt(ranked, relevant, k).filter((g) => g >= 1).length / total;
}

/**
 * Reciprocal rank: `1 / r` where `r` is the 1-based position of the first result with grade ≥ 1;
 * averaged over queries this is the mean reciprocal rank (MRR).
 *
 * @param ranked ids in ranked order, best first
 * @param relevant graded labels of the query (id → 1-3)
 * @param k only the first `k` results count (default: the whole list)
 * @returns a value in (0, 1], or 0 when no relevant id is within `k`
 */
export function reciprocalRank(
  ranked: readonly string[],
  relevant: Labels,
  k: number = Number.POSITIVE_INFINITY,
): number {
  const first = _gradesAt(ranked, relevant, Math.min(k, ranked.length)).findIndex((g) => g >= 1);
  return first === -1 ? 0 : 1 / (first + 1);
}

/**
 * Hit at `k`: 1 when any of the first `k` results is a good fit (grade ≥ 2), else 0; averaged over
 * queries this is the hit rate, e.g. the recommendation hit@3.
 *
 * @param ranked ids in ranked order, best first
 * @param relevant graded labels of the query (id → 1-3)
 * @param k cut-off, e.g. 3
 * @returns 1 or 0
 */
export function hitAt(ranked: readonly string[], relevant: Labels, k: number): 0 | 1 {
  return _gradesAt(ranked, relevant, k).some((g) => g >= 2) ? 1 : 0;
}

/**
 * Arithmetic mean.
 *
 * @param values numbers to average
 * @returns their mean, or `NaN` for an empty list
 */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Ranks of values, ties sharing their mean rank (1-based), as Spearman's ρ needs them.
 *
 * @param values numbers
 * @returns the rank of each value, in input order
 */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/**
 * Spearman's rank correlation: Pearson's r of the tie-averaged ranks.
 *
 * @param x first variable (e.g. scores)
 * @param y second variable (e.g. labels), same length
 * @returns ρ in [-1, 1]; 0 when either variable is constant
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const mx = mean(rx);
  const my = mean(ry);
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

/**
 * Concordance of scores with ordinal labels (the AUC generalised to several grades): over every
 * pair of items with different labels, the share where the better-labelled item scores higher,
 * ties counting one half. With two labels it is the ROC AUC.
 *
 * @param scores scores, higher meaning better
 * @param labels ordinal labels, higher meaning better, same length
 * @returns a share in [0, 1] (0.5 = chance); 0.5 when no pair has different labels
 */
export function concordance(scores: readonly number[], labels: readonly number[]): number {
  let pairs = 0;
  let good = 0;
  for (let i = 0; i < scores.length; i++) {
    for (let j = 0; j < scores.length; j++) {
      if (labels[i]! <= labels[j]!) continue;
      pairs++;
      if (scores[i]! > scores[j]!) good++;
      else if (scores[i] === scores[j]) good += 0.5;
    }
  }
  return pairs === 0 ? 0.5 : good / pairs;
}
