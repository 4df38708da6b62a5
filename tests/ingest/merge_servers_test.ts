import assert from "node:assert/strict";
import { mergeServers } from "../../src/ingest/merge_servers.ts";
import type { SourceServer } from "../../src/ingest/types.ts";

const rec = (r: Partial<SourceServer> & { source: string; sourceId: string }): SourceServer => ({
  name: r.sourceId,
  ...r,
});

Deno.test("mergeServers() merges records whose repository URLs normalize to the same key", () => {
  const { servers, stats } = mergeServers([
    rec({ source: "glama", sourceId: "a", repositoryUrl: "https://GitHub.com/Acme/Tool.git/" }),
    rec({ source: "tensorblock", sourceId: "b", repositoryUrl: "http://www.github.com/acme/tool" }),
    rec({
      source: "smithery",
      sourceId: "c",
      repositoryUrl: "https://github.com/acme/tool/tree/main",
    }),
  ]);
  assert.equal(servers.length, 1);
  assert.equal(servers[0]!.repositoryUrl, "https://github.com/acme/tool");
  assert.equal(servers[0]!.sources.length, 3);
  assert.equal(stats.merged, 2);
  assert.equal(stats.multiSource, 1);
});

Deno.test("mergeServers() keeps one entry per monorepo subfolder", () => {
  const { servers } = mergeServers([
    rec({
      source: "official-registry",
      sourceId: "io.github.mcp/github",
      officialName: "io.github.mcp/github",
      repositoryUrl: "https://github.com/mcp/servers",
      subfolder: "src/github",
    }),
    rec({
      source: "official-registry",
      sourceId: "io.github.mcp/postgres",
      officialName: "io.github.mcp/postgres",
      repositoryUrl: "https://github.com/mcp/servers",
      subfolder: "src/postgres",
    }),
    rec({
      source: "toolsdk",
      sourceId: "pg",
      name: "Postgres",
      repositoryUrl: "https://github.com/mcp/servers/tree/main/src/postgres",
    }),
    rec({
      source: "glama",
      sourceId: "gh",
      name: "github",
      repositoryUrl: "https://github.com/mcp/servers",
    }),
  ]);
  assert.deepEqual(servers.map((s) => s.name), ["io.github.mcp/github", "io.github.mcp/postgres"]);
  const pg = servers.find((s) => s.name === "io.github.mcp/postgres")!;
  assert.deepEqual(pg.sources.map((s) => s.source).sort(), ["official-registry", "toolsdk"]);
  const gh = servers.find((s) => s.name === "io.github.mcp/github")!;
  assert.deepEqual(gh.sources.map((s) => s.source).sort(), ["glama", "official-registry"]);
});

Deno.test("mergeServers() lets a bare repository record join the only subfolder entry", () => {
  const { servers } = mergeServers([
    rec({
      source: "official-registry",
      sourceId: "agency.lona/trading",
      officialName: "agency.lona/trading",
      repositoryUrl: "https://github.com/mindsight/lona",
      subfolder: "packages/lona-mcp-server",
    }),
    rec({ source: "glama", sourceId: "lona", repositoryUrl: "https://github.com/mindsight/lona" }),
  ]);
  assert.equal(servers.length, 1);
  assert.equal(servers[0]!.subfolder, "packages/lona-mcp-server");
});

Deno.test("mergeServers() links by official name and by package when no repository is known", () => {
  const { servers, stats } = mergeServers([
    rec({ source: "official-registry", sourceId: "com.x/a", officialName: "com.x/a" }),
    rec({
      source: "official-server-json",
      sourceId: "com.x/a",
      officialName: "com.x/a",
      packages: [{ registryType: "npm", identifier: "@x/a-mcp", version: "1.0.0" }],
    }),
    rec({
      source: "mcp-flow",
      sourceId: "flow/a",
      packages: [{ registryType: "npm", identifier: "@x/a-mcp@latest" }],
      tools: [{ name: "do_a" }],
    }),
  ]);
  assert.equal(servers.length, 1);
  assert.deepEqual(stats.byKey, { repo: 0, officialName: 1, package: 1, repositoryHint: 0 });
  assert.equal(servers[0]!.toolsSource, "mcp-flow");
  assert.equal(servers[0]!.provenance.packages, "official-server-json");
});

Deno.test("mergeServers() refuses a package link between two different repositories", () => {
  const { servers, stats } = mergeServers([
    rec({
      source: "toolsdk",
      sourceId: "a",
      repositoryUrl: "https://github.com/a/fork",
      packages: [{ registryType: "npm", identifier: "same-name" }],
    }),
    rec({
      source: "toolsdk",
      sourceId: "b",
      repositoryUrl: "https://github.com/b/original",
      packages: [{ registryType: "npm", identifier: "same-name" }],
    }),
  ]);
  assert.equal(servers.length, 2);
  assert.equal(stats.refusedLinks, 1);
});

Deno.test("mergeServers() takes fields by source priority and records provenance", () => {
  const { servers } = mergeServers([
    rec({ source: "mcpmarket", sourceId: "m", repositoryUrl: "github.com/o/r", description: "x" }),
    rec({
      source: "toolsdk",
      sourceId: "t",
      repositoryUrl: "github.com/o/r",
      description: "A server that reads things from places",
      license: "MIT",
    }),
    rec({ source: "best-of", sourceId: "b", repositoryUrl: "github.com/o/r", stars: 120 }),
    rec({ source: "glama", sourceId: "g", repositoryUrl: "github.com/o/r", stars: 5 }),
  ]);
  const s = servers[0]!;
  assert.equal(s.description, "A server that reads things from places");
  assert.equal(s.provenance.description, "toolsdk");
  assert.equal(s.stars, 120);
  assert.equal(s.provenance.stars, "best-of");
  assert.equal(s.name, "github.com/o/r");
});

Deno.test("mergeServers() gives the same output whatever the input order", () => {
  const input = [
    rec({ source: "glama", sourceId: "1", repositoryUrl: "github.com/a/b" }),
    rec({ source: "smithery", sourceId: "2", repositoryUrl: "github.com/a/b" }),
    rec({ source: "glama", sourceId: "3" }),
    rec({ source: "smithery", sourceId: "3" }),
  ];
  const a = mergeServers(input).servers;
  const b = mergeServers([...input].reverse()).servers;
  assert.deepEqual(a, b);
  assert.equal(new Set(a.map((s) => s.name)).size, a.length);
});

Deno.test("mergeServers() derives hosting from packages and remotes", () => {
  const { servers } = mergeServers([
    rec({
      source: "official-server-json",
      sourceId: "both",
      officialName: "com.x/both",
      packages: [{ registryType: "npm", identifier: "x", transport: { type: "stdio" } }],
      remotes: [{ type: "streamable-http", url: "https://x.dev/mcp" }],
    }),
    rec({ source: "glama", sourceId: "none", name: "None" }),
  ]);
  assert.equal(servers.find((s) => s.name === "com.x/both")!.hosting, "both");
  assert.deepEqual(servers.find((s) => s.name === "com.x/both")!.transports, [
    "stdio",
    "streamable-http",
  ]);
  assert.equal(servers.find((s) => s.name !== "com.x/both")!.hosting, "unknown");
});

Deno.test("mergeServers() uses a repository hint only to join an existing repository entry", () => {
  const { servers, stats } = mergeServers([
    rec({ source: "glama", sourceId: "g", repositoryUrl: "https://github.com/acme/weather" }),
    rec({
      source: "smithery",
      sourceId: "@acme/weather",
      repositoryHint: "https://github.com/acme/weather",
    }),
    rec({
      source: "smithery",
      sourceId: "@acme/other",
      repositoryHint: "https://github.com/acme/other",
    }),
  ]);
  assert.equal(servers.length, 2);
  assert.equal((stats.byKey as Record<string, number>).repositoryHint, 1);
  const lone = servers.find((s) => s.sources[0]!.sourceId === "@acme/other")!;
  assert.equal(lone.repositoryUrl, null);
  assert.equal(lone.name, "smithery/acme-other");
});

Deno.test("mergeServers() unites the packages of every source, keeping only those of the server", () => {
  const { servers } = mergeServers([
    rec({
      source: "docker",
      sourceId: "memory",
      repositoryUrl: "https://github.com/modelcontextprotocol/servers",
      subfolder: "src/memory",
      packages: [{ registryType: "oci", identifier: "mcp/memory" }],
    }),
    rec({
      source: "toolsdk",
      sourceId: "memory",
      repositoryUrl: "https://github.com/modelcontextprotocol/servers/tree/main/src/memory",
      packages: [
        { registryType: "npm", identifier: "@modelcontextprotocol/server-memory" },
        { registryType: "oci", identifier: "docker.io/mcp/memory:latest" },
        { registryType: "pypi", identifier: "knowledge-graph" },
      ],
    }),
  ]);
  assert.equal(servers.length, 1);
  const s = servers[0]!;
  // The Docker image (same image twice) once, the npm package added, the made-up name refused.
  assert.deepEqual(s.packages.map((p) => [p.registryType, p.identifier, p.source]), [
    ["oci", "mcp/memory", "docker"],
    ["npm", "@modelcontextprotocol/server-memory", "toolsdk"],
  ]);
  assert.deepEqual(s.refusedPackages?.map((r) => [r.package.identifier, r.source]), [
    ["knowledge-graph", "toolsdk"],
  ]);
  assert.equal(s.provenance.packages, "docker");
});
