import assert from "node:assert/strict";
import { Ajv, type ValidateFunction } from "ajv";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { CLIENT_IDS } from "../../src/model/install.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import { ALTERNATIVES_METHOD } from "../../src/catalog/alternatives.ts";
import { nameWords } from "../../src/catalog/product_family.ts";
import { toolAlternatives } from "../../src/catalog/tool_alternatives.ts";
import { compareTools, getTool } from "../../src/catalog/tool_details.ts";
import { realCatalog } from "../_helpers.ts";
import { seededSample } from "../_sample.ts";

const real = await realCatalog();
const { ctx } = real;

const _names = (sql: string) =>
  (ctx.store.db.prepare(sql).all() as { k: string }[]).map((r) => r.k);
const SERVERS = _names("SELECT name AS k FROM servers ORDER BY id");
const TOOLS = _names("SELECT slug AS k FROM tools ORDER BY id");
const PROVIDERS = _names("SELECT DISTINCT provider AS k FROM prices ORDER BY provider");

/**
 * Arguments to call each tool with: a seeded sample of real entries (servers with and without
 * packages, remotes, probes, variants and trust findings turn up in a sample this size), every
 * facet, every price provider, and searches in several modes and with filters.
 */
function calls(): [string, Record<string, unknown>][] {
  const servers = seededSample(SERVERS, 150, 16);
  const tools = seededSample(TOOLS, 100, 16);
  const queries = ["postgres", "send email", "image generation", "github issues", "pdf", "notes"];
  const out: [string, Record<string, unknown>][] = [];
  for (const q of queries) {
    out.push(["svc_tools_search", { q, limit: 20 }]);
    out.push(["svc_tools_search", { q, pricing: "free", mode: "lexical" }]);
    out.push(["svc_tools_recommend", { query: `help me with ${q}` }]);
    out.push(["svc_search", { q, limit: 20 }]);
    out.push(["svc_search", { q, hosting: "remote", collapse: false, safe: "off" }]);
  }
  out.push(["svc_tools_search", { facetId: "build", limit: 50 }]);
  out.push(["svc_search", { registryType: "npm", limit: 50 }]);
  for (const slug of tools) {
    out.push(["svc_tools_details", { slug }]);
    out.push(["svc_tools_alternatives", { slug, safe: "off" }]);
  }
  for (let i = 0; i + 1 < 20; i += 2) {
    out.push(["svc_tools_compare", { slugs: [tools[i]!, tools[i + 1]!] }]);
    out.push(["svc_compare", { names: [servers[i]!, servers[i + 1]!] }]);
  }
  for (const name of servers) {
    out.push(["svc_server_details", { name }]);
    out.push(["svc_get_install_config", { name }]);
  }
  for (const client of CLIENT_IDS) {
    out.push(["svc_get_install_config", { name: "io.github.github/github-mcp-server", client }]);
  }
  out.push(["svc_tools_categories", {}]);
  for (const f of ctx.taxonomy.facets) out.push(["svc_tools_categories", { facetId: f.id }]);
  out.push(["svc_list_filters", {}]);
  out.push(["svc_llm_prices", { limit: 500 }]);
  for (const provider of PROVIDERS) out.push(["svc_llm_prices", { provider }]);
  return out;
}

Deno.test("every MCP tool's structuredContent validates against its listed outputSchema on the real catalog", async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(ctx).connect(serverSide);
  const client = new Client({ name: "operations-real-test", version: "1.0.0" });
  await client.connect(clientSide);
  const tools = (await client.listTools()).tools as Tool[];
  // The schemas as a client reads them (JSON Schema draft-07), checked the way a client would.
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validators = new Map<string, ValidateFunction>(
    tools.map((t) => [t.name, ajv.compile(t.outputSchema!)]),
  );
  const list = calls();
  const called = new Set<string>();
  for (const [name, args] of list) {
    const result = await client.callTool({ name, arguments: args });
    assert.equal(
      result.isError,
      undefined,
      `${name} ${JSON.stringify(args)}: ${JSON.stringify(result.content).slice(0, 300)}`,
    );
    const validate = validators.get(name)!;
    assert.ok(
      validate(result.structuredContent),
      `${name} ${JSON.stringify(args)}: ${ajv.errorsText(validate.errors)}`,
    );
    called.add(name);
  }
  assert.deepEqual([...called].sort(), tools.map((t) => t.name).sort(), "every tool was called");
  assert.ok(list.length > 500, `${list.length} calls`);
  await client.close();
});

Deno.test("alternatives on the real catalog: one list for details and alternatives, leaf first, no family", () => {
  // The real catalog of the tests has no vectors: the lexical method, which must stay sensible.
  let leafShare = 0;
  let counted = 0;
  for (const slug of seededSample(TOOLS, 300, 27)) {
    const tool = getTool(ctx, { slug });
    const alts = toolAlternatives(ctx, { slug, limit: 10 });
    assert.equal(alts.method, ALTERNATIVES_METHOD.lexical, slug);
    assert.equal(tool.competitors.method, alts.method, slug);
    assert.deepEqual(
      tool.competitors.items.map((c) => c.slug),
      alts.alternatives.slice(0, 5).map((a) => a.slug),
      `${slug}: details and /tools/alternatives disagree`,
    );
    const found = alts.alternatives.map((a) => a.slug);
    assert.ok(!found.includes(slug), `${slug} lists itself`);
    assert.equal(new Set(found).size, found.length, `${slug}: ${found}`);
    for (const a of alts.alternatives) {
      assert.ok(a.reason.length > 0, `${slug} → ${a.slug}: no reason`);
      assert.equal(a.similarity, null, `${slug} → ${a.slug}`);
      assert.ok(!getTool(ctx, { slug: a.slug }).content.adult, `${slug} → adult ${a.slug}`);
    }
    if (tool.taxonomy !== null && alts.alternatives.length >= 5) {
      counted++;
      leafShare += alts.alternatives.slice(0, 5).filter((a) => a.sharedLeafId !== null).length / 5;
    }
  }
  // Candidates come from the tool's taxonomy leaves first (the old list took the source category).
  assert.ok(
    leafShare / counted > 0.9,
    `share of the first five sharing a leaf: ${leafShare / counted}`,
  );
});

Deno.test("alternatives on the real catalog leave out the tool's wrappers, plug-ins and vendor", () => {
  const chatgpt = toolAlternatives(ctx, { slug: "chatgpt", limit: 50 });
  assert.ok(chatgpt.alternatives.length >= 10, `${chatgpt.alternatives.length}`);
  for (const a of chatgpt.alternatives) {
    const words = nameWords(a.name).join(" ");
    assert.ok(!words.includes("chat gpt"), `ChatGPT wrapper listed: ${a.name}`);
    assert.ok(!/openai\.com|chatgpt\.com/.test(a.url ?? ""), `OpenAI product listed: ${a.name}`);
  }
  // A comparison's suggestions are neither the compared tools nor of their families.
  const compared = compareTools(ctx, { slugs: ["chatgpt", "claude-ai"] });
  const suggested = compared.alternatives.items.map((a) => a.slug);
  assert.ok(suggested.length > 0);
  assert.ok(!suggested.includes("chatgpt") && !suggested.includes("claude-ai"), `${suggested}`);
  for (const a of compared.alternatives.items) {
    assert.ok(a.alternativeTo.length > 0 && a.reason.startsWith("alternative to "), a.slug);
  }
});
