/**
 * zod schemas of the LLM price list (`prices.ts`): its input, one price record with its dated
 * statements, and the list. Money in USD per million tokens; web search in USD per call.
 *
 * @module
 */
import { z } from "zod";
import { textParam } from "./schemas.ts";

/** Columns prices can be sorted by. */
export const PRICE_SORTS = ["provider", "input", "output", "cached", "context"] as const;
/** One price sort column, see {@link PRICE_SORTS}. */
export type PriceSort = typeof PRICE_SORTS[number];
/** A sort direction. */
export type SortDir = "asc" | "desc";

/** Input of `listPrices`. */
export const PricesInput = z.object({
  provider: z.string().trim().min(1).max(100).describe("Provider id, e.g. openai, anthropic")
    .optional(),
  model: z.string().trim().min(1).max(200).describe("Exact model id, e.g. gpt-4o").optional(),
  q: textParam("Substring of the model id or name").optional(),
  sort: z.enum(PRICE_SORTS).describe(
    "Sort by provider name, input, output or cached-input price, or context window; models " +
      "without that figure come last, and deprecated or retired models after current ones " +
      "(default: current models by provider id, then model id; then the deprecated ones)",
  ).optional(),
  dir: z.enum(["asc", "desc"]).default("asc").describe(
    "Sort direction with sort: asc (default) or desc",
  ),
  limit: z.number().int().min(1).max(500).default(100).describe(
    "Number of results, 1-500 (default 100)",
  ),
}).strict();

const money = z.number().nullable();
/** Kinds of a price's date, see `DateKind` in `src/model/price.ts`. */
export const PRICE_DATE_KINDS = ["checked", "effective", "released", "synced"] as const;
/** One first-party LLM price. Money in USD per million tokens; web search in USD per call. */
export const PriceRecord = z.object({
  id: z.string(),
  provider: z.string(),
  providerName: z.string(),
  model: z.string(),
  name: z.string().nullable(),
  inputPerMTok: money,
  outputPerMTok: money,
  cacheReadPerMTok: money,
  cacheWritePerMTok: money,
  cacheWrite1hPerMTok: money,
  tiers: z.array(z.object({
    thresholdTokens: z.number(),
    inputPerMTok: z.number().optional(),
    outputPerMTok: z.number().optional(),
    cacheReadPerMTok: z.number().optional(),
    cacheWritePerMTok: z.number().optional(),
  })),
  webSearchPerCall: money,
  contextWindow: z.number().nullable(),
  maxOutputTokens: z.number().nullable(),
  verifiedAt: z.string().nullable().describe(
    "Day a source checked this model's headline price against the provider's page; null " +
      "without a real check (never a sync or release date)",
  ),
  verifiedMeaning: z.string().nullable().describe("What verifiedAt means (null without it)"),
  asOf: z.string().nullable().describe(
    "Day of the headline figure's best dated statement (the check when there is one)",
  ),
  dateKind: z.enum(PRICE_DATE_KINDS).nullable().describe(
    "What asOf is: checked (a per-model price check), effective (the day the price took " +
      "effect), released (the model's release or update date), synced (the day a source file " +
      "was synced or copied)",
  ),
  dateMeaning: z.string().nullable().describe("What asOf means for its source"),
  headlineRule: z.enum(["only", "newest", "agreement", "priority"]).nullable().describe(
    "How the input/output figure was chosen: only (one source), newest (the newest dated " +
      "statement), agreement (most sources among statements of about the same age), priority " +
      "(a tie of the same day, broken by source priority)",
  ),
  statements: z.array(z.object({
    source: z.string(),
    sourceId: z.string(),
    statedAt: z.string().nullable(),
    dateKind: z.enum(PRICE_DATE_KINDS).nullable(),
    dateBasis: z.enum(["record", "file", "dump"]).nullable(),
    inputPerMTok: money,
    outputPerMTok: money,
    cacheReadPerMTok: money,
    webSearchPerCall: money,
    status: z.enum(["chosen", "agrees", "superseded", "overruled"]),
    crossCheck: z.boolean(),
  })).describe(
    "Every source's dated statement of the price, newest first: chosen, agrees, superseded " +
      "(older, another figure) or overruled (same age, lost by agreement)",
  ),
  pricingUrl: z.string().nullable(),
  deprecated: z.boolean().describe("A source says deprecated, or the model is retired"),
  retired: z.boolean().describe("The provider no longer serves the model (end of life passed)"),
  lifecycleEvidence: z.array(z.string()).describe("Who says deprecated or retired"),
  corroboratedBy: z.array(z.string()),
  disagreements: z.array(z.object({
    field: z.string(),
    values: z.array(z.object({ source: z.string(), value: z.number() })),
  })),
  sources: z.array(z.string()),
  provenance: z.record(z.string(), z.string()),
});
/** A price record. */
export type PriceRecord = z.infer<typeof PriceRecord>;

/** LLM price list. */
export const PricesOutput = z.object({
  prices: z.array(PriceRecord),
  total: z.number().int(),
  units: z.object({ tokens: z.string(), webSearch: z.string() }),
});
