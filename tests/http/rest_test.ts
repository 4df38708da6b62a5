import assert from "node:assert/strict";
import { createApp } from "../../src/http/app.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { expectProblem, getJson } from "../_http.ts";

const ctx = await fixtureContext();
const app = createApp({ ctx });

const get = (path: string, init?: RequestInit) => getJson(app, path, init);

/** A problem document, with what every REST one carries: CORS, its type URL, title and detail. */
async function problem(path: string, status: number, code: string, init?: RequestInit) {
  const { res, body } = await expectProblem(app, path, status, code, init);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.equal(body.type, `http://test.local/problems/${code}`);
  assert.ok(typeof body.title === "string" && typeof body.detail === "string");
  return body;
}

Deno.test("GET /api/v1/tools returns exactly the fields of the tool record", async () => {
  const { res, body } = await get("/api/v1/tools?q=transcription");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^application\/json/);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(Object.keys(body).sort(), ["results", "total"]);
  assert.equal(body.total, 2);
  assert.deepEqual(Object.keys(body.results[0]).sort(), [
    "category",
    "description",
    "hasFreeTier",
    "keyFeatures",
    "name",
    "pricing",
    "rating",
    "slug",
    "svcUrl",
    "tags",
    "url",
  ]);
  // Users' rating: none without a review store.
  assert.equal(body.results[0].rating, null);
  assert.equal(body.results[0].svcUrl, `http://test.local/tools/${body.results[0].slug}`);
});

Deno.test("GET /api/v1/tools puts an exact name match first", async () => {
  const { body } = await get("/api/v1/tools?q=image");
  assert.equal(body.results[0].slug, "image");
  assert.equal(body.results[1].slug, "pixelforge");
});

Deno.test("GET /api/v1/tools?slug= returns one tool or 404", async () => {
  const { body } = await get("/api/v1/tools?slug=scribe");
  assert.equal(body.total, 1);
  assert.equal(body.results[0].name, "Scribe");
  await problem("/api/v1/tools?slug=nope", 404, "not_found");
});

Deno.test("GET /api/v1/tools filters by pricing, where free means any free tier", async () => {
  const free = await get("/api/v1/tools?pricing=free&limit=50");
  assert.deepEqual(free.body.results.map((r: { slug: string }) => r.slug).sort(), [
    "pixelforge",
    "scribe",
    "writewell",
  ]);
  const paid = await get("/api/v1/tools?pricing=paid");
  assert.equal(paid.body.total, 2);
  await problem("/api/v1/tools?pricing=cheap", 400, "invalid_parameter");
});

Deno.test("GET /api/v1/tools filters by category name or slug and by facet", async () => {
  const byName = await get("/api/v1/tools?category=Image%20generator");
  const bySlug = await get("/api/v1/tools?category=image-generator");
  assert.equal(byName.body.total, 2);
  assert.deepEqual(byName.body, bySlug.body);
  const facet = await get("/api/v1/tools?facetId=create");
  assert.equal(facet.body.total, 2);
  await problem("/api/v1/tools?facetId=nope", 404, "not_found");
});

Deno.test("GET /api/v1/tools rejects bad limits with 400 instead of clamping", async () => {
  for (const limit of ["0", "51", "abc", "-1", "1.5"]) {
    const body = await problem(`/api/v1/tools?limit=${limit}`, 400, "invalid_parameter");
    assert.equal(body.errors[0].field, "limit");
  }
  const { body } = await get("/api/v1/tools?limit=2");
  assert.equal(body.results.length, 2);
  assert.equal(body.total, 5);
});

Deno.test("GET /api/v1/tools/{slug} returns details with derived fields marked", async () => {
  const { body } = await get("/api/v1/tools/scribe");
  assert.equal(body.name, "Scribe");
  assert.deepEqual(body.integrations, {
    items: ["API"],
    derived: true,
    method: "platform names found in the tool's features and tags",
  });
  assert.equal(body.competitors.derived, true);
  assert.equal(body.competitors.items[0].slug, "notetaker");
  assert.deepEqual(body.pricingTiers, [
    { name: "Free", price: "0", derived: true },
    { name: "Paid", price: "10/mo", derived: true },
  ]);
  assert.deepEqual(body.reviews, [{ source: "aitoolhouse", rating: 4.5, count: 12, url: null }]);
  assert.equal(body.sources[0].name, "aitoolhouse.com scrape");
  await problem("/api/v1/tools/nope", 404, "not_found");
});

Deno.test("GET /api/v1/tools/compare takes 2 to 5 distinct slugs", async () => {
  const { res, body } = await get("/api/v1/tools/compare?slugs=scribe,notetaker");
  assert.equal(res.status, 200);
  assert.deepEqual(body.tools.map((t: { slug: string }) => t.slug), ["scribe", "notetaker"]);
  assert.deepEqual(body.features.shared, ["Transcription"]);
  assert.deepEqual(body.features.byTool.scribe, ["Speaker labels", "API"]);
  await problem("/api/v1/tools/compare?slugs=scribe", 400, "invalid_parameter");
  await problem("/api/v1/tools/compare?slugs=a,b,c,d,e,f", 400, "invalid_parameter");
  await problem("/api/v1/tools/compare?slugs=scribe,scribe", 400, "invalid_parameter");
  await problem("/api/v1/tools/compare", 400, "missing_parameter");
  await problem("/api/v1/tools/compare?slugs=scribe,nope", 404, "not_found");
});

Deno.test("GET /api/v1/tools/alternatives requires slug", async () => {
  await problem("/api/v1/tools/alternatives", 400, "missing_parameter");
  await problem("/api/v1/tools/alternatives?slug=nope", 404, "not_found");
  const { body } = await get("/api/v1/tools/alternatives?slug=scribe");
  assert.equal(body.tool.slug, "scribe");
  assert.equal(body.derived, true);
  assert.deepEqual(body.alternatives.map((t: { slug: string }) => t.slug), ["notetaker"]);
});

Deno.test("POST /api/v1/tools/recommend answers summary and recommendations", async () => {
  const { res, body } = await get("/api/v1/tools/recommend", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "transcribe my meeting recordings", limit: 2 }),
  });
  assert.equal(res.status, 200);
  assert.equal(typeof body.summary, "string");
  assert.equal(body.recommendations.length, 2);
  const first = body.recommendations[0];
  assert.deepEqual(Object.keys(first).sort(), ["confidence", "name", "reason", "slug", "svcUrl"]);
  assert.ok(["high", "medium", "low"].includes(first.confidence));
  assert.match(body.summary, /Scribe|NoteTaker/);
});

Deno.test("POST /api/v1/tools/recommend rejects bad requests with stable codes", async () => {
  const post = (body: string, type = "application/json") => ({
    method: "POST",
    headers: { "content-type": type },
    body,
  });
  await problem("/api/v1/tools/recommend", 400, "missing_parameter", post("{}"));
  await problem("/api/v1/tools/recommend", 400, "invalid_parameter", post('{"query": 5}'));
  await problem(
    "/api/v1/tools/recommend",
    400,
    "invalid_parameter",
    post('{"query": "x", "limit": 21}'),
  );
  await problem("/api/v1/tools/recommend", 400, "invalid_parameter", post("{not json"));
  await problem("/api/v1/tools/recommend", 415, "unsupported_media_type", post("{}", "text/plain"));
  await problem(
    "/api/v1/tools/recommend",
    413,
    "payload_too_large",
    post(JSON.stringify({ query: "x".repeat(20_000) })),
  );
  const res = await app.request("/api/v1/tools/recommend");
  assert.equal(res.status, 405);
  assert.equal(res.headers.get("allow"), "POST");
});

Deno.test("GET /api/v1/categories lists categories with counts that match search totals", async () => {
  const { body } = await get("/api/v1/categories");
  assert.equal(body.total, 3);
  for (const c of body.categories) {
    const search = await get(`/api/v1/tools?category=${encodeURIComponent(c.slug)}`);
    assert.equal(search.body.total, c.toolCount, c.name);
  }
});

Deno.test("GET /api/v1/taxonomy returns the tree with counts and 404 for an unknown facet", async () => {
  const { body } = await get("/api/v1/taxonomy");
  assert.deepEqual(body.counts, { facets: 2, subcategories: 2, leaves: 2 });
  const create = body.facets.find((f: { id: string }) => f.id === "create");
  assert.equal(create.toolCount, 2);
  const build = await get("/api/v1/taxonomy?facetId=build");
  assert.equal(build.body.facets.length, 1);
  assert.equal(build.body.facets[0].serverCount, 1);
  await problem("/api/v1/taxonomy?facetId=nope", 404, "not_found");
});

Deno.test("GET /api/v1/servers searches and filters by hosting, registryType and category", async () => {
  const { body } = await get("/api/v1/servers?q=postgres");
  assert.equal(body.results[0].name, "io.github.acme/postgres");
  assert.equal(body.results[0].svcUrl, "http://test.local/servers/io.github.acme/postgres");
  assert.equal((await get("/api/v1/servers?hosting=remote")).body.total, 1);
  assert.equal((await get("/api/v1/servers?registryType=pypi")).body.results[0].title, "GitHub");
  assert.equal((await get("/api/v1/servers?category=databases")).body.total, 1);
  await problem("/api/v1/servers?hosting=cloud", 400, "invalid_parameter");
  await problem("/api/v1/servers?cursor=garbage", 400, "invalid_parameter");
});

Deno.test("GET /api/v1/servers pages with nextCursor until the end", async () => {
  const first = await get("/api/v1/servers?limit=3");
  assert.equal(first.body.total, 4);
  assert.equal(typeof first.body.nextCursor, "string");
  const second = await get(`/api/v1/servers?limit=3&cursor=${first.body.nextCursor}`);
  assert.equal(second.body.results.length, 1);
  assert.equal(second.body.nextCursor, null);
});

Deno.test("GET /api/v1/servers/{name} round-trips names with slashes and dots", async () => {
  const { res, body } = await get("/api/v1/servers/io.github.acme/postgres");
  assert.equal(res.status, 200);
  assert.equal(body.inventoryStatus, "known");
  assert.equal(body.packages[0].environmentVariables[0].isSecret, true);
  const encoded = await get(`/api/v1/servers/${encodeURIComponent("io.github.acme/postgres")}`);
  assert.equal(encoded.body.name, "io.github.acme/postgres");
  await problem("/api/v1/servers/io.github.acme/nope", 404, "not_found");
});

Deno.test("GET /api/v1/servers/compare and /filters work on the fixture", async () => {
  const { body } = await get(
    "/api/v1/servers/compare?names=io.github.acme/postgres,com.example/remote-search",
  );
  assert.deepEqual(body.servers.map((s: { installMethods: string[] }) => s.installMethods), [
    ["npm"],
    ["remote:streamable-http"],
  ]);
  await problem("/api/v1/servers/compare?names=io.github.acme/postgres", 400, "invalid_parameter");
  const filters = await get("/api/v1/servers/filters");
  assert.deepEqual(filters.body.hosting, [
    { value: "local", label: "local", count: 2 },
    { value: "remote", label: "remote", count: 1 },
    { value: "unknown", label: "unknown", count: 1 },
  ]);
});

Deno.test("GET /api/v1/llm-prices filters by provider and substring", async () => {
  const { body } = await get("/api/v1/llm-prices?provider=openai");
  assert.equal(body.total, 1);
  assert.equal(body.prices[0].webSearchPerCall, 0.01);
  assert.equal(body.prices[0].cacheWritePerMTok, null);
  assert.equal(body.units.tokens, "USD per million tokens");
  assert.equal(
    (await get("/api/v1/llm-prices?q=claude")).body.prices[0].tiers[0].thresholdTokens,
    200000,
  );
});

Deno.test("GET /api/v1/llm-prices sorts by a figure in either direction, missing figures last", async () => {
  const ids = async (query: string) =>
    (await get(`/api/v1/llm-prices${query}`)).body.prices.map((p: { id: string }) => p.id);
  assert.deepEqual(await ids(""), ["anthropic/claude-test", "openai/gpt-test"], "catalog order");
  assert.deepEqual(await ids("?sort=input"), ["openai/gpt-test", "anthropic/claude-test"]);
  assert.deepEqual(await ids("?sort=input&dir=desc"), ["anthropic/claude-test", "openai/gpt-test"]);
  // Only gpt-test has a cached-input price: the other comes last in both directions.
  assert.deepEqual(await ids("?sort=cached&dir=desc"), [
    "openai/gpt-test",
    "anthropic/claude-test",
  ]);
  assert.deepEqual(await ids("?sort=cached&dir=asc"), ["openai/gpt-test", "anthropic/claude-test"]);
  const bad = await get("/api/v1/llm-prices?sort=cheapest");
  assert.equal(bad.res.status, 400);
  assert.equal(bad.body.code, "invalid_parameter");
  assert.equal((await get("/api/v1/llm-prices?sort=input&dir=up")).res.status, 400);
});

Deno.test("GET /api/v1/health reports counts and build time", async () => {
  const { body } = await get("/api/v1/health");
  assert.deepEqual(body.counts, { tools: 5, servers: 4, prices: 2 });
  assert.equal(body.builtAt, "2026-11-22T00:00:00.000Z");
  assert.equal(body.unclassifiedTools, 3);
});

Deno.test("unknown routes answer a problem 404 with CORS", async () => {
  await problem("/api/v1/nope", 404, "not_found");
  const preflight = await app.request("/api/v1/tools", {
    method: "OPTIONS",
    headers: { origin: "https://x.example", "access-control-request-method": "GET" },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
});

const HOSTILE_QUERIES = [
  '"',
  "AND OR NOT",
  "*",
  "name:x",
  "(((",
  "NEAR(a b)",
  "'; DROP TABLE tools;--",
  "🙂",
  "\u0000",
];

Deno.test("hostile query text never causes a 5xx", async () => {
  for (const q of HOSTILE_QUERIES) {
    const res = await app.request(`/api/v1/tools?q=${encodeURIComponent(q)}`);
    assert.equal(res.status, 200, q);
    const s = await app.request(`/api/v1/servers?q=${encodeURIComponent(q)}`);
    assert.equal(s.status, 200, q);
  }
});

Deno.test("GET /api/v1/servers/{name}/install-config gives one client's config or all eight", async () => {
  const one = await get("/api/v1/servers/io.github.acme/postgres/install-config?client=vscode");
  assert.equal(one.res.status, 200);
  assert.equal(one.body.server.name, "io.github.acme/postgres");
  assert.equal(one.body.configs.length, 1);
  const vscode = one.body.configs[0];
  assert.equal(vscode.client, "vscode");
  assert.equal(vscode.available, true);
  const config = JSON.parse(vscode.config);
  assert.equal(config.inputs[0].password, true);
  assert.ok(!vscode.config.includes("sk-"));
  const all = await get("/api/v1/servers/io.github.acme/postgres/install-config");
  assert.equal(all.body.configs.length, 8);
  const none = await get(
    "/api/v1/servers/github.com/someone/github-mcp/install-config?client=cursor",
  );
  assert.equal(none.body.configs[0].available, true);
  const unknown = await problem(
    "/api/v1/servers/io.github.acme/postgres/install-config?client=emacs",
    400,
    "invalid_parameter",
  );
  // The message names the value and lists every id with its aliases.
  assert.match(unknown.detail, /Unknown client "emacs"/);
  assert.match(unknown.detail, /claude-desktop \(aliases claude, /);
  assert.match(unknown.detail, /gemini-cli \(aliases gemini, /);
  assert.deepEqual(unknown.errors.map((e: { field: string }) => e.field), ["client"]);
  await problem("/api/v1/servers/no/such/install-config", 404, "not_found");
});

Deno.test("install-config accepts client aliases, case-insensitive: claude is Claude Desktop", async () => {
  for (
    const [name, id] of [
      ["claude", "claude-desktop"],
      ["Claude", "claude-desktop"],
      [
        "gemini",
        "gemini-cli",
      ],
      ["vs-code", "vscode"],
      ["claude_code", "claude-code"],
    ] as [string, string][]
  ) {
    const { res, body } = await get(
      `/api/v1/servers/io.github.acme/postgres/install-config?client=${name}`,
    );
    assert.equal(res.status, 200, name);
    assert.equal(body.configs.length, 1, name);
    assert.equal(body.configs[0].client, id, name);
  }
});

Deno.test("a server with no package and no remote gets a clear no-install-method answer", async () => {
  const { body } = await get("/api/v1/servers/github.com/nobody/bare-notes/install-config");
  assert.equal(body.configs.length, 8);
  for (const c of body.configs) {
    assert.equal(c.available, false, c.client);
    assert.equal(c.config, null, c.client);
    assert.match(c.reason, /No install method known/, c.client);
  }
  const remote = await get(
    `/api/v1/servers/${
      encodeURIComponent("com.example/remote-search")
    }/install-config?client=claude-desktop`,
  );
  assert.equal(remote.body.configs[0].available, true);
  assert.match(remote.body.configs[0].config, /mcp-remote/);
});
