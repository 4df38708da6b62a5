/**
 * Adapter for the OpenRouter model list dump `llm-prices/openrouter/openrouter_models_dump.json`
 * (an OpenRouter `GET /api/v1/models` response kept in anomalyco/models.dev as `models.json`):
 * `{ data: [{ id: "vendor/model", name, context_length, pricing: { prompt, completion,
 * input_cache_read, input_cache_write, web_search, ... }, top_provider: { max_completion_tokens },
 * created }] }`. Format: https://openrouter.ai/docs/api/api-reference/models/get-models.
 *
 * OpenRouter is a RESELLER: its prices are what OpenRouter charges, not the maker's list price.
 * Per `llm-prices/SOURCES.md` it is "useful only to cross-check", so its role is `cross-check`:
 * the merge (`../merge_prices.ts`) uses these records only to corroborate or to show a
 * disagreement, never as a chosen value, and never creates an entry from them alone.
 *
 * - `provider` is the maker parsed from the `vendor/model` id (a leading `~`, OpenRouter's
 *   "latest" alias, removed), mapped by `../first_party.ts`; `model` is the part after `/`.
 * - Units: `pricing.*` are USD per token as strings, converted to USD per million tokens;
 *   `pricing.web_search` is USD per search call: for OpenAI, Anthropic, Google, Perplexity and xAI
 *   models OpenRouter runs the maker's native search and passes its fee through, so the merge may
 *   choose this field (and only this one) from OpenRouter; a `"0"` fee means the model has no
 *   native search and is not read.
 * - Date of the statement: the dump's date {@link OPENROUTER_DUMP_DATE} (`synced`, basis `dump`):
 *   the dump has no per-model date.
 *
 * Skips: `not_first_party` (vendors that are not first-party makers, the `openrouter/` routers and
 * other makers' models), `free_variant` (`:free` ids, rate-limited free copies priced at 0),
 * `no_price` (no prompt or completion price), `invalid_record` (no `vendor/model` id).
 *
 * @module
 */
import { cleanText, isRecord, readJsonOrSkip } from "../clean.ts";
import { checkFirstParty } from "../first_party.ts";
import { dateStatement, perTokenToPerMTok, readAmount, roundPrice } from "../price_util.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter } from "../types.ts";
import type { SourcePrice } from "../../model/price.ts";
import type { SourceInfo } from "../../model/source.ts";

/** Attribution of the source, as in `llm-prices/SOURCES.md`. */
export const OPENROUTER_INFO: SourceInfo = {
  id: "openrouter",
  name: "OpenRouter model list (reseller prices, cross-check only)",
  kind: "llm-prices",
  publisher:
    "anomalyco/models.dev, file models.json (last changed 2026-05-15), an OpenRouter `/api/v1/models` response",
  license: "MIT (repository)",
  path: "llm-prices/openrouter/openrouter_models_dump.json",
  role: "cross-check",
  priority: { default: 4 },
  family: "openrouter",
};

/** Date the dump's file last changed (`llm-prices/SOURCES.md`): the date of every record. */
export const OPENROUTER_DUMP_DATE = "2026-05-15";

/**
 * The OpenRouter adapter.
 *
 * `read` returns one {@link SourcePrice} per model of a first-party maker (for cross-checking);
 * it throws `Deno.errors.NotFound` when the dump is missing.
 */
export const openrouterAdapter: SourceAdapter<SourcePrice> = {
  info: OPENROUTER_INFO,
  async read(root: string, report: SourceReport): Promise<SourcePrice[]> {
    const data = await readJsonOrSkip(`${root}/${OPENROUTER_INFO.path}`, report, {
      anyReadError: true,
    });
    if (data === undefined) return [];
    const list = isRecord(data) && Array.isArray(data.data) ? data.data : undefined;
    if (list === undefined) {
      report.read();
      report.skip("invalid_record");
      return [];
    }
    const out: SourcePrice[] = [];
    for (const item of list) {
      report.read();
      const record = readModel(item, report);
      if (typeof record === "string") report.skip(record);
      else {
        report.keep();
        out.push(record);
      }
    }
    return out;
  },
};

/** One model → a record, or the skip reason. */
function readModel(item: unknown, report: SourceReport): SourcePrice | string {
  if (!isRecord(item) || typeof item.id !== "string") return "invalid_record";
  const id = item.id.trim();
  const slash = id.indexOf("/");
  if (slash <= 0 || slash === id.length - 1) return "invalid_record";
  const vendor = id.slice(0, slash).replace(/^~/, "");
  const model = id.slice(slash + 1);
  const check = checkFirstParty("openrouter", vendor, model);
  if (!check.ok) return check.reason;
  if (model.endsWith(":free")) return "free_variant";
  const pricing = isRecord(item.pricing) ? item.pricing : {};
  const record: SourcePrice = {
    source: OPENROUTER_INFO.id,
    sourceId: id,
    provider: check.provider,
    model,
  };
  const input = perTokenToPerMTok(pricing.prompt);
  const output = perTokenToPerMTok(pricing.completion);
  if (input === undefined && output === undefined) return "no_price";
  if (input !== undefined) record.inputPerMTok = input;
  if (output !== undefined) record.outputPerMTok = output;
  const cacheRead = perTokenToPerMTok(pricing.input_cache_read);
  if (cacheRead !== undefined) record.cacheReadPerMTok = cacheRead;
  const cacheWrite = perTokenToPerMTok(pricing.input_cache_write);
  if (cacheWrite !== undefined) record.cacheWritePerMTok = cacheWrite;
  const search = readAmount(pricing.web_search);
  if (search !== undefined && search > 0) record.webSearchPerCall = roundPrice(search);
  const name = cleanText(item.name, report);
  if (name !== undefined) record.name = name;
  const context = readAmount(item.context_length);
  if (context !== undefined && context > 0) record.contextWindow = context;
  const top = isRecord(item.top_provider) ? item.top_provider : {};
  const maxOut = readAmount(top.max_completion_tokens);
  if (maxOut !== undefined && maxOut > 0) record.maxOutputTokens = maxOut;
  const created = readAmount(item.created);
  if (created !== undefined && created > 0) {
    record.releaseDate = new Date(created * 1000).toISOString().slice(0, 10);
  }
  return dateStatement(
    record,
    OPENROUTER_DUMP_DATE,
    "synced",
    "dump",
    "OpenRouter models.json last changed in anomalyco/models.dev: no per-model date",
  );
}

/** The adapters of this module (one: OpenRouter, cross-check only). */
export const adapters: SourceAdapter<SourcePrice>[] = [openrouterAdapter];
