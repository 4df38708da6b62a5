import assert from "node:assert/strict";
import { createApp } from "../../src/http/app.ts";
import { LiveApp } from "../../src/http/live_app.ts";
import type { CatalogContext, SemanticProgress } from "../../src/catalog/context.ts";
import { fixtureContext } from "../fixtures/catalog.ts";

const lexical = await fixtureContext();
const semantic = await fixtureContext({ embed: true });

Deno.test("health says lexical while embeddings are built, with progress", async () => {
  const progress: SemanticProgress = {
    state: "building",
    step: "embedding",
    done: 1200,
    total: 39307,
    textsPerSecond: 61.27,
    etaSeconds: 621.9,
  };
  const app = createApp({ ctx: { ...lexical, semantic: progress } });
  const body = await (await app.request("/api/v1/health")).json();
  assert.deepEqual(body.search, {
    mode: "lexical",
    semantic: "building",
    progress: {
      step: "embedding",
      done: 1200,
      total: 39307,
      textsPerSecond: 61.3,
      etaSeconds: 622,
    },
  });
  const off = await (await createApp({ ctx: lexical }).request("/api/v1/health")).json();
  assert.deepEqual(off.search, { mode: "lexical", semantic: "off", progress: null });
  const failed = { ...progress, state: "failed" as const, error: "disk full" };
  const broken = await (await createApp({ ctx: { ...lexical, semantic: failed } })
    .request("/api/v1/health")).json();
  assert.equal(broken.search.semantic, "failed");
  assert.equal(broken.search.progress.error, "disk full");
});

Deno.test("swapping in the semantic catalog serves every request, before, during and after", async () => {
  const retired: CatalogContext[] = [];
  const live = new LiveApp(lexical, {
    makeApp: (ctx) => createApp({ ctx }),
    retire: (ctx) => retired.push(ctx),
    graceMs: 50,
  });
  const get = async (path: string) => {
    const res = await live.fetch(new Request(`http://test.local${path}`));
    return { status: res.status, body: await res.json() };
  };
  assert.equal((await get("/api/v1/health")).body.search.mode, "lexical");
  // A stream of searches while the catalog is swapped in the middle of them.
  const statuses: number[] = [];
  const modes: string[] = [];
  const stream = (async () => {
    for (let i = 0; i < 60; i++) {
      const [search, health] = await Promise.all([
        get(`/api/v1/servers?q=${encodeURIComponent(`postgres database ${i}`)}`),
        get("/api/v1/health"),
      ]);
      statuses.push(search.status, health.status);
      modes.push(health.body.search.mode);
      await new Promise((r) => setTimeout(r, 1));
    }
  })();
  await new Promise((r) => setTimeout(r, 10));
  live.swap(semantic);
  await stream;
  assert.ok(statuses.every((s) => s === 200), `statuses ${[...new Set(statuses)]}`);
  assert.equal(modes.at(-1), "hybrid");
  assert.equal(modes[0], "lexical");
  assert.equal(live.ctx, semantic);
  await new Promise((r) => setTimeout(r, 120));
  assert.deepEqual(retired, [lexical], "the lexical catalog is retired once, after its requests");
});
