/**
 * Catalog snapshots: one versioned, self-describing archive of a built catalog that a machine
 * without the raw dumps (an air-gapped install, a single executable) can verify and serve.
 *
 * A snapshot is a gzip-compressed tar archive (made and read with the npm `tar` package) holding:
 * - `manifest.json` ({@link SnapshotManifest}): format and catalog schema versions, build time,
 *   counts, the source dumps with their publishers and licences, the embedding model, and the
 *   size and SHA-256 of every other file;
 * - `NOTICE.md`: the licence notices the sources require;
 * - `catalog.db`: the SQLite catalog, vectors included;
 * - optionally `reviews.ndjson`: users' visible reviews (see `SNAPSHOT_REVIEWS`), a file of its
 *   own, never mixed into the catalog; installing does not import it.
 *
 * Verifying extracts the archive into a fresh folder (only those regular files are accepted;
 * paths cannot leave the folder), then checks the format version, every file's size
 * and digest, the catalog's schema version and that its counts and build time equal the
 * manifest's. Installing verifies next to the catalog path and renames the verified database over
 * it, so the previous catalog stays in place whenever anything is wrong.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { dirname } from "node:path";
import * as tar from "tar";
import { SCHEMA_VERSION } from "../catalog/db.ts";
import { CatalogStore } from "../catalog/store.ts";
import {
  noticeText,
  SNAPSHOT_CATALOG,
  SNAPSHOT_FORMAT,
  SNAPSHOT_FORMAT_VERSION,
  SNAPSHOT_MANIFEST,
  SNAPSHOT_NOTICE,
  SNAPSHOT_REVIEWS,
  SnapshotManifest,
  SnapshotSource,
} from "./manifest.ts";

/** Why a snapshot was refused. */
export type SnapshotProblem =
  | "unreadable"
  | "corrupt"
  | "unexpected_file"
  | "missing_file"
  | "checksum"
  | "format_version"
  | "schema_version"
  | "mismatch";

/** A snapshot that cannot be created, read or trusted; `problem` says why. */
export class SnapshotError extends Error {
  /** The kind of problem, stable for callers and tests. */
  readonly problem: SnapshotProblem;

  /**
   * @param problem the kind of problem
   * @param message what could not be done, and why
   */
  constructor(problem: SnapshotProblem, message: string) {
    super(message);
    this.name = "SnapshotError";
    this.problem = problem;
  }
}

/**
 * SHA-256 of a file, read in chunks (constant memory).
 *
 * @param path the file
 * @returns size in bytes and lowercase hex digest
 * @throws {Deno.errors.NotFound} when the file is missing
 */
export async function digestFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  using file = await Deno.open(path, { read: true });
  const buffer = new Uint8Array(1 << 20);
  for (;;) {
    const n = await file.read(buffer);
    if (n === null) break;
    hash.update(buffer.subarray(0, n));
    bytes += n;
  }
  return { bytes, sha256: hash.digest("hex") };
}

/** Links or copies a file (a hard link costs nothing on the same file system). */
async function _linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await Deno.link(from, to);
  } catch {
    await Deno.copyFile(from, to);
  }
}

/** File name of a snapshot of a catalog built at `builtAt`: `toolatlas-snapshot-20261127T005706Z.tar.gz`. */
export function snapshotFileName(builtAt: string): string {
  const stamp = builtAt.replace(/\.\d+Z$/, "Z").replace(/[-:]/g, "");
  return `toolatlas-snapshot-${stamp}.tar.gz`;
}

/** Options of {@link createSnapshot}. */
export interface CreateOptions {
  /** Folder the archive is written to (created when missing). */
  outDir: string;
  /** Progress sink (default: nothing). */
  log?: (line: string) => void;
  /**
   * Users' reviews as NDJSON (`reviewNdjson` of `src/reviews/reviews.ts`), written as
   * `reviews.ndjson` when it holds at least one line (default: none).
   */
  reviews?: ReadableStream<Uint8Array>;
}

/**
 * Makes a snapshot of a built catalog: the manifest and licence notices are written next to a link
 * (or copy) of the database in a staging folder, archived to a temporary file and renamed into
 * place, so an interrupted run never leaves a partial archive under the final name.
 *
 * @param catalogPath the built catalog, e.g. `data/catalog.db`
 * @param options output folder, progress sink and users' reviews
 * @returns the archive's path and its manifest
 * @throws {SnapshotError} `unreadable` when the catalog cannot be opened or is of another schema
 */
export async function createSnapshot(
  catalogPath: string,
  options: CreateOptions,
): Promise<{ path: string; manifest: SnapshotManifest }> {
  const log = options.log ?? (() => {});
  let store: CatalogStore;
  try {
    store = CatalogStore.open(catalogPath);
  } catch (e) {
    throw new SnapshotError(
      "unreadable",
      `Cannot snapshot "${catalogPath}": ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  let builtAt: string;
  let counts: SnapshotManifest["counts"];
  let embeddingModel: string | null;
  let sources: SnapshotManifest["sources"];
  try {
    builtAt = store.meta("built_at") ?? new Date(0).toISOString();
    counts = store.counts();
    embeddingModel = store.meta("embedding_model") ?? null;
    sources = SnapshotSource.array().parse(JSON.parse(store.meta("sources") ?? "[]"));
  } finally {
    store.close();
  }
  await Deno.mkdir(options.outDir, { recursive: true });
  const staging = await Deno.makeTempDir({ dir: options.outDir, prefix: ".snapshot-staging-" });
  const name = snapshotFileName(builtAt);
  const tmp = `${options.outDir}/.${name}.${Deno.pid}.tmp`;
  try {
    await _linkOrCopy(catalogPath, `${staging}/${SNAPSHOT_CATALOG}`);
    await Deno.writeTextFile(`${staging}/${SNAPSHOT_NOTICE}`, noticeText(sources, builtAt));
    log(`[snapshot] hashing ${catalogPath}`);
    const names = [SNAPSHOT_CATALOG, SNAPSHOT_NOTICE];
    const reviewCount = options.reviews
      ? await _writeLines(options.reviews, `${staging}/${SNAPSHOT_REVIEWS}`)
      : 0;
    if (reviewCount > 0) names.push(SNAPSHOT_REVIEWS);
    const files = [];
    for (const path of names) {
      files.push({ path, ...await digestFile(`${staging}/${path}`) });
    }
    const manifest: SnapshotManifest = {
      format: SNAPSHOT_FORMAT,
      formatVersion: SNAPSHOT_FORMAT_VERSION,
      schemaVersion: SCHEMA_VERSION,
      builtAt,
      createdAt: new Date().toISOString(),
      counts,
      embeddingModel,
      sources,
      files,
      ...(reviewCount > 0 && { reviewCount }),
    };
    await Deno.writeTextFile(
      `${staging}/${SNAPSHOT_MANIFEST}`,
      JSON.stringify(manifest, null, 2) + "\n",
    );
    log(`[snapshot] writing ${options.outDir}/${name}`);
    await tar.create(
      { gzip: true, file: tmp, cwd: staging, portable: true },
      [SNAPSHOT_MANIFEST, ...names.filter((n) => n !== SNAPSHOT_CATALOG), SNAPSHOT_CATALOG],
    );
    const path = `${options.outDir}/${name}`;
    await Deno.rename(tmp, path);
    log(`[snapshot] done: ${path} (${((await Deno.stat(path)).size / 1e6).toFixed(1)} MB)`);
    return { path, manifest };
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
    await Deno.remove(tmp).catch(() => {});
  }
}

/**
 * Writes an NDJSON stream to a file, or nothing when the stream is empty.
 *
 * @returns the number of lines written
 */
async function _writeLines(stream: ReadableStream<Uint8Array>, path: string): Promise<number> {
  let lines = 0;
  let file: Deno.FsFile | undefined;
  try {
    for await (const chunk of stream) {
      if (chunk.byteLength === 0) continue;
      file ??= await Deno.open(path, { write: true, create: true, truncate: true });
      for (const byte of chunk) if (byte === 0x0a) lines++;
      for (let done = 0; done < chunk.byteLength;) done += await file.write(chunk.subarray(done));
    }
  } finally {
    file?.close();
  }
  return lines;
}

/** The files a snapshot may hold. */
const _ALLOWED = new Set([SNAPSHOT_MANIFEST, SNAPSHOT_NOTICE, SNAPSHOT_CATALOG, SNAPSHOT_REVIEWS]);

/**
 * Extracts and checks a snapshot into a new folder under `parentDir` (see the module doc).
 *
 * @param file the archive
 * @param parentDir where the verified files are extracted (a fresh folder is made in it)
 * @returns the manifest and the folder holding the verified `catalog.db`; the caller removes it
 * @throws {SnapshotError} with the problem: `unreadable` (missing file), `corrupt` (not a gzip
 *   tar, truncated, damaged), `unexpected_file`, `missing_file`, `checksum`, `format_version`,
 *   `schema_version`, or `mismatch` (the catalog's counts or build time differ from the manifest)
 */
export async function extractSnapshot(
  file: string,
  parentDir: string,
): Promise<{ manifest: SnapshotManifest; dir: string }> {
  try {
    await Deno.stat(file);
  } catch {
    throw new SnapshotError("unreadable", `Cannot read snapshot "${file}": no such file`);
  }
  await Deno.mkdir(parentDir, { recursive: true });
  const dir = await Deno.makeTempDir({ dir: parentDir, prefix: ".snapshot-" });
  try {
    const unexpected: string[] = [];
    try {
      await tar.extract({
        file,
        cwd: dir,
        strict: true,
        filter: (path, entry) => {
          const ok = _ALLOWED.has(path) && (entry as { type?: string }).type === "File";
          if (!ok) unexpected.push(path);
          return ok;
        },
      });
    } catch (e) {
      throw new SnapshotError(
        "corrupt",
        `Cannot read snapshot "${file}": the archive is damaged or truncated (${
          e instanceof Error ? e.message : String(e)
        })`,
      );
    }
    if (unexpected.length > 0) {
      throw new SnapshotError(
        "unexpected_file",
        `Cannot use snapshot "${file}": it holds files a snapshot does not (${
          unexpected.slice(0, 5).join(", ")
        })`,
      );
    }
    let manifest: SnapshotManifest;
    try {
      manifest = SnapshotManifest.parse(
        JSON.parse(await Deno.readTextFile(`${dir}/${SNAPSHOT_MANIFEST}`)),
      );
    } catch (e) {
      throw new SnapshotError(
        e instanceof Deno.errors.NotFound ? "missing_file" : "corrupt",
        `Cannot use snapshot "${file}": no valid ${SNAPSHOT_MANIFEST}`,
      );
    }
    if (manifest.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
      throw new SnapshotError(
        "format_version",
        `Cannot use snapshot "${file}": format version ${manifest.formatVersion} is not ${SNAPSHOT_FORMAT_VERSION}`,
      );
    }
    if (manifest.schemaVersion !== SCHEMA_VERSION) {
      throw new SnapshotError(
        "schema_version",
        `Cannot use snapshot "${file}": its catalog has schema version ${manifest.schemaVersion}, this toolatlas reads ${SCHEMA_VERSION}`,
      );
    }
    const listed = new Set(manifest.files.map((f) => f.path));
    for (const required of [SNAPSHOT_CATALOG, SNAPSHOT_NOTICE]) {
      if (!listed.has(required)) {
        throw new SnapshotError(
          "missing_file",
          `Cannot use snapshot "${file}": the manifest lists no ${required}`,
        );
      }
    }
    for (const f of manifest.files) {
      let actual: { bytes: number; sha256: string };
      try {
        actual = await digestFile(`${dir}/${f.path}`);
      } catch {
        throw new SnapshotError(
          "missing_file",
          `Cannot use snapshot "${file}": ${f.path} is missing`,
        );
      }
      if (actual.bytes !== f.bytes || actual.sha256 !== f.sha256) {
        throw new SnapshotError(
          "checksum",
          `Cannot use snapshot "${file}": ${f.path} does not match its SHA-256 in the manifest`,
        );
      }
    }
    // An optional file counts only when the manifest vouches for it.
    if (!listed.has(SNAPSHOT_REVIEWS) && await _exists(`${dir}/${SNAPSHOT_REVIEWS}`)) {
      throw new SnapshotError(
        "unexpected_file",
        `Cannot use snapshot "${file}": it holds ${SNAPSHOT_REVIEWS}, which its manifest does not list`,
      );
    }
    let store: CatalogStore;
    try {
      store = CatalogStore.open(`${dir}/${SNAPSHOT_CATALOG}`);
    } catch (e) {
      throw new SnapshotError(
        "schema_version",
        `Cannot use snapshot "${file}": ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    try {
      const counts = store.counts();
      const builtAt = store.meta("built_at");
      if (
        JSON.stringify(counts) !== JSON.stringify(manifest.counts) || builtAt !== manifest.builtAt
      ) {
        throw new SnapshotError(
          "mismatch",
          `Cannot use snapshot "${file}": its catalog (built ${builtAt}, ${
            JSON.stringify(counts)
          }) is not the one the manifest describes`,
        );
      }
    } finally {
      store.close();
    }
    return { manifest, dir };
  } catch (e) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw e;
  }
}

/**
 * The users' reviews a snapshot holds (`reviews.ndjson`), after verifying the whole snapshot.
 *
 * @param file the archive
 * @param scratchDir where to extract it (removed afterwards)
 * @returns the NDJSON text (`""` when the snapshot holds no reviews)
 * @throws {SnapshotError} when the snapshot cannot be used (see {@link extractSnapshot})
 */
export async function snapshotReviews(
  file: string,
  scratchDir: string = Deno.env.get("TMPDIR") ?? "/tmp",
): Promise<string> {
  const { manifest, dir } = await extractSnapshot(file, scratchDir);
  try {
    if (!manifest.files.some((f) => f.path === SNAPSHOT_REVIEWS)) return "";
    return await Deno.readTextFile(`${dir}/${SNAPSHOT_REVIEWS}`);
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/**
 * Verifies a snapshot without installing it (`toolatlas snapshot verify FILE`).
 *
 * @param file the archive
 * @param scratchDir where to extract it for the checks (removed afterwards)
 * @returns the manifest
 * @throws {SnapshotError} when the snapshot cannot be used (see {@link extractSnapshot})
 */
export async function verifySnapshot(
  file: string,
  scratchDir: string = Deno.env.get("TMPDIR") ?? "/tmp",
): Promise<SnapshotManifest> {
  const { manifest, dir } = await extractSnapshot(file, scratchDir);
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  return manifest;
}

/**
 * Verifies a snapshot next to `catalogPath` and moves its catalog into place atomically (a rename
 * on one file system). When the snapshot cannot be used nothing changes: the previous catalog,
 * if any, stays.
 *
 * @param file the archive
 * @param catalogPath where the catalog is served from, e.g. `data/catalog.db`
 * @returns the manifest, and whether the catalog was replaced (false when the catalog in place
 *   already is this snapshot's: same build time and schema)
 * @throws {SnapshotError} when the snapshot cannot be used
 */
export async function installSnapshot(
  file: string,
  catalogPath: string,
): Promise<{ manifest: SnapshotManifest; installed: boolean }> {
  const { manifest, dir } = await extractSnapshot(file, dirname(catalogPath));
  try {
    if (await _sameCatalog(catalogPath, manifest)) return { manifest, installed: false };
    await Deno.rename(`${dir}/${SNAPSHOT_CATALOG}`, catalogPath);
    return { manifest, installed: true };
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** True when a file exists at `path`. */
async function _exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** True when the catalog at `path` is the one `manifest` describes. */
async function _sameCatalog(path: string, manifest: SnapshotManifest): Promise<boolean> {
  try {
    await Deno.stat(path);
  } catch {
    return false;
  }
  try {
    const store = CatalogStore.open(path);
    try {
      return store.meta("built_at") === manifest.builtAt &&
        JSON.stringify(store.counts()) === JSON.stringify(manifest.counts);
    } finally {
      store.close();
    }
  } catch {
    return false;
  }
}
