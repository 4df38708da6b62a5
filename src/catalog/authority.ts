/**
 * The query-independent authority prior of hybrid and lexical ranking: how much an entry deserves
 * to come first among entries that match a query equally well. Computed once at ingest (the
 * writer stores it in the `authority` column) from facts the catalog holds.
 *
 * A query that names a product ranks the entries that carry that name (the "exact" tier: title,
 * repository, folder, registry or package name equal to the query, see `nameKeys`) by this prior
 * first, so the vendor's or the reference server comes before a personal server of the same name;
 * every other candidate gets {@link AUTHORITY_WEIGHT} times the prior added to its fused score.
 *
 * Weights were set on the navigational evaluation set (`deno task eval`, famous names → the
 * vendor's own entry) and checked on the topical set (nDCG@10 unchanged within 0.01): see
 * {@link SERVER_AUTHORITY} and {@link TOOL_AUTHORITY}.
 *
 * @module
 */
import type { CatalogServer } from "../model/server.ts";
import type { CatalogTool } from "../model/tool.ts";

/**
 * Server prior components (points; the prior is their sum, about -1.5 to 1.6):
 * - `vendor`: published by the product's vendor (`vendorOfficial` or `firstParty`, from evidence);
 * - `reference`: a reference server of `modelcontextprotocol/servers`;
 * - `registry`: listed in the official MCP registry;
 * - `popularity`: times `min(1, (log10(1+stars) + ½·log10(1+Smithery uses) +
 *   ½·log10(1+monthly downloads)) / 5)`;
 * - `catalogs`: times `min(1, (independent catalog families − 1) / 5)`;
 * - `trust`: times the trust score / 100;
 * - `archived`: archived upstream or registry status `deprecated` (a penalty);
 * - `thin`: empty or boilerplate description (under 20 characters, or the title again);
 * - `fork`: a fork of another entry's repository;
 * - `variant`: a listing of a project whose canonical entry is another one (seen only with
 *   `collapse=false`);
 * - `spam`: spam, parked or placeholder (also ranked after every other match).
 */
export const SERVER_AUTHORITY = {
  vendor: 0.1,
  reference: 0.35,
  registry: 0.05,
  popularity: 0.8,
  catalogs: 0.8,
  trust: 0.1,
  archived: -0.2,
  thin: -0.15,
  fork: -0.1,
  variant: -0.2,
  spam: -1,
} as const;

/**
 * Tool prior components (points; the prior is their sum, about -1.3 to 0.7):
 * - `sources`: times `min(1, (sources listing it − 1) / 3)`;
 * - `reviews`: times `min(1, log10(1 + reviews) / 3)`;
 * - `url`: the tool's own site is known (`noUrl` when it is not);
 * - `thin`: empty description;
 * - `spam`: spam, parked or placeholder.
 */
export const TOOL_AUTHORITY = {
  sources: 0.3,
  reviews: 0.2,
  url: 0.1,
  noUrl: -0.1,
  thin: -0.15,
  spam: -1,
} as const;

/** Weight of the prior added to a non-exact candidate's fused or lexical score, per corpus. */
export const AUTHORITY_WEIGHT = { tools: 0.3, servers: 0.3 } as const;

/** Independent catalog families of a server's sources (the trust score's grouping). */
type FamilyOf = (ref: { source: string; sourceId: string }) => string;

/**
 * The authority prior of a server (see {@link SERVER_AUTHORITY}).
 *
 * @param s a merged server with its flags, trust score, identity and content flags
 * @param familyOf maps a source reference to its catalog family
 * @returns the prior, about -1.5 to 1.6
 */
export function serverAuthority(s: CatalogServer, familyOf: FamilyOf): number {
  const W = SERVER_AUTHORITY;
  const popularity = Math.min(
    1,
    (Math.log10(1 + (s.stars ?? 0)) + 0.5 * Math.log10(1 + (s.useCount ?? 0)) +
      0.5 * Math.log10(1 + (s.monthlyDownloads ?? 0))) / 5,
  );
  const families = new Set(s.sources.map(familyOf)).size;
  const description = s.description.trim();
  const thin = description.length < 20 || description.toLowerCase() === s.title.toLowerCase();
  return (s.vendorOfficial || s.firstParty ? W.vendor : 0) + (s.reference ? W.reference : 0) +
    (s.officialNames.length > 0 ? W.registry : 0) + W.popularity * popularity +
    W.catalogs * Math.min(1, (families - 1) / 5) + W.trust * (s.trust?.score ?? 0) / 100 +
    (s.archived || s.status?.toLowerCase() === "deprecated" ? W.archived : 0) +
    (thin ? W.thin : 0) + (s.forkOf !== undefined ? W.fork : 0) +
    (s.canonicalName !== undefined ? W.variant : 0) +
    ((s.content?.spam.length ?? 0) > 0 ? W.spam : 0);
}

/**
 * The authority prior of a tool (see {@link TOOL_AUTHORITY}).
 *
 * @param t a merged tool with its content flags
 * @returns the prior, about -1.3 to 0.7
 */
export function toolAuthority(t: CatalogTool): number {
  const W = TOOL_AUTHORITY;
  const sources = new Set(t.sources.map((s) => s.source)).size;
  const reviews = t.reviews.reduce((n, r) => n + (r.count ?? 0), 0);
  return W.sources * Math.min(1, (sources - 1) / 3) +
    W.reviews * Math.min(1, Math.log10(1 + reviews) / 3) + (t.url !== null ? W.url : W.noUrl) +
    (t.description.trim() === "" ? W.thin : 0) +
    ((t.content?.spam.length ?? 0) > 0 ? W.spam : 0);
}
