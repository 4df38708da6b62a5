/**
 * Keeping one record per official registry name when a source lists several versions: the one
 * marked latest, else the most recently updated. Shared by the two official-registry adapters.
 * The kept record lists every version of its name in `versions` (one per version string, the
 * source's own `isLatest` mark), so the registry API can serve them
 * (`src/ingest/registry_entries.ts`).
 *
 * @module
 */
import { SourceReport } from "../report.ts";
import type { SourceServer } from "../types.ts";
import type { ServerVersion } from "../../model/server.ts";

/** A mapped record with what is needed to pick the newest version of its name. */
export interface VersionCandidate {
  server: SourceServer;
  /** The source marks this version as the latest. */
  latest: boolean;
  /** Repairs made while mapping, counted only if the candidate is kept. */
  cleaned: Record<string, number>;
  /** Milliseconds since the epoch of the update (or publication) time, `-Infinity` if unknown. */
  time: number;
}

/**
 * Wraps a mapped record as a candidate, timed by its `updatedAt`, else its `publishedAt`.
 *
 * @param server the mapped record (`sourceId` = the official name)
 * @param latest the source marks this version as the latest
 * @param scratch the throwaway counter the record was mapped with (see
 *   {@link NewestVersions.scratch}): its repairs count only if the candidate is kept
 * @returns the candidate; `time` is `-Infinity` when the record has neither time
 */
export function versionCandidate(
  server: SourceServer,
  latest: boolean,
  scratch: SourceReport,
): VersionCandidate {
  const when = server.updatedAt ?? server.publishedAt;
  return {
    server,
    cleaned: scratch.counts.cleaned,
    latest,
    time: when === undefined ? -Infinity : Date.parse(when),
  };
}

/**
 * Collects candidates by `sourceId` (the official name) and keeps the newest of each.
 *
 * @example
 * ```ts
 * const newest = new NewestVersions(report);
 * for (const item of items) newest.offer(toCandidate(item, newest.scratch()));
 * return newest.finish();
 * ```
 */
export class NewestVersions {
  #report: SourceReport;
  #byName = new Map<string, VersionCandidate>();
  #all = new Map<string, VersionCandidate[]>();

  /** @param report the source's counter (reads are counted by the caller) */
  constructor(report: SourceReport) {
    this.#report = report;
  }

  /** A throwaway counter for mapping one candidate (its repairs count only if it is kept). */
  scratch(): SourceReport {
    return new SourceReport("scratch");
  }

  /**
   * Offers one mapped record, or the reason it could not be mapped (counted as skipped). A
   * displaced candidate is skipped as `older_version` (`duplicate` when the versions are equal).
   *
   * @param candidate the record, or a skip reason
   */
  offer(candidate: VersionCandidate | string): void {
    if (typeof candidate === "string") {
      this.#report.skip(candidate);
      return;
    }
    const key = candidate.server.sourceId;
    const all = this.#all.get(key);
    if (all) all.push(candidate);
    else this.#all.set(key, [candidate]);
    const kept = this.#byName.get(key);
    if (kept === undefined) {
      this.#byName.set(key, candidate);
      return;
    }
    const newer = candidate.latest !== kept.latest ? candidate.latest : candidate.time > kept.time;
    const [winner, loser] = newer ? [candidate, kept] : [kept, candidate];
    this.#byName.set(key, winner);
    this.#report.skip(
      winner.server.version === loser.server.version ? "duplicate" : "older_version",
    );
  }

  /**
   * Counts the kept records and their repairs, and gives each kept record the `versions` of its
   * name (the displaced records stay skipped in the counts: they are versions, not servers).
   *
   * @returns the kept records, in the order their names first appeared
   */
  finish(): SourceServer[] {
    const out: SourceServer[] = [];
    for (const [key, c] of this.#byName) {
      for (const [kind, n] of Object.entries(c.cleaned)) this.#report.clean(kind, n);
      const versions = new Map<string, ServerVersion>();
      for (const other of [c, ...this.#all.get(key)!.filter((o) => o !== c)]) {
        const v = _version(other);
        if (v && !versions.has(v.version)) versions.set(v.version, v);
      }
      if (versions.size > 0) c.server.versions = [...versions.values()];
      out.push(c.server);
    }
    this.#report.keep(out.length);
    return out;
  }
}

/** One candidate as a version record, or `undefined` without a version string. */
function _version(c: VersionCandidate): ServerVersion | undefined {
  const s = c.server;
  if (s.version === undefined) return undefined;
  const v: ServerVersion = { version: s.version, isLatest: c.latest, source: s.source };
  const optional = {
    status: s.status,
    publishedAt: s.publishedAt,
    updatedAt: s.updatedAt,
    description: s.description,
    repositoryUrl: s.repositoryUrl,
    subfolder: s.subfolder,
    homepage: s.homepage,
    icons: s.icons,
    packages: s.packages,
    remotes: s.remotes,
    meta: s.meta,
  };
  for (const [k, value] of Object.entries(optional)) {
    if (value !== undefined) (v as Record<string, unknown>)[k] = value;
  }
  return v;
}
