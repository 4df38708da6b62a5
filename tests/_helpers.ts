/**
 * Shared test helpers: where the real source data lives.
 *
 * @module
 */

/**
 * The sources root used by tests: `TOOLATLAS_SOURCES`, else `../shared/data` next to the repo.
 */
export const SOURCES_DIR: string = Deno.env.get("TOOLATLAS_SOURCES") ??
  new URL("../../shared/data", import.meta.url).pathname;
