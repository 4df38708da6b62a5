/**
 * The steps `deno task bench:hardening` gained for what every request, snapshot and probe costs:
 * each measures one weakness a red-team review found, so the same script run on the code before
 * and after the fix gives the before → after figures in docs/performance.md. Every step works on
 * both versions (only routes, commands and functions that both have are used).
 *
 * - `siteflood`: 1,000 site pages (`/llm-prices` and a server page, 8 at a time) from one client,
 *   and `/api/v1/health` latency from other clients before and during the flood;
 * - `mcpflood`: 1,000 `tools/call` messages without `jsonrpc` from one client;
 * - `badkeys`: 1,000 requests with unknown keys from one client, and one with an empty
 *   `Authorization`;
 * - `slow`: 30 connections sending one header line a second, never ending the head, for 25 s;
 * - `crawl`: the sitemap, and a page fetched then revalidated with `If-None-Match`;
 * - `scan`: the safety scan of `<` and 60,000 spaces, and of 100,000 zero-width spaces;
 * - `bomb`: verifying a snapshot whose `catalog.db` is 1 GiB that compresses 400:1 (under
 *   node-tar's own 1,000:1 guard; an archive of a few MB);
 * - `probe`: a probe of a server writing one endless line (8 s), and of one listing 100,000 tools.
 *
 * @module
 */
import * as tar from "tar";
import { writeCatalog } from "../src/catalog/writer.ts";
import { scanText } from "../src/ingest/safety_scan.ts";
import { createSnapshot, verifySnapshot } from "../src/snapshot/archive.ts";
import { MCP_HEADERS } from "../tests/_mcp.ts";
import { PRICES, SERVERS, TOOLS } from "../tests/fixtures/catalog.ts";

/** CPU seconds and memory of the server process. */
export type ProcInfo = (pid: number) => Promise<{ rss: number; hwm: number; cpu: number }>;

const as = (ip: string) => ({ "x-forwarded-for": ip });
const GIB = 1024 * 1024 * 1024;

/**
 * Waits until the server is idle (under 0.05 s of CPU per 0.5 s, at most 60 s), so a step's CPU
 * figure is its own and not the background reading of term lists after start.
 *
 * @param pid the server process
 * @param proc reads its CPU seconds
 */
export async function idle(pid: number, proc: ProcInfo): Promise<void> {
  let last = (await proc(pid)).cpu;
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 500));
    const now = (await proc(pid)).cpu;
    if (now - last < 0.05) return;
    last = now;
  }
}

/** `200 × 60, 429 × 940` from a list of statuses. */
function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n}× ${s || "error"}`).join(
    ", ",
  );
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

/** One GET, status only. */
async function status(url: string, headers: Record<string, string> = {}): Promise<number> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/** Latency of `/api/v1/health` from a fresh client each time, every 50 ms until stopped. */
function healthSampler(origin: string, from: number): { stop: () => Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = from; running; i++) {
      const t = performance.now();
      await status(`${origin}/api/v1/health`, as(`198.18.${(i >> 8) & 255}.${i & 255}`));
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times;
    },
  };
}

/** Step `siteflood`. */
export async function siteFlood(origin: string, pid: number, proc: ProcInfo): Promise<string[]> {
  const found = await (await fetch(`${origin}/api/v1/servers?q=github&limit=1`, {
    headers: as("192.0.2.99"),
  })).json();
  const name: string = found.results?.[0]?.name ?? "io.github.github/github-mcp-server";
  const serverPage = `/servers/${name.split("/").map(encodeURIComponent).join("/")}`;
  const quiet = healthSampler(origin, 0);
  await new Promise((r) => setTimeout(r, 2_000));
  const baseline = await quiet.stop();
  const busy = healthSampler(origin, 10_000);
  const c0 = await proc(pid);
  const t = performance.now();
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < 1_000) {
      const i = next++;
      statuses.push(
        await status(`${origin}${i % 2 ? "/llm-prices" : serverPage}`, as("203.0.113.200")),
      );
    }
  }));
  const ms = performance.now() - t;
  const c1 = await proc(pid);
  const during = await busy.stop();
  return [
    "| scenario | statuses | time ms | server CPU s | health p50 / p90 ms before → during |",
    "| --- | --- | --- | --- | --- |",
    `| 1,000 site pages (\`/llm-prices\`, \`${serverPage}\`), one client, 8 at a time | ${
      tally(statuses)
    } | ${ms.toFixed(0)} | ${(c1.cpu - c0.cpu).toFixed(2)} | ${
      percentile(baseline, 0.5).toFixed(1)
    } / ${percentile(baseline, 0.9).toFixed(1)} → ${percentile(during, 0.5).toFixed(1)} / ${
      percentile(during, 0.9).toFixed(1)
    } |`,
  ];
}

/** Step `mcpflood`. */
export async function mcpFlood(origin: string, pid: number, proc: ProcInfo): Promise<string[]> {
  const body = JSON.stringify({
    id: 1,
    method: "tools/call",
    params: { name: "svc_list_filters" },
  });
  const statuses: number[] = [];
  const c0 = await proc(pid);
  const t = performance.now();
  for (let i = 0; i < 1_000; i++) {
    const res = await fetch(`${origin}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, ...as("203.0.113.201") },
      body,
    });
    await res.body?.cancel();
    statuses.push(res.status);
  }
  const c1 = await proc(pid);
  return [
    "| scenario | statuses | time ms | server CPU s |",
    "| --- | --- | --- | --- |",
    `| 1,000 \`tools/call\` without \`jsonrpc\`, one client | ${tally(statuses)} | ${
      (performance.now() - t).toFixed(0)
    } | ${(c1.cpu - c0.cpu).toFixed(2)} |`,
  ];
}

/** Step `badkeys`. */
export async function badKeys(origin: string, pid: number, proc: ProcInfo): Promise<string[]> {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const key = () =>
    `sk_svc_${Array.from({ length: 32 }, () => alphabet[Math.floor(Math.random() * 62)]).join("")}`;
  const statuses: number[] = [];
  const c0 = await proc(pid);
  const t = performance.now();
  for (let i = 0; i < 1_000; i++) {
    statuses.push(
      await status(`${origin}/api/v1/categories`, {
        ...as("203.0.113.202"),
        authorization: `Bearer ${key()}`,
      }),
    );
  }
  const c1 = await proc(pid);
  const empty = await status(`${origin}/api/v1/categories`, {
    ...as("203.0.113.203"),
    authorization: "",
  });
  return [
    "| scenario | statuses | time ms | server CPU s |",
    "| --- | --- | --- | --- |",
    `| 1,000 requests with unknown keys, one client | ${tally(statuses)} | ${
      (performance.now() - t).toFixed(0)
    } | ${(c1.cpu - c0.cpu).toFixed(2)} |`,
    `| \`Authorization:\` (empty) | ${empty} | | |`,
  ];
}

/** Step `slow`: how long 30 trickling request heads hold their connections (at most 25 s). */
export async function slowClients(port: number): Promise<string[]> {
  const encoder = new TextEncoder();
  const t = performance.now();
  const results = await Promise.all(Array.from({ length: 30 }, async () => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(encoder.encode("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
    let closed = false;
    let text = "";
    const reading = (async () => {
      const buffer = new Uint8Array(4096);
      try {
        for (;;) {
          const n = await conn.read(buffer);
          if (n === null) break;
          text += new TextDecoder().decode(buffer.subarray(0, n));
        }
      } catch { /* reset */ }
      closed = true;
    })();
    for (let i = 0; i < 25 && !closed; i++) {
      await new Promise((r) => setTimeout(r, 1_000));
      if (!closed) await conn.write(encoder.encode(`X-Slow-${i}: y\r\n`)).catch(() => {});
    }
    const held = !closed;
    try {
      conn.close();
    } catch { /* closed */ }
    await reading;
    return { held, ms: performance.now() - t, status: /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] };
  }));
  const cut = results.filter((r) => !r.held);
  return [
    "| scenario | connections cut by the server | answer | median time to cut s |",
    "| --- | --- | --- | --- |",
    `| 30 heads trickled one line a second, 25 s | ${cut.length} of 30 | ${
      tally(cut.map((r) => Number(r.status ?? 0))) || "none"
    } | ${cut.length ? (percentile(cut.map((r) => r.ms), 0.5) / 1000).toFixed(1) : "-"} |`,
  ];
}

/** Step `crawl`. */
export async function crawl(origin: string): Promise<string[]> {
  const t = performance.now();
  const res = await fetch(`${origin}/sitemap.xml`, { headers: as("203.0.113.204") });
  const text = await res.text();
  const indexMs = performance.now() - t;
  let files = "-";
  const first = /<loc>([^<]+)<\/loc>/.exec(text)?.[1];
  if (res.status === 200 && first) {
    const t2 = performance.now();
    const file = await fetch(new URL(new URL(first).pathname, origin), {
      headers: as("203.0.113.204"),
    });
    const body = await file.text();
    files = `${file.status}, ${(body.length / 1024).toFixed(0)} KiB, ${
      (body.match(/<url>/g) ?? []).length
    } URLs, ${(performance.now() - t2).toFixed(0)} ms`;
  }
  const t3 = performance.now();
  const page = await fetch(`${origin}/llm-prices`, { headers: as("203.0.113.205") });
  const pageBytes = (await page.arrayBuffer()).byteLength;
  const pageMs = performance.now() - t3;
  const tag = page.headers.get("etag");
  const t4 = performance.now();
  const again = await fetch(`${origin}/llm-prices`, {
    headers: { ...as("203.0.113.205"), ...(tag && { "if-none-match": tag }) },
  });
  const againBytes = (await again.arrayBuffer()).byteLength;
  return [
    "| request | answer |",
    "| --- | --- |",
    `| \`GET /sitemap.xml\` | ${res.status}, ${(text.length / 1024).toFixed(1)} KiB, ${
      indexMs.toFixed(0)
    } ms |`,
    `| its first file | ${files} |`,
    `| \`GET /llm-prices\` | ${page.status}, ${(pageBytes / 1024).toFixed(0)} KiB, ${
      pageMs.toFixed(0)
    } ms, ETag ${tag ? "yes" : "none"} |`,
    `| again with \`If-None-Match\` | ${again.status}, ${(againBytes / 1024).toFixed(0)} KiB, ${
      (performance.now() - t4).toFixed(0)
    } ms |`,
  ];
}

/** Step `scan`. */
export function scan(): string[] {
  const rows = ["| text | scan ms |", "| --- | --- |"];
  for (
    const [name, text] of [
      ["`<` and 60,000 spaces", "<" + " ".repeat(60_000)],
      ["100,000 zero-width spaces", "a\u200b".repeat(50_000)],
    ] as const
  ) {
    const t = performance.now();
    scanText(text, "tool:x");
    rows.push(`| ${name} | ${(performance.now() - t).toFixed(1)} |`);
  }
  return rows;
}

/** Total size of the files under `dir`, bytes. */
function _size(dir: string): number {
  let sum = 0;
  try {
    for (const e of Deno.readDirSync(dir)) {
      const p = `${dir}/${e.name}`;
      sum += e.isDirectory ? _size(p) : e.isFile ? Deno.statSync(p).size : 0;
    }
  } catch { /* removed meanwhile */ }
  return sum;
}

/**
 * A file of `bytes` that gzip compresses about 400:1 (1 KiB of random bytes per MiB of zeros), as
 * a bomb under node-tar's own 1,000:1 guard does.
 */
async function _bombFile(path: string, bytes: number): Promise<void> {
  using file = await Deno.open(path, { write: true, create: true, truncate: true });
  const block = new Uint8Array(1024 * 1024);
  for (let done = 0; done < bytes; done += block.length) {
    crypto.getRandomValues(block.subarray(0, 1024));
    for (let n = 0; n < block.length;) n += await file.write(block.subarray(n));
  }
}

/** Step `bomb`. */
export async function bomb(): Promise<string[]> {
  const dir = await Deno.makeTempDir({ prefix: "toolatlas-bench-bomb-" });
  try {
    await writeCatalog(`${dir}/catalog.db`, {
      tools: TOOLS,
      servers: SERVERS,
      prices: PRICES,
      sources: [],
      report: { fixture: true },
      builtAt: "2026-11-22T00:00:00.000Z",
    });
    const { path } = await createSnapshot(`${dir}/catalog.db`, { outDir: `${dir}/out` });
    await Deno.mkdir(`${dir}/files`);
    await tar.extract({ file: path, cwd: `${dir}/files` });
    await _bombFile(`${dir}/files/catalog.db`, GIB);
    const archive = `${dir}/bomb.tar.gz`;
    await tar.create({ gzip: true, file: archive, cwd: `${dir}/files`, portable: true }, [
      "manifest.json",
      "NOTICE.md",
      "catalog.db",
    ]);
    await Deno.mkdir(`${dir}/scratch`);
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, _size(`${dir}/scratch`))), 10);
    const t = performance.now();
    let outcome = "accepted";
    try {
      await verifySnapshot(archive, `${dir}/scratch`);
    } catch (error) {
      outcome = `refused (${(error as { problem?: string }).problem ?? String(error)})`;
    }
    clearInterval(timer);
    return [
      "| archive | outcome | time ms | peak bytes on disk |",
      "| --- | --- | --- | --- |",
      `| ${
        ((await Deno.stat(archive)).size / 1024 / 1024).toFixed(1)
      } MiB, \`catalog.db\` of 1 GiB (400:1; manifest unchanged) | ${outcome} | ${
        (performance.now() - t).toFixed(0)
      } | ${(peak / 1024 / 1024).toFixed(1)} MiB |`,
    ];
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Step `probe`. */
export async function probeCosts(): Promise<string[]> {
  const rows = [
    "| server | probe | wall ms | runner peak RSS MiB | tools kept | stored JSON |",
    "| --- | --- | --- | --- | --- | --- |",
  ];
  for (const [mode, initMs] of [["endless-line", "8000"], ["many-tools", "30000"]] as const) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("./_probe_cost.ts", import.meta.url).pathname, mode, initMs],
      stdout: "piped",
      stderr: "null",
    }).output();
    try {
      const r = JSON.parse(new TextDecoder().decode(out.stdout));
      rows.push(
        `| ${mode === "endless-line" ? "one endless stdout line" : "100,000 tools"} | ${
          r.launched ? "launched" : "not launched"
        }, ${r.errorClass ?? "listed"}${
          r.capped ? `, capped ${JSON.stringify(r.capped)}` : ""
        } | ${r.ms} | ${r.peakMiB} | ${r.tools} | ${(r.storedBytes / 1024).toFixed(0)} KiB |`,
      );
    } catch {
      rows.push(
        `| ${mode} | failed: ${new TextDecoder().decode(out.stdout).slice(0, 80)} | | | | |`,
      );
    }
  }
  return rows;
}
