/**
 * The MCP Registry API fixture shared by `registry_test.ts` and `registry_parity_test.ts`: a small
 * catalog with every case the registry view has to handle (an official name with three versions,
 * one older version without a package; a variant; a remote; a second claimant of an official
 * name; an entry without an install method; an adult entry), its app, and helpers.
 *
 * @module
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { type CatalogContext, openContext } from "../../src/catalog/context.ts";
import { writeCatalog } from "../../src/catalog/writer.ts";
import { createApp } from "../../src/http/app.ts";
import { server } from "../fixtures/catalog.ts";
import { expectProblem, getJson, type Requester } from "../_http.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import { tempDir } from "../_temp.ts";

/** Build time of the first catalog. */
export const T1 = "2026-01-01T00:00:00.000Z";
/** Build time of a rebuild. */
export const T2 = "2026-02-01T00:00:00.000Z";

/** A description longer than server.json allows. */
export const LONG = "Query PostgreSQL databases with read-only SQL, inspect schemas, explain " +
  "plans and export results as CSV or JSON for analysis in any MCP client you like.";

/** What the publisher put in the latest version's server.json `_meta`. */
export const PUBLISHER_META = {
  "io.modelcontextprotocol.registry/publisher-provided": {
    tool: "publisher-cli",
    version: "1.2.3",
  },
};

/** The fixture servers. */
export const SERVERS: CatalogServer[] = [
  server({
    name: "io.github.acme/postgres",
    title: "Postgres",
    description: LONG,
    officialNames: ["io.github.acme/pg-old", "io.github.acme/postgres"],
    repositoryUrl: "https://github.com/acme/servers",
    subfolder: "src/postgres",
    homepage: "https://postgres.acme.example/docs",
    icons: [{ src: "https://acme.example/icon.png", mimeType: "image/png" }],
    version: "1.2.0",
    status: "active",
    publishedAt: "2025-09-01T10:00:00.000Z",
    updatedAt: "2025-10-01T10:00:00.000Z",
    provenance: { publishedAt: "official-registry", updatedAt: "official-registry" },
    packages: [
      {
        registryType: "npm",
        identifier: "@acme/postgres-mcp",
        version: "latest",
        runtimeHint: "npx",
        runtimeArguments: [{ name: "--port", value: "5432" }],
        packageArguments: [{ name: "connection_string", type: "positional" }],
        environmentVariables: [{ name: "DATABASE_URL", isSecret: true, isRequired: true }],
      },
      { registryType: "mcpb", identifier: "https://acme.example/pg.mcpb" },
      { registryType: "cargo", identifier: "pg-mcp", transport: { type: "stdio" } },
    ],
    remotes: [
      { type: "streamable-http", url: "https://pg.acme.example/mcp" },
      { type: "sse", url: "https://pg.acme.example/sse?key=<YOUR KEY>" },
    ],
    versions: [
      {
        version: "1.2.0",
        isLatest: true,
        status: "active",
        publishedAt: "2025-10-01T10:00:00.000Z",
        updatedAt: "2025-10-02T10:00:00.000Z",
        source: "official-server-json",
        meta: PUBLISHER_META,
      },
      {
        version: "1.1.0",
        isLatest: false,
        status: "active",
        publishedAt: "2025-09-15T10:00:00.000Z",
        updatedAt: "2025-09-15T10:00:00.000Z",
        source: "official-server-json",
        description: "Postgres for MCP clients, the September release",
        packages: [{ registryType: "npm", identifier: "@acme/postgres-mcp", version: "1.1.0" }],
      },
      {
        version: "1.0.0",
        isLatest: false,
        status: "deprecated",
        publishedAt: "2025-09-01T10:00:00.000Z",
        updatedAt: "2025-09-10T10:00:00.000Z",
        source: "official-registry",
      },
    ],
    hosting: "both",
    transports: ["stdio", "streamable-http"],
    tools: [{ name: "query", description: "Run a read-only SQL query" }],
    toolsSource: "toolsdk",
    vendorOfficial: true,
    trust: { version: 3, score: 81, grade: "A", components: [], findings: [], computedAt: T1 },
    variants: [{ name: "smithery/acme-postgres", sources: ["smithery"], reason: "re-listing" }],
    sources: [{ source: "official-registry", sourceId: "io.github.acme/postgres" }],
  }),
  server({
    name: "smithery/acme-postgres",
    title: "Acme Postgres (Smithery)",
    description: "Smithery listing of io.github.acme/postgres, the Acme Postgres server",
    canonicalName: "io.github.acme/postgres",
    variantReason: "re-listing",
    sources: [{ source: "smithery", sourceId: "acme-postgres" }],
  }),
  server({
    name: "com.example/remote-search",
    title: "Remote Search",
    description: "Web search as a hosted MCP endpoint",
    officialNames: ["com.example/remote-search"],
    version: "1.0.0+build.5",
    status: "deprecated",
    remotes: [{ type: "streamable-http", url: "https://search.example/mcp" }],
    hosting: "remote",
    sources: [{ source: "official-registry", sourceId: "com.example/remote-search" }],
  }),
  server({
    name: "com.supabase/mcp~2",
    title: "Supabase (second listing)",
    description: "A second entry that claimed the official name com.supabase/mcp",
    officialNames: ["com.supabase/mcp"],
    sources: [{ source: "official-registry", sourceId: "com.supabase/mcp#2" }],
  }),
  server({
    name: "github.com/someone/github-mcp",
    title: "GitHub",
    description: "Manage GitHub issues and pull requests",
    repositoryUrl: "https://github.com/someone/github-mcp",
    packages: [{ registryType: "pypi", identifier: "github-mcp" }],
    hosting: "local",
    sources: [{ source: "glama", sourceId: "someone/github-mcp" }],
  }),
  server({
    name: "github.com/nobody/bare-notes",
    title: "Bare Notes",
    description: "",
    repositoryUrl: "https://github.com/nobody/bare-notes",
    sources: [{ source: "glama", sourceId: "nobody/bare-notes" }],
  }),
  server({
    name: "github.com/x/nsfw-bot",
    title: "NSFW bot",
    description: "Adult chat",
    content: { adult: ['word "nsfw" in name'], spam: [] },
    sources: [{ source: "glama", sourceId: "x/nsfw-bot" }],
  }),
];

/** Names a default listing shows: the latest version of each entry a client can install. */
export const INSTALLABLE = [
  "ai.toolatlas/github.com.someone.github-mcp",
  "com.example/remote-search",
  "io.github.acme/postgres",
];

/** Every listed name (`toolatlas.include_uninstallable=true&version=latest`). */
export const LISTED = [
  "ai.toolatlas/com.supabase.mcp_2",
  "ai.toolatlas/github.com.nobody.bare-notes",
  "ai.toolatlas/github.com.someone.github-mcp",
  "ai.toolatlas/smithery.acme-postgres",
  "com.example/remote-search",
  "io.github.acme/postgres",
];

/**
 * Writes a catalog of `servers` built at `builtAt` (a rebuild at the same path tracks changes).
 *
 * @param path catalog file
 * @param servers its servers
 * @param builtAt build time
 */
export async function build(path: string, servers: CatalogServer[], builtAt: string) {
  await writeCatalog(path, { tools: [], servers, prices: [], sources: [], report: {}, builtAt });
}

/** Folder of the fixture's catalogs. */
export const dir = await tempDir({ prefix: "toolatlas-registry-" });
await build(`${dir}/catalog.db`, SERVERS, T1);
/** The fixture's catalog context. */
export const ctx: CatalogContext = await openContext(`${dir}/catalog.db`, "http://test.local");
/** The app over it, without access control. */
export const app = createApp({ ctx });

const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
/** server.json 2025-12-11 validator. */
export const validateServer = ajv.compile(
  JSON.parse(
    await Deno.readTextFile(
      new URL("../fixtures/registry/server.schema.2025-12-11.json", import.meta.url),
    ),
  ),
);

/** An entry of a listing. */
export type Entry = {
  server: Record<string, unknown> & { name: string; version: string };
  _meta: Record<string, Record<string, unknown>>;
};

/**
 * GET as JSON.
 *
 * @param path path and query
 * @param init request options
 * @param on what answers (default: the fixture app)
 */
export const get = (path: string, init?: RequestInit, on: Requester = app) =>
  getJson(on, path, init);

/**
 * Asserts a problem document and returns its body.
 *
 * @param path path and query
 * @param status expected status
 * @param code expected code
 * @param init request options
 */
export async function problem(path: string, status: number, code: string, init?: RequestInit) {
  return (await expectProblem(app, path, status, code, init)).body;
}

/**
 * Every entry of a listing, following `nextCursor`.
 *
 * @param query the query without `cursor`
 * @param on what answers
 * @returns names (`name@version` when `versions` is set) and entries
 */
export async function walk(query: string, on: Requester = app, versions = false) {
  const names: string[] = [];
  const entries: Entry[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const { res, body } = await get(
      `/v0.1/servers?${query}${cursor ? `&cursor=${cursor}` : ""}`,
      undefined,
      on,
    );
    assert.equal(res.status, 200, JSON.stringify(body));
    for (const e of body.servers as Entry[]) {
      names.push(versions ? `${e.server.name}@${e.server.version}` : e.server.name);
      entries.push(e);
    }
    cursor = body.metadata.nextCursor;
    if (cursor === undefined) return { names, entries };
    assert.match(cursor, /^[A-Za-z0-9_-]+$/, "cursor is URL-safe");
  }
  throw new Error("walk did not end");
}
