/**
 * One row of the registry index (`registry_index.ts`) as the registry API serves it:
 * `{server, _meta}`.
 *
 * - **`server`**: the server.json of the version (`server_json.ts`). The latest version is the
 *   entry's merged record (under the official registry's latest version string); an older version
 *   is what that version's record said (description, website, icons, packages, remotes) on the
 *   entry's repository. The publisher's own server.json `_meta` is kept.
 * - **`_meta["io.modelcontextprotocol.registry/official"]`**, the publishing registry's block
 *   (status, times, `isLatest`), as the registry-aggregators guidance has subregistries keep it:
 *   for an official name, exactly what the official registry's exports say of that version (a
 *   removal by toolatlas, such as an adult entry hidden or an entry gone from toolatlas's sources,
 *   never changes it: that shows in the enrichment's `status` only); for an `ai.toolatlas/…` name,
 *   which toolatlas publishes, toolatlas's own record: `status` (`deprecated` when archived
 *   upstream, `deleted` once removed or hidden), `publishedAt` (first seen), `updatedAt` (last
 *   change), so a standard client sees those deletions where it reads a status.
 * - **`_meta["ai.toolatlas/enrichment"]`**: compact in lists (id, status, name, times, badges,
 *   trust score and grade, installable, canonical name, links; about a fifth of the full block),
 *   everything on the version routes (description, publisher evidence, variants, tools,
 *   taxonomy, sources with licences, install configs per client).
 *
 * @module
 */
import type { z } from "zod";
import { type CatalogContext, serverPath, serverUrl } from "./context.ts";
import { installConfigs } from "../install/mod.ts";
import type { IndexEntry, IndexRow, RegistryIndex } from "./registry_index.ts";
import {
  BADGES,
  type Enrichment,
  ENRICHMENT_META,
  isRfc3339,
  OFFICIAL_META,
  type OfficialMetaSchema,
  type RegistryEntry,
} from "./registry_schemas.ts";
import {
  clipText,
  MAX_TEXT,
  NO_DESCRIPTION,
  SERVER_SCHEMA_URL,
  toServerJson,
} from "./server_json.ts";
import { sourceRefs } from "./record_parts.ts";
import type { CatalogServer, ServerVersion } from "../model/server.ts";

type _Official = z.infer<typeof OfficialMetaSchema>;

const _OFFICIAL_SOURCES = new Set(["official-registry", "official-server-json"]);

function _status(value: string | null | undefined): _Official["status"] {
  const s = value?.toLowerCase();
  return s === "deprecated" || s === "deleted" ? s : "active";
}

/** Sets `publishedAt`/`updatedAt` of a block when they are RFC 3339 times. */
function _times(block: _Official, published: unknown, updated: unknown): _Official {
  if (typeof published === "string" && isRfc3339(published)) block.publishedAt = published;
  if (typeof updated === "string" && isRfc3339(updated)) block.updatedAt = updated;
  return block;
}

/** The version record of a row, when the entry has versions. */
function _version(row: IndexRow, s: CatalogServer | undefined): ServerVersion | undefined {
  return row.at >= 0 ? s?.versions?.[row.at] : undefined;
}

/** The official registry's block of a row of an official name (see the module description). */
function _officialBlock(row: IndexRow, s: CatalogServer | undefined): _Official {
  const v = _version(row, s);
  if (v) {
    return _times({ status: _status(v.status), isLatest: row.latest }, v.publishedAt, v.updatedAt);
  }
  const block: _Official = { status: _status(row.entry.status), isLatest: row.latest };
  if (s === undefined) return block;
  return _times(
    block,
    _OFFICIAL_SOURCES.has(s.provenance.publishedAt ?? "") ? s.publishedAt : undefined,
    _OFFICIAL_SOURCES.has(s.provenance.updatedAt ?? "") ? s.updatedAt : undefined,
  );
}

/** toolatlas's block of a row of an `ai.toolatlas/…` name (see the module description). */
function _toolatlasBlock(e: IndexEntry, s: CatalogServer | undefined): _Official {
  const status = e.state !== "live"
    ? "deleted"
    : s?.archived === true
    ? "deprecated"
    : _status(e.status);
  return _times({ status, isLatest: true }, e.firstSeenAt, e.updatedAt);
}

/** Badges of an entry, in {@link BADGES} order. */
function _badges(s: CatalogServer): Enrichment["badges"] {
  const on: Record<(typeof BADGES)[number], boolean> = {
    "vendor-official": s.vendorOfficial,
    "first-party": s.firstParty === true,
    reference: s.reference === true,
    "in-official-registry": s.officialNames.length > 0,
    archived: s.archived === true,
  };
  return BADGES.filter((b) => on[b]);
}

/**
 * The server.json of a row: the latest from the entry's record, an older version from its own
 * record (see the module description).
 */
function _serverJson(row: IndexRow, s: CatalogServer): RegistryEntry["server"] {
  const v = _version(row, s);
  if (row.latest || v === undefined) {
    return toServerJson(s, row.entry.name, { version: row.version, meta: v?.meta });
  }
  const older: CatalogServer = {
    ...s,
    description: v.description ?? s.description,
    version: v.version,
    packages: v.packages ?? [],
    remotes: v.remotes ?? [],
  };
  delete older.homepage;
  delete older.icons;
  if (v.homepage !== undefined) older.homepage = v.homepage;
  if (v.icons !== undefined) older.icons = v.icons;
  return toServerJson(older, row.entry.name, { meta: v.meta });
}

/**
 * Renders one row.
 *
 * @param ctx catalog context
 * @param index the registry index
 * @param row the row
 * @param s the entry's catalog record (`undefined` for a deleted entry)
 * @param full the full enrichment (version routes) instead of the compact one (lists)
 * @returns `{server, _meta}`
 */
export function renderRow(
  ctx: CatalogContext,
  index: RegistryIndex,
  row: IndexRow,
  s: CatalogServer | undefined,
  full: boolean,
): RegistryEntry {
  const e = row.entry;
  if (e.state !== "live" || s === undefined) return _deletedEntry(row, s);
  const meta: RegistryEntry["_meta"] = {
    [OFFICIAL_META]: e.official ? _officialBlock(row, s) : _toolatlasBlock(e, s),
    [ENRICHMENT_META]: full ? _fullEnrichment(ctx, index, row, s) : _compact(ctx, index, row, s),
  };
  return { server: _serverJson(row, s), _meta: meta };
}

/** A deleted entry (a tombstone, or an entry hidden since): name, description, version. */
function _deletedEntry(row: IndexRow, s: CatalogServer | undefined): RegistryEntry {
  const e = row.entry;
  const hidden = e.state === "hidden";
  const server: RegistryEntry["server"] = {
    $schema: SERVER_SCHEMA_URL,
    name: e.name,
    description: hidden
      ? "No longer listed by this registry."
      : clipText(e.description, MAX_TEXT) || NO_DESCRIPTION,
    version: row.version,
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
  return {
    server,
    _meta: {
      [OFFICIAL_META]: e.official ? _officialBlock(row, s) : _toolatlasBlock(e, s),
      [ENRICHMENT_META]: enrichment,
    },
  };
}

function _nameOf(index: RegistryIndex, key: string | undefined): string | null {
  return key === undefined ? null : index.byKey.get(key.toLowerCase())?.name ?? null;
}

/** The list enrichment: ids, status, times, badges, trust grade, installable, links. */
function _compact(
  ctx: CatalogContext,
  index: RegistryIndex,
  row: IndexRow,
  s: CatalogServer,
): Enrichment {
  const e = row.entry;
  const out: Enrichment = {
    id: e.entryId,
    status: s.archived === true
      ? "deprecated"
      : _status(e.status) === "deprecated"
      ? "deprecated"
      : "active",
    firstSeenAt: e.firstSeenAt,
    updatedAt: e.updatedAt,
    name: s.name,
    svcUrl: serverUrl(ctx, s.name),
    badges: _badges(s),
    trust: s.trust === undefined ? null : { score: s.trust.score, grade: s.trust.grade },
    installable: row.installable,
  };
  if (s.canonicalName !== undefined) out.canonicalName = _nameOf(index, s.canonicalName);
  return out;
}

/** The version-route enrichment: everything toolatlas knows of the entry. */
function _fullEnrichment(
  ctx: CatalogContext,
  index: RegistryIndex,
  row: IndexRow,
  s: CatalogServer,
): Enrichment {
  const leaf = s.taxonomy?.primary;
  return {
    ..._compact(ctx, index, row, s),
    detailsUrl: `${ctx.baseUrl}/api/v1${serverPath(s.name)}`,
    canonicalName: _nameOf(index, s.canonicalName),
    description: s.description,
    officialNames: s.officialNames,
    vendorEvidence: (s.vendorEvidence ?? []).map((v) => ({ kind: v.kind, detail: v.detail })),
    variants: (s.variants ?? []).map((v) => _nameOf(index, v.name)).filter((n) => n !== null),
    forkOf: _nameOf(index, s.forkOf),
    trust: s.trust ?? null,
    tools: {
      status: s.tools.length > 0 ? "known" : "unknown",
      source: s.toolsSource ?? null,
      count: s.tools.length,
      items: s.tools.map((t) =>
        t.description === undefined
          ? { name: t.name }
          : { name: t.name, description: t.description }
      ),
    },
    taxonomy: leaf === undefined ? null : {
      facetId: leaf.facetId,
      subcategoryId: leaf.subcategoryId,
      leafId: leaf.leafId,
      leafName: ctx.taxonomy.byId.get(leaf.leafId)?.node.name ?? null,
    },
    sources: sourceRefs(ctx, s.sources),
    hosting: s.hosting,
    transports: s.transports,
    categories: s.categories,
    stars: s.stars ?? null,
    license: s.license ?? null,
    install: installConfigs(s),
  };
}
