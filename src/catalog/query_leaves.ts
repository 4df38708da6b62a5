/**
 * The taxonomy leaves a search is likely about, for the taxonomy prior and the leaf vote of hybrid
 * ranking (`ranking.ts`).
 *
 * - {@link queryLeafPrior}: before ranking, from the query alone: the leaves whose text
 *   (`leafText` of the ingest: name, description, keywords) is nearest to the query vector, and
 *   the leaves one of whose keywords the query contains as a phrase (`data/taxonomy.json`).
 * - {@link leafVote}: after a first pass, from the results: each leaf's share of the first results,
 *   weighted by rank (over leaf numbers, {@link leafIndexOf}, so that ranking's per-candidate loop
 *   reads arrays rather than maps). Measured on the graded task set (`tests/eval/task_queries.json`), the leaf
 *   holding most of a task's fits is the vote's first leaf for 68% of the tools tasks and 88% of
 *   the server tasks, against 43% and 72% for the nearest leaf text alone.
 *
 * - {@link confidentLeaf}: the leaf the query is most probably about and its probability, from
 *   the query vector's similarity to each leaf vector and {@link termLeafScores}, a naive Bayes
 *   score of the query's words over each leaf's entries (read from the per-term lists BM25 sums).
 *   Ranking boosts that leaf's tools when the probability is high enough; confidence reads it.
 *
 * The query text itself is never extended with leaf keywords (measured to overfit, issue 30).
 *
 * @module
 */
import { rowCosines } from "./vector_index.ts";
import type { Taxonomy } from "../model/taxonomy.ts";
import { queryWords } from "./store.ts";

/** Leaves nearest to the query vector that earn a prior: `1, 1/2, 1/3` by rank. */
export const PRIOR_LEAVES = 3;

/** A keyword phrase of a leaf, as normalized words. */
interface _Phrase {
  leaf: string;
  words: string[];
}

/** Each leaf keyword phrase under its first word, and each leaf's place in the taxonomy. */
interface _Phrases {
  byFirst: Map<string, _Phrase[]>;
  order: Map<string, number>;
}

const _phrases = new WeakMap<Taxonomy, _Phrases>();

/**
 * A word as keyword matching compares it: lowercase, diacritics removed, a plural `s` dropped
 * from words of more than three letters (`images` → `image`, but `sms`, `aws`, `ios` kept).
 *
 * @param word a word of `queryWords`
 * @returns its matching form
 */
export function matchWord(word: string): string {
  return word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;
}

function _leafPhrases(taxonomy: Taxonomy): _Phrases {
  let phrases = _phrases.get(taxonomy);
  if (phrases) return phrases;
  phrases = { byFirst: new Map(), order: new Map() };
  for (const facet of taxonomy.facets) {
    for (const sub of facet.children ?? []) {
      for (const leaf of sub.children ?? []) {
        phrases.order.set(leaf.id, phrases.order.size);
        for (const keyword of leaf.keywords ?? []) {
          const words = queryWords(keyword).map(matchWord);
          if (words.length === 0) continue;
          const list = phrases.byFirst.get(words[0]!) ?? [];
          list.push({ leaf: leaf.id, words });
          phrases.byFirst.set(words[0]!, list);
        }
      }
    }
  }
  _phrases.set(taxonomy, phrases);
  return phrases;
}

/**
 * The leaves one of whose keywords a query contains as a run of words (`text to image` in
 * "turn text to image"; `cron` in "a cron job"), in taxonomy order.
 *
 * @param taxonomy the taxonomy with leaf keywords
 * @param q the query
 * @returns leaf ids, each once
 */
export function keywordLeaves(taxonomy: Taxonomy, q: string): string[] {
  const words = queryWords(q).map(matchWord);
  const { byFirst, order } = _leafPhrases(taxonomy);
  const found = new Set<string>();
  // Only the phrases starting with one of the query's words are compared.
  for (let i = 0; i < words.length; i++) {
    for (const p of byFirst.get(words[i]!) ?? []) {
      if (found.has(p.leaf) || i + p.words.length > words.length) continue;
      if (p.words.every((w, j) => words[i + j] === w)) found.add(p.leaf);
    }
  }
  return [...found].sort((a, b) => order.get(a)! - order.get(b)!);
}

/** Each leaf-vector map's vectors side by side, for one native scan per query. */
const _leafRows = new WeakMap<
  ReadonlyMap<string, Float32Array>,
  { names: string[]; rows: Float32Array; dimension: number }
>();

/**
 * The cosine similarity of a query vector and each leaf vector, computed once per query for the
 * prior ({@link queryLeafPrior}) and the posterior ({@link confidentLeaf}), in one native scan
 * (`rowCosines`) over the leaf vectors laid side by side once per map.
 *
 * @param leafVectors leaf id → unit vector (`store.leafVectors()` or {@link leafPriorVectors})
 * @param vector the query's unit vector
 * @returns leaf id → cosine similarity, in `leafVectors`' order
 * @throws RangeError when a leaf vector is longer than the query vector (a catalog whose leaf
 *   vectors come from another model; `openContext` checks the model before ranking)
 */
export function leafSimilarities(
  leafVectors: ReadonlyMap<string, Float32Array>,
  vector: Float32Array,
): Map<string, number> {
  let laid = _leafRows.get(leafVectors);
  if (!laid || laid.dimension !== vector.length) {
    const names = [...leafVectors.keys()];
    const rows = new Float32Array(names.length * vector.length);
    names.forEach((leaf, i) => rows.set(leafVectors.get(leaf)!, i * vector.length));
    laid = { names, rows, dimension: vector.length };
    _leafRows.set(leafVectors, laid);
  }
  const cosines = rowCosines(laid.rows, vector, laid.dimension);
  const out = new Map<string, number>();
  laid.names.forEach((leaf, i) => out.set(leaf, cosines[i]!));
  return out;
}

/**
 * The taxonomy prior of a query: `1, 1/2, 1/3` for the {@link PRIOR_LEAVES} leaves whose text is
 * nearest to the query vector, plus `keyword` shared among the leaves one of whose keywords the
 * query contains ({@link keywordLeaves}; two such leaves get half each).
 *
 * @param similarities leaf id → cosine similarity to the query ({@link leafSimilarities})
 * @param keyword the query's keyword leaves
 * @param weight the prior shared among the keyword leaves
 * @returns leaf id → prior (absent: 0)
 */
export function queryLeafPrior(
  similarities: ReadonlyMap<string, number>,
  keyword: readonly string[] = [],
  weight = 0,
): Map<string, number> {
  const prior = new Map<string, number>();
  const near = [...similarities];
  // Most similar first; ties keep the taxonomy's order (a stable sort).
  near.sort((a, b) => b[1] - a[1]);
  near.slice(0, PRIOR_LEAVES).forEach(([leaf], i) => prior.set(leaf, 1 / (i + 1)));
  if (weight > 0) {
    for (const leaf of keyword) {
      prior.set(leaf, (prior.get(leaf) ?? 0) + weight / keyword.length);
    }
  }
  return prior;
}

/** Entries' leaves as small integers, for the per-candidate arithmetic of ranking. */
export interface LeafIndex {
  /** Leaf ids; a leaf's number is its position here. */
  names: string[];
  /** Leaf id → its number. */
  numbers: Map<string, number>;
  /** Entry id → its leaf's number, -1 for none (or an id beyond the table). */
  of: Int32Array;
}

const _indexes = new WeakMap<ReadonlyMap<number, string>, LeafIndex>();

/**
 * The leaf numbers of a table's entries (`store.leafIds()`), built once per map.
 *
 * @param leafOf entry id → primary leaf
 * @returns the index
 */
export function leafIndexOf(leafOf: ReadonlyMap<number, string>): LeafIndex {
  let index = _indexes.get(leafOf);
  if (index) return index;
  let max = 0;
  for (const id of leafOf.keys()) if (id > max) max = id;
  index = { names: [], numbers: new Map(), of: new Int32Array(max + 1).fill(-1) };
  for (const [id, leaf] of leafOf) {
    let n = index.numbers.get(leaf);
    if (n === undefined) {
      n = index.names.length;
      index.names.push(leaf);
      index.numbers.set(leaf, n);
    }
    index.of[id] = n;
  }
  _indexes.set(leafOf, index);
  return index;
}

/**
 * Each leaf's share of a ranked list, position `i` (from 0) weighing `1 / log2(i + 2)` (the DCG
 * discount): the leaves the first results agree on.
 *
 * @param leaves the leaf number of each result, best first (-1: none, counted in the total only)
 * @param count how many leaves there are ({@link LeafIndex.names}' length)
 * @returns share per leaf number, in [0, 1] (shares add up to at most 1)
 * @example
 * ```ts
 * leafVote([0, 0, 1], 2)[0]; // ≈ 0.71
 * ```
 */
export function leafVote(leaves: ArrayLike<number>, count: number): Float64Array {
  const vote = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < leaves.length; i++) {
    const w = 1 / Math.log2(i + 2);
    total += w;
    if (leaves[i]! >= 0) vote[leaves[i]!]! += w;
  }
  if (total > 0) { for (let l = 0; l < count; l++) vote[l]! /= total; }
  return vote;
}

/** The vectors {@link leafPriorVectors} reads: rows of unit vectors and each entry's row. */
export interface EntryVectors {
  /** Vector length. */
  readonly dimension: number;
  /** Unit vectors, row after row. */
  readonly matrix: Float32Array;
  /** Where an entry's vector starts in `matrix`, or -1 without one. */
  offsetOf(id: number): number;
}

const _blended = new WeakMap<EntryVectors, { blend: number; vectors: Map<string, Float32Array> }>();

/**
 * The leaf vectors the prior compares the query with: each leaf's text vector blended with the
 * centroid of the entries filed under it (`normalize((1 − blend)·text + blend·centroid)`; a leaf
 * with no entry keeps its text vector). The entries say in their own words what a leaf holds, which
 * the leaf's short text often does not ("one search box for the wiki, chat and shared drives" is
 * nearer the enterprise-search entries than the leaf's description). Computed once per vector
 * index (about 10 ms for the tools).
 *
 * Measured on the graded task set (issue 30, `deno task eval`): tools nDCG@10 0.594 → 0.604
 * (both halves up: 0.656 → 0.663, 0.533 → 0.545) with blend 0.5, 0.596 with centroids alone;
 * servers 0.851 → 0.845, so servers keep the leaf texts (`HYBRID.servers.centroid` 0).
 *
 * @param leafVectors leaf id → unit vector of its text (`store.leafVectors()`)
 * @param index the corpus's entry vectors
 * @param leafOf entry id → its primary leaf
 * @param blend share of the centroid, 0-1 (0: the leaf texts as they are)
 * @returns leaf id → unit vector
 */
export function leafPriorVectors(
  leafVectors: ReadonlyMap<string, Float32Array>,
  index: EntryVectors | undefined,
  leafOf: ReadonlyMap<number, string>,
  blend: number,
): ReadonlyMap<string, Float32Array> {
  if (!index || blend <= 0) return leafVectors;
  const cached = _blended.get(index);
  if (cached?.blend === blend) return cached.vectors;
  const d = index.dimension;
  const sums = new Map<string, Float64Array>();
  for (const [id, leaf] of leafOf) {
    const at = index.offsetOf(id);
    if (at < 0) continue;
    let sum = sums.get(leaf);
    if (!sum) sums.set(leaf, sum = new Float64Array(d));
    for (let i = 0; i < d; i++) sum[i]! += index.matrix[at + i]!;
  }
  const vectors = new Map<string, Float32Array>();
  for (const [leaf, text] of leafVectors) {
    const sum = sums.get(leaf);
    if (!sum) {
      vectors.set(leaf, text);
      continue;
    }
    const sumNorm = Math.hypot(...sum) || 1;
    const v = new Float32Array(d);
    for (let i = 0; i < d; i++) v[i] = (1 - blend) * text[i]! + blend * sum[i]! / sumNorm;
    const norm = Math.hypot(...v) || 1;
    for (let i = 0; i < d; i++) v[i]! /= norm;
    vectors.set(leaf, v);
  }
  _blended.set(index, { blend, vectors });
  return vectors;
}

/** Entries per leaf number and their total, once per {@link LeafIndex}. */
const _sizes = new WeakMap<LeafIndex, { sizes: Float64Array; total: number }>();

function _leafSizes(leaves: LeafIndex): { sizes: Float64Array; total: number } {
  let s = _sizes.get(leaves);
  if (s) return s;
  s = { sizes: new Float64Array(leaves.names.length), total: 0 };
  for (const n of leaves.of) {
    if (n < 0) continue;
    s.sizes[n]!++;
    s.total++;
  }
  _sizes.set(leaves, s);
  return s;
}

/** Per leaf, how many rows of one posting list are filed there (memoized per index and list). */
const _termCounts = new WeakMap<
  LeafIndex,
  WeakMap<Int32Array, { counts: Float64Array; df: number }>
>();

function _leafCounts(ids: Int32Array, leaves: LeafIndex): { counts: Float64Array; df: number } {
  let lists = _termCounts.get(leaves);
  if (!lists) _termCounts.set(leaves, lists = new WeakMap());
  let c = lists.get(ids);
  if (c) return c;
  c = { counts: new Float64Array(leaves.names.length), df: 0 };
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const n = id < leaves.of.length ? leaves.of[id]! : -1;
    if (n < 0) continue;
    c.counts[n]!++;
    c.df++;
  }
  lists.set(ids, c);
  return c;
}

/**
 * How much more likely each leaf's entries are to contain the query's terms than the catalog's
 * entries at large: a naive Bayes log-likelihood ratio over the query's index terms,
 * `Σ_t log(P(t | leaf) / P(t)) / √T`, where `P(t)` is the share of entries matching `t` and
 * `P(t | leaf)` that share among the leaf's entries, smoothed toward `P(t)` with a Dirichlet prior
 * of `mu` entries (a leaf of few entries stays near 0 rather than swinging on one word).
 *
 * @param postings the ids each query term matches (`store.termPostings`)
 * @param leaves the corpus's leaf index ({@link leafIndexOf})
 * @param mu Dirichlet smoothing, in entries (default {@link LEAF_POSTERIOR}'s)
 * @returns score per leaf number (all 0 for a query without terms); a leaf's entries match the
 *   terms more often than the catalog's where it is above 0
 * @example
 * ```ts
 * // "calendar" matches 40 entries, 30 of them in leaf 0 (of 60 entries in all, 30 per leaf):
 * termLeafScores([calendarIds], leaves)[0]; // log((30 + 80·2/3) / (30 + 80) / (2/3)) ≈ 0.13
 * ```
 */
export function termLeafScores(
  postings: readonly Int32Array[],
  leaves: LeafIndex,
  mu: number = LEAF_POSTERIOR.mu,
): Float64Array {
  const { sizes, total } = _leafSizes(leaves);
  const scores = new Float64Array(leaves.names.length);
  let used = 0;
  for (const ids of postings) {
    const { counts, df } = _leafCounts(ids, leaves);
    if (df === 0 || total === 0) continue;
    used++;
    const p = df / total;
    for (let l = 0; l < scores.length; l++) {
      scores[l]! += Math.log((counts[l]! + mu * p) / (sizes[l]! + mu) / p);
    }
  }
  if (used > 1) { for (let l = 0; l < scores.length; l++) scores[l]! /= Math.sqrt(used); }
  return scores;
}

/**
 * Logit weights of the leaf posterior ({@link confidentLeaf}): `similarity · cos(query, leaf
 * vector) + terms · termLeafScores(leaf)`, and the Dirichlet smoothing of the term scores, in
 * entries.
 *
 * Fitted by log loss of the leaf holding most of a query's fits (grade 2 in the task set, 3 in
 * the older set; `tests/eval`), over a grid of `similarity` 10-40 and `terms` 1-4 (issue 30): on
 * the 138 tools queries the posterior's first leaf is that leaf for 77.5%, against 47% for the
 * leaf vectors alone, 69% for the term scores alone and 69% for the vote of the first results;
 * on the 123 server queries for 80.5%.
 */
export const LEAF_POSTERIOR = { similarity: 20, terms: 2, mu: 80 } as const;

/**
 * The leaf a query is most probably about and its probability: a softmax over the leaves that
 * hold entries, of the query vector's similarity to each leaf vector and the term scores
 * ({@link termLeafScores}), weighted by {@link LEAF_POSTERIOR}.
 *
 * The probability is calibrated on the labelled queries of `tests/eval` (138 tools queries):
 * where it is at least 0.85 (76 queries) the leaf is right 93% of the time, at least 0.8: 90%,
 * at least 0.5: 84%.
 *
 * @param similarities leaf id → cosine similarity of the query and the leaf vector (the prior's
 *   vectors, {@link leafSimilarities})
 * @param termScores {@link termLeafScores} of the query, per leaf number
 * @param leaves the corpus's leaf index
 * @returns the leaf number and its probability in (0, 1]; `undefined` when no leaf has a vector
 */
export function confidentLeaf(
  similarities: ReadonlyMap<string, number>,
  termScores: ArrayLike<number>,
  leaves: LeafIndex,
): { leaf: number; probability: number } | undefined {
  const logits = new Float64Array(leaves.names.length);
  let best = -1;
  for (let l = 0; l < logits.length; l++) {
    const cosine = similarities.get(leaves.names[l]!);
    if (cosine === undefined) {
      logits[l] = -Infinity;
      continue;
    }
    logits[l] = LEAF_POSTERIOR.similarity * cosine + LEAF_POSTERIOR.terms * (termScores[l] ?? 0);
    if (best < 0 || logits[l]! > logits[best]!) best = l;
  }
  if (best < 0) return undefined;
  let z = 0;
  for (const x of logits) if (x > -Infinity) z += Math.exp(x - logits[best]!);
  return { leaf: best, probability: 1 / z };
}
