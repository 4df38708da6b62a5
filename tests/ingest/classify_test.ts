import assert from "node:assert/strict";
import {
  type CategoryMap,
  type ClassifiableServer,
  type ClassifiableTool,
  Classifier,
  loadCategoryMap,
} from "../../src/ingest/classify.ts";
import { LeafModel } from "../../src/ingest/leaf_model.ts";
import { loadTaxonomy } from "../../src/model/taxonomy.ts";

const taxonomy = await loadTaxonomy();
const map = await loadCategoryMap();
const classifier = new Classifier(taxonomy, map);

function tool(fields: Partial<ClassifiableTool>): ClassifiableTool {
  return {
    name: "X",
    description: "",
    categories: [],
    tags: [],
    keyFeatures: [],
    useCases: [],
    ...fields,
  } as ClassifiableTool;
}

function server(fields: Partial<ClassifiableServer>): ClassifiableServer {
  return { name: "io.example/x", title: "x", description: "", categories: [], tags: [], ...fields };
}

Deno.test("a source category label in the map decides a tool's leaf", () => {
  const c = classifier.classifyTool(
    tool({ name: "Pixelmuse", categories: ["Image Generator"], description: "Make pictures." }),
  );
  assert.equal(map.labels["image generator"], "image-generation");
  assert.equal(c.primary.leafId, "image-generation");
  assert.equal(c.primary.method, "category_map");
  assert.equal(c.primary.facetId, "create");
});

Deno.test("a product name in a server's name places it by keywords", () => {
  const c = classifier.classifyServer(
    server({ name: "io.github.acme/postgres-mcp", title: "Postgres MCP", description: "Run SQL." }),
  );
  assert.equal(c.primary.leafId, "relational-databases");
  assert.equal(c.primary.method, "keywords");
  // "SQL" also speaks for text-to-SQL, so the margin (and the score) is moderate.
  assert.ok(c.primary.score > 0.3 && c.primary.score < 1, `score ${c.primary.score}`);
});

Deno.test("'for AI agents' boilerplate does not make a server an agent builder", () => {
  const c = classifier.classifyServer(
    server({
      name: "io.example/stillup",
      description: "Uptime checks and metrics for your sites, for AI agents and AI assistants.",
    }),
  );
  assert.notEqual(c.primary.leafId, "agent-builders");
  assert.equal(c.primary.leafId, "metrics-apm");
});

Deno.test("an entry without evidence gets the per-kind fallback, marked as such", () => {
  const t = classifier.classifyTool(tool({ name: "Zzqx", description: "Qwv blorp." }));
  assert.equal(t.primary.leafId, map.fallback.tools);
  assert.equal(t.primary.method, "fallback");
  assert.equal(t.primary.score, 0.05);
  const s = classifier.classifyServer(server({ name: "io.example/zzqx", description: "" }));
  assert.equal(s.primary.leafId, map.fallback.servers);
  assert.equal(s.secondary.length, 0);
});

Deno.test("secondary leaves are at most two, distinct, best first", () => {
  const c = classifier.classifyServer(
    server({
      name: "io.example/devops-hub",
      title: "Slack GitHub Sentry",
      description: "Post Sentry errors to Slack and open GitHub issues, with Grafana metrics.",
      categories: ["Developer Tools"],
    }),
  );
  assert.ok(c.secondary.length <= 2);
  const ids = [c.primary.leafId, ...c.secondary.map((a) => a.leafId)];
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(c.secondary.length > 0, "Sentry, Slack and GitHub each speak for a leaf");
  const scores = c.secondary.map((a) => a.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
  for (const score of scores) assert.ok(score > 0 && score <= 1);
});

Deno.test("embedding evidence breaks a tie but does not outvote a keyword", () => {
  const leafVector = (id: string) => {
    const v = new Float32Array(4);
    v[["weather-data", "relational-databases", "image-generation"].indexOf(id) + 1] = 1;
    return v;
  };
  const leafEmbeddings = new Map(
    ["weather-data", "relational-databases", "image-generation"].map((id) => [id, leafVector(id)]),
  );
  const withEmbeddings = new Classifier(taxonomy, map, { leafEmbeddings });
  const near = leafVector("weather-data");
  // No words at all: the embedding alone places it.
  const vague = withEmbeddings.classifyServer(server({ name: "io.example/q" }), near);
  assert.equal(vague.primary.leafId, "weather-data");
  assert.equal(vague.primary.method, "embedding");
  // A name keyword wins over an embedding pointing elsewhere.
  const named = withEmbeddings.classifyServer(
    server({ name: "io.example/postgres", title: "postgres" }),
    near,
  );
  assert.equal(named.primary.leafId, "relational-databases");
});

Deno.test("a map naming an unknown leaf is refused", () => {
  const bad: CategoryMap = { ...map, labels: { ...map.labels, "odd label": "no-such-leaf" } };
  assert.throws(() => new Classifier(taxonomy, bad), RangeError);
});

Deno.test("a hand label becomes the primary with method label and score 1", () => {
  const c = classifier.classifyServer(
    server({ name: "io.github.acme/postgres-mcp", title: "Postgres MCP", description: "Run SQL." }),
    undefined,
    "text-to-sql",
  );
  assert.equal(c.primary.leafId, "text-to-sql");
  assert.equal(c.primary.method, "label");
  assert.equal(c.primary.score, 1);
  assert.ok(c.secondary.every((a) => a.leafId !== "text-to-sql"));
  // An unknown label id is ignored.
  const unknown = classifier.classifyServer(
    server({ name: "io.github.acme/postgres-mcp", title: "Postgres MCP", description: "Run SQL." }),
    undefined,
    "no-such-leaf",
  );
  assert.equal(unknown.primary.leafId, "relational-databases");
});

Deno.test("signals give per-leaf rule evidence and prefixed token features", () => {
  const s = classifier.signals({
    kind: "server",
    server: server({
      name: "io.github.acme/postgres-mcp",
      title: "Postgres MCP",
      description: "Run SQL queries.",
    }),
  });
  assert.equal(s.evidence.length, taxonomy.leaves.length);
  const rel = taxonomy.leaves.findIndex((l) => l.id === "relational-databases");
  assert.ok(s.evidence[rel]! > 0);
  assert.equal(s.similarity, undefined);
  for (const f of ["k:servers", "n:postgres", "d:sql", "b:sql query"]) {
    assert.ok(s.features.includes(f), `${f} in ${s.features.join(" ")}`);
  }
});

Deno.test("with a trained model, a word learned from labels overrides the rules (method model)", () => {
  const signalsOf = (description: string) =>
    classifier.signals({ kind: "server", server: server({ name: "io.example/x", description }) });
  const leaf = (id: string) => taxonomy.leaves.findIndex((l) => l.id === id);
  // Labels say that "zorblax" servers are weather data, whatever else they mention.
  const examples = [
    ...Array.from({ length: 8 }, (_, i) => ({
      signals: signalsOf(`Zorblax feed ${i} for SQL tables.`),
      leaf: leaf("weather-data"),
    })),
    ...Array.from({ length: 8 }, (_, i) => ({
      signals: signalsOf(`Query SQL tables ${i}.`),
      leaf: leaf("relational-databases"),
    })),
  ];
  const model = LeafModel.train(examples, taxonomy.leaves.length);
  const withModel = new Classifier(taxonomy, map, { model });
  const c = withModel.classifyServer(
    server({ name: "io.example/z", description: "Zorblax SQL tables." }),
  );
  assert.equal(c.primary.leafId, "weather-data");
  assert.equal(c.primary.method, "model");
  assert.ok(c.primary.score > 0 && c.primary.score <= 1);
  const plain = withModel.classifyServer(
    server({ name: "io.example/q", description: "Query SQL tables." }),
  );
  assert.notEqual(plain.primary.leafId, "weather-data");
});
