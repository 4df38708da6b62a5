/**
 * A toolatlas server for the registry benchmarks (`registry_vscode.ts`, `registry_sync.ts`):
 * `main.ts serve` on 127.0.0.1, a free port, the given catalog and a fresh Deno KV (so every
 * allowance starts full).
 *
 * @module
 */
import { SERVER_FLAGS, waitForOutput } from "./_shared.ts";

/**
 * Starts the server and waits until it listens.
 *
 * @param catalog path of `catalog.db`
 * @param env more environment variables, e.g. `TOOLATLAS_TIERS`
 * @returns its URL and `stop()` (ends it and removes its KV)
 * @throws {Error} when it does not listen within 3 minutes
 */
export async function startServer(
  catalog: string,
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = await Deno.makeTempDir({ prefix: "toolatlas-registry-bench-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...SERVER_FLAGS, "main.ts", "serve"],
    env: {
      TOOLATLAS_CATALOG: catalog,
      TOOLATLAS_KV: `${dir}/kv.sqlite3`,
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      ...env,
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const m = await waitForOutput(child.stderr, /listening on http:\/\/[^:]+:(\d+)/, 180_000);
  return {
    url: `http://127.0.0.1:${m[1]}`,
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
      await Deno.remove(dir, { recursive: true });
    },
  };
}
