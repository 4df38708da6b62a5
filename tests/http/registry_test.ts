import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openAccess } from "../../src/access/access.ts";
import { type CatalogContext, openContext } from "../../src/catalog/context.ts";
import { registryStats } from "../../src/catalog/registry.ts";
import { writeCatalog } from "../../src/catalog/writer.ts";
import { createApp } from "../../src/http/app.ts";
import { server } from "../fixtures/catalog.ts";
import { expectProblem, getJson, type Requester } from "../_http.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import { tempDir } from "../_temp.ts";

const T1 = "2026-01-01T00:00:00.000Z";
const T2 = "2026-02-01T00:00:00.000Z";

const LONG = "Query PostgreSQL databases with read-only SQL, inspect schemas, explain plans " +
  "and export results as CSV or JSON for analysis in any MCP client you like.";

/** The registry fixture: every case the mapping has to handle. */
const SERVERS: CatalogServer[] = [
  server({
    name: "io.github.acme/postgres",
    title: "Postgres",
    description: LONG,
    officialNames: ["io.github.acme/pg-old", "io.github.acme/postgres"],
    repositoryUrl: "https://github.com/acme/servers",
    subfolder: "src/postgres",
    homepage: "https://postgres.acme.example/docs",
    icons: [{ src: "https://acme.example/icon.png", mimeType: "image/png" }],
    version: "1.2.0",
    status: "active",
    publishedAt: "2025-09-01T10:00:00.000Z",
    updatedAt: "2025-10-01T10:00:00.000Z",
    provenance: { publishedAt: "official-registry", updatedAt: "official-registry" },
    packages: [
      {
        registryType: "npm",
        identifier: "@acme/postgres-mcp",
        version: "latest",
        runtimeHint: "npx",
        runtimeArguments: [{ name: "--port", value: "5432" }],
        packageArguments: [{ name: "connection_string", type: "positional" }],
        environmentVariables: [{ name: "DATABASE_URL", isSecret: true, isRequired: true }],
      },
      { registryType: "mcpb", identifier: "https://acme.example/pg.mcpb" },
      { registryType: "cargo", identifier: "pg-mcp", transport: { type: "stdio" } },
    ],
    remotes: [
      { type: "streamable-http", url: "https://pg.acme.example/mcp" },
      { type: "sse", url: "https://pg.acme.example/sse?key=<YOUR KEY>" },
    ],
    hosting: "both",
    transports: ["stdio", "streamable-http"],
    tools: [{ name: "query", description: "Run a read-only SQL query" }],
    toolsSource: "toolsdk",
    variants: [{ name: "smithery/acme-postgres", sources: ["smithery"], reason: "re-listing" }],
    sources: [{ source: "official-registry", sourceId: "io.github.acme/postgres" }],
  }),
  server({
    name: "smithery/acme-postgres",
    title: "Acme Postgres (Smithery)",
    description: "Smithery listing of the Acme Postgres server",
    canonicalName: "io.github.acme/postgres",
    variantReason: "re-listing",
    sources: [{ source: "smithery", sourceId: "acme-postgres" }],
  }),
  server({
    name: "com.example/remote-search",
    title: "Remote Search",
    description: "Web search as a hosted MCP endpoint",
    officialNames: ["com.example/remote-search"],
    version: "1.0.0+build.5",
    status: "deprecated",
    remotes: [{ type: "streamable-http", url: "https://search.example/mcp" }],
    hosting: "remote",
    sources: [{ source: "official-registry", sourceId: "com.example/remote-search" }],
  }),
  server({
    name: "com.supabase/mcp~2",
    title: "Supabase (second listing)",
    description: "A second entry that claimed the official name com.supabase/mcp",
    officialNames: ["com.supabase/mcp"],
    sources: [{ source: "official-registry", sourceId: "com.supabase/mcp#2" }],
  }),
  server({
    name: "github.com/someone/github-mcp",
    title: "GitHub",
    description: "Manage GitHub issues and pull requests",
    repositoryUrl: "https://github.com/someone/github-mcp",
    packages: [{ registryType: "pypi", identifier: "github-mcp" }],
    hosting: "local",
    sources: [{ source: "glama", sourceId: "someone/github-mcp" }],
  }),
  server({
    name: "github.com/nobody/bare-notes",
    title: "Bare Notes",
    description: "",
    repositoryUrl: "https://github.com/nobody/bare-notes",
    sources: [{ source: "glama", sourceId: "nobody/bare-notes" }],
  }),
  server({
    name: "github.com/x/nsfw-bot",
    title: "NSFW bot",
    description: "Adult chat",
    content: { adult: ['word "nsfw" in name'], spam: [] },
    sources: [{ source: "glama", sourceId: "x/nsfw-bot" }],
  }),
];

async function build(path: string, servers: CatalogServer[], builtAt: string) {
  await writeCatalog(path, { tools: [], servers, prices: [], sources: [], report: {}, builtAt });
}

const dir = await tempDir({ prefix: "toolatlas-registry-" });
await build(`${dir}/catalog.db`, SERVERS, T1);
const ctx: CatalogContext = await openContext(`${dir}/catalog.db`, "http://test.local");
const app = createApp({ ctx });

const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const validateServer = ajv.compile(
  JSON.parse(
    await Deno.readTextFile(
      new URL("../fixtures/registry/server.schema.2025-12-11.json", import.meta.url),
    ),
  ),
);

const get = (path: string, init?: RequestInit, on: Requester = app) => getJson(on, path, init);

async function problem(path: string, status: number, code: string, init?: RequestInit) {
  return (await expectProblem(app, path, status, code, init)).body;
}

/** Every entry of a listing, following nextCursor. */
async function walk(query: string, on = app) {
  const names: string[] = [];
  const entries: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const { res, body } = await get(
      `/v0.1/servers?${query}${cursor ? `&cursor=${cursor}` : ""}`,
      undefined,
      on,
    );
    assert.equal(res.status, 200, JSON.stringify(body));
    for (const e of body.servers) {
      names.push(e.server.name);
      entries.push(e);
    }
    cursor = body.metadata.nextCursor;
    if (cursor === undefined) return { names, entries };
    assert.match(cursor, /^[A-Za-z0-9_-]+$/, "cursor is URL-safe");
  }
  throw new Error("walk did not end");
}

const LISTED = [
  "ai.toolatlas/com.supabase.mcp_2",
  "ai.toolatlas/github.com.nobody.bare-notes",
  "ai.toolatlas/github.com.someone.github-mcp",
  "ai.toolatlas/smithery.acme-postgres",
  "com.example/remote-search",
  "io.github.acme/postgres",
];

Deno.test("registry: GET /v0.1/servers?limit=1 answers the registry's list shape (the VS Code probe)", async () => {
  const { res, body } = await get("/v0.1/servers?limit=1");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type")!, /^application\/json/);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(Object.keys(body), ["servers", "metadata"]);
  assert.equal(body.metadata.count, 1);
  assert.match(body.metadata.nextCursor, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(Object.keys(body.servers[0]), ["server", "_meta"]);
  assert.ok("ai.toolatlas/enrichment" in body.servers[0]._meta);
});

Deno.test("registry: a walk lists every served entry once, in name order, and nothing hidden", async () => {
  for (const limit of [1, 2, 4, 30, 100]) {
    const { names } = await walk(`limit=${limit}&version=latest`);
    assert.deepEqual(names, LISTED, `limit=${limit}`);
  }
  assert.deepEqual(registryStats(ctx), {
    listed: 6,
    official: 2,
    toolatlasNamespace: 4,
    variants: 1,
    adult: 1,
    tooLong: 0,
    nameTaken: 0,
    deleted: 0,
    // io.github.acme/pg-old, and com.supabase/mcp (no entry holds it; its second claimant does).
    aliases: 2,
  });
});

Deno.test("registry: every server object is a valid server.json 2025-12-11", async () => {
  const { entries } = await walk("limit=3");
  for (const e of entries) {
    const ok = validateServer((e as { server: unknown }).server);
    assert.ok(ok, JSON.stringify(validateServer.errors));
  }
});

Deno.test("registry: server.json keeps what the format allows and drops what it cannot say", async () => {
  const { body } = await get("/v0.1/servers/io.github.acme%2Fpostgres/versions/latest");
  const s = body.server;
  assert.equal(
    s.$schema,
    "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
  );
  assert.equal(s.name, "io.github.acme/postgres");
  assert.ok(s.description.length <= 100 && s.description.endsWith("…"), s.description);
  assert.ok(LONG.startsWith(s.description.slice(0, -1)));
  assert.equal(s.version, "1.2.0");
  assert.deepEqual(s.repository, {
    url: "https://github.com/acme/servers",
    source: "github",
    subfolder: "src/postgres",
  });
  assert.equal(s.websiteUrl, "https://postgres.acme.example/docs");
  assert.deepEqual(s.icons, [{ src: "https://acme.example/icon.png", mimeType: "image/png" }]);
  // npm kept (its "latest" version dropped, stdio assumed); mcpb without a hash and cargo dropped.
  assert.deepEqual(s.packages, [{
    registryType: "npm",
    identifier: "@acme/postgres-mcp",
    transport: { type: "stdio" },
    runtimeHint: "npx",
    runtimeArguments: [{ type: "named", name: "--port", value: "5432" }],
    packageArguments: [{ type: "positional", valueHint: "connection_string" }],
    environmentVariables: [{ name: "DATABASE_URL", isRequired: true, isSecret: true }],
  }]);
  // The SSE remote's URL holds a placeholder with spaces: not a usable URL.
  assert.deepEqual(s.remotes, [{ type: "streamable-http", url: "https://pg.acme.example/mcp" }]);

  const bare =
    (await get("/v0.1/servers/ai.toolatlas%2Fgithub.com.nobody.bare-notes/versions/latest")).body;
  assert.equal(bare.server.description, "No description given by any source.");
  assert.equal(bare.server.version, "0.0.0-unknown");
  const gh =
    (await get("/v0.1/servers/ai.toolatlas%2Fgithub.com.someone.github-mcp/versions/latest")).body;
  assert.deepEqual(gh.server.packages, [{
    registryType: "pypi",
    identifier: "github-mcp",
    transport: { type: "stdio" },
  }]);
});

Deno.test("registry: _meta carries the official block for official names only, and the enrichment always", async () => {
  type Entry = { server: { name: string }; _meta: Record<string, Record<string, unknown>> };
  const { body } = await get("/v0.1/servers?limit=100");
  const by = new Map<string, Entry>(body.servers.map((e: Entry) => [e.server.name, e]));
  const official = (name: string) =>
    by.get(name)!._meta["io.modelcontextprotocol.registry/official"];
  const enrichment = (name: string) => by.get(name)!._meta["ai.toolatlas/enrichment"]!;
  assert.deepEqual(official("io.github.acme/postgres"), {
    status: "active",
    isLatest: true,
    publishedAt: "2025-09-01T10:00:00.000Z",
    updatedAt: "2025-10-01T10:00:00.000Z",
  });
  assert.equal(official("com.example/remote-search")!.status, "deprecated");
  for (const name of LISTED.filter((n) => n.startsWith("ai.toolatlas/"))) {
    assert.equal(official(name), undefined, name);
  }
  const enrich = enrichment("io.github.acme/postgres");
  assert.match(enrich.id as string, /^srv_[0-9a-f]{16}$/);
  assert.equal(enrich.status, "active");
  assert.equal(enrich.firstSeenAt, T1);
  assert.equal(enrich.updatedAt, T1);
  assert.equal(enrich.name, "io.github.acme/postgres");
  assert.equal(enrich.svcUrl, "http://test.local/servers/io.github.acme/postgres");
  assert.equal(enrich.description, LONG);
  assert.deepEqual(enrich.variants, ["ai.toolatlas/smithery.acme-postgres"]);
  assert.deepEqual(enrich.tools, {
    status: "known",
    source: "toolsdk",
    count: 1,
    items: [{ name: "query" }],
  });
  assert.deepEqual(enrich.sources, ["official-registry"]);
  const install = enrich.install as { configUrl: string; clients: { client: string }[] };
  assert.equal(
    install.configUrl,
    "http://test.local/api/v1/servers/io.github.acme/postgres/install-config",
  );
  assert.ok(install.clients.some((c) => c.client === "vscode"), JSON.stringify(install));
  assert.equal(
    enrichment("ai.toolatlas/smithery.acme-postgres").canonicalName,
    "io.github.acme/postgres",
  );
  assert.deepEqual(enrichment("ai.toolatlas/github.com.nobody.bare-notes").install, {
    configUrl: "http://test.local/api/v1/servers/github.com/nobody/bare-notes/install-config",
    clients: [],
  });
});

Deno.test("registry: the version routes decode %2F without splitting the name and add the full enrichment", async () => {
  const encoded = await get("/v0.1/servers/io.github.acme%2Fpostgres/versions/latest");
  assert.equal(encoded.res.status, 200);
  const enrich = encoded.body._meta["ai.toolatlas/enrichment"];
  assert.equal(enrich.tools.items[0].description, "Run a read-only SQL query");
  assert.equal(enrich.install.length, 8, "a config per client");
  assert.ok(enrich.install.every((c: { client: string }) => typeof c.client === "string"));
  assert.equal(enrich.sources[0].source, "official-registry");
  // Unencoded, other case, an alias (another official name) and the toolatlas name all resolve.
  for (
    const path of [
      "/v0.1/servers/io.github.acme/postgres/versions/latest",
      "/v0.1/servers/IO.GITHUB.ACME%2FPOSTGRES/versions/latest",
      "/v0.1/servers/io.github.acme%2Fpg-old/versions/latest",
      "/v0.1/servers/io.github.acme%2Fpostgres/versions/1.2.0",
    ]
  ) {
    const { res, body } = await get(path);
    assert.equal(res.status, 200, path);
    assert.equal(body.server.name, "io.github.acme/postgres", path);
  }
  const own = await get("/v0.1/servers/github.com%2Fsomeone%2Fgithub-mcp/versions/latest");
  assert.equal(own.body.server.name, "ai.toolatlas/github.com.someone.github-mcp");
  // A version with build metadata, percent-encoded as the registry documents.
  const build = await get("/v0.1/servers/com.example%2Fremote-search/versions/1.0.0%2Bbuild.5");
  assert.equal(build.res.status, 200);
  assert.equal(build.body.server.version, "1.0.0+build.5");
  const versions = await get("/v0.1/servers/com.example%2Fremote-search/versions");
  assert.equal(versions.res.status, 200);
  assert.deepEqual(versions.body.metadata, { count: 1 });
  assert.equal(versions.body.servers[0].server.name, "com.example/remote-search");
});

Deno.test("registry: /v0 is an alias, with /v0/servers/{name} as the latest version", async () => {
  const a = await get("/v0.1/servers?limit=2");
  const b = await get("/v0/servers?limit=2");
  assert.deepEqual(b.body, a.body);
  const latest = await get("/v0/servers/io.github.acme%2Fpostgres");
  assert.equal(latest.res.status, 200);
  assert.equal(latest.body.server.name, "io.github.acme/postgres");
  const v = await get("/v0/servers/io.github.acme%2Fpostgres/versions/latest");
  assert.deepEqual(v.body, latest.body);
});

Deno.test("registry: search ranks with toolatlas's ranking, adds substring matches, and its cursor carries the text", async () => {
  const { body } = await get("/v0.1/servers?search=postgres");
  assert.equal(body.servers[0].server.name, "io.github.acme/postgres");
  assert.ok(
    !body.servers.some((e: { server: { name: string } }) => e.server.name.includes("smithery")),
    "variants are collapsed in search",
  );
  // "gres" is no word of any entry: only the substring baseline finds it.
  const partial = await get("/v0.1/servers?search=gres");
  assert.deepEqual(partial.body.servers.map((e: { server: { name: string } }) => e.server.name), [
    "io.github.acme/postgres",
  ]);
  // VS Code drops `search` on later pages: the cursor keeps it.
  const first = await get("/v0.1/servers?search=mcp&limit=1&version=latest");
  assert.equal(first.body.metadata.count, 1);
  const cursor = first.body.metadata.nextCursor;
  assert.match(cursor, /^[A-Za-z0-9_-]+$/);
  const next = await get(`/v0.1/servers?limit=1&version=latest&cursor=${cursor}`);
  assert.equal(next.res.status, 200);
  assert.notEqual(next.body.servers[0].server.name, first.body.servers[0].server.name);
  const all = await walk("search=mcp&limit=1");
  assert.equal(new Set(all.names).size, all.names.length);
  await problem(`/v0.1/servers?search=other&cursor=${cursor}`, 400, "invalid_parameter");
  const plain = (await get("/v0.1/servers?limit=1")).body.metadata.nextCursor;
  await problem(`/v0.1/servers?search=mcp&cursor=${plain}`, 400, "invalid_parameter");
});

Deno.test("registry: version=exact filters; version=latest lists everything", async () => {
  const { body } = await get("/v0.1/servers?version=1.2.0");
  assert.deepEqual(body.servers.map((e: { server: { name: string } }) => e.server.name), [
    "io.github.acme/postgres",
  ]);
  const latest = await walk("version=latest");
  assert.equal(latest.names.length, LISTED.length);
});

const BAD_REGISTRY_QUERIES = [
  "limit=0",
  "limit=101",
  "limit=-1",
  "limit=abc",
  "limit=1.5",
  "cursor=abc",
  "cursor=%25%25%25",
  "cursor=bjo",
  `cursor=${btoa("s:99999:x")}`,
  "updated_since=yesterday",
  "updated_since=2025-02-30T00:00:00Z",
  "updated_since=2025-08-07T13:15:04",
  "updated_since=2025-08-07",
  "updated_since=2025-08-07T25:00:00Z",
  "include_deleted=maybe",
  `search=${"x".repeat(201)}`,
];

Deno.test("registry: bad input gets 400 or 404 problem documents, never 500", async () => {
  for (const q of BAD_REGISTRY_QUERIES) {
    await problem(`/v0.1/servers?${q}`, 400, "invalid_parameter");
  }
  await problem("/v0.1/servers/io.github.nobody%2Fnothing/versions/latest", 404, "not_found");
  await problem("/v0.1/servers/io.github.nobody%2Fnothing/versions", 404, "not_found");
  await problem("/v0.1/servers/io.github.acme%2Fpostgres/versions/9.9.9", 404, "not_found");
  // Adult entries are not served at all.
  await problem("/v0.1/servers/github.com%2Fx%2Fnsfw-bot/versions/latest", 404, "not_found");
  await problem("/v0.1/servers/ai.toolatlas%2Fgithub.com.x.nsfw-bot/versions", 404, "not_found");
  await problem("/v0.1/nothing", 404, "not_found");
  await problem("/v0.1/servers/a/b/c", 404, "not_found");
});

Deno.test("registry: write routes answer 501 and other methods 405, as problem documents", async () => {
  const body = await problem("/v0.1/publish", 501, "not_implemented", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"name":"io.github.me/x"}',
  });
  assert.match(body.detail, /read-only/);
  for (
    const [method, path] of [
      ["PUT", "/v0.1/servers/io.github.acme%2Fpostgres/versions/1.2.0"],
      ["DELETE", "/v0.1/servers/io.github.acme%2Fpostgres/versions/1.2.0"],
      ["PATCH", "/v0.1/servers/io.github.acme%2Fpostgres/versions/1.2.0/status"],
      ["PATCH", "/v0.1/servers/io.github.acme%2Fpostgres/status"],
      ["POST", "/v0/publish"],
    ] as const
  ) await problem(path, 501, "not_implemented", { method });
  const res = await app.request("/v0.1/servers", { method: "POST", body: "{}" });
  assert.equal(res.status, 405);
  assert.equal(res.headers.get("allow"), "GET, HEAD, OPTIONS");
  assert.equal((await res.json()).code, "method_not_allowed");
});

Deno.test("registry: CORS as the registry documents it (GET, OPTIONS; Authorization, Content-Type)", async () => {
  const res = await app.request("/v0.1/servers", {
    method: "OPTIONS",
    headers: {
      origin: "https://vscode.dev",
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization",
    },
  });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.equal(res.headers.get("access-control-allow-methods"), "GET,OPTIONS");
  assert.equal(res.headers.get("access-control-allow-headers"), "Authorization,Content-Type");
  const get = await app.request("/v0.1/servers?limit=1", { headers: { origin: "https://x.dev" } });
  assert.equal(get.headers.get("access-control-allow-origin"), "*");
  assert.match(get.headers.get("access-control-expose-headers")!, /RateLimit/);
  // /api/v1 keeps its own, wider preflight.
  const api = await app.request("/api/v1/tools", {
    method: "OPTIONS",
    headers: { origin: "https://x.dev", "access-control-request-method": "POST" },
  });
  assert.match(api.headers.get("access-control-allow-methods")!, /POST/);
});

Deno.test("registry: requests count against the same quotas and keys as /api/v1", async () => {
  const access = await openAccess({
    kvPath: ":memory:",
    tiersJson: JSON.stringify({ free: { perDay: 2, perMonth: 100 } }),
  });
  try {
    const limited = createApp({ ctx, access });
    const env = { remoteAddr: { hostname: "203.0.113.9", port: 1, transport: "tcp" } };
    const preflight = await limited.request("/v0.1/servers", {
      method: "OPTIONS",
      headers: { origin: "https://x.dev", "access-control-request-method": "GET" },
    }, env);
    assert.equal(preflight.status, 204, "preflights are not counted");
    const a = await limited.request("/v0.1/servers?limit=1", {}, env);
    assert.equal(a.status, 200);
    assert.equal(a.headers.get("x-ratelimit-remaining"), "1");
    const b = await limited.request("/api/v1/servers?limit=1", {}, env);
    assert.equal(b.status, 200, "one quota for both APIs");
    const c = await limited.request("/v0/servers?limit=1", {}, env);
    assert.equal(c.status, 429);
    assert.equal((await c.json()).code, "rate_limited");
    const bad = await limited.request("/v0.1/servers", {
      headers: { authorization: `Bearer sk_svc_${"x".repeat(32)}` },
    }, env);
    assert.equal(bad.status, 401);
    const { secret } = await access.keys.create("pro", "Registry client");
    const keyed = await limited.request("/v0.1/servers?limit=1", {
      headers: { authorization: `Bearer ${secret}` },
    }, env);
    assert.equal(keyed.status, 200);
  } finally {
    access.kv.close();
  }
});

Deno.test("registry: updated_since after a rebuild returns the changed entry and the deleted one", async () => {
  const path = `${dir}/rebuilt.db`;
  await build(path, SERVERS, T1);
  const changed = SERVERS.map((s) =>
    s.name === "github.com/someone/github-mcp" ? { ...s, description: "Now says more" } : s
  ).filter((s) => s.name !== "com.example/remote-search");
  await build(path, changed, T2);
  const next = await openContext(path, "http://test.local");
  try {
    const rebuilt = createApp({ ctx: next });
    const since = await walk("updated_since=2026-01-15T00:00:00Z", rebuilt);
    assert.deepEqual(since.names, [
      "ai.toolatlas/github.com.someone.github-mcp",
      "com.example/remote-search",
    ]);
    const [updated, deleted] = since.entries as {
      server: Record<string, string>;
      _meta: Record<string, Record<string, unknown>>;
    }[];
    assert.equal(updated!.server.description, "Now says more");
    assert.equal(updated!._meta["ai.toolatlas/enrichment"]!.updatedAt, T2);
    assert.equal(updated!._meta["ai.toolatlas/enrichment"]!.firstSeenAt, T1);
    assert.equal(deleted!._meta["io.modelcontextprotocol.registry/official"]!.status, "deleted");
    assert.equal(deleted!._meta["ai.toolatlas/enrichment"]!.status, "deleted");
    assert.equal(deleted!._meta["ai.toolatlas/enrichment"]!.deletedAt, T2);
    assert.ok(validateServer(deleted!.server), JSON.stringify(validateServer.errors));
    // RFC 3339 with an offset means the same instant.
    const offset = await walk("updated_since=2026-01-15T01:00:00%2B01:00", rebuilt);
    assert.deepEqual(offset.names, since.names);
    // Since before the first build: everything, and the hidden adult entry as deleted, without
    // any of its content.
    const all = await walk("updated_since=2025-12-01T00:00:00Z", rebuilt);
    const hidden = all.entries.find((e) =>
      (e as { server: { name: string } }).server.name === "ai.toolatlas/github.com.x.nsfw-bot"
    ) as { server: Record<string, unknown>; _meta: Record<string, Record<string, unknown>> };
    assert.deepEqual(hidden.server, {
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name: "ai.toolatlas/github.com.x.nsfw-bot",
      description: "No longer listed by this registry.",
      version: "0.0.0-unknown",
    });
    assert.equal(hidden._meta["ai.toolatlas/enrichment"]!.status, "deleted");
    assert.equal(all.names.length, SERVERS.length);
    // Nothing changed after the rebuild.
    assert.deepEqual((await walk(`updated_since=${T2}`, rebuilt)).names, []);
    // Without a time, the deleted entry is listed only with include_deleted.
    assert.ok(!(await walk("limit=50", rebuilt)).names.includes("com.example/remote-search"));
    assert.ok(
      (await walk("limit=50&include_deleted=true", rebuilt)).names.includes(
        "com.example/remote-search",
      ),
    );
    const gone = await get(
      "/v0.1/servers/com.example%2Fremote-search/versions/latest",
      {},
      rebuilt,
    );
    assert.equal(gone.res.status, 404);
    const kept = await get(
      "/v0.1/servers/com.example%2Fremote-search/versions/latest?include_deleted=true",
      {},
      rebuilt,
    );
    assert.equal(kept.res.status, 200);
    assert.equal(kept.body._meta["ai.toolatlas/enrichment"].status, "deleted");
  } finally {
    next.store.close();
  }
});
