/**
 * Reviews live in Deno KV by the entry's stable id: a catalog rebuild leaves them in place and a
 * renamed entry keeps them, through the real writer's change tracking.
 *
 * @module
 */
import assert from "node:assert/strict";
import { openAccess } from "../../src/access/access.ts";
import { type CatalogContext, closeContext, newCaches } from "../../src/catalog/context.ts";
import { CatalogStore } from "../../src/catalog/store.ts";
import { writeCatalog } from "../../src/catalog/writer.ts";
import { createApp } from "../../src/http/app.ts";
import { indexTaxonomy } from "../../src/model/taxonomy.ts";
import { PRICES, SERVERS, TOOLS } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const dir = await tempDir({ prefix: "toolatlas-reviews-rebuild-" });
const catalog = `${dir}/catalog.db`;
const access = await openAccess({ kvPath: `${dir}/kv.sqlite3` });
const key = (await access.keys.create("pro", "Rebuild")).secret;

async function build(builtAt: string, tools = TOOLS, servers = SERVERS): Promise<CatalogContext> {
  await writeCatalog(catalog, { tools, servers, prices: PRICES, sources: [], report: {}, builtAt });
  return {
    store: CatalogStore.open(catalog),
    baseUrl: "http://test.local",
    taxonomy: indexTaxonomy([]),
    sources: new Map(),
    ...newCaches(),
  };
}

async function json(app: ReturnType<typeof createApp>, path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  const text = await res.text();
  assert.equal(res.status, 200, `${path}: ${text}`);
  return JSON.parse(text);
}

const review = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
  body: JSON.stringify(body),
});

Deno.test("reviews survive a catalog rebuild and follow a renamed tool and server", async () => {
  let ctx = await build("2026-11-01T00:00:00.000Z");
  let app = createApp({ ctx, access });
  const tool = await json(app, "/api/v1/tools/scribe/reviews", review({ rating: 5 }));
  const server = await json(
    app,
    "/api/v1/servers/io.github.acme/postgres/reviews",
    review({ rating: 2, worked: false }),
  );

  // A rebuild of the same entries: a new catalog file, the same ids, the reviews in place.
  closeContext(ctx);
  ctx = await build("2026-11-02T00:00:00.000Z");
  app = createApp({ ctx, access });
  assert.equal((await json(app, "/api/v1/tools/scribe")).userReviews.aggregate.count, 1);

  // Both entries renamed (same source records): the new keys keep the old ids and reviews.
  closeContext(ctx);
  ctx = await build(
    "2026-11-03T00:00:00.000Z",
    TOOLS.map((t) =>
      t.slug === "scribe" ? { ...t, slug: "scribe-notes", name: "Scribe Notes" } : t
    ),
    SERVERS.map((s) =>
      s.name === "io.github.acme/postgres" ? { ...s, name: "io.github.acme/postgres-mcp" } : s
    ),
  );
  app = createApp({ ctx, access });
  const renamed = await json(app, "/api/v1/tools/scribe-notes");
  assert.equal(renamed.userReviews.aggregate.count, 1);
  assert.equal(renamed.userReviews.newest[0].id, tool.review.id);
  assert.equal((await app.request("/api/v1/tools/scribe")).status, 404);
  const moved = await json(app, "/api/v1/servers/io.github.acme/postgres-mcp");
  assert.deepEqual(moved.userReviews.aggregate.worked, { yes: 0, of: 1 });
  assert.equal(moved.userReviews.newest[0].id, server.review.id);
  const search = await json(app, "/api/v1/tools?q=transcribe");
  const hit = search.results.find((r: { slug: string }) => r.slug === "scribe-notes");
  assert.deepEqual(hit.rating, { mean: 5, count: 1 });
  // Still one review per key and entry: writing under the new slug replaces the old review.
  const again = await json(app, "/api/v1/tools/scribe-notes/reviews", review({ rating: 3 }));
  assert.equal(again.replaced, true);
  assert.equal(again.review.id, tool.review.id);
  assert.equal(again.entry.entryId, tool.entry.entryId);
  closeContext(ctx);
  access.kv.close();
});
