import assert from "node:assert/strict";
import type { CatalogContext } from "../../src/catalog/context.ts";
import { ResultCache } from "../../src/catalog/result_cache.ts";
import { encodedJson, MAX_KEY_LENGTH, memo } from "../../src/catalog/memo.ts";

function context(probationBytes = 1024 * 1024, maxBytes = 1024 * 1024): CatalogContext {
  return { results: new ResultCache(probationBytes, maxBytes) } as unknown as CatalogContext;
}

Deno.test("memo returns an equal result for the same input and computes once", async () => {
  const ctx = context();
  let calls = 0;
  const compute = () => ({ n: ++calls, list: [1, "two", null], skipped: undefined });
  const a = await memo(ctx, "f", { q: "x" }, compute);
  const b = await memo(ctx, "f", { q: "x" }, compute);
  assert.deepEqual(b, { n: 1, list: [1, "two", null] });
  assert.equal(calls, 1);
  // Kept as bytes: the first hit decodes a new object that carries the bytes it came from (the
  // REST adapter sends them without encoding again), and later hits share it.
  assert.notEqual(a, b);
  const kept = ctx.results.get('f:{"q":"x"}')!;
  assert.equal(kept.value, b);
  assert.equal(encodedJson(b), kept.bytes, "the kept bytes, not encoded again");
  assert.deepEqual(kept.bytes, encodedJson(a));
  assert.equal(await memo(ctx, "f", { q: "x" }, compute), b);
  assert.equal(calls, 1);
  await memo(ctx, "g", { q: "x" }, compute);
  assert.equal(calls, 2, "another use case name is another key");
});

Deno.test("memo never caches an error", async () => {
  const ctx = context();
  let calls = 0;
  const failing = () => {
    calls++;
    throw new Error("bad input");
  };
  await assert.rejects(() => memo(ctx, "f", { q: "" }, failing), /bad input/);
  await assert.rejects(() => memo(ctx, "f", { q: "" }, failing), /bad input/);
  assert.equal(calls, 2);
  assert.equal(ctx.results.size, 0);
});

Deno.test("memo computes inputs without a JSON form or with a huge key every time", async () => {
  const ctx = context();
  let calls = 0;
  const compute = () => ++calls;
  await memo(ctx, "f", { n: 1n }, compute);
  await memo(ctx, "f", { n: 1n }, compute);
  const big = { q: "x".repeat(MAX_KEY_LENGTH) };
  await memo(ctx, "f", big, compute);
  await memo(ctx, "f", big, compute);
  assert.equal(calls, 4);
  assert.equal(ctx.results.size, 0);
});

Deno.test("memo keeps results seen once within the ring, the newest first", async () => {
  const ctx = context(64 * 1024);
  const result = (i: number) => ({ i, text: "x".repeat(1000) });
  for (let i = 0; i < 100; i++) await memo(ctx, "f", i, () => result(i));
  // Each result is about 1 KB of JSON: some 60 of the 100 fit in the 64 KB ring.
  assert.ok(ctx.results.size >= 55 && ctx.results.size <= 64, `${ctx.results.size} entries`);
  assert.ok(ctx.results.has("f:99") && !ctx.results.has("f:0"));
  let calls = 0;
  assert.deepEqual(await memo(ctx, "f", 99, () => (calls++, result(99))), result(99));
  assert.equal(calls, 0);
});

Deno.test("memo caches primitive results and computes what has no JSON form every time", async () => {
  const ctx = context();
  let calls = 0;
  assert.equal(await memo(ctx, "n", "x", () => ++calls), 1);
  assert.equal(await memo(ctx, "n", "x", () => ++calls), 1);
  assert.equal(await memo(ctx, "u", "x", () => void ++calls), undefined);
  assert.equal(await memo(ctx, "u", "x", () => void ++calls), undefined);
  assert.equal(await memo(ctx, "b", "x", () => ({ big: BigInt(++calls) })).then((r) => r.big), 4n);
  assert.equal(await memo(ctx, "b", "x", () => ({ big: BigInt(++calls) })).then((r) => r.big), 5n);
  assert.equal(calls, 5);
});

Deno.test("encodedJson serializes a result object once", () => {
  const value = { a: 1 };
  const first = encodedJson(value);
  assert.equal(encodedJson(value), first);
  assert.equal(new TextDecoder().decode(first), '{"a":1}');
});

Deno.test("memo computes once for concurrent callers of the same input", async () => {
  const ctx = context();
  let calls = 0;
  const slow = async () => {
    calls++;
    await new Promise((r) => setTimeout(r, 20));
    return { n: calls };
  };
  const results = await Promise.all(Array.from({ length: 8 }, () => memo(ctx, "f", "x", slow)));
  assert.equal(calls, 1);
  assert.ok(results.every((r) => r === results[0]));
  let failures = 0;
  const failing = async () => {
    failures++;
    await new Promise((r) => setTimeout(r, 5));
    throw new Error("bad");
  };
  const settled = await Promise.allSettled([1, 2, 3].map(() => memo(ctx, "g", "y", failing)));
  assert.equal(failures, 1);
  assert.ok(settled.every((s) => s.status === "rejected"));
  await assert.rejects(() => memo(ctx, "g", "y", failing), /bad/);
  assert.equal(failures, 2, "a failure is not cached");
});
