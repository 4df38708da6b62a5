import assert from "node:assert/strict";
import type { EntrySignals } from "../../src/ingest/classify.ts";
import { LeafModel, loadTaxonomyLabels } from "../../src/ingest/leaf_model.ts";
import { tempDir } from "../_temp.ts";

/** Signals over 4 leaves: rule evidence for one leaf (or none) and some token features. */
function signals(features: string[], evidenceFor?: number): EntrySignals {
  const evidence = new Float64Array(4);
  if (evidenceFor !== undefined) evidence[evidenceFor] = 3;
  return { evidence, similarity: undefined, features };
}

function argmax(p: Float64Array): number {
  let best = 0;
  for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
  return best;
}

// Leaf 0 is where the rules point for "rss" entries, but the labels put "podcast" entries in
// leaf 1 whatever the rules say; leaves 2 and 3 follow the rules.
const examples = [
  ...Array.from({ length: 6 }, () => ({ signals: signals(["d:rss"], 0), leaf: 0 })),
  ...Array.from({ length: 6 }, () => ({ signals: signals(["d:rss", "n:podcast"], 0), leaf: 1 })),
  ...Array.from({ length: 6 }, (_, i) => ({ signals: signals([`d:w${i}`], 2), leaf: 2 })),
  ...Array.from({ length: 6 }, (_, i) => ({ signals: signals([`d:v${i}`], 3), leaf: 3 })),
];

Deno.test("the leaf model learns a word the rules miss and keeps following the rules elsewhere", () => {
  const model = LeafModel.train(examples, 4);
  assert.equal(argmax(model.probabilities(signals(["d:rss", "n:podcast"], 0))), 1);
  assert.equal(argmax(model.probabilities(signals(["d:rss"], 0))), 0);
  // Unseen words: the rule evidence decides.
  assert.equal(argmax(model.probabilities(signals(["d:unseen"], 3))), 3);
  assert.equal(argmax(model.probabilities(signals(["d:unseen"], 2))), 2);
  const p = model.probabilities(signals([], 2));
  assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-9);
});

Deno.test("the leaf model drops features seen in fewer than minCount labelled entries", () => {
  // "d:w0".."d:v5" occur once each; "d:rss" 12 times and "n:podcast" 6 times.
  assert.equal(LeafModel.train(examples, 4).vocabularySize, 2);
  assert.equal(LeafModel.train(examples, 4, { minCount: 1 }).vocabularySize, 14);
});

Deno.test("training is deterministic: the same labels give the same probabilities", () => {
  const a = LeafModel.train(examples, 4);
  const b = LeafModel.train(examples, 4);
  const s = signals(["d:rss", "n:podcast"], 2);
  assert.deepEqual(a.probabilities(s), b.probabilities(s));
});

Deno.test("training rejects an empty label set and a leaf out of range", () => {
  assert.throws(() => LeafModel.train([], 4), RangeError);
  assert.throws(() => LeafModel.train([{ signals: signals([]), leaf: 4 }], 4), RangeError);
  assert.throws(() => LeafModel.train([{ signals: signals([]), leaf: -1 }], 4), RangeError);
});

Deno.test("a labels file that is not an object of id → leaf maps is refused with its path", async () => {
  const dir = await tempDir();
  const url = new URL(`file://${dir}/labels.json`);
  await Deno.writeTextFile(
    url,
    JSON.stringify({ version: 1, description: "", tools: [], servers: {} }),
  );
  await assert.rejects(() => loadTaxonomyLabels(url), /tools/);
  await Deno.writeTextFile(
    url,
    JSON.stringify({ version: 1, description: "d", tools: {}, servers: { a: "b" } }),
  );
  assert.equal((await loadTaxonomyLabels(url)).servers.a, "b");
  await Deno.remove(dir, { recursive: true });
});
