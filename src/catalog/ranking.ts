/**
 * Search ranking over the store's candidate lists: lexical (BM25), semantic (k-NN over sentence
 * embeddings) and hybrid (score fusion of the two, see {@link rank}), with exact name matches first.
 *
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): each list contributes
 * `1 / (k + rank)` for every entry it holds (rank from 1), with `k = 60`.
 *
 * @module
 */
import { dot } from "../embed/embedding.ts";
import type { CatalogContext } from "./context.ts";
import { AUTHORITY_WEIGHT } from "./authority.ts";
import { inTurn } from "./cpu_queue.ts";
import type { QueryEmbedder } from "../embed/query_embedder.ts";
import type { Fusion, RankedPage, SearchMode, Signal } from "./rank_query.ts";
import type { LexicalHit, LexicalResult, ServerFilter, ToolFilter, VectorHit } from "./store.ts";
import { coarseCount, gatherRows, rowCosines } from "./vector_index.ts";
import {
  confidentLeaf,
  keywordLeaves,
  leafIndexOf,
  leafPriorVectors,
  leafSimilarities,
  leafVote,
  queryLeafPrior,
  termLeafScores,
} from "./query_leaves.ts";
import { collapseVariants, demoteInverse, orderByExact } from "./result_order.ts";
import type { Taxonomy } from "../model/taxonomy.ts";

// The ranking contract lives in `rank_query.ts` (the context and the search thread read it
// without importing this file); re-exported for the use cases.
export {
  type Fusion,
  type RankedPage,
  type Ranker,
  type RankQuery,
  SEARCH_MODES,
  type SearchMode,
  type Signal,
} from "./rank_query.ts";

/** The `k` of reciprocal rank fusion (Cormack et al. 2009). */
export const RRF_K = 60;
/** Neighbours taken from the vector index per query. */
export const SEMANTIC_CANDIDATES = 200;
/**
 * Cosine similarity below which a neighbour does not count as a match in `total` (USE-lite places
 * unrelated short texts around 0.1-0.3).
 */
export const SEMANTIC_FLOOR = 0.35;

/**
 * Reciprocal rank fusion of ranked id lists.
 *
 * @param lists ranked lists, best first
 * @param k the RRF constant (default {@link RRF_K})
 * @param weights weight per list (default 1 each)
 * @returns fused score per id: `Σ weight / (k + rank)`
 * @example
 * ```ts
 * rrf([[1, 2], [2, 3]]).get(2); // 1/62 + 1/61
 * ```
 */
export function rrf(lists: number[][], k = RRF_K, weights: number[] = []): Map<number, number> {
  const scores = new Map<number, number>();
  lists.forEach((list, l) => {
    const w = weights[l] ?? 1;
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + w / (k + i + 1)));
  });
  return scores;
}

/**
 * Weight of the semantic list when hybrid ranking uses reciprocal rank fusion (`fusion: "rrf"`;
 * the lexical list weighs 1). Kept for comparison in `deno task eval`: score fusion
 * ({@link HYBRID}) measured better on both corpora.
 */
export const SEMANTIC_WEIGHT = { tools: 0.4, servers: 0.15 } as const;

/**
 * Parameters of hybrid score fusion, per corpus (see {@link rank} and {@link FusionWeights}).
 *
 * Chosen on the graded task set (`tests/eval/task_queries.json`, issue 30) and checked on the
 * older labelled sets and the navigational queries (`deno task eval`). Each change alone, tools /
 * servers nDCG@10 of the task set from 0.536 / 0.787: the leaf vote +0.04 / +0.05 (the largest
 * gain; normalized by the first leaf's share +0.01 more), the keyword prior +0.01 / +0.02; the
 * all-terms bonus 0.5 → 0 changed nothing on the task set and +0.004 / +0.002 on the old set; a
 * wider or narrower semantic weight, taxonomy weight, vote depth (5-50) or feedback (1-10
 * documents) did not do better on both halves of the task set. Capping authority at 1 on topical
 * queries costs the servers' old set 0.010 against no cap (it still beats today's ranking) and
 * stops a popular monorepo from outranking servers that do the task. Blending each leaf's text
 * vector with its entries' centroid for the prior (`centroid`, {@link leafPriorVectors}): tools
 * 0.594 → 0.605 at 0.5 (0.603 at 0.3, 0.600 at 0.7), servers 0.851 → 0.845 (kept at 0). The leaf
 * boost (`leafBoost` at `leafBoostAt`, `confidentLeaf`): tools 0.605 → 0.626 before the 9 results
 * it newly surfaced were judged, 0.630 after (odd / even halves 0.664 → 0.686, 0.546 → 0.573;
 * older set 0.638 → 0.638); at 0.8 the older set fell to 0.629 (a humanizer query was sent to AI
 * detectors), at 0.9 the task set gained less (0.619; boosts 0.3 / 0.6 there: 0.615 / 0.617).
 * Servers with it: task set 0.852 → 0.850, older set +0.010, so they do without.
 */
export const HYBRID: Readonly<Record<"tools" | "servers", Readonly<FusionWeights>>> = {
  tools: {
    allTerms: 0,
    semantic: 2,
    taxonomy: 0.1,
    centroid: 0.5,
    keyword: 1,
    vote: 0.5,
    voteDepth: 20,
    authority: AUTHORITY_WEIGHT.tools,
    authorityCap: 1,
    leafBoost: 0.4,
    leafBoostAt: 0.85,
  },
  servers: {
    allTerms: 0,
    semantic: 1.5,
    taxonomy: 0.15,
    centroid: 0,
    keyword: 1,
    vote: 0.5,
    voteDepth: 20,
    authority: AUTHORITY_WEIGHT.servers,
    authorityCap: 1,
    leafBoost: 0,
    leafBoostAt: 0.85,
  },
};
/**
 * Pseudo-relevance feedback (Rocchio): the query vector plus `weight` times the mean vector of the
 * `docs` best first-pass results, renormalized, rescores the candidates.
 */
export const FEEDBACK = { docs: 3, weight: 1 } as const;
/**
 * Embeds a query with the context's embedder, caching vectors per process under the trimmed text
 * that is embedded.
 *
 * @param ctx catalog context (must have an embedder)
 * @param q the query (leading and trailing white space ignored)
 * @returns the normalized vector
 */
export async function embedQuery(ctx: CatalogContext, q: string): Promise<Float32Array> {
  // The cache key is exactly the text embedded (the model is case-sensitive).
  const key = q.trim();
  const hit = ctx.queryVectors.get(key);
  if (hit) return hit;
  const [vector] = await ctx.embedder!.embed([key]);
  ctx.queryVectors.set(key, vector!, vector!.byteLength + key.length * 2 + 100);
  return vector!;
}

/**
 * Ranks tools or servers for a query.
 *
 * - `lexical`: BM25 re-ranked (see `rankLexical` in the store).
 * - `semantic`: nearest neighbours by cosine similarity (the two-stage scan of `vector_index.ts`:
 *   int8 coarse pass, float32 rescoring; the same top 10 as exact k-NN on the evaluation set).
 * - `hybrid` (score fusion, the default): candidates are the lexical matches and the
 *   {@link SEMANTIC_CANDIDATES} nearest neighbours; each scores
 *   `lexical / best lexical + semantic·cos(q', entry) + taxonomy·prior(leaf) + boost(leaf)
 *   + vote·share(leaf) + authority weight·min(cap, authority)` with the weights of
 *   {@link HYBRID} (see {@link fuseScores}), where `q'` is the query vector after one round of
 *   pseudo-relevance feedback ({@link FEEDBACK}) on the first-pass ranking, the prior rewards the
 *   leaves whose text is nearest to the query or one of whose keywords the query contains, the
 *   boost the leaf the query is most probably about when that is likely enough (vector and words
 *   together, `confidentLeaf`), and the vote rewards the leaves the first results of that second
 *   pass agree on (`query_leaves.ts`). Among the first `INVERSE_DEPTH` (`result_order.ts`),
 *   entries for the inverse of a conversion the query asks for (`direction.ts`) go last. With
 *   `fusion: "rrf"`, hybrid is reciprocal rank fusion of the lexical and semantic lists instead
 *   (weights {@link SEMANTIC_WEIGHT}).
 * In every mode, exact name matches come first. Without vectors in the catalog, every mode ranks
 * lexically and says so in `mode`. Signals carry the cosine similarity to the original query (the
 * confidence thresholds are calibrated on it).
 *
 * @param ctx catalog context
 * @param kind `tools` or `servers`
 * @param q non-blank query
 * @param filter filters applied before ranking
 * @param mode ranking mode
 * @param limit page size
 * @param offset entries to skip
 * @param fusion hybrid fusion method (default `score`)
 * @returns the page, total and per-entry signals
 */
export async function rank(
  ctx: CatalogContext,
  kind: "tools" | "servers",
  q: string,
  filter: ToolFilter | ServerFilter,
  mode: SearchMode,
  limit: number,
  offset: number,
  fusion: Fusion = "score",
): Promise<RankedPage> {
  // A serving process ranks on its search thread (`search_thread.ts`), which calls this function
  // with a context of its own.
  if (ctx.search) return await ctx.search.rank({ kind, q, filter, mode, limit, offset, fusion });
  const semanticAvailable = ctx.embedder !== undefined && ctx.store.hasVectors;
  const used: SearchMode = semanticAvailable ? mode : "lexical";
  // A collapsed server search ranks every listing and shows each project once, at the place of
  // its best-matching listing (`collapseVariants`).
  const collapse = kind === "servers" && !(filter as ServerFilter).variants;
  const searched = collapse ? { ...filter, variants: true } : filter;
  // The query is embedded (in a worker) while the lexical candidates are read on this thread;
  // for a search without filters of its own, the worker also runs the coarse vector scan.
  const embedding = used !== "lexical" ? _embedForSearch(ctx, kind, q, searched) : undefined;
  // A failed embedding is awaited below; until then it must not count as unhandled.
  embedding?.catch(() => {});
  // The CPU-heavy parts run in turns of their own (`cpu_queue.ts`), so a burst of searches
  // leaves the event loop free between them: first each term list not yet in memory (5-15 ms
  // for a common word), one job per term, then the lexical pass over the lists.
  if (used !== "semantic") {
    for (const term of ctx.store.uncachedTerms(kind, q)) {
      await inTurn(() => ctx.store.readTermList(kind, term));
    }
  }
  const lexical: LexicalResult = used === "semantic"
    ? { ranked: [], total: 0 }
    : await inTurn(() =>
      kind === "tools"
        ? ctx.store.lexicalTools(q, searched as ToolFilter)
        : ctx.store.lexicalServers(q, searched as ServerFilter)
    );
  const embedded = embedding ? await embedding : undefined;
  return await inTurn(() =>
    _order(
      ctx,
      kind,
      searched,
      used,
      limit,
      offset,
      fusion,
      lexical,
      embedded,
      q,
      collapse ? filter : undefined,
    )
  );
}

/** A query's vector and, when the query worker found them, its vector-search candidates. */
interface _Embedded {
  vector: Float32Array;
  /** Coarse rows of the vector search (the worker's int8 pass). */
  rows?: Int32Array;
  /** The nearest neighbours: those rows rescored by the worker on the shared float32 vectors. */
  hits?: VectorHit[];
}

/**
 * The query vector, and the coarse rows of the vector search when the query worker can scan
 * them (a query without filters of its own), rescored there too when the table's vectors
 * are shared with it: the rescoring is then off the serving thread (about 500 dot products of 512
 * numbers per search). A query whose vector is cached goes to the worker all the same (embedded
 * again, about 2 ms there): scanned here, it would need an int8 copy of the table on this thread
 * too (17 MB for the servers).
 */
async function _embedForSearch(
  ctx: CatalogContext,
  kind: "tools" | "servers",
  q: string,
  filter: ToolFilter | ServerFilter,
): Promise<_Embedded> {
  const scanner = ctx.embedder as Partial<QueryEmbedder> | undefined;
  const key = q.trim();
  const count = ctx.store.coarseCountFor(kind, filter, SEMANTIC_CANDIDATES);
  if (count === undefined || !scanner?.embedAndScan) {
    return { vector: await embedQuery(ctx, q) };
  }
  const rescore = scanner.rescores?.(kind)
    ? {
      k: SEMANTIC_CANDIDATES,
      pool: coarseCount(SEMANTIC_CANDIDATES),
      exclude: ctx.store.excludedIds(kind, filter),
    }
    : undefined;
  const { vector, rows, hits } = await scanner.embedAndScan(key, kind, count, rescore);
  ctx.queryVectors.set(key, vector, vector.byteLength + key.length * 2 + 100);
  return { vector, ...(rows && { rows }), ...(hits && { hits }) };
}

/** The second part of {@link rank}: nearest neighbours, fusion, order, page and signals. */
function _order(
  ctx: CatalogContext,
  kind: "tools" | "servers",
  filter: ToolFilter | ServerFilter,
  used: SearchMode,
  limit: number,
  offset: number,
  fusion: Fusion,
  lexical: LexicalResult,
  embedded: _Embedded | undefined,
  q: string,
  collapsedTo?: ServerFilter,
): RankedPage {
  const vector = embedded?.vector;
  let semantic: VectorHit[] = [];
  if (embedded?.hits) semantic = embedded.hits;
  else if (vector) {
    semantic = kind === "tools"
      ? ctx.store.knnTools(vector, filter as ToolFilter, SEMANTIC_CANDIDATES, embedded.rows)
      : ctx.store.knnServers(vector, filter as ServerFilter, SEMANTIC_CANDIDATES, embedded.rows);
  }
  const signals = new Map<number, Signal>();
  const strength = new Map<number, number>();
  lexical.ranked.forEach((h, i) => {
    signals.set(h.id, { lexicalRank: i + 1, exact: h.exact });
    if (h.strength > 0) strength.set(h.id, h.strength);
  });
  for (const h of semantic) {
    const s = signals.get(h.id);
    if (s) s.similarity = h.similarity;
    else signals.set(h.id, { similarity: h.similarity, exact: false });
  }
  const spam = ctx.store.spamIds(kind);
  const byExact = (scored: Iterable<readonly [number, number]>) =>
    orderByExact(ctx, kind, strength, scored);
  let order: number[];
  if (used === "lexical") order = lexical.ranked.map((h) => h.id);
  else if (used === "semantic") {
    order = semantic.map((h) => h.id).sort((a, b) => Number(spam.has(a)) - Number(spam.has(b)));
  } else if (fusion === "rrf") {
    order = byExact(
      rrf(
        [lexical.ranked.map((h) => h.id), semantic.map((h) => h.id)],
        RRF_K,
        [1, SEMANTIC_WEIGHT[kind]],
      ).entries(),
    );
  } else {
    order = demoteInverse(
      ctx,
      kind,
      q,
      byExact(
        fuseScores(ctx, kind, vector!, lexical.ranked, semantic, signals, {
          q,
          taxonomy: ctx.taxonomy,
        }),
      ),
    );
  }
  let collapsed = 0;
  if (collapsedTo) {
    const before = order.length;
    order = collapseVariants(ctx, order, signals, collapsedTo);
    collapsed = before - order.length;
  }
  const strongSemantic =
    semantic.filter((h) =>
      h.similarity >= SEMANTIC_FLOOR && signals.get(h.id)!.lexicalRank === undefined
    ).length;
  const total = used === "semantic"
    ? semantic.filter((h) => h.similarity >= SEMANTIC_FLOOR).length
    : lexical.total + strongSemantic;
  // Listings folded into their project no longer count (an estimate: variants among the
  // candidates; `total` is at least the entries returned, below).
  const shown = Math.max(0, total - collapsed);
  const ids = order.slice(offset, offset + limit);
  // Entries found only by their words still get a similarity, so confidence can use it.
  if (vector) {
    for (const id of ids) {
      const signal = signals.get(id)!;
      if (signal.similarity !== undefined) continue;
      const v = ctx.store.vectorOf(kind, id);
      if (v) signal.similarity = dot(vector, v);
    }
  }
  // `total` never claims fewer matches than the entries actually returned.
  return {
    ids,
    total: Math.max(shown, ids.length > 0 ? offset + ids.length : 0),
    signals,
    mode: used,
  };
}

/** The parameters of hybrid score fusion for one corpus (see {@link HYBRID}). */
export interface FusionWeights {
  /** Added to the normalized BM25 of an entry that matched every query term. */
  allTerms: number;
  /** Weight of the cosine similarity to the feedback-expanded query vector. */
  semantic: number;
  /** Weight of the query's leaf prior ({@link queryLeafPrior}). */
  taxonomy: number;
  /**
   * Share of the centroid of a leaf's entries in the leaf vector the prior compares the query
   * with ({@link leafPriorVectors}; 0: the leaf's text alone).
   */
  centroid: number;
  /** Prior of the leaves one of whose keywords the query contains, shared among them. */
  keyword: number;
  /** Weight of the leaf vote of the second pass's first results ({@link leafVote}). */
  vote: number;
  /** How many first results vote. */
  voteDepth: number;
  /** Weight of the authority prior on a topical query (no candidate named by the query). */
  authority: number;
  /** Authority above this counts as this on a topical query. */
  authorityCap: number;
  /**
   * Added, times its probability, to the entries of the query's most probable leaf
   * ({@link confidentLeaf}) when that probability is at least {@link FusionWeights.leafBoostAt}
   * (0: off).
   */
  leafBoost: number;
  /** The probability from which the most probable leaf is boosted, in (0, 1]. */
  leafBoostAt: number;
}

/** Query-level inputs of {@link fuseScores} besides the vector. */
export interface FusionQuery {
  /** The query text (for the leaf keywords of the prior). */
  q: string;
  /** The taxonomy (its leaf keywords); without it, the prior uses the leaf vectors only. */
  taxonomy?: Taxonomy;
}

/**
 * Hybrid score fusion with pseudo-relevance feedback, the taxonomy prior and the leaf vote (see
 * {@link rank}).
 *
 * @param ctx catalog context (vectors in memory)
 * @param kind `tools` or `servers`
 * @param vector the query's unit vector
 * @param lexical lexical hits, best first, with their `rankLexical` scores
 * @param semantic nearest neighbours of the query
 * @param signals per-entry signals; similarities of lexical-only entries are filled in
 * @param query the query text and the taxonomy
 * @param weights the fusion parameters (default {@link HYBRID} of the corpus)
 * @returns `[id, fused score]` for every candidate, unsorted
 */
export function fuseScores(
  ctx: CatalogContext,
  kind: "tools" | "servers",
  vector: Float32Array,
  lexical: readonly (
    & Pick<LexicalHit, "id" | "relevance">
    & Partial<Pick<LexicalHit, "allTerms" | "strength">>
  )[],
  semantic: readonly VectorHit[],
  signals: Map<number, Signal>,
  query: FusionQuery = { q: "" },
  weights: FusionWeights = HYBRID[kind],
): [number, number][] {
  const leafOf = ctx.store.leafIds(kind);
  const leaves = leafIndexOf(leafOf);
  const authority = ctx.store.authorities(kind);
  // A query that names some candidate is navigational: authority orders namesakes at full weight
  // (`rankLexical`). On a topical one it only breaks near ties.
  const topical = !lexical.some((h) => (h.strength ?? 0) > 0);
  const authorityWeight = topical ? weights.authority : AUTHORITY_WEIGHT[kind];
  const authorityCap = topical ? weights.authorityCap : Infinity;
  // Lexical relevance is `bm25 / max + 0.5·[all terms]` (`rankLexical`): the bonus is replaced by
  // `allTerms` and the best candidate normalized to 1 (exact matches are ordered first anyway).
  const lexicalScore = new Map<number, number>();
  let best = 1e-9;
  for (const h of lexical) {
    const r = h.relevance - (h.allTerms ? 0.5 : 0) + (h.allTerms ? weights.allTerms : 0);
    lexicalScore.set(h.id, r);
    if (r > best) best = r;
  }
  // The prior per leaf number (a handful of leaves have one).
  const prior = new Float64Array(leaves.names.length);
  const leafVectors = leafPriorVectors(
    ctx.store.leafVectors(),
    ctx.store.vectorIndex(kind),
    leafOf,
    weights.centroid,
  );
  const similarities = leafSimilarities(leafVectors, vector);
  for (
    const [leaf, p] of queryLeafPrior(
      similarities,
      query.taxonomy ? keywordLeaves(query.taxonomy, query.q) : [],
      weights.keyword,
    )
  ) {
    const number = leaves.numbers.get(leaf);
    if (number !== undefined) prior[number] = weights.taxonomy * p;
  }
  // The leaf the query is most probably about, when that is likely enough (-1: none).
  let queryLeaf: number | undefined;
  if (weights.leafBoost > 0 && query.q.trim() !== "") {
    const scores = termLeafScores(ctx.store.termPostings(kind, query.q), leaves);
    const top = confidentLeaf(similarities, scores, leaves);
    queryLeaf = top && top.probability >= weights.leafBoostAt ? top.leaf : -1;
    if (queryLeaf >= 0) prior[queryLeaf]! += weights.leafBoost * top!.probability;
  }
  const candidates = [...new Set([...lexical.map((h) => h.id), ...semantic.map((h) => h.id)])];
  // The parts of each candidate's score that do not depend on the query vector, looked up once:
  // score = ((lexical + semantic·cosine) + (taxonomy·prior + boost)) + authority weight·authority.
  const n = candidates.length;
  const lex = new Float64Array(n), tax = new Float64Array(n), auth = new Float64Array(n);
  const leafAt = new Int32Array(n);
  // Each candidate's vector as its offset in the index's matrix (-1: none), gathered for the
  // native scans below.
  const index = ctx.store.vectorIndex(kind);
  const matrix = index?.matrix ?? new Float32Array(0);
  const at = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const id = candidates[i]!;
    lex[i] = (lexicalScore.get(id) ?? 0) / best;
    leafAt[i] = id < leaves.of.length ? leaves.of[id]! : -1;
    tax[i] = leafAt[i]! >= 0 ? prior[leafAt[i]!]! : 0;
    auth[i] = authorityWeight * Math.min(authorityCap, authority.get(id) ?? 0);
    at[i] = index?.offsetOf(id) ?? -1;
    if (queryLeaf !== undefined) {
      signals.get(id)!.inQueryLeaf = queryLeaf >= 0 && leafAt[i] === queryLeaf;
    }
  }
  const score = (i: number, cosine: number) =>
    lex[i]! + weights.semantic * cosine + tax[i]! + auth[i]!;
  // The candidates' vectors side by side, for two native scans (`rowCosines`).
  const rows = gatherRows(matrix, at, vector.length);
  // Similarity to the original query, once per candidate: it ranks the first pass and is the
  // signal confidence is calibrated on.
  let toQuery: Float64Array | undefined;
  const similarity = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const signal = signals.get(candidates[i]!)!;
    if (signal.similarity === undefined && at[i]! >= 0) {
      toQuery ??= rowCosines(rows, vector, vector.length);
      signal.similarity = toQuery[i]!;
    }
    similarity[i] = signal.similarity ?? 0;
  }
  const firstScore = Float64Array.from({ length: n }, (_, i) => score(i, similarity[i]!));
  // One round of Rocchio feedback on the best first-pass results.
  const expanded = Float32Array.from(vector);
  const top = topIndices(
    n,
    FEEDBACK.docs,
    (a, b) => firstScore[b]! - firstScore[a]! || candidates[a]! - candidates[b]!,
  ).filter((i) => at[i]! >= 0).map((i) => matrix.subarray(at[i]!, at[i]! + vector.length));
  for (const v of top) {
    for (let i = 0; i < expanded.length; i++) {
      expanded[i]! += FEEDBACK.weight * v[i]! / top.length;
    }
  }
  const norm = Math.hypot(...expanded) || 1;
  for (let i = 0; i < expanded.length; i++) expanded[i]! /= norm;
  const toExpanded = rowCosines(rows, expanded, vector.length);
  const second = Float64Array.from(
    { length: n },
    (_, i) => score(i, at[i]! >= 0 ? toExpanded[i]! : 0),
  );
  if (weights.vote > 0 && weights.voteDepth > 0) {
    // The leaves the second pass's first results agree on lift the candidates filed there.
    const first = topIndices(
      n,
      weights.voteDepth,
      (a, b) => second[b]! - second[a]! || candidates[a]! - candidates[b]!,
    );
    const vote = leafVote(first.map((i) => leafAt[i]!), leaves.names.length);
    let top = 1e-9;
    for (const i of first) if (leafAt[i]! >= 0 && vote[leafAt[i]!]! > top) top = vote[leafAt[i]!]!;
    for (let i = 0; i < n; i++) {
      const agreement = leafAt[i]! >= 0 ? vote[leafAt[i]!]! / top : 0;
      second[i]! += weights.vote * agreement;
      signals.get(candidates[i]!)!.agreement = agreement;
    }
  }
  return candidates.map((id, i) => [id, second[i]!]);
}

/**
 * The `k` first of `n` indices in the order `compare` defines (a total order: ties broken by the
 * caller), without sorting them all: one pass keeping a sorted list of at most `k`.
 *
 * @example
 * ```ts
 * topIndices(4, 2, (a, b) => [3, 9, 1, 9][b]! - [3, 9, 1, 9][a]! || a - b); // [1, 3]
 * ```
 *
 * @param n how many indices (`0 .. n-1`)
 * @param k how many to keep
 * @param compare negative when index `a` comes before `b`
 * @returns up to `k` indices, first first
 */
export function topIndices(
  n: number,
  k: number,
  compare: (a: number, b: number) => number,
): number[] {
  const best: number[] = [];
  if (k <= 0) return best;
  for (let i = 0; i < n; i++) {
    if (best.length === k && compare(i, best[k - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && compare(i, best[at - 1]!) < 0) at--;
    best.splice(at, 0, i);
    if (best.length > k) best.pop();
  }
  return best;
}
