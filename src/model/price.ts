/**
 * First-party LLM list prices: one model's price as a source gives it ({@link SourcePrice}) and as
 * the catalog keeps it after merging the sources ({@link CatalogPrice}). All money in USD per
 * million tokens, except the web-search fee (USD per call).
 *
 * @module
 */
import { z } from "zod";
import { SourceRef } from "./source.ts";

/** A long-context price tier: from `thresholdTokens` input tokens on, these prices apply. */
export const PriceTier = z.object({
  /** Input-token count at which the tier starts (e.g. 200000). */
  thresholdTokens: z.number(),
  inputPerMTok: z.number().exactOptional(),
  outputPerMTok: z.number().exactOptional(),
  cacheReadPerMTok: z.number().exactOptional(),
  cacheWritePerMTok: z.number().exactOptional(),
});
/** See {@link PriceTier}. */
export type PriceTier = z.infer<typeof PriceTier>;

/** The price fields of one model. */
const _PriceFields = z.object({
  /** Canonical first-party provider id, e.g. `openai`, `anthropic`, `google`, `xai`. */
  provider: z.string(),
  /** Model id as the provider's API names it, e.g. `gpt-4o`, `claude-sonnet-4-5`. */
  model: z.string(),
  /** Display name. */
  name: z.string().exactOptional(),
  inputPerMTok: z.number().exactOptional(),
  outputPerMTok: z.number().exactOptional(),
  /** Price of reading cached input. */
  cacheReadPerMTok: z.number().exactOptional(),
  /** Price of writing the cache (5-minute TTL where the provider distinguishes). */
  cacheWritePerMTok: z.number().exactOptional(),
  /** Price of writing the cache with a 1-hour TTL (Anthropic). */
  cacheWrite1hPerMTok: z.number().exactOptional(),
  tiers: z.array(PriceTier).exactOptional(),
  /** Server-side web-search fee, USD per call, billed on top of tokens. */
  webSearchPerCall: z.number().exactOptional(),
  /** Context window in tokens. */
  contextWindow: z.number().exactOptional(),
  maxOutputTokens: z.number().exactOptional(),
  /** ISO 8601 date or time the source last verified or changed the figure. */
  verifiedAt: z.string().exactOptional(),
  /** What `verifiedAt` means for this source, e.g. "prices_checked date in genai-prices". */
  verifiedMeaning: z.string().exactOptional(),
  /** Provider's pricing page. */
  pricingUrl: z.string().exactOptional(),
  deprecated: z.boolean().exactOptional(),
  /** ISO date the model was released. */
  releaseDate: z.string().exactOptional(),
});

/** One model's list price as one source describes it. */
export const SourcePrice = _PriceFields.extend({
  source: z.string(),
  sourceId: z.string(),
});
/** See {@link SourcePrice}. */
export type SourcePrice = z.infer<typeof SourcePrice>;

/** One model's first-party list price after merging the price sources. */
export const CatalogPrice = _PriceFields.extend({
  /** `"{provider}/{model}"`, unique. */
  id: z.string(),
  /** Display name of the provider, e.g. `"OpenAI"`. */
  providerName: z.string(),
  /** Sources that agree with the chosen input and output price. */
  corroboratedBy: z.array(z.string()),
  /** Fields on which sources disagree, with each source's value. */
  disagreements: z.array(z.object({
    field: z.string(),
    values: z.array(z.object({ source: z.string(), value: z.number() })),
  })),
  sources: z.array(SourceRef),
  /** Field name → source id of the chosen value. */
  provenance: z.record(z.string(), z.string()),
});
/** See {@link CatalogPrice}. */
export type CatalogPrice = z.infer<typeof CatalogPrice>;
