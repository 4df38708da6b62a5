/**
 * Adapter for models.dev (anomalyco/models.dev): `llm-prices/models.dev/providers/<provider>/
 * provider.toml` and `providers/<provider>/models/**\/*.toml` (one file per provider-model entry,
 * the model id being the path under `models/` without `.toml`), parsed with `smol-toml`.
 *
 * `models.dev/models/<maker>/<model>.toml` holds maker-level model metadata without prices (no
 * `[cost]` table); a provider file that says `base_model = "<maker>/<model>"` inherits that file's
 * fields (name, limits, dates, status) except the dotted paths listed in `base_model_omit`, its own
 * fields winning. A missing base file is tolerated (counted as the repair `missing_base_model`).
 *
 * - Units: `[cost]` `input`, `output`, `cache_read`, `cache_write` are USD per million tokens.
 * - Long-context tiers: each `[[cost.tiers]]` with `tier = { size = N }` (optionally
 *   `type = "context"`) gives a {@link PriceTier} at N tokens; the older `[cost.context_over_200k]`
 *   table gives one at 200000.
 * - `[limit]` `context` and `output` → context window and maximum output tokens.
 * - Date of the statement: the model's `last_updated` date, which is the model's own release or
 *   update date as models.dev records it, NOT a date on which the price was checked (`released`);
 *   without it, the dump's date {@link MODELS_DEV_DUMP_DATE} (`synced`, basis `dump`).
 * - `status = "deprecated"` → `deprecated`; `release_date` → `releaseDate`.
 *
 * Skips: `not_first_party`, `not_list_price`, `not_llm` (see `../first_party.ts`; counted per model
 * file without parsing it), `regional_variant`, `invalid_record` (unparsable TOML), `no_price` (no
 * `[cost]` input or output price).
 *
 * @module
 */
import { parse as parseToml } from "smol-toml";
import { cleanText, isRecord, stripBom } from "../clean.ts";
import { checkFirstParty, isRegionalVariant } from "../first_party.ts";
import { dateStatement, isoDay, readAmount, roundPrice } from "../price_util.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter } from "../types.ts";
import type { PriceTier, SourcePrice } from "../../model/price.ts";
import type { SourceInfo } from "../../model/source.ts";

/** Attribution of the source, as in `llm-prices/SOURCES.md`. */
export const MODELS_DEV_INFO: SourceInfo = {
  id: "models-dev",
  name: "models.dev",
  kind: "llm-prices",
  publisher: "anomalyco/models.dev @ f3fc6922 (2026-07-02)",
  license: "MIT",
  path: "llm-prices/models.dev",
  role: "catalog",
  priority: { default: 2 },
  family: "models-dev",
};

/** Commit date of the dump (`llm-prices/SOURCES.md`): the date of a model without `last_updated`. */
export const MODELS_DEV_DUMP_DATE = "2026-07-02";

/** Lists `*.toml` files under `dir` recursively, as paths relative to `dir`, sorted. */
async function listToml(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  const entries: Deno.DirEntry[] = [];
  try {
    for await (const e of Deno.readDir(dir)) entries.push(e);
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.isDirectory) out.push(...await listToml(`${dir}/${e.name}`, `${prefix}${e.name}/`));
    else if (e.isFile && e.name.endsWith(".toml")) out.push(`${prefix}${e.name}`);
  }
  return out.sort();
}

/** Parses a TOML file into an object; `undefined` when unreadable. */
async function readToml(
  path: string,
  report: SourceReport,
): Promise<Record<string, unknown> | undefined> {
  try {
    const text = await Deno.readTextFile(path);
    report.file();
    const doc = parseToml(stripBom(text, report));
    return isRecord(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes a dotted path (`"cost.tiers"`) from a nested object copy. */
function omitPath(obj: Record<string, unknown>, path: string): void {
  const parts = path.split(".");
  let cur: unknown = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    if (!isRecord(cur)) return;
    cur = cur[parts[i]!];
  }
  if (isRecord(cur)) delete cur[parts[parts.length - 1]!];
}

/** Deep merge: tables merge, everything else from `over` wins. */
function deepMerge(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isRecord(b) && isRecord(v) ? deepMerge(b, v) : v;
  }
  return out;
}

/**
 * The models.dev adapter.
 *
 * `read` returns one {@link SourcePrice} per first-party provider-model file; it throws
 * `Deno.errors.NotFound` when the `providers/` folder is missing.
 */
export const modelsDevAdapter: SourceAdapter<SourcePrice> = {
  info: MODELS_DEV_INFO,
  async read(root: string, report: SourceReport): Promise<SourcePrice[]> {
    const base = `${root}/${MODELS_DEV_INFO.path}`;
    const providerNames: string[] = [];
    for await (const e of Deno.readDir(`${base}/providers`)) {
      if (e.isDirectory) providerNames.push(e.name);
    }
    providerNames.sort();
    const baseCache = new Map<string, Record<string, unknown> | undefined>();
    const out: SourcePrice[] = [];
    for (const providerId of providerNames) {
      const files = await listToml(`${base}/providers/${providerId}/models`);
      for (const file of files) {
        report.read();
        const model = file.slice(0, -".toml".length);
        const check = checkFirstParty("models-dev", providerId, model);
        if (!check.ok) {
          report.skip(check.reason);
          continue;
        }
        if (isRegionalVariant(model)) {
          report.skip("regional_variant");
          continue;
        }
        let doc = await readToml(`${base}/providers/${providerId}/models/${file}`, report);
        if (doc === undefined) {
          report.skip("invalid_record");
          continue;
        }
        if (typeof doc.base_model === "string") {
          const ref = doc.base_model;
          if (!baseCache.has(ref)) {
            baseCache.set(ref, await readToml(`${base}/models/${ref}.toml`, report));
          }
          const inherited = baseCache.get(ref);
          if (inherited === undefined) report.clean("missing_base_model");
          else {
            const copy = structuredClone(inherited);
            if (Array.isArray(doc.base_model_omit)) {
              for (const p of doc.base_model_omit) if (typeof p === "string") omitPath(copy, p);
            }
            doc = deepMerge(copy, doc);
          }
        }
        const record = toRecord(providerId, model, check.provider, doc, report);
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

const COST_FIELDS: [string, keyof PriceTier][] = [
  ["input", "inputPerMTok"],
  ["output", "outputPerMTok"],
  ["cache_read", "cacheReadPerMTok"],
  ["cache_write", "cacheWritePerMTok"],
];

/** Reads the `[cost]`-shaped table fields of {@link COST_FIELDS} into `target`. */
function readCosts(
  table: Record<string, unknown>,
  target: Partial<Record<keyof PriceTier, number>>,
) {
  for (const [field, key] of COST_FIELDS) {
    const n = readAmount(table[field]);
    if (n !== undefined) target[key] = roundPrice(n);
  }
}

/** A merged model document → a record, or the skip reason. */
function toRecord(
  providerId: string,
  model: string,
  provider: string,
  doc: Record<string, unknown>,
  report: SourceReport,
): SourcePrice | string {
  const cost = doc.cost;
  if (!isRecord(cost)) return "no_price";
  const record: SourcePrice = {
    source: MODELS_DEV_INFO.id,
    sourceId: `${providerId}/${model}`,
    provider,
    model,
  };
  readCosts(cost, record as Partial<Record<keyof PriceTier, number>>);
  if (record.inputPerMTok === undefined && record.outputPerMTok === undefined) return "no_price";

  const tiers: PriceTier[] = [];
  if (Array.isArray(cost.tiers)) {
    for (const t of cost.tiers) {
      if (!isRecord(t) || !isRecord(t.tier)) continue;
      const size = readAmount(t.tier.size);
      if (size === undefined || (t.tier.type !== undefined && t.tier.type !== "context")) continue;
      const tier: PriceTier = { thresholdTokens: size };
      readCosts(t, tier);
      if (Object.keys(tier).length > 1) tiers.push(tier);
    }
  }
  if (isRecord(cost.context_over_200k) && !tiers.some((t) => t.thresholdTokens === 200000)) {
    const tier: PriceTier = { thresholdTokens: 200000 };
    readCosts(cost.context_over_200k, tier);
    if (Object.keys(tier).length > 1) tiers.push(tier);
  }
  if (tiers.length > 0) record.tiers = tiers.sort((a, b) => a.thresholdTokens - b.thresholdTokens);

  const name = cleanText(doc.name, report);
  if (name !== undefined) record.name = name;
  if (isRecord(doc.limit)) {
    const context = readAmount(doc.limit.context);
    if (context !== undefined && context > 0) record.contextWindow = context;
    const output = readAmount(doc.limit.output);
    if (output !== undefined && output > 0) record.maxOutputTokens = output;
  }
  const updated = isoDay(doc.last_updated);
  if (updated !== undefined) {
    dateStatement(
      record,
      updated,
      "released",
      "record",
      "models.dev last_updated: the model's own release or update date as models.dev records " +
        "it, not a date on which the price was checked",
    );
  } else {
    dateStatement(
      record,
      MODELS_DEV_DUMP_DATE,
      "synced",
      "dump",
      "models.dev dump date (anomalyco/models.dev @ f3fc6922): the model has no last_updated date",
    );
  }
  const released = isoDay(doc.release_date);
  if (released !== undefined) record.releaseDate = released;
  if (doc.status === "deprecated") record.deprecated = true;
  return record;
}

/** The adapters of this module (one: models.dev). */
export const adapters: SourceAdapter<SourcePrice>[] = [modelsDevAdapter];
