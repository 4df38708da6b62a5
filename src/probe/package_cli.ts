/**
 * `deno task packages`: the npm registry check of every npm package the catalog's sources list
 * (`./package_check.ts`), with progress (rate and time left) on stderr.
 *
 * ```sh
 * deno task packages [--refresh] [--concurrency 8] [--registry URL] [--store PATH] [--sources DIR]
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { mergedServersFromSources } from "./cli.ts";
import { DEFAULT_REGISTRY, PACKAGE_CHECKS_URL, runPackageChecks } from "./package_check.ts";

/** Usage text of the packages command. */
export const PACKAGES_USAGE = `Usage:
  deno task packages [options]     ask the npm registry about every npm package the sources list
                                   (exists, bin, repository, deprecated); results go to
                                   data/package_checks.jsonl, which the ingest merges
    --refresh                      ask again about packages already checked
    --concurrency N                requests at a time (default 8, at most 32)
    --registry URL                 npm registry (default ${DEFAULT_REGISTRY})
    --store PATH                   store (default data/package_checks.jsonl)
    --sources DIR                  raw dumps (default ../shared/data)`;

/**
 * Runs the packages command.
 *
 * @param args command-line arguments after `packages`
 * @param log progress sink (default stderr)
 * @returns the process exit code (0, or 2 for bad arguments)
 */
export async function packagesCommand(
  args: string[],
  log: (line: string) => void = (line) => console.error(line),
): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args,
      options: {
        refresh: { type: "boolean" },
        concurrency: { type: "string" },
        registry: { type: "string" },
        store: { type: "string" },
        sources: { type: "string" },
        help: { type: "boolean" },
      },
    }).values;
  } catch (error) {
    log(`${error instanceof Error ? error.message : String(error)}\n${PACKAGES_USAGE}`);
    return 2;
  }
  if (values.help) {
    log(PACKAGES_USAGE);
    return 0;
  }
  const concurrency = values.concurrency === undefined ? 8 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    log(`Cannot use --concurrency "${values.concurrency}": expected a whole number from 1 to 32`);
    return 2;
  }
  const started = performance.now();
  const sourcesDir = values.sources ?? Deno.env.get("TOOLATLAS_SOURCES") ?? "../shared/data";
  log(`[packages] reading the catalog sources from ${sourcesDir}`);
  const servers = await mergedServersFromSources(sourcesDir, log);
  const ids = new Set<string>();
  for (const s of servers) {
    for (const p of s.packages) if (p.registryType === "npm") ids.add(p.identifier);
    for (const r of s.refusedPackages ?? []) {
      if (r.package.registryType === "npm") ids.add(r.package.identifier);
    }
  }
  log(`[packages] ${ids.size} npm package names in ${servers.length} servers`);
  let last = 0;
  const counts = await runPackageChecks(ids, {
    refresh: values.refresh === true,
    concurrency,
    registry: values.registry ?? DEFAULT_REGISTRY,
    store: values.store ?? PACKAGE_CHECKS_URL,
    onProgress: (p) => {
      if (performance.now() - last < 2000 && p.done !== p.total) return;
      last = performance.now();
      log(
        `[packages] ${p.done}/${p.total} checked, ${p.rate.toFixed(1)}/s, ` +
          `about ${Math.ceil(p.etaSeconds)} s left`,
      );
    },
  });
  log(
    `[packages] done in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s: asked ${counts.asked} ` +
      `(found ${counts.found}, missing here ${counts.missing}, errors ${counts.error}); ` +
      `${counts.known} already known`,
  );
  return 0;
}
