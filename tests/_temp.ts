/**
 * Temporary folders of the test run, removed when the test process ends (the `unload` event), so
 * that `deno task test` leaves nothing behind in the system's temporary folder (a real-catalog
 * build is about 300 MB, a snapshot test's folder about 460 MB).
 *
 * @module
 */

const _made: string[] = [];

globalThis.addEventListener("unload", () => {
  for (const dir of _made.splice(0).reverse()) {
    try {
      Deno.removeSync(dir, { recursive: true });
    } catch {
      // Already removed by the test, or inside a folder removed before it.
    }
  }
});

/**
 * Makes a temporary folder that is removed when the test process ends.
 *
 * @param options as for `Deno.makeTempDir` (`prefix`, `dir`)
 * @returns the folder's path
 */
export async function tempDir(options: Deno.MakeTempOptions = {}): Promise<string> {
  const dir = await Deno.makeTempDir(options);
  _made.push(dir);
  return dir;
}
