import assert from "node:assert/strict";
import { cleanCategory } from "../../src/ingest/clean.ts";
import { mergeServers } from "../../src/ingest/merge_servers.ts";
import { brandCase, isGenericTitle, replaceGenericTitles } from "../../src/ingest/titles.ts";
import type { SourceServer } from "../../src/ingest/types.ts";
import { server } from "../fixtures/catalog.ts";

const rec = (r: Partial<SourceServer> & { source: string; sourceId: string }): SourceServer => ({
  name: r.sourceId,
  ...r,
});

Deno.test("hosting is local or remote only with a package or a URL to back it", () => {
  const { servers } = mergeServers([
    rec({
      source: "glama",
      sourceId: "a",
      repositoryUrl: "https://github.com/o/a",
      transports: ["stdio"],
    }),
    rec({
      source: "mcp-flow",
      sourceId: "b",
      repositoryUrl: "https://github.com/o/b",
      hosting: "remote",
    }),
    rec({
      source: "toolsdk",
      sourceId: "c",
      packages: [{ registryType: "npm", identifier: "c-mcp" }],
    }),
    rec({
      source: "official-registry",
      sourceId: "d",
      repositoryUrl: "https://github.com/o/d",
      remotes: [{ type: "streamable-http", url: "https://d.example/mcp" }],
    }),
  ]);
  const by = new Map(servers.map((s) => [s.repositoryUrl ?? s.name, s]));
  const a = by.get("https://github.com/o/a")!;
  assert.equal(a.hosting, "unknown");
  assert.equal(a.statedHosting, "local");
  const b = by.get("https://github.com/o/b")!;
  assert.equal(b.hosting, "unknown");
  assert.equal(b.statedHosting, "remote");
  const c = servers.find((s) => s.packages.length > 0)!;
  assert.equal(c.hosting, "local");
  assert.equal(c.statedHosting, undefined);
  assert.equal(by.get("https://github.com/o/d")!.hosting, "remote");
});

Deno.test("a gateway's re-listing merged with its upstream gives neither the name nor the endpoint", () => {
  const { servers } = mergeServers([
    rec({
      source: "official-registry",
      sourceId: "ai.smithery/brave",
      officialName: "ai.smithery/brave",
      packages: [{ registryType: "npm", identifier: "@brave/brave-search-mcp-server" }],
      remotes: [{ type: "streamable-http", url: "https://server.smithery.ai/brave/mcp" }],
    }),
    rec({
      // A catalog listing the gateway's deployment, without a registry name.
      source: "toolsdk",
      sourceId: "brave-remote",
      repositoryUrl: "https://github.com/brave/brave-search-mcp-server",
      remotes: [{ type: "streamable-http", url: "https://server.smithery.ai/@brave/mcp" }],
    }),
    rec({
      source: "official-registry",
      sourceId: "io.github.brave/brave-search-mcp-server",
      officialName: "io.github.brave/brave-search-mcp-server",
      repositoryUrl: "https://github.com/brave/brave-search-mcp-server",
      packages: [{ registryType: "npm", identifier: "@brave/brave-search-mcp-server" }],
    }),
  ]);
  assert.equal(servers.length, 1);
  assert.equal(servers[0]!.name, "io.github.brave/brave-search-mcp-server");
  assert.deepEqual(servers[0]!.officialNames, [
    "io.github.brave/brave-search-mcp-server",
    "ai.smithery/brave",
  ]);
  assert.deepEqual(servers[0]!.remotes, []);
  assert.equal(servers[0]!.hosting, "local");
});

Deno.test("category labels lose mangled entities and the 'MCP Servers' suffix", () => {
  assert.equal(
    cleanCategory('Developer Tools "Development Tools Mcp Servers"amp; IDE MCP Servers'),
    "Developer Tools & IDE",
  );
  assert.equal(cleanCategory("Finance & Market Data Mcp Servers"), "Finance & Market Data");
  assert.equal(cleanCategory("Ai Integration Mcp Servers"), "AI Integration");
  assert.equal(cleanCategory("Data &amp; AI"), "Data & AI");
  assert.equal(cleanCategory("MCP Servers"), undefined);
  const { servers } = mergeServers([
    rec({
      source: "mcpservers-org",
      sourceId: "x",
      repositoryUrl: "https://github.com/o/x",
      categories: [
        'Developer Tools "Developer Tools"amp; IDE MCP Servers',
        "Developer Tools & IDE",
      ],
    }),
  ]);
  assert.deepEqual(servers[0]!.categories, ["Developer Tools & IDE"]);
});

Deno.test("generic titles are replaced by the product, repository or namespace", () => {
  assert.ok(isGenericTitle("mcp"));
  assert.ok(isGenericTitle("remote-mcp server"));
  assert.ok(!isGenericTitle("Notion MCP"));
  assert.equal(brandCase("hubspot", "Talk to your HubSpot CRM"), "HubSpot");
  assert.equal(brandCase("laddro", "career tools"), "Laddro");
  const servers = [
    server({
      name: "com.notion/mcp",
      title: "mcp",
      description: "Notion's hosted MCP server",
      officialNames: ["com.notion/mcp"],
      vendorOfficial: true,
      vendorEvidence: [{ kind: "namespace_domain", detail: "x", product: "notion" }],
    }),
    server({
      name: "github.com/Acme/Mcp-Server",
      title: "mcp-server",
      repositoryUrl: "https://github.com/Acme/Mcp-Server",
    }),
    server({ name: "co.bizverify/mcp", title: "mcp", officialNames: ["co.bizverify/mcp"] }),
    server({ name: "smithery/x", title: "server" }),
  ];
  const stats = replaceGenericTitles(servers);
  assert.deepEqual(servers.map((s) => s.title), [
    "Notion MCP server",
    "Acme/Mcp-Server",
    "bizverify.co MCP server",
    "server",
  ]);
  assert.equal(servers[0]!.originalTitle, "mcp");
  assert.equal(servers[3]!.originalTitle, undefined);
  assert.deepEqual(stats, { generic: 4, replaced: 3 });
});
