/**
 * The error every snapshot operation throws, with a stable `problem`, and the file digest the
 * checks share.
 *
 * @module
 */
import { createHash } from "node:crypto";

/** Why a snapshot was refused. */
export type SnapshotProblem =
  | "unreadable"
  | "corrupt"
  | "unexpected_file"
  | "missing_file"
  | "checksum"
  | "format_version"
  | "schema_version"
  | "mismatch"
  /** Its files would exceed the size cap, or differ from the sizes its manifest declares. */
  | "too_large"
  /** Its detached signature is missing, malformed or not made by the given key. */
  | "signature"
  /** The archive's SHA-256 is not the one given out of band. */
  | "digest";

/** A snapshot that cannot be created, read or trusted; `problem` says why. */
export class SnapshotError extends Error {
  /** The kind of problem, stable for callers and tests. */
  readonly problem: SnapshotProblem;
  /** Bytes written to disk before the snapshot was refused (0 when refused before any). */
  readonly bytesWritten: number;

  /**
   * @param problem the kind of problem
   * @param message what could not be done, and why
   * @param bytesWritten bytes written before the refusal
   */
  constructor(problem: SnapshotProblem, message: string, bytesWritten = 0) {
    super(message);
    this.name = "SnapshotError";
    this.problem = problem;
    this.bytesWritten = bytesWritten;
  }
}

/**
 * SHA-256 of a file, read in chunks (constant memory).
 *
 * @example
 * ```ts
 * const { bytes, sha256 } = await digestFile("data/catalog.db");
 * ```
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
