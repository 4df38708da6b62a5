/**
 * The MCP Registry read API over the catalog (`GET /v0.1/servers`, `/versions`,
 * `/versions/{version}`), as modelcontextprotocol/registry documents it
 * (`docs/reference/api/openapi.yaml`, `official-registry-api.md`): the same parameters, bounds
 * and response shapes, so registry clients (VS Code's MCP gallery, sub-registries) can use
 * toolatlas as their registry.
 *
 * What is served:
 * - **Entries**: every catalog server with a registry name (`registry_name.ts`), one version
 *   each (the latest any source lists), variants included (a registry lists every name; `_meta`
 *   says which entry is the project's canonical one). Adult entries are left out, as in every
 *   default view of toolatlas; a name longer than 200 characters or taken by another entry is
 *   left out too ({@link RegistryStats} counts each group).
 * - **Order and cursors**: listings go by registry name (code-unit order); `nextCursor` is an
 *   opaque, URL-safe (base64url) token holding the last name served, so a walk never repeats or
 *   skips an entry, even across a catalog rebuild. A search cursor holds the search text and the
 *   offset, so a client that drops `search` on later pages (VS Code does) still gets the search.
 * - **`search`** (an extension of the registry's substring match): toolatlas's ranking (hybrid
 *   or lexical as the caller's tier allows; canonical entries only), then every other canonical
 *   entry whose name, title or the first 200 characters of its description contain the text
 *   (case-insensitive), at most
 *   {@link MAX_SEARCH_RESULTS} in all.
 * - **`updated_since`** (RFC 3339): entries whose public record changed strictly after that time
 *   (`changes.ts`), and entries removed since then with `status: "deleted"` (tombstones, kept
 *   `TOMBSTONE_DAYS` (90) days; an entry now hidden, such as one flagged adult, is reported
 *   deleted too). `include_deleted=true` adds tombstones to a listing without a time.
 * - **`_meta`** of every entry: `io.modelcontextprotocol.registry/official` (`status`,
 *   `publishedAt`, `updatedAt`, `isLatest`) for names from the official registry, with the
 *   official registry's own times, and always `ai.toolatlas/enrichment` ({@link Enrichment}).
 *
 * @module
 */
import { z } from "zod";
import { AppError } from "../errors.ts";
import { newEntryId } from "./changes.ts";
import { type CatalogContext, serverPath, serverUrl } from "./context.ts";
import { installConfigs } from "../install/mod.ts";
import { ByteLru } from "./lru.ts";
import { memo } from "./memo.ts";
import { rank, type SearchMode } from "./ranking.ts";
import { registryNameOf } from "./registry_name.ts";
import { SourceAttribution } from "./schemas.ts";
import {
  clipText,
  isSingleVersion,
  MAX_TEXT,
  NO_DESCRIPTION,
  SERVER_SCHEMA_URL,
  ServerJsonSchema,
  serverVersion,
  toServerJson,
  UNKNOWN_VERSION,
} from "./server_json.ts";
import { type CatalogStore, queryTerms } from "./store.ts";
import { sourceRefs } from "./tools.ts";
import { parseInput } from "./validate.ts";
import { InstallConfig } from "../model/install.ts";
import type { CatalogServer } from "../model/server.ts";
import { TrustScore } from "../model/trust.ts";
import { ALL_GRANTS, type Grants } from "./grants.ts";

/** `_meta` key of the official registry's metadata. */
export const OFFICIAL_META = "io.modelcontextprotocol.registry/official";
/** `_meta` key of toolatlas's own metadata. */
export const ENRICHMENT_META = "ai.toolatlas/enrichment";
/** Page size bounds of `GET /v0.1/servers` (as the official registry: default 30, 1-100). */
export const REGISTRY_LIMIT = { default: 30, min: 1, max: 100 } as const;
/** Most entries a search returns (ranked matches, then substring matches). */
export const MAX_SEARCH_RESULTS = 1000;

const _OFFICIAL_SOURCES = new Set(["official-registry", "official-server-json"]);

// ------------------------------------------------------------------ input

/**
 * True for an RFC 3339 date-time (`2025-08-07T13:15:04.280Z`, `2025-08-07T15:15:04+02:00`):
 * a real calendar date and time of day, seconds with optional fraction, `Z` or an offset.
 *
 * @param value the text
 * @returns whether it is one
 */
export function isRfc3339(value: string): boolean {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/
      .exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
  const days = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
  const offsetOk = m[9] === undefined || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  return mo! >= 1 && mo! <= 12 && d! >= 1 && d! <= days && h! <= 23 && mi! <= 59 && s! <= 60 &&
    offsetOk && !Number.isNaN(Date.parse(value.toUpperCase()));
}

const _IncludeDeleted = z.boolean().default(false).describe(
  "Include deleted entries (default false; always true when updated_since is given)",
);

/** Input of {@link listRegistryServers} (`GET /v0.1/servers`). */
export const RegistryListInput = z.object({
  cursor: z.string().max(2048).describe(
    "Opaque cursor from the previous page's metadata.nextCursor (URL-safe, use it verbatim)",
  ).optional(),
  limit: z.number().int().min(REGISTRY_LIMIT.min).max(REGISTRY_LIMIT.max)
    .default(REGISTRY_LIMIT.default).describe("Entries per page"),
  search: z.string().max(200).describe(
    "Search text. Extension: toolatlas's ranking first, then case-insensitive substring matches of name, title or description (first 200 characters)",
  ).optional(),
  updated_since: z.string().max(64).refine(isRfc3339, {
    message: "Expected an RFC 3339 date-time, e.g. 2025-08-07T13:15:04.280Z",
  }).describe(
    "RFC 3339 time: only entries whose toolatlas record changed after it, deletions included",
  ).optional(),
  version: z.string().trim().min(1).max(255).describe(
    "'latest' (every entry: one version each is kept) or an exact version",
  ).optional(),
  include_deleted: _IncludeDeleted,
}).strict();

/** Input of {@link registryServerVersions} (`GET /v0.1/servers/{serverName}/versions`). */
export const RegistryVersionsInput = z.object({
  serverName: z.string().min(1).max(1000).describe(
    "Server name, URL-encoded as one path segment, e.g. io.github.owner%2Frepo",
  ),
  include_deleted: _IncludeDeleted,
}).strict();

/** Input of {@link registryServerVersion} (`GET /v0.1/servers/{serverName}/versions/{version}`). */
export const RegistryVersionInput = RegistryVersionsInput.extend({
  version: z.string().min(1).max(255).describe(
    "`latest`, or the entry's exact version (URL-encoded)",
  ),
}).strict();

// ------------------------------------------------------------------ output

/** `_meta["io.modelcontextprotocol.registry/official"]`. */
export const OfficialMetaSchema = z.object({
  status: z.enum(["active", "deprecated", "deleted"]),
  publishedAt: z.string().optional().describe("When the official registry first published it"),
  updatedAt: z.string().optional().describe("When the official registry last updated it"),
  isLatest: z.boolean().describe("Always true: one version per server is kept"),
}).describe("Official MCP registry metadata, for names from the official registry");

const _InstallSummary = z.object({
  configUrl: z.string().describe("REST route of the full configs (GET)"),
  clients: z.array(z.object({
    client: z.string().describe("Client id, e.g. vscode"),
    format: z.enum(["json", "toml"]).nullable(),
    config: z.string().nullable().describe("Ready-to-paste configuration, secrets as placeholders"),
    cliCommand: z.string().nullable(),
  })).describe("Clients with a ready-to-paste config (none without a package or remote)"),
});

/** `_meta["ai.toolatlas/enrichment"]` of an entry. */
export const EnrichmentSchema = z.object({
  id: z.string().describe("Stable id of the entry across catalog builds"),
  status: z.enum(["active", "deprecated", "deleted"]).describe(
    "deleted: gone from every source toolatlas reads (or no longer listed here)",
  ),
  firstSeenAt: z.string().nullable().describe("When toolatlas first listed it (ISO 8601)"),
  updatedAt: z.string().nullable().describe(
    "When a field of toolatlas's record last changed (what updated_since compares)",
  ),
  deletedAt: z.string().nullable().optional(),
  renamedTo: z.string().nullable().optional().describe(
    "On a deleted entry: the registry name it lives on under",
  ),
  name: z.string().describe("toolatlas name, as in /api/v1/servers/{name}"),
  svcUrl: z.string().optional(),
  detailsUrl: z.string().optional().describe("GET /api/v1/servers/{name}"),
  description: z.string().optional().describe("The full description"),
  inOfficialRegistry: z.boolean().optional(),
  officialNames: z.array(z.string()).optional(),
  vendorOfficial: z.boolean().optional(),
  firstParty: z.boolean().optional().describe("A company's server for its own service"),
  vendorEvidence: z.array(z.object({ kind: z.string(), detail: z.string() })).optional(),
  reference: z.boolean().optional(),
  archived: z.boolean().optional(),
  canonicalName: z.string().nullable().optional().describe(
    "For a variant: registry name of its project's canonical entry",
  ),
  variants: z.array(z.string()).optional().describe("Registry names of the project's variants"),
  forkOf: z.string().nullable().optional(),
  trust: z.union([
    z.object({ score: z.number(), grade: z.string() }),
    TrustScore,
  ]).nullable().optional().describe("Trust score and grade (components on the version routes)"),
  tools: z.object({
    status: z.enum(["known", "unknown"]),
    source: z.string().nullable(),
    count: z.number().int(),
    items: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  }).optional().describe("Tool inventory (descriptions on the version routes)"),
  taxonomy: z.object({
    facetId: z.string(),
    subcategoryId: z.string(),
    leafId: z.string(),
    leafName: z.string().nullable(),
  }).nullable().optional(),
  sources: z.array(z.union([z.string(), SourceAttribution])).optional().describe(
    "Catalogs listing it (source records with licences on the version routes)",
  ),
  hosting: z.string().optional(),
  transports: z.array(z.string()).optional(),
  categories: z.array(z.string()).optional(),
  stars: z.number().nullable().optional(),
  license: z.string().nullable().optional(),
  install: z.union([_InstallSummary, z.array(InstallConfig)]).optional().describe(
    "Install configs per client (full configs on the version routes)",
  ),
}).describe("toolatlas enrichment");

/** One entry: `{server, _meta}` (registry `ServerResponse`). */
export const RegistryServerResponse = z.object({
  server: ServerJsonSchema,
  _meta: z.object({
    [OFFICIAL_META]: OfficialMetaSchema.optional(),
    [ENRICHMENT_META]: EnrichmentSchema,
  }),
}).describe("A server.json with registry metadata");

/** A page of entries (registry `ServerList`). */
export const RegistryServerList = z.object({
  servers: z.array(RegistryServerResponse),
  metadata: z.object({
    nextCursor: z.string().optional().describe("Absent on the last page"),
    count: z.number().int().describe("Entries in this page"),
  }),
}).describe("A page of registry entries");

/** toolatlas enrichment of an entry. */
export type Enrichment = z.infer<typeof EnrichmentSchema>;
/** One registry entry. */
export type RegistryEntry = z.infer<typeof RegistryServerResponse>;
/** A page of registry entries. */
export type RegistryPage = z.infer<typeof RegistryServerList>;

// ------------------------------------------------------------------ the index

/** One name of the registry: a served entry, a hidden one, or a tombstone. */
interface _Entry {
  name: string;
  official: boolean;
  /** `servers.id`; 0 for a tombstone. */
  row: number;
  /** toolatlas name (the catalog key). */
  key: string;
  state: "live" | "hidden" | "deleted";
  variant: boolean;
  version: string;
  status: "active" | "deprecated" | "deleted";
  /** Milliseconds of `updatedAt`. */
  updatedMs: number;
  entryId: string;
  firstSeenAt: string | null;
  updatedAt: string | null;
  deletedAt: string | null;
  renamedTo: string | null;
  title: string;
  description: string;
  /** Lowercase name, title and the first 200 characters of the description (substring search). */
  text: string;
}

/** What the registry serves of the catalog, by group. */
export interface RegistryStats {
  /** Entries `GET /v0.1/servers` lists (a full walk returns exactly these). */
  listed: number;
  /** Of those: under their official registry name. */
  official: number;
  /** Of those: under a name in the `ai.toolatlas` namespace. */
  toolatlasNamespace: number;
  /** Of those: variants (listings of a project whose canonical entry is another one). */
  variants: number;
  /** Catalog servers left out: adult. */
  adult: number;
  /** Catalog servers left out: the name would be longer than 200 characters. */
  tooLong: number;
  /** Catalog servers left out: another entry has the same name (compared without case). */
  nameTaken: number;
  /** Tombstones served with `status: deleted` (updated_since, include_deleted). */
  deleted: number;
  /** Other official names of listed entries, resolved by the version routes. */
  aliases: number;
}

/** The registry view of one catalog, built once per open store. */
interface _Index {
  sorted: _Entry[];
  byName: Map<string, _Entry>;
  aliases: Map<string, _Entry>;
  byKey: Map<string, _Entry>;
  byRow: Map<number, _Entry>;
  stats: RegistryStats;
}

const _indexes = new WeakMap<CatalogStore, _Index>();

function _cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function _index(ctx: CatalogContext): _Index {
  let index = _indexes.get(ctx.store);
  if (index) return index;
  const builtAt = ctx.store.meta("built_at") ?? new Date(0).toISOString();
  const stats: RegistryStats = {
    listed: 0,
    official: 0,
    toolatlasNamespace: 0,
    variants: 0,
    adult: 0,
    tooLong: 0,
    nameTaken: 0,
    deleted: 0,
    aliases: 0,
  };
  const byName = new Map<string, _Entry>();
  const rows = ctx.store.serverIndexRows();
  const named = rows.map((r) => ({ r, n: registryNameOf(r.name, r.officialNames) }));
  // Official names claim first, then generated ones, each in toolatlas-name order.
  named.sort((a, b) =>
    Number(b.n?.official ?? false) - Number(a.n?.official ?? false) || _cmp(a.r.name, b.r.name)
  );
  const byRow = new Map<number, _Entry>();
  const byKey = new Map<string, _Entry>();
  for (const { r, n } of named) {
    if (r.adult) stats.adult++;
    if (n === undefined) {
      stats.tooLong++;
      continue;
    }
    const lower = n.name.toLowerCase();
    if (byName.has(lower)) {
      stats.nameTaken++;
      continue;
    }
    const updatedAt = r.updatedAt ?? builtAt;
    const status = r.status?.toLowerCase() === "deprecated" ? "deprecated" : "active";
    const e: _Entry = {
      name: n.name,
      official: n.official,
      row: r.id,
      key: r.name,
      state: r.adult ? "hidden" : "live",
      variant: r.variant,
      version: serverVersion({ version: r.version ?? undefined }),
      status,
      updatedMs: Date.parse(updatedAt),
      entryId: r.entryId ?? newEntryId("server", r.name),
      firstSeenAt: r.firstSeenAt,
      updatedAt: r.updatedAt,
      deletedAt: null,
      renamedTo: null,
      title: r.title,
      description: r.description,
      text: `${n.name}\n${r.title}\n${r.description}`.toLowerCase(),
    };
    byName.set(lower, e);
    byRow.set(r.id, e);
    byKey.set(r.name.toLowerCase(), e);
    if (e.state === "live") {
      stats.listed++;
      if (e.official) stats.official++;
      else stats.toolatlasNamespace++;
      if (e.variant) stats.variants++;
    }
  }
  const aliases = new Map<string, _Entry>();
  for (const { r } of named) {
    const e = byRow.get(r.id);
    if (!e || e.state !== "live") continue;
    for (const other of r.officialNames) {
      const lower = other.toLowerCase();
      if (byName.has(lower) || aliases.has(lower)) continue;
      aliases.set(lower, e);
    }
  }
  stats.aliases = aliases.size;
  for (const t of ctx.store.hasChangeHistory ? ctx.store.tombstones("server") : []) {
    const official = Array.isArray(t.summary.officialNames)
      ? t.summary.officialNames as string[]
      : [];
    const n = registryNameOf(t.key, official);
    if (n === undefined || byName.has(n.name.toLowerCase())) continue;
    const version = typeof t.summary.version === "string" ? t.summary.version : undefined;
    const title = typeof t.summary.title === "string" ? t.summary.title : t.key;
    const description = typeof t.summary.description === "string" ? t.summary.description : "";
    const renamed = t.renamedTo === null ? undefined : byKey.get(t.renamedTo.toLowerCase());
    const e: _Entry = {
      name: n.name,
      official: n.official,
      row: 0,
      key: t.key,
      state: "deleted",
      variant: false,
      version: isSingleVersion(version) ? version : UNKNOWN_VERSION,
      status: "deleted",
      updatedMs: Date.parse(t.updatedAt),
      entryId: t.id,
      firstSeenAt: t.firstSeenAt,
      updatedAt: t.updatedAt,
      deletedAt: t.deletedAt,
      renamedTo: renamed?.name ?? null,
      title,
      description,
      text: "",
    };
    byName.set(n.name.toLowerCase(), e);
    stats.deleted++;
  }
  const sorted = [...byName.values()].sort((a, b) => _cmp(a.name, b.name));
  index = { sorted, byName, aliases, byKey, byRow, stats };
  _indexes.set(ctx.store, index);
  return index;
}

/**
 * Counts of what the registry API serves of the open catalog (see {@link RegistryStats}).
 *
 * @param ctx catalog context
 * @returns the counts (computed once per open catalog)
 */
export function registryStats(ctx: CatalogContext): RegistryStats {
  return _index(ctx).stats;
}

// ------------------------------------------------------------------ cursors

function _b64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function _unb64url(token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token) || token.length % 4 === 1) return undefined;
  try {
    const bin = atob(token.replaceAll("-", "+").replaceAll("_", "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(bin, (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

/** A decoded cursor: after a name (listing) or at an offset of a search. */
type _Cursor = { after: string } | { search: string; offset: number };

function _badCursor(cursor: string, why: string): AppError {
  const shown = cursor.length > 60 ? `${cursor.slice(0, 60)}…` : cursor;
  return new AppError("invalid_parameter", `Cannot use cursor "${shown}": ${why}`, {
    errors: [{ field: "cursor", message: "Use metadata.nextCursor of a previous page verbatim" }],
  });
}

function _decodeCursor(cursor: string): _Cursor {
  const text = _unb64url(cursor);
  if (text?.startsWith("n:") && text.length > 2) return { after: text.slice(2) };
  const m = text === undefined ? null : /^s:(\d{1,4}):([\s\S]+)$/.exec(text);
  if (m && Number(m[1]) <= MAX_SEARCH_RESULTS) return { search: m[2]!, offset: Number(m[1]) };
  throw _badCursor(cursor, "not a cursor of this registry");
}

// ------------------------------------------------------------------ use cases

/**
 * Lists registry entries (`GET /v0.1/servers`): by name, or ranked by `search`; filtered by
 * `updated_since`, `version` and `include_deleted`.
 *
 * @param ctx catalog context
 * @param input see {@link RegistryListInput}: `cursor`, `limit` (1-100, default 30), `search`,
 *   `updated_since` (RFC 3339), `version` (`latest` or exact), `include_deleted`
 * @param grants the caller's tier: `search` is ranked lexically without `semanticSearch`
 * @returns `{servers: [{server, _meta}], metadata: {nextCursor?, count}}`
 * @throws {AppError} `invalid_parameter` for a bad limit, time or cursor (or a cursor of another
 *   search)
 * @example
 * ```ts
 * const page = await listRegistryServers(ctx, { limit: 50, version: "latest" });
 * page.metadata.nextCursor; // pass as `cursor` for the next page
 * ```
 */
export async function listRegistryServers(
  ctx: CatalogContext,
  input: unknown,
  grants: Grants = ALL_GRANTS,
): Promise<RegistryPage> {
  const p = parseInput(RegistryListInput, input);
  const index = _index(ctx);
  const cursor = p.cursor === undefined ? undefined : _decodeCursor(p.cursor);
  const search = p.search?.trim() || undefined;
  const since = p.updated_since === undefined
    ? undefined
    : Date.parse(p.updated_since.toUpperCase());
  const version = p.version === undefined || p.version === "latest" ? undefined : p.version;
  if (cursor && "search" in cursor && search !== undefined && search !== cursor.search) {
    throw _badCursor(p.cursor!, "it belongs to another search");
  }
  if (cursor && "after" in cursor && search !== undefined) {
    throw _badCursor(p.cursor!, "it belongs to a listing without search");
  }
  const wanted = (e: _Entry): boolean => {
    if (version !== undefined && e.version !== version) return false;
    if (since !== undefined) return e.updatedMs > since;
    return e.state === "live" || (p.include_deleted && e.state === "deleted");
  };

  let page: _Entry[];
  let next: string | undefined;
  const text = cursor && "search" in cursor ? cursor.search : search;
  if (text !== undefined) {
    const offset = cursor && "search" in cursor ? cursor.offset : 0;
    const found =
      (await _searchEntries(ctx, index, text, grants.semanticSearch ? "hybrid" : "lexical"))
        .filter((e) => wanted(e) && e.state === "live");
    page = found.slice(offset, offset + p.limit);
    const end = offset + page.length;
    if (end < found.length) next = _b64url(`s:${end}:${text}`);
  } else {
    let i = 0;
    if (cursor && "after" in cursor) {
      // First entry whose name sorts after the cursor's (binary search).
      let lo = 0;
      let hi = index.sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (_cmp(index.sorted[mid]!.name, cursor.after) <= 0) lo = mid + 1;
        else hi = mid;
      }
      i = lo;
    }
    page = [];
    for (; i < index.sorted.length; i++) {
      const e = index.sorted[i]!;
      if (!wanted(e)) continue;
      if (page.length === p.limit) {
        next = _b64url(`n:${page[page.length - 1]!.name}`);
        break;
      }
      page.push(e);
    }
  }
  const docs = new Map<number, CatalogServer>();
  const live = page.filter((e) => e.state === "live");
  ctx.store.serversByIds(live.map((e) => e.row)).forEach((s, i) => docs.set(live[i]!.row, s));
  return {
    servers: page.map((e) => _entry(ctx, index, e, docs.get(e.row), false)),
    metadata: next === undefined
      ? { count: page.length }
      : { nextCursor: next, count: page.length },
  };
}

/**
 * Every version of one entry (`GET /v0.1/servers/{serverName}/versions`): toolatlas keeps one,
 * the latest any source lists.
 *
 * @param ctx catalog context
 * @param input `{serverName, include_deleted?}`: a registry name, another official name of the
 *   entry, or its toolatlas name (case-insensitive)
 * @returns a list of one entry, `metadata.count` 1
 * @throws {AppError} `not_found` for an unknown (or hidden, or deleted without
 *   `include_deleted`) name
 */
export function registryServerVersions(ctx: CatalogContext, input: unknown): RegistryPage {
  const p = parseInput(RegistryVersionsInput, input);
  const { entry, server } = _lookup(ctx, p.serverName, p.include_deleted);
  return { servers: [_entry(ctx, _index(ctx), entry, server, true)], metadata: { count: 1 } };
}

/**
 * One version of one entry (`GET /v0.1/servers/{serverName}/versions/{version}`), with the full
 * enrichment: trust components, tool descriptions, source records, install configs per client.
 *
 * @param ctx catalog context
 * @param input `{serverName, version, include_deleted?}`; `version` is `latest` or the entry's
 *   exact version
 * @returns `{server, _meta}`
 * @throws {AppError} `not_found` for an unknown name or another version
 */
export function registryServerVersion(ctx: CatalogContext, input: unknown): RegistryEntry {
  const p = parseInput(RegistryVersionInput, input);
  const { entry, server } = _lookup(ctx, p.serverName, p.include_deleted);
  if (p.version !== "latest" && p.version !== entry.version) {
    throw new AppError(
      "not_found",
      `Cannot find version "${p.version}" of "${entry.name}": this registry keeps only the ` +
        `latest version, ${entry.version}`,
    );
  }
  return _entry(ctx, _index(ctx), entry, server, true);
}

/** The served entry of a name (registry name, other official name or toolatlas name). */
function _lookup(
  ctx: CatalogContext,
  name: string,
  includeDeleted: boolean,
): { entry: _Entry; server: CatalogServer | undefined } {
  const index = _index(ctx);
  const lower = name.trim().toLowerCase();
  const entry = index.byName.get(lower) ?? index.aliases.get(lower) ?? index.byKey.get(lower);
  const shown = name.length > 200 ? `${name.slice(0, 200)}…` : name;
  if (!entry || entry.state === "hidden" || (entry.state === "deleted" && !includeDeleted)) {
    throw new AppError("not_found", `Cannot find MCP server "${shown}" in this registry`);
  }
  const server = entry.state === "live" ? ctx.store.serversByIds([entry.row])[0] : undefined;
  return { entry, server };
}

/**
 * Entries of a search: toolatlas's ranking of canonical entries, then substring matches, at most
 * {@link MAX_SEARCH_RESULTS}; cached per process like other searches.
 */
async function _searchEntries(
  ctx: CatalogContext,
  index: _Index,
  text: string,
  mode: SearchMode,
): Promise<_Entry[]> {
  const rows = await memo(ctx, "registrySearch", { text, mode }, async () => {
    const out: number[] = [];
    const seen = new Set<number>();
    if (queryTerms(text).length > 0) {
      const ranked = await rank(ctx, "servers", text, {}, mode, MAX_SEARCH_RESULTS, 0);
      for (const id of ranked.ids) {
        const e = index.byRow.get(id);
        if (e && e.state === "live" && !seen.has(id)) {
          seen.add(id);
          out.push(id);
        }
      }
    }
    const needle = text.toLowerCase();
    for (const e of index.sorted) {
      if (out.length >= MAX_SEARCH_RESULTS) break;
      if (e.state !== "live" || e.variant || seen.has(e.row) || !e.text.includes(needle)) continue;
      seen.add(e.row);
      out.push(e.row);
    }
    return out;
  });
  return rows.map((id) => index.byRow.get(id)!);
}

// ------------------------------------------------------------------ rendering

function _isDateTime(value: string | undefined): value is string {
  return value !== undefined && isRfc3339(value);
}

/** `{server, _meta}` of one entry; `full` adds what the version routes show. */
function _entry(
  ctx: CatalogContext,
  index: _Index,
  e: _Entry,
  s: CatalogServer | undefined,
  full: boolean,
): RegistryEntry {
  if (e.state !== "live" || s === undefined) return _deletedEntry(e);
  const server = toServerJson(s, e.name);
  const meta: RegistryEntry["_meta"] = { [ENRICHMENT_META]: _enrichment(ctx, index, e, s, full) };
  if (e.official) {
    const official: z.infer<typeof OfficialMetaSchema> = { status: e.status, isLatest: true };
    if (_OFFICIAL_SOURCES.has(s.provenance.publishedAt ?? "") && _isDateTime(s.publishedAt)) {
      official.publishedAt = s.publishedAt;
    }
    if (_OFFICIAL_SOURCES.has(s.provenance.updatedAt ?? "") && _isDateTime(s.updatedAt)) {
      official.updatedAt = s.updatedAt;
    }
    meta[OFFICIAL_META] = official;
  }
  return { server, _meta: meta };
}

/** A deleted entry (tombstone, or hidden since): name, description, version; no content. */
function _deletedEntry(e: _Entry): RegistryEntry {
  const hidden = e.state === "hidden";
  const server: RegistryEntry["server"] = {
    $schema: SERVER_SCHEMA_URL,
    name: e.name,
    description: hidden
      ? "No longer listed by this registry."
      : clipText(e.description, MAX_TEXT) || NO_DESCRIPTION,
    version: e.version,
  };
  const title = hidden ? "" : clipText(e.title, MAX_TEXT);
  if (title) server.title = title;
  const enrichment: Enrichment = {
    id: e.entryId,
    status: "deleted",
    firstSeenAt: e.firstSeenAt,
    updatedAt: e.updatedAt,
    deletedAt: e.deletedAt ?? e.updatedAt,
    renamedTo: e.renamedTo,
    name: e.key,
  };
  const meta: RegistryEntry["_meta"] = { [ENRICHMENT_META]: enrichment };
  if (e.official) meta[OFFICIAL_META] = { status: "deleted", isLatest: true };
  return { server, _meta: meta };
}

function _enrichment(
  ctx: CatalogContext,
  index: _Index,
  e: _Entry,
  s: CatalogServer,
  full: boolean,
): Enrichment {
  const nameOf = (key: string) => index.byKey.get(key.toLowerCase())?.name ?? null;
  const leaf = s.taxonomy?.primary;
  const api = `${ctx.baseUrl}/api/v1${serverPath(s.name)}`;
  const out: Enrichment = {
    id: e.entryId,
    status: s.archived === true && e.status === "active" ? "deprecated" : e.status,
    firstSeenAt: e.firstSeenAt,
    updatedAt: e.updatedAt,
    name: s.name,
    svcUrl: serverUrl(ctx, s.name),
    detailsUrl: api,
    description: s.description,
    inOfficialRegistry: s.officialNames.length > 0,
    officialNames: s.officialNames,
    vendorOfficial: s.vendorOfficial,
    firstParty: s.firstParty === true,
    vendorEvidence: (s.vendorEvidence ?? []).map((v) => ({ kind: v.kind, detail: v.detail })),
    reference: s.reference === true,
    archived: s.archived === true,
    canonicalName: s.canonicalName === undefined ? null : nameOf(s.canonicalName),
    variants: (s.variants ?? []).map((v) => nameOf(v.name)).filter((n) => n !== null),
    forkOf: s.forkOf === undefined ? null : nameOf(s.forkOf),
    trust: s.trust === undefined
      ? null
      : full
      ? s.trust
      : { score: s.trust.score, grade: s.trust.grade },
    tools: {
      status: s.tools.length > 0 ? "known" : "unknown",
      source: s.toolsSource ?? null,
      count: s.tools.length,
      items: s.tools.map((t) =>
        full && t.description !== undefined
          ? { name: t.name, description: t.description }
          : { name: t.name }
      ),
    },
    taxonomy: leaf === undefined ? null : {
      facetId: leaf.facetId,
      subcategoryId: leaf.subcategoryId,
      leafId: leaf.leafId,
      leafName: ctx.taxonomy.byId.get(leaf.leafId)?.node.name ?? null,
    },
    sources: full ? sourceRefs(ctx, s.sources) : [...new Set(s.sources.map((r) => r.source))],
    hosting: s.hosting,
    transports: s.transports,
    categories: s.categories,
    stars: s.stars ?? null,
    license: s.license ?? null,
  };
  out.install = full
    ? installConfigs(s)
    : { configUrl: `${api}/install-config`, clients: _installClients(ctx, s) };
  return out;
}

type _Clients = z.infer<typeof _InstallSummary>["clients"];
/** Budget of the per-catalog cache of registry install summaries, bytes (about 2,000 servers). */
const INSTALL_CACHE_BYTES = 8 * 1024 * 1024;
const _installCache = new WeakMap<CatalogStore, ByteLru<string, _Clients>>();

/**
 * The ready-to-paste configs of a server, per client that gets one (`installConfigs` of
 * `src/install`), cached per open catalog within {@link INSTALL_CACHE_BYTES}: a server without a
 * package or remote has none.
 */
function _installClients(ctx: CatalogContext, s: CatalogServer): _Clients {
  if (s.packages.length === 0 && s.remotes.length === 0) return [];
  let cache = _installCache.get(ctx.store);
  if (!cache) _installCache.set(ctx.store, cache = new ByteLru(INSTALL_CACHE_BYTES));
  let clients = cache.get(s.name);
  if (!clients) {
    clients = installConfigs(s).filter((c) => c.available).map((c) => ({
      client: c.client,
      format: c.format,
      config: c.config,
      cliCommand: c.cliCommand,
    }));
    // Size: the JSON text in UTF-16, about what the objects hold.
    cache.set(s.name, clients, 2 * JSON.stringify(clients).length + 2 * s.name.length);
  }
  return clients;
}
