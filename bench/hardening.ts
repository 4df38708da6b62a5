/**
 * `deno task bench:hardening`: what hostile traffic costs the real server.
 *
 * Starts `main.ts serve` as a subprocess on 127.0.0.1 (catalog `TOOLATLAS_CATALOG` or
 * `data/catalog.db`, a fresh KV in a temporary folder, one Pro key created with `main.ts keys`),
 * then measures, each step bounded in count and time:
 *
 * 1. **Bodies**: a 300 MiB chunked upload (64 KiB chunks, produced lazily) to `POST /mcp` and to
 *    `POST /api/v1/tools/recommend`: status, time, how much the client had produced half a second
 *    after the answer (Deno's `fetch` keeps sending, and `Deno.serve` reads and drops the rest
 *    outside JavaScript), the server's RSS before and after and its peak (`VmHWM`).
 * 2. **Headers**: requests with about 64,000-byte headers (the largest `Deno.serve` accepts) of
 *    spaces and separators in every header the app reads (`If-None-Match`, `Authorization`,
 *    `X-Forwarded-For`, `Content-Type`, `Accept`): status and time; one header of 100,000 bytes.
 * 3. **MCP list traffic**: 1,000 `tools/list` requests from one client on one connection (status
 *    counts, time, server CPU), 200 `ping`s from 200 clients (the cost of one MCP request), and
 *    batches of 20, 100 and 101 `tools/list`.
 * 4. **Contention**: 200 concurrent requests of one Pro key to a cheap counted route (a cached
 *    lookup): time, status counts, and the key's `day.used` afterwards (exact when it equals the
 *    successes plus the usage request).
 * 5. **Site search**: 200 distinct `/?q=` searches from one client: status counts.
 * 6. What every request, snapshot and probe costs (`./hardening_costs.ts`): a site-page flood
 *    (`siteflood`), malformed MCP messages (`mcpflood`), unknown keys (`badkeys`), trickled request
 *    heads (`slow`), the sitemap and ETag revalidation (`crawl`), the safety scan's worst inputs
 *    (`scan`), a snapshot decompression bomb (`bomb`), and probes of an endless-line server and a
 *    100,000-tool one (`probe`).
 *
 * While steps 1-3 run, `GET /static/favicon.svg` is requested every 20 ms and its worst latency
 * is reported (event-loop lag as a user meets it). Prints one markdown table per step and the load
 * average. Options: `--port N` (default 8510), `--steps bodies,headers,mcp,contention,site,siteflood,
 * mcpflood,badkeys,slow,crawl,scan,bomb,probe` (default all).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { sendRaw } from "../tests/_http.ts";
import { pollMax, SERVER_FLAGS, waitForOutput } from "./_shared.ts";
import { MCP_HEADERS } from "../tests/_mcp.ts";
import {
  badKeys,
  bomb,
  crawl,
  idle,
  mcpFlood,
  probeCosts,
  scan,
  siteFlood,
  slowClients,
} from "./hardening_costs.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { port: { type: "string" }, steps: { type: "string" } },
});
const PORT = Number(values.port ?? 8510);
const STEPS = new Set(
  (values.steps ??
    "bodies,headers,mcp,contention,site,siteflood,mcpflood,badkeys,slow,crawl,scan,bomb,probe")
    .split(","),
);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ROOT = new URL("..", import.meta.url).pathname;
const CATALOG = Deno.env.get("TOOLATLAS_CATALOG") ?? `${ROOT}data/catalog.db`;
const MIB = 1024 * 1024;

const tmp = await Deno.makeTempDir({ prefix: "toolatlas-hardening-" });
const env = {
  PORT: String(PORT),
  HOSTNAME: "127.0.0.1",
  TOOLATLAS_CATALOG: CATALOG,
  TOOLATLAS_KV: `${tmp}/kv.sqlite3`,
  TOOLATLAS_EMBED: "0",
  // Each step speaks for its own client through `X-Forwarded-For`, so the fair-use bucket one step
  // empties does not stand in the next one's way.
  TRUST_PROXY: "loopback",
};

/** `X-Forwarded-For` of the client a step speaks for. */
const as = (ip: string) => ({ "x-forwarded-for": ip });
const FLAGS = ["run", ...SERVER_FLAGS, `${ROOT}main.ts`];

/** Creates a key with `main.ts keys create` and returns its secret. */
async function createKey(name: string): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...FLAGS, "keys", "create", "--tier", "pro", "--name", name],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const m = /(sk_svc_[0-9A-Za-z]{32})/.exec(text);
  if (!m) throw new Error(`Cannot create a key: ${new TextDecoder().decode(out.stderr)}`);
  return m[1]!;
}

/** Starts the server and waits until it listens (up to 2 minutes). */
async function startServer(): Promise<Deno.ChildProcess> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [...FLAGS, "serve"],
    env,
    stdout: "null",
    stderr: "piped",
  }).spawn();
  await waitForOutput(child.stderr, /listening on/, 120_000);
  return child;
}

/** RSS, peak RSS (MiB) and CPU seconds of a process, from `/proc`. */
async function proc(pid: number): Promise<{ rss: number; hwm: number; cpu: number }> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  const stat = (await Deno.readTextFile(`/proc/${pid}/stat`)).split(") ")[1]!.split(" ");
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024, cpu: ticks / 100 };
}

/** Pings a static file every 20 ms until stopped; returns the worst latency in ms. */
function lagProbe(): { stop: () => Promise<number> } {
  return pollMax(async () => {
    const t = performance.now();
    try {
      await (await fetch(`${ORIGIN}/static/favicon.svg`)).body?.cancel();
    } catch { /* counted as lag below */ }
    return performance.now() - t;
  }, 20);
}

async function bodies(pid: number): Promise<string[]> {
  const rows = [
    "| route | status | time ms | client had produced | RSS before → after MiB | peak RSS MiB | worst favicon ms |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const path of ["/mcp", "/api/v1/tools/recommend"]) {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let produced = 0;
    const total = 300 * MIB;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (produced >= total) return c.close();
        c.enqueue(chunk);
        produced += chunk.length;
      },
    });
    const before = await proc(pid);
    const probe = lagProbe();
    const t = performance.now();
    let status = "";
    try {
      const res = await fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { ...MCP_HEADERS, ...as("192.0.2.1") },
        body,
        signal: AbortSignal.timeout(120_000),
      });
      status = String(res.status);
      await res.body?.cancel();
    } catch (error) {
      status = `error: ${String(error).slice(0, 60)}`;
    }
    const ms = performance.now() - t;
    const lag = await probe.stop();
    await new Promise((r) => setTimeout(r, 500));
    const after = await proc(pid);
    rows.push(
      `| \`POST ${path}\` | ${status} | ${ms.toFixed(0)} | ${(produced / MIB).toFixed(2)} MiB | ${
        before.rss.toFixed(0)
      } → ${after.rss.toFixed(0)} | ${after.hwm.toFixed(0)} | ${lag.toFixed(1)} |`,
    );
  }
  return rows;
}

/**
 * Sends one request over a raw TCP connection, header bytes exactly as given (`fetch` trims
 * header values), and returns the status code and the time to the end of the response.
 */
async function raw(
  method: string,
  path: string,
  headers: [string, string][],
  body = "",
): Promise<{ status: string; ms: number }> {
  const t = performance.now();
  const text = await sendRaw(PORT, method, path, headers, body);
  const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? (text.slice(0, 60) || "closed");
  return { status, ms: performance.now() - t };
}

async function headers(): Promise<string[]> {
  const spaces = " ".repeat(64_000);
  const mcp: [string, string][] = [
    ["Content-Type", "application/json"],
    ["Mcp-Protocol-Version", "2025-06-18"],
  ];
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  const cases: [string, string, string, [string, string][], string?][] = [
    ["If-None-Match: `W` + 64,000 spaces + `x`", "GET", "/static/site.css", [[
      "If-None-Match",
      `W${spaces}x`,
    ]]],
    ['If-None-Match: `"a"` + 32,000 × `, `', "GET", "/static/site.css", [[
      "If-None-Match",
      `"a"${", ".repeat(32_000)}"b"`,
    ]]],
    ["Authorization: `Bearer` + spaces + `x y`", "GET", "/api/v1/categories", [[
      "Authorization",
      `Bearer${spaces}x y`,
    ]]],
    ["X-Forwarded-For: `1.2.3.4` + 32,000 × `, `", "GET", "/api/v1/categories", [[
      "X-Forwarded-For",
      `1.2.3.4${", ".repeat(32_000)}x`,
    ]]],
    ["Content-Type: `application/` + `+` × 64,000", "POST", "/api/v1/tools/recommend", [[
      "Content-Type",
      `application/${"+".repeat(64_000)}x`,
    ]], '{"query":"notes"}'],
    ["Accept: spaces (MCP)", "POST", "/mcp", [...mcp, [
      "Accept",
      `application/json,${spaces}text/event-stream`,
    ]], ping],
    ["Origin: spaces (MCP)", "POST", "/mcp", [
      ...mcp,
      ["Accept", "application/json, text/event-stream"],
      ["Origin", `http://x${spaces}y`],
    ], ping],
    ["one header of 100,000 bytes", "GET", "/api/v1/health", [["X-Big", "a".repeat(100_000)]]],
  ];
  const rows = ["| request | route | status | time ms |", "| --- | --- | --- | --- |"];
  for (const [name, method, path, hs, body] of cases) {
    const { status, ms } = await raw(method, path, hs, body);
    rows.push(`| ${name} | \`${method} ${path}\` | ${status} | ${ms.toFixed(1)} |`);
  }
  return rows;
}

async function mcpList(pid: number): Promise<string[]> {
  const rows = ["| scenario | result | time ms | server CPU s |", "| --- | --- | --- | --- |"];
  const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });
  const statuses = new Map<number, number>();
  const before = await proc(pid);
  const t = performance.now();
  let first429 = 0;
  for (let i = 1; i <= 1000; i++) {
    const res = await fetch(`${ORIGIN}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, ...as("192.0.2.3") },
      body: JSON.stringify(list(i)),
    });
    await res.body?.cancel();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status === 429 && first429 === 0) first429 = i;
  }
  const ms = performance.now() - t;
  const after = await proc(pid);
  const counts = [...statuses].map(([s, n]) => `${n}× ${s}`).join(", ");
  rows.push(
    `| 1,000 \`tools/list\`, one client | ${counts}${
      first429 ? ` (first 429 at #${first429})` : ""
    } | ${ms.toFixed(0)} | ${(after.cpu - before.cpu).toFixed(2)} |`,
  );
  // The cost of one MCP request: 200 pings, each from its own client (a fresh fair-use bucket).
  const p0 = await proc(pid);
  const tp = performance.now();
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${ORIGIN}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, ...as(`198.51.100.${i}`) },
      body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "ping" }),
    });
    await res.body?.cancel();
  }
  const p1 = await proc(pid);
  rows.push(
    `| 200 \`ping\`, 200 clients, one by one | ${
      ((performance.now() - tp) / 200).toFixed(2)
    } ms per request | ${(performance.now() - tp).toFixed(0)} | ${(p1.cpu - p0.cpu).toFixed(2)} |`,
  );
  for (const [n, ip] of [[20, "192.0.2.4"], [100, "192.0.2.5"], [101, "192.0.2.6"]] as const) {
    // Each batch from a client whose bucket is full.
    const t2 = performance.now();
    const c0 = await proc(pid);
    const res = await fetch(`${ORIGIN}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, ...as(ip) },
      body: JSON.stringify(Array.from({ length: n }, (_, i) => list(i + 1))),
    });
    const text = await res.text();
    const c1 = await proc(pid);
    rows.push(
      `| batch of ${n} \`tools/list\` | ${res.status}, ${(text.length / 1024).toFixed(0)} KiB: ${
        text.slice(0, 90).replaceAll("|", "\\|")
      } | ${(performance.now() - t2).toFixed(0)} | ${(c1.cpu - c0.cpu).toFixed(2)} |`,
    );
  }
  return rows;
}

async function contention(secret: string): Promise<string[]> {
  const rows = ["| scenario | statuses | time ms | day.used after |", "| --- | --- | --- | --- |"];
  const auth = { authorization: `Bearer ${secret}` };
  const t = performance.now();
  const results = await Promise.all(Array.from({ length: 200 }, async () => {
    try {
      // A cheap counted route (a cached lookup), so the figure is the quota's, not the route's.
      const res = await fetch(`${ORIGIN}/api/v1/tools?slug=chatgpt`, {
        headers: auth,
        signal: AbortSignal.timeout(60_000),
      });
      await res.body?.cancel();
      return res.status;
    } catch {
      return 0;
    }
  }));
  const ms = performance.now() - t;
  const usage = await (await fetch(`${ORIGIN}/api/v1/usage`, { headers: auth })).json();
  const counts = new Map<number, number>();
  for (const s of results) counts.set(s, (counts.get(s) ?? 0) + 1);
  rows.push(
    `| 200 concurrent requests, one Pro key | ${
      [...counts].map(([s, n]) => `${n}× ${s || "error"}`).join(", ")
    } | ${ms.toFixed(0)} | ${usage.day?.used} (successes + 1 = ${(counts.get(200) ?? 0) + 1}) |`,
  );
  return rows;
}

async function siteSearch(): Promise<string[]> {
  const statuses = new Map<number, number>();
  const t = performance.now();
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${ORIGIN}/?q=${encodeURIComponent(`database tool ${i}`)}`, {
      headers: as("192.0.2.2"),
    });
    await res.body?.cancel();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  return [
    "| scenario | statuses | time ms |",
    "| --- | --- | --- |",
    `| 200 distinct site searches, one client | ${
      [...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")
    } | ${(performance.now() - t).toFixed(0)} |`,
  ];
}

const secret = await createKey("bench");
const server = await startServer();
try {
  const pid = server.pid;
  console.log(`# Hardening figures (server pid ${pid}, catalog ${CATALOG})\n`);
  if (STEPS.has("bodies")) {
    console.log("## 300 MiB chunked bodies\n");
    console.log((await bodies(pid)).join("\n"));
  }
  if (STEPS.has("headers")) {
    console.log("\n## Largest headers\n");
    const probe = lagProbe();
    const headerRows = await headers();
    console.log(headerRows.join("\n"));
    console.log(
      `\nWorst favicon latency during the header requests: ${(await probe.stop()).toFixed(1)} ms`,
    );
  }
  if (STEPS.has("mcp")) {
    console.log("\n## MCP list traffic\n");
    console.log((await mcpList(pid)).join("\n"));
  }
  if (STEPS.has("contention")) {
    console.log("\n## Contention\n");
    console.log((await contention(secret)).join("\n"));
  }
  if (STEPS.has("site")) {
    console.log("\n## Site search\n");
    console.log((await siteSearch()).join("\n"));
  }
  const costs: [string, string, () => Promise<string[]> | string[]][] = [
    ["siteflood", "Site pages", () => siteFlood(ORIGIN, pid, proc)],
    ["mcpflood", "Malformed MCP messages", () => mcpFlood(ORIGIN, pid, proc)],
    ["badkeys", "Unknown keys", () => badKeys(ORIGIN, pid, proc)],
    ["slow", "Slow request heads", () => slowClients(PORT)],
    ["crawl", "Sitemap and ETag", () => crawl(ORIGIN)],
    ["scan", "Safety scan (in the bench process)", scan],
    ["bomb", "Snapshot decompression bomb (in the bench process)", bomb],
    ["probe", "Probe runner (a child process per probe)", probeCosts],
  ];
  for (const [step, title, run] of costs) {
    if (!STEPS.has(step)) continue;
    await idle(pid, proc);
    console.log(`\n## ${title}\n`);
    console.log((await run()).join("\n"));
  }
  const final = await proc(pid);
  console.log(
    `\nServer RSS at the end: ${final.rss.toFixed(0)} MiB (peak ${final.hwm.toFixed(0)})`,
  );
  console.log(`Load average: ${(await Deno.readTextFile("/proc/loadavg")).trim()}`);
} finally {
  server.kill("SIGTERM");
  await server.status;
  await Deno.remove(tmp, { recursive: true }).catch(() => {});
}
