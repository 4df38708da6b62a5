/**
 * Adapter for LiteLLM's price file, as mirrored by RoCry/llm-api-price:
 * `llm-prices/litellm/model_prices_and_context_window.json`. One object per model key plus a
 * top-level `last_updated` time (the mirror's addition) and a `sample_spec` key that documents the
 * format (not a model, so neither read nor counted). Format: the file's `sample_spec` and
 * https://github.com/BerriAI/litellm/blob/main/model_prices_and_context_window.json.
 *
 * - Units: `*_cost_per_token` is USD per token, converted to USD per million tokens (× 1e6,
 *   rounded to 12 significant digits).
 * - Fields: `input_cost_per_token`, `output_cost_per_token`, `cache_read_input_token_cost`,
 *   `cache_creation_input_token_cost` (5-minute cache write), `cache_creation_input_token_cost_
 *   above_1hr` (1-hour cache write), `max_input_tokens` (else `max_tokens`) → context window,
 *   `max_output_tokens`.
 * - Long-context tiers: every `<field>_above_<N>k_tokens` key (200k, 272k, 128k, 256k, 512k ...)
 *   gives a {@link PriceTier} at N × 1000 tokens; `_priority`, `_flex` and `_batches` variants are
 *   other service tiers and are ignored. A `tiered_pricing` list of `{ range: [from, to], ... }`
 *   (DashScope) gives the first range as base prices and each later range as a tier from `from`.
 * - Web search: `search_context_cost_per_query` gives a per-call fee per search context size; the
 *   `search_context_size_medium` fee is used (OpenAI's default size), else `low`, else `high`.
 * - Only `chat`, `completion` and `responses` modes are LLM text generation; every other mode
 *   (embedding, image, audio, rerank, search, OCR ...) is skipped as `not_llm`.
 * - `deprecation_date` on or before today marks the record `deprecated`.
 * - Date of the statement: the top-level `last_updated` of the mirror, the time it last synced
 *   LiteLLM's file (`synced`, basis `file`: the same for every record, not a per-model check);
 *   without it, the dump's date {@link LITELLM_DUMP_DATE} (basis `dump`).
 * - Provider: `litellm_provider` mapped by `../first_party.ts`; the model id is the key without
 *   its `provider/` path (`gemini/gemini-2.5-pro` → `gemini-2.5-pro`).
 *
 * Skips: `not_first_party`, `not_list_price`, `not_llm`, `regional_variant`, `no_price` (no input
 * or output price), `invalid_record` (not an object, or no provider).
 *
 * @module
 */
import { isRecord, readJsonOrSkip } from "../clean.ts";
import { checkFirstParty, isRegionalVariant } from "../first_party.ts";
import {
  dateStatement,
  dayOf,
  isoDay,
  perTokenToPerMTok,
  readAmount,
  roundPrice,
} from "../price_util.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter } from "../types.ts";
import type { PriceTier, SourcePrice } from "../../model/price.ts";
import type { SourceInfo } from "../../model/source.ts";

/** Attribution of the source, as in `llm-prices/SOURCES.md`. */
export const LITELLM_INFO: SourceInfo = {
  id: "litellm",
  name: "LiteLLM model prices (RoCry/llm-api-price mirror)",
  kind: "llm-prices",
  publisher:
    "RoCry/llm-api-price @ 8442b939 (2026-07-24), a verbatim mirror of BerriAI/litellm's price file with one extra top-level key `last_updated`",
  license: "MIT (LiteLLM)",
  path: "llm-prices/litellm/model_prices_and_context_window.json",
  role: "catalog",
  priority: { default: 3 },
  family: "litellm",
};

/** Commit date of the dump (`llm-prices/SOURCES.md`), used when the file has no `last_updated`. */
export const LITELLM_DUMP_DATE = "2026-07-24";

/** Modes kept as LLM text generation. */
export const LLM_MODES: ReadonlySet<string> = new Set(["chat", "completion", "responses"]);

/** Which `search_context_cost_per_query` size gives `webSearchPerCall`, in order of preference. */
export const SEARCH_CONTEXT_SIZES = [
  "search_context_size_medium",
  "search_context_size_low",
  "search_context_size_high",
] as const;

/** Options of {@link litellmAdapter}. */
export interface LitellmOptions {
  /** Reference time for deprecation dates (default: the current time). */
  now?: Date;
}

/** Token-price fields shared by {@link SourcePrice} and {@link PriceTier}. */
type PriceField = "inputPerMTok" | "outputPerMTok" | "cacheReadPerMTok" | "cacheWritePerMTok";

const TIER_FIELDS: [string, PriceField][] = [
  ["input_cost_per_token", "inputPerMTok"],
  ["output_cost_per_token", "outputPerMTok"],
  ["cache_read_input_token_cost", "cacheReadPerMTok"],
  ["cache_creation_input_token_cost", "cacheWritePerMTok"],
];

/**
 * Builds the LiteLLM adapter.
 *
 * @param options `now`: the reference time for `deprecation_date` (default: now)
 * @returns an adapter whose `read` returns one {@link SourcePrice} per first-party LLM key;
 *   `read` throws `Deno.errors.NotFound` when the file is missing
 */
export function litellmAdapter(options: LitellmOptions = {}): SourceAdapter<SourcePrice> {
  return {
    info: LITELLM_INFO,
    async read(root: string, report: SourceReport): Promise<SourcePrice[]> {
      const today = dayOf(options.now ?? new Date());
      const data = await readJsonOrSkip(`${root}/${LITELLM_INFO.path}`, report, {
        anyReadError: true,
      });
      if (data === undefined) return [];
      if (!isRecord(data)) {
        report.read();
        report.skip("invalid_record");
        return [];
      }
      const lastUpdated = typeof data.last_updated === "string"
        ? new Date(data.last_updated)
        : undefined;
      const syncedAt = lastUpdated && !Number.isNaN(lastUpdated.getTime())
        ? lastUpdated.toISOString()
        : undefined;
      const out: SourcePrice[] = [];
      for (const [key, value] of Object.entries(data)) {
        if (key === "last_updated" || key === "sample_spec") continue;
        report.read();
        const record = readEntry(key, value, today);
        if (typeof record === "string") {
          report.skip(record);
          continue;
        }
        if (syncedAt !== undefined) {
          dateStatement(
            record,
            syncedAt,
            "synced",
            "file",
            "LiteLLM mirror last_updated: when RoCry/llm-api-price last synced LiteLLM's price " +
              "file (the same for every model), not a per-model price check",
          );
        } else {
          dateStatement(
            record,
            LITELLM_DUMP_DATE,
            "synced",
            "dump",
            "LiteLLM mirror dump date (RoCry/llm-api-price @ 8442b939): the file states no time",
          );
        }
        report.keep();
        out.push(record);
      }
      return out;
    },
  };
}

/** One key → a record, or the skip reason. */
function readEntry(key: string, value: unknown, today: string): SourcePrice | string {
  if (!isRecord(value) || typeof value.litellm_provider !== "string") return "invalid_record";
  const model = key.includes("/") ? key.slice(key.lastIndexOf("/") + 1) : key;
  if (model.trim() === "") return "invalid_record";
  const check = checkFirstParty("litellm", value.litellm_provider, key);
  if (!check.ok) return check.reason;
  if (typeof value.mode !== "string" || !LLM_MODES.has(value.mode)) return "not_llm";
  if (isRegionalVariant(key)) return "regional_variant";

  const record: SourcePrice = {
    source: LITELLM_INFO.id,
    sourceId: key,
    provider: check.provider,
    model,
  };
  const tiers = new Map<number, PriceTier>();
  const tier = (start: number): PriceTier => {
    const t = tiers.get(start) ?? { thresholdTokens: start };
    tiers.set(start, t);
    return t;
  };
  for (const [field, target] of TIER_FIELDS) {
    const base = perTokenToPerMTok(value[field]);
    if (base !== undefined) record[target] = base;
  }
  // `<field>_above_<N>k_tokens`, e.g. input_cost_per_token_above_200k_tokens
  for (const [k, v] of Object.entries(value)) {
    const m = /^(.+)_above_(\d+)k_tokens$/.exec(k);
    if (!m) continue;
    const target = TIER_FIELDS.find(([f]) => f === m[1])?.[1];
    const price = perTokenToPerMTok(v);
    if (target === undefined || price === undefined) continue;
    tier(Number(m[2]) * 1000)[target] = price;
  }
  if (Array.isArray(value.tiered_pricing)) {
    const ranges = value.tiered_pricing
      .filter((t) => isRecord(t) && Array.isArray(t.range))
      .map((t) => t as Record<string, unknown> & { range: unknown[] })
      .sort((a, b) => (readAmount(a.range[0]) ?? 0) - (readAmount(b.range[0]) ?? 0));
    ranges.forEach((r, i) => {
      const from = readAmount(r.range[0]);
      if (from === undefined) return;
      for (const [field, target] of TIER_FIELDS) {
        const price = perTokenToPerMTok(r[field]);
        if (price === undefined) continue;
        if (i === 0 && from === 0) record[target] ??= price;
        else tier(from)[target] = price;
      }
    });
  }
  if (record.inputPerMTok === undefined && record.outputPerMTok === undefined) return "no_price";
  const sorted = [...tiers.values()].filter((t) => Object.keys(t).length > 1);
  if (sorted.length > 0) {
    record.tiers = sorted.sort((a, b) => a.thresholdTokens - b.thresholdTokens);
  }

  const write1h = perTokenToPerMTok(value.cache_creation_input_token_cost_above_1hr);
  if (write1h !== undefined) record.cacheWrite1hPerMTok = write1h;
  const search = value.search_context_cost_per_query;
  if (isRecord(search)) {
    for (const size of SEARCH_CONTEXT_SIZES) {
      const fee = readAmount(search[size]);
      if (fee !== undefined) {
        record.webSearchPerCall = roundPrice(fee);
        break;
      }
    }
  }
  const context = readAmount(value.max_input_tokens) ?? readAmount(value.max_tokens);
  if (context !== undefined && context > 0) record.contextWindow = context;
  const maxOut = readAmount(value.max_output_tokens);
  if (maxOut !== undefined && maxOut > 0) record.maxOutputTokens = maxOut;
  const deprecation = isoDay(value.deprecation_date);
  if (deprecation !== undefined && deprecation <= today) record.deprecated = true;
  return record;
}

/** The adapters of this module (one: LiteLLM, deprecations judged against today). */
export const adapters: SourceAdapter<SourcePrice>[] = [litellmAdapter()];
