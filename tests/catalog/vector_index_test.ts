import assert from "node:assert/strict";
import { dot } from "../../src/embed/embedder.ts";
import { quantize } from "../../src/embed/int8_scan.ts";
import { gatherRows, rowCosines, VectorIndex } from "../../src/catalog/vector_index.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { mulberry32 } from "../_sample.ts";

const DIM = 512;

/** Unit vectors in clusters, like sentence embeddings: a random centre plus noise per member. */
function clustered(n: number, clusters: number, seed: number): Float32Array {
  const random = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const centres = Array.from({ length: clusters }, () => Float32Array.from({ length: DIM }, gauss));
  const out = new Float32Array(n * DIM);
  for (let i = 0; i < n; i++) {
    const c = centres[i % clusters]!;
    let norm = 0;
    for (let j = 0; j < DIM; j++) {
      const x = c[j]! + 0.8 * gauss();
      out[i * DIM + j] = x;
      norm += x * x;
    }
    for (let j = 0; j < DIM; j++) out[i * DIM + j]! /= Math.sqrt(norm);
  }
  return out;
}

/** Exact k-NN by brute force, ids by cosine similarity. */
function exact(
  ids: Int32Array,
  m: Float32Array,
  q: Float32Array,
  k: number,
  pass = (_: number) => true,
) {
  const all: { id: number; s: number }[] = [];
  for (let r = 0; r < ids.length; r++) {
    if (pass(ids[r]!)) all.push({ id: ids[r]!, s: dot(q, m.subarray(r * DIM, (r + 1) * DIM)) });
  }
  return all.sort((a, b) => b.s - a.s || a.id - b.id).slice(0, k).map((x) => x.id);
}

const N = 6000;
const matrix = clustered(N, 150, 14);
const ids = Int32Array.from({ length: N }, (_, i) => i + 1);
const index = new VectorIndex(ids, matrix, DIM);
const queries = Array.from({ length: 100 }, (_, i) => {
  // A member of a cluster with more noise: near many entries, like a query.
  const q = clustered(1, 1, 1000 + i);
  const base = matrix.subarray((i * 37 % N) * DIM, ((i * 37 % N) + 1) * DIM);
  const v = Float32Array.from(base, (x, j) => x + 0.03 * q[j]!);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
});

Deno.test("the two-stage scan's top 10 matches exact k-NN on at least 95% of queries", () => {
  let same = 0;
  for (const q of queries) {
    const found = index.search(q, 10).map((h) => h.id);
    if (found.join() === exact(ids, matrix, q, 10).join()) same++;
  }
  assert.ok(same >= 95, `top 10 identical on ${same} of ${queries.length} queries`);
});

Deno.test("the two-stage scan returns exact float32 similarities, best first", () => {
  const q = queries[0]!;
  const hits = index.search(q, 200);
  assert.equal(hits.length, 200);
  for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.similarity >= hits[i]!.similarity);
  const v = index.vectorOf(hits[0]!.id)!;
  assert.equal(hits[0]!.similarity, dot(q, v));
});

Deno.test("a filtered search ranks only the rows that pass, as exact k-NN over them does", () => {
  const pass = (id: number) => id % 7 === 0;
  let same = 0;
  for (const q of queries.slice(0, 40)) {
    const hits = index.search(q, 10, { key: "sevens", ids: () => [...ids].filter(pass) });
    assert.ok(hits.every((h) => pass(h.id)));
    if (hits.map((h) => h.id).join() === exact(ids, matrix, q, 10, pass).join()) same++;
  }
  assert.ok(same >= 38, `top 10 identical on ${same} of 40 filtered queries`);
});

Deno.test("excluded ids never come back from an unfiltered search", () => {
  const q = queries[1]!;
  const top = index.search(q, 20).map((h) => h.id);
  const excluded = new Set(top.slice(0, 5));
  const hits = index.search(q, 20, undefined, excluded).map((h) => h.id);
  assert.equal(hits.length, 20);
  assert.ok(hits.every((id) => !excluded.has(id)));
  assert.deepEqual(hits.slice(0, 15), top.slice(5));
});

Deno.test("quantize scales the largest component to ±127", () => {
  const out = new Int8Array(3);
  quantize(Float32Array.from([0.5, -0.25, 0.1]), out);
  assert.deepEqual([...out], [127, -63, 25]); // -63.5 rounds up, as Math.round does
});

Deno.test("vector search on the fixture catalog equals sqlite-vec's exact k-NN", async () => {
  const ctx = await fixtureContext({ embed: true });
  try {
    for (const q of ["postgres database", "generate images", "send messages to slack"]) {
      const [v] = await ctx.embedder!.embed([q]);
      for (const table of ["tools", "servers"] as const) {
        const exactIds = ctx.store.exactKnn(table, v!, 5).map((h) => h.id);
        assert.deepEqual(ctx.store.approximateKnn(table, v!, 5).map((h) => h.id), exactIds);
      }
    }
  } finally {
    ctx.store.close();
  }
});

Deno.test("vectors read from sqlite-vec's chunk tables equal the rows of the vec0 table", async () => {
  const ctx = await fixtureContext({ embed: true });
  for (const table of ["tools", "servers"] as const) {
    const index = ctx.store.vectorIndex(table)!;
    assert.equal(ctx.store.vectorSource(table), "chunks", table);
    const rows = ctx.store.vectorRows(table);
    assert.equal(index.ids.length, rows.length, table);
    for (const [r, row] of rows.entries()) {
      assert.equal(index.ids[r], row.id, `${table} row ${r}`);
      assert.deepEqual(index.vectorOf(row.id), row.vector, `${table} id ${row.id}`);
    }
  }
});

Deno.test("rowCosines of gathered rows equals the dot product of each row, a missing row 0", () => {
  const matrix = clustered(50, 5, 7);
  const query = matrix.slice(3 * DIM, 4 * DIM);
  // Rows 3 (the query itself), 40, none, 17, in that order.
  const offsets = [3 * DIM, 40 * DIM, -1, 17 * DIM];
  const cosines = rowCosines(gatherRows(matrix, offsets, DIM), query, DIM);
  assert.equal(cosines.length, 4);
  offsets.forEach((at, i) => {
    const expected = at < 0 ? 0 : dot(query, matrix.subarray(at, at + DIM));
    assert.ok(Math.abs(cosines[i]! - expected) < 1e-6, `row ${i}: ${cosines[i]} vs ${expected}`);
  });
  assert.ok(Math.abs(cosines[0]! - 1) < 1e-6);
  // A smaller gather after a larger one reuses the buffer: a row without a vector is zeros again.
  const again = rowCosines(gatherRows(matrix, [-1, 3 * DIM], DIM), query, DIM);
  assert.equal(again[0], 0);
  assert.ok(Math.abs(again[1]! - 1) < 1e-6);
  assert.equal(rowCosines(new Float32Array(0), query, DIM).length, 0);
});
