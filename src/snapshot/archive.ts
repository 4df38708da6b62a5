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
 * Verifying checks authenticity first when asked (a detached Ed25519 signature or a SHA-256
 * given out of band: `./signature.ts`), then extracts the archive into a fresh folder while
 * checking it (`./extract.ts`: the manifest first, sizes against the manifest and a cap before a
 * byte is written, each file's digest as it is written, only those regular files, paths that
 * cannot leave the folder), then checks that the catalog's schema, counts and build time are the
 * manifest's. Installing verifies next to the catalog path and renames the verified database over
 * it, so the previous catalog stays in place whenever anything is wrong; a catalog already in
 * place with the manifest's SHA-256 is left as it is. The folders and temporary archives of killed
 * runs are removed at the next start (`src/catalog/work_files.ts`).
 *
 * @module
 */
import { dirname } from "node:path";
import * as tar from "tar";
import { SCHEMA_VERSION } from "../catalog/db.ts";
import { CatalogStore } from "../catalog/store.ts";
import { holdWorkLock, removeLeftovers, WORK_LOCK } from "../catalog/work_files.ts";
import { extractChecked, type ExtractLimits } from "./extract.ts";
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
import { type Authenticity, checkAuthenticity, type SnapshotTrust } from "./signature.ts";
import { digestFile, SnapshotError, type SnapshotProblem } from "./snapshot_error.ts";

export { digestFile, SnapshotError, type SnapshotProblem };

/** True for the work folders and temporary archives of snapshot runs (`.snapshot-*`, `.*.tmp`). */
function _snapshotWork(name: string): boolean {
  return name.startsWith(".snapshot-") ||
    (name.startsWith(".toolatlas-snapshot-") && name.endsWith(".tmp"));
}

/**
 * A fresh work folder `<parent>/.snapshot-<prefix>…` locked by this process (`.lock`), after the
 * work folders that killed runs left in `parent` are removed.
 */
async function _workDir(
  parent: string,
  prefix: string,
): Promise<{ dir: string; lock: Deno.FsFile }> {
  await Deno.mkdir(parent, { recursive: true });
  await removeLeftovers(parent, _snapshotWork);
  const dir = await Deno.makeTempDir({ dir: parent, prefix: `.snapshot-${prefix}` });
  return { dir, lock: await holdWorkLock(`${dir}/${WORK_LOCK}`) };
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
  const { dir: staging, lock } = await _workDir(options.outDir, "staging-");
  const name = snapshotFileName(builtAt);
  const tmp = `${options.outDir}/.${name}.${Deno.pid}.tmp`;
  // Locked while written, so a later run can tell it from a leftover (tar rewrites the same file).
  const tmpLock = await holdWorkLock(tmp);
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
    lock.close();
    tmpLock.close();
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

/** Options of {@link extractSnapshot} and the functions built on it. */
export interface VerifyOptions {
  /** What must prove the snapshot's origin (default: nothing, integrity only). */
  trust?: SnapshotTrust;
  /** Size cap and ratio of the extraction (defaults of `./extract.ts`). */
  limits?: ExtractLimits;
}

/**
 * Checks and extracts a snapshot into a new folder under `parentDir` (see the module doc).
 *
 * @param file the archive
 * @param parentDir where the verified files are extracted (a fresh folder is made in it; the
 *   folders killed runs left there are removed first)
 * @param options authenticity to check, extraction limits
 * @returns the manifest, the folder holding the verified `catalog.db` (the caller removes it, and
 *   closes `lock`), and what proved its origin
 * @throws {SnapshotError} with the problem: `unreadable` (missing file), `digest` or `signature`
 *   (authenticity asked and not shown), `corrupt` (not a gzip tar, truncated, damaged, manifest
 *   not first), `too_large`, `unexpected_file`, `missing_file`, `checksum`, `format_version`,
 *   `schema_version`, or `mismatch` (the catalog's counts or build time differ from the manifest)
 */
export async function extractSnapshot(
  file: string,
  parentDir: string,
  options: VerifyOptions = {},
): Promise<
  { manifest: SnapshotManifest; dir: string; lock: Deno.FsFile; authenticity: Authenticity }
> {
  try {
    await Deno.stat(file);
  } catch {
    throw new SnapshotError("unreadable", `Cannot read snapshot "${file}": no such file`);
  }
  const authenticity = await checkAuthenticity(file, options.trust);
  const { dir, lock } = await _workDir(parentDir, "");
  try {
    const { manifest } = await extractChecked(file, dir, options.limits);
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
    return { manifest, dir, lock, authenticity };
  } catch (e) {
    lock.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    throw e;
  }
}

/** Removes an extraction folder and drops its lock. */
async function _done(extracted: { dir: string; lock: Deno.FsFile }): Promise<void> {
  extracted.lock.close();
  await Deno.remove(extracted.dir, { recursive: true }).catch(() => {});
}

/**
 * The users' reviews a snapshot holds (`reviews.ndjson`), after verifying the whole snapshot.
 *
 * @param file the archive
 * @param scratchDir where to extract it (removed afterwards)
 * @param options authenticity to check, extraction limits
 * @returns the NDJSON text (`""` when the snapshot holds no reviews)
 * @throws {SnapshotError} when the snapshot cannot be used (see {@link extractSnapshot})
 */
export async function snapshotReviews(
  file: string,
  scratchDir: string = Deno.env.get("TMPDIR") ?? "/tmp",
  options: VerifyOptions = {},
): Promise<string> {
  const extracted = await extractSnapshot(file, scratchDir, options);
  try {
    if (!extracted.manifest.files.some((f) => f.path === SNAPSHOT_REVIEWS)) return "";
    return await Deno.readTextFile(`${extracted.dir}/${SNAPSHOT_REVIEWS}`);
  } finally {
    await _done(extracted);
  }
}

/**
 * Verifies a snapshot without installing it (`toolatlas snapshot verify FILE`).
 *
 * @param file the archive
 * @param scratchDir where to extract it for the checks (removed afterwards)
 * @param options authenticity to check (a signature, a digest), extraction limits
 * @returns the manifest (the snapshot passed every check, including those of `options.trust`)
 * @throws {SnapshotError} when the snapshot cannot be used (see {@link extractSnapshot})
 */
export async function verifySnapshot(
  file: string,
  scratchDir: string = Deno.env.get("TMPDIR") ?? "/tmp",
  options: VerifyOptions = {},
): Promise<SnapshotManifest> {
  const extracted = await extractSnapshot(file, scratchDir, options);
  await _done(extracted);
  return extracted.manifest;
}

/**
 * Verifies a snapshot next to `catalogPath` and moves its catalog into place atomically (a rename
 * on one file system). When the snapshot cannot be used nothing changes: the previous catalog,
 * if any, stays. "Already in place" is decided by content: the catalog at `catalogPath` has the
 * SHA-256 the manifest gives `catalog.db` (a catalog edited in place, with the same build time,
 * is replaced).
 *
 * @param file the archive
 * @param catalogPath where the catalog is served from, e.g. `data/catalog.db`
 * @param options authenticity to check, extraction limits
 * @returns the manifest, whether the catalog was replaced (false when the catalog in place has
 *   the manifest's digest), and what proved the snapshot's origin
 * @throws {SnapshotError} when the snapshot cannot be used
 */
export async function installSnapshot(
  file: string,
  catalogPath: string,
  options: VerifyOptions = {},
): Promise<{ manifest: SnapshotManifest; installed: boolean; authenticity: Authenticity }> {
  const extracted = await extractSnapshot(file, dirname(catalogPath), options);
  const { manifest, dir, authenticity } = extracted;
  try {
    if (await _sameCatalog(catalogPath, manifest)) {
      return { manifest, installed: false, authenticity };
    }
    await Deno.rename(`${dir}/${SNAPSHOT_CATALOG}`, catalogPath);
    return { manifest, installed: true, authenticity };
  } finally {
    await _done(extracted);
  }
}

/** True when the catalog at `path` has the SHA-256 that `manifest` gives `catalog.db`. */
async function _sameCatalog(path: string, manifest: SnapshotManifest): Promise<boolean> {
  const listed = manifest.files.find((f) => f.path === SNAPSHOT_CATALOG);
  try {
    const actual = await digestFile(path);
    return listed !== undefined && actual.bytes === listed.bytes && actual.sha256 === listed.sha256;
  } catch {
    return false;
  }
}
