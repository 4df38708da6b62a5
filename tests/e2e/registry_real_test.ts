/**
 * The MCP Registry API on the real catalog, used the way VS Code's MCP gallery uses a registry
 * (microsoft/vscode `src/vs/platform/mcp/common/mcpGalleryManifestService.ts` and
 * `mcpGalleryService.ts`): probe `{url}/v0.1/servers?limit=1`, list with
 * `?limit=50&version=latest`, append `&cursor=` + the next cursor verbatim until there is none,
 * read each entry as its v0.1 serializer does, and fetch details from
 * `{url}/v0.1/servers/{encodeURIComponent(name)}/versions/latest`.
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
/** The registry's `ServerResponse` around our server.json schema; `_meta` as clients read it. */
const validateEntry = ajv.compile({
  type: "object",
  required: ["server", "_meta"],
  additionalProperties: false,
  properties: {
    server: { $ref: serverSchema.$id },
    _meta: {
      type: "object",
      required: ["ai.toolatlas/enrichment"],
      properties: {
        "io.modelcontextprotocol.registry/official": {
          type: "object",
          required: ["status", "isLatest"],
          additionalProperties: false,
          properties: {
            status: { enum: ["active", "deprecated", "deleted"] },
            publishedAt: { type: "string", format: "date-time" },
            updatedAt: { type: "string", format: "date-time" },
            isLatest: { const: true },
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
});

const get = (path: string) => getJson(app, `${URL_BASE}${path}`);

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

/** The count the README states: "`GET /v0.1/servers` lists **N** servers". */
async function readmeCount(): Promise<number> {
  const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));
  const m = /`GET \/v0\.1\/servers` lists \*\*([\d,]+)\*\* servers/.exec(readme);
  assert.ok(m, "the README states the count of listed servers");
  return Number(m[1]!.replaceAll(",", ""));
}

const walked: Record<string, unknown>[] = [];

Deno.test("registry (real): the VS Code gallery walk lists every entry once, as many as the README states", async () => {
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
    assert.ok(body.servers.length <= 50);
    // VS Code drops a whole page whose first entry it cannot read.
    assert.ok(body.servers.length === 0 || vscodeAccepts(body.servers[0]), url);
    for (const e of body.servers) {
      assert.ok(vscodeAccepts(e), JSON.stringify(e).slice(0, 300));
      assert.ok(!names.has(e.server.name), `duplicate ${e.server.name}`);
      names.add(e.server.name);
      walked.push(e);
    }
    cursor = body.metadata.nextCursor;
    if (cursor !== undefined) assert.match(cursor, /^[A-Za-z0-9_-]+$/);
  } while (cursor !== undefined);
  const stats = registryStats(real.ctx);
  console.log(`walked ${names.size} entries in ${pages} pages; ${JSON.stringify(stats)}`);
  assert.equal(names.size, stats.listed);
  assert.equal(names.size, await readmeCount(), "the README's count");
  // Nothing is missing: every catalog server is listed, except those counted as left out.
  const servers = real.ctx.store.counts().servers;
  assert.equal(stats.listed + stats.adult + stats.tooLong + stats.nameTaken, servers);
  assert.equal(stats.official + stats.toolatlasNamespace, stats.listed);
  assert.ok(stats.official >= 11_000, `official: ${stats.official}`);
});

Deno.test("registry (real): every server object of the walk validates against server.json 2025-12-11", () => {
  assert.ok(walked.length > 30_000, `walked ${walked.length}`);
  let failures = 0;
  const examples: string[] = [];
  for (const e of walked) {
    if (!validateEntry(e)) {
      failures++;
      if (examples.length < 5) {
        examples.push(
          `${(e.server as { name: string }).name}: ${ajv.errorsText(validateEntry.errors)}`,
        );
      }
    }
  }
  console.log(`validated ${walked.length} server objects against server.json 2025-12-11`);
  assert.equal(failures, 0, examples.join("\n"));
  const withIcons = walked.filter((e) => (e.server as { icons?: unknown }).icons).length;
  const withPackages = walked.filter((e) => (e.server as { packages?: unknown }).packages).length;
  const withRemotes = walked.filter((e) => (e.server as { remotes?: unknown }).remotes).length;
  console.log(
    `${withPackages} with packages, ${withRemotes} with remotes, ${withIcons} with icons`,
  );
  assert.ok(withPackages > 4_000 && withRemotes > 800 && withIcons > 300);
});

Deno.test("registry (real): details of 200 random entries by encodeURIComponent(name)/versions/latest", async () => {
  assert.ok(walked.length > 0);
  // Seeded: the same 200 entries every run.
  const random = mulberry32(17);
  const picked = new Set<number>();
  while (picked.size < 200) picked.add(Math.floor(random() * walked.length));
  for (const i of picked) {
    const listed = walked[i] as { server: { name: string }; _meta: Record<string, unknown> };
    const path = `/v0.1/servers/${encodeURIComponent(listed.server.name)}/versions/latest`;
    const { res, body } = await get(path);
    assert.equal(res.status, 200, path);
    assert.deepEqual(body.server, listed.server, path);
    assert.ok(validateEntry(body), `${path}: ${ajv.errorsText(validateEntry.errors)}`);
    const enrich = body._meta["ai.toolatlas/enrichment"];
    assert.equal(enrich.id, (listed._meta["ai.toolatlas/enrichment"] as { id: string }).id);
    assert.ok(Array.isArray(enrich.install) && enrich.install.length === 8, path);
    assert.equal(
      body._meta["io.modelcontextprotocol.registry/official"] === undefined,
      listed.server.name.startsWith("ai.toolatlas/"),
      path,
    );
  }
});

Deno.test("registry (real): search puts the vendor's server first and pages through a cursor", async () => {
  const { body } = await get("/v0.1/servers?search=github&limit=5");
  assert.equal(body.servers[0].server.name, "io.github.github/github-mcp-server");
  const next = await get(`/v0.1/servers?limit=5&cursor=${body.metadata.nextCursor}`);
  assert.equal(next.res.status, 200);
  const first = new Set(body.servers.map((e: { server: { name: string } }) => e.server.name));
  for (const e of next.body.servers) assert.ok(!first.has(e.server.name));
  // The substring baseline: "filesys" is no word, but names contain it.
  const partial = await get("/v0.1/servers?search=filesys&limit=100");
  assert.ok(partial.body.servers.length > 5);
  for (const e of partial.body.servers.slice(-5)) {
    const text = `${e.server.name} ${e.server.title ?? ""} ${
      e._meta["ai.toolatlas/enrichment"].description
    }`.toLowerCase();
    assert.match(text, /filesys/);
  }
});

Deno.test("registry (real): bad input gets problem documents, never a 500", async () => {
  for (
    const [path, status] of [
      ["/v0.1/servers?cursor=not-a-cursor", 400],
      ["/v0.1/servers?limit=0", 400],
      ["/v0.1/servers?limit=101", 400],
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
