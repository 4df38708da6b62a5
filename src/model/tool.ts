/**
 * An AI tool as the catalog keeps it ({@link CatalogTool}).
 *
 * @module
 */
import { z } from "zod";
import { ContentFlags } from "./content.ts";
import { FieldStatement, SourceRef } from "./source.ts";
import { Placement } from "./taxonomy.ts";

/**
 * Pricing models of an AI tool. As a search filter, `free` matches every tool with a free tier;
 * any other value matches that model.
 */
export const PRICING_MODELS = [
  "free",
  "freemium",
  "free_trial",
  "paid",
  "contact",
  "open_source",
] as const;

/** One pricing model, see {@link PRICING_MODELS}. */
export const PricingModel = z.enum(PRICING_MODELS);
/** See {@link PricingModel}. */
export type PricingModel = z.infer<typeof PricingModel>;

/** A review or rating summary one source gives for a tool. */
export const ToolReview = z.object({
  source: z.string(),
  /** Average rating, 0-5. */
  rating: z.number().exactOptional(),
  /** Number of reviews behind the rating. */
  count: z.number().exactOptional(),
  /** Link to the review page. */
  url: z.string().exactOptional(),
});
/** See {@link ToolReview}. */
export type ToolReview = z.infer<typeof ToolReview>;

/** An AI tool after deduplication across sources (website domain + normalized name). */
export const CatalogTool = z.object({
  /** Unique URL-safe id, e.g. `"leonardo-ai"`. */
  slug: z.string(),
  name: z.string(),
  /** Other names sources give the tool ("Runway" for "Runwayml"), for name matching. */
  aliases: z.array(z.string()).exactOptional(),
  /** Short description (first source with one, by source priority). */
  description: z.string(),
  /** Longest description any source gives (for search and the details page). */
  longDescription: z.string().exactOptional(),
  /** The tool's own site, or `null` when no source gives one (ai-collection links are redirects). */
  url: z.string().nullable(),
  /** Pricing model, or `"unknown"` when no source states one (never guessed). */
  pricing: z.union([PricingModel, z.literal("unknown")]),
  priceText: z.string().exactOptional(),
  /**
   * Main category. In the catalog: a canonical category of `data/tool_categories.json`, from the
   * sources' labels by priority, else from the taxonomy leaf (`src/ingest/tool_categories.ts`);
   * before that step, the merge's main source label.
   */
  category: z.string(),
  /** The canonical categories of all the sources' labels, `category` first. */
  categories: z.array(z.string()),
  /** Tags of the sources, then their category labels in their own words. */
  tags: z.array(z.string()),
  /** True when a source says the tool is free, freemium, open source or offers a free version. */
  hasFreeTier: z.boolean(),
  keyFeatures: z.array(z.string()),
  useCases: z.array(z.string()),
  reviews: z.array(ToolReview),
  createdAt: z.string().exactOptional(),
  updatedAt: z.string().exactOptional(),
  socialLinks: z.array(z.string()),
  /** Every source record merged into this tool. */
  sources: z.array(SourceRef),
  /** Field name → id of the source its value came from. */
  provenance: z.record(z.string(), z.string()),
  /**
   * What the merge rules decided where sources disagree or a field was filled from another
   * field, in words (e.g. `"hasFreeTier: false, since aitoolhouse states free_trial explicitly;
   * autoventure (free) overruled"`).
   */
  factNotes: z.array(z.string()).exactOptional(),
  /**
   * Dated statements of the fields that more than one source stated (`url`, `name`, `pricing`,
   * `hasFreeTier`), each marked `chosen`, `agrees`, `superseded` or `overruled`: the field
   * takes the newest explicit statement (`src/ingest/evidence.ts`).
   */
  evidence: z.record(z.string(), z.array(FieldStatement)).exactOptional(),
  /** Fields whose value differs from a merge by source priority alone (for the ingest report). */
  ruleChanges: z.array(z.enum(["pricing", "hasFreeTier"])).exactOptional(),
  /** Taxonomy placement (primary and secondary leaves with method and score). */
  taxonomy: Placement.exactOptional(),
  /** Adult and spam signals found at ingest (`src/ingest/content_flags.ts`). */
  content: ContentFlags.exactOptional(),
});
/** See {@link CatalogTool}. */
export type CatalogTool = z.infer<typeof CatalogTool>;
