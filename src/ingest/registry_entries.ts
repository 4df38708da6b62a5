/**
 * What the MCP Registry API (`src/catalog/registry.ts`) needs from the ingest, after the merge
 * and the project grouping (`identity.ts`):
 *
 * 1. **Versions** ({@link attachOfficialVersions}): an entry named by its official registry name
 *    gets `versions`, every version of that name the official registry's exports list (the
 *    2025-12-18 server.json export lists up to 72 versions of a name, the 2026-06-12 export the
 *    latest one), one per version string. A version both exports list keeps the server.json
 *    record's content (packages, remotes, icons) and the first times and status found. The
 *    latest is the version the exports mark latest (of several marks, the latest published: the
 *    newer export wins); without any mark, the latest published.
 * 2. **Install methods** ({@link borrowInstallMethods}): an entry named by its official name
 *    without a package or a usable remote takes them from the first listing of the same project
 *    (its canonical entry, then the canonical entry's variants, in order) that has one, so that a
 *    registry client can install it. The merge already joins records that share a repository,
 *    an official name or a package; this covers the listings the project grouping joined after
 *    it. `hosting` and `transports` follow the borrowed methods; `provenance.installFrom` names
 *    the entry they came from. Trust was scored before this step and is not re-scored.
 *
 * @module
 */
import {
  type CatalogServer,
  type Hosting,
  isHttpUrl,
  isInstallable,
  isServerJsonPackage,
  type ServerVersion,
} from "../model/server.ts";
import type { SourceServer } from "./types.ts";

/** Counts of {@link attachOfficialVersions}. */
export interface VersionStats {
  /** Entries that got `versions`. */
  servers: number;
  /** Versions attached in all. */
  versions: number;
  /** Entries whose latest version is not the version the merge picked for the entry. */
  newerThanEntry: number;
}

/** Counts of {@link borrowInstallMethods}. */
export interface BorrowStats {
  /** Entries named by an official name without a package or usable remote, before the step. */
  uninstallable: number;
  /** Of those, entries that took packages or remotes from another listing of their project. */
  borrowed: number;
}

/** True when `s` is served under its own official registry name. */
function _officialEntry(s: CatalogServer): boolean {
  return s.officialNames.some((n) => n.toLowerCase() === s.name.toLowerCase());
}

/** Milliseconds of an ISO time, `-Infinity` when absent or unreadable. */
function _ms(time: string | undefined): number {
  const ms = time === undefined ? NaN : Date.parse(time);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/**
 * Merges the version lists of the records of one official name (see the module description).
 *
 * @param lists each record's `versions`
 * @returns one version per version string, newest published first, exactly one `isLatest`
 */
export function mergeVersions(lists: readonly ServerVersion[][]): ServerVersion[] {
  const byVersion = new Map<string, ServerVersion>();
  const marked = new Set<string>();
  for (const list of lists) {
    for (const v of list) {
      if (v.isLatest) marked.add(v.version);
      const kept = byVersion.get(v.version);
      if (!kept) {
        byVersion.set(v.version, { ...v });
        continue;
      }
      // Fill gaps of the kept record; a record with packages brings its server.json content.
      const content = (kept.packages === undefined && kept.remotes === undefined) &&
        (v.packages !== undefined || v.remotes !== undefined);
      for (const [k, value] of Object.entries(v) as [keyof ServerVersion, unknown][]) {
        if (k === "version" || k === "isLatest" || value === undefined) continue;
        const contentField = ["packages", "remotes", "icons", "meta", "source"].includes(k);
        if ((kept as Record<string, unknown>)[k] === undefined || (content && contentField)) {
          (kept as Record<string, unknown>)[k] = value;
        }
      }
    }
  }
  const all = [...byVersion.values()];
  const newest = (vs: ServerVersion[]) =>
    vs.reduce<ServerVersion | undefined>(
      (best, v) =>
        best === undefined || _ms(v.publishedAt) > _ms(best.publishedAt) ||
          (_ms(v.publishedAt) === _ms(best.publishedAt) && _ms(v.updatedAt) > _ms(best.updatedAt))
          ? v
          : best,
      undefined,
    );
  const latest = newest(all.filter((v) => marked.has(v.version))) ?? newest(all);
  for (const v of all) v.isLatest = v === latest;
  return all.sort((a, b) =>
    _ms(b.publishedAt) - _ms(a.publishedAt) || (a.version < b.version ? 1 : -1)
  );
}

/**
 * Attaches `versions` to every entry served under its official name (see the module
 * description).
 *
 * @param servers merged entries (changed in place)
 * @param records every source record the merge read (their `versions`, from the official
 *   registry exports)
 * @returns counts
 */
export function attachOfficialVersions(
  servers: CatalogServer[],
  records: readonly SourceServer[],
): VersionStats {
  const byName = new Map<string, ServerVersion[][]>();
  for (const r of records) {
    if (r.officialName === undefined || !r.versions?.length) continue;
    const key = r.officialName.toLowerCase();
    const lists = byName.get(key);
    if (lists) lists.push(r.versions);
    else byName.set(key, [r.versions]);
  }
  const stats: VersionStats = { servers: 0, versions: 0, newerThanEntry: 0 };
  for (const s of servers) {
    if (!_officialEntry(s)) continue;
    const lists = byName.get(s.name.toLowerCase());
    if (!lists) continue;
    const versions = mergeVersions(lists);
    if (versions.length === 0) continue;
    s.versions = versions;
    stats.servers++;
    stats.versions += versions.length;
    if (versions.find((v) => v.isLatest)!.version !== s.version) stats.newerThanEntry++;
  }
  return stats;
}

function _hosting(local: boolean, remote: boolean): Hosting {
  return local && remote ? "both" : remote ? "remote" : local ? "local" : "unknown";
}

/**
 * Gives entries served under their official name, without a package or a usable remote, the
 * install methods of another listing of the same project (see the module description).
 *
 * @param servers merged and grouped entries (changed in place)
 * @returns counts
 */
export function borrowInstallMethods(servers: CatalogServer[]): BorrowStats {
  const byName = new Map(servers.map((s) => [s.name.toLowerCase(), s]));
  const stats: BorrowStats = { uninstallable: 0, borrowed: 0 };
  for (const s of servers) {
    if (!_officialEntry(s) || isInstallable(s)) continue;
    stats.uninstallable++;
    const canonical = s.canonicalName === undefined ? s : byName.get(s.canonicalName.toLowerCase());
    if (canonical === undefined) continue;
    const group = [
      canonical,
      ...(canonical.variants ?? []).map((v) => byName.get(v.name.toLowerCase())),
    ]
      .filter((o): o is CatalogServer => o !== undefined && o !== s);
    const donor = group.find(isInstallable);
    if (!donor) continue;
    s.packages = structuredClone(donor.packages.filter(isServerJsonPackage));
    s.remotes = structuredClone(donor.remotes.filter((r) => isHttpUrl(r.url)));
    s.provenance.installFrom = donor.name;
    if (donor.provenance.packages !== undefined && s.packages.length > 0) {
      s.provenance.packages = donor.provenance.packages;
    }
    if (donor.provenance.remotes !== undefined && s.remotes.length > 0) {
      s.provenance.remotes = donor.provenance.remotes;
    }
    const transports = new Set(s.transports);
    for (const p of s.packages) transports.add(p.transport?.type ?? "stdio");
    for (const r of s.remotes) transports.add(r.type);
    s.transports = [...transports].sort();
    s.hosting = _hosting(s.packages.length > 0, s.remotes.length > 0);
    if (s.statedHosting === s.hosting) delete s.statedHosting;
    stats.borrowed++;
  }
  return stats;
}
