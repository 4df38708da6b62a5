/**
 * Shared test helpers: where the real source data lives, one shared build of the real catalog
 * per test process, and scratch copies of real source folders for rebuild tests.
 *
 * @module
 */
import assert from "node:assert/strict";
import { type CatalogContext, openContext } from "../src/catalog/context.ts";
import { buildCatalog, type IngestReport } from "../src/ingest/build.ts";
import { tempDir } from "./_temp.ts";

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
    const dir = await tempDir({ prefix: "toolatlas-real-" });
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

/** A temporary sources root holding a copy of one real source folder, and a catalog built from it. */
export interface SourcesCopy {
  /** The copied source folder (inside the temporary sources root). */
  dir: string;
  /** Path of the catalog database built from the copy. */
  path: string;
  /** Builds (or rebuilds) the catalog from the copy as it stands, without embeddings. */
  build(): Promise<IngestReport>;
  /**
   * Rewrites the top-level `description:` line of a YAML record of the copy.
   *
   * @param file the record, relative to {@link SourcesCopy.dir}
   * @param description the new description
   */
  editDescription(file: string, description: string): Promise<void>;
  /**
   * Removes a file or folder of the copy.
   *
   * @param entry the file or folder, relative to {@link SourcesCopy.dir}
   */
  remove(entry: string): Promise<void>;
}

/**
 * Runs `fn` over a copy of one real source folder of {@link SOURCES_DIR} in a temporary sources
 * root, for tests of what a rebuild changes; the copy and the catalog are removed afterwards.
 *
 * @param folder the source folder, relative to the sources root (e.g. `mcp-servers/…`)
 * @param fn the test body
 * @returns what `fn` returns
 */
export async function withSourcesCopy<T>(
  folder: string,
  fn: (copy: SourcesCopy) => Promise<T>,
): Promise<T> {
  const root = await tempDir({ prefix: "toolatlas-sources-" });
  const out = await tempDir({ prefix: "toolatlas-rebuild-" });
  const dir = `${root}/${folder}`;
  const path = `${out}/catalog.db`;
  try {
    await copyTree(`${SOURCES_DIR}/${folder}`, dir);
    return await fn({
      dir,
      path,
      build: () =>
        buildCatalog({ sourcesDir: root, catalogPath: path, embed: false, log: () => {} }),
      editDescription: async (file, description) => {
        const yaml = await Deno.readTextFile(`${dir}/${file}`);
        const edited = yaml.replace(/^( {2}description: ).*$/m, (_, lead) => lead + description);
        assert.notEqual(edited, yaml, `${file} has a description line`);
        await Deno.writeTextFile(`${dir}/${file}`, edited);
      },
      remove: (entry) => Deno.remove(`${dir}/${entry}`, { recursive: true }),
    });
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(out, { recursive: true });
  }
}
