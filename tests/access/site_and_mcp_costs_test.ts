import assert from "node:assert/strict";
import { type Access, openAccess } from "../../src/access/access.ts";
import { DEFAULT_FAIR_USE, FairUseLimiter } from "../../src/access/fair_use.ts";
import { createApp } from "../../src/http/app.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { MCP_HEADERS, toolCall } from "../_mcp.ts";

const ctx = await fixtureContext();
const from = (ip: string) => ({ remoteAddr: { hostname: ip, port: 40000, transport: "tcp" } });

/** The app with the default fair-use limiter on a clock that moves only when told. */
async function setup() {
  const access: Access = await openAccess({ kvPath: ":memory:" });
  let now = 0;
  access.fairUse = new FairUseLimiter(DEFAULT_FAIR_USE, () => now);
  const app = createApp({ ctx, access });
  return {
    access,
    app,
    get: async (path: string, ip: string, init: RequestInit = {}) => {
      const res = await app.request(path, init, from(ip));
      await res.body?.cancel();
      return res;
    },
    advance: (ms: number) => (now += ms),
    close: () => access.kv.close(),
  };
}

/** Status → how many times it came. */
function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

Deno.test("a flood of site pages from one client gets 429 after the fair-use burst, and other clients are served", async () => {
  const { get, close } = await setup();
  const statuses: number[] = [];
  for (let i = 0; i < 100; i++) {
    const path = i % 2 ? "/llm-prices" : "/servers/io.github.acme/postgres";
    statuses.push((await get(path, "203.0.113.50")).status);
  }
  assert.deepEqual(tally(statuses), {
    200: DEFAULT_FAIR_USE.burst,
    429: 100 - DEFAULT_FAIR_USE.burst,
  });
  const refused = await get("/llm-prices", "203.0.113.50");
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get("retry-after"), "1");
  assert.equal(refused.headers.get("content-type"), "text/html; charset=UTF-8");
  // Another client, and the API's own counting, are untouched.
  assert.equal((await get("/llm-prices", "198.51.100.50")).status, 200);
  assert.equal((await get("/api/v1/categories", "203.0.113.50")).status, 200);
  close();
});

Deno.test("a crawler fetching every svcUrl of the sitemap at one page a second is never refused", async () => {
  const { app, get, advance, close } = await setup();
  const index = await app.request("/sitemap.xml", {}, from("192.0.2.80"));
  assert.equal(index.status, 200);
  assert.equal(index.headers.get("content-type"), "application/xml; charset=UTF-8");
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const urls: string[] = [];
  for (const file of files) {
    advance(1_000);
    const res = await app.request(new URL(file).pathname, {}, from("192.0.2.80"));
    assert.equal(res.status, 200, file);
    urls.push(...[...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
  }
  // Every tool and server page is listed, by its svcUrl.
  for (const slug of ctx.store.entryKeys("tool").values()) {
    assert.ok(urls.includes(`${ctx.baseUrl}/tools/${encodeURIComponent(slug)}`), slug);
  }
  assert.ok(urls.includes(`${ctx.baseUrl}/servers/io.github.acme/postgres`));
  assert.ok(urls.length > DEFAULT_FAIR_USE.burst || urls.length > 10);
  // One page a second, however many pages (the fixture has fewer than a burst, so crawl it 3×).
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const url of urls) {
      advance(1_000);
      statuses.push((await get(new URL(url).pathname, "192.0.2.80")).status);
    }
  }
  assert.deepEqual(tally(statuses), { 200: statuses.length });
  const robots = await app.request("/robots.txt");
  assert.match(await robots.text(), /Crawl-delay: 1\nSitemap: http:\/\/test\.local\/sitemap\.xml/);
  close();
});

Deno.test("site pages carry an ETag and a matching If-None-Match gets 304 without a body", async () => {
  const { app, close } = await setup();
  const page = await app.request("/tools/scribe", {}, from("192.0.2.81"));
  const tag = page.headers.get("etag");
  assert.match(tag ?? "", /^"[\w-]{20,}"$/);
  const body = await page.text();
  const again = await app.request("/tools/scribe", {}, from("192.0.2.81"));
  assert.equal(again.headers.get("etag"), tag, "the same page has the same tag");
  assert.equal(await again.text(), body);
  const revalidated = await app.request("/tools/scribe", {
    headers: { "if-none-match": `W/"other", ${tag}` },
  }, from("192.0.2.81"));
  assert.equal(revalidated.status, 304);
  assert.equal(revalidated.headers.get("etag"), tag);
  assert.equal(revalidated.headers.get("cache-control"), page.headers.get("cache-control"));
  assert.equal(await revalidated.text(), "");
  close();
});

Deno.test("malformed MCP messages the transport refuses take fair-use tokens, so a flood of them is limited", async () => {
  const { app, close } = await setup();
  const noJsonrpc = { id: 1, method: "tools/call", params: { name: "svc_list_filters" } };
  const idTrue = { ...toolCall(1, "svc_list_filters"), id: true };
  const floods: [string, RequestInit][] = [
    ["no jsonrpc", { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(noJsonrpc) }],
    ["id: true", { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(idTrue) }],
    ["a bad Accept", {
      method: "POST",
      headers: { ...MCP_HEADERS, accept: "text/html" },
      body: JSON.stringify(toolCall(1, "svc_list_filters")),
    }],
    ["an unsupported protocol version", {
      method: "POST",
      headers: { ...MCP_HEADERS, "mcp-protocol-version": "1999-01-01" },
      body: JSON.stringify(toolCall(1, "svc_list_filters")),
    }],
  ];
  for (const [i, [name, init]] of floods.entries()) {
    const statuses: number[] = [];
    for (let n = 0; n < 80; n++) {
      const res = await app.request("/mcp", init, from(`203.0.113.${60 + i}`));
      await res.body?.cancel();
      statuses.push(res.status);
    }
    assert.equal(statuses.filter((s) => s === 429).length, 80 - DEFAULT_FAIR_USE.burst, name);
  }
  // A well-formed call is still counted by the quota, not by fair use.
  const ok = await app.request("/mcp", {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify(toolCall(1, "svc_list_filters")),
  }, from("203.0.113.60"));
  assert.equal(ok.status, 200);
  assert.equal((await ok.json()).result.isError, undefined);
  close();
});

Deno.test("requests with invalid keys are limited per client before the key is looked up; a valid key pays nothing", async () => {
  const { access, get, close } = await setup();
  const { secret } = await access.keys.create("pro", "Valid");
  let lookups = 0;
  const verify = access.keys.verify.bind(access.keys);
  access.keys.verify = (token: string) => {
    lookups++;
    return verify(token);
  };
  const statuses: number[] = [];
  for (let i = 0; i < 80; i++) {
    const bad = i % 2 ? `Bearer sk_svc_${"x".repeat(32)}` : "Basic dXNlcjpwYXNz";
    statuses.push(
      (await get("/api/v1/categories", "203.0.113.70", {
        headers: { authorization: bad },
      })).status,
    );
  }
  assert.deepEqual(tally(statuses), {
    401: DEFAULT_FAIR_USE.burst,
    429: 80 - DEFAULT_FAIR_USE.burst,
  });
  assert.equal(lookups, DEFAULT_FAIR_USE.burst / 2, "refused requests never reach the key store");
  // The client's keyless requests have a bucket of their own.
  assert.equal((await get("/api/v1/categories", "203.0.113.70")).status, 200);
  // A valid key from a clean client, many times: never charged.
  for (let i = 0; i < 80; i++) {
    const res = await get("/api/v1/categories", "198.51.100.70", {
      headers: { authorization: `Bearer ${secret}` },
    });
    assert.equal(res.status, 200);
  }
  close();
});

Deno.test("an empty Authorization header is a 401, never the free tier", async () => {
  const { app, close } = await setup();
  for (const value of ["", "   "]) {
    const res = await app.request("/api/v1/categories", {
      headers: { authorization: value },
    }, from("203.0.113.71"));
    assert.equal(res.status, 401, JSON.stringify(value));
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal((await res.json()).code, "invalid_api_key");
  }
  close();
});

Deno.test("every response says X-Content-Type-Options: nosniff, an API 404 echoing its path included", async () => {
  const { app, close } = await setup();
  const cases: [string, RequestInit][] = [
    ["/api/v1/<script>alert(1)</script>", {}],
    ["/api/v1/categories", {}],
    ["/api/v1/tools/recommend", { method: "POST", body: "x" }],
    ["/mcp", { method: "GET" }],
    ["/mcp", { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(toolCall(1, "x")) }],
    ["/v0.1/servers?limit=1", {}],
    ["/tools/scribe", {}],
    ["/no-such-page", {}],
    ["/static/site.css", {}],
    ["/sitemap.xml", {}],
    ["/api/v1/categories", { method: "OPTIONS", headers: { origin: "https://x.dev" } }],
  ];
  for (const [path, init] of cases) {
    const res = await app.request(path, init, from("192.0.2.90"));
    await res.body?.cancel();
    assert.equal(
      res.headers.get("x-content-type-options"),
      "nosniff",
      `${init.method ?? "GET"} ${path}`,
    );
  }
  close();
});
