/**
 * Shared test helpers: where the real source data lives, and one shared build of the real
 * catalog per test process.
 *
 * @module
 */
import { type CatalogContext, openContext } from "../src/catalog/context.ts";
import { buildCatalog, type IngestReport } from "../src/ingest/build.ts";

/**
 * The sources root used by tests: `TOOLATLAS_SOURCES`, else `../shared/data` next to the repo.
 */
export const SOURCES_DIR: string = Deno.env.get("TOOLATLAS_SOURCES") ??
  new URL("../../shared/data", import.meta.url).pathname;

/** The real catalog built for tests. */
export interface RealCatalog {
  ctx: CatalogContext;
  report: IngestReport;
  /** Path of the built database. */
  path: string;
}

let _real: Promise<RealCatalog> | undefined;

/**
 * Builds the real catalog from {@link SOURCES_DIR} once per test module (into a temporary
 * folder, without embeddings) and opens a context over it. Every real-data test shares this one
 * build.
 *
 * @returns the context, the ingest report and the database path
 */
export function realCatalog(): Promise<RealCatalog> {
  _real ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "toolatlas-real-" });
    const path = `${dir}/catalog.db`;
    // Without embeddings: a cold embed of ~39,000 entries takes minutes; semantic ranking is
    // tested on fixtures and measured by `deno task eval`.
    const report = await buildCatalog({
      sourcesDir: SOURCES_DIR,
      catalogPath: path,
      log: () => {},
      embed: false,
    });
    const ctx = await openContext(path, "http://test.local");
    return { ctx, report, path };
  })();
  return _real;
}

/**
 * Copies a folder tree (regular files and folders).
 *
 * @param from source folder
 * @param to target folder (created)
 */
export async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    if (entry.isDirectory) await copyTree(`${from}/${entry.name}`, `${to}/${entry.name}`);
    else if (entry.isFile) await Deno.copyFile(`${from}/${entry.name}`, `${to}/${entry.name}`);
  }
}
