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

/**
 * What the date of a price statement is (see `docs/llm-prices.md`):
 * - `checked`: a maintainer checked this model's price against the provider's page that day
 *   (genai-prices `prices_checked`); the only kind that makes a price "verified";
 * - `effective`: the day the price took effect, as the source records it (simonw/llm-prices
 *   `from_date`, a genai-prices `start_date`);
 * - `released`: the model's own release or update date (models.dev `last_updated`), not a check;
 * - `synced`: the day the file was copied or synced (LiteLLM mirror `last_updated`, or the dump's
 *   date from `llm-prices/SOURCES.md` for a record that carries no date of its own).
 */
export const DateKind = z.enum(["checked", "effective", "released", "synced"]);
/** See {@link DateKind}. */
export type DateKind = z.infer<typeof DateKind>;

/**
 * Where a statement's date comes from: the `record` itself (a per-model date), the source `file`
 * (a time the file states for all its records), or only the `dump` (the commit date that
 * `llm-prices/SOURCES.md` gives). A dump-dated statement says only that the source still carried
 * the figure that day, so the merge ranks it after every statement dated by its record or file.
 */
export const DateBasis = z.enum(["record", "file", "dump"]);
/** See {@link DateBasis}. */
export type DateBasis = z.infer<typeof DateBasis>;

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
  /** Provider's pricing page. */
  pricingUrl: z.string().exactOptional(),
  deprecated: z.boolean().exactOptional(),
  /** ISO date the model was released. */
  releaseDate: z.string().exactOptional(),
});

/** One model's list price as one source describes it: one dated statement. */
export const SourcePrice = _PriceFields.extend({
  source: z.string(),
  sourceId: z.string(),
  /** Day the statement was made, `YYYY-MM-DD` (see {@link DateKind}); absent = undated. */
  statedAt: z.iso.date().exactOptional(),
  dateKind: DateKind.exactOptional(),
  dateBasis: DateBasis.exactOptional(),
  /** What `statedAt` means for this source, e.g. "genai-prices prices_checked: ...". */
  dateMeaning: z.string().exactOptional(),
});
/** See {@link SourcePrice}. */
export type SourcePrice = z.infer<typeof SourcePrice>;

/**
 * What became of one source's statement of the headline figure (input and output price):
 * `chosen` (it is the headline), `agrees` (same figure), `superseded` (an older, other figure),
 * `overruled` (another figure of about the same age that lost by agreement).
 */
export const StatementStatus = z.enum(["chosen", "agrees", "superseded", "overruled"]);
/** See {@link StatementStatus}. */
export type StatementStatus = z.infer<typeof StatementStatus>;

/** One source's dated statement of a model's price, as the catalog keeps it (provenance). */
export const PriceStatement = z.object({
  source: z.string(),
  sourceId: z.string(),
  /** `YYYY-MM-DD`; `null` when the source dates nothing (never for the bundled sources). */
  statedAt: z.string().nullable(),
  dateKind: DateKind.nullable(),
  dateBasis: DateBasis.nullable(),
  inputPerMTok: z.number().nullable(),
  outputPerMTok: z.number().nullable(),
  cacheReadPerMTok: z.number().nullable(),
  webSearchPerCall: z.number().nullable(),
  status: StatementStatus,
  /** True for a cross-check-only source (a reseller): judged, never chosen. */
  crossCheck: z.boolean(),
});
/** See {@link PriceStatement}. */
export type PriceStatement = z.infer<typeof PriceStatement>;

/** How the headline figure was decided (counted in the ingest report). */
export const HeadlineRule = z.enum(["only", "newest", "agreement", "priority"]);
/** See {@link HeadlineRule}. */
export type HeadlineRule = z.infer<typeof HeadlineRule>;

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
  /**
   * Day of a real per-model price check of the headline figure (`dateKind` `checked`); absent
   * when no source checked it. Never a sync, release or effective date.
   */
  verifiedAt: z.string().exactOptional(),
  /** What `verifiedAt` means (set only with it). */
  verifiedMeaning: z.string().exactOptional(),
  /** Day of the headline figure's best dated statement (a check if any, else the newest). */
  asOf: z.string().exactOptional(),
  /** What kind of date `asOf` is. */
  dateKind: DateKind.exactOptional(),
  /** What `asOf` means for its source. */
  dateMeaning: z.string().exactOptional(),
  /** How the headline figure was decided among the sources. */
  headlineRule: HeadlineRule.exactOptional(),
  /** Every source's dated statement with its status, newest first. */
  statements: z.array(PriceStatement).exactOptional(),
  /** No longer served by the provider (end of life passed), with the evidence. */
  retired: z.boolean().exactOptional(),
  /** Evidence of `deprecated`/`retired`: which sources or document say so. */
  lifecycleEvidence: z.array(z.string()).exactOptional(),
});
/** See {@link CatalogPrice}. */
export type CatalogPrice = z.infer<typeof CatalogPrice>;
