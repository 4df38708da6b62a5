/**
 * Adapter for simonw/llm-prices: `llm-prices/simonw-llm-prices/<vendor>.json`, each
 * `{ vendor, models: [{ id, name, price_history: [{ input, output, input_cached, from_date,
 * to_date }] }] }`. Format: https://github.com/simonw/llm-prices (the `data/` folder).
 *
 * - Units: `input`, `output`, `input_cached` are USD per million tokens.
 * - Current price: the `price_history` entry in force today, i.e. `from_date` (null = since
 *   always) on or before today and `to_date` (null = still current) after today; when none
 *   matches, the entry whose `to_date` is null.
 * - Date of the statement: that entry's `from_date`, the day the current price took effect
 *   (`effective`); without one (the price unchanged since the model was first listed, an unknown
 *   day), the dump's date {@link SIMONW_DUMP_DATE} (`synced`, basis `dump`: the file still listed
 *   it that day, which says nothing of the figure's age).
 * - Long-context tiers: the source lists a tier as its own model, `<base id>-<N>k` named
 *   "… >Nk" (e.g. `gemini-2.5-pro-200k`, `gpt-5.4-272k`, `grok-4-128k`). When the base id exists
 *   in the same file, the tier is folded into the base model as a {@link PriceTier} at
 *   N × 1000 tokens and the tier entry is counted as skipped `folded_into_tier`.
 * - `vendor` is mapped by `../first_party.ts` (`meta-ai` → `meta`, `moonshot-ai` → `moonshot`,
 *   `qwen` → `alibaba`); every vendor here is a model maker.
 *
 * Skips: `not_first_party`, `invalid_record` (not an object, no id, no price history),
 * `duplicate_id` (the same id twice in one file: the first is kept), `folded_into_tier`,
 * `no_price` (no input or output in the current entry); a file that is not JSON counts one
 * `invalid_json`.
 *
 * @module
 */
import { cleanText, isRecord, readJsonFile } from "../clean.ts";
import { checkFirstParty } from "../first_party.ts";
import { dateStatement, dayOf, isoDay, readAmount, roundPrice } from "../price_util.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter } from "../types.ts";
import type { PriceTier, SourcePrice } from "../../model/price.ts";
import type { SourceInfo } from "../../model/source.ts";

/** Attribution of the source, as in `llm-prices/SOURCES.md`. */
export const SIMONW_INFO: SourceInfo = {
  id: "simonw-llm-prices",
  name: "llm-prices (Simon Willison)",
  kind: "llm-prices",
  publisher: "simonw/llm-prices @ 723ef0bd (2026-08-05)",
  license: "none stated",
  path: "llm-prices/simonw-llm-prices",
  role: "catalog",
  priority: { default: 1 },
  family: "simonw-llm-prices",
};

/** Commit date of the dump (`llm-prices/SOURCES.md`): the date of a price without `from_date`. */
export const SIMONW_DUMP_DATE = "2026-08-05";

/** Options of {@link simonwAdapter}. */
export interface SimonwOptions {
  /** Reference time for "the price in force now" (default: the current time). */
  now?: Date;
}

interface HistoryEntry {
  input?: number;
  output?: number;
  cached?: number;
  from?: string;
  to?: string;
}

/**
 * Picks the price-history entry in force on `today` (rules in the module doc).
 *
 * @param history the `price_history` array
 * @param today `"YYYY-MM-DD"`
 * @returns the entry, or `undefined` when no entry is usable
 */
export function currentEntry(history: unknown[], today: string): HistoryEntry | undefined {
  const entries: HistoryEntry[] = [];
  for (const h of history) {
    if (!isRecord(h)) continue;
    const e: HistoryEntry = {};
    const input = readAmount(h.input);
    const output = readAmount(h.output);
    const cached = readAmount(h.input_cached);
    const from = isoDay(h.from_date);
    const to = isoDay(h.to_date);
    if (input !== undefined) e.input = input;
    if (output !== undefined) e.output = output;
    if (cached !== undefined) e.cached = cached;
    if (from !== undefined) e.from = from;
    if (to !== undefined) e.to = to;
    entries.push(e);
  }
  return entries.find((e) => (e.from ?? "") <= today && (e.to === undefined || today < e.to)) ??
    entries.find((e) => e.to === undefined);
}

/**
 * Builds the simonw/llm-prices adapter.
 *
 * @param options `now`: the reference time for the current price (default: now)
 * @returns an adapter whose `read` returns one {@link SourcePrice} per model (tiers folded in);
 *   `read` throws `Deno.errors.NotFound` when the folder is missing
 */
export function simonwAdapter(options: SimonwOptions = {}): SourceAdapter<SourcePrice> {
  return {
    info: SIMONW_INFO,
    async read(root: string, report: SourceReport): Promise<SourcePrice[]> {
      const today = dayOf(options.now ?? new Date());
      const dir = `${root}/${SIMONW_INFO.path}`;
      const files: string[] = [];
      for await (const e of Deno.readDir(dir)) {
        if (e.isFile && e.name.endsWith(".json")) files.push(e.name);
      }
      files.sort();
      const out: SourcePrice[] = [];
      for (const file of files) {
        let doc: unknown;
        try {
          doc = await readJsonFile(`${dir}/${file}`, report);
        } catch {
          report.read();
          report.skip("invalid_json");
          continue;
        }
        out.push(...readVendorFile(file, doc, today, report));
      }
      return out;
    },
  };
}

/** One vendor file → records (tiers folded into their base model). */
function readVendorFile(
  file: string,
  doc: unknown,
  today: string,
  report: SourceReport,
): SourcePrice[] {
  if (!isRecord(doc) || !Array.isArray(doc.models)) {
    report.read();
    report.skip("invalid_record");
    return [];
  }
  const vendor = typeof doc.vendor === "string" ? doc.vendor : file.replace(/\.json$/, "");
  const ids = new Set(
    doc.models.filter(isRecord).map((m) => m.id).filter((id): id is string =>
      typeof id === "string"
    ),
  );
  const records = new Map<string, SourcePrice>();
  const tiers: { base: string; threshold: number; entry: HistoryEntry }[] = [];
  for (const m of doc.models) {
    report.read();
    if (
      !isRecord(m) || typeof m.id !== "string" || m.id.trim() === "" ||
      !Array.isArray(m.price_history)
    ) {
      report.skip("invalid_record");
      continue;
    }
    const id = m.id.trim();
    const check = checkFirstParty("simonw-llm-prices", vendor, id);
    if (!check.ok) {
      report.skip(check.reason);
      continue;
    }
    if (records.has(id)) {
      report.skip("duplicate_id");
      continue;
    }
    const entry = currentEntry(m.price_history, today);
    const tierMatch = /^(.+)-(\d+)k$/.exec(id);
    const name = cleanText(m.name, report);
    if (tierMatch && ids.has(tierMatch[1]!) && (name === undefined || name.includes(">"))) {
      if (entry === undefined || (entry.input === undefined && entry.output === undefined)) {
        report.skip("no_price");
      } else {
        tiers.push({ base: tierMatch[1]!, threshold: Number(tierMatch[2]) * 1000, entry });
        report.skip("folded_into_tier");
      }
      continue;
    }
    if (entry === undefined || (entry.input === undefined && entry.output === undefined)) {
      report.skip("no_price");
      continue;
    }
    const record: SourcePrice = {
      source: SIMONW_INFO.id,
      sourceId: `${vendor}/${id}`,
      provider: check.provider,
      model: id,
    };
    if (name !== undefined) record.name = name.replace(/\s*≤\s*\d+k$/, "");
    if (entry.input !== undefined) record.inputPerMTok = roundPrice(entry.input);
    if (entry.output !== undefined) record.outputPerMTok = roundPrice(entry.output);
    if (entry.cached !== undefined) record.cacheReadPerMTok = roundPrice(entry.cached);
    if (entry.from !== undefined) {
      dateStatement(
        record,
        entry.from,
        "effective",
        "record",
        "simonw/llm-prices price_history from_date: the day the current price took effect",
      );
    } else {
      dateStatement(
        record,
        SIMONW_DUMP_DATE,
        "synced",
        "dump",
        "simonw/llm-prices dump date (723ef0bd): the price has no from_date, so it dates from " +
          "the model's first listing, a day the file does not give",
      );
    }
    records.set(id, record);
    report.keep();
  }
  for (const t of tiers) {
    const base = records.get(t.base);
    if (base === undefined) continue;
    const tier: PriceTier = { thresholdTokens: t.threshold };
    if (t.entry.input !== undefined) tier.inputPerMTok = roundPrice(t.entry.input);
    if (t.entry.output !== undefined) tier.outputPerMTok = roundPrice(t.entry.output);
    if (t.entry.cached !== undefined) tier.cacheReadPerMTok = roundPrice(t.entry.cached);
    base.tiers = [...(base.tiers ?? []), tier].sort((a, b) =>
      a.thresholdTokens - b.thresholdTokens
    );
  }
  return [...records.values()];
}

/** The adapters of this module (one: simonw/llm-prices, current prices as of today). */
export const adapters: SourceAdapter<SourcePrice>[] = [simonwAdapter()];
