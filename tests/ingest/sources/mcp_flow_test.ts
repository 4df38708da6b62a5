import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters, installFromClientConfig } from "../../../src/ingest/sources/mcp_flow.ts";
import {
  assertCleaned,
  assertCounts,
  assertMissingSourceThrows,
  assertNoPlaceholderFields,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;

/** Reads the real MCP-Flow data once per test file. */
const real = () => realRead(adapter);

Deno.test("mcp-flow: one record per tool file plus description entries without tools", async () => {
  const { records, report } = await real();
  assertCounts({ records, report }, { read: 1166, kept: 1166, skipped: {} });
  assert.equal(records.filter((r) => r.tools !== undefined).length, 1163);
  const toolCount = records.reduce((n, r) => n + (r.tools?.length ?? 0), 0);
  assert.equal(toolCount, 11450, "11,453 tools in SOURCES.md, 3 without a name dropped");
  assert.equal(report.counts.cleaned.tool_missing_name, 3);
  assertNoPlaceholderFields(records);
});

Deno.test("mcp-flow: keeps tool names, descriptions and JSON Schemas of the 12306 server", async () => {
  const { records } = await real();
  const server = recordById(records, "smithery/12306 MCP Server");
  assert.equal(server.name, "12306 MCP Server");
  assert.equal(server.source, "mcp-flow");
  assert.deepEqual(server.categories, ["Miscellaneous"]);
  assert.deepEqual(server.tools?.map((t) => t.name), ["mcp-server-chinarailway_search"]);
  assert.equal(server.tools?.[0]?.description, "查询12306火车票");
  const schema = server.tools?.[0]?.inputSchema as { required?: string[] };
  assert.deepEqual(schema.required, ["date", "fromCity", "toCity"]);
  assert.equal(server.packages, undefined, "@smithery/cli is a runner, not the server's package");
  assert.equal(server.repositoryUrl, undefined);
});

Deno.test("mcp-flow: packages only where the config clearly names one", async () => {
  const { records } = await real();
  const dc = records.find((r) => r.sourceId === "mcpso/DesktopCommander");
  assert.deepEqual(dc?.packages, [{
    registryType: "npm",
    identifier: "@wonderwhy-er/desktop-commander",
    runtimeHint: "npx",
    transport: { type: "stdio" },
  }]);
  assert.ok(dc?.tools?.some((t) => t.name === "desktop-commander_get_config"));
  const clickup = records.find((r) => r.sourceId === "deepnlp/mcp clickup");
  assert.equal(clickup?.packages?.[0]?.registryType, "oci");
  assert.equal(clickup?.packages?.[0]?.identifier, "mcp/clickup");
  const time = records.find((r) => r.sourceId === "mcpso/time");
  assert.equal(time?.packages?.[0]?.registryType, "pypi");
  assert.equal(time?.packages?.[0]?.identifier, "mcp-server-time");
  // An example config naming four unrelated servers gives no package.
  assert.equal(records.find((r) => r.sourceId === "glama/mcphub")?.packages, undefined);
});

Deno.test("mcp-flow: remotes never carry header values or URLs with credentials", async () => {
  const { records } = await real();
  const weaver = records.find((r) => r.sourceId === "mcphub/APIWeaver");
  assert.deepEqual(weaver?.remotes, [{
    type: "streamable-http",
    url: "https://api.mcphub.com/mcp/gongrzhe-apiweaver",
    headers: [{ name: "Authorization", isRequired: true, isSecret: true }],
  }]);
  const all = JSON.stringify(records);
  assert.ok(!all.includes("Bearer eyJ"), "bearer tokens are never copied");
  assert.ok(!all.includes("mcp.pipedream.net/8b6caa36"), "personal endpoints are dropped");
  assert.ok(!all.includes("localhost:3333"), "local URLs are not remotes");
  assert.equal(records.find((r) => r.sourceId === "pipedream/zoom")?.remotes, undefined);
  assert.equal(records.filter((r) => r.remotes).length, 425);
});

Deno.test("mcp-flow: repository URLs only from configs that install from one", async () => {
  const { records } = await real();
  const withRepo = records.filter((r) => r.repositoryUrl !== undefined);
  assert.equal(withRepo.length, 8);
  assert.equal(
    records.find((r) => r.sourceId === "mcpso/mcp-meme-sticky")?.repositoryUrl,
    "https://github.com/nkapila6/mcp-meme-sticky",
  );
  assert.equal(
    records.find((r) => r.sourceId === "mcpso/farcaster-mcp")?.repositoryUrl,
    "https://github.com/argenestel/farcaster-mcp",
  );
});

Deno.test("mcp-flow: description entries without a tool file are kept without tools", async () => {
  const { records, report } = await real();
  assert.deepEqual(recordById(records, "smithery/Where's my train? MTA Guide"), {
    source: "mcp-flow",
    sourceId: "smithery/Where's my train? MTA Guide",
    name: "Where's my train? MTA Guide",
    description:
      "Real-time NYC subway intel at your fingertips: stations, arrivals, service alerts, and route planning.",
    categories: ["Map & Weather"],
  });
  assert.equal(report.counts.cleaned.mojibake, 24);
  assert.ok(records.every((r) => !/[\u00c2-\u00f4][\u0080-\u00bf]/.test(r.description ?? "")));
});

Deno.test("installFromClientConfig: reads npx, uvx, uv tool run, docker and mcp-remote entries", () => {
  const one = (entry: unknown) => installFromClientConfig({ mcpServers: { s: entry } });
  assert.deepEqual(one({ command: "npx", args: ["-y", "@scope/pkg@1.2.3", "--stdio"] }).packages, [{
    registryType: "npm",
    identifier: "@scope/pkg",
    version: "1.2.3",
    runtimeHint: "npx",
    transport: { type: "stdio" },
  }]);
  assert.equal(one({ command: "npx", args: ["pkg@latest"] }).packages[0]?.version, undefined);
  assert.deepEqual(
    one({
      command: "env",
      args: ["K=v", "uvx", "--python", "3.11", "tool-x"],
      env: { API_KEY: "x" },
    })
      .packages,
    [{
      registryType: "pypi",
      identifier: "tool-x",
      runtimeHint: "uvx",
      transport: { type: "stdio" },
      environmentVariables: [{ name: "API_KEY" }],
    }],
  );
  assert.equal(
    one({ command: "uv", args: ["tool", "run", "vectara-mcp"] }).packages[0]?.identifier,
    "vectara-mcp",
  );
  assert.deepEqual(
    one({ command: "uvx", args: ["--from", "git+https://github.com/o/r@main", "r"] }),
    {
      packages: [],
      remotes: [],
      repositoryUrl: "https://github.com/o/r",
    },
  );
  const docker = one({
    command: "docker",
    args: ["run", "-i", "--rm", "-e", "TOKEN", "acme/srv:1.4"],
  });
  assert.equal(docker.packages[0]?.identifier, "acme/srv");
  assert.equal(docker.packages[0]?.version, "1.4");
  assert.deepEqual(
    one({
      command: "npx",
      args: ["mcp-remote", "https://x.example/sse", "--header", "Authorization:Bearer k"],
    }),
    {
      packages: [],
      remotes: [{
        type: "sse",
        url: "https://x.example/sse",
        headers: [{ name: "Authorization", isRequired: true, isSecret: true }],
      }],
    },
  );
  const npxEnv = one({ command: "npx", args: ["-y", "p"], env: { API_KEY: "secret-value" } });
  assert.deepEqual(npxEnv.packages[0]?.environmentVariables, [{ name: "API_KEY" }]);
  assert.ok(!JSON.stringify(npxEnv).includes("secret-value"));
});

Deno.test("installFromClientConfig: ignores runners, local paths and ambiguous multi-server configs", () => {
  const one = (entry: unknown) => installFromClientConfig({ mcpServers: { s: entry } });
  assert.deepEqual(one({ command: "npx", args: ["-y", "@smithery/cli@latest", "run", "@o/x"] }), {
    packages: [],
    remotes: [],
  });
  assert.deepEqual(one({ command: "node", args: ["/path/to/index.js"] }).packages, []);
  assert.deepEqual(one({ command: "npx", args: ["/path/to/build/index.js"] }).packages, []);
  assert.deepEqual(
    one({ command: "uv", args: ["--directory", "/x", "run", "main.py"] }).packages,
    [],
  );
  const mixed = installFromClientConfig({
    mcpServers: {
      a: { command: "npx", args: ["-y", "pkg-a"] },
      b: { command: "uvx", args: ["pkg-b"] },
    },
  });
  assert.deepEqual(mixed.packages, []);
  const same = installFromClientConfig({
    mcpServers: {
      a: { command: "npx", args: ["-y", "pkg-a"] },
      b: { command: "npx", args: ["-y", "pkg-a", "--http"] },
    },
  });
  assert.equal(same.packages.length, 1);
  const report = new SourceReport("t");
  assert.deepEqual(
    installFromClientConfig(
      { mcpServers: { s: { url: "https://m.example/sse?key=abc123" } } },
      report,
    )
      .remotes,
    [],
  );
  assert.equal(report.counts.cleaned.secret_url_dropped, 1);
  assert.equal(
    one({ url: "https://m.example/sse?key=<YourKey>" }).remotes[0]?.url,
    "https://m.example/sse?key=<YourKey>",
  );
  assert.deepEqual(one({ url: "http://localhost:3333/sse" }).remotes, []);
});

Deno.test("mcp-flow: broken tool files are skipped and counted, BOM and entities cleaned", async () => {
  const base = "mcp-servers/mcp-flow";
  const tools = [
    { name: "search", description: "Find &amp; fetch", parameters: { type: "object" } },
    { description: "nameless" },
  ];
  const read = await readFixture(adapter, {
    [`${base}/data/tools/glama/Good.json`]: "\ufeff" + JSON.stringify(tools),
    [`${base}/data/tools/glama/Cut.json`]: '[{"name": "a", "descr',
    [`${base}/data/tools/glama/Odd.json`]: '"just a string"',
    [`${base}/data/mcp_config/glama/Good.json`]: JSON.stringify({
      mcpServers: { g: { command: "npx", args: ["-y", "good-mcp"] } },
    }),
    [`${base}/server_info_with_description_v3.json`]: JSON.stringify([
      {
        name: "Good",
        source: "glama",
        all_paths: [{ glama: ["Good"] }],
        description: "unknown",
        classification: "Developer Tools",
      },
      {
        name: "Lonely",
        source: "manual",
        all_paths: [{ manual: ["Lonely"] }],
        description: "Tom &amp; Jerry",
        classification: "Miscellaneous",
      },
    ]),
  });
  assert.deepEqual(read.records, [
    {
      source: "mcp-flow",
      sourceId: "glama/Good",
      name: "Good",
      packages: [{
        registryType: "npm",
        identifier: "good-mcp",
        runtimeHint: "npx",
        transport: { type: "stdio" },
      }],
      categories: ["Developer Tools"],
      tools: [{ name: "search", description: "Find & fetch", inputSchema: { type: "object" } }],
    },
    {
      source: "mcp-flow",
      sourceId: "manual/Lonely",
      name: "Lonely",
      description: "Tom & Jerry",
      categories: ["Miscellaneous"],
    },
  ]);
  assertCounts(read, { read: 4, kept: 2, skipped: { invalid_json: 1, not_a_tool_list: 1 } });
  assertCleaned(read.report, { bom: 1, html_entities: 2, placeholder: 1, tool_missing_name: 1 });
});

Deno.test("mcp-flow: a missing tools folder throws NotFound", async () => {
  await assertMissingSourceThrows(adapter);
});
