import assert from "node:assert/strict";
import { createApp } from "../../src/http/app.ts";
import { buildCatalog, MAX_TRAINING_LABELS, mergeAll } from "../../src/ingest/build.ts";
import { loadTaxonomyLabels } from "../../src/ingest/leaf_model.ts";
import { PRICE_ADAPTERS, SERVER_ADAPTERS, TOOL_ADAPTERS } from "../../src/ingest/sources/mod.ts";
import { okJson } from "../_http.ts";
import { realCatalog, SOURCES_DIR } from "../_helpers.ts";
import { closeContext, openContext } from "../../src/catalog/context.ts";
import { type ServerFilter, WARM_TERM_BYTES } from "../../src/catalog/store.ts";
import { tempDir } from "../_temp.ts";
import { searchServers } from "../../src/catalog/servers.ts";
import { searchTools } from "../../src/catalog/tools.ts";
import type { ToolCategoryStats } from "../../src/ingest/tool_categories.ts";

const real = await realCatalog();
const app = createApp({ ctx: real.ctx });

const json = (path: string) => okJson(app, path);

Deno.test("the ingest report shows every source read, with kept plus skipped equal to read", () => {
  const ids = [...SERVER_ADAPTERS, ...TOOL_ADAPTERS, ...PRICE_ADAPTERS].map((a) => a.info.id);
  assert.deepEqual(real.report.sources.map((s) => s.source), ids);
  for (const s of real.report.sources) {
    assert.equal(s.error, undefined, `${s.source}: ${s.error}`);
    assert.ok(s.read > 0 && s.kept > 0, s.source);
    const skipped = Object.values(s.skipped).reduce((a, b) => a + b, 0);
    assert.equal(s.kept + skipped, s.read, s.source);
  }
});

Deno.test("the real catalog has at least 14,000 merged MCP servers, thousands of tools and prices", () => {
  const { totals, merge } = real.report;
  assert.ok(totals.servers >= 14_000, `servers: ${totals.servers}`);
  assert.ok(totals.tools >= 4_000, `tools: ${totals.tools}`);
  assert.ok(totals.prices >= 200, `prices: ${totals.prices}`);
  assert.ok(
    merge.servers.multiSource > 3_000,
    `multi-source servers: ${merge.servers.multiSource}`,
  );
  assert.deepEqual(real.ctx.store.counts(), totals);
});

Deno.test("the stored report equals the returned one", () => {
  assert.deepEqual(JSON.parse(real.ctx.store.meta("report")!), real.report);
});

Deno.test("re-running the merge gives the same counts", async () => {
  const again = await mergeAll(SOURCES_DIR, () => {});
  assert.deepEqual(again.report.totals, real.report.totals);
  // Canonical categories are counted when the catalog is written, after classification.
  const { categories, ...tools } = real.report.merge.tools as Record<string, unknown>;
  assert.ok(categories !== undefined);
  assert.deepEqual(again.report.merge, { ...real.report.merge, tools });
});

Deno.test("a failed ingest leaves the previous catalog in place", async () => {
  const dir = await tempDir();
  const path = `${dir}/catalog.db`;
  await Deno.writeTextFile(path, "previous catalog");
  await assert.rejects(
    buildCatalog({ sourcesDir: `${dir}/no-such-folder`, catalogPath: path, log: () => {} }),
    /Cannot read any source/,
  );
  assert.equal(await Deno.readTextFile(path), "previous catalog");
  assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["catalog.db"]);
});

Deno.test("every server name is unique and round-trips through its svcUrl path", async () => {
  const rows = real.ctx.store.db.prepare("SELECT name FROM servers ORDER BY random() LIMIT 200")
    .all() as { name: string }[];
  for (const { name } of rows) {
    const body = await json(`/api/v1/servers/${name.split("/").map(encodeURIComponent).join("/")}`);
    assert.equal(body.name, name);
  }
});

Deno.test("the monorepo github.com/modelcontextprotocol/servers keeps one entry per server", () => {
  const rows = real.ctx.store.db.prepare(
    'SELECT name FROM servers WHERE doc LIKE \'%"repositoryUrl":"https://github.com/modelcontextprotocol/servers"%\'',
  ).all() as { name: string }[];
  assert.ok(rows.length >= 10, `entries: ${rows.length}`);
});

Deno.test("servers search: 'postgres' finds PostgreSQL servers first", async () => {
  const body = await json("/api/v1/servers?q=postgres&limit=5");
  assert.ok(body.total > 50);
  for (const r of body.results.slice(0, 3)) {
    assert.match(`${r.title} ${r.name} ${r.description}`, /postgres/i);
  }
});

Deno.test("servers search: 'github' puts a GitHub server first", async () => {
  const body = await json("/api/v1/servers?q=github&limit=5");
  assert.match(body.results[0].title, /github/i);
});

Deno.test("tools search: 'image generation' returns image tools", async () => {
  const body = await json("/api/v1/tools?q=image%20generation&limit=5");
  assert.ok(body.total > 20);
  for (const r of body.results) {
    assert.match(`${r.name} ${r.description} ${r.category} ${r.tags.join(" ")}`, /image/i);
  }
});

Deno.test("tools search: 'transcription' returns transcription tools", async () => {
  const body = await json("/api/v1/tools?q=transcription&limit=5");
  for (const r of body.results.slice(0, 3)) {
    assert.match(
      `${r.name} ${r.description} ${r.category} ${r.tags.join(" ")} ${r.keyFeatures.join(" ")}`,
      /transcri/i,
    );
  }
});

Deno.test("category counts agree with search totals on the real catalog", async () => {
  const { categories } = await json("/api/v1/categories");
  assert.ok(categories.length > 10);
  const sum = categories.reduce((n: number, c: { toolCount: number }) => n + c.toolCount, 0);
  // Counts are of the tools a search shows by default: every tool but the adult ones.
  assert.equal(sum, real.report.totals.tools - real.report.content.tools.adult);
  assert.equal(sum, (await json("/api/v1/tools?limit=1")).total);
  for (const c of categories.slice(0, 5)) {
    const search = await json(`/api/v1/tools?category=${encodeURIComponent(c.name)}&limit=1`);
    assert.equal(search.total, c.toolCount, c.name);
    // The category's main leaf in the tree, with a count the leaf filter reproduces.
    assert.ok(c.mainLeaf && c.mainLeaf.toolCount <= c.toolCount, c.name);
    assert.equal(c.mainLeaf.path.at(-1), c.mainLeaf.id);
    const inLeaf = await json(
      `/api/v1/tools?category=${encodeURIComponent(c.name)}&leafId=${c.mainLeaf.id}&limit=1`,
    );
    assert.equal(inLeaf.total, c.mainLeaf.toolCount, c.name);
  }
});

Deno.test("tool categories are the canonical set; an old source label filters like its category", async () => {
  const { categories } = await json("/api/v1/categories");
  // 225 source labels were shown before (data/tool_categories.json).
  assert.ok(categories.length >= 40 && categories.length <= 80, `${categories.length}`);
  const names = categories.map((c: { name: string }) => c.name);
  assert.ok(!names.includes("Other") && !names.includes("Image Generators"));
  const image = categories.find((c: { name: string }) => c.name === "Image Generation");
  assert.ok(image.aliases.includes("image generators") && image.toolCount > 200);
  for (const old of ["Image Generators", "art", "image-generator"]) {
    const r = await json(`/api/v1/tools?category=${encodeURIComponent(old)}&limit=1`);
    assert.equal(r.total, image.toolCount, old);
  }
  const stats = real.report.merge.tools["categories"] as ToolCategoryStats;
  assert.deepEqual([stats.unmapped, stats.tools.other], [0, 0]);
  assert.ok(stats.before > 200 && stats.canonical >= categories.length, JSON.stringify(stats));
});

Deno.test("taxonomy counts add up to the catalog and equal facet, subcategory and leaf search totals", async () => {
  const { facets, counts } = await json("/api/v1/taxonomy");
  assert.deepEqual(counts, { facets: 9, subcategories: 64, leaves: 233 });
  type Node = { id: string; toolCount: number; serverCount: number; children?: Node[] };
  const sum = (nodes: Node[], key: "toolCount" | "serverCount") =>
    nodes.reduce((n, x) => n + x[key], 0);
  // Counts are of what a search shows by default: adult entries and server variants (listings
  // collapsed into their project's canonical entry) are left out; with them, the whole catalog.
  const shown = {
    tools: (await json("/api/v1/tools?limit=1")).total,
    servers: (await json("/api/v1/servers?limit=1")).total,
  };
  assert.equal(sum(facets, "toolCount"), shown.tools);
  assert.equal(sum(facets, "serverCount"), shown.servers);
  assert.equal((await json("/api/v1/tools?limit=1&safe=off")).total, real.report.totals.tools);
  assert.equal(
    (await json("/api/v1/servers?limit=1&safe=off&collapse=false")).total,
    real.report.totals.servers,
  );
  assert.ok(shown.servers <= real.report.totals.servers - real.report.identity.variants);
  const leaves = (facets as Node[]).flatMap((f) =>
    (f.children ?? []).flatMap((s) => s.children ?? [])
  );
  assert.equal(leaves.length, 233);
  const empty = leaves.filter((l) => l.toolCount + l.serverCount === 0).map((l) => l.id);
  assert.deepEqual(empty, [], "no leaf is empty of both tools and servers");
  const health = await json("/api/v1/health");
  assert.equal(health.unclassifiedTools, 0);
  assert.equal(health.unclassifiedServers, 0);
  for (const facet of facets as Node[]) {
    const tools = await json(`/api/v1/tools?facetId=${facet.id}&limit=1`);
    assert.equal(tools.total, facet.toolCount, facet.id);
    const servers = await json(`/api/v1/servers?facetId=${facet.id}&limit=1`);
    assert.equal(servers.total, facet.serverCount, facet.id);
    // Children add up to their parent at every level.
    const subs = facet.children ?? [];
    assert.equal(sum(subs, "toolCount"), facet.toolCount, facet.id);
    assert.equal(sum(subs, "serverCount"), facet.serverCount, facet.id);
    const sub = subs.find((s) => s.toolCount > 0)!;
    const bySub = await json(`/api/v1/tools?subcategoryId=${sub.id}&limit=1`);
    assert.equal(bySub.total, sub.toolCount, sub.id);
    const leaf = (sub.children ?? []).find((l) => l.serverCount > 0 || l.toolCount > 0)!;
    assert.equal(sum(sub.children ?? [], "toolCount"), sub.toolCount, sub.id);
    const byLeaf = await json(`/api/v1/tools?leafId=${leaf.id}&limit=1`);
    assert.equal(byLeaf.total, leaf.toolCount, leaf.id);
    const serversByLeaf = await json(`/api/v1/servers?leafId=${leaf.id}&limit=1`);
    assert.equal(serversByLeaf.total, leaf.serverCount, leaf.id);
  }
});

Deno.test("server filter counts equal server search totals on the real catalog", async () => {
  const filters = await json("/api/v1/servers/filters");
  for (const c of filters.categories.slice(0, 3)) {
    const r = await json(`/api/v1/servers?category=${encodeURIComponent(c.value)}&limit=1`);
    assert.equal(r.total, c.count, c.value);
  }
  // A server offering both is counted under `local`, `remote` and `both`; the filter takes
  // `local` or `remote`.
  const hosting = new Map<string, number>(
    filters.hosting.map((x: { value: string; count: number }) => [x.value, x.count]),
  );
  for (const value of ["local", "remote"]) {
    const r = await json(`/api/v1/servers?hosting=${value}&limit=1`);
    assert.equal(r.total, hosting.get(value), value);
  }
  const exclusive = ["local", "remote", "unknown"].reduce((n, v) => n + (hosting.get(v) ?? 0), 0);
  assert.equal(
    exclusive - (hosting.get("both") ?? 0),
    (await json("/api/v1/servers?limit=1")).total,
    "counts are of the servers a search shows by default",
  );
});

Deno.test("LLM prices come from first-party providers only, each dated by its kind", async () => {
  const body = await json("/api/v1/llm-prices?limit=500");
  const providers = new Set(body.prices.map((p: { provider: string }) => p.provider));
  for (const p of ["openai", "anthropic", "google"]) assert.ok(providers.has(p), p);
  for (const reseller of ["openrouter", "azure", "bedrock", "vertex_ai", "together_ai", "groq"]) {
    assert.ok(!providers.has(reseller), reseller);
  }
  assert.ok(body.prices.some((p: { webSearchPerCall: number | null }) => p.webSearchPerCall));
  assert.ok(body.prices.some((p: { tiers: unknown[] }) => p.tiers.length > 0));
  type Row = {
    id: string;
    inputPerMTok: number | null;
    outputPerMTok: number | null;
    verifiedAt: string | null;
    verifiedMeaning: string | null;
    asOf: string | null;
    dateKind: string | null;
    deprecated: boolean;
    retired: boolean;
    webSearchPerCall: number | null;
  };
  const rows: Row[] = body.prices;
  // No row says verified without a real check; every row has a date and its kind.
  for (const p of rows) {
    assert.equal(p.verifiedAt !== null, p.dateKind === "checked", p.id);
    assert.ok(p.verifiedAt === null || p.verifiedMeaning !== null, p.id);
    assert.ok(p.asOf !== null && p.dateKind !== null, p.id);
  }
  const kinds = new Set(rows.map((p) => p.dateKind));
  for (const k of ["checked", "released", "synced"]) assert.ok(kinds.has(k), k);
  // The newest figures: DeepSeek's September 2025 cut, Mistral Large 3.
  const row = (id: string) => rows.find((p) => p.id === id)!;
  for (const id of ["deepseek/deepseek-chat", "deepseek/deepseek-reasoner"]) {
    assert.deepEqual([row(id).inputPerMTok, row(id).outputPerMTok], [0.28, 0.42], id);
  }
  const large = row("mistral/mistral-large-latest");
  assert.deepEqual([large.inputPerMTok, large.outputPerMTok], [0.5, 1.5]);
  // OpenAI's and xAI's web-search fees.
  const one = async (model: string): Promise<Row> =>
    (await json(`/api/v1/llm-prices?model=${model}`)).prices[0];
  assert.equal((await one("o3")).webSearchPerCall, 0.01);
  assert.equal((await one("grok-4")).webSearchPerCall, 0.005);
  // Retired and deprecated models come after every current one (AI21 Jurassic-2 led before):
  // none in the first 500 of 619, and AI21's list ends with its retired Jurassic-2 models.
  assert.ok(rows.every((p) => !p.deprecated && !p.retired));
  const ai21: Row[] = (await json("/api/v1/llm-prices?provider=ai21")).prices;
  const firstFlagged = ai21.findIndex((p) => p.deprecated || p.retired);
  assert.ok(firstFlagged > 0);
  assert.ok(ai21.slice(firstFlagged).every((p) => p.deprecated || p.retired));
  assert.deepEqual(ai21.filter((p) => p.retired).map((p) => p.id), [
    "ai21/j2-light",
    "ai21/j2-mid",
    "ai21/j2-ultra",
  ]);
});

const REAL_PATHS = [
  "/api/v1/tools?q=postgres",
  "/api/v1/tools?q=%22unbalanced",
  "/api/v1/servers?q=*",
  "/api/v1/servers?q=slack&hosting=remote",
  "/api/v1/servers?registryType=oci&transport=stdio",
  "/api/v1/servers/filters",
  "/api/v1/taxonomy",
  "/api/v1/health",
];

Deno.test("no real query or server detail answers a 5xx", async () => {
  for (const path of REAL_PATHS) {
    const res = await app.request(path);
    assert.ok(res.status < 500, `${path}: ${res.status}`);
    await res.body?.cancel();
  }
});

Deno.test("hand-labelled entries keep their labels, and the report counts the model's training set", async () => {
  const labels = await loadTaxonomyLabels();
  const count = Object.keys(labels.tools).length + Object.keys(labels.servers).length;
  const { model, byMethod } = real.report.taxonomy!;
  assert.equal(model.labels, count);
  assert.equal(model.unknownLeaves, 0, "every label names a leaf of the taxonomy");
  assert.equal(model.staleLabels, 0, "every labelled entry is in the catalog");
  assert.equal(model.trained, Math.min(count, MAX_TRAINING_LABELS));
  assert.ok(model.vocabulary > 1000, `vocabulary ${model.vocabulary}`);
  assert.equal(byMethod.label!.tools, Object.keys(labels.tools).length);
  assert.equal(byMethod.label!.servers, Object.keys(labels.servers).length);
  for (const [slug, leaf] of Object.entries(labels.tools).slice(0, 100)) {
    const primary = real.ctx.store.toolBySlug(slug)!.taxonomy!.primary;
    assert.deepEqual([primary.leafId, primary.method, primary.score], [leaf, "label", 1], slug);
  }
  for (const [name, leaf] of Object.entries(labels.servers).slice(0, 100)) {
    const primary = real.ctx.store.serverByName(name)!.taxonomy!.primary;
    assert.deepEqual([primary.leafId, primary.method, primary.score], [leaf, "label", 1], name);
  }
});

Deno.test("the catalog lists each table's common words, and a server reads their lists first", async () => {
  const { path } = await realCatalog();
  // A context of its own: the warm-up fills its term lists.
  const ctx = await openContext(path, "http://test.local", { warmTermLists: true });
  try {
    const servers = ctx.store.commonTerms("servers");
    const tools = ctx.store.commonTerms("tools");
    assert.ok(servers.length > 500, `${servers.length} common server words`);
    assert.ok(tools.length > 100, `${tools.length} common tool words`);
    for (const w of ['"github"', '"data"', '"api"']) assert.ok(servers.includes(w), w);
    assert.ok(!servers.includes('"mcp"') && !servers.includes('"and"'), "stopwords are left out");
    const warmed = await ctx.warming!.done;
    assert.equal(warmed.servers.lists, servers.length, "every common server word's list is read");
    assert.ok(warmed.servers.bytes <= WARM_TERM_BYTES + 200_000, `${warmed.servers.bytes} bytes`);
    // A query of common words, and of other forms of them (same stems), reads nothing more.
    assert.deepEqual(ctx.store.uncachedTerms("servers", "github data api"), []);
    assert.deepEqual(ctx.store.uncachedTerms("servers", "ios integrations"), []);
  } finally {
    closeContext(ctx);
  }
});

Deno.test("facet filters select the same servers as their SQL, from the facet index alone", () => {
  const { store } = real.ctx;
  const facets = store.serverFacets();
  const filters: ServerFilter[] = [
    ...facets.category.slice(0, 12).map((f) => ({ category: f.value })),
    ...facets.hosting.map((f) => ({ hosting: f.value })),
    ...facets.transport.map((f) => ({ transport: f.value })),
    ...facets.registryType.map((f) => ({ registryType: f.value })),
    { hosting: "local", transport: "stdio", registryType: "npm" },
    { hosting: "remote", adult: true, variants: true },
    { category: "databases", variants: true },
    { category: "no-such-category" },
  ];
  let nonEmpty = 0;
  for (const filter of filters) {
    const ids = store.serverIdsMatching(filter);
    // The browse count runs the filter's SQL over the servers table.
    assert.equal(ids.length, store.browseServers(filter, 1, 0).total, JSON.stringify(filter));
    assert.ok(ids.every((id, i) => i === 0 || id > ids[i - 1]!), "ascending");
    if (ids.length > 0) nonEmpty++;
  }
  assert.ok(nonEmpty >= filters.length - 1, "only the unknown category is empty");
  const local = new Set(store.serverIdsMatching({ hosting: "local" }));
  const both = store.serverIdsMatching({ hosting: "local", transport: "stdio" });
  assert.ok(both.length > 0 && both.every((id) => local.has(id)), "two facets: the intersection");
});

Deno.test("browse pages list a filter's entries most popular first, as SQL orders them", () => {
  const { store } = real.ctx;
  const sqlPage = (table: string, name: string, where: string, limit: number, offset: number) =>
    store.db.prepare(
      `SELECT id FROM ${table} t WHERE ${where} ORDER BY popularity DESC, ${name}, id
       LIMIT ? OFFSET ?`,
    ).all(limit, offset).map((r) => Number(r.id));
  const defaults = "t.adult = 0 AND t.canonical_id IS NULL";
  const facet = (key: string, value: string) =>
    `EXISTS (SELECT 1 FROM server_facets x WHERE x.key = '${key}' AND x.value = '${value}' AND x.server_id = t.id) AND ${defaults}`;
  const servers: [ServerFilter, string][] = [
    [{}, defaults],
    [{ hosting: "local" }, facet("hosting", "local")],
    [{ category: "databases" }, facet("category", "databases")],
    [{ adult: true, variants: true }, "1"],
  ];
  for (const [filter, where] of servers) {
    for (const [limit, offset] of [[20, 0], [20, 20], [50, 1000]]) {
      assert.deepEqual(
        store.browseServers(filter, limit!, offset!).ids,
        sqlPage("servers", "title_key", where, limit!, offset!),
        `${JSON.stringify(filter)} ${limit} from ${offset}`,
      );
    }
  }
  assert.deepEqual(
    store.browseTools({ pricing: "free" }, 30, 10).ids,
    sqlPage("tools", "name_key", "t.has_free_tier = 1 AND t.adult = 0", 30, 10),
  );
  assert.deepEqual(
    store.browseServers({ hosting: "local" }, 20, 1_000_000).ids,
    [],
    "past the end",
  );
});

Deno.test("on the real catalog, a search thread gives the same pages as the serving thread", async () => {
  const { path, ctx } = await realCatalog();
  const threaded = await openContext(path, "http://test.local", { searchThread: true });
  try {
    const evalQueries = JSON.parse(
      await Deno.readTextFile(new URL("../eval/servers_queries.json", import.meta.url)),
    ) as { query: string }[];
    const queries = [...evalQueries.map((x) => x.query).slice(0, 20), "github", "notion", "stripe"];
    const filters = [{}, { hosting: "remote" }, { category: "Databases" }, { transport: "stdio" }];
    let results = 0;
    for (const [i, q] of queries.entries()) {
      const input = { q, limit: 10, ...filters[i % filters.length] };
      const want = await searchServers(ctx, input);
      assert.deepEqual(await searchServers(threaded, input), want, JSON.stringify(input));
      results += want.results.length;
    }
    assert.ok(results > 150, `${results} results compared`);
    for (const q of ["image generation", "transcribe meetings", "chatgpt"]) {
      assert.deepEqual(await searchTools(threaded, { q }), await searchTools(ctx, { q }), q);
    }
  } finally {
    closeContext(threaded);
  }
});
