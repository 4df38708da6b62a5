import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { type Access, openAccess } from "../../src/access/access.ts";
import { KeyStore } from "../../src/access/keys.ts";
import {
  DAY_BUCKET_TTL_MS,
  MONTH_BUCKET_TTL_MS,
  QuotaCounter,
  UNAVAILABLE_RETRY_AFTER,
} from "../../src/access/quota.ts";
import { createApp } from "../../src/http/app.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { mcpPost, toolCall } from "../_mcp.ts";
import { tempDir } from "../_temp.ts";

const ctx = await fixtureContext();
const FROM = { remoteAddr: { hostname: "203.0.113.7", port: 40000, transport: "tcp" } };

/** Calls, commits and an on/off failure switch around a real KV (a test double). */
interface KvDouble {
  kv: Deno.Kv;
  state: { down: boolean; reads: number; commits: number };
}

function kvDouble(real: Deno.Kv): KvDouble {
  const state = { down: false, reads: 0, commits: 0 };
  const kv = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (state.down && prop !== "close") throw new Error("The KV is down (test double)");
        if (prop === "get" || prop === "getMany") state.reads++;
        const result = value.apply(target, args);
        if (prop === "atomic") {
          const op = result as Deno.AtomicOperation;
          const commit = op.commit.bind(op);
          op.commit = () => {
            state.commits++;
            if (state.down) throw new Error("The KV is down (test double)");
            return commit();
          };
        }
        return result;
      };
    },
  });
  return { kv, state };
}

/** Access services over a KV double. */
async function accessOver(options: { tiersJson?: string; clock?: () => Date } = {}) {
  const base = await openAccess({ kvPath: ":memory:", ...options });
  const double = kvDouble(base.kv);
  const access: Access = {
    ...base,
    kv: double.kv,
    keys: new KeyStore(double.kv),
    quota: new QuotaCounter(double.kv, options.clock),
  };
  return { access, state: double.state, close: () => base.kv.close() };
}

Deno.test("quota counters carry an expiry after every increment, counted from the bucket's start", async () => {
  const dir = await tempDir({ prefix: "toolatlas-kv-expiry-" });
  const path = `${dir}/kv.sqlite3`;
  const access = await openAccess({ kvPath: path });
  const subject = { kind: "ip" as const, id: "203.0.113.7" };
  for (let i = 0; i < 3; i++) await access.quota.consume(subject, access.tiers.free);
  const now = new Date();
  access.kv.close();
  // Deno's local KV is SQLite: read each entry's expiry back from its `kv` table.
  const db = new DatabaseSync(path, { readOnly: true });
  const rows = db.prepare("SELECT expiration_ms FROM kv ORDER BY expiration_ms").all() as {
    expiration_ms: number;
  }[];
  db.close();
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  assert.equal(rows.length, 2);
  // Late in a month the day bucket outlives the month bucket, so match each expiry, not an order.
  // -1 would mean "never expires" (what a KV `sum` leaves behind).
  const expiries = rows.map((r) => r.expiration_ms);
  const near = (want: number) => expiries.some((e) => Math.abs(e - want) < 5_000);
  assert.ok(near(dayStart + DAY_BUCKET_TTL_MS), `day bucket expiry missing: ${expiries}`);
  assert.ok(near(monthStart + MONTH_BUCKET_TTL_MS), `month bucket expiry missing: ${expiries}`);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("200 concurrent requests of one key give exact counts in a handful of KV commits", async () => {
  const { access, state, close } = await accessOver({
    tiersJson: JSON.stringify({ pro: { perDay: 150 } }),
  });
  const { secret, record } = await access.keys.create("pro", "Burst");
  const app = createApp({ ctx, access });
  state.commits = 0;
  const statuses = await Promise.all(Array.from({ length: 200 }, async () => {
    const res = await app.request("/api/v1/categories", {
      headers: { authorization: `Bearer ${secret}` },
    }, FROM);
    await res.body?.cancel();
    return res.status;
  }));
  assert.equal(statuses.filter((s) => s === 200).length, 150);
  assert.equal(statuses.filter((s) => s === 429).length, 50);
  const after = await access.quota.peek({ kind: "key", id: record.id }, access.tiers.pro);
  assert.deepEqual([after.day.used, after.month.used], [150, 150]);
  // One commit per round of waiting requests, never one (or more) per request.
  assert.ok(state.commits <= 20, `${state.commits} commits for 200 requests`);
  close();
});

Deno.test("two replicas sharing one KV never overshoot a limit", async () => {
  const kv = await Deno.openKv(":memory:");
  const replicas = [new QuotaCounter(kv), new QuotaCounter(kv)];
  const subject = { kind: "key" as const, id: "key_shared" };
  const limits = { perDay: 250, perMonth: 10_000 };
  const results = await Promise.all(
    Array.from({ length: 400 }, (_, i) => replicas[i % 2]!.consume(subject, limits)),
  );
  assert.equal(results.filter((r) => r.allowed).length, 250);
  const after = await replicas[0]!.peek(subject, limits);
  assert.equal(after.day.used, 250);
  kv.close();
});

Deno.test("with the KV down, counted routes answer 503 quota_unavailable problems, never 500", async () => {
  const { access, state, close } = await accessOver();
  const { secret } = await access.keys.create("pro", "Outage");
  const app = createApp({ ctx, access });
  state.down = true;
  const checks: [string, RequestInit][] = [
    ["/api/v1/tools?q=notes", {}],
    ["/api/v1/usage", {}],
    ["/api/v1/tools?q=notes", { headers: { authorization: `Bearer ${secret}` } }],
    ["/api/v1/tools/recommend", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"query":"notes"}',
    }],
  ];
  for (const [path, init] of checks) {
    const res = await app.request(path, init, FROM);
    assert.equal(res.status, 503, path);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal(res.headers.get("retry-after"), String(UNAVAILABLE_RETRY_AFTER));
    const body = await res.json();
    assert.equal(body.code, "quota_unavailable");
    assert.match(body.detail, /quota store is unavailable/);
  }
  close();
});

Deno.test("with the KV down, uncounted responses stay good: health, MCP list and site pages", async () => {
  const { access, state, close } = await accessOver();
  const app = createApp({ ctx, access });
  state.down = true;
  const health = await app.request("/api/v1/health", {}, FROM);
  assert.equal(health.status, 200);
  assert.equal(health.headers.get("ratelimit"), null);
  assert.ok((await health.json()).counts);
  const rpc = (body: unknown) => app.request("/mcp", mcpPost(body), FROM);
  const list = await rpc({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  assert.equal(list.status, 200);
  assert.equal((await list.json()).result.tools.length, 12);
  // A tool call needs the quota: an isError result with the REST code, not a transport failure.
  const call = await rpc(toolCall(2, "svc_list_filters"));
  assert.equal(call.status, 200);
  const result = (await call.json()).result;
  assert.equal(result.isError, true);
  assert.deepEqual(
    [JSON.parse(result.content[0].text).code, JSON.parse(result.content[0].text).status],
    ["quota_unavailable", 503],
  );
  const page = await app.request("/?q=notes", {}, FROM);
  assert.equal(page.status, 200);
  await page.body?.cancel();
  close();
});
