/**
 * zod schemas the catalog use cases share: the bounds and parameters of searches (query text,
 * `limit`, `mode`, `safe`, `collapse`, `sort`, the pricing filter), the parts of tool and server
 * records (taxonomy placement, content flags, source attribution, users' rating), and the inputs
 * and outputs of the taxonomy and health operations. The schemas of each domain are in
 * `tool_schemas.ts`, `server_schemas.ts` and `price_schemas.ts`; the REST routes and the MCP tools
 * parse with the same input schemas and describe their results with the same output schemas.
 *
 * Bounds: `limit` 1..50, default 10 (recommend 1..20, default 5);
 * comparisons take 2..5 distinct ids.
 *
 * @module
 */
import { z } from "zod";
import { SEARCH_MODES } from "./rank_query.ts";
import { PRICING_MODELS } from "../model/tool.ts";
import { RatingSummary } from "../model/review.ts";

/** Longest accepted free-text query, in characters. */
export const MAX_QUERY_LENGTH = 500;
/**
 * Deepest offset a search may reach: a tool search's `offset`, a server search's cursor (ranking
 * keeps a bounded candidate list).
 */
export const MAX_OFFSET = 1000;

/**
 * The `limit` parameter of a list: an integer from 1 to `max`, `def` when absent.
 *
 * @param max largest accepted value
 * @param def value when the parameter is absent
 * @returns the zod schema (with its description)
 * @example
 * ```ts
 * limitParam(50, 10).parse(undefined); // 10
 * ```
 */
export const limitParam = (max: number, def: number) =>
  z.number().int().min(1).max(max).default(def).describe(
    `Number of results wanted, 1-${max} (default ${def})`,
  );
/**
 * A free-text parameter: trimmed, 1 to {@link MAX_QUERY_LENGTH} characters.
 *
 * @param what its description
 * @returns the zod schema
 * @example
 * ```ts
 * textParam("Free-text search query").parse("  notes "); // "notes"
 * ```
 */
export const textParam = (what: string) =>
  z.string().trim().min(1).max(MAX_QUERY_LENGTH).describe(what);

/** Ranking mode parameter. */
export const ModeParam = z.enum(SEARCH_MODES).default("hybrid").describe(
  "Ranking: lexical (BM25 keywords), semantic (sentence embeddings) or hybrid (reciprocal rank fusion of both; default)",
);

/**
 * Content safety of a search: `on` (default) leaves out adult entries; `off` includes them.
 */
export const SafeParam = z.enum(["on", "off"]).default("on").describe(
  "Content safety: on (default) leaves out adult (NSFW) entries; off includes them",
);

/** Listing collapse of a server search. */
export const CollapseParam = z.boolean().default(true).describe(
  "true (default): one canonical entry per project, with variantCount; false: every listing",
);

/** Result order of a search: relevance (default) or users' rating (`user_reviews.ts`). */
export const SortParam = z.enum(["relevance", "rating"]).default("relevance").describe(
  "Order: relevance (default), or rating: entries with users' reviews first, best rated first (mean with 2 reviews of 3 stars added, then review count), then the rest by relevance; applied to the best 1,050 matches",
);

/** The users' rating of a search result. */
export const ResultRating = RatingSummary.nullable().describe(
  "Users' rating (toolatlas reviews): mean stars and review count; null when not reviewed",
);

/** Pricing filter values: the pricing models plus `free` (any tool with a free tier). */
export const PricingFilter = z.enum(["free", ...PRICING_MODELS.filter((p) => p !== "free")])
  .describe(
    "Pricing model: free (any tool with a free tier), freemium, free_trial, paid, contact, open_source",
  );

/** A source record behind an entry, with the source's name and licence for attribution. */
export const SourceAttribution = z.object({
  source: z.string(),
  sourceId: z.string(),
  name: z.string(),
  license: z.string(),
});

/**
 * 2 to 5 distinct ids (compared case-insensitively), for comparisons.
 *
 * @param noun what the ids are, plural (`tool slugs`), for the description and the error message
 * @param maxLength longest accepted id, in characters
 * @returns the zod schema; parsing fails with "<Noun> must differ" on a repeated id
 * @example
 * ```ts
 * distinctIds("tool slugs", 200).safeParse(["a", "A"]).success; // false
 * ```
 */
export function distinctIds(noun: string, maxLength: number) {
  return z.array(z.string().trim().min(1).max(maxLength)).min(2).max(5)
    .refine(
      (ids) => new Set(ids.map((x) => x.toLowerCase())).size === ids.length,
      `${noun[0]!.toUpperCase()}${noun.slice(1)} must differ`,
    )
    .describe(`2 to 5 distinct ${noun}`);
}

/** Where an entry sits in the taxonomy, and how that was decided. */
export const TaxonomyPlacement = z.object({
  facetId: z.string(),
  subcategoryId: z.string(),
  leafId: z.string(),
  method: z.string().describe(
    "label (hand label), model (learned model overrode the rules), category_map, keywords, embedding or fallback",
  ),
  score: z.number().describe("Confidence of the assignment, 0-1"),
  secondary: z.array(z.object({ leafId: z.string(), method: z.string(), score: z.number() }))
    .describe("Up to two further leaves that also fit"),
});

/** Content flags of an entry, from ingest (`src/ingest/content_flags.ts`). */
export const ContentFlagsOutput = z.object({
  adult: z.boolean().describe("Adult (NSFW): left out of searches unless safe=off"),
  spam: z.boolean().describe("Spam, parked or placeholder: ranked last"),
  reasons: z.array(z.string()).describe('What was found, e.g. source category "Nsfw"'),
});

// ------------------------------------------------------------------ taxonomy

/** Input of `getTaxonomy`. */
export const TaxonomyInput = z.object({
  facetId: z.string().trim().min(1).max(100).describe("Restrict the tree to this facet")
    .optional(),
}).strict();

/** A taxonomy node with counts of primary assignments. */
export interface TaxonomyNodeOut {
  id: string;
  name: string;
  description: string;
  toolCount: number;
  serverCount: number;
  children?: TaxonomyNodeOut[] | undefined;
}

const TaxonomyNode: z.ZodType<TaxonomyNodeOut> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    toolCount: z.number().int(),
    serverCount: z.number().int(),
    children: z.array(TaxonomyNode).optional(),
  })
);

/** The taxonomy tree. */
export const TaxonomyOutput = z.object({
  facets: z.array(TaxonomyNode),
  counts: z.object({ facets: z.number(), subcategories: z.number(), leaves: z.number() }),
});

// ------------------------------------------------------------------ health

/** Which search is live, and how far the semantic index is while it is built in the background. */
export const SearchStatus = z.object({
  mode: z.enum(["hybrid", "lexical"]).describe(
    "Default ranking served now: hybrid (lexical + semantic) or lexical only",
  ),
  semantic: z.enum(["live", "building", "failed", "off"]).describe(
    "live: vectors in use; building: embeddings are being computed in the background (lexical " +
      "search answers meanwhile); failed: the background build stopped; off: a catalog without " +
      "vectors",
  ),
  progress: z.object({
    step: z.string().describe("embedding, classifying, writing or opening"),
    done: z.number().int().describe("Texts embedded so far"),
    total: z.number().int().describe("Texts to embed"),
    textsPerSecond: z.number(),
    etaSeconds: z.number().nullable().describe("Estimated seconds until every text is embedded"),
    error: z.string().optional(),
  }).nullable().describe("Set while building (or after a failure)"),
});

/** Catalog health. */
export const HealthOutput = z.object({
  status: z.literal("ok"),
  builtAt: z.string().nullable(),
  counts: z.object({ tools: z.number(), servers: z.number(), prices: z.number() }),
  unclassifiedTools: z.number(),
  unclassifiedServers: z.number(),
  search: SearchStatus,
});

/** Input of `getHealth` (no parameters). */
export const HealthInput = z.object({}).strict();
