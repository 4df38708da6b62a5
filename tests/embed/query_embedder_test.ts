import assert from "node:assert/strict";
import { loadUseLite } from "../../src/embed/embedder.ts";
import { MAX_QUERY_BATCH, QueryEmbedder } from "../../src/embed/query_embedder.ts";
import { coarseScan, rescoreRows } from "../../src/embed/int8_scan.ts";
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
    const i8 = index.quantized();
    assert.deepEqual([...i8], [...index.int8]);
    embedder.attachIndex("tools", i8, 512);
    assert.equal(i8.length, 0, "the buffer is handed over, not copied");
    const { vector, rows } = await embedder.embedAndScan("a SQL database server", "tools", 3);
    assert.deepEqual([...rows!], [...coarseScan(index.int8, vector, 512, 3)]);
    assert.equal(index.ids[rows![0]!], 11, "the database entry is nearest");
    const none = await embedder.embedAndScan("anything", "servers", 3);
    assert.equal(none.rows, null, "no rows for a table the worker does not hold");
  } finally {
    embedder.close();
  }
});

Deno.test("the query worker rescores on shared vectors exactly as the serving thread does", async () => {
  const local = await loadUseLite();
  const texts = Array.from(
    { length: 60 },
    (_, i) => `tool ${i} for ${["sql", "images", "chat"][i % 3]}`,
  );
  const vectors = await local.embed(texts);
  const shared = new Float32Array(new SharedArrayBuffer(texts.length * 512 * 4));
  vectors.forEach((v, i) => shared.set(v, i * 512));
  const ids = Int32Array.from(texts, (_, i) => 100 + i);
  const index = new VectorIndex(ids, shared, 512);
  const embedder = new QueryEmbedder(1);
  try {
    embedder.attachIndex("tools", index.quantized(), 512, { matrix: index.matrix, ids: index.ids });
    assert.ok(embedder.rescores("tools"));
    const exclude = Int32Array.from([100, 103, 106]);
    const got = await embedder.embedAndScan("a SQL database", "tools", 40, {
      k: 10,
      pool: 30,
      exclude,
    });
    const expected = rescoreRows(got.vector, got.rows!, ids, shared, 10, 30, new Set(exclude));
    assert.deepEqual(got.hits, expected);
    assert.equal(got.hits!.length, 10);
    assert.ok(got.hits!.every((h) => !exclude.includes(h.id)), "excluded ids dropped");
    // The same rows rescored here: the serving thread's own path gives the same neighbours.
    assert.deepEqual(
      got.hits,
      index.rescore(got.vector, got.rows!, 10, new Set(exclude)).slice(0, 10),
    );
    // Not asked, or vectors not shared: no hits.
    assert.equal((await embedder.embedAndScan("images", "tools", 40)).hits, null);
    embedder.attachIndex("servers", index.quantized(), 512, {
      matrix: Float32Array.from(shared),
      ids,
    });
    assert.equal(embedder.rescores("servers"), false, "a copy in ordinary memory is not sent");
    const copy = await embedder.embedAndScan("chat", "servers", 40, { k: 5, pool: 20, exclude });
    assert.equal(copy.hits, null);
    assert.ok(copy.rows!.length > 0);
  } finally {
    embedder.close();
  }
});
