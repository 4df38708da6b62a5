import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { decodeHTML } from "entities";
import { serverUrl, toolUrl } from "../../src/catalog/context.ts";
import { createApp } from "../../src/http/app.ts";
import { openApiDocument } from "../../src/http/openapi.ts";
import { realCatalog } from "../_helpers.ts";
import { seededSample } from "../_sample.ts";

const { ctx } = await realCatalog();
const app = createApp({ ctx });

/** Deterministic sample of `n` items (mulberry32 PRNG, fixed seed), so failures reproduce. */
function sample<T>(items: T[], n: number, seed = 7): T[] {
  return seededSample(items, n, seed);
}

function h1(html: string): string | undefined {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? decodeHTML(m[1]!) : undefined;
}

function canonical(html: string): string | undefined {
  const m = /<link rel="canonical" href="([^"]*)"/.exec(html);
  return m ? decodeHTML(m[1]!) : undefined;
}

function jsonLd(html: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, "JSON-LD present");
  return JSON.parse(m[1]!);
}

const doc = openApiDocument(ctx.baseUrl) as { components: { schemas: unknown } };
const defs = JSON.parse(
  JSON.stringify(doc.components.schemas).replaceAll("#/components/schemas/", "#/$defs/"),
);
const ajv = new Ajv2020({ strict: false });
const validTool = ajv.compile({ $defs: defs, $ref: "#/$defs/ToolDetails" });
const validServer = ajv.compile({ $defs: defs, $ref: "#/$defs/ServerDetails" });

Deno.test("real catalog: 200 random tool pages answer 200 with the tool's name as <h1>", async () => {
  const rows = ctx.store.db.prepare("SELECT slug, doc, adult FROM tools ORDER BY id").all() as {
    slug: string;
    doc: string;
    adult: number;
  }[];
  for (const row of sample(rows, 200)) {
    const name = (JSON.parse(row.doc) as { name: string }).name;
    const url = toolUrl(ctx, row.slug);
    const path = new URL(url).pathname;
    // An adult tool's page shows a notice unless the address asks for it with safe=off.
    const adult = row.adult === 1;
    const res = await app.request(path + (adult ? "?safe=off" : ""));
    const html = await res.text();
    assert.equal(res.status, 200, url);
    assert.equal(res.headers.get("content-type"), "text/html; charset=UTF-8");
    assert.equal(h1(html), name, url);
    assert.equal(canonical(html), url);
    assert.equal(jsonLd(html).name, name, url);
    if (adult) {
      // Without safe=off the same address is a notice that carries no structured data.
      const notice = await (await app.request(path)).text();
      assert.match(notice, /marked adult/, url);
      assert.ok(!notice.includes("application/ld+json"), url);
    }
    const api = await app.request(`/api/v1/tools/${encodeURIComponent(row.slug)}`);
    assert.ok(validTool(await api.json()), `${url}: ${ajv.errorsText(validTool.errors)}`);
  }
});

Deno.test("real catalog: an adult tool's page is a notice unless safe=off", async () => {
  const res = await app.request("/tools/candy");
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.match(html, /marked adult \(source category/);
  assert.match(html, /<meta name="robots" content="noindex, follow"/);
  assert.doesNotMatch(html, /application\/ld\+json/);
  assert.match(html, /href="\/tools\/candy\?safe=off"/);
  const shown = await (await app.request("/tools/candy?safe=off")).text();
  assert.equal(h1(shown), "Candy");
});

Deno.test("real catalog: 200 random server pages round-trip svcUrl with the title as <h1>", async () => {
  const rows = ctx.store.db.prepare("SELECT name, doc FROM servers ORDER BY id").all() as {
    name: string;
    doc: string;
  }[];
  const picked = sample(rows, 200);
  // Famous servers whose pages must render, when the catalog has them.
  for (
    const name of [
      "io.github.github/github-mcp-server",
      "github.com/modelcontextprotocol/servers/src/postgres",
    ]
  ) {
    const row = rows.find((r) => r.name === name);
    if (row) picked.push(row);
  }
  let withSlash = 0;
  for (const row of picked) {
    const title = (JSON.parse(row.doc) as { title: string }).title;
    const url = serverUrl(ctx, row.name);
    if (row.name.includes("/")) withSlash++;
    const res = await app.request(new URL(url).pathname);
    const html = await res.text();
    assert.equal(res.status, 200, url);
    assert.equal(res.headers.get("content-type"), "text/html; charset=UTF-8");
    assert.equal(h1(html), title, url);
    assert.equal(canonical(html), url);
    assert.equal(jsonLd(html).alternateName, row.name);
    const api = await app.request(`/api/v1${new URL(url).pathname}`);
    assert.ok(validServer(await api.json()), `${url}: ${ajv.errorsText(validServer.errors)}`);
  }
  assert.ok(withSlash > 150, `${withSlash} names with a slash`);
});

const UNKNOWN_ENTRY_PATHS = [
  "/tools/no-such-tool-zz9",
  "/servers/io.github.nobody-zz9/no-such-server",
  "/servers/github.com/nobody-zz9/x/src/y",
];

Deno.test("real catalog: unknown tools and servers answer an HTML 404", async () => {
  for (const path of UNKNOWN_ENTRY_PATHS) {
    const res = await app.request(path);
    const html = await res.text();
    assert.equal(res.status, 404, path);
    assert.equal(res.headers.get("content-type"), "text/html; charset=UTF-8");
    assert.equal(h1(html), "Not found");
  }
});

Deno.test("real catalog: the other pages render", async () => {
  for (
    const path of [
      "/",
      "/?q=postgres&kind=servers",
      "/?q=meeting+notes",
      "/taxonomy",
      "/taxonomy/build",
      "/llm-prices?sort=output&dir=desc",
      "/docs",
    ]
  ) {
    const res = await app.request(path);
    assert.equal(res.status, 200, path);
    await res.body?.cancel();
  }
});
