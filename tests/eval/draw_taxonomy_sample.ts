/**
 * Draws a random sample of classified entries from a built catalog for hand judgement:
 * `tools` AI tools and `servers` MCP servers picked with the mulberry32 generator from a seed, each
 * with its text and the primary leaf the ingest gave it. The judge then fills in `judgedLeaf`,
 * `correct` and `note` (see `taxonomy_sample*.json`).
 *
 * Usage: `deno run --allow-read --allow-ffi --allow-env tests/eval/draw_taxonomy_sample.ts SEED
 * [TOOLS] [SERVERS] > sample.json`; the catalog is `TOOLATLAS_CATALOG` or `data/catalog.db`.
 *
 * @module
 */
import { CatalogStore } from "../../src/catalog/store.ts";
import { mulberry32 } from "../_sample.ts";

/**
 * Picks `k` distinct integers in `[1, n]` (row ids) without replacement.
 *
 * @param random generator of floats in [0, 1)
 * @param n population size
 * @param k sample size (at most `n`)
 * @returns the picks, in draw order
 */
export function pick(random: () => number, n: number, k: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(k, n)) chosen.add(1 + Math.floor(random() * n));
  return [...chosen];
}

if (import.meta.main) {
  const seed = Number(Deno.args[0] ?? "20261123");
  const nTools = Number(Deno.args[1] ?? "40");
  const nServers = Number(Deno.args[2] ?? "60");
  const store = CatalogStore.open(Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db");
  const random = mulberry32(seed);
  const counts = store.counts();
  const entries = [
    ...store.toolsByIds(pick(random, counts.tools, nTools)).map((t) => ({
      kind: "tool",
      id: t.slug,
      name: t.name,
      description: t.description,
      categories: t.categories ?? [],
      taxonomy: t.taxonomy,
    })),
    ...store.serversByIds(pick(random, counts.servers, nServers)).map((s) => ({
      kind: "server",
      id: s.name,
      name: s.title ?? s.name,
      description: s.description,
      categories: s.categories ?? [],
      taxonomy: s.taxonomy,
    })),
  ].map(({ taxonomy, ...e }) => ({
    ...e,
    predictedLeaf: taxonomy?.primary.leafId ?? null,
    method: taxonomy?.primary.method ?? null,
    score: taxonomy?.primary.score ?? null,
    judgedLeaf: "",
    correct: null,
    note: "",
  }));
  console.log(
    JSON.stringify({ seed, drawnAt: new Date().toISOString().slice(0, 10), entries }, null, 1),
  );
  store.close();
}
