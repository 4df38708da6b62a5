import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "../../src/errors.ts";
import { createApp } from "../../src/http/app.ts";
import { localhostProtection } from "../../src/http/mcp.ts";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { z } from "zod";
import {
  createMcpServer,
  type McpServerOptions,
  SERVER_INFO,
  toolList,
} from "../../src/mcp/server.ts";
import { MCP_OPERATIONS } from "../../src/catalog/operations.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { TOOL_NAMES } from "../fixtures/tool_names.ts";
import { INITIALIZE } from "../_mcp.ts";

const ctx = await fixtureContext();

async function connect(options: McpServerOptions = {}) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(ctx, options);
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

function errorOf(result: { isError?: boolean; content: unknown }) {
  assert.equal(result.isError, true);
  const [first] = result.content as { type: string; text: string }[];
  return JSON.parse(first!.text) as { code: string; status: number; message: string };
}

Deno.test("the MCP server lists exactly the twelve svc_* tools with titles and schemas", async () => {
  const client = await connect();
  const tools = (await client.listTools()).tools as Tool[];
  assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
  for (const t of tools) {
    assert.ok(t.title && t.title.length > 3, t.name);
    assert.ok(t.description && t.description.length > 40, t.name);
    assert.equal(t.inputSchema.type, "object", t.name);
    assert.equal(t.outputSchema?.type, "object", t.name);
    assert.equal(t.annotations?.readOnlyHint, true, t.name);
  }
  await client.close();
});

Deno.test("svc_tools_search returns the same structured content as the REST route", async () => {
  const client = await connect();
  const result = await client.callTool({
    name: "svc_tools_search",
    arguments: { q: "transcription" },
  });
  const rest = await (await createApp({ ctx }).request("/api/v1/tools?q=transcription")).json();
  assert.deepEqual(result.structuredContent, rest);
  const [text] = result.content as { type: string; text: string }[];
  assert.match(text!.text, /^2 tools match/);
  await client.close();
});

Deno.test("MCP tools answer invalid arguments with isError results carrying REST codes", async () => {
  const client = await connect();
  assert.equal(
    errorOf(await client.callTool({ name: "svc_tools_search", arguments: { limit: 0 } })).code,
    "invalid_parameter",
  );
  assert.equal(
    errorOf(await client.callTool({ name: "svc_tools_recommend", arguments: {} })).code,
    "missing_parameter",
  );
  assert.equal(
    errorOf(await client.callTool({ name: "svc_tools_compare", arguments: { slugs: ["scribe"] } }))
      .code,
    "invalid_parameter",
  );
  const missing = errorOf(
    await client.callTool({ name: "svc_server_details", arguments: { name: "no/such" } }),
  );
  assert.deepEqual([missing.code, missing.status], ["not_found", 404]);
  assert.equal(
    errorOf(await client.callTool({ name: "svc_tools_search", arguments: { q: 5 } })).code,
    "invalid_parameter",
  );
  await client.close();
});

Deno.test("an unknown MCP tool is a protocol error, not a result", async () => {
  const client = await connect();
  await assert.rejects(client.callTool({ name: "svc_nope", arguments: {} }), /not found/);
  await client.close();
});

Deno.test("the tool-call hook runs once per call and its AppError becomes the result", async () => {
  let calls = 0;
  const client = await connect({
    beforeToolCall: () => {
      calls++;
      if (calls > 1) throw new AppError("rate_limited", "Daily limit of 1 request reached");
    },
  });
  await client.listTools();
  assert.equal(calls, 0);
  const ok = await client.callTool({ name: "svc_list_filters", arguments: {} });
  assert.equal(ok.isError, undefined);
  const limited = errorOf(await client.callTool({ name: "svc_list_filters", arguments: {} }));
  assert.equal(limited.code, "rate_limited");
  assert.equal(calls, 2);
  await client.close();
});

Deno.test("every MCP tool's structured output validates against its declared schema", async () => {
  const client = await connect();
  const calls: [string, Record<string, unknown>][] = [
    ["svc_tools_search", { q: "image" }],
    ["svc_tools_details", { slug: "scribe" }],
    ["svc_tools_compare", { slugs: ["scribe", "notetaker"] }],
    ["svc_tools_recommend", { query: "meeting transcription" }],
    ["svc_tools_alternatives", { slug: "scribe" }],
    ["svc_tools_categories", { facetId: "build" }],
    ["svc_search", { q: "postgres", hosting: "local" }],
    ["svc_server_details", { name: "io.github.acme/postgres" }],
    ["svc_get_install_config", { name: "io.github.acme/postgres", client: "claude" }],
    ["svc_compare", { names: ["io.github.acme/postgres", "com.example/remote-search"] }],
    ["svc_list_filters", {}],
    ["svc_llm_prices", { provider: "anthropic" }],
  ];
  assert.deepEqual(calls.map(([n]) => n).sort(), [...TOOL_NAMES].sort());
  for (const [name, args] of calls) {
    // The SDK client validates structuredContent against the listed outputSchema.
    const result = await client.callTool({ name, arguments: args });
    assert.equal(result.isError, undefined, `${name}: ${JSON.stringify(result.content)}`);
    assert.ok(result.structuredContent, name);
    const [text] = result.content as { type: string; text: string }[];
    assert.ok(text!.text.length > 0, name);
  }
  await client.close();
});

async function rpc(app: ReturnType<typeof createApp>, body: unknown, headers: HeadersInit = {}) {
  return await app.request("http://localhost:8000/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      host: "localhost:8000",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

Deno.test("POST /mcp answers initialize and tools/list statelessly with CORS", async () => {
  const app = createApp({ ctx });
  const init = await rpc(app, INITIALIZE);
  assert.equal(init.status, 200);
  assert.equal(init.headers.get("access-control-allow-origin"), "*");
  assert.match(init.headers.get("access-control-expose-headers")!, /Mcp-Session-Id/i);
  const body = await init.json();
  assert.equal(body.result.serverInfo.name, "toolatlas");
  const list = await rpc(app, { jsonrpc: "2.0", id: 2, method: "tools/list" }, {
    "mcp-protocol-version": "2025-06-18",
  });
  assert.equal((await list.json()).result.tools.length, 12);
});

Deno.test("POST /mcp rejects a rebinding Host or Origin when the service is local", async () => {
  const app = createApp({ ctx, mcp: { protection: () => localhostProtection(8000) } });
  const evilHost = await rpc(app, INITIALIZE, { host: "evil.example.com" });
  assert.equal(evilHost.status, 403);
  await evilHost.body?.cancel();
  const evilOrigin = await rpc(app, INITIALIZE, { origin: "http://evil.example.com" });
  assert.equal(evilOrigin.status, 403);
  await evilOrigin.body?.cancel();
  const ok = await rpc(app, INITIALIZE, { origin: "http://localhost:8000" });
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
});

Deno.test("the MCP preflight allows the protocol-version header", async () => {
  const res = await createApp({ ctx }).request("/mcp", {
    method: "OPTIONS",
    headers: {
      origin: "https://app.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type,mcp-protocol-version",
    },
  });
  assert.equal(res.status, 204);
  assert.match(res.headers.get("access-control-allow-headers")!, /Mcp-Protocol-Version/i);
});

Deno.test("svc_get_install_config takes client aliases and lists them for an unknown client", async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  const tool = tools.find((t: { name: string }) => t.name === "svc_get_install_config")!;
  const clientProp = (tool.inputSchema.properties as Record<string, { enum?: string[] }>).client!;
  assert.ok(clientProp.enum?.includes("claude-desktop") && clientProp.enum.includes("claude"));
  const ok = await client.callTool({
    name: "svc_get_install_config",
    arguments: { name: "io.github.acme/postgres", client: "claude" },
  });
  const configs = (ok.structuredContent as { configs: { client: string }[] }).configs;
  assert.deepEqual(configs.map((c) => c.client), ["claude-desktop"]);
  const bad = await client.callTool({
    name: "svc_get_install_config",
    arguments: { name: "io.github.acme/postgres", client: "emacs" },
  });
  assert.equal(bad.isError, true);
  const error = JSON.parse((bad.content as { text: string }[])[0]!.text);
  assert.equal(error.code, "invalid_parameter");
  assert.match(error.message, /Unknown client "emacs": use one of cursor/);
  assert.match(error.message, /claude-desktop \(aliases claude,/);
  await client.close();
});

Deno.test("the precomputed tools/list answer equals what the SDK's McpServer would list, built once", async () => {
  // The SDK's own high-level server, registering the same operations.
  const sdk = new McpServer(SERVER_INFO);
  for (const op of MCP_OPERATIONS) {
    const tool = op.mcpTool!;
    sdk.registerTool(tool.name, {
      title: tool.title,
      description: tool.description,
      inputSchema: op.input,
      outputSchema: op.output as z.ZodObject,
      annotations: {
        title: tool.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    }, () => ({ content: [] }));
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await sdk.connect(serverSide);
  const reference = new Client({ name: "reference", version: "1.0.0" });
  await reference.connect(clientSide);
  const ours = await connect();
  // Compared as they travel: JSON.
  const json = (value: unknown) => JSON.parse(JSON.stringify(value));
  assert.deepEqual(json((await ours.listTools()).tools), json((await reference.listTools()).tools));
  assert.equal(toolList(), toolList());
  assert.deepEqual(ours.getServerCapabilities()?.tools, { listChanged: false });
  await ours.close();
  await reference.close();
});
