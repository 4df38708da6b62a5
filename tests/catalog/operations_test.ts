import assert from "node:assert/strict";
import { Ajv } from "ajv";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { ALL_GRANTS, type Grants } from "../../src/catalog/grants.ts";
import { MCP_OPERATIONS, OPERATIONS } from "../../src/catalog/operations.ts";
import type { Operation } from "../../src/catalog/operation_row.ts";
import { createApp } from "../../src/http/app.ts";
import { API_OPERATIONS, openApiDocument } from "../../src/http/openapi.ts";
import { routePattern } from "../../src/http/rest.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { TOOL_NAMES } from "../fixtures/tool_names.ts";

const ctx = await fixtureContext();
const app = createApp({ ctx });

/** Operations the HTTP layer documents and serves itself, outside the catalog's table. */
const HTTP_OWN = [
  "getUsage",
  "writeToolReview",
  "deleteToolReview",
  "writeServerReview",
  "deleteServerReview",
  "exportReviews",
  "exportCatalog",
  "exportSnapshot",
  "getOpenApi",
  "listRegistryServers",
  "listRegistryServerVersions",
  "getRegistryServerVersion",
  "editRegistryServerVersion",
  "deleteRegistryServerVersion",
  "setRegistryVersionStatus",
  "setRegistryServerStatus",
  "publishRegistryServer",
  "registryHealth",
  "registryPing",
  "registryVersion",
];

/** One valid input per operation on the fixture catalog (path parameters included). */
const INPUTS: Record<string, Record<string, unknown>> = {
  searchTools: { q: "image", limit: 3 },
  getTool: { slug: "pixelforge" },
  compareTools: { slugs: ["pixelforge", "notetaker"] },
  recommendTools: { query: "generate images from text", limit: 2 },
  toolAlternatives: { slug: "pixelforge", limit: 2 },
  listCategories: {},
  getTaxonomy: { facetId: "create" },
  searchServers: { q: "postgres" },
  getServer: { name: "io.github.acme/postgres" },
  getInstallConfig: { name: "io.github.acme/postgres", client: "cursor" },
  compareServers: { names: ["io.github.acme/postgres", "com.example/remote-search"] },
  serverFilters: {},
  listPrices: { provider: "openai" },
  getHealth: {},
};

/** The REST request of an operation for an input. */
function restRequest(op: Operation, input: Record<string, unknown>): Request {
  const query = new URLSearchParams();
  let path = op.path;
  for (const [name, value] of Object.entries(input)) {
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, String(value));
    else if (op.method === "get") {
      query.set(name, Array.isArray(value) ? value.join(",") : String(value));
    }
  }
  const url = `http://test.local/api/v1${path}${query.size > 0 ? `?${query}` : ""}`;
  return op.method === "post"
    ? new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    })
    : new Request(url);
}

async function mcpClient(): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(ctx).connect(serverSide);
  const client = new Client({ name: "operations-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

Deno.test("the operation table has unique ids, unique tool names and the twelve svc_* tools", () => {
  assert.equal(new Set(OPERATIONS.map((op) => op.id)).size, OPERATIONS.length);
  assert.deepEqual(Object.keys(INPUTS).sort(), OPERATIONS.map((op) => op.id).sort());
  const names = MCP_OPERATIONS.map((op) => op.mcpTool!.name);
  assert.equal(new Set(names).size, names.length);
  assert.deepEqual(names, TOOL_NAMES, "the specification's names, in its order");
  for (const op of OPERATIONS) {
    assert.equal(op.render === null, op.mcpTool === null, `${op.id}: render iff MCP tool`);
  }
});

Deno.test("OpenAPI documents every operation of the table at its path, plus only the HTTP layer's own", () => {
  const doc = openApiDocument("http://test.local") as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  for (const op of OPERATIONS) {
    assert.equal(doc.paths[op.path]?.[op.method]?.operationId, op.id, `${op.method} ${op.path}`);
  }
  const documented = Object.values(doc.paths).flatMap((item) =>
    Object.values(item).flatMap((o) => o.operationId ?? [])
  );
  assert.deepEqual(
    documented.filter((id) => !OPERATIONS.some((op) => op.id === id)).sort(),
    [...HTTP_OWN].sort(),
  );
  assert.equal(documented.length, API_OPERATIONS.length);
});

Deno.test("each operation reads only the entitlement it declares", async () => {
  const semantic = await fixtureContext({ embed: true });
  const withheld: Grants = { semanticSearch: false };
  for (const op of OPERATIONS) {
    const input = INPUTS[op.id]!;
    if (op.entitlement === null) {
      // Nothing declared: the caller's grants change nothing.
      assert.deepEqual(
        await op.run(semantic, input, withheld),
        await op.run(semantic, input, ALL_GRANTS),
        op.id,
      );
      continue;
    }
    // semanticSearch withheld: the semantic ranking asked for is lexical instead.
    assert.equal(op.entitlement, "semanticSearch", op.id);
    const asked = { ...input, mode: "semantic" };
    const lexical = await op.run(semantic, { ...input, mode: "lexical" }, ALL_GRANTS);
    assert.notDeepEqual(
      await op.run(semantic, asked, ALL_GRANTS),
      lexical,
      `${op.id}: modes differ`,
    );
    assert.deepEqual(await op.run(semantic, asked, withheld), lexical, op.id);
  }
});

Deno.test("REST registers one route per operation of the table, and each answers its input", async () => {
  const routes = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
  for (const op of OPERATIONS) {
    assert.ok(routes.has(`${op.method.toUpperCase()} /api/v1${routePattern(op)}`), op.id);
    const res = await app.fetch(restRequest(op, INPUTS[op.id]!));
    assert.equal(res.status, 200, `${op.id}: ${await res.clone().text()}`);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    const body = await res.json();
    assert.deepEqual(op.output.parse(body), body, `${op.id}: output matches its schema`);
  }
});

Deno.test("MCP lists exactly the table's tools with its schemas, and each tool returns what REST returns", async () => {
  const client = await mcpClient();
  const tools = (await client.listTools()).tools as Tool[];
  assert.deepEqual(tools.map((t) => t.name), MCP_OPERATIONS.map((op) => op.mcpTool!.name));
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const op of MCP_OPERATIONS) {
    const tool = tools.find((t) => t.name === op.mcpTool!.name)!;
    const input = INPUTS[op.id]!;
    const result = await client.callTool({ name: tool.name, arguments: input });
    assert.equal(result.isError, undefined, `${tool.name}: ${JSON.stringify(result.content)}`);
    const validate = ajv.compile(tool.outputSchema!);
    assert.ok(
      validate(result.structuredContent),
      `${tool.name}: ${ajv.errorsText(validate.errors)}`,
    );
    const rest = await (await app.fetch(restRequest(op, input))).json();
    assert.deepEqual(result.structuredContent, rest, `${tool.name} = ${op.method} ${op.path}`);
  }
  await client.close();
});

Deno.test("an MCP tool whose output breaks its schema answers internal_error, not the bad output", async () => {
  const op = MCP_OPERATIONS.find((o) => o.id === "listPrices")!;
  const { runTool } = await import("../../src/mcp/server.ts");
  const broken: Operation = { ...op, run: () => ({ prices: "not a list" }) };
  const errors: unknown[] = [];
  const log = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    const result = await runTool(ctx, broken, {});
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent, undefined);
    const body = JSON.parse((result.content[0] as { text: string }).text);
    assert.equal(body.code, "internal_error");
    assert.match(body.message, /does not match the tool's output schema/);
  } finally {
    console.error = log;
  }
  assert.equal(errors.length, 1, "the mismatch is logged");
});
