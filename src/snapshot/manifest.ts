/**
 * The manifest of a catalog snapshot (`manifest.json` inside the archive): what the snapshot
 * holds, from which sources under which licences, and the SHA-256 of every file, so a copy can be
 * checked before it is served.
 *
 * @module
 */
import { z } from "zod";

/** Value of `format` in every manifest. */
export const SNAPSHOT_FORMAT = "toolatlas-snapshot";

/**
 * Version of the snapshot layout (the archive's files and this manifest). A reader refuses other
 * versions; bump it when the layout changes.
 */
export const SNAPSHOT_FORMAT_VERSION = 1;

/** Name of the catalog database inside a snapshot. */
export const SNAPSHOT_CATALOG = "catalog.db";
/** Name of the licence notices inside a snapshot. */
export const SNAPSHOT_NOTICE = "NOTICE.md";
/** Name of the manifest inside a snapshot. */
export const SNAPSHOT_MANIFEST = "manifest.json";
/**
 * Name of the optional users' reviews file inside a snapshot: NDJSON, one visible review per line
 * in the public export form (`src/reviews/reviews.ts`), without authors. Never part of
 * `catalog.db`; installing a snapshot leaves the review store alone (`deno task reviews import`
 * reads it).
 */
export const SNAPSHOT_REVIEWS = "reviews.ndjson";

/** One file of a snapshot with its size and digest. */
export const SnapshotFile = z.object({
  /** Path inside the archive, e.g. `catalog.db`. */
  path: z.string().regex(/^[A-Za-z0-9._-]+$/),
  /** Size in bytes. */
  bytes: z.number().int().nonnegative(),
  /** SHA-256 of the file, lowercase hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** One source dump the catalog was built from, with its licence (attribution). */
export const SnapshotSource = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  /** Publisher repository and commit (and date), as in the source folder's SOURCES.md. */
  publisher: z.string(),
  license: z.string(),
  path: z.string(),
});

/** The manifest of a snapshot. */
export const SnapshotManifest = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  formatVersion: z.number().int(),
  /** Catalog schema version (`SCHEMA_VERSION` of `src/catalog/db.ts`) of `catalog.db`. */
  schemaVersion: z.number().int(),
  /** When the catalog was built (its `built_at`), ISO 8601. */
  builtAt: z.string(),
  /** When the snapshot was made, ISO 8601. */
  createdAt: z.string(),
  counts: z.object({
    tools: z.number().int(),
    servers: z.number().int(),
    prices: z.number().int(),
  }),
  /** Embedding model of the stored vectors, or null for a lexical-only catalog. */
  embeddingModel: z.string().nullable(),
  sources: z.array(SnapshotSource),
  files: z.array(SnapshotFile),
  /** Reviews in {@link SNAPSHOT_REVIEWS}, when the snapshot holds that file. */
  reviewCount: z.number().int().nonnegative().optional(),
});
/** The manifest of a snapshot. */
export type SnapshotManifest = z.infer<typeof SnapshotManifest>;

/**
 * The licence notices a snapshot carries: every source dump with its publisher and licence, and
 * what the licences ask of whoever redistributes the data.
 *
 * @param sources the catalog's sources (`meta.sources`)
 * @param builtAt the catalog's build time
 * @returns Markdown text
 */
export function noticeText(sources: z.infer<typeof SnapshotSource>[], builtAt: string): string {
  const lines = [
    "# Data sources and licences",
    "",
    `This snapshot holds a toolatlas catalog built ${builtAt} from the public dumps below. Each`,
    "record keeps the id of the source it came from (`sources` and `provenance` in every record).",
    "Redistributing the catalog means keeping this notice: CC-BY-4.0 and CC-BY-SA-4.0 sources",
    "require attribution (and, for CC-BY-SA, sharing adaptations of their data under the same",
    "licence); MIT sources require keeping their copyright notice; GPL-3.0 data is redistributed",
    'under GPL-3.0; for "none stated", no licence was granted by the publisher.',
    "",
    "| source | publisher | licence |",
    "| --- | --- | --- |",
    ...sources.map((s) => `| ${s.name} (\`${s.id}\`) | ${s.publisher} | ${s.license} |`),
    "",
  ];
  return lines.join("\n");
}
