/**
 * A deterministic dump of API answers on the fixture catalogs, for before/after comparisons of a
 * refactor ("same answers"): a fixed list of requests through the app in-process
 * (`app.request`, no port) — every REST route of the operation table under `/api/v1` with typical
 * and edge parameters, the registry API under `/v0.1` and `/v0`, MCP `tools/call` for every
 * `svc_*` tool, and a few site pages — written as one text file: per request its method and path,
 * the status, the content type and the body. Bodies are kept byte for byte except for the
 * normalisations in {@link normalise} (timestamps of the run, request ids).
 *
 * The catalogs are the test fixtures: `tests/fixtures/catalog.ts` (embedded with the real
 * USE-lite model, so semantic and hybrid modes rank by vectors) and the registry fixture of
 * `tests/http/registry_fixture.ts`.
 *
 * ```sh
 * deno task api-dump /tmp/api_before.txt
 * # refactor, then
 * deno task api-dump /tmp/api_after.txt && diff /tmp/api_before.txt /tmp/api_after.txt
 * ```
 *
 * @module
 */
import { createApp } from "../src/http/app.ts";
import { CLIENT_IDS } from "../src/model/install.ts";
import { fixtureContext } from "../tests/fixtures/catalog.ts";
import { mcpPost, toolCall } from "../tests/_mcp.ts";

/** One request of the dump. */
interface DumpRequest {
  /** Path with query string. */
  path: string;
  /** Request options (method, headers, body); GET when absent. */
  init?: RequestInit;
  /** Label shown instead of the method (e.g. the MCP tool called). */
  label?: string;
}

/** Something that answers requests in-process (a Hono app). */
interface Requester {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

const SEARCH_MODES = ["lexical", "semantic", "hybrid"] as const;

/** The REST requests (under `/api/v1`) run on the main fixture. */
function restRequests(): DumpRequest[] {
  const paths: string[] = [];
  const tq = ["transcription", "image", "writing assistant", "notes meetings", "zzzz", "API"];
  for (const mode of SEARCH_MODES) {
    for (const q of tq) paths.push(`/tools?q=${encodeURIComponent(q)}&mode=${mode}`);
  }
  paths.push(
    "/tools",
    "/tools?limit=2&offset=1",
    "/tools?limit=50&offset=3",
    "/tools?slug=scribe",
    "/tools?slug=nope",
    "/tools?pricing=free&limit=50",
    "/tools?pricing=paid",
    "/tools?pricing=open_source&q=writing",
    "/tools?category=Audio",
    "/tools?category=image-generator",
    "/tools?facetId=create",
    "/tools?facetId=create&subcategoryId=media",
    "/tools?leafId=image-generation&q=image",
    "/tools?leafId=unknown-leaf",
    "/tools?q=image&safe=off",
    "/tools?q=image&sort=rating",
    "/tools?limit=0",
    "/tools?limit=51",
    "/tools?mode=fuzzy",
    "/tools?offset=-1",
    "/tools?q=",
    `/tools?q=${"a".repeat(600)}`,
    "/tools/scribe",
    "/tools/pixelforge",
    "/tools/image",
    "/tools/nope",
    "/tools/compare?slugs=scribe,pixelforge",
    "/tools/compare?slugs=scribe,writewell,image",
    "/tools/compare?slugs=scribe",
    "/tools/compare?slugs=scribe,nope",
    "/tools/compare?slugs=scribe,scribe",
    "/tools/alternatives?slug=scribe",
    "/tools/alternatives?slug=pixelforge&limit=2",
    "/tools/alternatives?slug=image&safe=off",
    "/tools/alternatives?slug=nope",
    "/tools/alternatives",
    "/categories",
    "/categories?x=1",
    "/taxonomy",
    "/taxonomy?facetId=build",
    "/taxonomy?facetId=create",
    "/taxonomy?facetId=nope",
  );
  const sq = ["postgres", "github issues", "web search", "sql database", "notes", "zzzz"];
  for (const mode of SEARCH_MODES) {
    for (const q of sq) paths.push(`/servers?q=${encodeURIComponent(q)}&mode=${mode}`);
  }
  paths.push(
    "/servers",
    "/servers?limit=1",
    "/servers?limit=2&collapse=false",
    "/servers?hosting=local",
    "/servers?hosting=remote",
    "/servers?transport=stdio",
    "/servers?transport=streamable-http",
    "/servers?registryType=npm",
    "/servers?registryType=pypi",
    "/servers?install=none",
    "/servers?install=unverified",
    "/servers?category=Databases",
    "/servers?category=developer-tools",
    "/servers?facetId=build",
    "/servers?leafId=relational-databases",
    "/servers?q=postgres&safe=off&sort=rating",
    "/servers?cursor=bogus",
    "/servers?hosting=mars",
    "/servers?limit=99",
    "/servers/io.github.acme/postgres",
    "/servers/com.example/remote-search",
    "/servers/github.com/someone/github-mcp",
    "/servers/github.com/nobody/bare-notes",
    "/servers/nope/nope",
    "/servers/compare?names=io.github.acme/postgres,com.example/remote-search",
    "/servers/compare?names=io.github.acme/postgres,github.com/nobody/bare-notes,github.com/someone/github-mcp",
    "/servers/compare?names=io.github.acme/postgres",
    "/servers/compare?names=io.github.acme/postgres,nope/nope",
    "/servers/filters",
    "/llm-prices",
    "/llm-prices?provider=openai",
    "/llm-prices?model=claude-test",
    "/llm-prices?q=test&sort=input&dir=desc",
    "/llm-prices?sort=output",
    "/llm-prices?limit=1",
    "/llm-prices?provider=nobody",
    "/llm-prices?sort=bogus",
    "/health",
    "/openapi.json",
    "/nope",
  );
  for (const name of ["io.github.acme/postgres", "com.example/remote-search"]) {
    paths.push(`/servers/${name}/install-config`);
    for (const client of CLIENT_IDS) paths.push(`/servers/${name}/install-config?client=${client}`);
  }
  paths.push(
    "/servers/github.com/someone/github-mcp/install-config?client=cursor",
    "/servers/github.com/nobody/bare-notes/install-config",
    "/servers/io.github.acme/postgres/install-config?client=notepad",
    "/servers/nope/nope/install-config",
  );
  const out: DumpRequest[] = paths.map((p) => ({ path: `/api/v1${p}` }));
  const post = (body: string, type = "application/json"): RequestInit => ({
    method: "POST",
    headers: { "content-type": type },
    body,
  });
  for (
    const body of [
      { query: "turn meeting recordings into notes" },
      { query: "generate images from text", limit: 2 },
      { query: "write blog posts", safe: "off" },
      { query: "zzzz" },
      { query: "" },
      { limit: 3 },
    ]
  ) out.push({ path: "/api/v1/tools/recommend", init: post(JSON.stringify(body)) });
  out.push(
    { path: "/api/v1/tools/recommend", init: post("{not json") },
    { path: "/api/v1/tools/recommend", init: post("query=x", "text/plain") },
  );
  return out;
}

/** The site pages requested on the main fixture. */
function siteRequests(): DumpRequest[] {
  return [
    "/",
    "/?q=image",
    "/?q=postgres&kind=servers",
    "/tools/scribe",
    "/tools/nope",
    "/servers/io.github.acme/postgres",
    "/servers/nope/nope",
    "/taxonomy",
    "/taxonomy/create",
    "/taxonomy/image-generation",
    "/taxonomy/nope",
    "/llm-prices",
    "/sitemap.xml",
    "/robots.txt",
  ].map((path) => ({ path }));
}

/** The MCP `tools/call` requests (one JSON-RPC POST to `/mcp` each). */
function mcpRequests(): DumpRequest[] {
  const calls: [string, unknown][] = [
    ["svc_tools_search", { q: "transcription" }],
    ["svc_tools_search", { q: "image", mode: "semantic", limit: 2 }],
    ["svc_tools_search", { q: "image", mode: "lexical", pricing: "free" }],
    ["svc_tools_search", { limit: 0 }],
    ["svc_tools_details", { slug: "scribe" }],
    ["svc_tools_details", { slug: "nope" }],
    ["svc_tools_compare", { slugs: ["scribe", "pixelforge"] }],
    ["svc_tools_compare", { slugs: ["scribe"] }],
    ["svc_tools_recommend", { query: "turn meeting recordings into notes" }],
    ["svc_tools_alternatives", { slug: "pixelforge" }],
    ["svc_tools_alternatives", { slug: "nope" }],
    ["svc_tools_categories", {}],
    ["svc_tools_categories", { facetId: "create" }],
    ["svc_search", { q: "postgres" }],
    ["svc_search", { q: "web search", mode: "semantic", hosting: "remote" }],
    ["svc_search", { transport: "stdio", collapse: false }],
    ["svc_search", { hosting: "mars" }],
    ["svc_server_details", { name: "io.github.acme/postgres" }],
    ["svc_server_details", { name: "nope/nope" }],
    ["svc_get_install_config", { name: "io.github.acme/postgres" }],
    ["svc_get_install_config", { name: "io.github.acme/postgres", client: "vscode" }],
    ["svc_get_install_config", { name: "com.example/remote-search", client: "claude-code" }],
    ["svc_get_install_config", { name: "io.github.acme/postgres", client: "notepad" }],
    ["svc_compare", { names: ["io.github.acme/postgres", "com.example/remote-search"] }],
    ["svc_compare", { names: ["io.github.acme/postgres", "nope/nope"] }],
    ["svc_list_filters", {}],
    ["svc_llm_prices", {}],
    ["svc_llm_prices", { provider: "anthropic" }],
    ["svc_llm_prices", { sort: "bogus" }],
    ["svc_no_such_tool", {}],
  ];
  const out: DumpRequest[] = calls.map(([name, args], i) => ({
    path: "/mcp",
    init: mcpPost(toolCall(i + 1, name, args)),
    label: `MCP ${name} ${JSON.stringify(args)}`,
  }));
  out.push({
    path: "/mcp",
    init: mcpPost({ jsonrpc: "2.0", id: 99, method: "tools/list" }),
    label: "MCP tools/list",
  });
  return out;
}

/** The registry API requests (run on the main fixture and on the registry fixture). */
function registryRequests(names: string[]): DumpRequest[] {
  const paths: string[] = [];
  for (const root of ["/v0.1", "/v0"]) {
    paths.push(
      `${root}/servers`,
      `${root}/servers?limit=2`,
      `${root}/servers?search=postgres`,
      `${root}/servers?search=search`,
      `${root}/servers?search=zzzz`,
      `${root}/servers?version=latest`,
      `${root}/servers?updated_since=2025-09-20T00:00:00Z`,
      `${root}/servers?limit=0`,
      `${root}/servers?cursor=bogus`,
      `${root}/servers/`,
      `${root}/ping`,
      `${root}/health`,
    );
    for (const name of names) {
      const n = encodeURIComponent(name);
      paths.push(
        `${root}/servers/${n}/versions`,
        `${root}/servers/${n}/versions/latest`,
        `${root}/servers/${n}/versions/1.1.0`,
        `${root}/servers/${n}`,
      );
    }
    paths.push(`${root}/servers/${encodeURIComponent("nope/nope")}/versions`);
  }
  return paths.map((path) => ({ path }));
}

/**
 * Replaces what changes from one run to the next: ISO timestamps of the run (anything dated
 * today or later, UTC), request ids and trace ids. Fixture dates (2025-2026, in the past) stay.
 *
 * @param text a response body
 * @param today the run's date, `YYYY-MM-DD`
 * @returns the body with volatile values replaced by placeholders
 */
export function normalise(text: string, today: string): string {
  return text
    .replace(
      /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g,
      (m) => m.slice(0, 10) >= today ? "<now>" : m,
    )
    .replace(/("(?:requestId|request_id|traceId|instance)"\s*:\s*)"[^"]*"/g, '$1"<id>"');
}

/**
 * Runs requests against an app and renders each as a block of text.
 *
 * @param app the app
 * @param title the section title
 * @param requests the requests, in order
 * @param today the run's date, `YYYY-MM-DD` (see {@link normalise})
 * @returns the section's text
 */
async function dumpSection(
  app: Requester,
  title: string,
  requests: DumpRequest[],
  today: string,
): Promise<string> {
  let out = `######## ${title}\n`;
  for (const r of requests) {
    const res = await app.request(r.path, r.init);
    const body = await res.text();
    const label = r.label ?? `${r.init?.method ?? "GET"} ${r.path}`;
    const type = res.headers.get("content-type") ?? "-";
    const location = res.headers.get("location");
    out += `=== ${label}\n${res.status} ${type}${location ? ` -> ${location}` : ""}\n` +
      `${normalise(body, today)}\n`;
  }
  return out;
}

if (import.meta.main) {
  const target = Deno.args[0];
  if (!target) {
    console.error("Usage: deno task api-dump OUTPUT_FILE");
    Deno.exit(2);
  }
  const today = new Date().toISOString().slice(0, 10);
  const ctx = await fixtureContext({ embed: true });
  const app = createApp({ ctx });
  let text = await dumpSection(app, "REST /api/v1 (fixture catalog)", restRequests(), today);
  text += await dumpSection(app, "MCP /mcp (fixture catalog)", mcpRequests(), today);
  text += await dumpSection(app, "site (fixture catalog)", siteRequests(), today);
  text += await dumpSection(
    app,
    "registry API (fixture catalog)",
    registryRequests(["io.github.acme/postgres", "com.example/remote-search"]),
    today,
  );
  // The registry fixture builds its catalog when imported.
  const registry = await import("../tests/http/registry_fixture.ts");
  text += await dumpSection(
    registry.app,
    "registry API (registry fixture)",
    registryRequests([
      "io.github.acme/postgres",
      "io.github.acme/pg-old",
      "smithery/acme-postgres",
      "com.example/remote-search",
    ]),
    today,
  );
  await Deno.writeTextFile(target, text);
  ctx.store.close();
  registry.ctx.store.close();
  console.log(`${target}: ${text.split("\n").length} lines`);
}
