import assert from "node:assert/strict";
import { decodeHTML } from "entities";
import { openAccess } from "../../src/access/access.ts";
import type { CatalogContext } from "../../src/catalog/context.ts";
import { newCaches, serverUrl, toolUrl } from "../../src/catalog/context.ts";
import { CatalogStore } from "../../src/catalog/store.ts";
import { writeCatalog } from "../../src/catalog/writer.ts";
import { getTool } from "../../src/catalog/tool_details.ts";
import { createApp } from "../../src/http/app.ts";
import { API_OPERATIONS } from "../../src/http/openapi.ts";
import { jsonLdText } from "../../src/site/layout.tsx";
import { formatTokens, formatUsd } from "../../src/site/prices_page.tsx";
import { fixtureContext, PRICES, server, SERVERS, tool, TOOLS } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const ctx = await fixtureContext();
const app = createApp({ ctx });

/** A page: status, headers, HTML. */
async function page(path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  return { res, html: await res.text() };
}

function h1(html: string): string | undefined {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? decodeHTML(m[1]!.replace(/<[^>]+>/g, "")) : undefined;
}

function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

function jsonLd(html: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, "JSON-LD block present");
  return JSON.parse(m[1]!);
}

function assertHtml(res: Response, status = 200) {
  assert.equal(res.status, status);
  assert.equal(res.headers.get("content-type"), "text/html; charset=UTF-8");
}

/** Paths of the result links of a search page, in order. */
function resultLinks(html: string, prefix: string): string[] {
  return [...html.matchAll(/<li class="card result"><h3><a href="([^"]+)"/g)].map((m) => m[1]!)
    .filter((h) => h.startsWith(prefix));
}

Deno.test("site: the home page is a GET search form with labels and popular tools", async () => {
  const { res, html } = await page("/");
  assertHtml(res);
  assert.equal(
    res.headers.get("cache-control"),
    "public, max-age=300, stale-while-revalidate=86400",
  );
  assert.match(res.headers.get("content-security-policy")!, /default-src 'none'/);
  assert.match(html, /^<!DOCTYPE html><html lang="en">/);
  assert.match(html, /<form class="search card" method="get" action="\/" role="search">/);
  assert.match(html, /<label for="f-q">Search AI tools<\/label>/);
  assert.match(html, /<input id="f-q" type="search" name="q"/);
  assert.match(html, /<label for="f-category">Category<\/label>/);
  assert.match(html, /<label for="f-pricing">Pricing<\/label>/);
  assert.equal(h1(html), "Find AI tools and MCP servers");
  assert.equal(canonical(html), "http://test.local/");
  assert.match(html, /<title>toolatlas<\/title>/);
  assert.match(html, /<meta name="description" content="Search 5 AI tools and 4 MCP servers/);
  assert.equal(resultLinks(html, "/tools/").length, TOOLS.length);
});

Deno.test("site: searching tools by GET returns linked results and keeps the query", async () => {
  const { res, html } = await page("/?q=transcription");
  assertHtml(res);
  assert.deepEqual(resultLinks(html, "/tools/").sort(), ["/tools/notetaker", "/tools/scribe"]);
  assert.match(html, /value="transcription"/);
  assert.match(html, /<meta name="robots" content="noindex, follow">/);
  assert.match(html, /2 AI tools found, showing 1–2/);
});

Deno.test("site: the pricing and category filters restrict tool results", async () => {
  const paid = await page("/?pricing=paid");
  assert.deepEqual(resultLinks(paid.html, "/tools/").sort(), ["/tools/image", "/tools/notetaker"]);
  assert.match(paid.html, /<option value="paid" selected>Paid<\/option>/);
  const audio = await page("/?category=Audio");
  assert.deepEqual(resultLinks(audio.html, "/tools/").sort(), [
    "/tools/notetaker",
    "/tools/scribe",
  ]);
  assert.match(audio.html, /<option value="audio" selected>Audio \(2\)<\/option>/);
});

Deno.test("site: searching servers filters by hosting and links to server pages", async () => {
  const { res, html } = await page("/?kind=servers&q=postgres&hosting=local");
  assertHtml(res);
  assert.deepEqual(resultLinks(html, "/servers/"), ["/servers/io.github.acme/postgres"]);
  assert.match(html, /<label for="f-hosting">Hosting<\/label>/);
  const remote = await page("/?kind=servers&hosting=remote");
  assert.deepEqual(resultLinks(remote.html, "/servers/"), ["/servers/com.example/remote-search"]);
});

Deno.test("site: a taxonomy filter restricts search results", async () => {
  const { html } = await page("/?taxon=image-generation");
  assert.deepEqual(resultLinks(html, "/tools/").sort(), ["/tools/image", "/tools/pixelforge"]);
  assert.match(html, /In taxonomy: <a href="\/taxonomy\/image-generation">Image generation<\/a>/);
});

Deno.test("site: rejected search input answers 400 with an HTML message, not cached", async () => {
  const { res, html } = await page("/?pricing=bogus");
  assertHtml(res, 400);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(html, /<p class="card" role="alert"><strong>Cannot search:<\/strong>/);
  const taxon = await page("/?taxon=nope");
  assertHtml(taxon.res, 404);
});

Deno.test("site: a tool page shows the tool with canonical link and JSON-LD", async () => {
  const path = new URL(toolUrl(ctx, "scribe")).pathname;
  const { res, html } = await page(path);
  assertHtml(res);
  assert.match(res.headers.get("cache-control")!, /^public, max-age=300/);
  assert.equal(h1(html), "Scribe");
  assert.equal(canonical(html), "http://test.local/tools/scribe");
  assert.match(html, /<title>Scribe: pricing, features and alternatives · toolatlas<\/title>/);
  assert.match(html, /<meta name="description" content="Transcribe meeting recordings/);
  const ld = jsonLd(html);
  assert.equal(ld["@context"], "https://schema.org");
  assert.equal(ld["@type"], "SoftwareApplication");
  assert.equal(ld.name, "Scribe");
  assert.equal(ld.url, "http://test.local/tools/scribe");
  assert.deepEqual(ld.aggregateRating, {
    "@type": "AggregateRating",
    ratingValue: 4.5,
    reviewCount: 12,
  });
  // Site link, pricing, features, category, tags, alternatives, sources with licence.
  assert.match(html, /href="https:\/\/scribe\.example" rel="nofollow noopener external"/);
  assert.match(html, /<dt>Price<\/dt><dd>10\/mo<\/dd>/);
  assert.match(html, /<li>Speaker labels<\/li>/);
  assert.match(html, /<li class="chip">transcription<\/li>/);
  assert.match(html, /<a href="\/tools\/notetaker">NoteTaker<\/a>/);
  assert.match(
    html,
    /<strong>aitoolhouse\.com scrape<\/strong><div class="muted">Licence: none stated/,
  );
  // Every dated statement of a field, the superseded one too.
  assert.match(
    html,
    /<tr class="superseded"><td>pricing<\/td><td>paid<\/td><td>topai-tools<\/td><td>2023-08-05<\/td><td>superseded<\/td><\/tr>/,
  );
});

Deno.test("site: a tool page links its taxonomy path", async () => {
  for (const t of TOOLS) {
    const { html } = await page(`/tools/${t.slug}`);
    const placement = getTool(ctx, { slug: t.slug }).taxonomy;
    if (placement === null) {
      assert.match(html, /<dt>Taxonomy<\/dt><dd><span class="muted">Unclassified<\/span>/);
      continue;
    }
    for (const id of [placement.facetId, placement.subcategoryId, placement.leafId]) {
      const name = ctx.taxonomy.byId.get(id)!.node.name;
      assert.ok(html.includes(`<a href="/taxonomy/${id}">${name}</a>`), `${t.slug}: ${id}`);
    }
  }
});

Deno.test("site: every fixture server page round-trips its svcUrl and shows the title", async () => {
  for (const s of SERVERS) {
    const url = serverUrl(ctx, s.name);
    const { res, html } = await page(new URL(url).pathname);
    assertHtml(res);
    assert.equal(h1(html), s.title, s.name);
    assert.equal(canonical(html), url);
    const ld = jsonLd(html);
    assert.equal(ld["@type"], "SoftwareApplication");
    assert.equal(ld.name, s.title);
    assert.equal(ld.alternateName, s.name);
  }
});

Deno.test("site: a server name with an encoded slash or other case finds the same page", async () => {
  for (const path of ["/servers/io.github.acme%2Fpostgres", "/servers/IO.GITHUB.ACME/postgres"]) {
    const { res, html } = await page(path);
    assertHtml(res);
    assert.equal(h1(html), "Postgres");
    assert.equal(canonical(html), "http://test.local/servers/io.github.acme/postgres");
  }
});

Deno.test("site: a server page shows install configs in <pre> with copy buttons and file paths", async () => {
  const { html } = await page("/servers/io.github.acme/postgres");
  const pre = /<pre><code id="cfg-cursor" class="language-json">([\s\S]*?)<\/code><\/pre>/.exec(
    html,
  );
  assert.ok(pre, "cursor config in a <pre>");
  const config = JSON.parse(decodeHTML(pre[1]!));
  assert.deepEqual(Object.keys(config.mcpServers), ["postgres"]);
  assert.match(
    html,
    /<button type="button" class="secondary" data-copy-target="cfg-cursor"[^>]* hidden="">/,
  );
  assert.match(html, /<code>~\/\.cursor\/mcp\.json<\/code>/);
  assert.match(html, /id="cfg-codex" class="language-toml"/);
  assert.match(html, /<script src="\/static\/site\.js\?v=[0-9a-f]+" defer><\/script>/);
  // Packages, tool inventory, trust.
  assert.match(html, /<code>@acme\/postgres-mcp<\/code>/);
  assert.match(
    html,
    /<code>query<\/code><div class="small muted">Run a read-only SQL query<\/div>/,
  );
  assert.match(html, /<h2 id="s-trust">Trust score<\/h2>/);
});

Deno.test("site: a server without an install method says so", async () => {
  const { html } = await page("/servers/github.com/nobody/bare-notes");
  assert.match(html, /No install method known/);
  assert.doesNotMatch(html, /data-copy-target="cfg-cursor"/);
});

const UNKNOWN_PATHS = [
  "/tools/nope",
  "/servers/io.github.acme/nope",
  "/servers/nope",
  "/taxonomy/nope",
  "/nope",
  "/static/nope.css",
];

Deno.test("site: unknown entries answer a real HTML 404 with a short cache", async () => {
  for (const path of UNKNOWN_PATHS) {
    const { res, html } = await page(path);
    assertHtml(res, 404);
    assert.equal(res.headers.get("cache-control"), "public, max-age=60", path);
    assert.equal(h1(html), "Not found", path);
    assert.match(html, /<meta name="robots" content="noindex, follow">/);
  }
  const { res } = await page("/api/v1/nope");
  assert.equal(res.status, 404);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
});

Deno.test("site: taxonomy pages show counts and the entries of a node", async () => {
  const all = await page("/taxonomy");
  assertHtml(all.res);
  assert.equal(h1(all.html), "Taxonomy");
  assert.match(all.html, /<a href="\/taxonomy\/build">Build<\/a>/);
  assert.match(all.html, /0 tools · 1 servers/);
  const leaf = await page("/taxonomy/image-generation");
  assertHtml(leaf.res);
  assert.equal(h1(leaf.html), "Image generation");
  assert.match(leaf.html, /<li class="badge">2 AI tools<\/li>/);
  assert.match(leaf.html, /<a href="\/tools\/pixelforge">PixelForge<\/a>/);
  assert.match(
    leaf.html,
    /<a href="\/taxonomy">Taxonomy<\/a>.*<a href="\/taxonomy\/create">Create<\/a>/s,
  );
  const facet = await page("/taxonomy/build");
  assert.match(facet.html, /<a href="\/servers\/io\.github\.acme\/postgres">Postgres<\/a>/);
});

/** Model ids of the prices table rows, in order. */
function priceRows(html: string): string[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)![1]!;
  return [...body.matchAll(/<tr><td>([^<]*)<\/td><td>(?:<a[^>]*>)?([^<]*)/g)].map((m) => m[2]!);
}

Deno.test("site: the prices table sorts on the server by query parameter", async () => {
  const asc = await page("/llm-prices?sort=input&dir=asc");
  assertHtml(asc.res);
  assert.equal(h1(asc.html), "LLM list prices");
  assert.deepEqual(priceRows(asc.html), ["gpt-test", "claude-test"]);
  assert.match(asc.html, /<th scope="col" class="num" aria-sort="ascending">/);
  const desc = await page("/llm-prices?sort=input&dir=desc");
  assert.deepEqual(priceRows(desc.html), ["claude-test", "gpt-test"]);
  const provider = await page("/llm-prices");
  assert.deepEqual(priceRows(provider.html), ["claude-test", "gpt-test"]);
  const cached = await page("/llm-prices?sort=cached&dir=desc");
  assert.deepEqual(priceRows(cached.html), ["gpt-test", "claude-test"], "null figures sort last");
  const filtered = await page("/llm-prices?provider=openai");
  assert.deepEqual(priceRows(filtered.html), ["gpt-test"]);
  // Cached input, long context, web search and date columns (checked only for a real check).
  assert.match(asc.html, /<td class="num">\$1\.25<\/td>/);
  assert.match(asc.html, /&gt; 200K: \$6\.00 in \/ \$22\.50 out/);
  assert.match(asc.html, /<td class="num">\$0\.01<\/td>/);
  assert.match(
    asc.html,
    /<td class="small nowrap" title="fixture"><strong>checked<\/strong> 2026-08-01<\/td>/,
  );
  assert.match(asc.html, /<td class="small nowrap" ><span class="muted">not known<\/span><\/td>/);
  const bogus = await page("/llm-prices?sort=bogus&dir=sideways");
  assertHtml(bogus.res);
  assert.deepEqual(priceRows(bogus.html), ["claude-test", "gpt-test"]);
});

Deno.test("formatUsd() and formatTokens() print compact figures", () => {
  assert.equal(formatUsd(2.5), "$2.50");
  assert.equal(formatUsd(0.075), "$0.075");
  assert.equal(formatUsd(0.5), "$0.50");
  assert.equal(formatUsd(0.00015), "$0.00015");
  assert.equal(formatUsd(null), "–");
  assert.equal(formatTokens(128000), "128K");
  assert.equal(formatTokens(1_048_576), "1.05M");
});

Deno.test("site: pages link only the site's own stylesheet and script (air-gapped)", async () => {
  const paths = [
    "/",
    "/tools/scribe",
    "/servers/io.github.acme/postgres",
    "/taxonomy",
    "/llm-prices",
    "/docs",
    "/nope",
  ];
  for (const path of paths) {
    const { html } = await page(path);
    const refs = [
      ...html.matchAll(/<link[^>]+href="([^"]+)"/g),
      ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
      ...html.matchAll(/<img[^>]+src="([^"]+)"/g),
    ].map((m) => m[1]!).filter((h) => !h.startsWith("http://test.local/"));
    for (const ref of refs) assert.match(ref, /^\/(?!\/)/, `${path} loads ${ref}`);
    assert.doesNotMatch(html, /@import|url\(http/);
  }
  const css = await app.request("/static/site.css");
  assert.equal(css.headers.get("content-type"), "text/css; charset=utf-8");
  const text = await css.text();
  assert.doesNotMatch(text, /url\(|@import|https?:\/\//);
});

Deno.test("site: static assets are cached for a year and revalidate by ETag", async () => {
  const res = await app.request("/static/site.js");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/javascript; charset=utf-8");
  assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
  const etag = res.headers.get("etag")!;
  await res.body?.cancel();
  const again = await app.request("/static/site.js", { headers: { "if-none-match": etag } });
  assert.equal(again.status, 304);
});

Deno.test("site: /docs renders every operation of the OpenAPI document", async () => {
  const { res, html } = await page("/docs");
  assertHtml(res);
  assert.equal(h1(html), "API documentation");
  for (const op of API_OPERATIONS) {
    assert.ok(html.includes(`<code>${op.base ?? "/api/v1"}${op.path}</code>`), op.path);
    assert.ok(html.includes(`id="op-${op.operationId}"`), op.operationId);
  }
  assert.match(html, /<section class="card" id="schema-ToolRecord"/);
  assert.match(html, /<code>rate_limited<\/code>/);
});

Deno.test("site: HEAD of a page answers without a body", async () => {
  const res = await app.request("/tools/scribe", { method: "HEAD" });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/html; charset=UTF-8");
  assert.equal(await res.text(), "");
});

Deno.test("site: pages never count against API quotas", async () => {
  const dir = await tempDir({ prefix: "toolatlas-site-kv-" });
  const access = await openAccess({
    kvPath: `${dir}/kv.sqlite3`,
    tiersJson: JSON.stringify({ free: { perDay: 1 } }),
  });
  try {
    const limited = createApp({ ctx, access });
    const from = { remoteAddr: { hostname: "203.0.113.9", port: 40000, transport: "tcp" } };
    for (const path of ["/", "/tools/scribe", "/servers/io.github.acme/postgres", "/llm-prices"]) {
      for (let i = 0; i < 3; i++) {
        const res = await limited.request(path, {}, from);
        assert.equal(res.status, 200, path);
        assert.equal(res.headers.get("ratelimit"), null);
        await res.body?.cancel();
      }
    }
    const first = await limited.request("/api/v1/tools/scribe", {}, from);
    assert.equal(first.status, 200);
    await first.body?.cancel();
    const second = await limited.request("/api/v1/tools/scribe", {}, from);
    assert.equal(second.status, 429);
    await second.body?.cancel();
  } finally {
    access.kv.close();
  }
});

Deno.test("jsonLdText() escapes characters that could close the script element", () => {
  const text = jsonLdText({ name: "</script><script>alert(1)</script>", x: "a&b\u2028" });
  assert.doesNotMatch(text, /[<>&\u2028]/);
  assert.deepEqual(JSON.parse(text), {
    name: "</script><script>alert(1)</script>",
    x: "a&b\u2028",
  });
});

/** A catalog whose names and descriptions try to inject markup. */
async function hostileContext(): Promise<CatalogContext> {
  const dir = await tempDir({ prefix: "toolatlas-site-xss-" });
  const path = `${dir}/catalog.db`;
  await writeCatalog(path, {
    tools: [
      ...TOOLS,
      tool({
        slug: "evil",
        name: "Evil </script><script>alert(1)</script>",
        description: `<img src=x onerror=alert(1)> "quoted" & more`,
        url: `javascript:alert(1)//"><b>`,
        tags: ["<b>tag</b>"],
      }),
    ],
    servers: [
      ...SERVERS,
      server({
        name: "io.github.evil/x",
        title: `Evil <h1>server</h1>`,
        description: "</script><!-- -->",
        remotes: [{ type: "streamable-http", url: "https://evil.example/mcp?a=</pre><script>" }],
        hosting: "remote",
      }),
    ],
    prices: PRICES,
    sources: [],
    report: {},
    builtAt: "2026-11-22T00:00:00.000Z",
  });
  return { ...ctx, store: CatalogStore.open(path), ...newCaches() };
}

Deno.test("site: hostile catalog text is escaped everywhere, JSON-LD included", async () => {
  const evil = createApp({ ctx: await hostileContext() });
  const toolRes = await evil.request("/tools/evil");
  const toolHtml = await toolRes.text();
  assert.equal(toolRes.status, 200);
  assert.equal(h1(toolHtml), "Evil </script><script>alert(1)</script>");
  assert.doesNotMatch(toolHtml, /<script>alert|<img src=x|<b>tag/);
  assert.equal(jsonLd(toolHtml).name, "Evil </script><script>alert(1)</script>");
  assert.equal((toolHtml.match(/<script/g) ?? []).length, 2, "only JSON-LD and site.js");
  assert.doesNotMatch(toolHtml, /href="javascript:/i);
  const serverRes = await evil.request("/servers/io.github.evil/x");
  const serverHtml = await serverRes.text();
  assert.equal(serverRes.status, 200);
  assert.equal(h1(serverHtml), "Evil <h1>server</h1>");
  assert.doesNotMatch(serverHtml, /<h1>server|<\/pre><script>|<!-- -->/);
  assert.equal(jsonLd(serverHtml).description, "</script><!-- -->");
  const search = await evil.request("/?q=%3Cscript%3Ealert(1)%3C/script%3E");
  assert.doesNotMatch(await search.text(), /<script>alert/);
});
