/**
 * The guides on the site (`/docs/guides`, `/docs/{page}`): the repository's `docs/*.md` rendered
 * with a table of contents and GitHub's anchors, links between guides rewritten, raw HTML escaped,
 * only existing pages served, an ETag per page; and the Markdown rendering itself.
 *
 * @module
 */
import assert from "node:assert/strict";
import { decodeHTML } from "entities";
import { Hono } from "hono";
import { createApp } from "../../src/http/app.ts";
import { DOCS_INDEX_PATH, docsHref } from "../../src/site/docs_md_page.tsx";
import { markdownHeadings, renderMarkdown } from "../../src/site/markdown.ts";
import { siteRoutes } from "../../src/site/routes.tsx";
import { fixtureContext } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const ctx = await fixtureContext();
const app = createApp({ ctx });
const DOCS = new URL("../../docs/", import.meta.url);

async function page(path: string, init?: RequestInit, on: { request: Hono["request"] } = app) {
  const res = await on.request(path, init);
  return { res, html: await res.text() };
}

function text(html: string): string {
  return decodeHTML(html.replace(/<[^>]+>/g, "")).trim();
}

function h1(html: string): string | undefined {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return m ? text(m[1]!) : undefined;
}

/** The table of contents: each entry's target and text. */
function toc(html: string): { href: string; label: string }[] {
  const nav = /<nav class="docs-toc card"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
  return [...nav.matchAll(/<a href="([^"]+)">([\s\S]*?)<\/a>/g)]
    .map((m) => ({ href: m[1]!, label: text(m[2]!) }));
}

Deno.test("markdown: GitHub anchors, unique per page, from the heading's text", () => {
  assert.deepEqual(
    markdownHeadings("# REST API (`/api/v1`)\n## Cursor\n## Cursor\n## The `q` — 1.5 (beta)!\n")
      .map((h) => [h.depth, h.text, h.id]),
    [
      [1, "REST API (/api/v1)", "rest-api-apiv1"],
      [2, "Cursor", "cursor"],
      [2, "Cursor", "cursor-1"],
      [2, "The q — 1.5 (beta)!", "the-q--15-beta"],
    ],
  );
});

Deno.test("markdown: raw HTML is shown as text, comments dropped, unsafe links unlinked", () => {
  const { html } = renderMarkdown(
    "# T <b>x</b>\n\n<script>alert(1)</script>\n\n<!-- generated: routes -->\n\n" +
      'Hi <img src=x onerror="alert(1)"> [js](javascript:alert(1)) [ok](https://a.example/) ' +
      "[add](cursor://anysphere.cursor-deeplink/mcp/install?name=x)\n\n| a |\n| - |\n| b |\n",
  );
  assert.doesNotMatch(html, /<script|<img|<b>|onerror="|href="javascript|generated: routes/);
  assert.match(html, /<h1 id="t-x">T &lt;b&gt;x&lt;\/b&gt;<\/h1>/);
  assert.match(html, /<p>&lt;script&gt;alert\(1\)&lt;\/script&gt;<\/p>/);
  assert.match(html, / js /);
  assert.match(html, /<a href="https:\/\/a.example\/">ok<\/a>/);
  assert.match(html, /<a href="cursor:\/\/anysphere.cursor-deeplink\/mcp\/install\?name=x">add/);
  assert.match(html, /<div class="table-scroll"><table>/);
});

Deno.test("docsHref: links between guides become site pages, repository files stay", () => {
  const pages = new Set(["mcp", "install-configs"]);
  assert.equal(docsHref("mcp.md", pages), "/docs/mcp");
  assert.equal(docsHref("./install-configs.md#cursor", pages), "/docs/install-configs#cursor");
  assert.equal(docsHref("../docs/mcp.md#tools", pages), "/docs/mcp#tools");
  assert.equal(docsHref("#limits", pages), "#limits");
  assert.equal(docsHref("../README.md#run", pages), "../README.md#run");
  assert.equal(docsHref("../src/errors.ts", pages), "../src/errors.ts");
  assert.equal(docsHref("missing.md", pages), "missing.md");
  assert.equal(docsHref("https://example.com/mcp.md", pages), "https://example.com/mcp.md");
});

Deno.test("site: /docs/guides lists every docs/*.md by its first heading", async () => {
  const { res, html } = await page(DOCS_INDEX_PATH);
  assert.equal(res.status, 200);
  assert.equal(h1(html), "Guides");
  for await (const entry of Deno.readDir(DOCS)) {
    if (!entry.name.endsWith(".md")) continue;
    const name = entry.name.slice(0, -3);
    const first = markdownHeadings(await Deno.readTextFile(new URL(entry.name, DOCS)))[0]!;
    const link = new RegExp(`<a href="/docs/${name}"><strong>([^<]*)</strong></a>`).exec(html);
    assert.ok(link, name);
    assert.equal(decodeHTML(link[1]!), first.text, name);
  }
  assert.match(html, /<a href="\/docs">API reference \(OpenAPI\)<\/a>/);
});

Deno.test("site: a guide has its headings' anchors, a table of contents and rewritten links", async () => {
  const { res, html } = await page("/docs/install-configs");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/html; charset=UTF-8");
  assert.equal(h1(html), "Install configs");
  assert.match(html, /<title>Install configs · toolatlas<\/title>/);
  // The README links here with GitHub's anchor.
  assert.match(html, /<h2 id="toolatlas-in-your-mcp-client">toolatlas in your MCP client<\/h2>/);
  const md = await Deno.readTextFile(new URL("install-configs.md", DOCS));
  const expected = markdownHeadings(md).filter((h) => h.depth === 2 || h.depth === 3);
  assert.deepEqual(toc(html), expected.map((h) => ({ href: `#${h.id}`, label: h.text })));
  for (const { href } of toc(html)) assert.ok(html.includes(`id="${href.slice(1)}"`), href);
  // The generated sections' markers are comments: not shown.
  assert.doesNotMatch(html, /generated: clients|toolatlas-configs/);
  // A link to another guide points at its page.
  const build = (await page("/docs/catalog-build")).html;
  assert.match(build, /<a href="\/docs\/server-facts">server-facts.md<\/a>/);
});

Deno.test("site: guides answer If-None-Match with 304 and unknown names with the 404 page", async () => {
  const first = await app.request("/docs/rest-api");
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^"[^"]+"$/);
  await first.body?.cancel();
  const again = await app.request("/docs/rest-api", { headers: { "if-none-match": etag } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get("etag"), etag);
  const other = await app.request("/docs/mcp");
  assert.notEqual(other.headers.get("etag"), etag);
  await other.body?.cancel();
  for (
    const path of ["/docs/nope", "/docs/..%2FREADME", "/docs/..%2F..%2Fdeno.json", "/docs/.md"]
  ) {
    const { res, html } = await page(path);
    assert.equal(res.status, 404, path);
    assert.equal(h1(html), "Not found", path);
  }
  const md = await app.request("/docs/mcp.md");
  assert.equal(md.status, 301);
  assert.equal(md.headers.get("location"), "/docs/mcp");
});

Deno.test("site: every page's footer links the guides next to the OpenAPI reference", async () => {
  for (const path of ["/", "/tools/scribe", "/docs", DOCS_INDEX_PATH, "/docs/mcp", "/nope"]) {
    const { html } = await page(path);
    const footer = /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? "";
    assert.match(footer, new RegExp(`<a href="${DOCS_INDEX_PATH}">Guides</a>`), path);
    assert.match(footer, /<a href="\/docs">API reference \(OpenAPI\)<\/a>/, path);
  }
});

Deno.test("site: only .md files of the folder are pages; hostile Markdown is escaped", async () => {
  const dir = await tempDir({ prefix: "toolatlas-docs-" });
  await Deno.writeTextFile(
    `${dir}/evil.md`,
    "# Evil <script>alert(1)</script>\n\n[other](other.md#b) [x](javascript:alert(1))\n" +
      '<iframe src="https://evil.example"></iframe>\n',
  );
  await Deno.writeTextFile(`${dir}/other.md`, "# Other\n\n## B\n");
  await Deno.writeTextFile(`${dir}/secret.txt`, "not a page");
  const site = new Hono().route("/", siteRoutes(ctx, { docsDir: new URL(`file://${dir}/`) }));
  const { res, html } = await page("/docs/evil", undefined, site);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-security-policy")?.includes("script-src 'self'"), true);
  assert.doesNotMatch(html, /<script>alert|<iframe|href="javascript/);
  assert.match(html, /<a href="\/docs\/other#b">other<\/a>/);
  assert.equal((await page("/docs/secret", undefined, site)).res.status, 404);
  assert.equal((await page("/docs/secret.txt", undefined, site)).res.status, 404);
  const index = (await page(DOCS_INDEX_PATH, undefined, site)).html;
  assert.deepEqual([...index.matchAll(/<a href="(\/docs\/[a-z]+)"><strong>/g)].map((m) => m[1]), [
    "/docs/evil",
    "/docs/other",
  ]);
});
