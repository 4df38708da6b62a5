import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { createApp } from "../../src/http/app.ts";
import { localhostProtection } from "../../src/http/mcp.ts";
import { realCatalog } from "../_helpers.ts";

const real = await realCatalog();

/** Serves the app on a free loopback port for the duration of `fn`. */
async function withServer(fn: (url: URL) => Promise<void>) {
  let port = 0;
  const app = createApp({ ctx: real.ctx, mcp: { protection: () => localhostProtection(port) } });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  port = server.addr.port;
  try {
    await fn(new URL(`http://localhost:${port}/mcp`));
  } finally {
    await server.shutdown();
  }
}

Deno.test("an MCP client over HTTP lists the twelve tools and calls each on the real catalog", async () => {
  await withServer(async (url) => {
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url));
    const tools = (await client.listTools()).tools as Tool[];
    assert.equal(tools.length, 12);
    const github = "io.github.github/github-mcp-server";
    const calls: [string, Record<string, unknown>][] = [
      ["svc_tools_search", { q: "image generation", pricing: "free" }],
      ["svc_tools_details", { slug: "chatgpt" }],
      ["svc_tools_compare", { slugs: ["chatgpt", "leonardo-ai"] }],
      ["svc_tools_recommend", { query: "turn meeting recordings into notes" }],
      ["svc_tools_alternatives", { slug: "leonardo-ai" }],
      ["svc_tools_categories", {}],
      ["svc_search", { q: "let my agent query postgres" }],
      ["svc_server_details", { name: github }],
      ["svc_get_install_config", { name: github }],
      ["svc_compare", { names: [github, "github.com/crystaldba/postgres-mcp"] }],
      ["svc_list_filters", {}],
      ["svc_llm_prices", { provider: "anthropic" }],
    ];
    assert.deepEqual(calls.map(([n]) => n).sort(), tools.map((t) => t.name).sort());
    for (const [name, args] of calls) {
      const result = await client.callTool({ name, arguments: args });
      assert.equal(result.isError, undefined, `${name}: ${JSON.stringify(result.content)}`);
      assert.ok(result.structuredContent, name);
    }
    const details = await client.callTool({
      name: "svc_server_details",
      arguments: { name: github },
    });
    const s = details.structuredContent as { trust: { grade: string; components: unknown[] } };
    assert.ok(["A", "B"].includes(s.trust.grade));
    assert.ok(s.trust.components.length >= 10);
    await client.close();
  });
});

Deno.test("invalid MCP arguments give a clear error result, never a transport failure", async () => {
  await withServer(async (url) => {
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(url));
    const bad: [string, Record<string, unknown>, string][] = [
      ["svc_tools_search", { limit: 500 }, "invalid_parameter"],
      ["svc_tools_details", {}, "missing_parameter"],
      ["svc_tools_compare", { slugs: ["a", "b", "c", "d", "e", "f"] }, "invalid_parameter"],
      ["svc_tools_recommend", { query: "" }, "invalid_parameter"],
      ["svc_search", { hosting: "cloud" }, "invalid_parameter"],
      ["svc_server_details", { name: "no/such-server" }, "not_found"],
      [
        "svc_get_install_config",
        { name: "io.github.github/github-mcp-server", client: "emacs" },
        "invalid_parameter",
      ],
      ["svc_compare", { names: ["x"] }, "invalid_parameter"],
      ["svc_llm_prices", { limit: "ten" }, "invalid_parameter"],
    ];
    for (const [name, args, code] of bad) {
      const result = await client.callTool({ name, arguments: args });
      assert.equal(result.isError, true, name);
      const [text] = result.content as { text: string }[];
      assert.equal(JSON.parse(text!.text).code, code, name);
    }
    await client.close();
  });
});
