import assert from "node:assert/strict";
import { loadUseLite } from "../../src/embed/embedder.ts";
import { MAX_QUERY_BATCH, QueryEmbedder } from "../../src/embed/query_embedder.ts";
import { coarseScan } from "../../src/embed/int8_scan.ts";
import { VectorIndex } from "../../src/catalog/vector_index.ts";

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

Deno.test("the query worker runs the coarse vector scan on its copy of a table", async () => {
  const local = await loadUseLite();
  const texts = ["postgres database", "image generator", "send slack messages", "weather"];
  const vectors = await local.embed(texts);
  const matrix = new Float32Array(texts.length * 512);
  vectors.forEach((v, i) => matrix.set(v, i * 512));
  const index = new VectorIndex(Int32Array.from([11, 12, 13, 14]), matrix, 512);
  const embedder = new QueryEmbedder(1);
  try {
    embedder.attachIndex("tools", index.int8, 512);
    const { vector, rows } = await embedder.embedAndScan("a SQL database server", "tools", 3);
    assert.deepEqual([...rows!], [...coarseScan(index.int8, vector, 512, 3)]);
    assert.equal(index.ids[rows![0]!], 11, "the database entry is nearest");
    const none = await embedder.embedAndScan("anything", "servers", 3);
    assert.equal(none.rows, null, "no rows for a table the worker does not hold");
  } finally {
    embedder.close();
  }
});
