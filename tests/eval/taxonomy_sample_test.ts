import assert from "node:assert/strict";
import { loadTaxonomy } from "../../src/model/taxonomy.ts";

const taxonomy = await loadTaxonomy();
const leafIds = new Set(taxonomy.leaves.map((l) => l.id));

for (
  const file of [
    "taxonomy_sample.json",
    "taxonomy_sample_2.json",
    "taxonomy_sample_3.json",
    "taxonomy_sample_4.json",
    "taxonomy_sample_5.json",
    "taxonomy_sample_6.json",
    "taxonomy_sample_7.json",
    "taxonomy_sample_8.json",
  ]
) {
  Deno.test(`${file}: 100 judged entries, real leaf ids, and a correct count that adds up`, async () => {
    const sample = JSON.parse(await Deno.readTextFile(new URL(`./${file}`, import.meta.url)));
    assert.equal(sample.entries.length, 100);
    assert.equal(sample.total, 100);
    const correct = sample.entries.filter((e: { correct: boolean }) => e.correct === true).length;
    assert.equal(sample.correct, correct);
    for (const e of sample.entries) {
      assert.ok(leafIds.has(e.predictedLeaf), `${e.id}: predicted ${e.predictedLeaf}`);
      assert.ok(e.judgedLeaf === "" || leafIds.has(e.judgedLeaf), `${e.id}: ${e.judgedLeaf}`);
      assert.equal(typeof e.correct, "boolean", e.id);
      if (e.judgedLeaf !== "") assert.equal(e.correct, e.judgedLeaf === e.predictedLeaf, e.id);
    }
  });
}
