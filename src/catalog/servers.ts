/**
 * MCP server use cases: search, details, compare, filters.
 *
 * @module
 */
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { type CatalogContext, serverUrl } from "./context.ts";
import { MAX_OFFSET } from "./schemas.ts";
import {
  CompareServersInput,
  type CompareServersOutput,
  FiltersInput,
  type FiltersOutput,
  SearchServersInput,
  type SearchServersOutput,
  ServerDetailsInput,
  type ServerDetailsOutput,
  type ServerSummary,
} from "./server_schemas.ts";
import { confidenceOf, evidenceOf } from "./confidence.ts";
import { inTurn } from "./cpu_queue.ts";
import { memo } from "./memo.ts";
import { rank, type RankedPage, type Signal } from "./ranking.ts";
import { queryTerms, type ServerFilter } from "./store.ts";
import { ALL_GRANTS, type Grants, searchInputFor } from "./grants.ts";
import { requireNode } from "./taxonomy.ts";
import { summarize, termPatterns } from "./match_reasons.ts";
import { contentOf, placementOf, sourceRefs } from "./record_parts.ts";
import { parseInput } from "./validate.ts";
import { ratingPage, ratingsKey, withRatings } from "./user_reviews.ts";
import type { CatalogServer } from "../model/server.ts";
import { familyOf } from "../model/source.ts";

/**
 * The summary shape of a server in search results.
 *
 * @param ctx catalog context (for `svcUrl`)
 * @param s merged server
 * @returns the summary
 */
export function toServerSummary(ctx: CatalogContext, s: CatalogServer): ServerSummary {
  return {
    name: s.name,
    title: s.title,
    description: s.description,
    repositoryUrl: s.repositoryUrl,
    hosting: s.hosting,
    transports: s.transports,
    registryTypes: [...new Set(s.packages.map((p) => p.registryType))],
    categories: s.categories,
    stars: s.stars ?? null,
    inOfficialRegistry: s.officialNames.length > 0,
    official: s.officialNames.length > 0,
    vendorOfficial: s.vendorOfficial,
    firstParty: s.firstParty === true,
    reference: s.reference === true,
    archived: s.archived === true,
    variantCount: s.variants?.length ?? 0,
    variantOf: s.canonicalName ?? null,
    forkOf: s.forkOf ?? null,
    sourceCount: new Set(s.sources.map((ref) => familyOf(ref, ctx.sources.get(ref.source)))).size,
    trustScore: s.trust?.score ?? null,
    trustGrade: s.trust?.grade ?? null,
    svcUrl: serverUrl(ctx, s.name),
  };
}

/** Encodes a result offset as an opaque cursor. */
function _cursor(offset: number): string {
  return btoa(`o:${offset}`).replace(/=+$/, "");
}

/** Decodes a cursor; throws `invalid_parameter` for anything not made by {@link _cursor}. */
function _offset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  let text = "";
  try {
    text = atob(cursor);
  } catch { /* reported below */ }
  const m = /^o:(\d{1,6})$/.exec(text);
  const offset = m ? Number(m[1]) : NaN;
  if (!(offset >= 0 && offset <= MAX_OFFSET)) {
    throw new AppError(
      "invalid_parameter",
      `Cannot use cursor "${cursor}": not a cursor of this API`,
      {
        errors: [{ field: "cursor", message: "Use nextCursor from a previous page" }],
      },
    );
  }
  return offset;
}

/**
 * Why a server matched: the query words found in its title, tool names, categories or description,
 * or, when only the meaning matched, the similarity and the description's first sentence.
 *
 * @param s the server
 * @param q the query
 * @param signal its ranking signals
 * @returns one sentence
 */
export function serverReason(s: CatalogServer, q: string, signal: Signal | undefined): string {
  const found: string[] = [];
  for (const { word, re } of termPatterns(queryTerms(q))) {
    const tool = s.tools.find((t) => re.test(t.name) || re.test(t.description ?? ""));
    if (re.test(s.title) || re.test(s.name)) found.push(`its name matches "${word}"`);
    else if (tool) found.push(`tool "${tool.name}"`);
    else if (s.categories.some((c) => re.test(c))) {
      found.push(`category "${s.categories.find((c) => re.test(c))}"`);
    } else if (re.test(s.description)) {
      const sentence = s.description.split(/(?<=[.!?])\s+/).find((x) => re.test(x)) ??
        s.description;
      found.push(`description: "${sentence.slice(0, 120)}"`);
    }
  }
  const unique = [...new Set(found)].slice(0, 3);
  if (unique.length > 0) return `${unique.join("; ")}.`;
  const first = s.description.split(/(?<=[.!?])\s+/)[0] ?? s.description;
  return `Close in meaning to the request${
    signal?.similarity !== undefined ? ` (similarity ${signal.similarity.toFixed(2)})` : ""
  }: "${first.slice(0, 140)}".`;
}

/**
 * Searches MCP servers by words or a natural-language description (hybrid ranking by default),
 * with filters. Each result says why it matched and how confident the match is; the summary says
 * so when the evidence is low.
 *
 * @param ctx catalog context
 * @param input see {@link SearchServersInput}: `q`, `category`, `hosting` (local|remote),
 *   `transport`, `registryType`, `facetId`, `leafId`, `mode` (lexical | semantic | hybrid,
 *   default hybrid), `sort` (relevance | rating), `limit` (1-50, default 10), `cursor`
 * @param grants the caller's tier: without `semanticSearch` the search is lexical
 * @returns `{summary, results, total, nextCursor}` (`nextCursor` null on the last page), each
 *   result with its users' `rating` (`user_reviews.ts`)
 * @throws {AppError} `invalid_parameter` for bad filters or cursor; `not_found` for unknown
 *   taxonomy ids
 */
export async function searchServers(
  ctx: CatalogContext,
  input: unknown,
  grants: Grants = ALL_GRANTS,
): Promise<z.infer<typeof SearchServersOutput>> {
  const allowed = searchInputFor(input, grants);
  // Keyed by the raw input: a repeated request skips validation too (errors are never cached).
  // Ratings change while the catalog does not: they are set after the cache.
  const out = await memo(ctx, "searchServers", ratingsKey(ctx, allowed), () => {
    const p = parseInput(SearchServersInput, allowed);
    if (p.facetId !== undefined) requireNode(ctx, p.facetId, "facet", "facetId");
    if (p.leafId !== undefined) requireNode(ctx, p.leafId, "leaf", "leafId");
    const offset = _offset(p.cursor);
    const filter = {
      ...(p.safe === "off" && { adult: true }),
      ...(!p.collapse && { variants: true }),
      ...(p.category !== undefined && { category: p.category }),
      ...(p.hosting !== undefined && { hosting: p.hosting }),
      ...(p.install !== undefined && { install: p.install }),
      ...(p.transport !== undefined && { transport: p.transport }),
      ...(p.registryType !== undefined && { registryType: p.registryType }),
      ...(p.facetId !== undefined && { facetId: p.facetId }),
      ...(p.leafId !== undefined && { leafId: p.leafId }),
    };
    return _search(ctx, p, filter, offset);
  });
  return await withRatings(ctx, "server", out, (r) => r.name);
}

async function _search(
  ctx: CatalogContext,
  p: z.infer<typeof SearchServersInput>,
  filter: ServerFilter,
  offset: number,
): Promise<z.infer<typeof SearchServersOutput>> {
  const q = p.q !== undefined && queryTerms(p.q).length > 0 ? p.q : undefined;
  const window = async (limit: number, from: number) =>
    q === undefined
      ? { ...ctx.store.browseServers(filter, limit, from), signals: undefined }
      : await rank(ctx, "servers", q, filter, p.mode, limit, from);
  const page = p.sort === "rating"
    ? await ratingPage(ctx, "server", (size) => window(size, 0), p.limit, offset)
    : await window(p.limit, offset);
  // The page (documents read and parsed, reasons, summary) is built in a turn of its own
  // (`cpu_queue.ts`): run right after the ranking's last job, the pages of the searches a slice
  // finished all ran in that turn's microtasks, and a health check waited for them (32
  // connections of server searches, health p50 / p90 4.9 / 18 → 2.7 / 9 ms, before its handler ran).
  return await inTurn(() => _page(ctx, p, q, page, offset));
}

/** The second part of a server search: the page of results for the ranked ids. */
function _page(
  ctx: CatalogContext,
  p: z.infer<typeof SearchServersInput>,
  q: string | undefined,
  page: Pick<RankedPage, "ids" | "total"> & { signals?: RankedPage["signals"] | undefined },
  offset: number,
): z.infer<typeof SearchServersOutput> {
  const servers = ctx.store.serversByIds(page.ids);
  const results = servers.map((s, i) => {
    const signal = page.signals?.get(page.ids[i]!);
    return {
      ...toServerSummary(ctx, s),
      match: q === undefined
        ? null
        : { reason: serverReason(s, q, signal), confidence: confidenceOf(signal, "servers") },
      rating: null,
    };
  });
  const next = offset + page.ids.length;
  const summary = q === undefined
    ? `${page.total} MCP servers match the filters; the most popular come first.`
    : summarize(
      q,
      results.map((r) => ({ name: r.title, confidence: r.match!.confidence })),
      page.total,
      "MCP servers",
      evidenceOf(page.signals?.get(page.ids[0] ?? -1)),
    );
  return {
    summary,
    results,
    total: page.total,
    nextCursor: page.ids.length === p.limit && next < page.total && next <= MAX_OFFSET
      ? _cursor(next)
      : null,
  };
}

function _requireServer(ctx: CatalogContext, name: string): CatalogServer {
  const server = ctx.store.serverByName(name);
  if (!server) throw new AppError("not_found", `Cannot find MCP server "${name}"`);
  return server;
}

/**
 * Full details of one MCP server: packages, remotes, tool inventory, sources and provenance.
 *
 * @param ctx catalog context
 * @param input `{ name }` (case-insensitive)
 * @returns the details
 * @throws {AppError} `not_found` for an unknown name
 */
export function getServer(
  ctx: CatalogContext,
  input: unknown,
): z.infer<typeof ServerDetailsOutput> {
  const { name } = parseInput(ServerDetailsInput, input);
  return serverDetails(ctx, _requireServer(ctx, name));
}

/**
 * The details of a server the caller already holds (what {@link getServer} answers for its
 * name), for callers that read servers in bulk (the export).
 *
 * @param ctx catalog context
 * @param s a server of this catalog
 * @returns the details
 */
export function serverDetails(
  ctx: CatalogContext,
  s: CatalogServer,
): z.infer<typeof ServerDetailsOutput> {
  return {
    ...toServerSummary(ctx, s),
    officialNames: s.officialNames,
    subfolder: s.subfolder ?? null,
    originalTitle: s.originalTitle ?? null,
    statedHosting: s.statedHosting ?? null,
    homepage: s.homepage ?? null,
    packages: s.packages,
    remotes: s.remotes,
    tags: s.tags,
    license: s.license ?? null,
    forks: s.forks ?? null,
    useCount: s.useCount ?? null,
    monthlyDownloads: s.monthlyDownloads ?? null,
    version: s.version ?? null,
    status: s.status ?? null,
    publishedAt: s.publishedAt ?? null,
    updatedAt: s.updatedAt ?? null,
    vendorEvidence: s.vendorEvidence ?? [],
    publisherNote: s.publisherNote ?? null,
    variants: s.variants ?? [],
    variantReason: s.variantReason ?? null,
    content: contentOf(s.content),
    tools: s.tools,
    taxonomy: placementOf(s.taxonomy),
    trust: s.trust ?? null,
    inventoryStatus: s.tools.length > 0 ? "known" : "unknown",
    inventorySource: s.toolsSource ?? null,
    probes: s.probes ?? [],
    verified: _verified(s),
    sources: sourceRefs(ctx, s.sources),
    provenance: s.provenance,
  };
}

/** The launch probe that started the server and listed its tools, if any. */
function _verified(s: CatalogServer): z.infer<typeof ServerDetailsOutput>["verified"] {
  const probe = (s.probes ?? []).find((p) =>
    p.launched && p.errorClass === null && p.toolCount > 0
  );
  if (probe === undefined) return null;
  return {
    probedAt: probe.probedAt,
    identifier: probe.identifier,
    version: probe.version,
    toolCount: probe.toolCount,
    text: `verified: launched and listed ${probe.toolCount} tools on ${
      probe.probedAt.slice(0, 10)
    }`,
  };
}

/** Install methods a server offers, e.g. `["npm", "remote:streamable-http"]`. */
function _installMethods(s: CatalogServer): string[] {
  return [
    ...new Set([
      ...s.packages.map((p) => p.registryType),
      ...s.remotes.map((r) => `remote:${r.type}`),
    ]),
  ];
}

/**
 * Side-by-side comparison of 2 to 5 MCP servers.
 *
 * @param ctx catalog context
 * @param input `{ names }` (2-5 distinct names)
 * @returns one row per server, in the order asked
 * @throws {AppError} `invalid_parameter` for fewer than 2 or more than 5; `not_found`
 */
export function compareServers(
  ctx: CatalogContext,
  input: unknown,
): z.infer<typeof CompareServersOutput> {
  const { names } = parseInput(CompareServersInput, input);
  return {
    servers: names.map((n) => _requireServer(ctx, n)).map((s) => ({
      ...toServerSummary(ctx, s),
      license: s.license ?? null,
      toolCount: s.tools.length > 0 ? s.tools.length : null,
      updatedAt: s.updatedAt ?? null,
      installMethods: _installMethods(s),
    })),
  };
}

/**
 * Filter values for server search with their counts: categories (source labels, the 200 largest),
 * hosting, transports and registry types.
 *
 * @param ctx catalog context
 * @param input `{}`
 * @returns the filter values
 */
export function serverFilters(
  ctx: CatalogContext,
  input: unknown = {},
): z.infer<typeof FiltersOutput> {
  parseInput(FiltersInput, input);
  const f = ctx.store.serverFacets();
  return {
    categories: f.category.slice(0, 200),
    hosting: f.hosting,
    transports: f.transport,
    registryTypes: f.registryType,
  };
}
