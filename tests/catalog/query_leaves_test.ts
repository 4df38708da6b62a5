import assert from "node:assert/strict";
import {
  keywordLeaves,
  leafIndexOf,
  leafPriorVectors,
  leafVote,
  matchWord,
  PRIOR_LEAVES,
  queryLeafPrior,
} from "../../src/catalog/query_leaves.ts";
import type { Taxonomy } from "../../src/model/taxonomy.ts";

const taxonomy = {
  facets: [{
    id: "create",
    children: [{
      id: "image",
      children: [
        { id: "image-generation", keywords: ["text to image", "image generator"] },
        { id: "photo-editing", keywords: ["retouch"] },
      ],
    }, {
      id: "ops",
      children: [{ id: "scheduling", keywords: ["cron"] }, { id: "bare" }],
    }],
  }],
} as unknown as Taxonomy;

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

Deno.test("matchWord drops a plural s from longer words only", () => {
  assert.equal(matchWord("images"), "image");
  assert.equal(matchWord("sms"), "sms");
  assert.equal(matchWord("class"), "class");
});

Deno.test("keywordLeaves finds a leaf keyword as a run of the query's words, plurals included", () => {
  assert.deepEqual(keywordLeaves(taxonomy, "turn Text to Images for my menu"), [
    "image-generation",
  ]);
  assert.deepEqual(keywordLeaves(taxonomy, "retouch old photos and run a cron job"), [
    "photo-editing",
    "scheduling",
  ]);
  // The words must be adjacent and whole.
  assert.deepEqual(keywordLeaves(taxonomy, "text that turns to an image; croning"), []);
});

Deno.test("queryLeafPrior: 1, 1/2, 1/3 for the nearest leaves, plus the keyword leaves' share", () => {
  const leaves = new Map([
    ["a", unit(1, 0, 0)],
    ["b", unit(1, 1, 0)],
    ["c", unit(1, 2, 0)],
    ["d", unit(0, 0, 1)],
  ]);
  const prior = queryLeafPrior(leaves, unit(1, 0, 0), ["d", "a"], 1);
  assert.equal(PRIOR_LEAVES, 3);
  assert.equal(prior.get("a"), 1 + 0.5);
  assert.equal(prior.get("b"), 1 / 2);
  assert.equal(prior.get("c"), 1 / 3);
  assert.equal(prior.get("d"), 0.5);
  // Without a keyword weight, the keyword leaves add nothing.
  assert.equal(queryLeafPrior(leaves, unit(1, 0, 0), ["d"], 0).get("d"), undefined);
});

Deno.test("leafVote weighs each first result by the DCG discount and shares the total", () => {
  // Results 1-2 in leaf 0, result 3 in leaf 1, result 4 in none.
  const vote = leafVote([0, 0, 1, -1], 2);
  const w = [1, 1 / Math.log2(3), 1 / 2, 1 / Math.log2(5)];
  const total = w.reduce((s, x) => s + x, 0);
  assert.ok(Math.abs(vote[0]! - (w[0]! + w[1]!) / total) < 1e-12);
  assert.ok(Math.abs(vote[1]! - w[2]! / total) < 1e-12);
  assert.deepEqual([...leafVote([], 2)], [0, 0]);
});

Deno.test("leafIndexOf numbers the leaves once per map, -1 for entries without one", () => {
  const leafOf = new Map([[1, "a"], [3, "b"], [4, "a"]]);
  const index = leafIndexOf(leafOf);
  assert.equal(leafIndexOf(leafOf), index);
  assert.deepEqual(index.names, ["a", "b"]);
  assert.deepEqual([...index.of], [-1, 0, -1, 1, 0]);
  assert.equal(index.numbers.get("b"), 1);
});

Deno.test("leafPriorVectors blends each leaf's text with the centroid of its entries", () => {
  const text = new Map([["search", unit(1, 0, 0)], ["wiki", unit(0, 1, 0)], [
    "empty",
    unit(0, 0, 1),
  ]]);
  // Entries 1 and 2 (leaf "search") point along the third axis, entry 3 ("wiki") along the first.
  const matrix = Float32Array.from([0, 0, 1, 0, 0, 1, 1, 0, 0]);
  const index = {
    dimension: 3,
    matrix,
    offsetOf: (id: number) => id >= 1 && id <= 3 ? (id - 1) * 3 : -1,
  };
  const leafOf = new Map([[1, "search"], [2, "search"], [3, "wiki"], [4, "wiki"]]);
  const blended = leafPriorVectors(text, index, leafOf, 0.5);
  assert.deepEqual([...blended.get("search")!].map((x) => x.toFixed(3)), [
    "0.707",
    "0.000",
    "0.707",
  ]);
  assert.deepEqual([...blended.get("wiki")!].map((x) => x.toFixed(3)), ["0.707", "0.707", "0.000"]);
  // A leaf without entries keeps its text; blend 0 or no vectors leave the texts as they are.
  assert.equal(blended.get("empty"), text.get("empty"));
  assert.equal(leafPriorVectors(text, index, leafOf, 0), text);
  assert.equal(leafPriorVectors(text, undefined, leafOf, 0.5), text);
  // Centroids alone: the query nearest the entries' direction finds their leaf first.
  const only = leafPriorVectors(text, { ...index }, leafOf, 1);
  const prior = queryLeafPrior(only, unit(0, 0, 1));
  assert.equal(prior.get("search"), 1);
});
