/**
 * The MCP Registry API on a small catalog (`registry_fixture.ts`): what it lists and how, the
 * server.json and `_meta` of each entry, versions, search and deletions. Status codes, parameters,
 * caching and the allowance: `registry_parity_test.ts`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { openContext } from "../../src/catalog/context.ts";
import { registryStats } from "../../src/catalog/registry.ts";
import { createApp } from "../../src/http/app.ts";
import {
  build,
  ctx,
  dir,
  type Entry,
  get,
  INSTALLABLE,
  LISTED,
  LONG,
  PUBLISHER_META,
  SERVERS,
  T1,
  T2,
  validateServer,
  walk,
} from "./registry_fixture.ts";

const ALL = "toolatlas.include_uninstallable=true";
const names = (body: { servers: Entry[] }) => body.servers.map((e) => e.server.name);

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

Deno.test("registry: a default listing shows only entries a client can install; the extension lists every entry", async () => {
  for (const limit of [1, 2, 30, 100]) {
    assert.deepEqual((await walk(`limit=${limit}&version=latest`)).names, INSTALLABLE, `${limit}`);
    assert.deepEqual((await walk(`limit=${limit}&version=latest&${ALL}`)).names, LISTED);
  }
  for (const e of (await walk("version=latest")).entries) {
    const s = e.server as { packages?: unknown[]; remotes?: unknown[] };
    assert.ok((s.packages?.length ?? 0) + (s.remotes?.length ?? 0) > 0, e.server.name);
    assert.equal(e._meta["ai.toolatlas/enrichment"]!.installable, true);
  }
  assert.deepEqual(registryStats(ctx), {
    listed: 6,
    installable: 3,
    official: 2,
    toolatlasNamespace: 4,
    variants: 1,
    // Postgres has three versions.
    versions: 8,
    // Postgres 1.0.0 lists no package.
    installableVersions: 4,
    adult: 1,
    tooLong: 0,
    nameTaken: 0,
    deleted: 0,
    // io.github.acme/pg-old, and com.supabase/mcp (no entry holds it; its second claimant does).
    aliases: 2,
  });
});

Deno.test("registry: without version=latest a listing has one row per version, by name then version", async () => {
  assert.deepEqual((await walk("limit=2", undefined, true)).names, [
    "ai.toolatlas/github.com.someone.github-mcp@0.0.0-unknown",
    "com.example/remote-search@1.0.0+build.5",
    "io.github.acme/postgres@1.1.0",
    "io.github.acme/postgres@1.2.0",
  ]);
  const every = await walk(`limit=3&${ALL}`, undefined, true);
  assert.equal(every.names.length, 8);
  assert.ok(every.names.includes("io.github.acme/postgres@1.0.0"));
  const exact = await get("/v0.1/servers?version=1.1.0");
  assert.deepEqual(names(exact.body), ["io.github.acme/postgres"]);
  assert.equal(exact.body.servers[0].server.version, "1.1.0");
});

Deno.test("registry: every server object is a valid server.json 2025-12-11", async () => {
  for (const e of (await walk(`limit=3&${ALL}`)).entries) {
    assert.ok(validateServer(e.server), JSON.stringify(validateServer.errors));
  }
});

Deno.test("registry: server.json keeps what the format allows, and the publisher's _meta", async () => {
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
  assert.deepEqual(s._meta, PUBLISHER_META);
  assert.ok(validateServer(s), JSON.stringify(validateServer.errors));

  const bare =
    (await get("/v0.1/servers/ai.toolatlas%2Fgithub.com.nobody.bare-notes/versions/latest")).body;
  assert.equal(bare.server.description, "No description given by any source.");
  assert.equal(bare.server.version, "0.0.0-unknown");
  assert.equal(bare.server.packages, undefined);
  assert.equal(bare._meta["ai.toolatlas/enrichment"].installable, false);
});

Deno.test("registry: /versions lists every version, newest first, exactly one isLatest, each with its own content", async () => {
  const { res, body } = await get("/v0.1/servers/io.github.acme%2Fpostgres/versions");
  assert.equal(res.status, 200);
  assert.deepEqual(body.metadata, { count: 3 });
  const rows = body.servers as Entry[];
  assert.deepEqual(rows.map((e) => e.server.version), ["1.2.0", "1.1.0", "1.0.0"]);
  assert.deepEqual(
    rows.map((e) => e._meta["io.modelcontextprotocol.registry/official"]),
    [
      {
        status: "active",
        isLatest: true,
        publishedAt: "2025-10-01T10:00:00.000Z",
        updatedAt: "2025-10-02T10:00:00.000Z",
      },
      {
        status: "active",
        isLatest: false,
        publishedAt: "2025-09-15T10:00:00.000Z",
        updatedAt: "2025-09-15T10:00:00.000Z",
      },
      {
        status: "deprecated",
        isLatest: false,
        publishedAt: "2025-09-01T10:00:00.000Z",
        updatedAt: "2025-09-10T10:00:00.000Z",
      },
    ],
  );
  const older = rows[1]!.server as Record<string, unknown>;
  assert.equal(older.description, "Postgres for MCP clients, the September release");
  assert.deepEqual(older.packages, [{
    registryType: "npm",
    identifier: "@acme/postgres-mcp",
    version: "1.1.0",
    transport: { type: "stdio" },
  }]);
  assert.equal(older.remotes, undefined);
  assert.equal(rows[2]!.server.packages, undefined);
  for (const e of rows) assert.ok(validateServer(e.server), JSON.stringify(validateServer.errors));
  // Each version by its own route; the latest by `latest` too.
  for (const v of ["1.2.0", "1.1.0", "1.0.0"]) {
    const one = await get(`/v0.1/servers/io.github.acme%2Fpostgres/versions/${v}`);
    assert.equal(one.res.status, 200, v);
    assert.deepEqual(one.body.server, rows.find((e) => e.server.version === v)!.server);
  }
  // An entry without recorded versions has one.
  const single = await get("/v0.1/servers/com.example%2Fremote-search/versions");
  assert.deepEqual(single.body.metadata, { count: 1 });
  assert.equal(
    single.body.servers[0]._meta["io.modelcontextprotocol.registry/official"].isLatest,
    true,
  );
});

Deno.test("registry: the registry block is the official registry's for its names and toolatlas's for ai.toolatlas names", async () => {
  const { body } = await get(`/v0.1/servers?limit=100&version=latest&${ALL}`);
  const by = new Map<string, Entry>((body.servers as Entry[]).map((e) => [e.server.name, e]));
  const block = (name: string) => by.get(name)!._meta["io.modelcontextprotocol.registry/official"];
  assert.equal(block("com.example/remote-search")!.status, "deprecated");
  for (const name of LISTED.filter((n) => n.startsWith("ai.toolatlas/"))) {
    assert.deepEqual(block(name), {
      status: "active",
      isLatest: true,
      publishedAt: T1,
      updatedAt: T1,
    }, name);
  }
});

Deno.test("registry: lists carry the compact enrichment, the version route the full one", async () => {
  const { body } = await get("/v0.1/servers?limit=100&version=latest");
  const listed = (body.servers as Entry[]).find((e) =>
    e.server.name === "io.github.acme/postgres"
  )!;
  const compact = listed._meta["ai.toolatlas/enrichment"]!;
  assert.deepEqual(compact, {
    id: compact.id,
    status: "active",
    firstSeenAt: T1,
    updatedAt: T1,
    name: "io.github.acme/postgres",
    svcUrl: "http://test.local/servers/io.github.acme/postgres",
    badges: ["vendor-official", "in-official-registry"],
    trust: { score: 81, grade: "A" },
    installable: true,
  });
  assert.match(compact.id as string, /^srv_[0-9a-f]{16}$/);
  const variant = (await get(
    "/v0.1/servers/ai.toolatlas%2Fsmithery.acme-postgres/versions",
  )).body.servers[0]._meta["ai.toolatlas/enrichment"];
  assert.equal(variant.canonicalName, "io.github.acme/postgres");

  const full = (await get("/v0.1/servers/io.github.acme%2Fpostgres/versions/latest")).body
    ._meta["ai.toolatlas/enrichment"];
  assert.equal(full.id, compact.id);
  assert.equal(full.description, LONG);
  assert.equal(full.detailsUrl, "http://test.local/api/v1/servers/io.github.acme/postgres");
  assert.deepEqual(full.variants, ["ai.toolatlas/smithery.acme-postgres"]);
  assert.equal(full.tools.items[0].description, "Run a read-only SQL query");
  assert.equal(full.install.length, 8, "a config per client");
  assert.equal(full.sources[0].source, "official-registry");
  assert.equal(full.trust.version, 3);
  // Compact is a small part of an entry: under a fifth of the full block.
  assert.ok(JSON.stringify(compact).length * 5 < JSON.stringify(full).length);
});

Deno.test("registry: the version routes decode %2F without splitting the name, and resolve aliases", async () => {
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
  const plus = await get("/v0.1/servers/com.example%2Fremote-search/versions/1.0.0%2Bbuild.5");
  assert.equal(plus.res.status, 200);
  assert.equal(plus.body.server.version, "1.0.0+build.5");
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

Deno.test("registry: search is the registry's substring filter over name and description, by name, the exact name first", async () => {
  // "postgres" is in both names (one of them uninstallable) and in a description.
  assert.deepEqual(names((await get("/v0.1/servers?search=POSTGRES&version=latest")).body), [
    "io.github.acme/postgres",
  ]);
  assert.deepEqual(
    names((await get(`/v0.1/servers?search=postgres&version=latest&${ALL}`)).body),
    ["ai.toolatlas/smithery.acme-postgres", "io.github.acme/postgres"],
  );
  // An exact name comes first even where another name that matches sorts before it (the
  // variant's description names it).
  assert.deepEqual(
    names((await get(`/v0.1/servers?search=IO.github.acme/postgres&version=latest&${ALL}`)).body),
    ["io.github.acme/postgres", "ai.toolatlas/smithery.acme-postgres"],
  );
  assert.deepEqual(
    names((await get(`/v0.1/servers?search=Acme%20Postgres&version=latest&${ALL}`)).body),
    ["ai.toolatlas/smithery.acme-postgres"],
  );
  const exact = await get(`/v0.1/servers?search=ai.toolatlas/smithery.acme-postgres&${ALL}`);
  assert.deepEqual(names(exact.body), ["ai.toolatlas/smithery.acme-postgres"]);
  // The description only: "hosted" is in Remote Search's.
  assert.deepEqual(names((await get("/v0.1/servers?search=hosted")).body), [
    "com.example/remote-search",
  ]);
  assert.deepEqual((await get("/v0.1/servers?search=zzzz-nothing")).body, {
    servers: [],
    metadata: { count: 0 },
  });
});

Deno.test("registry: a search cursor carries the text (VS Code drops search on later pages) and the exact-name rows", async () => {
  const first = await get(`/v0.1/servers?search=postgres&limit=1&${ALL}`);
  assert.equal(first.body.metadata.count, 1);
  const cursor = first.body.metadata.nextCursor;
  assert.match(cursor, /^[A-Za-z0-9_-]+$/);
  const next = await get(`/v0.1/servers?limit=1&${ALL}&cursor=${cursor}`);
  assert.equal(next.res.status, 200);
  assert.notDeepEqual(names(next.body), names(first.body));
  const all = await walk(`search=postgres&limit=1&${ALL}`, undefined, true);
  assert.deepEqual(all.names, [
    "ai.toolatlas/smithery.acme-postgres@0.0.0-unknown",
    "io.github.acme/postgres@1.0.0",
    "io.github.acme/postgres@1.1.0",
    "io.github.acme/postgres@1.2.0",
  ]);
  // The exact name's versions first, page by page.
  const exact = await walk(`search=io.github.acme/postgres&limit=1&${ALL}`, undefined, true);
  assert.deepEqual(exact.names, [
    "io.github.acme/postgres@1.0.0",
    "io.github.acme/postgres@1.1.0",
    "io.github.acme/postgres@1.2.0",
    "ai.toolatlas/smithery.acme-postgres@0.0.0-unknown",
  ]);
  assert.equal(new Set(exact.names).size, exact.names.length);
});

Deno.test("registry: toolatlas.ranked=true ranks with toolatlas's search, one entry per project", async () => {
  const { body } = await get(`/v0.1/servers?search=postgres&toolatlas.ranked=true&${ALL}`);
  assert.equal(body.servers[0].server.name, "io.github.acme/postgres");
  assert.ok(!names(body).some((n) => n.includes("smithery")), "variants are collapsed");
  const first = await get("/v0.1/servers?search=mcp&toolatlas.ranked=true&limit=1&" + ALL);
  const cursor = first.body.metadata.nextCursor;
  const all = await walk(`search=mcp&toolatlas.ranked=true&limit=1&${ALL}`);
  assert.equal(new Set(all.names).size, all.names.length);
  assert.ok(cursor);
});

Deno.test("registry: updated_since after a rebuild returns the changed entry and the deleted ones, each deletion where a client reads it", async () => {
  const path = `${dir}/rebuilt.db`;
  await build(path, SERVERS, T1);
  const changed = SERVERS.map((s) =>
    s.name === "github.com/someone/github-mcp" ? { ...s, description: "Now says more" } : s
  ).filter((s) =>
    s.name !== "com.example/remote-search" && s.name !== "github.com/nobody/bare-notes"
  );
  await build(path, changed, T2);
  const next = await openContext(path, "http://test.local");
  try {
    const rebuilt = createApp({ ctx: next });
    const since = await walk("updated_since=2026-01-15T00:00:00Z", rebuilt);
    assert.deepEqual(since.names, [
      "ai.toolatlas/github.com.nobody.bare-notes",
      "ai.toolatlas/github.com.someone.github-mcp",
      "com.example/remote-search",
    ]);
    const [bare, updated, official] = since.entries as Entry[];
    assert.equal(updated!.server.description, "Now says more");
    assert.equal(updated!._meta["ai.toolatlas/enrichment"]!.updatedAt, T2);
    assert.equal(updated!._meta["ai.toolatlas/enrichment"]!.firstSeenAt, T1);
    // toolatlas publishes ai.toolatlas/… names: their deletion is in the registry block.
    assert.equal(bare!._meta["io.modelcontextprotocol.registry/official"]!.status, "deleted");
    assert.equal(bare!._meta["ai.toolatlas/enrichment"]!.status, "deleted");
    // An official name toolatlas no longer lists: the official block keeps the official
    // registry's word (deprecated); only the enrichment says toolatlas deleted it.
    assert.equal(
      official!._meta["io.modelcontextprotocol.registry/official"]!.status,
      "deprecated",
    );
    assert.equal(official!._meta["ai.toolatlas/enrichment"]!.status, "deleted");
    assert.equal(official!._meta["ai.toolatlas/enrichment"]!.deletedAt, T2);
    for (const e of since.entries) {
      assert.ok(validateServer(e.server), JSON.stringify(validateServer.errors));
    }
    // RFC 3339 with an offset means the same instant.
    const offset = await walk("updated_since=2026-01-15T01:00:00%2B01:00", rebuilt);
    assert.deepEqual(offset.names, since.names);
    // Since before the first build: everything, and the hidden adult entry as deleted, without
    // any of its content.
    const all = await walk("updated_since=2025-12-01T00:00:00Z&version=latest&" + ALL, rebuilt);
    const hidden = all.entries.find((e) => e.server.name === "ai.toolatlas/github.com.x.nsfw-bot")!;
    assert.deepEqual(hidden.server, {
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name: "ai.toolatlas/github.com.x.nsfw-bot",
      description: "No longer listed by this registry.",
      version: "0.0.0-unknown",
    });
    assert.equal(hidden._meta["io.modelcontextprotocol.registry/official"]!.status, "deleted");
    assert.equal(hidden._meta["ai.toolatlas/enrichment"]!.status, "deleted");
    assert.equal(all.names.length, SERVERS.length);
    // Nothing changed after the rebuild.
    assert.deepEqual((await walk(`updated_since=${T2}`, rebuilt)).names, []);
    // Without a time, deleted entries are listed only with include_deleted.
    assert.ok(
      !(await walk(`limit=50&${ALL}`, rebuilt)).names.includes("com.example/remote-search"),
    );
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
