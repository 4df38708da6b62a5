import assert from "node:assert/strict";
import {
  confidentLeaf,
  keywordLeaves,
  LEAF_POSTERIOR,
  leafIndexOf,
  leafPriorVectors,
  leafSimilarities,
  leafVote,
  matchWord,
  PRIOR_LEAVES,
  queryLeafPrior,
  termLeafScores,
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
  const prior = queryLeafPrior(leafSimilarities(leaves, unit(1, 0, 0)), ["d", "a"], 1);
  assert.equal(PRIOR_LEAVES, 3);
  assert.equal(prior.get("a"), 1 + 0.5);
  assert.equal(prior.get("b"), 1 / 2);
  assert.equal(prior.get("c"), 1 / 3);
  assert.equal(prior.get("d"), 0.5);
  // Without a keyword weight, the keyword leaves add nothing.
  assert.equal(
    queryLeafPrior(leafSimilarities(leaves, unit(1, 0, 0)), ["d"], 0).get("d"),
    undefined,
  );
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
  const prior = queryLeafPrior(leafSimilarities(only, unit(0, 0, 1)));
  assert.equal(prior.get("search"), 1);
});

/** 100 entries: ids 0-59 in "calendar", 60-89 in "meetings", 90-99 in "tiny". */
function hundred() {
  const leafOf = new Map<number, string>();
  for (let id = 0; id < 100; id++) {
    leafOf.set(id, id < 60 ? "calendar" : id < 90 ? "meetings" : "tiny");
  }
  return leafIndexOf(leafOf);
}

const ids = (...ranges: [number, number][]) =>
  Int32Array.from(
    ranges.flatMap(([from, to]) => Array.from({ length: to - from }, (_, i) => from + i)),
  );

Deno.test("termLeafScores: positive where a leaf's entries use the query's words more than the catalog", () => {
  const leaves = hundred();
  const calendar = leaves.numbers.get("calendar")!;
  const meetings = leaves.numbers.get("meetings")!;
  const tiny = leaves.numbers.get("tiny")!;
  // "schedule" matches 30 calendar entries and 2 meeting ones; "focus" 5 calendar entries.
  const scores = termLeafScores([ids([0, 30], [60, 62]), ids([0, 5])], leaves, 10);
  assert.ok(scores[calendar]! > 0, "calendar entries say these words more often");
  assert.ok(scores[meetings]! < 0, "meeting entries less often");
  // The tiny leaf matched nothing: smoothing keeps it nearer 0 than a large leaf that missed.
  assert.ok(scores[tiny]! < 0 && scores[tiny]! > scores[meetings]!);
  // One term: the log ratio itself, P(t | leaf) smoothed toward P(t) with mu entries.
  const one = termLeafScores([ids([0, 30], [60, 62])], leaves, 10);
  const p = 32 / 100;
  assert.ok(Math.abs(one[calendar]! - Math.log((30 + 10 * p) / (60 + 10) / p)) < 1e-12);
  // Two terms are divided by √2; no term scores every leaf 0.
  const focus = termLeafScores([ids([0, 5])], leaves, 10);
  assert.ok(Math.abs(scores[calendar]! - (one[calendar]! + focus[calendar]!) / Math.SQRT2) < 1e-12);
  assert.deepEqual([...termLeafScores([], leaves)], [0, 0, 0]);
  assert.equal(LEAF_POSTERIOR.mu, 80);
});

Deno.test("confidentLeaf: a softmax of vector similarity and term scores, words deciding between near leaves", () => {
  const leaves = hundred();
  const n = (l: string) => leaves.numbers.get(l)!;
  const vectors = new Map([
    ["calendar", unit(1, 0.05, 0)],
    ["meetings", unit(1, 0, 0)],
    ["tiny", unit(0, 0, 1)],
  ]);
  const q = unit(1, 0, 0);
  // By the vector alone the query is slightly nearer "meetings", and not surely so.
  const byVector = confidentLeaf(leafSimilarities(vectors, q), [0, 0, 0], leaves)!;
  assert.equal(byVector.leaf, n("meetings"));
  assert.ok(byVector.probability > 0.4 && byVector.probability < 0.6, `${byVector.probability}`);
  // Words used far more by the calendar entries move it there, with high probability.
  const terms = new Float64Array(3);
  terms[n("calendar")] = 1.5;
  terms[n("meetings")] = -1;
  const both = confidentLeaf(leafSimilarities(vectors, q), terms, leaves)!;
  assert.equal(both.leaf, n("calendar"));
  const logit = (l: string) =>
    LEAF_POSTERIOR.similarity * [...q].reduce((s, x, i) => s + x * vectors.get(l)![i]!, 0) +
    LEAF_POSTERIOR.terms * terms[n(l)]!;
  const z = ["calendar", "meetings", "tiny"].reduce((s, l) => s + Math.exp(logit(l)), 0);
  assert.ok(Math.abs(both.probability - Math.exp(logit("calendar")) / z) < 1e-9);
  assert.ok(both.probability > 0.95);
  // Leaves without a vector take no part; with none at all there is no answer.
  assert.equal(
    confidentLeaf(leafSimilarities(new Map([["tiny", unit(0, 0, 1)]]), q), terms, leaves)!.leaf,
    n("tiny"),
  );
  assert.equal(confidentLeaf(new Map(), terms, leaves), undefined);
});
