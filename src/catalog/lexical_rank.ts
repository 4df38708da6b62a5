/**
 * The re-ranking of lexical candidates (`store_lexical.ts`): spam last, the entries the query
 * names first, then text relevance with the authority prior; and the quickselect that cuts a
 * pass's candidates. Pure functions over numbers, no SQL.
 *
 * @module
 */

/** A lexical candidate after re-ranking. */
export interface LexicalHit {
  id: number;
  /** {@link rankLexical} score with the authority prior (exact name matches score above 10). */
  score: number;
  /** The text relevance alone: `bm25 / max(bm25) + 0.5·[all terms matched]`. */
  relevance: number;
  /** True when one of the entry's names equals the query. */
  exact: boolean;
  /** True when the entry matched every term of the query. */
  allTerms: boolean;
  /** How strongly the query names the entry (see {@link Candidate.strength}). */
  strength: number;
  /** The entry's authority prior. */
  authority: number;
  /** True for spam, parked or placeholder entries (ranked last). */
  spam: boolean;
}

/** All lexical candidates of a query, best first, and the number of entries matching any term. */
export interface LexicalResult {
  ranked: LexicalHit[];
  total: number;
}

/** One FTS candidate before re-ranking. */
export interface Candidate {
  id: number;
  /** Negated BM25 (higher is better). */
  bm25: number;
  /** True when the document matched every term. */
  allTerms: boolean;
  /** The entry's authority prior (`authority.ts`). */
  authority: number;
  /**
   * How strongly the query names the entry (`name_keys.ts`): 0 not at all, 1 one of its names,
   * 2 the product its vendor publishes it for, or a reference server's folder.
   */
  strength: number;
  /** True for spam, parked or placeholder entries. */
  spam: boolean;
}

/**
 * Orders lexical candidates: spam last; entries the query names first (the product's vendor or
 * reference server before other entries of that name; among each, by authority); then by
 * `relevance + weight·authority`, where `relevance = bm25 / max(bm25) + 0.5·[all terms matched]`.
 *
 * @param candidates candidates from the FTS passes
 * @param weight weight of the authority prior (`AUTHORITY_WEIGHT` of the corpus)
 * @returns the candidates with their scores, best first
 */
export function rankLexical(candidates: Candidate[], weight: number): LexicalHit[] {
  const max = Math.max(1e-9, ...candidates.map((c) => c.bm25));
  return candidates
    .map((c) => {
      const relevance = c.bm25 / max + (c.allTerms ? 0.5 : 0);
      return {
        id: c.id,
        relevance,
        score: (c.strength > 0 ? 10 * c.strength + 2 * c.authority : 0) + relevance +
          weight * c.authority,
        exact: c.strength > 0,
        allTerms: c.allTerms,
        strength: c.strength,
        authority: c.authority,
        spam: c.spam,
      };
    })
    .sort((a, b) => Number(a.spam) - Number(b.spam) || b.score - a.score || a.id - b.id);
}

/**
 * The k-th largest number of an array (k from 1), by quickselect; reorders the array.
 *
 * @param values the numbers (at least `k` of them)
 * @param k rank from the top
 * @returns the value
 */
export function kthLargest(values: Float64Array, k: number): number {
  let lo = 0, hi = values.length - 1;
  const target = values.length - k;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo, j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return values[target]!;
  }
  return values[target]!;
}
