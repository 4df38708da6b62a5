/**
 * Change tracking across catalog builds: a stable id per entry, when it was first seen, when a
 * field a user can see last changed, and tombstones of entries that left the catalog.
 *
 * Every build is written from scratch, so history lives in the catalog file itself (table
 * `changes`, see `db.ts`). At ingest the writer reads the previous catalog at the target path
 * (when there is one) with {@link readChangeState}, hands it with the new entries to
 * {@link trackChanges}, and writes the rows it returns. Consumers: the registry API's
 * `updated_since` (`registry.ts`) and the bulk export's `updated_since` (`src/snapshot/export.ts`).
 *
 * How an entry is followed from one build to the next:
 * - **Key**: servers by `name`, tools by `slug`, prices by `id`, compared case-insensitively.
 * - **Content hash**: SHA-256 of the canonical JSON (sorted keys) of the entry's public record
 *   ({@link publicRecord}): the stored document minus what no user sees (`hints`, the ingest
 *   report's `ruleChanges`) and minus what changes with the build alone (the trust score's
 *   `computedAt` and evidence wording, which states the day count since the last update; every
 *   taxonomy placement but a hand label, since the learned model that decides or arbitrates the
 *   others is retrained on every build and moves some of them when any training record changes).
 *   The trust score, grade and component points and a hand-labelled leaf do count; a leaf the
 *   model moves reaches clients with the entry's next real change or a full copy.
 * - **Same key, same hash**: `id`, `firstSeenAt` and `updatedAt` are carried forward.
 * - **Same key, new hash**: `updatedAt` becomes the build time.
 * - **New key**: a new entry (`firstSeenAt = updatedAt =` build time) with id
 *   `{prefix}_{first 16 hex of SHA-256("kind:key")}`, unless it is a rename: exactly one entry
 *   of the previous build that is gone now shares a source record (`source` + `sourceId`) with
 *   it; the new key then keeps that entry's `id` and `firstSeenAt`, and the old key's tombstone
 *   says `renamedTo`.
 * - **Key gone**: a tombstone (`deletedAt` = `updatedAt` = the build time, the last summary
 *   kept), carried forward unchanged by later builds for {@link TOMBSTONE_DAYS} days, then
 *   dropped. A key that comes back is live again with its old `id` and `firstSeenAt`.
 *
 * @module
 */
import { createHash } from "node:crypto";
import type { CatalogPrice } from "../model/price.ts";
import type { CatalogServer } from "../model/server.ts";
import type { CatalogTool } from "../model/tool.ts";

/** What a change row describes. */
export type ChangeKind = "server" | "tool" | "price";

/** Days a tombstone is kept after its entry left the catalog (then dropped). */
export const TOMBSTONE_DAYS = 90;

/** Longest description a summary keeps, in UTF-16 code units. */
export const SUMMARY_TEXT = 200;

const _DAY_MS = 86_400_000;
const _PREFIX: Record<ChangeKind, string> = { server: "srv", tool: "tool", price: "price" };

/** The tracking state of one entry (live) or of one removed entry (tombstone). */
export interface ChangeRow {
  kind: ChangeKind;
  /** Server name, tool slug or price id, as in the catalog. */
  key: string;
  /** Stable opaque id, e.g. `srv_1f3a9c0d2b4e6f70`; kept across builds and renames. */
  id: string;
  /** ISO 8601 build time at which the entry was first seen. */
  firstSeenAt: string;
  /** ISO 8601 build time of the last change of its public record (or of its removal). */
  updatedAt: string;
  /** SHA-256 (hex) of the canonical JSON of the public record. */
  hash: string;
  /** ISO 8601 build time at which it left the catalog; `null` while it is live. */
  deletedAt: string | null;
  /** On a tombstone of a renamed entry: the key it lives on under. */
  renamedTo: string | null;
  /** A summary of its (last) public record ({@link summaryOf}), what a tombstone shows. */
  summary: Record<string, unknown>;
}

/** One entry of the build being written, as {@link trackChanges} needs it. */
export interface TrackedEntry {
  kind: ChangeKind;
  key: string;
  /** SHA-256 of its public record ({@link recordHash} of {@link publicRecord}). */
  hash: string;
  /** `source:sourceId` of every source record merged into it (for rename detection). */
  refs: string[];
  /** Kept on the tombstone if the entry later disappears ({@link summaryOf}). */
  summary: Record<string, unknown>;
}

/** Counts of one build's change tracking, stored as `meta.changes`. */
export interface ChangeStats {
  /** True when a previous catalog with change history was read. */
  previous: boolean;
  /** Entries not in the previous build. */
  added: number;
  /** Entries whose public record changed. */
  changed: number;
  unchanged: number;
  /** Entries that got a new key but kept their id (see the module description). */
  renamed: number;
  /** Keys that came back while their tombstone was kept. */
  revived: number;
  /** Entries of the previous build that are gone now (new tombstones). */
  removed: number;
  /** Tombstones written (new ones and those still within {@link TOMBSTONE_DAYS}). */
  tombstones: number;
  /** Tombstones older than {@link TOMBSTONE_DAYS}, dropped. */
  expired: number;
}

/**
 * Serializes a value as canonical JSON: object keys sorted, `undefined` members left out, as
 * `JSON.stringify` would otherwise do.
 *
 * @param value any JSON-compatible value
 * @returns the canonical text
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * SHA-256 of a value's canonical JSON.
 *
 * @param value the public record
 * @returns 64 lowercase hex digits
 */
export function recordHash(value: unknown): string {
  return createHash("sha256").update(canonicalJson(value)).digest("hex");
}

/**
 * The placement that counts as the entry's own data: its hand-labelled primary leaf. Every other
 * placement comes from the learned model or rules it arbitrates, which are retrained on each
 * build: one source record more or less moves a few of those leaves (8 of 328 servers in a
 * measured rebuild of the Docker catalog alone) without any change to the entries themselves.
 */
function _leaves(taxonomy: CatalogServer["taxonomy"]): unknown {
  return taxonomy?.primary.method === "label" ? taxonomy.primary.leafId : null;
}

/**
 * The part of an entry whose change counts as an update (see the module description): the
 * stored document without `hints` and `ruleChanges`, the trust score reduced to its version,
 * score, grade, component points and findings, the taxonomy to its hand-labelled primary leaf.
 *
 * @param kind what the document is
 * @param doc the document as the catalog stores it
 * @returns a JSON value to hash
 */
export function publicRecord(
  kind: ChangeKind,
  doc: CatalogServer | CatalogTool | CatalogPrice,
): unknown {
  if (kind === "price") return doc;
  const {
    hints: _hints,
    ruleChanges: _ruleChanges,
    trust,
    taxonomy,
    ...rest
  } = doc as CatalogServer & CatalogTool;
  return {
    ...rest,
    taxonomy: _leaves(taxonomy),
    ...(trust !== undefined && {
      trust: {
        version: trust.version,
        score: trust.score,
        grade: trust.grade,
        components: trust.components.map((c) => [c.id, c.points]),
        findings: trust.findings,
      },
    }),
  };
}

/**
 * What the change row keeps of an entry, enough to describe it once it is removed (and, for
 * servers, what the registry index reads without parsing whole documents): servers `title`,
 * `description` (at most {@link SUMMARY_TEXT} characters), `version`, `status`,
 * `officialNames`; tools `name`, `description`, `url`; prices `provider`, `model`.
 *
 * @param kind what the document is
 * @param doc the stored document
 * @returns the summary
 */
export function summaryOf(
  kind: ChangeKind,
  doc: CatalogServer | CatalogTool | CatalogPrice,
): Record<string, unknown> {
  if (kind === "server") {
    const s = doc as CatalogServer;
    return {
      title: s.title,
      description: _clip(s.description),
      version: s.version ?? null,
      status: s.status ?? null,
      officialNames: s.officialNames,
    };
  }
  if (kind === "tool") {
    const t = doc as CatalogTool;
    return { name: t.name, description: _clip(t.description), url: t.url };
  }
  const p = doc as CatalogPrice;
  return { provider: p.provider, model: p.model };
}

/** The first {@link SUMMARY_TEXT} code units of a text, never ending in half a surrogate pair. */
function _clip(text: string): string {
  const head = text.slice(0, SUMMARY_TEXT);
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
}

/**
 * The tracked form of one catalog entry.
 *
 * @param kind what the document is
 * @param key its catalog key (server name, tool slug, price id)
 * @param doc the stored document
 * @returns the entry for {@link trackChanges}
 */
export function trackedEntry(
  kind: ChangeKind,
  key: string,
  doc: CatalogServer | CatalogTool | CatalogPrice,
): TrackedEntry {
  const refs = "sources" in doc ? doc.sources.map((r) => `${r.source}:${r.sourceId}`) : [];
  return {
    kind,
    key,
    hash: recordHash(publicRecord(kind, doc)),
    refs: kind === "price" ? [] : refs,
    summary: summaryOf(kind, doc),
  };
}

/** The deterministic id of a key seen for the first time. */
export function newEntryId(kind: ChangeKind, key: string): string {
  const digest = createHash("sha256").update(`${kind}:${key.toLowerCase()}`).digest("hex");
  return `${_PREFIX[kind]}_${digest.slice(0, 16)}`;
}

/** The previous build's rows and the source records of its live entries. */
export interface ChangeState {
  rows: ChangeRow[];
  /** `kind` → `source:sourceId` → keys of the live entries holding that record. */
  refs: Map<ChangeKind, Map<string, string[]>>;
}

/**
 * Follows every entry from the previous build to this one (rules in the module description).
 *
 * @param previous the previous build's state ({@link readChangeState}), or `undefined`
 * @param entries every entry of this build
 * @param builtAt ISO 8601 build time of this build
 * @param tombstoneDays days a tombstone is kept (default {@link TOMBSTONE_DAYS})
 * @returns the rows to write (live entries first, then tombstones) and the counts
 * @throws {RangeError} when `builtAt` is not a date or two entries of one kind share a key
 * @example
 * ```ts
 * const { rows, stats } = trackChanges(readChangeState("data/catalog.db"), entries, builtAt);
 * ```
 */
export function trackChanges(
  previous: ChangeState | undefined,
  entries: TrackedEntry[],
  builtAt: string,
  tombstoneDays: number = TOMBSTONE_DAYS,
): { rows: ChangeRow[]; stats: ChangeStats } {
  const now = Date.parse(builtAt);
  if (Number.isNaN(now)) throw new RangeError(`Cannot use build time "${builtAt}"`);
  const stats: ChangeStats = {
    previous: previous !== undefined,
    added: 0,
    changed: 0,
    unchanged: 0,
    renamed: 0,
    revived: 0,
    removed: 0,
    tombstones: 0,
    expired: 0,
  };
  const k = (kind: ChangeKind, key: string) => `${kind}\u0000${key.toLowerCase()}`;
  const before = new Map<string, ChangeRow>();
  for (const r of previous?.rows ?? []) before.set(k(r.kind, r.key), r);
  const current = new Set<string>();
  for (const e of entries) {
    const id = k(e.kind, e.key);
    if (current.has(id)) throw new RangeError(`Cannot track two ${e.kind}s keyed "${e.key}"`);
    current.add(id);
  }
  // Live entries of the previous build that are gone now, by kind: rename candidates.
  const gone = new Map<string, ChangeRow>();
  for (const [id, r] of before) if (r.deletedAt === null && !current.has(id)) gone.set(id, r);
  const claimed = new Map<string, string>(); // gone row id → new key that took it over

  const rows: ChangeRow[] = [];
  for (const e of entries) {
    const old = before.get(k(e.kind, e.key));
    const base = {
      kind: e.kind,
      key: e.key,
      hash: e.hash,
      deletedAt: null,
      renamedTo: null,
      summary: e.summary,
    };
    if (old && old.deletedAt === null) {
      const same = old.hash === e.hash;
      stats[same ? "unchanged" : "changed"]++;
      rows.push({
        ...base,
        id: old.id,
        firstSeenAt: old.firstSeenAt,
        updatedAt: same ? old.updatedAt : builtAt,
      });
      continue;
    }
    if (old) {
      stats.revived++;
      rows.push({ ...base, id: old.id, firstSeenAt: old.firstSeenAt, updatedAt: builtAt });
      continue;
    }
    const predecessor = _predecessor(previous, e, gone, claimed, k);
    if (predecessor) {
      stats.renamed++;
      claimed.set(k(predecessor.kind, predecessor.key), e.key);
      rows.push({
        ...base,
        id: predecessor.id,
        firstSeenAt: predecessor.firstSeenAt,
        updatedAt: builtAt,
      });
      continue;
    }
    stats.added++;
    rows.push({
      ...base,
      id: newEntryId(e.kind, e.key),
      firstSeenAt: builtAt,
      updatedAt: builtAt,
    });
  }
  for (const [id, r] of before) {
    if (current.has(id)) continue;
    if (r.deletedAt === null) {
      stats.removed++;
      stats.tombstones++;
      rows.push({
        ...r,
        updatedAt: builtAt,
        deletedAt: builtAt,
        renamedTo: claimed.get(id) ?? null,
      });
    } else if (now - Date.parse(r.deletedAt) <= tombstoneDays * _DAY_MS) {
      stats.tombstones++;
      rows.push(r);
    } else stats.expired++;
  }
  return { rows, stats };
}

/**
 * The one gone entry of the previous build that shares a source record with `e` and that no
 * other new key took over, or `undefined`.
 */
function _predecessor(
  previous: ChangeState | undefined,
  e: TrackedEntry,
  gone: Map<string, ChangeRow>,
  claimed: Map<string, string>,
  k: (kind: ChangeKind, key: string) => string,
): ChangeRow | undefined {
  const byRef = previous?.refs.get(e.kind);
  if (!byRef || e.refs.length === 0) return undefined;
  const found = new Map<string, ChangeRow>();
  for (const ref of e.refs) {
    for (const key of byRef.get(ref) ?? []) {
      const id = k(e.kind, key);
      const row = gone.get(id);
      if (row && !claimed.has(id)) found.set(id, row);
    }
  }
  return found.size === 1 ? [...found.values()][0] : undefined;
}
