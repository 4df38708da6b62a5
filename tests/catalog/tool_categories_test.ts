import assert from "node:assert/strict";
import { newCaches } from "../../src/catalog/context.ts";
import { CatalogStore } from "../../src/catalog/store.ts";
import { categoryFilterKeys, toolCategoryAliases } from "../../src/catalog/tool_categories.ts";
import { writeCatalog } from "../../src/catalog/writer.ts";
import { createApp } from "../../src/http/app.ts";
import { applyToolCategories } from "../../src/ingest/tool_categories.ts";
import { fixtureContext, tool } from "../fixtures/catalog.ts";
import { expectProblem, getJson } from "../_http.ts";
import { tempDir } from "../_temp.ts";

/** Tools as the merge gives them (the sources' labels), then as the ingest writes them. */
const { tools } = applyToolCategories([
  tool({
    slug: "pix",
    name: "Pix",
    category: "Image Generators",
    categories: ["Image Generators"],
  }),
  tool({
    slug: "arty",
    name: "Arty",
    category: "Art",
    categories: ["Art", "Photo & Image Editing"],
  }),
  tool({ slug: "drawer", name: "Drawer", category: "Image", categories: ["Image"] }),
  tool({ slug: "minutes", name: "Minutes", category: "Meeting", categories: ["Meeting"] }),
  tool({
    slug: "recall",
    name: "Recall",
    category: "Meeting Assistants",
    categories: ["Meeting Assistants", "Transcriber"],
  }),
  tool({ slug: "queryai", name: "QueryAI", category: "SQL", categories: ["SQL"] }),
]);

const fixture = await fixtureContext();
const dir = await tempDir({ prefix: "toolatlas-categories-" });
await writeCatalog(`${dir}/catalog.db`, {
  tools,
  servers: [],
  prices: [],
  sources: [],
  report: {},
  builtAt: "2026-11-29T00:00:00.000Z",
});
const ctx = { ...fixture, store: CatalogStore.open(`${dir}/catalog.db`), ...newCaches() };
const app = createApp({ ctx });
const get = (path: string) => getJson(app, path);
const slugs = (body: { results: { slug: string }[] }) => body.results.map((r) => r.slug).sort();

Deno.test("GET /api/v1/categories lists the canonical categories with counts and aliases", async () => {
  const { res, body } = await get("/api/v1/categories");
  assert.equal(res.status, 200);
  assert.deepEqual(
    body.categories.map((c: { name: string; toolCount: number }) => [c.name, c.toolCount]),
    [["Image Generation", 3], ["Meeting Assistant", 2], ["SQL & Database", 1]],
  );
  const image = body.categories[0];
  assert.equal(image.slug, "image-generation");
  assert.ok(image.aliases.includes("image generators") && image.aliases.includes("art"));
  // Every count is the total of a search by the category's slug (also with "&" in the name).
  for (const c of body.categories) {
    const search = await get(`/api/v1/tools?category=${encodeURIComponent(c.slug)}`);
    assert.equal(search.body.total, c.toolCount, c.slug);
  }
});

Deno.test("GET /api/v1/tools?category= accepts a canonical name, its slug or an old label", async () => {
  for (
    const value of ["Image Generation", "image-generation", "Image Generators", "ART", "images"]
  ) {
    const { res, body } = await get(`/api/v1/tools?category=${encodeURIComponent(value)}`);
    assert.equal(res.status, 200, value);
    assert.deepEqual(slugs(body), ["arty", "drawer", "pix"], value);
    for (const r of body.results) assert.equal(r.category, "Image Generation");
  }
  const meeting = await get("/api/v1/tools?category=meeting%20assistants");
  assert.deepEqual(slugs(meeting.body), ["minutes", "recall"]);
  // The sources' words stay searchable as tags.
  const recall = meeting.body.results.find((r: { slug: string }) => r.slug === "recall");
  assert.deepEqual(recall.tags, ["Meeting Assistants", "Transcriber"]);
});

Deno.test("GET /api/v1/tools?category= with an unknown category is empty, a bad one a 400", async () => {
  const { res, body } = await get("/api/v1/tools?category=Quantum%20Knitting");
  assert.equal(res.status, 200);
  assert.deepEqual(body, { results: [], total: 0 });
  await expectProblem(
    app,
    `/api/v1/tools?category=${"x".repeat(201)}`,
    400,
    "invalid_parameter",
  );
});

Deno.test("site: an old category label selects its canonical category; tool pages show it", async () => {
  const search = await app.request("/?category=Image%20Generators");
  const html = await search.text();
  assert.match(html, /<option value="image-generation" selected>Image Generation \(3\)<\/option>/);
  assert.doesNotMatch(html, />Image Generators</);
  const page = await (await app.request("/tools/pix")).text();
  assert.match(page, /<li class="badge accent">Image Generation<\/li>/);
  assert.match(page, /<li class="chip">Image Generators<\/li>/);
});

Deno.test("categoryFilterKeys() adds the canonical category's key to an alias's own", () => {
  assert.deepEqual(categoryFilterKeys("Image Generators"), ["imagegenerators", "imagegeneration"]);
  assert.deepEqual(categoryFilterKeys("image-generation"), ["imagegeneration"]);
  assert.deepEqual(categoryFilterKeys("sql-and-database"), ["sqlanddatabase", "sqldatabase"]);
  assert.deepEqual(categoryFilterKeys("Quantum Knitting"), ["quantumknitting"]);
  assert.deepEqual(toolCategoryAliases("Meeting Assistant"), [
    "meeting",
    "meeting assistant",
    "meeting assistants",
  ]);
  assert.deepEqual(toolCategoryAliases("Meeting Assistants"), [], "only canonical names");
});
