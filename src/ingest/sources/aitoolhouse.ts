/**
 * Adapter for the aitoolhouse.com scrape (`ai-tools/aitoolhouse/all_ai_tools_detailed.csv`,
 * lbelt567/ai-tools-scraper @ 83d1c77b).
 *
 * Format: one CSV with a header row and 17 columns: `Name, Slug, Homepage, Short Description,
 * Price Text, Pricing, Features, Categories, Verified, Favorite Count, Created At, Updated At,
 * Rating, Reviews, Image URL, Optimized Image URL, Social Links`. List cells are comma-separated
 * inside one quoted field; `Verified` is `True`/`False`; `Rating` `0.0` with `Reviews` `0` means
 * "no rating"; homepages carry `utm_*` and affiliate parameters.
 *
 * `all_ai_tools_cleaned.csv` in the same folder holds the same 3,865 rows in the same order with
 * 10 of the 17 columns, tracking parameters cut off by a string split and times truncated to dates:
 * it adds nothing, so only the detailed file is read.
 *
 * Also exports {@link readCsvRows}, the tolerant CSV reader the topai.tools adapter shares.
 *
 * @module
 */
import { parse } from "csv-parse/sync";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceTool } from "../types.ts";
import { cleanDate, cleanList, cleanNumber, cleanText, cleanUrl, stripBom } from "../clean.ts";
import { slugify } from "../../model/text.ts";
import type { PricingModel } from "../../model/tool.ts";

/** One data row of a CSV file, keyed by the header names, plus its 1-based record number. */
export interface CsvRow {
  /** Record number in the file (header = 0). */
  index: number;
  /** Cell text by column name; missing cells are absent. */
  cells: Record<string, string>;
}

/**
 * Reads a CSV file with a header row, tolerating the mess of scraped dumps: a BOM, quotes inside
 * unquoted fields, and records that cannot be parsed. Each data record the parser reaches is
 * counted as read; a record with an unclosed quote or a column count different from the header
 * is counted as skipped (`invalid_csv_row`) and not returned.
 *
 * @param path CSV file path
 * @param report counts the file, every record read, skipped rows and a `bom` repair
 * @returns the readable rows, in file order
 * @throws {Deno.errors.NotFound} when the file is missing
 */
export async function readCsvRows(path: string, report: SourceReport): Promise<CsvRow[]> {
  const text = stripBom(await Deno.readTextFile(path), report);
  report.file();
  let broken = 0;
  const records = parse(text, {
    columns: false,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: () => {
      broken++;
    },
  }) as string[][];
  const [header, ...data] = records;
  if (header === undefined) return [];
  const names = header.map((h) => h.trim());
  const rows: CsvRow[] = [];
  data.forEach((record, i) => {
    report.read();
    if (record.length !== names.length) {
      report.skip("invalid_csv_row");
      return;
    }
    const cells: Record<string, string> = {};
    names.forEach((name, col) => {
      const value = record[col];
      if (value !== undefined) cells[name] = value;
    });
    rows.push({ index: i + 1, cells });
  });
  if (broken > 0) {
    report.read(broken);
    report.skip("invalid_csv_row", broken);
  }
  return rows;
}

/** Hosts of affiliate-network redirects: the link is not the tool's site (dropped from `url`). */
const REDIRECT_HOST = /(^|\.)(8odi\.net|sjv\.io|pxf\.io|impact\.com|tkqlhce\.com)$/i;

/** Affiliate query parameters `cleanUrl` does not know (FirstPromoter, LinkMink, PartnerStack ...). */
const AFFILIATE_PARAM =
  /^(fpr|fp_ref|lmref|aff|affiliate|aff_id|gspk|gsxid|pscd|ps_partner_key|ps_xid|utm-[a-z_]+)$/i;

/**
 * Cleans a homepage: {@link cleanUrl}, then drops known affiliate parameters (counted
 * `affiliate_params`) and affiliate-network redirect links (counted `affiliate_redirect`).
 */
function cleanHomepage(value: unknown, report: SourceReport): string | undefined {
  const cleaned = cleanUrl(value, report);
  if (cleaned === undefined) return undefined;
  const url = new URL(cleaned);
  if (REDIRECT_HOST.test(url.hostname)) {
    report.clean("affiliate_redirect");
    return undefined;
  }
  let stripped = false;
  for (const key of [...url.searchParams.keys()]) {
    if (AFFILIATE_PARAM.test(key)) {
      url.searchParams.delete(key);
      stripped = true;
    }
  }
  if (!stripped) return cleaned;
  report.clean("affiliate_params");
  return url.toString();
}

/** aitoolhouse pricing labels → pricing model; `Deals` is a marketplace badge, not a model. */
const PRICING_LABELS: Record<string, PricingModel> = {
  "free": "free",
  "freemium": "freemium",
  "free trial": "free_trial",
  "paid": "paid",
  "contact for pricing": "contact",
};

/**
 * Maps the aitoolhouse `Pricing` cell (one label or a comma-separated combination) to one
 * pricing model.
 *
 * Rule for combinations: the model that covers all labels, checked in this order:
 * 1. `Freemium` anywhere, or `Free` together with a paying label (`Free Trial`, `Paid`,
 *    `Contact for Pricing`) → `freemium` (a free tier plus a paying option);
 * 2. `Free Trial` → `free_trial` (a paid tool one can try first, e.g. `Free Trial, Paid`);
 * 3. `Paid` → `paid` (e.g. `Paid, Contact for Pricing`);
 * 4. `Contact for Pricing` → `contact`;
 * 5. `Free` → `free`.
 * `Deals` is ignored; a cell without any known label gives `undefined`.
 *
 * @param value the `Pricing` cell, e.g. `"Free Trial, Freemium"`
 * @returns the model and whether a free tier is stated (`Free`/`Freemium`), or `undefined`
 * @example
 * ```ts
 * mapAitoolhousePricing("Free Trial, Paid") // { pricing: "free_trial", hasFreeTier: false }
 * mapAitoolhousePricing("Freemium, Free") // { pricing: "freemium", hasFreeTier: true }
 * ```
 */
export function mapAitoolhousePricing(
  value: string,
): { pricing: PricingModel; hasFreeTier: boolean } | undefined {
  const models = new Set<PricingModel>();
  for (const label of value.split(",")) {
    const model = PRICING_LABELS[label.trim().toLowerCase()];
    if (model !== undefined) models.add(model);
  }
  if (models.size === 0) return undefined;
  const free = models.has("free") || models.has("freemium");
  const paying = models.has("free_trial") || models.has("paid") || models.has("contact");
  let pricing: PricingModel;
  if (models.has("freemium") || (models.has("free") && paying)) pricing = "freemium";
  else if (models.has("free_trial")) pricing = "free_trial";
  else if (models.has("paid")) pricing = "paid";
  else if (models.has("contact")) pricing = "contact";
  else pricing = "free";
  return { pricing, hasFreeTier: free };
}

/** Builds one {@link SourceTool} from a CSV row, or returns the skip reason. */
function toTool(
  cells: Record<string, string>,
  report: SourceReport,
  seenIds: Map<string, number>,
): SourceTool | string {
  const name = cleanText(cells["Name"], report);
  if (name === undefined) return "missing_name";
  const baseId = cleanText(cells["Slug"]) ?? slugify(name);
  const n = (seenIds.get(baseId) ?? 0) + 1;
  seenIds.set(baseId, n);
  const tool: SourceTool = {
    source: "aitoolhouse",
    sourceId: n === 1 ? baseId : `${baseId}~${n}`,
    name,
  };
  const url = cleanHomepage(cells["Homepage"], report);
  if (url !== undefined) tool.url = url;
  const description = cleanText(cells["Short Description"], report);
  if (description !== undefined) tool.description = description;
  const rawPrice = cleanText(cells["Price Text"], report);
  if (rawPrice === "[]") report.clean("placeholder");
  else if (rawPrice !== undefined) tool.priceText = rawPrice;
  const pricingCell = cleanText(cells["Pricing"], report) ?? "";
  const pricing = mapAitoolhousePricing(pricingCell);
  const features = cleanList(cells["Features"], report);
  const openSource = features.some((f) => /^open source$/i.test(f));
  if (pricing !== undefined) {
    tool.pricing = pricing.pricing;
    tool.hasFreeTier = pricing.hasFreeTier || openSource;
  } else if (openSource) tool.hasFreeTier = true;
  if (features.length > 0) tool.features = features;
  const categories = cleanList(cells["Categories"], report);
  if (categories.length > 0) tool.categories = categories;
  if (/\bdeals\b/i.test(pricingCell)) tool.tags = ["Deals"];
  const verified = cleanText(cells["Verified"])?.toLowerCase();
  if (verified === "true") tool.verified = true;
  else if (verified === "false") tool.verified = false;
  const rating = cleanNumber(cells["Rating"]);
  const reviews = cleanNumber(cells["Reviews"]);
  if (rating !== undefined && rating > 0 && rating <= 5 && reviews !== undefined && reviews > 0) {
    tool.rating = Math.round(rating * 100) / 100;
    tool.reviewCount = reviews;
  }
  const createdAt = cleanDate(cells["Created At"]);
  if (createdAt !== undefined) tool.createdAt = createdAt;
  const updatedAt = cleanDate(cells["Updated At"]);
  if (updatedAt !== undefined) tool.updatedAt = updatedAt;
  const social = cleanList(cells["Social Links"], report)
    .map((link) => cleanUrl(link, report))
    .filter((link): link is string => link !== undefined);
  if (social.length > 0) tool.socialLinks = [...new Set(social)];
  return tool;
}

/**
 * The aitoolhouse adapter (source id `aitoolhouse`). Reads
 * `${root}/ai-tools/aitoolhouse/all_ai_tools_detailed.csv`; rows without a name are skipped
 * (`missing_name`), unparseable rows are skipped (`invalid_csv_row`). Duplicate slugs (3 in the
 * dump) are kept with a `~2` suffix on the second `sourceId`: the merge step folds real duplicates.
 */
export const adapters: SourceAdapter<SourceTool>[] = [
  {
    info: {
      id: "aitoolhouse",
      name: "aitoolhouse.com scrape (lbelt567/ai-tools-scraper)",
      kind: "ai-tools",
      publisher: "lbelt567/ai-tools-scraper @ 83d1c77b",
      license: "none stated",
      path: "ai-tools/aitoolhouse/all_ai_tools_detailed.csv",
      asOf: "2026-02-01",
      role: "catalog",
      priority: { default: 0, url: 1, description: 1, pricing: 0, category: 2 },
      family: "aitoolhouse",
    },
    async read(root: string, report: SourceReport): Promise<SourceTool[]> {
      const rows = await readCsvRows(
        `${root}/ai-tools/aitoolhouse/all_ai_tools_detailed.csv`,
        report,
      );
      const seenIds = new Map<string, number>();
      const tools: SourceTool[] = [];
      for (const row of rows) {
        report.take(toTool(row.cells, report, seenIds), tools);
      }
      return tools;
    },
  },
];
