import assert from "node:assert/strict";
import { writeCatalog } from "../../src/catalog/writer.ts";
import { serveWithDeadlines } from "../../src/http/read_deadline.ts";
import { PRICES, SERVERS, TOOLS } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const encoder = new TextEncoder();

/** Everything a connection receives until the server closes it (or `waitMs` passes). */
async function readUntilClosed(conn: Deno.Conn, waitMs: number) {
  const started = performance.now();
  const buffer = new Uint8Array(4096);
  let text = "";
  let closed = false;
  const timer = setTimeout(() => conn.close(), waitMs);
  try {
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) {
        closed = true;
        break;
      }
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
  } catch {
    // closed by the timer
  }
  clearTimeout(timer);
  return { text, closed, ms: performance.now() - started };
}

/** Sends a request head one line every `everyMs`, never finishing it, until the server closes. */
async function slowHead(port: number, everyMs: number, waitMs: number) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(encoder.encode("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n"));
  let stop = false;
  const dripping = (async () => {
    for (let i = 0; !stop; i++) {
      await new Promise((r) => setTimeout(r, everyMs));
      if (stop) break;
      await conn.write(encoder.encode(`X-Slow-${i}: y\r\n`)).catch(() => (stop = true));
    }
  })();
  const out = await readUntilClosed(conn, waitMs);
  stop = true;
  await dripping;
  try {
    conn.close();
  } catch { /* closed */ }
  return out;
}

/** `main.ts serve` on a fixture catalog with a read deadline of 1 s; stopped by `close`. */
async function startServer() {
  const dir = await tempDir({ prefix: "toolatlas-deadline-" });
  await writeCatalog(`${dir}/catalog.db`, {
    tools: TOOLS,
    servers: SERVERS,
    prices: PRICES,
    sources: [],
    report: { fixture: true },
    builtAt: "2026-11-22T00:00:00.000Z",
  });
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--unstable-kv",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      "--allow-net",
      "--allow-ffi",
      "--allow-sys",
      MAIN,
      "serve",
    ],
    env: {
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      TOOLATLAS_CATALOG: `${dir}/catalog.db`,
      TOOLATLAS_KV: `${dir}/kv.sqlite3`,
      TOOLATLAS_EMBED: "0",
      TOOLATLAS_READ_TIMEOUT: "1",
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let log = "";
  let port = 0;
  const deadline = Date.now() + 60_000;
  while (port === 0 && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    log += value;
    port = Number(/listening on http:\/\/[^:]+:(\d+)/.exec(log)?.[1] ?? 0);
  }
  assert.ok(port > 0, `the server did not start: ${log}`);
  // Keep draining stderr so the child never blocks on it.
  const draining = (async () => {
    while (!(await reader.read()).done) { /* drained */ }
  })();
  return {
    port,
    close: async () => {
      child.kill("SIGTERM");
      await child.status;
      await draining.catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

Deno.test("30 clients trickling request heads get 408 and are cut off at the read deadline; the server keeps answering", async () => {
  const server = await startServer();
  try {
    const results = await Promise.all(
      Array.from({ length: 30 }, () => slowHead(server.port, 200, 8_000)),
    );
    for (const r of results) {
      assert.equal(r.closed, true, "the server closed the connection");
      assert.match(r.text, /^HTTP\/1\.1 408 /);
      assert.match(r.text, /"code":"request_timeout"/);
      assert.ok(r.ms < 4_000, `closed after ${r.ms.toFixed(0)} ms`);
    }
    const health = await fetch(`http://127.0.0.1:${server.port}/api/v1/health`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
  } finally {
    await server.close();
  }
});

Deno.test("a body that does not arrive within the read deadline gets 408 and the connection is closed", async () => {
  const server = await startServer();
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
    await conn.write(encoder.encode(
      "POST /api/v1/tools/recommend HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"query":',
    ));
    const r = await readUntilClosed(conn, 8_000);
    assert.equal(r.closed, true);
    assert.match(r.text, /^HTTP\/1\.1 408 /);
    assert.match(r.text, /x-content-type-options: nosniff/i);
    assert.match(r.text, /"code":"request_timeout"/);
    assert.ok(r.ms < 4_000, `closed after ${r.ms.toFixed(0)} ms`);
  } finally {
    await server.close();
  }
});

Deno.test("serveWithDeadlines() shows the handler the client's own address and closes idle connections silently", async () => {
  const server = serveWithDeadlines(
    { hostname: "127.0.0.1", port: 0, timeoutMs: 500, baseUrl: "http://test.local" },
    (_req, info) => new Response(String(info.remoteAddr.port)),
  );
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    await conn.write(encoder.encode("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    const r = await readUntilClosed(conn, 5_000);
    // One answer (the handler saw the client's port), then, idle, the connection is closed
    // without a 408.
    assert.match(r.text, /^HTTP\/1\.1 200 /);
    assert.ok(r.text.endsWith(`\r\n\r\n${(conn.localAddr as Deno.NetAddr).port}`), r.text);
    assert.doesNotMatch(r.text, / 408 /);
    assert.equal(r.closed, true);
    assert.equal(server.connections, 0);
  } finally {
    await server.shutdown();
  }
});
