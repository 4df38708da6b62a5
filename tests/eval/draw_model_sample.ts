/**
 * Draws a sample for judging the learned leaf model on entries it was not trained on:
 * `tools` AI tools and `servers` MCP servers picked at random (mulberry32 seed) among the
 * hand-labelled entries of a built catalog, a model trained on every other label (at most
 * `MAX_TRAINING_LABELS`, spread like the ingest's), and its prediction for each picked entry,
 * with embedding similarity when the catalog holds vectors. The output has the shape of
 * `taxonomy_sample*.json`; the judge fills in `judgedLeaf`, `correct` and `note`, without the
 * hand label, which the file does not contain.
 *
 * Usage: `deno run --allow-read --allow-ffi --allow-env tests/eval/draw_model_sample.ts SEED
 * [TOOLS] [SERVERS] > sample.json`; the catalog is `TOOLATLAS_CATALOG` or `data/catalog.db`.
 *
 * @module
 */
import { CatalogStore } from "../../src/catalog/store.ts";
import { MAX_TRAINING_LABELS } from "../../src/ingest/build.ts";
import { Classifier, type EntrySignals, loadCategoryMap } from "../../src/ingest/classify.ts";
import { LeafModel, loadTaxonomyLabels } from "../../src/ingest/leaf_model.ts";
import { mulberry32, shuffled } from "../_sample.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import { loadTaxonomy } from "../../src/model/taxonomy.ts";
import type { CatalogTool } from "../../src/model/tool.ts";

if (import.meta.main) {
  const seed = Number(Deno.args[0] ?? "20261201");
  const nTools = Number(Deno.args[1] ?? "40");
  const nServers = Number(Deno.args[2] ?? "60");
  const store = CatalogStore.open(Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db");
  const [taxonomy, map, labels] = await Promise.all([
    loadTaxonomy(),
    loadCategoryMap(),
    loadTaxonomyLabels(),
  ]);
  const leafEmbeddings = store.leafVectors();
  const rules = new Classifier(taxonomy, map, leafEmbeddings.size ? { leafEmbeddings } : {});
  const leafIndex = new Map(taxonomy.leaves.map((l, i) => [l.id, i]));
  const random = mulberry32(seed);
  const toolIds = shuffled(Object.keys(labels.tools), random);
  const serverIds = shuffled(Object.keys(labels.servers), random);
  const picked = [
    ...toolIds.slice(0, nTools).map((id) => ({ kind: "tool" as const, id })),
    ...serverIds.slice(0, nServers).map((id) => ({ kind: "server" as const, id })),
  ];
  const rest = [
    ...toolIds.slice(nTools).map((id) => ({ kind: "tool" as const, id })),
    ...serverIds.slice(nServers).map((id) => ({ kind: "server" as const, id })),
  ];
  const step = Math.max(1, rest.length / MAX_TRAINING_LABELS);
  const signalsOf = ({ kind, id }: { kind: "tool" | "server"; id: string }): EntrySignals =>
    kind === "tool"
      ? rules.signals(
        { kind, tool: store.toolBySlug(id)! },
        store.vectorOf("tools", store.toolId(id)!),
      )
      : rules.signals(
        { kind, server: store.serverByName(id)! },
        store.vectorOf("servers", store.serverId(id)!),
      );
  const examples = [];
  for (let k = 0; k < rest.length && examples.length < MAX_TRAINING_LABELS; k += step) {
    const e = rest[Math.floor(k)]!;
    const leaf = leafIndex.get(e.kind === "tool" ? labels.tools[e.id]! : labels.servers[e.id]!);
    if (leaf !== undefined) examples.push({ signals: signalsOf(e), leaf });
  }
  const model = LeafModel.train(examples, taxonomy.leaves.length);
  const withModel = new Classifier(taxonomy, map, {
    ...(leafEmbeddings.size ? { leafEmbeddings } : {}),
    model,
  });
  const entries = picked.map((e) => {
    const doc = e.kind === "tool" ? store.toolBySlug(e.id)! : store.serverByName(e.id)!;
    const c = e.kind === "tool"
      ? withModel.classifyTool(doc as CatalogTool, store.vectorOf("tools", store.toolId(e.id)!))
      : withModel.classifyServer(
        doc as CatalogServer,
        store.vectorOf("servers", store.serverId(e.id)!),
      );
    return {
      kind: e.kind,
      id: e.id,
      name: e.kind === "tool" ? doc.name : ((doc as { title?: string }).title ?? doc.name),
      description: doc.description,
      categories: doc.categories ?? [],
      predictedLeaf: c.primary.leafId,
      method: c.primary.method,
      score: c.primary.score,
      judgedLeaf: "",
      correct: null,
      note: "",
    };
  });
  console.log(JSON.stringify({ seed, trainedOn: examples.length, entries }, null, 1));
  store.close();
}
