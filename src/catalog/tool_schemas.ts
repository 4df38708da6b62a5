/**
 * zod schemas of the AI tool use cases: search, details, comparison, alternatives, recommendation
 * and categories. Shared parameters and record parts are in `schemas.ts`.
 *
 * @module
 */
import { z } from "zod";
import {
  ContentFlagsOutput,
  distinctIds,
  limitParam,
  MAX_OFFSET,
  ModeParam,
  PricingFilter,
  ResultRating,
  SafeParam,
  SortParam,
  SourceAttribution,
  TaxonomyPlacement,
  textParam,
} from "./schemas.ts";

/** Input of `searchTools` (GET /api/v1/tools, svc_tools_search). */
export const SearchToolsInput = z.object({
  q: textParam("Free-text search query").optional(),
  slug: z.string().trim().min(1).max(200).describe("Return only the tool with this slug")
    .optional(),
  category: z.string().trim().min(1).max(200).describe(
    "Category name, slug or alias (an old source label, e.g. Image Generators)",
  ).optional(),
  pricing: PricingFilter.optional(),
  facetId: z.string().trim().min(1).max(100).describe("Taxonomy facet id, e.g. build")
    .optional(),
  subcategoryId: z.string().trim().min(1).max(100).describe("Taxonomy subcategory id")
    .optional(),
  leafId: z.string().trim().min(1).max(100).describe("Taxonomy leaf id").optional(),
  mode: ModeParam,
  safe: SafeParam,
  sort: SortParam,
  limit: limitParam(50, 10),
  offset: z.number().int().min(0).max(MAX_OFFSET).default(0).describe(
    `Results to skip, 0-${MAX_OFFSET} (default 0)`,
  ),
}).strict();

/** One AI tool as search, compare and recommendation results show it. */
export const ToolRecord = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable().describe("The tool's own site; null when no source gives it"),
  pricing: z.string().describe(
    "Pricing model: free, freemium, free_trial, paid, contact, open_source, or unknown",
  ),
  category: z.string(),
  tags: z.array(z.string()),
  hasFreeTier: z.boolean(),
  keyFeatures: z.array(z.string()),
  svcUrl: z.string().describe("Page of the tool on the public site"),
});
/** A tool record. */
export type ToolRecord = z.infer<typeof ToolRecord>;

/** Response of an AI tool search: the page of results and the number of matches. */
export const SearchToolsOutput = z.object({
  results: z.array(ToolRecord.extend({ rating: ResultRating })),
  total: z.number().int().describe("Number of tools matching the query and filters"),
});

/** Input of `getTool` (GET /api/v1/tools/{slug}, svc_tools_details). */
export const ToolDetailsInput = z.object({
  slug: z.string().trim().min(1).max(200).describe("Tool slug"),
}).strict();

const Derived = z.string().describe(
  "How a derived list was made (no source states it): e.g. taxonomy-leaf-and-vector-neighbours",
);

/** Why a tool is listed as an alternative of another (`alternatives.ts`), added to its record. */
const AlternativeWhy = {
  reason: z.string().describe(
    "Why it is listed, e.g. same leaf: Meeting Assistants; similar description (0.82); listed by 3 sources",
  ),
  similarity: z.number().nullable().describe(
    "Cosine similarity of the two tools' sentence embeddings, 0-1; null when the catalog has no vectors",
  ),
  sharedLeafId: z.string().nullable().describe(
    "A taxonomy leaf both tools are filed under, or null",
  ),
};

/** One alternative in a details record or a comparison: a link with the reason it is listed. */
export const AlternativeLink = z.object({
  slug: z.string(),
  name: z.string(),
  svcUrl: z.string(),
  ...AlternativeWhy,
});

/** Full details of one tool. */
export const ToolDetailsOutput = ToolRecord.extend({
  longDescription: z.string().nullable(),
  content: ContentFlagsOutput,
  notes: z.array(z.string()).describe(
    "What the merge rules decided where sources disagree (pricing, free tier, description, URL)",
  ),
  priceText: z.string().nullable().describe("Price as the source writes it, e.g. 20/mo"),
  pricingTiers: z.array(z.object({
    name: z.string(),
    price: z.string().nullable(),
    derived: z.boolean(),
  })).describe("Plans; derived from the pricing model and price text, since no source lists plans"),
  categories: z.array(z.string()),
  useCases: z.array(z.string()),
  integrations: z.object({
    items: z.array(z.string()),
    derived: z.literal(true),
    method: Derived,
  }),
  competitors: z.object({
    items: z.array(AlternativeLink).describe(
      "Alternatives, best first: the first items of /tools/alternatives for this tool",
    ),
    derived: z.boolean(),
    method: Derived,
  }),
  reviews: z.array(z.object({
    source: z.string(),
    rating: z.number().nullable(),
    count: z.number().nullable(),
    url: z.string().nullable(),
  })),
  taxonomy: TaxonomyPlacement.nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  sources: z.array(SourceAttribution),
  provenance: z.record(z.string(), z.string()),
  evidence: z.record(
    z.string(),
    z.array(z.object({
      source: z.string(),
      sourceId: z.string(),
      value: z.union([z.string(), z.boolean()]),
      statedAt: z.string().describe("YYYY-MM-DD: the record's own time, else its dump's date"),
      status: z.enum(["chosen", "agrees", "superseded", "overruled"]),
    })),
  ).describe(
    "Dated statements of each field more than one source stated (url, name, pricing, hasFreeTier): the newest explicit statement wins; older ones that disagree are superseded, same-age ones that lost by agreement overruled",
  ),
});

/** Input of `compareTools`. */
export const CompareToolsInput = z.object({
  slugs: distinctIds("tool slugs", 200),
}).strict();

/** Side-by-side comparison of tools. */
export const CompareToolsOutput = z.object({
  tools: z.array(ToolRecord.extend({
    priceText: z.string().nullable(),
    rating: z.number().nullable(),
    reviewCount: z.number().nullable(),
  })),
  pricing: z.array(z.object({
    slug: z.string(),
    pricing: z.string(),
    priceText: z.string().nullable(),
    hasFreeTier: z.boolean(),
  })),
  features: z.object({
    shared: z.array(z.string()).describe("Features every compared tool lists"),
    byTool: z.record(z.string(), z.array(z.string())).describe("Features only this tool lists"),
  }),
  reviews: z.array(z.object({
    slug: z.string(),
    rating: z.number().nullable(),
    count: z.number().nullable(),
  })),
  alternatives: z.object({
    items: z.array(AlternativeLink.extend({
      alternativeTo: z.array(z.string()).describe("Slugs of the compared tools it is listed for"),
    })).describe(
      "Also consider: alternatives of the compared tools (not of their vendors), those of most of them first",
    ),
    derived: z.literal(true),
    method: Derived,
  }),
});

/** Input of `toolAlternatives`. */
export const AlternativesInput = z.object({
  slug: z.string().trim().min(1).max(200).describe("Tool slug"),
  safe: SafeParam,
  limit: limitParam(50, 10),
}).strict();

/** Alternatives of a tool. */
export const AlternativesOutput = z.object({
  tool: z.object({ slug: z.string(), name: z.string(), category: z.string(), svcUrl: z.string() }),
  alternatives: z.array(ToolRecord.extend(AlternativeWhy)),
  derived: z.boolean().describe("True: no source lists competitors; the list is computed"),
  method: Derived,
});

/** Input of `recommendTools`. */
export const RecommendInput = z.object({
  query: textParam("Description of the task, e.g. turn meeting recordings into notes"),
  safe: SafeParam,
  limit: limitParam(20, 5),
}).strict();

/** Response of a recommendation: the best-fitting tools, each with a confidence. */
export const RecommendOutput = z.object({
  summary: z.string().describe("One-sentence overview of the answer"),
  recommendations: z.array(z.object({
    slug: z.string(),
    name: z.string(),
    reason: z.string(),
    confidence: z.enum(["high", "medium", "low"]),
    svcUrl: z.string(),
  })),
});

/** Input of `listCategories` (no parameters). */
export const CategoriesInput = z.object({}).strict();

/** Every AI tool category with its tool count. */
export const CategoriesOutput = z.object({
  categories: z.array(z.object({
    name: z.string(),
    slug: z.string(),
    aliases: z.array(z.string()).describe(
      "Old source labels of this category (lowercase), accepted by the category filter",
    ),
    toolCount: z.number().int(),
    mainLeaf: z.object({
      id: z.string(),
      name: z.string(),
      path: z.array(z.string()).describe("Facet, subcategory and leaf ids"),
      toolCount: z.number().int().describe("Tools of this category placed in that leaf"),
    }).nullable().describe(
      "The taxonomy leaf holding most of this category's tools (primary placements)",
    ),
  })),
  total: z.number().int().describe("Number of categories"),
});
