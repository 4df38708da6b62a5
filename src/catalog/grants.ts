/**
 * What the caller's tier allows, as the catalog use cases read it. The HTTP layer passes the
 * caller's tier entitlements (`src/access/tiers.ts`, which fit {@link Grants}); callers without
 * access control (tests, scripts, the evaluation) get {@link ALL_GRANTS}.
 *
 * @module
 */

/** The entitlements a use case reads. */
export interface Grants {
  /** Semantic and hybrid ranking; without it a search is ranked lexically (BM25 only). */
  readonly semanticSearch: boolean;
}

/** Every grant: a caller without access control. */
export const ALL_GRANTS: Grants = { semanticSearch: true };

/**
 * The search input a caller may run: without `semanticSearch` it is ranked lexically whatever
 * `mode` it asks for. An input that is not an object is returned as it is (validation rejects
 * it).
 *
 * @param input the search input (REST query or MCP arguments)
 * @param grants the caller's grants
 * @returns the input to validate and run
 * @example
 * ```ts
 * searchInputFor({ q: "x", mode: "hybrid" }, { semanticSearch: false }); // { q: "x", mode: "lexical" }
 * ```
 */
export function searchInputFor(input: unknown, grants: Grants): unknown {
  if (grants.semanticSearch) return input;
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  return { ...input, mode: "lexical" };
}
