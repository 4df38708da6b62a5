/**
 * What users' reviews add to reading details (issue 33: at most 2 ms at p50): REST details and
 * site pages of tools and servers of the real catalog, each read in-process (`app.request`) with
 * and without the review store attached, in alternating order, so both see the same caches and
 * the same load. The review store is a Deno KV file (SQLite, as `data/kv.sqlite3` in production)
 * seeded with 25 reviews on each of 100 tools and 100 servers (5,000 reviews); every entry read
 * has reviews, so each read is a full one (aggregate counters and the newest five).
 *
 * ```sh
 * deno run --unstable-kv -A bench/reviews.ts [rounds]   # TOOLATLAS_CATALOG or data/catalog.db
 * ```
 *
 * Prints, per surface, the p50 and p90 without and with reviews and of the paired difference.
 *
 * @module
 */
import { serverPath } from "../src/catalog/context.ts";
import { type CatalogContext, newCaches } from "../src/catalog/context.ts";
import { CatalogStore } from "../src/catalog/store.ts";
import { createApp } from "../src/http/app.ts";
import { loadTaxonomy } from "../src/model/taxonomy.ts";
import type { SourceInfo } from "../src/model/source.ts";
import { CLIENT_IDS } from "../src/model/install.ts";
import { ReviewStore } from "../src/reviews/review_store.ts";
import { seededSample } from "../tests/_sample.ts";

/** Percentile of sorted samples (nearest rank). */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const REVIEWS_PER_ENTRY = 25;
const ENTRIES = 100;
const TEXT = "Set it up in a few minutes; it did what the page says. ".repeat(5);

if (import.meta.main) {
  const rounds = Number(Deno.args[0] ?? 400);
  const catalog = Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";
  const store = CatalogStore.open(catalog);
  const ctx: CatalogContext = {
    store,
    baseUrl: "http://localhost:8000",
    taxonomy: await loadTaxonomy(),
    sources: new Map(
      (JSON.parse(store.meta("sources") ?? "[]") as SourceInfo[]).map((s) => [s.id, s]),
    ),
    ...newCaches(),
  };
  const dir = await Deno.makeTempDir({ prefix: "toolatlas-bench-reviews-" });
  const kv = await Deno.openKv(`${dir}/kv.sqlite3`);
  const reviews = new ReviewStore(kv, { writesPerDay: Number.MAX_SAFE_INTEGER });
  const app = createApp({ ctx, reviews });
  const slugs = seededSample(
    (store.db.prepare("SELECT slug FROM tools").all() as { slug: string }[]).map((r) => r.slug),
    ENTRIES,
    42,
  );
  const names = seededSample(
    (store.db.prepare("SELECT name FROM servers").all() as { name: string }[]).map((r) => r.name),
    ENTRIES,
    42,
  );
  const seedStart = performance.now();
  for (const [kind, keys] of [["tool", slugs], ["server", names]] as const) {
    for (const key of keys) {
      const entryId = store.entryId(kind, key);
      await Promise.all(
        Array.from(
          { length: REVIEWS_PER_ENTRY },
          (_, i) =>
            reviews.put({ kind, entryId, keyId: `key_bench${i}` }, key, {
              rating: 1 + (i * 7) % 5,
              title: `Review ${i}`,
              text: TEXT,
              worked: kind === "server" ? i % 3 !== 0 : null,
              client: kind === "server" ? CLIENT_IDS[i % CLIENT_IDS.length]! : null,
              version: null,
            }),
        ),
      );
    }
  }
  console.log(
    `catalog ${catalog}; KV ${dir}/kv.sqlite3 seeded with ${
      2 * ENTRIES * REVIEWS_PER_ENTRY
    } reviews in ${
      ((performance.now() - seedStart) / 1000).toFixed(1)
    } s; ${rounds} reads per surface and mode`,
  );
  const surfaces: [string, (i: number) => string][] = [
    ["GET /api/v1/tools/{slug}", (i) => `/api/v1/tools/${encodeURIComponent(slugs[i % ENTRIES]!)}`],
    ["GET /api/v1/servers/{name}", (i) => `/api/v1${serverPath(names[i % ENTRIES]!)}`],
    ["page /tools/{slug}", (i) => `/tools/${encodeURIComponent(slugs[i % ENTRIES]!)}`],
    ["page /servers/{name}", (i) => serverPath(names[i % ENTRIES]!)],
    [
      "GET /api/v1/tools?q= (10 results)",
      (i) => `/api/v1/tools?q=${encodeURIComponent(slugs[i % ENTRIES]!.split("-")[0]!)}`,
    ],
  ];
  const read = async (path: string, withReviews: boolean): Promise<number> => {
    if (withReviews) ctx.reviews = reviews;
    else delete ctx.reviews;
    const t = performance.now();
    const res = await app.request(path);
    await res.arrayBuffer();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`Cannot read ${path}: status ${res.status}`);
    return ms;
  };
  console.log(
    "| surface | p50 without | p50 with | p50 added | p90 without | p90 with | p90 added |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [label, path] of surfaces) {
    // Warm-up: every entry once in both modes (per-entry caches, JIT).
    for (let i = 0; i < ENTRIES; i++) {
      await read(path(i), false);
      await read(path(i), true);
    }
    const without: number[] = [];
    const withR: number[] = [];
    const added: number[] = [];
    for (let i = 0; i < rounds; i++) {
      // Alternate which mode goes first, so neither profits from the other's warm caches.
      let off: number, on: number;
      if (i % 2 === 0) {
        on = await read(path(i), true);
        off = await read(path(i), false);
      } else {
        off = await read(path(i), false);
        on = await read(path(i), true);
      }
      without.push(off);
      withR.push(on);
      added.push(on - off);
    }
    for (const xs of [without, withR, added]) xs.sort((x, y) => x - y);
    const f = (x: number) => x.toFixed(2);
    console.log(
      `| ${label} | ${f(percentile(without, 50))} | ${f(percentile(withR, 50))} | ${
        f(percentile(added, 50))
      } | ${f(percentile(without, 90))} | ${f(percentile(withR, 90))} | ${
        f(percentile(added, 90))
      } |`,
    );
  }
  // The store read alone (aggregate counters and the newest five, in parallel).
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await reviews.userReviews("tool", store.entryId("tool", slugs[i % ENTRIES]!), 5);
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  console.log(
    `ReviewStore.userReviews alone: p50 ${percentile(times, 50).toFixed(3)} ms, p90 ${
      percentile(times, 90).toFixed(3)
    } ms`,
  );
  kv.close();
  store.close();
  await Deno.remove(dir, { recursive: true });
}
