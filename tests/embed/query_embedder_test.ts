import assert from "node:assert/strict";
import { loadUseLite } from "../../src/embed/embedder.ts";
import { MAX_QUERY_BATCH, QueryEmbedder } from "../../src/embed/query_embedder.ts";

Deno.test("the query embedder answers concurrent queries in batches, off the main thread", async () => {
  const embedder = new QueryEmbedder(1);
  try {
    await embedder.embed(["warm-up"]);
    const texts = Array.from({ length: 40 }, (_, i) => `find a database tool number ${i}`);
    // Sent at once, like the queries of concurrent requests: they wait and go in batches.
    const pending = texts.map((t) => embedder.embed([t]));
    assert.ok(embedder.waiting >= texts.length - MAX_QUERY_BATCH, `${embedder.waiting} waiting`);
    const vectors = (await Promise.all(pending)).map(([v]) => v!);
    assert.equal(vectors.length, 40);
    const local = await loadUseLite();
    const [direct] = await local.embed([texts[7]!]);
    assert.equal(vectors[7]!.length, 512);
    for (let j = 0; j < 512; j++) assert.ok(Math.abs(vectors[7]![j]! - direct![j]!) < 1e-5);
  } finally {
    embedder.close();
  }
  await assert.rejects(() => embedder.embed(["after close"]), /closed/);
});
