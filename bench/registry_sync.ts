/**
 * What a registry client pays to copy and to re-sync toolatlas's MCP Registry API, over a real
 * socket, without a key (a script: it starts a server on the catalog with a fresh KV).
 *
 * 1. **Full sync**: `GET /v0.1/servers?limit=100&toolatlas.include_uninstallable=true`, following
 *    `nextCursor` (every version of every name), keeping each page's `ETag` and cursor; gzip
 *    accepted, as every HTTP client sends it.
 * 2. **Second sync** of the same pages with `If-None-Match`: a `304` keeps the client's copy (and
 *    its cursor), anything else is read again.
 * 3. **Incremental**: `updated_since` = the time the first sync started (nothing changed since).
 * 4. The same two syncs of a default listing (installable entries only, `version=latest`).
 *
 * Bytes on the wire: response head (status line and headers, as `name: value\r\n`) plus body as
 * sent (`Content-Length`, gzip). Also: the uncompressed size of a page of 100 and of its parts
 * (server.json, registry block, compact enrichment), and the allowance used.
 *
 * ```sh
 * deno run -A bench/registry_sync.ts [--catalog data/catalog.db] [--url http://127.0.0.1:8000]
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { startServer } from "./_registry_server.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { catalog: { type: "string" }, url: { type: "string" } },
});
const catalog = values.catalog ?? Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";
const server = values.url ? { url: values.url, stop: async () => {} } : await startServer(catalog);

let lastAllowance = "";

/** Bytes of a response head as HTTP/1.1 sends it. */
function headBytes(res: Response): number {
  let n = `HTTP/1.1 ${res.status} ${res.statusText}\r\n`.length + 2;
  for (const [k, v] of res.headers) n += k.length + v.length + 4;
  return n;
}

interface Sync {
  requests: number;
  notModified: number;
  rows: number;
  wireBytes: number;
  jsonBytes: number;
  seconds: number;
}

/** One sync of a listing (see the module description); `state` holds ETags and cursors. */
async function sync(query: string, state: Map<string, { etag: string; next: string | null }>) {
  const out: Sync = {
    requests: 0,
    notModified: 0,
    rows: 0,
    wireBytes: 0,
    jsonBytes: 0,
    seconds: 0,
  };
  const t0 = performance.now();
  let cursor: string | null = null;
  do {
    const url: string = `${server.url}/v0.1/servers?${query}${cursor ? `&cursor=${cursor}` : ""}`;
    const known = state.get(url);
    const res = await fetch(url, {
      headers: { "accept-encoding": "gzip", ...(known && { "if-none-match": known.etag }) },
    });
    out.requests++;
    lastAllowance = res.headers.get("x-ratelimit-remaining") ?? lastAllowance;
    const text = await res.text();
    out.wireBytes += headBytes(res) + Number(res.headers.get("content-length") ?? 0);
    if (res.status === 304 && known) {
      out.notModified++;
      cursor = known.next;
      continue;
    }
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
    out.jsonBytes += new TextEncoder().encode(text).byteLength;
    const page = JSON.parse(text);
    out.rows += page.servers.length;
    cursor = page.metadata.nextCursor ?? null;
    state.set(url, { etag: res.headers.get("etag")!, next: cursor });
  } while (cursor !== null);
  out.seconds = Math.round((performance.now() - t0) / 100) / 10;
  return out;
}

/** Mean sizes of the parts of the entries of one page of 100 (uncompressed JSON). */
async function anatomy() {
  const res = await fetch(`${server.url}/v0.1/servers?limit=100&version=latest`);
  const text = await res.text();
  const page = JSON.parse(text);
  const size = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).byteLength;
  const n = page.servers.length;
  const mean = (f: (e: Record<string, Record<string, unknown>>) => unknown) =>
    Math.round(page.servers.reduce((s: number, e: never) => s + size(f(e)), 0) / n);
  return {
    pageBytes: new TextEncoder().encode(text).byteLength,
    pageGzipBytes: Number(
      (await (async () => {
        const gz = await fetch(`${server.url}/v0.1/servers?limit=100&version=latest`, {
          headers: { "accept-encoding": "gzip" },
        });
        await gz.body?.cancel();
        return gz.headers.get("content-length");
      })()) ?? 0,
    ),
    entryBytes: mean((e) => e),
    serverJsonBytes: mean((e) => e.server),
    registryBlockBytes: mean((e) => e._meta!["io.modelcontextprotocol.registry/official"]),
    enrichmentBytes: mean((e) => e._meta!["ai.toolatlas/enrichment"]),
  };
}

const sinceStart = new Date().toISOString();
const fullState = new Map<string, { etag: string; next: string | null }>();
const full = await sync("limit=100&toolatlas.include_uninstallable=true", fullState);
const fullAgain = await sync("limit=100&toolatlas.include_uninstallable=true", fullState);
const incremental = await sync(
  `limit=100&toolatlas.include_uninstallable=true&updated_since=${sinceStart}`,
  new Map(),
);
const defaultState = new Map<string, { etag: string; next: string | null }>();
const installable = await sync("limit=100&version=latest", defaultState);
const installableAgain = await sync("limit=100&version=latest", defaultState);
const parts = await anatomy();
await server.stop();

const report = {
  fullSync: full,
  fullSyncAgainWithEtags: fullAgain,
  secondSyncShare: Math.round((fullAgain.wireBytes / full.wireBytes) * 10_000) / 100,
  incrementalSinceFirstSync: incremental,
  installableSync: installable,
  installableSyncAgainWithEtags: installableAgain,
  pageOf100: parts,
  allowanceLeft: lastAllowance,
};
console.log(JSON.stringify(report, null, 1));
