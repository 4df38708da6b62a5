/**
 * `toolatlas snapshot create [--out DIR]` and `toolatlas snapshot verify FILE`, and how `serve`
 * finds and installs a snapshot (`--snapshot FILE`, `TOOLATLAS_SNAPSHOT`, or one shipped next to
 * a compiled executable).
 *
 * @module
 */
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createSnapshot, installSnapshot, SnapshotError, verifySnapshot } from "./archive.ts";

/** File name `deno task compile` includes and `serve` looks for next to the executable. */
export const BUNDLED_SNAPSHOT = "toolatlas-snapshot.tar.gz";

const USAGE = `Usage:
  deno task snapshot create [--out DIR] [--no-reviews]
                                           archive the built catalog (default folder: data/snapshots),
                                           with users' visible reviews as reviews.ndjson
  deno task snapshot verify FILE           check a snapshot without serving it`;

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
      const manifest = await verifySnapshot(positionals[1]);
      console.log(
        `${
          positionals[1]
        }: valid snapshot (format ${manifest.formatVersion}, schema ${manifest.schemaVersion}, ` +
          `built ${manifest.builtAt}; ${manifest.counts.servers} servers, ${manifest.counts.tools} tools, ` +
          `${manifest.counts.prices} prices)`,
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
 * the catalog already in place, if any, keeps serving.
 *
 * @param file the snapshot
 * @param catalogPath where the catalog is served from
 * @param log progress sink
 * @returns `"installed"`, `"current"` (the catalog in place already is this snapshot's) or
 *   `"refused"`
 */
export async function prepareSnapshot(
  file: string,
  catalogPath: string,
  log: (line: string) => void,
): Promise<"installed" | "current" | "refused"> {
  log(`[serve] verifying snapshot ${file}`);
  try {
    const { manifest, installed } = await installSnapshot(file, catalogPath);
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
