/**
 * Popularity priors used to break near-ties in ranking. Each is a small, bounded number so that
 * text relevance always dominates.
 *
 * @module
 */
import type { CatalogServer } from "../model/server.ts";
import type { CatalogTool } from "../model/tool.ts";

/**
 * Popularity of an MCP server, 0 to about 10: log10 of GitHub stars, half the log10 of the
 * Smithery use count and of monthly downloads, 0.5 per independent catalog listing it beyond the
 * first (up to 3), and 1 for a vendor-official or official-registry entry.
 *
 * @param server a merged server
 * @returns the prior, a non-negative number
 */
export function serverPopularity(server: CatalogServer): number {
  const catalogs = new Set(server.sources.map((s) => s.source)).size;
  return Math.log10(1 + (server.stars ?? 0)) +
    0.5 * Math.log10(1 + (server.useCount ?? 0)) +
    0.5 * Math.log10(1 + (server.monthlyDownloads ?? 0)) +
    Math.min(3, 0.5 * (catalogs - 1)) +
    (server.vendorOfficial || server.firstParty || server.officialNames.length > 0 ? 1 : 0);
}

/**
 * Popularity of an AI tool, 0 to about 5: 1 per source listing it beyond the first (up to 3),
 * plus the number of reviews on a log10 scale (up to 2).
 *
 * @param tool a merged tool
 * @returns the prior, a non-negative number
 */
export function toolPopularity(tool: CatalogTool): number {
  const sources = new Set(tool.sources.map((s) => s.source)).size;
  const reviews = tool.reviews.reduce((n, r) => n + (r.count ?? 0), 0);
  return Math.min(3, sources - 1) + Math.min(2, Math.log10(1 + reviews));
}
