/**
 * Benchmark server: the production app (`openContext` + `createApp`, as `main.ts serve` builds it)
 * plus two bench-only routes on the same Hono instance and the same `Deno.serve` listener:
 *
 * - `GET /__bare`: a constant `ok`, the floor every endpoint is compared against;
 * - `GET /__rss`: `{rss, heapTotal, heapUsed, external, embedder}` of this process, bytes (the
 *   heap figures are the serving thread's V8 heap; `embedder` is the query model id, or `null`
 *   when search is lexical only);
 * - `GET /__lag`: event-loop lag since the previous call, `{n, p50, p99, max}` in ms: a 10 ms
 *   timer runs all the time, and its lag is how much later than 10 ms each firing came.
 *
 * Listens on 127.0.0.1, port from the first argument or `PORT` (default 0 = any free port), and
 * prints `READY <port>` on stdout once listening. The catalog is `TOOLATLAS_CATALOG` or
 * `data/catalog.db`.
 *
 * ```sh
 * deno run --unstable-kv --allow-read --allow-write --allow-env --allow-net --allow-ffi \
 *   --allow-sys bench/serve.ts 8123
 * ```
 *
 * @module
 */
import { Hono } from "hono";
import { loadConfig } from "../src/config.ts";
import { openContext } from "../src/catalog/context.ts";
import { createApp } from "../src/http/app.ts";

/**
 * Builds the production app wrapped by a root Hono app holding the bench-only routes. The bare
 * route is registered first, so no middleware of the production app (CORS) runs for it.
 *
 * @param catalogPath path of `catalog.db`
 * @param baseUrl public base URL of the app
 * @returns the root app
 */
export async function createBenchApp(catalogPath: string, baseUrl: string): Promise<Hono> {
  const ctx = await openContext(catalogPath, baseUrl, {
    warmTermLists: true,
    searchThread: true,
  });
  const app = createApp({ ctx });
  const root = new Hono();
  root.get("/__bare", (c) => c.text("ok"));
  const lags: number[] = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - 10));
    last = now;
  }, 10);
  root.get("/__lag", (c) => {
    const sorted = lags.splice(0).sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
    return c.json({ n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 });
  });
  root.get("/__rss", (c) => {
    return c.json({ ...Deno.memoryUsage(), embedder: ctx.embedder?.id ?? null });
  });
  root.route("/", app);
  // Unknown routes: the production app's problem 404, not Hono's plain-text one.
  root.notFound((c) => app.fetch(c.req.raw));
  return root;
}

if (import.meta.main) {
  const config = loadConfig({
    ...Deno.env.toObject(),
    PORT: Deno.args[0] ?? Deno.env.get("PORT") ?? "0",
  });
  const app = await createBenchApp(config.catalogPath, config.publicBaseUrl);
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: config.port,
    onListen: ({ port }) => console.log(`READY ${port}`),
  }, app.fetch);
  await server.finished;
}
