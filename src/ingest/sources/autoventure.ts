/**
 * Adapter for the AutoVenture free AI tools dataset (`ai-tools/autoventure/ai-tools.json`,
 * autoventure-projects/ai-tools-dataset @ 05e44cd6, CC BY 4.0: attribute autoventure.live).
 *
 * Format: one JSON object `{ name, description, source, license, updated, count, tools: [...] }`;
 * each tool is `{ name, slug, category, category_id, pricing, description, website, review_url }`
 * with `pricing` one of `Free`, `Free Trial`, `Freemium`, and HTML entities (`&#x27;`) in some
 * descriptions. `ai-tools.csv` in the same folder is the same data and is not read.
 *
 * @module
 */
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceTool } from "../types.ts";
import { cleanText, cleanUrl, isRecord, readJsonOrSkip } from "../clean.ts";
import { slugify } from "../../model/text.ts";
import type { PricingModel } from "../../model/tool.ts";

/** AutoVenture pricing labels → model and whether it is a free tier (a trial is not). */
const PRICING: Record<string, { pricing: PricingModel; hasFreeTier: boolean }> = {
  "free": { pricing: "free", hasFreeTier: true },
  "freemium": { pricing: "freemium", hasFreeTier: true },
  "free trial": { pricing: "free_trial", hasFreeTier: false },
  "paid": { pricing: "paid", hasFreeTier: false },
};

/** A web-search link stands in for a missing website (`google.com/search?q=...`): not the site. */
function isSearchLink(url: string): boolean {
  const u = new URL(url);
  return /(^|\.)(google|bing|duckduckgo)\.[a-z.]+$/.test(u.hostname) && u.pathname === "/search";
}

/** Builds one {@link SourceTool} from a JSON tool object, or returns the skip reason. */
function toTool(
  raw: unknown,
  report: SourceReport,
  seenIds: Set<string>,
): SourceTool | string {
  if (!isRecord(raw)) return "invalid_record";
  const name = cleanText(raw["name"], report);
  if (name === undefined) return "missing_name";
  const sourceId = cleanText(raw["slug"]) ?? (slugify(name) || name);
  if (seenIds.has(sourceId)) return "duplicate";
  seenIds.add(sourceId);
  const tool: SourceTool = { source: "autoventure", sourceId, name };
  const url = cleanUrl(raw["website"], report);
  if (url !== undefined) {
    if (isSearchLink(url)) report.clean("search_link_url");
    else tool.url = url;
  }
  const description = cleanText(raw["description"], report);
  if (description !== undefined) tool.description = description;
  const label = cleanText(raw["pricing"], report);
  const mapped = label === undefined ? undefined : PRICING[label.toLowerCase()];
  if (mapped !== undefined) {
    tool.pricing = mapped.pricing;
    tool.hasFreeTier = mapped.hasFreeTier;
  } else if (label !== undefined) tool.priceText = label;
  const category = cleanText(raw["category"], report);
  if (category !== undefined) tool.categories = [category];
  const reviewUrl = cleanUrl(raw["review_url"], report);
  if (reviewUrl !== undefined) tool.reviewUrl = reviewUrl;
  return tool;
}

/**
 * The AutoVenture adapter (source id `autoventure`). Reads `${root}/ai-tools/autoventure/ai-tools.json`.
 * Skips: non-object entries (`invalid_record`), entries without a name (`missing_name`), a repeated
 * slug (`duplicate`); a file that is not valid JSON or has no `tools` array counts as one record
 * skipped (`invalid_json`) and yields nothing.
 */
export const adapters: SourceAdapter<SourceTool>[] = [
  {
    info: {
      id: "autoventure",
      name: "AutoVenture Free AI Tools Dataset",
      kind: "ai-tools",
      publisher: "autoventure-projects/ai-tools-dataset @ 05e44cd6",
      license: "CC BY 4.0 (attribute autoventure.live)",
      path: "ai-tools/autoventure/ai-tools.json",
      asOf: "2026-08-07",
      role: "catalog",
      priority: { default: 1, url: 0, description: 0, pricing: 2, category: 0 },
      family: "autoventure",
    },
    async read(root: string, report: SourceReport): Promise<SourceTool[]> {
      const data = await readJsonOrSkip(`${root}/ai-tools/autoventure/ai-tools.json`, report);
      if (data === undefined) return [];
      const list = isRecord(data) ? data["tools"] : Array.isArray(data) ? data : undefined;
      if (!Array.isArray(list)) {
        report.read();
        report.skip("invalid_json");
        return [];
      }
      const seenIds = new Set<string>();
      const tools: SourceTool[] = [];
      for (const raw of list) {
        report.read();
        report.take(toTool(raw, report, seenIds), tools);
      }
      return tools;
    },
  },
];
