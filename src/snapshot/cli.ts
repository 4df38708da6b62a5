/**
 * `toolatlas snapshot create | verify | sign | keygen`, and how `serve` finds and installs a
 * snapshot (`--snapshot FILE`, `TOOLATLAS_SNAPSHOT`, or one shipped next to a compiled
 * executable), checking its origin when `TOOLATLAS_SNAPSHOT_PUBLIC_KEY` or
 * `TOOLATLAS_SNAPSHOT_SHA256` asks for it (`./signature.ts`).
 *
 * @module
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createSnapshot, installSnapshot, SnapshotError, verifySnapshot } from "./archive.ts";
import {
  generateSigningKeys,
  signSnapshot,
  type SnapshotTrust,
  trustFromEnv,
} from "./signature.ts";

/** File name `deno task compile` includes and `serve` looks for next to the executable. */
export const BUNDLED_SNAPSHOT = "toolatlas-snapshot.tar.gz";

const USAGE = `Usage:
  deno task snapshot create [--out DIR] [--no-reviews]
                                           archive the built catalog (default folder: data/snapshots),
                                           with users' visible reviews as reviews.ndjson
  deno task snapshot verify FILE [--public-key PUB.pem] [--signature FILE.sig] [--sha256 HEX]
                                           check a snapshot without serving it: its files against
                                           its manifest, and, when given, its origin (a signature
                                           made with the public key's private key, or its digest)
  deno task snapshot sign FILE --key PRIVATE.pem [--signature FILE.sig]
                                           write a detached Ed25519 signature (default FILE.sig)
  deno task snapshot keygen --out DIR      make an Ed25519 key pair for signing (PEM files)`;

/** Where `snapshot create` gets users' reviews: an NDJSON stream, closed with `close`. */
export type ReviewSource = () => Promise<
  { stream: ReadableStream<Uint8Array>; close: () => void } | undefined
>;

/**
 * Runs a snapshot subcommand.
 *
 * @param args arguments after `snapshot`, e.g. `["create", "--out", "dist"]`
 * @param catalogPath the catalog to archive (`TOOLATLAS_CATALOG`)
 * @param reviews users' reviews to include (unless `--no-reviews`), or none
 * @returns the process exit code: 0 done, 1 the snapshot cannot be made or used, 2 bad usage
 */
export async function snapshotCommand(
  args: string[],
  catalogPath: string,
  reviews?: ReviewSource,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      "no-reviews": { type: "boolean" },
      key: { type: "string" },
      "public-key": { type: "string" },
      signature: { type: "string" },
      sha256: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const log = (line: string) => console.error(line);
  try {
    if (positionals[0] === "create" && !values.help) {
      const source = values["no-reviews"] ? undefined : await reviews?.();
      try {
        const { path, manifest } = await createSnapshot(catalogPath, {
          outDir: values.out ?? "data/snapshots",
          log,
          ...(source && { reviews: source.stream }),
        });
        console.log(path);
        log(
          `[snapshot] ${manifest.counts.servers} servers, ${manifest.counts.tools} tools, ` +
            `${manifest.counts.prices} prices, ${manifest.reviewCount ?? 0} reviews; ` +
            `built ${manifest.builtAt}`,
        );
      } finally {
        source?.close();
      }
      return 0;
    }
    if (positionals[0] === "verify" && positionals[1] !== undefined && !values.help) {
      if (values.sha256 !== undefined && !/^[0-9a-fA-F]{64}$/.test(values.sha256)) {
        console.error(`Cannot use --sha256 "${values.sha256}": give 64 hex digits`);
        return 2;
      }
      const trust: SnapshotTrust = {
        publicKey: values["public-key"],
        sha256: values.sha256,
        signature: values.signature,
      };
      const manifest = await verifySnapshot(positionals[1], undefined, { trust });
      const origin = [
        trust.publicKey && `signature verified with ${trust.publicKey}`,
        trust.sha256 && "SHA-256 matches the one given",
      ].filter(Boolean);
      console.log(
        `${
          positionals[1]
        }: consistent snapshot (format ${manifest.formatVersion}, schema ${manifest.schemaVersion}, ` +
          `built ${manifest.builtAt}; ${manifest.counts.servers} servers, ${manifest.counts.tools} tools, ` +
          `${manifest.counts.prices} prices; every file matches its manifest); origin: ${
            origin.length > 0
              ? origin.join(", ")
              : "NOT checked (give --public-key with its signature, or --sha256)"
          }`,
      );
      return 0;
    }
    if (
      positionals[0] === "sign" && positionals[1] !== undefined && values.key !== undefined &&
      !values.help
    ) {
      const { path, signature } = await signSnapshot(positionals[1], values.key, values.signature);
      console.log(path);
      log(`[snapshot] signed ${positionals[1]} (SHA-256 ${signature.sha256})`);
      return 0;
    }
    if (positionals[0] === "keygen" && values.out !== undefined && !values.help) {
      const keys = await generateSigningKeys(values.out);
      console.log(`${keys.privateKey}\n${keys.publicKey}`);
      log(
        `[snapshot] keep ${keys.privateKey} secret; give ${keys.publicKey} to those who verify ` +
          "(TOOLATLAS_SNAPSHOT_PUBLIC_KEY, or snapshot verify --public-key)",
      );
      return 0;
    }
  } catch (e) {
    if (e instanceof SnapshotError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  console.error(USAGE);
  return values.help ? 0 : 2;
}

/**
 * The snapshot `serve` should use: the one given (flag or `TOOLATLAS_SNAPSHOT`), else a
 * {@link BUNDLED_SNAPSHOT} next to the executable (a `deno compile`d toolatlas ships one with
 * `--include`) or inside it.
 *
 * @param given `--snapshot` or `TOOLATLAS_SNAPSHOT`
 * @param execPath the running executable (`Deno.execPath()`)
 * @param bundled where an included snapshot lives in a compiled executable's file system
 * @returns a path, or `undefined` when there is none
 */
export async function findSnapshot(
  given: string | undefined,
  execPath: string = Deno.execPath(),
  bundled: URL = new URL(`../../${BUNDLED_SNAPSHOT}`, import.meta.url),
): Promise<string | undefined> {
  if (given !== undefined) return given;
  const dir = dirname(execPath);
  for (const path of [`${dir}/${BUNDLED_SNAPSHOT}`, fileURLToPath(bundled)]) {
    try {
      if ((await Deno.stat(path)).isFile) return path;
    } catch { /* not there */ }
  }
  return undefined;
}

/**
 * Installs a snapshot before serving. A snapshot that cannot be used is refused with its reason;
 * the catalog already in place, if any, keeps serving. Its origin is checked when `trust` asks
 * (by default what `TOOLATLAS_SNAPSHOT_PUBLIC_KEY` and `TOOLATLAS_SNAPSHOT_SHA256` say); when
 * nothing is asked, the log says that only its integrity was checked.
 *
 * @param file the snapshot
 * @param catalogPath where the catalog is served from
 * @param log progress sink
 * @param trust the public key, digest and signature path to check (default: from the environment)
 * @returns `"installed"`, `"current"` (the catalog in place has the snapshot's catalog digest) or
 *   `"refused"`
 */
export async function prepareSnapshot(
  file: string,
  catalogPath: string,
  log: (line: string) => void,
  trust: SnapshotTrust = trustFromEnv(),
): Promise<"installed" | "current" | "refused"> {
  log(`[serve] verifying snapshot ${file}`);
  try {
    const { manifest, installed, authenticity } = await installSnapshot(file, catalogPath, {
      trust,
    });
    if (authenticity.checked.length === 0) {
      log(
        "[serve] the snapshot's files match its manifest; its origin was not checked (set " +
          "TOOLATLAS_SNAPSHOT_PUBLIC_KEY or TOOLATLAS_SNAPSHOT_SHA256)",
      );
    }
    log(
      installed
        ? `[serve] installed snapshot of ${manifest.builtAt} at ${catalogPath}`
        : `[serve] ${catalogPath} already is the snapshot of ${manifest.builtAt}`,
    );
    return installed ? "installed" : "current";
  } catch (e) {
    if (!(e instanceof SnapshotError)) throw e;
    log(`[serve] refused snapshot: ${e.message}`);
    return "refused";
  }
}
