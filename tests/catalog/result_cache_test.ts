import assert from "node:assert/strict";
import { ResultCache } from "../../src/catalog/result_cache.ts";

const encoder = new TextEncoder();
/** Ring bytes a result takes: its JSON, twice its key's length and 64. */
const span = (key: string, size: number) => size + 2 * key.length + 64;
/** A JSON result of exactly `size` bytes. */
function json(i: number, size = 100): Uint8Array {
  const head = `{"i":${i},"pad":"`;
  return encoder.encode(head + "x".repeat(size - head.length - 2) + '"}');
}

Deno.test("a result seen once is decoded at its first hit and shared by later hits", () => {
  const cache = new ResultCache(1000, 10_000);
  cache.admit("a", json(1));
  assert.equal(cache.probationSize, 1);
  const first = cache.get("a")!;
  assert.equal((first.value as { i: number }).i, 1);
  assert.deepEqual(first.bytes, json(1));
  assert.equal(cache.probationSize, 0, "moved to the decoded results");
  assert.equal(cache.get("a"), first);
  assert.equal(cache.get("b"), undefined);
});

Deno.test("the ring overwrites its oldest results first and keeps the bytes of the rest intact", () => {
  const cache = new ResultCache(10 * span("k10", 100), 100_000);
  for (let i = 10; i < 35; i++) cache.admit(`k${i}`, json(i));
  // 25 results in a ring of 10: the last 10 are there, after two laps and a half.
  assert.equal(cache.probationSize, 10);
  assert.ok(!cache.has("k24") && cache.has("k25") && cache.has("k34"));
  for (let i = 25; i < 35; i++) assert.equal((cache.get(`k${i}`)!.value as { i: number }).i, i);
});

Deno.test("results of other sizes wrap around the ring without losing a newer one", () => {
  const cache = new ResultCache(1000, 100_000);
  const sizes = [130, 90, 170, 70, 150, 180, 60, 120, 160, 110, 95, 175];
  sizes.forEach((size, i) => cache.admit(`k${i}`, json(i, size)));
  // Whatever was overwritten, the newest results are kept and decode to what was written.
  const kept = sizes.map((_, i) => i).filter((i) => cache.has(`k${i}`));
  assert.ok(kept.includes(sizes.length - 1));
  assert.deepEqual(kept, kept.map((_, j) => kept[0]! + j), "a run of the newest");
  assert.ok(kept.reduce((n, i) => n + span(`k${i}`, sizes[i]!), 0) <= 1000);
  for (const i of kept) {
    const hit = cache.get(`k${i}`)!;
    assert.equal((hit.value as { i: number }).i, i);
    assert.equal(hit.bytes.byteLength, sizes[i]);
  }
});

Deno.test("a result taking more than a quarter of the ring is not kept", () => {
  const cache = new ResultCache(4 * span("xx", 200), 10_000);
  cache.admit("xx", json(1, 201));
  assert.ok(!cache.has("xx"));
  cache.admit("xx", json(2, 200));
  assert.ok(cache.has("xx"));
});

Deno.test("tiny results count their keys, so the ring's index stays bounded", () => {
  const cache = new ResultCache(10_000, 10_000);
  for (let i = 0; i < 10_000; i++) cache.admit(`key-${i}`, json(i, 20));
  assert.ok(cache.probationSize <= 10_000 / span("key-0000", 20), `${cache.probationSize} kept`);
});

Deno.test("a decoded result evicted from its budget goes back to the ring as bytes", () => {
  // Each decoded 100-byte result counts 3 × 100 + 2 × 2 + 200 = 504 bytes: two fit in 1,100.
  const cache = new ResultCache(1000, 1100);
  for (const k of ["a1", "b1", "c1"]) cache.admit(k, json(Number(k[0]!.charCodeAt(0))));
  const a = cache.get("a1")!;
  cache.get("b1");
  assert.equal(cache.probationSize, 1);
  cache.get("c1"); // evicts a1, the least recently used decoded result
  assert.equal(cache.probationSize, 1, "a1 is in the ring again");
  assert.ok(cache.protectedSize <= 1100);
  const again = cache.get("a1")!;
  assert.notEqual(again, a, "decoded again");
  assert.deepEqual(again.value, a.value);
});

Deno.test("admitting a key again replaces it, and clear empties both parts", () => {
  const cache = new ResultCache(1000, 10_000);
  cache.admit("a", json(1));
  cache.get("a");
  cache.admit("a", json(2));
  assert.equal((cache.get("a")!.value as { i: number }).i, 2);
  cache.admit("b", json(3));
  cache.clear();
  assert.equal(cache.size, 0);
  assert.equal(cache.get("a"), undefined);
  cache.admit("c", json(4));
  assert.equal((cache.get("c")!.value as { i: number }).i, 4);
});

Deno.test("a ring of a negative size is refused", () => {
  assert.throws(() => new ResultCache(-1, 10), RangeError);
});
