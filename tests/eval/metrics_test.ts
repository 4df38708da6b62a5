import assert from "node:assert/strict";
import { hitAt, mean, ndcgAt, recallAt, reciprocalRank } from "./metrics.ts";

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);

// Labels: a=3, b=2, c=1; x, y, z unlabelled.
const labels = { a: 3, b: 2, c: 1 };

Deno.test("ndcgAt: the ideal order scores 1", () => {
  close(ndcgAt(["a", "b", "c"], labels, 10), 1, "ideal");
  close(ndcgAt(["a", "b", "c", "x"], labels, 3), 1, "ideal cut at 3");
});

Deno.test("ndcgAt: hand-computed gains 2^rel − 1 with log2 discounts", () => {
  // DCG = (2^2−1)/log2(2) + 0/log2(3) + (2^3−1)/log2(4) = 3 + 0 + 3.5 = 6.5
  // IDCG@3 = 7/1 + 3/log2(3) + 1/2 = 7.5 + 1.8927892607143724 = 9.392789260714372
  const idcg = 7 + 3 / Math.log2(3) + 1 / 2;
  close(ndcgAt(["b", "x", "a"], labels, 3), 6.5 / idcg, "b x a @3");
  // @2: DCG = 3, IDCG@2 = 7 + 3/log2(3)
  close(ndcgAt(["b", "x", "a"], labels, 2), 3 / (7 + 3 / Math.log2(3)), "b x a @2");
  // @1: only the top result counts
  close(ndcgAt(["c", "a"], labels, 1), 1 / 7, "c a @1");
});

Deno.test("ndcgAt: edge cases", () => {
  assert.equal(ndcgAt([], labels, 10), 0);
  assert.equal(ndcgAt(["x", "y"], labels, 10), 0);
  assert.equal(ndcgAt(["a"], {}, 10), 0);
  assert.equal(ndcgAt(["a"], labels, 0), 0);
  // A repeated id is counted once: [a, a] has DCG 7, IDCG@2 = 7 + 3/log2(3).
  close(ndcgAt(["a", "a"], labels, 2), 7 / (7 + 3 / Math.log2(3)), "repeat");
});

Deno.test("recallAt: share of labelled ids within k", () => {
  close(recallAt(["x", "a", "y", "c"], labels, 10), 2 / 3, "2 of 3");
  close(recallAt(["x", "a", "y", "c"], labels, 2), 1 / 3, "1 of 3 within 2");
  assert.equal(recallAt(["a", "a", "a"], labels, 3), 1 / 3);
  assert.equal(recallAt(["x"], labels, 10), 0);
  assert.equal(recallAt(["a"], {}, 10), 0);
});

Deno.test("reciprocalRank: first result with grade ≥ 1", () => {
  assert.equal(reciprocalRank(["a"], labels), 1);
  assert.equal(reciprocalRank(["x", "y", "c"], labels), 1 / 3);
  assert.equal(reciprocalRank(["x", "y", "z"], labels), 0);
  assert.equal(reciprocalRank(["x", "y", "c"], labels, 2), 0);
  assert.equal(reciprocalRank([], labels), 0);
});

Deno.test("hitAt: any grade ≥ 2 within k", () => {
  assert.equal(hitAt(["x", "c", "b"], labels, 3), 1);
  assert.equal(hitAt(["x", "c", "b"], labels, 2), 0, "grade 1 is not a hit");
  assert.equal(hitAt(["a"], labels, 1), 1);
  assert.equal(hitAt([], labels, 3), 0);
});

Deno.test("mean", () => {
  assert.equal(mean([1, 0, 0.5]), 0.5);
  assert.ok(Number.isNaN(mean([])));
});
