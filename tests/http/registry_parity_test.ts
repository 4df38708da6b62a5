/**
 * Parameter and status parity of the MCP Registry API with the official registry's handlers
 * (modelcontextprotocol/registry `internal/api/handlers/v0`), and its answers' caching and
 * allowance, on the fixture of `registry_fixture.ts`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { openAccess } from "../../src/access/access.ts";
import { createApp } from "../../src/http/app.ts";
import { app, ctx, type Entry, get, INSTALLABLE, problem, walk } from "./registry_fixture.ts";

const names = (body: { servers: Entry[] }) => body.servers.map((e) => e.server.name);
const rows = (body: { servers: Entry[] }) =>
  body.servers.map((e) => `${e.server.name}@${e.server.version}`);

Deno.test("registry parity: out-of-bounds and mistyped parameters are a 422 naming location and value", async () => {
  for (
    const [query, location, value] of [
      ["limit=0", "query.limit", 0],
      ["limit=101", "query.limit", 101],
      ["limit=-1", "query.limit", -1],
      ["limit=abc", "query.limit", "abc"],
      ["limit=1.5", "query.limit", "1.5"],
      ["include_deleted=maybe", "query.include_deleted", "maybe"],
      ["toolatlas.include_uninstallable=yes", "query.toolatlas.include_uninstallable", "yes"],
      [`search=${"x".repeat(201)}`, "query.search", "x".repeat(201)],
    ] as const
  ) {
    const body = await problem(`/v0.1/servers?${query}`, 422, "validation_failed");
    assert.equal(body.title, "Unprocessable Entity");
    assert.equal(body.errors[0].location, location, query);
    assert.deepEqual(body.errors[0].value, value, query);
  }
  const version = await problem(
    "/v0.1/servers/io.github.acme%2Fpostgres/versions?include_deleted=maybe",
    422,
    "validation_failed",
  );
  assert.equal(version.errors[0].location, "query.include_deleted");
});

Deno.test("registry parity: a malformed updated_since, or include_deleted=false with it, is a 400", async () => {
  for (
    const q of [
      "updated_since=yesterday",
      "updated_since=2025-02-30T00:00:00Z",
      "updated_since=2025-08-07T13:15:04",
      "updated_since=2025-08-07",
      "updated_since=2025-08-07T25:00:00Z",
      "updated_since=2025-08-07T00:00:00Z&include_deleted=false",
    ]
  ) await problem(`/v0.1/servers?${q}`, 400, "invalid_parameter");
  const ok = await get("/v0.1/servers?updated_since=2025-08-07T00:00:00Z&include_deleted=true");
  assert.equal(ok.res.status, 200);
});

Deno.test("registry parity: an empty parameter counts as absent", async () => {
  const plain = await get("/v0.1/servers");
  const empty = await get(
    "/v0.1/servers?limit=&cursor=&search=&version=&updated_since=&include_deleted=" +
      "&toolatlas.include_uninstallable=&toolatlas.ranked=",
  );
  assert.equal(empty.res.status, 200);
  assert.deepEqual(empty.body, plain.body);
  const versions = await get("/v0.1/servers/io.github.acme%2Fpostgres/versions?include_deleted=");
  assert.equal(versions.res.status, 200);
});

Deno.test("registry parity: the registry's own cursor (name:version), a bare name and any text are accepted", async () => {
  // After a name and version (raw and URL-encoded): the next version of the same name.
  for (const cursor of ["io.github.acme/postgres:1.1.0", "io.github.acme%2Fpostgres%3A1.1.0"]) {
    const { res, body } = await get(`/v0.1/servers?limit=2&cursor=${cursor}`);
    assert.equal(res.status, 200, cursor);
    assert.deepEqual(rows(body), ["io.github.acme/postgres@1.2.0"], cursor);
  }
  // A bare name: every row of a later name.
  const bare = await get("/v0.1/servers?cursor=com.example/remote-search");
  assert.deepEqual(rows(bare.body), [
    "io.github.acme/postgres@1.1.0",
    "io.github.acme/postgres@1.2.0",
  ]);
  // Any other text is a name to list after, as the registry treats a cursor it cannot split.
  for (const cursor of ["abc", "%25%25%25", "zzz"]) {
    const { res, body } = await get(`/v0.1/servers?cursor=${cursor}`);
    assert.equal(res.status, 200, cursor);
    for (const name of names(body)) assert.ok(name > decodeURIComponent(cursor), name);
  }
  // A search cursor used with another search says so.
  const first = await get(
    "/v0.1/servers?search=postgres&limit=1&toolatlas.include_uninstallable=true",
  );
  await problem(
    `/v0.1/servers?search=other&cursor=${first.body.metadata.nextCursor}`,
    422,
    "validation_failed",
  );
  // No cursor after the last page.
  assert.equal((await get("/v0.1/servers?limit=100")).body.metadata.nextCursor, undefined);
});

Deno.test("registry parity: a path ending in / is a 308 to the path without it, query kept", async () => {
  for (
    const [path, location] of [
      ["/v0.1/servers/?limit=2", "/v0.1/servers?limit=2"],
      ["/v0/servers/", "/v0/servers"],
      [
        "/v0.1/servers/io.github.acme%2Fpostgres/versions/",
        "/v0.1/servers/io.github.acme%2Fpostgres/versions",
      ],
    ] as const
  ) {
    const res = await app.request(path, { redirect: "manual" });
    assert.equal(res.status, 308, path);
    assert.equal(res.headers.get("location"), location, path);
  }
  const followed = await get("/v0.1/servers?limit=2");
  assert.equal(followed.res.status, 200);
});

Deno.test("registry parity: /version, /health and /ping answer as the registry's do", async () => {
  assert.deepEqual((await get("/v0.1/ping")).body, { pong: true });
  const health = await get("/v0.1/health");
  assert.equal(health.res.status, 200);
  assert.equal(health.body.status, "ok");
  assert.deepEqual(health.body["ai.toolatlas/registry"], {
    builtAt: "2026-01-01T00:00:00.000Z",
    servers: INSTALLABLE.length,
    uninstallable: 3,
    versions: 8,
    official: 2,
    toolatlasNamespace: 4,
    deleted: 0,
  });
  const version = (await get("/v0.1/version")).body;
  assert.deepEqual(Object.keys(version), ["version", "git_commit", "build_time"]);
  assert.equal(version.build_time, "2026-01-01T00:00:00.000Z");
  assert.equal((await get("/v0/ping")).res.status, 200);
  await problem("/v0.1/ping", 405, "method_not_allowed", { method: "POST" });
});

Deno.test("registry parity: CORS allows any request header and exposes ETag and the rate-limit headers", async () => {
  const res = await app.request("/v0.1/servers", {
    method: "OPTIONS",
    headers: {
      origin: "https://vscode.dev",
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization, x-custom-client, if-none-match",
    },
  });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get("access-control-allow-origin"), "*");
  assert.match(res.headers.get("access-control-allow-methods")!, /GET/);
  assert.equal(
    res.headers.get("access-control-allow-headers"),
    "authorization,x-custom-client,if-none-match",
  );
  const got = await app.request("/v0.1/servers?limit=1", { headers: { origin: "https://x.dev" } });
  assert.equal(got.headers.get("access-control-allow-origin"), "*");
  assert.match(got.headers.get("access-control-expose-headers")!, /RateLimit/);
  assert.match(got.headers.get("access-control-expose-headers")!, /ETag/);
  // /api/v1 keeps its own, wider preflight.
  const api = await app.request("/api/v1/tools", {
    method: "OPTIONS",
    headers: { origin: "https://x.dev", "access-control-request-method": "POST" },
  });
  assert.match(api.headers.get("access-control-allow-methods")!, /POST/);
});

Deno.test("registry parity: answers carry an ETag, Cache-Control and gzip; If-None-Match gets a 304", async () => {
  const path = "/v0.1/servers?limit=2&version=latest";
  const first = await app.request(path);
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^W\/"[A-Za-z0-9_-]{22}"$/);
  assert.equal(first.headers.get("cache-control"), "public, max-age=300");
  assert.equal(first.headers.get("vary"), "Accept-Encoding");
  const body = await first.json();
  // The same answer, the same tag; another page, another tag.
  assert.equal((await app.request(path)).headers.get("etag"), etag);
  const other = await app.request("/v0.1/servers?limit=1&version=latest");
  assert.notEqual(other.headers.get("etag"), etag);
  await other.body?.cancel();
  for (const condition of [etag, `"${etag.slice(3)}`, `W/"x", ${etag}`, "*"]) {
    const again = await app.request(path, { headers: { "if-none-match": condition } });
    assert.equal(again.status, 304, condition);
    assert.equal(again.headers.get("etag"), etag);
    assert.equal(await again.text(), "");
  }
  const changed = await app.request(path, { headers: { "if-none-match": 'W/"stale"' } });
  assert.equal(changed.status, 200);
  await changed.body?.cancel();
  const gz = await app.request(path, { headers: { "accept-encoding": "gzip, br" } });
  assert.equal(gz.headers.get("content-encoding"), "gzip");
  const text = new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer())));
  assert.deepEqual(JSON.parse(text), body);
  // Every read route; errors are not cached.
  for (
    const p of [
      "/v0.1/servers/io.github.acme%2Fpostgres/versions",
      "/v0.1/servers/io.github.acme%2Fpostgres/versions/latest",
    ]
  ) {
    const res = await app.request(p);
    assert.ok(res.headers.get("etag"), p);
    await res.body?.cancel();
  }
  const missing = await app.request("/v0.1/servers/io.example%2Fnone/versions/latest");
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("etag"), null);
  await missing.body?.cancel();
});

Deno.test("registry parity: unknown names, versions and routes are 404 problem documents; writes 501", async () => {
  await problem("/v0.1/servers/io.github.nobody%2Fnothing/versions/latest", 404, "not_found");
  await problem("/v0.1/servers/io.github.nobody%2Fnothing/versions", 404, "not_found");
  await problem("/v0.1/servers/io.github.acme%2Fpostgres/versions/9.9.9", 404, "not_found");
  // Adult entries are not served at all.
  await problem("/v0.1/servers/github.com%2Fx%2Fnsfw-bot/versions/latest", 404, "not_found");
  await problem("/v0.1/nothing", 404, "not_found");
  await problem("/v0.1/servers/a/b/c", 404, "not_found");
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
  await res.body?.cancel();
});

Deno.test("registry parity: a keyless client has the registry's own allowance per IP; a 304 is not counted", async () => {
  const access = await openAccess({
    kvPath: ":memory:",
    tiersJson: JSON.stringify({
      free: { perDay: 1, perMonth: 100, registry: { perDay: 3, perMonth: 100 } },
    }),
  });
  try {
    const limited = createApp({ ctx, access });
    const env = { remoteAddr: { hostname: "203.0.113.9", port: 1, transport: "tcp" } };
    const req = (path: string, init: RequestInit = {}) => limited.request(path, init, env);
    const preflight = await req("/v0.1/servers", {
      method: "OPTIONS",
      headers: { origin: "https://x.dev", "access-control-request-method": "GET" },
    });
    assert.equal(preflight.status, 204, "preflights are not counted");
    const a = await req("/v0.1/servers?limit=1");
    assert.equal(a.status, 200);
    assert.equal(a.headers.get("x-ratelimit-remaining"), "2");
    assert.equal(a.headers.get("x-ratelimit-limit"), "3");
    const etag = a.headers.get("etag")!;
    await a.body?.cancel();
    // The /api/v1 quota is another one.
    const api = await req("/api/v1/servers?limit=1");
    assert.equal(api.status, 200);
    await api.body?.cancel();
    // Revalidations, redirects and service routes are not counted.
    for (let i = 0; i < 5; i++) {
      const again = await req("/v0.1/servers?limit=1", { headers: { "if-none-match": etag } });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get("x-ratelimit-remaining"), "2");
    }
    assert.equal((await req("/v0.1/servers/", { redirect: "manual" })).status, 308);
    for (const p of ["/v0.1/ping", "/v0.1/health", "/v0.1/version"]) {
      const res = await req(p);
      assert.equal(res.status, 200, p);
      await res.body?.cancel();
    }
    const b = await req("/v0/servers?limit=2");
    assert.equal(b.headers.get("x-ratelimit-remaining"), "1");
    await b.body?.cancel();
    // A changed answer is counted.
    const stale = await req("/v0.1/servers?limit=1", { headers: { "if-none-match": 'W/"old"' } });
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get("x-ratelimit-remaining"), "0");
    await stale.body?.cancel();
    const over = await req("/v0.1/servers?limit=3");
    assert.equal(over.status, 429);
    assert.ok(Number(over.headers.get("retry-after")) > 0);
    assert.equal((await over.json()).code, "rate_limited");
    // Over the allowance, a revalidation still gets its 304.
    const fresh = await req("/v0.1/servers?limit=1", { headers: { "if-none-match": etag } });
    assert.equal(fresh.status, 304);
    // ...but a changed answer is not sent.
    const refused = await req("/v0.1/servers?limit=2", { headers: { "if-none-match": 'W/"x"' } });
    assert.equal(refused.status, 429);
    await refused.body?.cancel();
    const bad = await req("/v0.1/servers", {
      headers: { authorization: `Bearer sk_svc_${"x".repeat(32)}` },
    });
    assert.equal(bad.status, 401);
    await bad.body?.cancel();
    const { secret } = await access.keys.create("pro", "Registry client");
    const keyed = await req("/v0.1/servers?limit=1", {
      headers: { authorization: `Bearer ${secret}` },
    });
    assert.equal(keyed.status, 200);
    assert.equal(keyed.headers.get("x-ratelimit-limit"), "10000");
    await keyed.body?.cancel();
  } finally {
    access.kv.close();
  }
});

Deno.test("registry parity: a walk through version=latest returns what the fixture's default listing holds", async () => {
  assert.deepEqual((await walk("version=latest&limit=1")).names, INSTALLABLE);
});
