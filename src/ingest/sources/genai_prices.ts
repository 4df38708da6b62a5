/**
 * Adapter for pydantic/genai-prices: `llm-prices/genai-prices/v2/data.json` (prices, context
 * windows) joined with `llm-prices/genai-prices/providers/*.yml` (the `prices_checked` date of each
 * model). Format: `v2/data.schema.json` of the same folder.
 *
 * - Units: `*_mtok` fields are USD per million tokens; `web_searches_kcount` is USD per thousand
 *   web searches and is divided by 1000 into `webSearchPerCall`.
 * - Long-context tiers: a `{ base, tiers: [{ start, price }] }` value gives the base price and one
 *   {@link PriceTier} per `start` (crossing a tier reprices all tokens, per the schema).
 * - Dated prices: `prices` may be a list of conditional prices. As the schema says, they are tried
 *   last to first and the first whose constraint holds wins (else the first). A `start_date`
 *   holds when it is on or before today (the adapter's `now`, 2026-11-22 when written), so the
 *   price in force today is given and a future price (e.g. from 2027-01-01) is not. A daily
 *   `start_time`/`end_time` window (DeepSeek's off-peak discount) is treated as holding when it
 *   covers at least 12 hours of the day, so the standard-hours price wins over the off-peak one.
 *   Each resolution is counted as the repair `dated_price_resolved` and stated in
 *   `dateMeaning`.
 * - Date of the statement: the model's `prices_checked` day from the YAML file (`checked`); when
 *   the price in force has a `start_date` after that day (or the model has no `prices_checked`),
 *   that `start_date` (`effective`); else the dump's date {@link GENAI_PRICES_DUMP_DATE}
 *   (`synced`, basis `dump`).
 * - Cache write: `cache_write_mtok` (else `cache_write_5m_mtok`) → `cacheWritePerMTok`,
 *   `cache_write_1h_mtok` → `cacheWrite1hPerMTok`. Audio, image, per-request and other units are
 *   not carried (the catalog shows text-token prices).
 *
 * Skips: `invalid_record` (not an object, no id, unreadable prices), `not_first_party`,
 * `not_list_price`, `not_llm` (see `../first_party.ts`), `regional_variant` (Bedrock regional
 * profiles), `no_price` (no input, output or cache price).
 *
 * @module
 */
import { parse as parseYaml } from "yaml";
import { cleanText, cleanUrl, isRecord, readJsonOrSkip } from "../clean.ts";
import { checkFirstParty, isRegionalVariant } from "../first_party.ts";
import { dateStatement, dayOf, isoDay, readAmount, roundPrice } from "../price_util.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter } from "../types.ts";
import type { PriceTier, SourcePrice } from "../../model/price.ts";
import type { SourceInfo } from "../../model/source.ts";

/** Attribution of the source, as in `llm-prices/SOURCES.md`. */
export const GENAI_PRICES_INFO: SourceInfo = {
  id: "genai-prices",
  name: "genai-prices (pydantic)",
  kind: "llm-prices",
  publisher: "pydantic/genai-prices @ 47df840a (2026-08-21)",
  license: "MIT",
  path: "llm-prices/genai-prices",
  role: "catalog",
  priority: { default: 0 },
  family: "genai-prices",
};

/** Commit date of the dump (`llm-prices/SOURCES.md`): the date of a model without `prices_checked`. */
export const GENAI_PRICES_DUMP_DATE = "2026-08-21";

/** Options of {@link genaiPricesAdapter}. */
export interface GenaiPricesOptions {
  /** Reference time for "the price in force now" (default: the current time). */
  now?: Date;
}

type Tiered = { base: number; tiers: { start: number; price: number }[] };
type FieldValue = number | Tiered;

const INVALID = Symbol("invalid");

/** Reads a `number | TieredPrices` field; `undefined` when absent, `INVALID` when malformed. */
function readField(value: unknown): FieldValue | undefined | typeof INVALID {
  if (value === undefined || value === null) return undefined;
  const n = readAmount(value);
  if (n !== undefined) return n;
  if (!isRecord(value)) return INVALID;
  const base = readAmount(value.base);
  if (base === undefined || !Array.isArray(value.tiers)) return INVALID;
  const tiers: { start: number; price: number }[] = [];
  for (const t of value.tiers) {
    if (!isRecord(t)) return INVALID;
    const start = readAmount(t.start);
    const price = readAmount(t.price);
    if (start === undefined || price === undefined) return INVALID;
    tiers.push({ start, price });
  }
  return { base, tiers };
}

/** Length in hours of a daily `HH:MM[:SS]Z` window (wrapping past midnight). */
function windowHours(start: unknown, end: unknown): number | undefined {
  const toHours = (v: unknown): number | undefined => {
    if (typeof v !== "string") return undefined;
    const m = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(v);
    return m ? Number(m[1]) + Number(m[2]) / 60 + Number(m[3] ?? 0) / 3600 : undefined;
  };
  const s = toHours(start);
  const e = toHours(end);
  if (s === undefined || e === undefined) return undefined;
  return (((e - s) % 24) + 24) % 24;
}

/**
 * Picks the conditional price in force on `today` (rules in the module doc).
 *
 * @param list the `prices` array of a model
 * @param today `"YYYY-MM-DD"`
 * @returns the chosen price object, or `undefined` when the list is empty or malformed
 */
export function priceInForce(list: unknown[], today: string): Record<string, unknown> | undefined {
  return _entryInForce(list, today)?.prices;
}

/** {@link priceInForce} with the `start_date` of the chosen price, when it has one. */
function _entryInForce(
  list: unknown[],
  today: string,
): { prices: Record<string, unknown>; startDate?: string } | undefined {
  for (let i = list.length - 1; i >= 0; i--) {
    const entry = list[i];
    if (!isRecord(entry) || !isRecord(entry.prices)) return undefined;
    const c = entry.constraint;
    let holds = false;
    let startDate: string | undefined;
    if (c === undefined || c === null) holds = true;
    else if (isRecord(c) && c.start_date !== undefined) {
      startDate = isoDay(c.start_date);
      holds = startDate !== undefined && startDate <= today;
    } else if (isRecord(c) && c.start_time !== undefined) {
      holds = (windowHours(c.start_time, c.end_time) ?? 0) >= 12;
    }
    if (holds) {
      return startDate === undefined
        ? { prices: entry.prices }
        : { prices: entry.prices, startDate };
    }
  }
  const first = list[0];
  return isRecord(first) && isRecord(first.prices) ? { prices: first.prices } : undefined;
}

/** `prices_checked` dates from the provider YAML files: provider id → model id → day. */
async function readCheckedDates(
  dir: string,
  report: SourceReport,
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  let entries: Deno.DirEntry[];
  try {
    entries = [];
    for await (const e of Deno.readDir(dir)) entries.push(e);
  } catch {
    return out;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (!entry.isFile || !entry.name.endsWith(".yml")) continue;
    let doc: unknown;
    try {
      doc = parseYaml(await Deno.readTextFile(`${dir}/${entry.name}`));
      report.file();
    } catch {
      continue; // an unreadable YAML only costs its models their prices_checked date
    }
    if (!isRecord(doc) || typeof doc.id !== "string" || !Array.isArray(doc.models)) continue;
    const byModel = new Map<string, string>();
    for (const m of doc.models) {
      if (!isRecord(m) || typeof m.id !== "string") continue;
      const day = isoDay(m.prices_checked);
      if (day !== undefined) byModel.set(m.id, day);
    }
    out.set(doc.id, byModel);
  }
  return out;
}

/**
 * Builds the genai-prices adapter.
 *
 * @param options `now`: the reference time for dated prices (default: now)
 * @returns an adapter whose `read` returns one {@link SourcePrice} per first-party model;
 *   `read` throws `Deno.errors.NotFound` when `v2/data.json` is missing
 */
export function genaiPricesAdapter(options: GenaiPricesOptions = {}): SourceAdapter<SourcePrice> {
  return {
    info: GENAI_PRICES_INFO,
    async read(root: string, report: SourceReport): Promise<SourcePrice[]> {
      const today = dayOf(options.now ?? new Date());
      const base = `${root}/${GENAI_PRICES_INFO.path}`;
      const data = await readJsonOrSkip(`${base}/v2/data.json`, report, { anyReadError: true });
      if (data === undefined) return [];
      const checked = await readCheckedDates(`${base}/providers`, report);
      const out: SourcePrice[] = [];
      if (!Array.isArray(data)) {
        report.read();
        report.skip("invalid_record");
        return out;
      }
      for (const provider of data) {
        if (
          !isRecord(provider) || typeof provider.id !== "string" || !Array.isArray(provider.models)
        ) {
          report.read();
          report.skip("invalid_record");
          continue;
        }
        const pricingUrl = Array.isArray(provider.pricing_urls)
          ? cleanUrl(provider.pricing_urls[0])
          : undefined;
        for (const model of provider.models) {
          report.read();
          const record = readModel(provider.id, model, {
            today,
            pricingUrl,
            checked: checked.get(provider.id),
            report,
          });
          if (typeof record === "string") report.skip(record);
          else {
            report.keep();
            out.push(record);
          }
        }
      }
      return out;
    },
  };
}

interface ModelContext {
  today: string;
  pricingUrl: string | undefined;
  checked: Map<string, string> | undefined;
  report: SourceReport;
}

/** One model → a record, or the skip reason. */
function readModel(providerId: string, model: unknown, ctx: ModelContext): SourcePrice | string {
  if (!isRecord(model) || typeof model.id !== "string" || model.id.trim() === "") {
    return "invalid_record";
  }
  const id = model.id.trim();
  const check = checkFirstParty("genai-prices", providerId, id);
  if (!check.ok) return check.reason;
  if (isRegionalVariant(id)) return "regional_variant";

  let prices: Record<string, unknown> | undefined;
  let startDate: string | undefined;
  let datedCount = 0;
  if (Array.isArray(model.prices)) {
    const entry = _entryInForce(model.prices, ctx.today);
    prices = entry?.prices;
    startDate = entry?.startDate;
    datedCount = model.prices.length;
  } else if (isRecord(model.prices)) prices = model.prices;
  if (prices === undefined) return "invalid_record";

  const fields: [keyof PriceTier & keyof SourcePrice, unknown][] = [
    ["inputPerMTok", prices.input_mtok],
    ["outputPerMTok", prices.output_mtok],
    ["cacheReadPerMTok", prices.cache_read_mtok],
    ["cacheWritePerMTok", prices.cache_write_mtok ?? prices.cache_write_5m_mtok],
  ];
  const record: SourcePrice = {
    source: GENAI_PRICES_INFO.id,
    sourceId: `${providerId}/${id}`,
    provider: check.provider,
    model: id,
  };
  const tiers = new Map<number, PriceTier>();
  const setTier = (start: number, field: keyof PriceTier, price: number) => {
    const tier = tiers.get(start) ?? { thresholdTokens: start };
    (tier as unknown as Record<string, number>)[field] = roundPrice(price);
    tiers.set(start, tier);
  };
  let priced = false;
  for (const [field, raw] of fields) {
    const value = readField(raw);
    if (value === INVALID) return "invalid_record";
    if (value === undefined) continue;
    priced = true;
    if (typeof value === "number") record[field] = roundPrice(value);
    else {
      record[field] = roundPrice(value.base);
      for (const t of value.tiers) setTier(t.start, field, t.price);
    }
  }
  if (!priced) return "no_price";

  const write1h = readField(prices.cache_write_1h_mtok);
  if (write1h === INVALID) return "invalid_record";
  if (write1h !== undefined) {
    record.cacheWrite1hPerMTok = roundPrice(typeof write1h === "number" ? write1h : write1h.base);
  }
  const searches = readField(prices.web_searches_kcount);
  if (typeof searches === "number") record.webSearchPerCall = roundPrice(searches / 1000);
  if (tiers.size > 0) {
    record.tiers = [...tiers.values()].sort((a, b) => a.thresholdTokens - b.thresholdTokens);
  }

  const name = cleanText(model.name, ctx.report);
  if (name !== undefined) record.name = name;
  const context = readAmount(model.context_window);
  if (context !== undefined && context > 0) record.contextWindow = context;
  if (model.deprecated === true) record.deprecated = true;
  if (ctx.pricingUrl !== undefined) record.pricingUrl = ctx.pricingUrl;
  if (datedCount > 1) ctx.report.clean("dated_price_resolved");
  const resolved = datedCount > 1
    ? `; the source lists ${datedCount} dated prices and the one in force on ${ctx.today} is given`
    : "";
  const day = ctx.checked?.get(id);
  if (startDate !== undefined && (day === undefined || startDate > day)) {
    dateStatement(
      record,
      startDate,
      "effective",
      "record",
      "genai-prices start_date: the day the price in force took effect" + resolved,
    );
  } else if (day !== undefined) {
    dateStatement(
      record,
      day,
      "checked",
      "record",
      "genai-prices prices_checked: the day a maintainer last checked this model's prices " +
        "against the provider's pricing page" + resolved,
    );
  } else {
    dateStatement(
      record,
      GENAI_PRICES_DUMP_DATE,
      "synced",
      "dump",
      "genai-prices dump date (pydantic/genai-prices @ 47df840a): the model has no " +
        "prices_checked date, so only the copy's date is known" + resolved,
    );
  }
  return record;
}

/** The adapters of this module (one: genai-prices, resolving dated prices against today). */
export const adapters: SourceAdapter<SourcePrice>[] = [genaiPricesAdapter()];
