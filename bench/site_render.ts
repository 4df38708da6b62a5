/**
 * Server-side render time of the public site's pages on the real catalog: each page is requested
 * in-process (`app.request`, no network) after a warm-up, and the p50/p95 of the full handler time
 * (catalog queries + JSX rendering + serialization) are printed. Tool and server pages rotate
 * through a fixed random sample, so per-entry caches do not flatter them.
 *
 * ```sh
 * deno run --unstable-kv -A bench/site_render.ts [iterations]   # TOOLATLAS_CATALOG or data/catalog.db
 * ```
 *
 * @module
 */
import { openContext } from "../src/catalog/context.ts";
import { serverUrl, toolUrl } from "../src/catalog/context.ts";
import { createApp } from "../src/http/app.ts";
import { seededSample } from "../tests/_sample.ts";

/** Percentile of sorted samples (nearest rank). */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Deterministic shuffle (mulberry32). */
function sample<T>(items: T[], n: number): T[] {
  return seededSample(items, n, 42);
}

if (import.meta.main) {
  const iterations = Number(Deno.args[0] ?? 200);
  const catalog = Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";
  const ctx = await openContext(catalog, "http://localhost:8000");
  const app = createApp({ ctx });
  const slugs = sample(
    (ctx.store.db.prepare("SELECT slug FROM tools").all() as { slug: string }[]).map((r) => r.slug),
    100,
  );
  const names = sample(
    (ctx.store.db.prepare("SELECT name FROM servers").all() as { name: string }[]).map((r) =>
      r.name
    ),
    100,
  );
  const queries = ["meeting notes", "image generation", "postgres", "write blog posts", "seo"];
  // A query no earlier request used (the result cache cannot answer it): a word of a random name.
  const words = sample(
    [
      ...new Set(
        names.concat(slugs).flatMap((n) => n.split(/[^a-z]+/i)).filter((w) => w.length > 3),
      ),
    ],
    1000,
  );
  let freshCount = 0;
  const fresh = (_i: number) => `${words[freshCount++ % words.length]} ${queries[freshCount % 5]}`;
  const pages: [string, (i: number) => string][] = [
    ["/ (popular tools)", () => "/"],
    ["/?q= (tool search, repeated query)", (i) => `/?q=${encodeURIComponent(queries[i % 5]!)}`],
    ["/?q= (tool search, new query)", (i) => `/?q=${encodeURIComponent(fresh(i))}`],
    ["/?kind=servers&q= (new query)", (i) => `/?kind=servers&q=${encodeURIComponent(fresh(i))}`],
    ["/tools/{slug}", (i) => new URL(toolUrl(ctx, slugs[i % slugs.length]!)).pathname],
    ["/servers/{name}", (i) => new URL(serverUrl(ctx, names[i % names.length]!)).pathname],
    ["/llm-prices", () => "/llm-prices"],
    ["/llm-prices?sort=input", () => "/llm-prices?sort=input&dir=desc"],
    ["/taxonomy", () => "/taxonomy"],
    ["/taxonomy/{id}", () => "/taxonomy/build"],
    ["/docs", () => "/docs"],
    ["/docs/guides", () => "/docs/guides"],
    ["/docs/{page} (install-configs, the longest guide)", () => "/docs/install-configs"],
  ];
  console.log(
    `catalog ${catalog}: ${ctx.store.counts().tools} tools, ${ctx.store.counts().servers} servers; ` +
      `embedder ${ctx.embedder?.id ?? "none (lexical search)"}; ${iterations} requests per page`,
  );
  const first = performance.now();
  await (await app.request("/")).text();
  console.log(
    `first request (fills the per-process page cache): ${
      (performance.now() - first).toFixed(1)
    } ms`,
  );
  console.log("| page | p50 ms | p95 ms | KiB |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const [label, path] of pages) {
    for (let i = 0; i < 5; i++) await (await app.request(path(i))).text();
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      const res = await app.request(path(i));
      const body = await res.text();
      times.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`Cannot render ${path(i)}: status ${res.status}`);
      bytes += body.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${label} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} | ${
        (bytes / iterations / 1024).toFixed(0)
      } |`,
    );
  }
  ctx.store.close();
}
