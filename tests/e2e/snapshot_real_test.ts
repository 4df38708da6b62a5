/**
 * Snapshots of the real catalog: a second server started from an empty folder with `serve
 * --snapshot FILE` answers like the server the snapshot came from; a damaged snapshot is refused
 * and the catalog in place keeps serving; a full export has one valid line per record.
 *
 * @module
 */
import assert from "node:assert/strict";
import { openAccess } from "../../src/access/access.ts";
import { createApp } from "../../src/http/app.ts";
import { ServerDetailsOutput } from "../../src/catalog/server_schemas.ts";
import { createSnapshot } from "../../src/snapshot/archive.ts";
import { loadQueries } from "../eval/run_eval.ts";
import { realCatalog } from "../_helpers.ts";
import { okJson } from "../_http.ts";
import { tempDir } from "../_temp.ts";

const real = await realCatalog();
const source = createApp({ ctx: real.ctx });
const work = await tempDir({ prefix: "toolatlas-snapshot-real-" });
const { path: snapshot } = await createSnapshot(real.path, { outDir: work });

/** A free TCP port on 127.0.0.1. */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** A `toolatlas serve` child process with a catalog path and a snapshot. */
async function serve(catalogPath: string, snapshotFile: string) {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--unstable-kv",
      "-A",
      new URL("../../main.ts", import.meta.url).pathname,
      "serve",
      "--snapshot",
      snapshotFile,
    ],
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      // The source's base URL, so every svcUrl is the same.
      PUBLIC_BASE_URL: "http://test.local",
      TOOLATLAS_CATALOG: catalogPath,
      TOOLATLAS_KV: ":memory:",
      TOOLATLAS_SOURCES: `${work}/no-sources-here`,
      TOOLATLAS_TIERS: JSON.stringify({ free: { perDay: 100000, perMonth: 1000000 } }),
      TOOLATLAS_FAIR_USE_BURST: "100000",
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const log: string[] = [];
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = Date.now() + 120_000;
  while (!log.join("").includes("listening on")) {
    const { value, done } = await reader.read();
    if (done || Date.now() > deadline) break;
    log.push(value);
  }
  // Keep draining so the child never blocks on a full pipe.
  const drained = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      log.push(value);
    }
  })();
  return {
    base: `http://127.0.0.1:${port}`,
    log,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await drained;
    },
  };
}

Deno.test("a server started from a snapshot in an empty folder answers like the source", async () => {
  const folder = await tempDir({ dir: work });
  const second = await serve(`${folder}/catalog.db`, snapshot);
  try {
    assert.match(second.log.join(""), /installed snapshot of/);
    const remote = { request: (p: string) => fetch(`${second.base}${p}`) };
    assert.deepEqual(
      (await okJson(remote, "/api/v1/health")).counts,
      (await okJson(source, "/api/v1/health")).counts,
    );
    const queries = [
      ...(await loadQueries("tools")).slice(0, 25).map((q) => `/api/v1/tools?q=${q.query}`),
      ...(await loadQueries("servers")).slice(0, 25).map((q) => `/api/v1/servers?q=${q.query}`),
    ].map((p) => p.replaceAll(" ", "%20"));
    assert.equal(queries.length, 50);
    for (const path of queries) {
      assert.deepEqual(await okJson(remote, path), await okJson(source, path), path);
    }
  } finally {
    await second.stop();
  }
});

Deno.test("a damaged snapshot is refused and the catalog in place keeps serving", async () => {
  const folder = await tempDir({ dir: work });
  const bytes = await Deno.readFile(snapshot);
  const damaged = `${work}/damaged.tar.gz`;
  const copy = bytes.slice();
  copy[Math.floor(copy.length / 3)]! ^= 0x5a;
  await Deno.writeFile(damaged, copy);
  // First a good install, then a restart with the damaged snapshot.
  const first = await serve(`${folder}/catalog.db`, snapshot);
  await first.stop();
  const second = await serve(`${folder}/catalog.db`, damaged);
  try {
    const log = second.log.join("");
    // A flipped byte shows as a broken archive, or as the catalog's digest (checked as written).
    assert.match(log, /refused snapshot: .*(damaged or truncated|does not match its SHA-256)/);
    assert.match(log, /serving the catalog already at/);
    const health = await (await fetch(`${second.base}/api/v1/health`)).json();
    assert.deepEqual(health.counts, real.report.totals);
  } finally {
    await second.stop();
  }
  // Without a catalog to fall back on, serve refuses to start.
  const empty = await tempDir({ dir: work });
  const status = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--unstable-kv", "-A", new URL("../../main.ts", import.meta.url).pathname],
    env: {
      TOOLATLAS_CATALOG: `${empty}/catalog.db`,
      TOOLATLAS_SNAPSHOT: damaged,
      TOOLATLAS_KV: ":memory:",
      PORT: "0",
    },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(status.code, 1);
  assert.match(new TextDecoder().decode(status.stderr), /no catalog at .* to serve instead/);
});

Deno.test("an Enterprise export of every server has one valid details line per server", async () => {
  const kvDir = await tempDir({ dir: work });
  const access = await openAccess({ kvPath: `${kvDir}/kv.sqlite3` });
  const app = createApp({ ctx: real.ctx, access });
  const key = (await access.keys.create("enterprise", "export test")).secret;
  const res = await app.request("/api/v1/export/servers", {
    headers: { authorization: `Bearer ${key}` },
  });
  assert.equal(res.status, 200);
  let count = 0;
  let rest = "";
  for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop()!;
    for (const line of parts) {
      ServerDetailsOutput.parse(JSON.parse(line));
      count++;
    }
  }
  assert.equal(rest, "");
  assert.equal(count, real.report.totals.servers);
  const usage = await (await app.request("/api/v1/usage", {
    headers: { authorization: `Bearer ${key}` },
  })).json();
  assert.equal(usage.day.used, 2, "the export counted once (and this usage call once)");
  access.kv.close();
});
