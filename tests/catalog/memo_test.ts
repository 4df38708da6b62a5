import assert from "node:assert/strict";
import type { CatalogContext } from "../../src/catalog/context.ts";
import { MAX_KEY_LENGTH, memo, RESULT_CACHE_SIZE } from "../../src/catalog/memo.ts";

function context(): CatalogContext {
  return { results: new Map() } as unknown as CatalogContext;
}

Deno.test("memo returns the same object for the same input and computes once", async () => {
  const ctx = context();
  let calls = 0;
  const compute = () => ({ n: ++calls });
  const a = await memo(ctx, "f", { q: "x" }, compute);
  const b = await memo(ctx, "f", { q: "x" }, compute);
  assert.equal(a, b);
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

Deno.test("memo evicts the least recently used entry beyond its size", async () => {
  const ctx = context();
  for (let i = 0; i < RESULT_CACHE_SIZE; i++) await memo(ctx, "f", i, () => i);
  await memo(ctx, "f", 0, () => -1); // touch 0: now the most recent
  await memo(ctx, "f", "new", () => "new");
  assert.equal(ctx.results.size, RESULT_CACHE_SIZE);
  assert.ok(ctx.results.has("f:0"));
  assert.ok(!ctx.results.has("f:1"), "entry 1 was the least recently used");
});
