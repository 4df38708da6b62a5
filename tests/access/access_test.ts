import assert from "node:assert/strict";
import { openAccess } from "../../src/access/access.ts";
import { clientAddress, parseTrustedProxies, subjectIdOf } from "../../src/access/client_ip.ts";
import { KEY_PATTERN } from "../../src/access/keys.ts";
import { createApp } from "../../src/http/app.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { appWithSemanticSearch } from "./_tiers.ts";
import { INITIALIZE, mcpPost, toolCall } from "../_mcp.ts";

const ctx = await fixtureContext();

/** A settable clock. */
function clock(iso: string) {
  let now = new Date(iso);
  return { now: () => now, set: (s: string) => (now = new Date(s)) };
}

async function setup(options: { tiersJson?: string; trustProxy?: string; at?: string } = {}) {
  const time = clock(options.at ?? "2026-11-22T12:00:00Z");
  const access = await openAccess({
    kvPath: ":memory:",
    tiersJson: options.tiersJson,
    trustProxy: options.trustProxy,
    clock: time.now,
  });
  const app = createApp({ ctx, access });
  const request = (path: string, init: RequestInit = {}, ip = "203.0.113.7") =>
    app.request(path, init, { remoteAddr: { hostname: ip, port: 40000, transport: "tcp" } });
  return { access, app, request, time, close: () => access.kv.close() };
}

async function drain(res: Response) {
  await res.body?.cancel();
  return res;
}

Deno.test("the 101st free request of a day from one IP gets 429 with a correct Retry-After", async () => {
  const { request, close } = await setup({ at: "2026-11-22T22:00:00Z" });
  for (let i = 1; i <= 100; i++) {
    const res = await drain(await request("/api/v1/tools?q=image"));
    assert.equal(res.status, 200, `request ${i}`);
    assert.equal(res.headers.get("x-ratelimit-remaining"), String(100 - i));
  }
  const res = await request("/api/v1/tools?q=image");
  assert.equal(res.status, 429);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  assert.equal((await res.json()).code, "rate_limited");
  // 22:00 UTC → the day resets at 00:00 UTC, 7,200 s later.
  assert.equal(res.headers.get("retry-after"), "7200");
  assert.equal(res.headers.get("ratelimit"), '"day";r=0;t=7200');
  // Another IP still has its own allowance.
  assert.equal((await drain(await request("/api/v1/tools", {}, "198.51.100.9"))).status, 200);
  close();
});

Deno.test("every counted response carries RateLimit-Policy, RateLimit and X-RateLimit headers", async () => {
  const { request, close } = await setup({ at: "2026-11-22T00:00:00Z" });
  const res = await drain(await request("/api/v1/categories"));
  assert.equal(
    res.headers.get("ratelimit-policy"),
    '"day";q=100;w=86400, "month";q=3000;w=2592000',
  );
  assert.equal(res.headers.get("ratelimit"), '"day";r=99;t=86400');
  assert.equal(res.headers.get("x-ratelimit-limit"), "100");
  assert.equal(res.headers.get("x-ratelimit-reset"), "86400");
  assert.match(res.headers.get("access-control-expose-headers")!, /RateLimit/);
  close();
});

Deno.test("health and preflight requests are not counted", async () => {
  const { request, close } = await setup();
  for (let i = 0; i < 3; i++) await drain(await request("/api/v1/health"));
  await drain(
    await request("/api/v1/tools", {
      method: "OPTIONS",
      headers: { origin: "https://x.example", "access-control-request-method": "GET" },
    }),
  );
  const res = await drain(await request("/api/v1/tools"));
  assert.equal(res.headers.get("x-ratelimit-remaining"), "99");
  close();
});

Deno.test("a Pro key gets its own limits and usage with 30 days of history", async () => {
  const { access, request, close } = await setup();
  const { secret, record } = await access.keys.create("pro", "Acme");
  assert.match(secret, KEY_PATTERN);
  const auth = { headers: { authorization: `Bearer ${secret}` } };
  const res = await drain(await request("/api/v1/tools", auth));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("x-ratelimit-limit"), "1000");
  assert.equal(res.headers.get("x-ratelimit-remaining"), "999");
  const usage = await (await request("/api/v1/usage", auth)).json();
  assert.equal(usage.tier, "pro");
  assert.deepEqual(usage.subject, { kind: "key", id: record.id });
  assert.equal(usage.day.used, 2);
  assert.equal(usage.month.limit, 25000);
  assert.equal(usage.history.length, 30);
  assert.deepEqual(usage.history.at(-1), { date: "2026-11-22", requests: 2 });
  assert.equal(usage.entitlements.usageHistory, true);
  // The anonymous caller from the same IP is unaffected and sees no history.
  const free = await (await request("/api/v1/usage")).json();
  assert.deepEqual([free.tier, free.day.used, free.history], ["free", 1, null]);
  close();
});

Deno.test("revoked, unknown and malformed keys get 401 with WWW-Authenticate, never free access", async () => {
  const { access, request, close } = await setup();
  const { secret, record } = await access.keys.create("enterprise", "Big Co");
  await access.keys.revoke(record.id);
  for (
    const header of [
      `Bearer ${secret}`,
      `Bearer sk_svc_${"a".repeat(32)}`,
      "Bearer sk_svc_short",
      `Basic ${btoa("user:pass")}`,
      "Bearer",
    ]
  ) {
    const res = await request("/api/v1/tools", { headers: { authorization: header } });
    assert.equal(res.status, 401, header);
    assert.equal(
      res.headers.get("www-authenticate"),
      'Bearer realm="toolatlas", error="invalid_token"',
    );
    assert.equal((await res.json()).code, "invalid_api_key");
  }
  const mcp = await drain(
    await request("/mcp", { method: "POST", headers: { authorization: `Bearer ${secret}` } }),
  );
  assert.equal(mcp.status, 401);
  close();
});

Deno.test("a rotated key keeps its usage history and the old secret stops working", async () => {
  const { access, request, close } = await setup();
  const { secret, record } = await access.keys.create("pro", "Rotator");
  await drain(await request("/api/v1/tools", { headers: { authorization: `Bearer ${secret}` } }));
  const rotated = await access.keys.rotate(record.id);
  assert.notEqual(rotated.secret, secret);
  assert.equal(
    (await drain(
      await request("/api/v1/tools", { headers: { authorization: `Bearer ${secret}` } }),
    )).status,
    401,
  );
  const usage = await (await request("/api/v1/usage", {
    headers: { authorization: `Bearer ${rotated.secret}` },
  })).json();
  assert.equal(usage.day.used, 2);
  close();
});

Deno.test("a month limit blocks even when the day has room", async () => {
  const { request, time, close } = await setup({
    tiersJson: JSON.stringify({ free: { perDay: 5, perMonth: 8 } }),
    at: "2026-11-20T10:00:00Z",
  });
  for (let i = 0; i < 5; i++) {
    assert.equal((await drain(await request("/api/v1/tools"))).status, 200);
  }
  time.set("2026-11-21T10:00:00Z");
  for (let i = 0; i < 3; i++) {
    assert.equal((await drain(await request("/api/v1/tools"))).status, 200);
  }
  const res = await request("/api/v1/tools");
  assert.equal(res.status, 429);
  // Day has 2 left; the month (8) is used up until 2026-12-01T00:00Z = 9 days 14 h later.
  assert.equal(res.headers.get("retry-after"), String(9 * 86400 + 14 * 3600));
  assert.equal(res.headers.get("ratelimit"), `"month";r=0;t=${9 * 86400 + 14 * 3600}`);
  await res.body?.cancel();
  close();
});

Deno.test("counters roll over at the UTC day and month boundaries", async () => {
  const { request, time, close } = await setup({
    tiersJson: JSON.stringify({ free: { perDay: 2, perMonth: 3 } }),
    at: "2026-11-30T23:59:58Z",
  });
  assert.equal((await drain(await request("/api/v1/tools"))).status, 200);
  assert.equal((await drain(await request("/api/v1/tools"))).status, 200);
  assert.equal((await drain(await request("/api/v1/tools"))).status, 429);
  time.set("2026-12-01T00:00:00Z");
  const res = await drain(await request("/api/v1/tools"));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("ratelimit"), '"day";r=1;t=86400');
  close();
});

Deno.test("200 concurrent requests with 150 left: exactly 150 succeed and 50 get 429 (real KV)", async () => {
  const { access, close } = await setup({ tiersJson: JSON.stringify({ pro: { perDay: 1150 } }) });
  const { record } = await access.keys.create("pro", "Load");
  const subject = { kind: "key" as const, id: record.id };
  const limits = access.tiers.pro;
  // Use up 1,000 of the 1,150 first.
  for (let i = 0; i < 10; i++) {
    await Promise.all(Array.from({ length: 100 }, () => access.quota.consume(subject, limits)));
  }
  const results = await Promise.all(
    Array.from({ length: 200 }, () => access.quota.consume(subject, limits)),
  );
  assert.equal(results.filter((r) => r.allowed).length, 150);
  assert.equal(results.filter((r) => !r.allowed).length, 50);
  const after = await access.quota.peek(subject, limits);
  assert.equal(after.day.used, 1150);
  assert.equal(after.month.used, 1150);
  close();
});

Deno.test("the KV holds no plaintext key", async () => {
  const { access, close } = await setup();
  const created = await access.keys.create("pro", "Secretive");
  const rotated = await access.keys.rotate(created.record.id);
  const dump: string[] = [];
  for await (const e of access.kv.list({ prefix: [] })) {
    dump.push(JSON.stringify(e.key, (_, v) => typeof v === "bigint" ? String(v) : v));
    dump.push(JSON.stringify(e.value, (_, v) => typeof v === "bigint" ? String(v) : v));
  }
  const text = dump.join("\n");
  assert.ok(dump.length >= 2);
  assert.ok(!text.includes(created.secret));
  assert.ok(!text.includes(rotated.secret));
  assert.ok(!text.includes(rotated.secret.slice(7)));
  close();
});

Deno.test("MCP tool calls count, list and initialize do not, and over-limit calls are isError rate_limited", async () => {
  const { request, close } = await setup({ tiersJson: JSON.stringify({ free: { perDay: 2 } }) });
  const rpc = (body: unknown) => request("/mcp", mcpPost(body));
  const init = await rpc(INITIALIZE);
  assert.equal(init.headers.get("x-ratelimit-remaining"), "2");
  await init.body?.cancel();
  await drain(await rpc({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
  const call = (id: number) => rpc(toolCall(id, "svc_list_filters"));
  const first = await call(3);
  assert.equal(first.headers.get("x-ratelimit-remaining"), "1");
  assert.equal((await first.json()).result.isError, undefined);
  await drain(await call(4));
  const over = await call(5);
  assert.equal(over.status, 200);
  const result = (await over.json()).result;
  assert.equal(result.isError, true);
  assert.equal(JSON.parse(result.content[0].text).code, "rate_limited");
  close();
});

Deno.test("IPv6 clients are counted per /64 and X-Forwarded-For only behind trusted proxies", async () => {
  assert.equal(subjectIdOf("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
  assert.equal(subjectIdOf("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
  assert.equal(subjectIdOf("::ffff:192.0.2.1"), "192.0.2.1");
  const none = parseTrustedProxies(undefined);
  assert.equal(clientAddress("10.0.0.1", "203.0.113.5", none), "10.0.0.1");
  const trusted = parseTrustedProxies("10.0.0.0/8,loopback");
  assert.equal(
    clientAddress("10.0.0.1", "198.51.100.1, 203.0.113.5, 10.1.1.1", trusted),
    "203.0.113.5",
  );
  assert.equal(clientAddress("192.0.2.50", "203.0.113.5", trusted), "192.0.2.50");

  const { request, close } = await setup({ tiersJson: JSON.stringify({ free: { perDay: 1 } }) });
  assert.equal((await drain(await request("/api/v1/tools", {}, "2001:db8:1:2::1"))).status, 200);
  assert.equal((await drain(await request("/api/v1/tools", {}, "2001:db8:1:2::99"))).status, 429);
  assert.equal((await drain(await request("/api/v1/tools", {}, "2001:db8:1:3::1"))).status, 200);
  // Without TRUST_PROXY a spoofed header does not buy a fresh allowance.
  const spoofed = await drain(
    await request(
      "/api/v1/tools",
      { headers: { "x-forwarded-for": "192.0.2.77" } },
      "2001:db8:1:2::5",
    ),
  );
  assert.equal(spoofed.status, 429);
  close();
});

Deno.test("a tier without the semanticSearch entitlement is ranked lexically on REST and MCP", async () => {
  const semanticCtx = await fixtureContext({ embed: true });
  const make = async (semanticSearch: boolean) => {
    const { app, access } = await appWithSemanticSearch(semanticCtx, semanticSearch);
    const env = { remoteAddr: { hostname: "203.0.113.7", port: 1, transport: "tcp" } };
    const rest = await (await app.request(
      "/api/v1/tools?q=speech%20recognition%20for%20phone%20calls&mode=semantic",
      {},
      env,
    )).json();
    const mcp = await (await app.request(
      "/mcp",
      mcpPost(toolCall(1, "svc_tools_search", {
        q: "speech recognition for phone calls",
        mode: "semantic",
      })),
      env,
    )).json();
    access.kv.close();
    return { rest: rest.total, mcp: mcp.result.structuredContent.total };
  };
  const allowed = await make(true);
  assert.ok(allowed.rest > 0 && allowed.mcp > 0, JSON.stringify(allowed));
  assert.deepEqual(await make(false), { rest: 0, mcp: 0 });
});
