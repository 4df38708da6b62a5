import assert from "node:assert/strict";
import { openAccess } from "../../src/access/access.ts";
import { DEFAULT_FAIR_USE, FairUseLimiter } from "../../src/access/fair_use.ts";
import { createApp } from "../../src/http/app.ts";
import { MAX_BATCH_MESSAGES } from "../../src/http/mcp.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { appWithSemanticSearch } from "./_tiers.ts";
import { mcpPost, toolCall } from "../_mcp.ts";

const ctx = await fixtureContext();
const from = (ip: string) => ({ remoteAddr: { hostname: ip, port: 40000, transport: "tcp" } });

/** The app with a fair-use limiter whose clock stands still unless moved. */
async function setup(options: { tiersJson?: string; burst?: number; rate?: number } = {}) {
  const access = await openAccess({ kvPath: ":memory:", tiersJson: options.tiersJson });
  let now = 0;
  access.fairUse = new FairUseLimiter({
    burst: options.burst ?? DEFAULT_FAIR_USE.burst,
    ratePerSecond: options.rate ?? DEFAULT_FAIR_USE.ratePerSecond,
  }, () => now);
  const app = createApp({ ctx, access });
  const rpc = (body: unknown, ip = "203.0.113.7") => app.request("/mcp", mcpPost(body), from(ip));
  return {
    access,
    app,
    rpc,
    advance: (ms: number) => (now += ms),
    close: () => access.kv.close(),
  };
}

Deno.test("FairUseLimiter allows a burst, refills at its rate and says when to retry", () => {
  let now = 0;
  const limiter = new FairUseLimiter({ burst: 3, ratePerSecond: 0.5 }, () => now);
  const subject = { kind: "ip" as const, id: "192.0.2.1" };
  for (let i = 0; i < 3; i++) assert.equal(limiter.take(subject).allowed, true);
  assert.deepEqual(limiter.take(subject), { allowed: false, remaining: 0, retryAfter: 2 });
  now += 2_000;
  assert.equal(limiter.take(subject).allowed, true);
  assert.equal(limiter.take(subject).allowed, false);
  // A cost above the burst is capped at it, so it passes once the bucket is full again.
  now += 60_000;
  assert.equal(limiter.take(subject, 100).allowed, true);
  assert.equal(limiter.take({ kind: "ip", id: "192.0.2.2" }).allowed, true);
  assert.throws(() => new FairUseLimiter({ burst: 0 }), RangeError);
  assert.throws(() => new FairUseLimiter({ ratePerSecond: 0 }), RangeError);
});

Deno.test("FairUseLimiter holds a bounded number of subjects", () => {
  let now = 0;
  const limiter = new FairUseLimiter({ burst: 2, ratePerSecond: 1, maxSubjects: 1_000 }, () => now);
  for (let i = 0; i < 50_000; i++) {
    limiter.take({ kind: "ip", id: `10.0.${i >> 8}.${i & 255}` });
    now += 1;
  }
  assert.ok(limiter.size <= 1_000, `${limiter.size} subjects held`);
  // The most recent subject is still limited.
  const recent = { kind: "ip" as const, id: "10.0.195.79" };
  assert.equal(limiter.take(recent).allowed, true);
  assert.equal(limiter.take(recent).allowed, false);
});

Deno.test("1,000 tools/list requests from one client: 429 with Retry-After past the burst", async () => {
  const { rpc, close } = await setup();
  const statuses: number[] = [];
  let retryAfter: string | null = null;
  let problem: Record<string, unknown> = {};
  for (let i = 1; i <= 1000; i++) {
    const res = await rpc({ jsonrpc: "2.0", id: i, method: "tools/list" });
    statuses.push(res.status);
    if (res.status === 429 && retryAfter === null) {
      retryAfter = res.headers.get("retry-after");
      problem = await res.json();
    } else await res.body?.cancel();
  }
  assert.equal(statuses.filter((s) => s === 200).length, DEFAULT_FAIR_USE.burst);
  assert.equal(statuses.filter((s) => s === 429).length, 1000 - DEFAULT_FAIR_USE.burst);
  assert.equal(statuses.indexOf(429), DEFAULT_FAIR_USE.burst);
  assert.equal(retryAfter, "1");
  assert.equal(problem.code, "rate_limited");
  assert.equal(problem.policy, "fair-use");
  assert.match(String(problem.detail), /burst of 60, then 1 per second/);
  // Another client is not affected, and tool calls (counted by the quota) still pass.
  assert.equal(
    (await rpc({ jsonrpc: "2.0", id: 1, method: "tools/list" }, "198.51.100.1")).status,
    200,
  );
  const call = await rpc(toolCall(2, "svc_list_filters"));
  assert.equal(call.status, 200);
  assert.equal((await call.json()).result.isError, undefined);
  close();
});

Deno.test("a JSON-RPC batch over the documented size is refused clearly; a batch costs one token per message", async () => {
  const { rpc, advance, close } = await setup();
  const list = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/list" }));
  const big = await rpc(list(101));
  assert.equal(big.status, 413);
  assert.equal(big.headers.get("content-type"), "application/problem+json");
  const problem = await big.json();
  assert.equal(problem.code, "payload_too_large");
  assert.equal(
    problem.detail,
    `Cannot accept a JSON-RPC batch of 101 messages: send at most ${MAX_BATCH_MESSAGES} per request`,
  );
  assert.equal((await rpc(list(MAX_BATCH_MESSAGES + 1))).status, 413);
  advance(60_000);
  const ok = await rpc(list(MAX_BATCH_MESSAGES));
  assert.equal(ok.status, 200);
  assert.equal((await ok.json()).length, MAX_BATCH_MESSAGES);
  // 60 tokens - 20 for the batch = 40 left.
  const after: number[] = [];
  for (let i = 0; i < 41; i++) {
    const res = await rpc({ jsonrpc: "2.0", id: i, method: "ping" });
    after.push(res.status);
    await res.body?.cancel();
  }
  assert.deepEqual(after, [...Array(40).fill(200), 429]);
  close();
});

Deno.test("GET and DELETE on /mcp answer 405 with Allow: POST", async () => {
  const { app, close } = await setup();
  for (const method of ["GET", "DELETE", "PUT"]) {
    const res = await app.request("/mcp", {
      method,
      headers: { accept: "application/json, text/event-stream" },
    }, from("203.0.113.7"));
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.get("allow"), "POST");
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal((await res.json()).code, "method_not_allowed");
  }
  close();
});

Deno.test("health, site searches and every site page take fair-use tokens; site pages show the 429 with Retry-After", async () => {
  const { app, advance, close } = await setup({ burst: 3, rate: 0.5 });
  const health: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await app.request("/api/v1/health", {}, from("203.0.113.7"));
    health.push(res.status);
    await res.body?.cancel();
  }
  assert.deepEqual(health, [200, 200, 200, 429]);
  const site: number[] = [];
  let last: Response | undefined;
  for (let i = 0; i < 4; i++) {
    last = await app.request(`/?q=notes+${i}`, {}, from("198.51.100.4"));
    site.push(last.status);
    if (i < 3) await last.body?.cancel();
  }
  assert.deepEqual(site, [200, 200, 200, 429]);
  assert.equal(last!.headers.get("content-type"), "text/html; charset=UTF-8");
  assert.equal(last!.headers.get("retry-after"), "2");
  assert.match(await last!.text(), /fair-use limit/);
  // Detail pages take a token too.
  const detail = await app.request("/tools/scribe", {}, from("198.51.100.4"));
  assert.equal(detail.status, 429);
  assert.equal(detail.headers.get("content-type"), "text/html; charset=UTF-8");
  await detail.body?.cancel();
  advance(2_000);
  const again = await app.request("/?q=notes", {}, from("198.51.100.4"));
  assert.equal(again.status, 200);
  await again.body?.cancel();
  close();
});

Deno.test("site search honours a tier without semanticSearch, and refuses a bad key", async () => {
  const semanticCtx = await fixtureContext({ embed: true });
  const count = async (semanticSearch: boolean) => {
    const { app, access } = await appWithSemanticSearch(semanticCtx, semanticSearch);
    const res = await app.request(
      "/?q=speech+recognition+for+phone+calls",
      {},
      from("203.0.113.7"),
    );
    const html = await res.text();
    const bad = await app.request("/?q=notes", {
      headers: { authorization: "Bearer sk_svc_nope" },
    }, from("203.0.113.7"));
    assert.equal(bad.status, 401);
    await bad.body?.cancel();
    access.kv.close();
    return [...html.matchAll(/<li class="card result">/g)].length;
  };
  assert.ok(await count(true) > 0);
  assert.equal(await count(false), 0);
});

Deno.test("only well-formed tools/call requests skip the fair-use bucket, and a call naming no tool counts", async () => {
  const { access, rpc, close } = await setup({ burst: 2, rate: 0.001 });
  const notification = {
    jsonrpc: "2.0",
    method: "tools/call",
    params: { name: "svc_list_filters" },
  };
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await rpc(notification);
    statuses.push(res.status);
    await res.body?.cancel();
  }
  assert.deepEqual(statuses, [202, 202, 429]);
  const unknown = await rpc(toolCall(1, "svc_nope"), "198.51.100.7");
  assert.match((await unknown.json()).error.message, /svc_nope not found/);
  const usage = await access.quota.peek({ kind: "ip", id: "198.51.100.7" }, access.tiers.free);
  assert.equal(usage.day.used, 1);
  close();
});
