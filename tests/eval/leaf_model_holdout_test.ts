/**
 * The learned leaf model on real data: trained on part of the hand labels of
 * `data/taxonomy_labels.json`, it must agree with the held-out labels clearly more often than the
 * rules it learns from. Without embeddings, like every real-catalog test.
 */
import assert from "node:assert/strict";
import { Classifier, type EntrySignals, loadCategoryMap } from "../../src/ingest/classify.ts";
import { LeafModel, loadTaxonomyLabels } from "../../src/ingest/leaf_model.ts";
import { realCatalog } from "../_helpers.ts";
import { loadTaxonomy } from "../../src/model/taxonomy.ts";

const TRAIN = 4000;
const TEST = 1500;

Deno.test("the leaf model beats the rules on held-out hand labels of the real catalog", async () => {
  const [{ ctx }, taxonomy, map, labels] = await Promise.all([
    realCatalog(),
    loadTaxonomy(),
    loadCategoryMap(),
    loadTaxonomyLabels(),
  ]);
  const rules = new Classifier(taxonomy, map);
  const leafIndex = new Map(taxonomy.leaves.map((l, i) => [l.id, i]));
  type Row = { signals: EntrySignals; leaf: number; rule: string; label: string };
  const train: Row[] = [];
  const test: Row[] = [];
  // A fixed split by a hash of the id: about one label in five is held out.
  const held = (id: string) =>
    [...id].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  const rows = [
    ...Object.entries(labels.tools).map(([id, leaf]) => ({ kind: "tool" as const, id, leaf })),
    ...Object.entries(labels.servers).map(([id, leaf]) => ({ kind: "server" as const, id, leaf })),
  ];
  for (const { kind, id, leaf } of rows) {
    const into = held(id) % 5 === 0 ? test : train;
    if (into.length >= (into === test ? TEST : TRAIN)) continue;
    const l = leafIndex.get(leaf);
    assert.ok(l !== undefined, `${id}: unknown leaf ${leaf}`);
    let signals: EntrySignals;
    let rule: string;
    if (kind === "tool") {
      const tool = ctx.store.toolBySlug(id);
      assert.ok(tool, `labelled tool ${id} is in the catalog`);
      signals = rules.signals({ kind, tool });
      rule = rules.classifyTool(tool).primary.leafId;
    } else {
      const server = ctx.store.serverByName(id);
      assert.ok(server, `labelled server ${id} is in the catalog`);
      signals = rules.signals({ kind, server });
      rule = rules.classifyServer(server).primary.leafId;
    }
    into.push({ signals, leaf: l, rule, label: leaf });
  }
  assert.ok(test.length >= 500, `held-out labels: ${test.length}`);
  const model = LeafModel.train(train, taxonomy.leaves.length);
  let byRules = 0;
  let byModel = 0;
  for (const row of test) {
    const p = model.probabilities(row.signals);
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    if (best === row.leaf) byModel++;
    if (row.rule === row.label) byRules++;
  }
  const share = (n: number) => n / test.length;
  console.log(
    `held-out labels ${test.length} (trained on ${train.length}): rules ${
      (share(byRules) * 100).toFixed(1)
    }%, ` +
      `model ${(share(byModel) * 100).toFixed(1)}%`,
  );
  assert.ok(share(byModel) >= share(byRules) + 0.04, `model ${byModel} vs rules ${byRules}`);
});
