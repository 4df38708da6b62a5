/**
 * Adapter for the topai.tools scrape (`ai-tools/topai-tools/ai_tools.csv`,
 * ilyesBoukraa/ai_tools_scraper @ 310fe4ee).
 *
 * Format: one CSV with the header `tools_names, urls, what_is, pricing, tags, use_cases`:
 * - `urls` is the tool's page on topai.tools (`https://topai.tools/t/<slug>`), not the tool's
 *   site, so it only gives the `sourceId` and never `url`;
 * - `what_is` is a long description, paragraphs separated by blank lines;
 * - `pricing` is one label (`Free`, `Freemium`, `Free trial`, `Subscription`, `Usage based`,
 *   `Paid`, `Contact`, `Waitlist`, or the placeholders `Visit Site` / `Unknown`);
 * - `tags` is one category label, e.g. `Marketing`;
 * - `use_cases` holds one bullet per line, some ending in a doubled period (`..`).
 *
 * @module
 */
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceTool } from "../types.ts";
import { cleanLongText, cleanText } from "../clean.ts";
import { readCsvRows } from "./aitoolhouse.ts";
import { slugify } from "../../model/text.ts";
import type { PricingModel } from "../../model/tool.ts";

/** How each topai.tools pricing label maps: model, free tier, and whether to keep the label. */
const PRICING: Record<string, { pricing: PricingModel; hasFreeTier: boolean; keepText: boolean }> =
  {
    "free": { pricing: "free", hasFreeTier: true, keepText: false },
    "freemium": { pricing: "freemium", hasFreeTier: true, keepText: false },
    "free trial": { pricing: "free_trial", hasFreeTier: false, keepText: false },
    "paid": { pricing: "paid", hasFreeTier: false, keepText: false },
    "subscription": { pricing: "paid", hasFreeTier: false, keepText: true },
    "usage based": { pricing: "paid", hasFreeTier: false, keepText: true },
    "contact": { pricing: "contact", hasFreeTier: false, keepText: false },
  };

/** Labels that say nothing about the price (counted as `placeholder` repairs). */
const NO_PRICE = new Set(["visit site", "unknown"]);

/** Splits the use-case cell into bullets; `..` at the end of a bullet becomes `.`. */
function useCases(value: unknown, report: SourceReport): string[] {
  if (typeof value !== "string") return [];
  const out: string[] = [];
  for (const line of value.split(/\r?\n/)) {
    let text = cleanText(line, report);
    if (text === undefined) continue;
    if (/[^.]\.\.$/.test(text)) {
      text = text.slice(0, -1);
      report.clean("double_period");
    }
    if (!out.some((u) => u.toLowerCase() === text!.toLowerCase())) out.push(text);
  }
  return out;
}

/** Builds one {@link SourceTool} from a CSV row, or returns the skip reason. */
function toTool(
  cells: Record<string, string>,
  report: SourceReport,
  seenIds: Set<string>,
): SourceTool | string {
  const name = cleanText(cells["tools_names"], report);
  if (name === undefined) return "missing_name";
  const pageSlug = /\/t\/([^/?#]+)/.exec(cells["urls"] ?? "")?.[1];
  const sourceId = pageSlug ?? (slugify(name) || name);
  if (seenIds.has(sourceId)) return "duplicate";
  seenIds.add(sourceId);
  const tool: SourceTool = { source: "topai-tools", sourceId, name };
  const long = cleanLongText(cells["what_is"], report);
  if (long !== undefined) {
    const firstParagraph = cleanText(long.split(/\n\s*\n/)[0]);
    const flat = cleanText(long)!;
    tool.description = firstParagraph ?? flat;
    if (flat.length > tool.description.length) tool.longDescription = long;
  }
  const label = cleanText(cells["pricing"]);
  if (label !== undefined) {
    const key = label.toLowerCase();
    const mapped = PRICING[key];
    if (mapped !== undefined) {
      tool.pricing = mapped.pricing;
      tool.hasFreeTier = mapped.hasFreeTier;
      if (mapped.keepText) tool.priceText = label;
    } else if (key === "waitlist") {
      tool.features = ["Waitlist"];
    } else if (NO_PRICE.has(key)) {
      report.clean("placeholder");
    } else {
      tool.priceText = label;
    }
  } else if ((cells["pricing"] ?? "").trim() !== "") {
    report.clean("placeholder");
  }
  const category = cleanText(cells["tags"], report);
  if (category !== undefined) tool.categories = [category];
  const cases = useCases(cells["use_cases"], report);
  if (cases.length > 0) tool.useCases = cases;
  return tool;
}

/**
 * The topai.tools adapter (source id `topai-tools`). Reads `${root}/ai-tools/topai-tools/ai_tools.csv`.
 * Rows without a name are skipped (`missing_name`), a second row for the same topai.tools page
 * (`duplicate`), unparseable rows (`invalid_csv_row`). Records never carry `url`: the source only
 * links its own listing pages, so the merge step matches them by normalized name.
 */
export const adapters: SourceAdapter<SourceTool>[] = [
  {
    info: {
      id: "topai-tools",
      name: "topai.tools scrape (ilyesBoukraa/ai_tools_scraper)",
      kind: "ai-tools",
      publisher: "ilyesBoukraa/ai_tools_scraper @ 310fe4ee",
      license: "none stated",
      path: "ai-tools/topai-tools/ai_tools.csv",
      asOf: "2023-08-05",
      role: "catalog",
      priority: { default: 2, url: 5, description: 5, pricing: 1, category: 3 },
      family: "topai-tools",
    },
    async read(root: string, report: SourceReport): Promise<SourceTool[]> {
      const rows = await readCsvRows(`${root}/ai-tools/topai-tools/ai_tools.csv`, report);
      const seenIds = new Set<string>();
      const tools: SourceTool[] = [];
      for (const row of rows) {
        report.take(toTool(row.cells, report, seenIds), tools);
      }
      return tools;
    },
  },
];
