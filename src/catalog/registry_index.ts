/**
 * The registry view of one open catalog (`registry.ts`), built once per store on the first
 * registry request (about 1-2 s for 33,000 servers): every registry name with its version rows,
 * in the order `GET /v0.1/servers` lists them.
 *
 * - **Names** come from `registry_name.ts`: official names claim first, then generated
 *   `ai.toolatlas/…` names, each in toolatlas-name order; a name another entry already took
 *   (compared without case) or one over 200 characters is left out and counted.
 * - **Versions**: an entry with `versions` (`src/ingest/registry_entries.ts`) has one row per
 *   version, the `isLatest` one being the entry's current record; any other entry has one row,
 *   its stated version (`server_json.ts` {@link serverVersion}). Rows are sorted by name, then
 *   version (code-unit order), as the official registry sorts by `(server_name, version)`.
 * - **Installable**: a row a client can install, with a package or a usable remote as
 *   `server_json.ts` serves them (the latest row: the entry's merged packages and remotes; an
 *   older row: what that version's record lists).
 * - **States**: `live`; `hidden` (an adult entry: never listed, reported deleted to
 *   `updated_since`); `deleted` (a tombstone of an entry gone from the catalog, `changes.ts`).
 *
 * @module
 */
import { newEntryId } from "./changes.ts";
import type { CatalogContext } from "./context.ts";
import { registryNameOf } from "./registry_name.ts";
import {
  clipText,
  isSingleVersion,
  MAX_TEXT,
  NO_DESCRIPTION,
  serverVersion,
  UNKNOWN_VERSION,
} from "./server_json.ts";
import type { CatalogStore } from "./store.ts";
import {
  isInstallable,
  type ServerPackage,
  type ServerRemote,
  type ServerVersion,
} from "../model/server.ts";

/** One registry name: a served entry, a hidden one, or a tombstone. */
export interface IndexEntry {
  /** Registry name, e.g. `io.github.o/r` or `ai.toolatlas/github.com.o.r`. */
  name: string;
  /** The name is an official registry name (the official registry publishes it). */
  official: boolean;
  /** `servers.id`; 0 for a tombstone. */
  row: number;
  /** toolatlas name (the catalog key). */
  key: string;
  state: "live" | "hidden" | "deleted";
  /** A listing of a project whose canonical entry is another one. */
  variant: boolean;
  /** Registry status a source states (`active`, `deprecated`), lowercase, or `null`. */
  status: string | null;
  /** Milliseconds of `updatedAt` (the build time for an entry without change history). */
  updatedMs: number;
  entryId: string;
  firstSeenAt: string | null;
  updatedAt: string | null;
  deletedAt: string | null;
  /** On a tombstone of a renamed entry: the registry name it lives on under. */
  renamedTo: string | null;
  title: string;
  /** The first 200 characters of the description (change summary). */
  description: string;
  /** Lowercase registry name and served description: what `search` matches. */
  text: string;
  /** Version rows, newest published first (the latest first when no times are known). */
  rows: IndexRow[];
  /** The latest row. */
  latest: IndexRow;
}

/** One version of one registry name: a row of `GET /v0.1/servers`. */
export interface IndexRow {
  entry: IndexEntry;
  version: string;
  /** The official registry's latest version (every entry without versions has only this one). */
  latest: boolean;
  installable: boolean;
  /** Position in the entry's `versions`, or -1 for an entry without them. */
  at: number;
}

/** What the registry API serves of the catalog, by group. */
export interface RegistryStats {
  /** Names `GET /v0.1/servers?version=latest&toolatlas.include_uninstallable=true` lists. */
  listed: number;
  /** Of those: installable (a package or a usable remote); what a default listing shows. */
  installable: number;
  /** Of the listed: under their official registry name. */
  official: number;
  /** Of the listed: under a name in the `ai.toolatlas` namespace. */
  toolatlasNamespace: number;
  /** Of the listed: variants (listings of a project whose canonical entry is another one). */
  variants: number;
  /** Version rows of listed names (a listing without `version` returns them all). */
  versions: number;
  /** Of those: installable. */
  installableVersions: number;
  /** Catalog servers left out: adult. */
  adult: number;
  /** Catalog servers left out: the name would be longer than 200 characters. */
  tooLong: number;
  /** Catalog servers left out: another entry has the same name (compared without case). */
  nameTaken: number;
  /** Tombstones served with `status: deleted` (`updated_since`, `include_deleted`). */
  deleted: number;
  /** Other official names of listed entries, resolved by the version routes. */
  aliases: number;
}

/** The registry view of one catalog. */
export interface RegistryIndex {
  /** Every row of every name (live, hidden and deleted), by name then version. */
  rows: IndexRow[];
  /** Registry name (lowercase) → entry. */
  byName: Map<string, IndexEntry>;
  /** Another official name of a live entry (lowercase) → entry. */
  aliases: Map<string, IndexEntry>;
  /** toolatlas name (lowercase) → entry. */
  byKey: Map<string, IndexEntry>;
  /** `servers.id` → entry. */
  byRow: Map<number, IndexEntry>;
  stats: RegistryStats;
}

const _indexes = new WeakMap<CatalogStore, RegistryIndex>();

/** Code-unit order (the order listings use). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Order of rows: by name, then version. */
export function compareRows(
  a: { name: string; version: string },
  b: { name: string; version: string },
): number {
  return compareText(a.name, b.name) || compareText(a.version, b.version);
}

function _parse<T>(text: string | null): T[] {
  if (text === null) return [];
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value as T[] : [];
  } catch {
    return [];
  }
}

/** True when a package or remote of the lists is one server.json can carry. */
function _installable(packages: ServerPackage[], remotes: ServerRemote[]): boolean {
  return isInstallable({ packages, remotes });
}

/** The lowercase text `search` matches: the registry name and the served description. */
function _searchText(name: string, description: string): string {
  return `${name}\n${clipText(description, MAX_TEXT) || NO_DESCRIPTION}`.toLowerCase();
}

/** Adds the version rows of an entry (see the module description). */
function _rows(e: IndexEntry, versions: ServerVersion[], latestInstallable: boolean): void {
  const served = versions.filter((v) => isSingleVersion(v.version));
  const latestAt = served.findIndex((v) => v.isLatest);
  if (latestAt === -1) {
    e.latest = {
      entry: e,
      version: e.latest.version,
      latest: true,
      installable: latestInstallable,
      at: -1,
    };
    e.rows = [e.latest];
    return;
  }
  e.rows = served.map((v) => ({
    entry: e,
    version: v.version,
    latest: v.isLatest,
    installable: v.isLatest ? latestInstallable : _installable(v.packages ?? [], v.remotes ?? []),
    at: versions.indexOf(v),
  }));
  e.latest = e.rows[latestAt]!;
}

/**
 * The registry index of a catalog (built once per open store; see the module description).
 *
 * @param ctx catalog context
 * @returns the index
 */
export function registryIndex(ctx: CatalogContext): RegistryIndex {
  const cached = _indexes.get(ctx.store);
  if (cached) return cached;
  const builtAt = ctx.store.meta("built_at") ?? new Date(0).toISOString();
  const stats: RegistryStats = {
    listed: 0,
    installable: 0,
    official: 0,
    toolatlasNamespace: 0,
    variants: 0,
    versions: 0,
    installableVersions: 0,
    adult: 0,
    tooLong: 0,
    nameTaken: 0,
    deleted: 0,
    aliases: 0,
  };
  const fields = new Map(ctx.store.registryDocFields().map((f) => [f.id, f]));
  const rows = ctx.store.serverIndexRows();
  const named = rows.map((r) => ({ r, n: registryNameOf(r.name, r.officialNames) }));
  // Official names claim first, then generated ones, each in toolatlas-name order.
  named.sort((a, b) =>
    Number(b.n?.official ?? false) - Number(a.n?.official ?? false) ||
    compareText(a.r.name, b.r.name)
  );
  const byName = new Map<string, IndexEntry>();
  const byRow = new Map<number, IndexEntry>();
  const byKey = new Map<string, IndexEntry>();
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
    const f = fields.get(r.id);
    const e: IndexEntry = {
      name: n.name,
      official: n.official,
      row: r.id,
      key: r.name,
      state: r.adult ? "hidden" : "live",
      variant: r.variant,
      status: r.status?.toLowerCase() ?? null,
      updatedMs: Date.parse(r.updatedAt ?? builtAt),
      entryId: r.entryId ?? newEntryId("server", r.name),
      firstSeenAt: r.firstSeenAt,
      updatedAt: r.updatedAt,
      deletedAt: null,
      renamedTo: null,
      title: r.title,
      description: r.description,
      text: _searchText(n.name, r.description),
      rows: [],
      latest: undefined as unknown as IndexRow,
    };
    e.latest = {
      entry: e,
      version: serverVersion({ version: r.version ?? undefined }),
      latest: true,
      installable: false,
      at: -1,
    };
    const installable = f !== undefined &&
      _installable(_parse<ServerPackage>(f.packages), _parse<ServerRemote>(f.remotes));
    // Versions belong to the official name only (a second claimant is served as ai.toolatlas/…).
    _rows(e, n.official && f ? _parse<ServerVersion>(f.versions) : [], installable);
    // A hidden entry is reported once, as deleted, under its latest version.
    if (e.state === "hidden") e.rows = [e.latest];
    byName.set(lower, e);
    byRow.set(r.id, e);
    byKey.set(r.name.toLowerCase(), e);
    if (e.state === "live") {
      stats.listed++;
      if (e.latest.installable) stats.installable++;
      if (e.official) stats.official++;
      else stats.toolatlasNamespace++;
      if (e.variant) stats.variants++;
      stats.versions += e.rows.length;
      stats.installableVersions += e.rows.filter((x) => x.installable).length;
    }
  }
  const aliases = new Map<string, IndexEntry>();
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
    const text = (k: string) => typeof t.summary[k] === "string" ? t.summary[k] as string : null;
    const version = text("version") ?? undefined;
    const renamed = t.renamedTo === null ? undefined : byKey.get(t.renamedTo.toLowerCase());
    const e: IndexEntry = {
      name: n.name,
      official: n.official,
      row: 0,
      key: t.key,
      state: "deleted",
      variant: false,
      status: text("status")?.toLowerCase() ?? null,
      updatedMs: Date.parse(t.updatedAt),
      entryId: t.id,
      firstSeenAt: t.firstSeenAt,
      updatedAt: t.updatedAt,
      deletedAt: t.deletedAt,
      renamedTo: renamed?.name ?? null,
      title: text("title") ?? t.key,
      description: text("description") ?? "",
      text: "",
      rows: [],
      latest: undefined as unknown as IndexRow,
    };
    e.latest = {
      entry: e,
      version: isSingleVersion(version) ? version : UNKNOWN_VERSION,
      latest: true,
      installable: false,
      at: -1,
    };
    e.rows = [e.latest];
    byName.set(n.name.toLowerCase(), e);
    stats.deleted++;
  }
  // Sorted by one key per row, `name NUL version`: the order of {@link compareRows}, without
  // building two objects per comparison.
  const keyed = [...byName.values()].flatMap((e) => e.rows)
    .map((r) => ({ k: `${r.entry.name}\u0000${r.version}`, r }));
  keyed.sort((a, b) => compareText(a.k, b.k));
  const all = keyed.map((x) => x.r);
  const index: RegistryIndex = { rows: all, byName, aliases, byKey, byRow, stats };
  _indexes.set(ctx.store, index);
  return index;
}

/**
 * The first row sorting strictly after `(name, version)`; without a version, the first row of a
 * later name (binary search over {@link RegistryIndex.rows}).
 *
 * @param rows the sorted rows
 * @param name a registry name (need not exist)
 * @param version a version, or `undefined` to skip every version of `name`
 * @returns an index into `rows` (its length when none follows)
 */
export function rowAfter(rows: readonly IndexRow[], name: string, version?: string): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const r = rows[mid]!;
    const c = compareText(r.entry.name, name) ||
      (version === undefined ? 0 : compareText(r.version, version));
    if (c <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
