/**
 * Reading a snapshot archive into a folder while checking it, so that nothing unchecked is written:
 * a 2.4 MB archive once wrote 2 GB before its digest was refused (the sizes in the manifest were
 * not checked before writing, and node-tar's 1,000:1 ratio guard was the only bound).
 *
 * The archive is gunzipped and parsed as a stream (node-tar's `Parser`, fed by this module, which
 * counts every decompressed byte). `manifest.json` must be its first entry (as `snapshot create`
 * writes it), at most {@link MANIFEST_MAX_BYTES}. From the manifest on, before a byte of a file
 * is written:
 *
 * - the files the manifest lists must hold at most {@link SNAPSHOT_MAX_BYTES} in all;
 * - each entry must be a regular file the manifest lists, met once, whose size in the tar header
 *   is the size the manifest gives it, and that keeps what was written at most
 *   {@link SNAPSHOT_MAX_RATIO} times the archive's own size (a catalog compresses about 2:1);
 *
 * and while it is written, its SHA-256 is computed and compared with the manifest's at its end;
 * the decompressed stream may not run longer than the manifest's files plus the tar framing. The
 * first failure stops the reading; the caller removes the folder.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { Parser, type ReadEntry } from "tar";
import { SCHEMA_VERSION } from "../catalog/db.ts";
import {
  SNAPSHOT_CATALOG,
  SNAPSHOT_FORMAT_VERSION,
  SNAPSHOT_MANIFEST,
  SNAPSHOT_NOTICE,
  SNAPSHOT_REVIEWS,
  SnapshotManifest,
} from "./manifest.ts";
import { SnapshotError } from "./snapshot_error.ts";

/** Largest `manifest.json` read, bytes. */
export const MANIFEST_MAX_BYTES = 1024 * 1024;
/** Most bytes a snapshot's files may hold in all (the real catalog is about 300 MB). */
export const SNAPSHOT_MAX_BYTES = 16 * 1024 * 1024 * 1024;
/**
 * Most bytes a snapshot's files may hold per byte of archive. The catalog with vectors compressed
 * about 2:1 (295 MB in a 150 MB archive), the fixture catalog of the tests about 9:1.
 */
export const SNAPSHOT_MAX_RATIO = 50;

/** The files a snapshot may hold. */
const _ALLOWED = new Set([SNAPSHOT_MANIFEST, SNAPSHOT_NOTICE, SNAPSHOT_CATALOG, SNAPSHOT_REVIEWS]);

/** Options of {@link extractChecked}. */
export interface ExtractLimits {
  /** Most bytes of files (default {@link SNAPSHOT_MAX_BYTES}). */
  maxBytes?: number;
  /** Most bytes of files per byte of archive (default {@link SNAPSHOT_MAX_RATIO}). */
  maxRatio?: number;
}

/** Tar framing of a file of `bytes`: its 512-byte header and the padding to a 512-byte block. */
function _framed(bytes: number): number {
  return 512 + Math.ceil(bytes / 512) * 512;
}

/**
 * Extracts a snapshot archive into `dir` (which must exist and be empty), checking it as it goes
 * (see the module comment). The format and schema versions of the manifest are checked too.
 *
 * @example
 * ```ts
 * const { manifest, bytesWritten } = await extractChecked("snap.tar.gz", dir);
 * ```
 *
 * @param file the archive
 * @param dir the folder the files are written to
 * @param limits the size cap and ratio
 * @returns the manifest and the bytes written
 * @throws {SnapshotError} `unreadable`, `corrupt` (not gzip, not tar, truncated, manifest not
 *   first or not valid), `format_version`, `schema_version`, `missing_file`, `unexpected_file`,
 *   `too_large` or `checksum` (a size or SHA-256 other than the manifest's), with the bytes
 *   written before the refusal
 */
export async function extractChecked(
  file: string,
  dir: string,
  limits: ExtractLimits = {},
): Promise<{ manifest: SnapshotManifest; bytesWritten: number }> {
  let archiveBytes: number;
  try {
    archiveBytes = (await Deno.stat(file)).size;
  } catch {
    throw new SnapshotError("unreadable", `Cannot read snapshot "${file}": no such file`);
  }
  const maxBytes = limits.maxBytes ?? SNAPSHOT_MAX_BYTES;
  const maxRatio = limits.maxRatio ?? SNAPSHOT_MAX_RATIO;
  const cap = Math.min(maxBytes, archiveBytes * maxRatio);
  const name = `snapshot "${file}"`;
  let manifest: SnapshotManifest | undefined;
  let manifestText = "";
  let failure: SnapshotError | undefined;
  let written = 0;
  /** The file being written, if any (closed at its entry's end, or on a refusal). */
  let current: Deno.FsFile | undefined;
  /** Decompressed bytes allowed: the manifest's entry until it is read, then every file's. */
  let allowed = _framed(MANIFEST_MAX_BYTES) + 1024;
  const seen = new Set<string>();
  const fail = (error: SnapshotError) => {
    failure ??= new SnapshotError(error.problem, error.message, written);
  };

  const onManifest = () => {
    let m: SnapshotManifest;
    try {
      m = SnapshotManifest.parse(JSON.parse(manifestText));
    } catch {
      return fail(
        new SnapshotError("corrupt", `Cannot use ${name}: no valid ${SNAPSHOT_MANIFEST}`),
      );
    }
    if (m.formatVersion !== SNAPSHOT_FORMAT_VERSION) {
      return fail(
        new SnapshotError(
          "format_version",
          `Cannot use ${name}: format version ${m.formatVersion} is not ${SNAPSHOT_FORMAT_VERSION}`,
        ),
      );
    }
    if (m.schemaVersion !== SCHEMA_VERSION) {
      return fail(
        new SnapshotError(
          "schema_version",
          `Cannot use ${name}: its catalog has schema version ${m.schemaVersion}, this toolatlas reads ${SCHEMA_VERSION}`,
        ),
      );
    }
    const listed = new Set(m.files.map((f) => f.path));
    for (const required of [SNAPSHOT_CATALOG, SNAPSHOT_NOTICE]) {
      if (!listed.has(required)) {
        return fail(
          new SnapshotError(
            "missing_file",
            `Cannot use ${name}: the manifest lists no ${required}`,
          ),
        );
      }
    }
    const bad = m.files.find((f) => !_ALLOWED.has(f.path) || f.path === SNAPSHOT_MANIFEST);
    if (bad !== undefined || listed.size !== m.files.length) {
      return fail(
        new SnapshotError(
          "unexpected_file",
          `Cannot use ${name}: its manifest lists ${bad?.path ?? "a file twice"}`,
        ),
      );
    }
    const total = m.files.reduce((sum, f) => sum + f.bytes, 0);
    if (total > maxBytes) {
      return fail(
        new SnapshotError(
          "too_large",
          `Cannot use ${name}: its files would take ${total} bytes, over the cap of ${maxBytes}`,
        ),
      );
    }
    allowed += m.files.reduce((sum, f) => sum + _framed(f.bytes), 0) + 64 * 1024;
    manifest = m;
  };

  const onEntry = (entry: ReadEntry) => {
    const path = entry.path;
    const skip = (error: SnapshotError) => {
      fail(error);
      entry.resume();
    };
    if (entry.type !== "File" || !_ALLOWED.has(path) || seen.has(path)) {
      return skip(
        new SnapshotError(
          "unexpected_file",
          `Cannot use ${name}: it holds ${
            seen.has(path) ? `${path} twice` : `${path} (${entry.type})`
          }, which a snapshot does not`,
        ),
      );
    }
    seen.add(path);
    if (manifest === undefined) {
      if (path !== SNAPSHOT_MANIFEST || entry.size > MANIFEST_MAX_BYTES) {
        return skip(
          new SnapshotError(
            "corrupt",
            `Cannot use ${name}: ${SNAPSHOT_MANIFEST} (at most ${MANIFEST_MAX_BYTES} bytes) ` +
              "must be its first entry",
          ),
        );
      }
      const decoder = new TextDecoder();
      entry.on(
        "data",
        (chunk: Uint8Array) => manifestText += decoder.decode(chunk, { stream: true }),
      );
      entry.on("end", onManifest);
      return;
    }
    const expected = manifest.files.find((f) => f.path === path);
    if (expected === undefined) {
      return skip(
        new SnapshotError(
          "unexpected_file",
          `Cannot use ${name}: it holds ${path}, which its manifest does not list`,
        ),
      );
    }
    if (entry.size !== expected.bytes) {
      return skip(
        new SnapshotError(
          "checksum",
          `Cannot use ${name}: ${path} holds ${entry.size} bytes, its manifest says ${expected.bytes}`,
        ),
      );
    }
    if (written + entry.size > cap) {
      return skip(
        new SnapshotError(
          "too_large",
          `Cannot use ${name}: its files would take more than ${cap} bytes (at most ${maxRatio} ` +
            `times the archive's ${archiveBytes} bytes, and ${maxBytes} in all)`,
        ),
      );
    }
    let out: Deno.FsFile;
    try {
      out = current = Deno.openSync(`${dir}/${path}`, { write: true, createNew: true });
    } catch (error) {
      return skip(new SnapshotError("unreadable", `Cannot write ${path}: ${String(error)}`));
    }
    const hash = createHash("sha256");
    let size = 0;
    entry.on("data", (chunk: Uint8Array) => {
      if (failure) return;
      size += chunk.byteLength;
      if (size > expected.bytes) {
        return fail(new SnapshotError("checksum", `Cannot use ${name}: ${path} is too long`));
      }
      hash.update(chunk);
      for (let done = 0; done < chunk.byteLength;) done += out.writeSync(chunk.subarray(done));
      written += chunk.byteLength;
    });
    entry.on("end", () => {
      out.close();
      current = undefined;
      if (!failure && (size !== expected.bytes || hash.digest("hex") !== expected.sha256)) {
        fail(
          new SnapshotError(
            "checksum",
            `Cannot use ${name}: ${path} does not match its SHA-256 in the manifest`,
          ),
        );
      }
    });
  };

  const parser = new Parser({ strict: true });
  parser.on("entry", onEntry);
  parser.on("error", (error: Error) => {
    fail(new SnapshotError("corrupt", `Cannot read ${name}: ${error.message}`));
  });
  const ended = new Promise<void>((resolve) => {
    parser.on("end", () => resolve());
    parser.on("close", () => resolve());
    parser.on("error", () => resolve());
  });
  let decompressed = 0;
  try {
    using archive = await Deno.open(file, { read: true });
    for await (const chunk of archive.readable.pipeThrough(new DecompressionStream("gzip"))) {
      // Fed in pieces that never pass what is allowed so far (reading the manifest raises it).
      for (let offset = 0; offset < chunk.byteLength && !failure;) {
        const room = allowed - decompressed;
        if (room <= 0) {
          fail(
            new SnapshotError(
              manifest ? "too_large" : "corrupt",
              `Cannot use ${name}: it decompresses to more than its manifest's files (${allowed} bytes)`,
            ),
          );
          break;
        }
        const piece = chunk.subarray(offset, offset + Math.min(room, chunk.byteLength - offset));
        // node-tar reads headers with Buffer methods: hand it a Buffer view of the same bytes.
        parser.write(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
        decompressed += piece.byteLength;
        offset += piece.byteLength;
      }
      if (failure) break;
    }
    if (!failure) {
      parser.end();
      await ended;
    }
  } catch (error) {
    fail(
      new SnapshotError(
        "corrupt",
        `Cannot read ${name}: the archive is damaged or truncated (${
          error instanceof Error ? error.message : String(error)
        })`,
      ),
    );
  }
  current?.close();
  if (failure) throw failure;
  if (manifest === undefined) {
    throw new SnapshotError("missing_file", `Cannot use ${name}: no ${SNAPSHOT_MANIFEST}`, written);
  }
  for (const f of manifest.files) {
    if (!seen.has(f.path)) {
      throw new SnapshotError("missing_file", `Cannot use ${name}: ${f.path} is missing`, written);
    }
  }
  return { manifest, bytesWritten: written };
}
