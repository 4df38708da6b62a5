/**
 * What crosses between a search and its ranker: the query ({@link RankQuery}), the page it gets
 * back ({@link RankedPage}, with each entry's {@link Signal}) and who answers ({@link Ranker}: the
 * search thread of `search_thread.ts`, or `rank` in `ranking.ts` itself). Kept apart from
 * `ranking.ts` so that the context (`context.ts`), which holds a ranker, and the search thread
 * need not import the ranking code, which reads the context.
 *
 * @module
 */
import type { ServerFilter, ToolFilter } from "./store.ts";

/** Ranking modes of `mode=`: default `hybrid`. */
export const SEARCH_MODES = ["lexical", "semantic", "hybrid"] as const;
/** One ranking mode. */
export type SearchMode = typeof SEARCH_MODES[number];

/** Hybrid fusion methods: score fusion (default) or reciprocal rank fusion (for comparison). */
export type Fusion = "score" | "rrf";

/** What one ranked entry matched, for reasons and confidence. */
export interface Signal {
  /** Rank in the lexical list (1-based), when it matched words. */
  lexicalRank?: number;
  /** Cosine similarity to the query, when the semantic list holds it. */
  similarity?: number;
  /** Name equals the query. */
  exact: boolean;
  /**
   * How far the first results of hybrid ranking agree on the entry's taxonomy leaf: its leaf's
   * share of their leaf vote over the first leaf's share (1: the leaf most of them are in; 0: no
   * first result in it). Absent in the other modes.
   */
  agreement?: number;
  /**
   * Whether the entry is filed under the leaf the query is most probably about, that leaf being
   * likely enough to be boosted (`confidentLeaf` in `query_leaves.ts`, probability at least the
   * corpus's `leafBoostAt`). Absent when ranking computed no leaf posterior (lexical and semantic
   * modes; servers).
   */
  inQueryLeaf?: boolean;
}

/** A ranked page with each entry's signals. */
export interface RankedPage {
  ids: number[];
  total: number;
  signals: Map<number, Signal>;
  /** The mode actually used (`lexical` when the catalog has no vectors). */
  mode: SearchMode;
}

/** The arguments of `rank` (`ranking.ts`) but the context, as one object (what crosses to a thread). */
export interface RankQuery {
  /** Which table. */
  kind: "tools" | "servers";
  /** Non-blank query. */
  q: string;
  /** Filters applied before ranking (plain data: it is copied to the search thread). */
  filter: ToolFilter | ServerFilter;
  /** Ranking mode asked for (the page says which one was used). */
  mode: SearchMode;
  /** Page size. */
  limit: number;
  /** Entries to skip. */
  offset: number;
  /** Hybrid fusion method. */
  fusion: Fusion;
}

/**
 * Something that ranks on another thread (`search_thread.ts`): `rank` (`ranking.ts`) hands its
 * arguments to it when the context has one. The page it answers carries the signals of the page's
 * entries only.
 */
export interface Ranker {
  /** What `rank` answers for these arguments. */
  rank(query: RankQuery): Promise<RankedPage>;
}
