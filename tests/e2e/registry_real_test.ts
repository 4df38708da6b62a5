/**
 * The MCP Registry API on the real catalog, used the way VS Code's MCP gallery uses a registry
 * (microsoft/vscode `src/vs/platform/mcp/common/mcpGalleryManifestService.ts` and
 * `mcpGalleryService.ts`): probe `{url}/v0.1/servers?limit=1`, list with
 * `?limit=50&version=latest`, append `&cursor=` + the next cursor verbatim until there is none,
 * read each entry as its v0.1 serializer does, and fetch details from
 * `{url}/v0.1/servers/{encodeURIComponent(name)}/versions/latest`. Then every row of every
 * version against the registry's OpenAPI shapes and server.json, the registry's search, and a
 * second sync with ETags. (VS Code's own compiled code runs against a live server in
 * `bench/registry_vscode.ts`.)
 *
 * @module
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { registryStats } from "../../src/catalog/registry.ts";
import { createApp } from "../../src/http/app.ts";
import { realCatalog } from "../_helpers.ts";
import { getJson } from "../_http.ts";
import { mulberry32 } from "../_sample.ts";

const real = await realCatalog();
const app = createApp({ ctx: real.ctx });
const URL_BASE = "http://test.local";

const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const serverSchema = JSON.parse(
  await Deno.readTextFile(
    new URL("../fixtures/registry/server.schema.2025-12-11.json", import.meta.url),
  ),
);
ajv.addSchema(serverSchema);
/**
 * The registry's `ServerResponse` (openapi.yaml 2025-12-01) around the server.json schema, with
 * the registry block as it is defined there (no other member) and toolatlas's enrichment.
 */
const RESPONSE = {
  type: "object",
  required: ["server", "_meta"],
  additionalProperties: false,
  properties: {
    server: { $ref: serverSchema.$id },
    _meta: {
      type: "object",
      required: ["io.modelcontextprotocol.registry/official", "ai.toolatlas/enrichment"],
      properties: {
        "io.modelcontextprotocol.registry/official": {
          type: "object",
          required: ["status", "isLatest"],
          additionalProperties: false,
          properties: {
            status: { enum: ["active", "deprecated", "deleted"] },
            publishedAt: { type: "string", format: "date-time" },
            updatedAt: { type: "string", format: "date-time" },
            isLatest: { type: "boolean" },
          },
        },
        "ai.toolatlas/enrichment": {
          type: "object",
          required: ["id", "status", "name"],
          properties: {
            id: { type: "string", pattern: "^srv_[0-9a-f]{16}$" },
            status: { enum: ["active", "deprecated", "deleted"] },
            name: { type: "string" },
          },
        },
      },
    },
  },
};
const validateEntry = ajv.compile(RESPONSE);
/** The registry's `ServerList`: `servers` required, `metadata` with `nextCursor` and `count`. */
const validateList = ajv.compile({
  type: "object",
  required: ["servers", "metadata"],
  additionalProperties: false,
  properties: {
    servers: { type: "array", items: RESPONSE },
    metadata: {
      type: "object",
      required: ["count"],
      additionalProperties: false,
      properties: { nextCursor: { type: "string", minLength: 1 }, count: { type: "integer" } },
    },
  },
});

const get = (path: string, init?: RequestInit) => getJson(app, `${URL_BASE}${path}`, init);

/** What VS Code's v0.1 serializer requires of an entry before it shows it. */
function vscodeAccepts(entry: Record<string, unknown>): boolean {
  const server = entry.server as Record<string, unknown> | undefined;
  if (!server || typeof server !== "object") return false;
  for (const k of ["name", "description", "version"]) {
    if (typeof server[k] !== "string" || server[k] === "") return false;
  }
  // `const { 'io.modelcontextprotocol.registry/official': info, ...rest } = from._meta;`
  const meta = entry._meta as Record<string, unknown>;
  return typeof meta === "object" && meta !== null;
}

/** The count docs/registry-api.md states: "`GET /v0.1/servers` lists **N** servers". */
async function documentedCount(): Promise<number> {
  const doc = await Deno.readTextFile(new URL("../../docs/registry-api.md", import.meta.url));
  const m = /`GET \/v0\.1\/servers` lists \*\*([\d,]+)\*\* servers/.exec(doc);
  assert.ok(m, "docs/registry-api.md states the count of listed servers");
  return Number(m[1]!.replaceAll(",", ""));
}

type Entry = {
  server: {
    name: string;
    version: string;
    description: string;
    packages?: unknown[];
    remotes?: unknown[];
  };
  _meta: Record<string, Record<string, unknown>>;
};
const walked: Entry[] = [];

Deno.test("registry (real): the VS Code gallery walk lists every installable entry once, as many as the docs state", async () => {
  const probe = await app.request(`${URL_BASE}/v0.1/servers?limit=1`);
  assert.ok(probe.ok, `probe: ${probe.status}`);
  await probe.body?.cancel();
  const names = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const url = `/v0.1/servers?limit=50&version=latest${cursor ? `&cursor=${cursor}` : ""}`;
    const { res, body } = await get(url);
    assert.equal(res.status, 200, `${url}: ${JSON.stringify(body).slice(0, 300)}`);
    pages++;
    assert.equal(body.metadata.count, body.servers.length);
    // VS Code drops a whole page whose first entry it cannot read.
    assert.ok(body.servers.length === 0 || vscodeAccepts(body.servers[0]), url);
    for (const e of body.servers as Entry[]) {
      assert.ok(vscodeAccepts(e), JSON.stringify(e).slice(0, 300));
      assert.ok(!names.has(e.server.name), `duplicate ${e.server.name}`);
      assert.ok((e.server.packages?.length ?? 0) + (e.server.remotes?.length ?? 0) > 0);
      names.add(e.server.name);
      walked.push(e);
    }
    cursor = body.metadata.nextCursor;
    if (cursor !== undefined) assert.match(cursor, /^[A-Za-z0-9_-]+$/);
  } while (cursor !== undefined);
  const stats = registryStats(real.ctx);
  console.log(`walked ${names.size} entries in ${pages} pages; ${JSON.stringify(stats)}`);
  assert.equal(names.size, stats.installable);
  assert.equal(names.size, await documentedCount(), "the count docs/registry-api.md states");
  // Nothing is missing: every catalog server is listed, except those counted as left out.
  const servers = real.ctx.store.counts().servers;
  assert.equal(stats.listed + stats.adult + stats.tooLong + stats.nameTaken, servers);
  assert.equal(stats.official + stats.toolatlasNamespace, stats.listed);
  assert.ok(stats.installable > 5_000, `installable: ${stats.installable}`);
  assert.ok(stats.versions > stats.listed, "official names keep their older versions");
});

Deno.test("registry (real): every page and row of every version validates against the registry's OpenAPI shapes and server.json", async () => {
  let cursor: string | undefined;
  let pages = 0;
  let rows = 0;
  let failures = 0;
  const examples: string[] = [];
  const latest = new Map<string, number>();
  do {
    const url = `/v0.1/servers?limit=100&toolatlas.include_uninstallable=true${
      cursor ? `&cursor=${cursor}` : ""
    }`;
    const { res, body } = await get(url);
    assert.equal(res.status, 200, url);
    pages++;
    if (!validateList(body)) {
      failures++;
      if (examples.length < 5) examples.push(`${url}: ${ajv.errorsText(validateList.errors)}`);
    }
    for (const e of body.servers as Entry[]) {
      rows++;
      const official = e._meta["io.modelcontextprotocol.registry/official"]!;
      if (official.isLatest) latest.set(e.server.name, (latest.get(e.server.name) ?? 0) + 1);
    }
    cursor = body.metadata.nextCursor;
  } while (cursor !== undefined);
  console.log(`validated ${pages} pages, ${rows} rows against ServerList/ServerResponse`);
  assert.equal(failures, 0, examples.join("\n"));
  const stats = registryStats(real.ctx);
  assert.equal(rows, stats.versions);
  // Exactly one latest row per name.
  assert.equal(latest.size, stats.listed);
  assert.ok([...latest.values()].every((n) => n === 1));
});

Deno.test("registry (real): details of 200 random entries by encodeURIComponent(name)/versions/latest", async () => {
  assert.ok(walked.length > 0);
  const random = mulberry32(17);
  const picked = new Set<number>();
  while (picked.size < 200) picked.add(Math.floor(random() * walked.length));
  for (const i of picked) {
    const listed = walked[i]!;
    const path = `/v0.1/servers/${encodeURIComponent(listed.server.name)}/versions/latest`;
    const { res, body } = await get(path);
    assert.equal(res.status, 200, path);
    assert.deepEqual(body.server, listed.server, path);
    assert.ok(validateEntry(body), `${path}: ${ajv.errorsText(validateEntry.errors)}`);
    const enrich = (body as Entry)._meta["ai.toolatlas/enrichment"]!;
    assert.equal(enrich.id, listed._meta["ai.toolatlas/enrichment"]!.id);
    assert.ok(Array.isArray(enrich.install) && enrich.install.length === 8, path);
  }
});

Deno.test("registry (real): searching the exact name of 50 servers returns each first; nonsense returns nothing", async () => {
  const random = mulberry32(34);
  const picked = new Set<string>();
  while (picked.size < 50) picked.add(walked[Math.floor(random() * walked.length)]!.server.name);
  picked.add("io.github.github/github-mcp-server");
  for (const name of picked) {
    const { body } = await get(`/v0.1/servers?search=${encodeURIComponent(name)}&version=latest`);
    assert.equal(body.servers[0]?.server.name, name, name);
  }
  for (const nonsense of ["zzzz-nothing", "qxqxqxqx", "io.example/none-such"]) {
    const { body } = await get(
      `/v0.1/servers?search=${nonsense}&toolatlas.include_uninstallable=true`,
    );
    assert.deepEqual(body.servers, [], nonsense);
  }
  // Every result of a word contains it, in name order after any exact name.
  const { body } = await get("/v0.1/servers?search=filesystem&limit=100&version=latest");
  assert.ok(body.servers.length > 10);
  const found = body.servers as Entry[];
  for (const e of found) {
    assert.match(`${e.server.name} ${e.server.description}`.toLowerCase(), /filesystem/);
  }
  const order = found.map((e) => e.server.name);
  assert.deepEqual(order, [...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

Deno.test("registry (real): a second sync with the ETags answers 304s and moves under 5% of the bytes", async () => {
  const sync = async (etags: Map<string, string>) => {
    let bytes = 0;
    let requests = 0;
    let notModified = 0;
    let cursor: string | undefined;
    do {
      const url = `${URL_BASE}/v0.1/servers?limit=100&version=latest${
        cursor ? `&cursor=${cursor}` : ""
      }`;
      const etag = etags.get(url);
      const res = await app.request(url, {
        headers: { "accept-encoding": "gzip", ...(etag && { "if-none-match": etag }) },
      });
      requests++;
      const body = new Uint8Array(await res.arrayBuffer());
      bytes += body.byteLength;
      if (res.status === 304) {
        notModified++;
        // The client keeps its copy and its cursor.
        cursor = JSON.parse(etags.get(`${url}#cursor`) ?? "null") ?? undefined;
        continue;
      }
      assert.equal(res.status, 200);
      etags.set(url, res.headers.get("etag")!);
      const { gunzipSync } = await import("node:zlib");
      const page = JSON.parse(new TextDecoder().decode(gunzipSync(body)));
      cursor = page.metadata.nextCursor;
      etags.set(`${url}#cursor`, JSON.stringify(cursor ?? null));
    } while (cursor !== undefined);
    return { bytes, requests, notModified };
  };
  const etags = new Map<string, string>();
  const first = await sync(etags);
  const second = await sync(etags);
  console.log(`first sync ${JSON.stringify(first)}; second ${JSON.stringify(second)}`);
  assert.equal(second.requests, first.requests);
  assert.equal(second.notModified, second.requests);
  assert.ok(second.bytes < first.bytes * 0.05);
});

Deno.test("registry (real): bad input gets problem documents, never a 500", async () => {
  for (
    const [path, status] of [
      ["/v0.1/servers?limit=0", 422],
      ["/v0.1/servers?limit=101", 422],
      ["/v0.1/servers?updated_since=2025-13-45T99:00:00Z", 400],
      ["/v0.1/servers?updated_since=last%20week", 400],
      ["/v0.1/servers/io.example%2Fno-such-server/versions/latest", 404],
      ["/v0.1/servers/io.example%2Fno-such-server/versions", 404],
      ["/v0.1/servers/io.github.github%2Fgithub-mcp-server/versions/0.0.0-nope", 404],
    ] as const
  ) {
    const { res, body } = await get(path);
    assert.equal(res.status, status, `${path}: ${JSON.stringify(body)}`);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.ok(typeof body.code === "string" && typeof body.detail === "string");
  }
});
