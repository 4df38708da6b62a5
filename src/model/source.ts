/**
 * The sources the catalog is built from: what each one is ({@link SourceInfo}: kind, licence,
 * catalog family, role and priority per field) and how a merged entry points back at one of its
 * records ({@link SourceRef}).
 *
 * Every source adapter (`src/ingest/sources/*.ts`) declares its `SourceInfo`; the merge steps and
 * the trust score read priorities, families and roles from there, and the catalog stores every
 * `SourceInfo` (for attribution and for counting independent catalogs when it serves).
 *
 * @module
 */
import { z } from "zod";

/** What a source describes. */
export const SourceKind = z.enum(["mcp-servers", "ai-tools", "llm-prices"]);
/** What a source describes: `mcp-servers`, `ai-tools` or `llm-prices`. */
export type SourceKind = z.infer<typeof SourceKind>;

/**
 * What the merge may take from a source:
 * - `catalog`: its records make entries and its values may be chosen;
 * - `cross-check`: its records only corroborate or contradict the values of other sources (a
 *   reseller's prices); they are never chosen and never make an entry on their own.
 */
export const SourceRole = z.enum(["catalog", "cross-check"]);
/** See {@link SourceRole}. */
export type SourceRole = z.infer<typeof SourceRole>;

/**
 * Priority of a source when the merge chooses a single value: `default` for every field, and an
 * override per field name (e.g. `url`, `pricing`, `tools`). A lower number wins; ties go to the
 * source id in alphabetical order. For a server's tool inventory (`tools`) only sources that give
 * a `tools` priority are used.
 */
export const SourcePriority = z.object({ default: z.number() }).catchall(z.number());
/** See {@link SourcePriority}. */
export type SourcePriority = z.infer<typeof SourcePriority>;

/** Static description of one source (one public dump): attribution and merge rules. */
export const SourceInfo = z.object({
  /** Stable source id used in provenance, e.g. `"official-registry"`, `"toolsdk"`. */
  id: z.string(),
  /** Human name, e.g. `"Official MCP Registry (rosmur export)"`. */
  name: z.string(),
  /** Which catalog the source feeds. */
  kind: SourceKind,
  /** Publisher repository and commit, as in the source folder's SOURCES.md. */
  publisher: z.string(),
  /** Licence as stated by the publisher (`"none stated"` when absent). */
  license: z.string(),
  /** Path of the source files relative to the sources root. */
  path: z.string(),
  /**
   * Date of the dump (`YYYY-MM-DD`, the commit date its folder's SOURCES.md names): when the
   * source's statements were made, for a record that carries no time of its own. The merge
   * steps let the newest dated statement of a field win (`src/ingest/evidence.ts`).
   */
  asOf: z.iso.date().exactOptional(),
  /** See {@link SourceRole}. */
  role: SourceRole,
  /** See {@link SourcePriority}. */
  priority: SourcePriority,
  /**
   * Independent catalog family: two sources are one family when one is derived from the other
   * or both come from the same directory (the two official registry dumps; the Glama listings).
   * The trust score counts families, not sources.
   */
  family: z.string(),
  /**
   * For a source that collected its records from several directories: family by the first
   * `/`-separated part of a record's `sourceId` (lowercase), e.g. `{ "glama": "glama" }`; a
   * record whose prefix is not listed belongs to {@link SourceInfo.family}.
   */
  familyByRecordPrefix: z.record(z.string(), z.string()).exactOptional(),
  /**
   * True when the source checked that the packages it lists are the server's own (the
   * publisher's `server.json`, Docker's reviewed catalog): they are kept without comparing them
   * with the server's repository.
   */
  verifiesPackages: z.boolean().exactOptional(),
});
/** See {@link SourceInfo}. */
export type SourceInfo = z.infer<typeof SourceInfo>;

/** Where a merged record came from: one source's record. */
export const SourceRef = z.object({
  /** {@link SourceInfo.id} of the source. */
  source: z.string(),
  /** The record's id inside the source, unique per source. */
  sourceId: z.string(),
});
/** See {@link SourceRef}. */
export type SourceRef = z.infer<typeof SourceRef>;

/**
 * Independent catalog family of one source record: {@link SourceInfo.familyByRecordPrefix} for
 * the record's id prefix, else {@link SourceInfo.family}; a source with no known info is its own
 * family.
 *
 * @param ref a merged entry's source reference
 * @param info the source's info, if known
 * @returns the family id, e.g. `"official-registry"`, `"glama"`, `"mcphub"`
 * @example
 * ```ts
 * familyOf({ source: "x", sourceId: "1" }, undefined); // "x"
 * ```
 */
export function familyOf(ref: SourceRef, info: SourceInfo | undefined): string {
  if (info === undefined) return ref.source;
  if (info.familyByRecordPrefix !== undefined) {
    const prefix = ref.sourceId.split("/", 1)[0]!.toLowerCase();
    const family = info.familyByRecordPrefix[prefix];
    if (family !== undefined) return family;
  }
  return info.family;
}

/**
 * One source's statement of one field of an entry, kept as evidence: its value (a text cut to
 * 120 characters), when the source stated it, and what became of it when the field was resolved
 * by the newest explicit statement (`src/ingest/evidence.ts`): `chosen`, `agrees` (states the
 * chosen value), `superseded` (older, another value) or `overruled` (of about the same age,
 * another value, lost by agreement).
 */
export const FieldStatement = z.object({
  source: z.string(),
  sourceId: z.string(),
  value: z.union([z.string(), z.boolean()]),
  /** `YYYY-MM-DD`: the record's own time, else its dump's date. */
  statedAt: z.string(),
  status: z.enum(["chosen", "agrees", "superseded", "overruled"]),
});
/** See {@link FieldStatement}. */
export type FieldStatement = z.infer<typeof FieldStatement>;
