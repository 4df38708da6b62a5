import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/official_server_json.ts";
import {
  assertCounts,
  assertFields,
  assertOnlyAdapterDescribedAs,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;
const PATH = "mcp-servers/official-registry/mcp-insights_servers_2025-12-18.json";

Deno.test("official-server-json adapter describes its source as SOURCES.md does", () => {
  assertOnlyAdapterDescribedAs(adapters, {
    id: "official-server-json",
    publisher: "joelverhagen/mcp-insights @ 5d6e951b (2025-12-18)",
    license: "none stated",
  });
});

Deno.test("official-server-json adapter keeps the latest of 2,794 versions for 1,108 servers", async () => {
  const { records: servers, report } = await realRead(adapter);
  assertCounts({ records: servers, report }, {
    read: 2794,
    kept: 1108,
    skipped: { older_version: 1686 },
  });
  assert.equal(report.counts.cleaned.bom, 1, "the file starts with a byte-order mark");
  assertFields(recordById(servers, "io.github.domdomegg/airtable-mcp-server"), {
    version: "1.9.6",
    updatedAt: "2025-12-08T13:22:16.268Z",
  });
  assert.equal(recordById(servers, "app.getdialer/dialer").version, "1.0.1");
});

Deno.test("official-server-json adapter maps packages with transport, runtime hint and secrets", async () => {
  const { records: servers } = await realRead(adapter);
  const fetch = recordById(servers, "com.pulsemcp.servers/pulse-fetch");
  assertFields(fetch, {
    name: "pulse-fetch",
    repositoryUrl: "https://github.com/pulsemcp/mcp-servers",
    subfolder: "productionized/pulse-fetch",
    hosting: "local",
    transports: ["stdio"],
  });
  const pkg = fetch.packages![0]!;
  assertFields(pkg, {
    registryType: "npm",
    identifier: "@pulsemcp/pulse-fetch",
    version: "0.2.14",
    runtimeHint: "npx",
    registryBaseUrl: "https://registry.npmjs.org",
    transport: { type: "stdio" },
  });
  const env = new Map(pkg.environmentVariables!.map((e) => [e.name, e]));
  assert.equal(env.get("FIRECRAWL_API_KEY")?.isSecret, true);
  assert.equal(env.get("OPTIMIZE_FOR")?.default, "cost");
  assert.equal("isSecret" in env.get("OPTIMIZE_FOR")!, false);

  const airtable = recordById(servers, "io.github.domdomegg/airtable-mcp-server");
  assert.deepEqual(airtable.packages!.map((p) => p.registryType), ["npm", "oci", "mcpb"]);
  const mcpb = airtable.packages!.find((p) => p.registryType === "mcpb")!;
  assert.match(mcpb.fileSha256 ?? "", /^[0-9a-f]{64}$/);

  const figma = recordById(servers, "io.github.GLips/Figma-Context-MCP");
  const stdioArg = figma.packages![0]!.packageArguments!.find((a) => a.value === "--stdio");
  assert.deepEqual(stdioArg, { name: "--stdio", value: "--stdio", type: "positional" });
});

Deno.test("official-server-json adapter keeps format, choices and variables of every input", async () => {
  const { records: servers } = await realRead(adapter);
  const env = recordById(servers, "com.pulsemcp.servers/pulse-fetch").packages![0]!
    .environmentVariables!.find((e) => e.name === "OPTIMIZE_FOR");
  assert.deepEqual(env?.choices, ["cost", "speed"]);
  const i18n = recordById(servers, "io.github.SamYuan1990/i18n-agent-action").packages![0]!;
  const key = i18n.runtimeArguments!.find((a) => a.value === "api_key={api_key}");
  assert.deepEqual(key, {
    name: "-e",
    description: "API key for the i18n service",
    value: "api_key={api_key}",
    type: "named",
    variables: {
      api_key: {
        name: "api_key",
        description: "Your API key for the translation service",
        isRequired: true,
        isSecret: true,
        format: "string",
      },
    },
  });
});

Deno.test("official-server-json adapter maps remotes with their headers", async () => {
  const { records: servers } = await realRead(adapter);
  const dialer = recordById(servers, "app.getdialer/dialer");
  assert.deepEqual(dialer.remotes, [
    { type: "streamable-http", url: "https://getdialer.app/mcp" },
    { type: "sse", url: "https://getdialer.app/sse" },
  ]);
  assert.equal(dialer.hosting, "remote");
  assert.deepEqual(dialer.transports, ["streamable-http", "sse"]);
  const perplexity = recordById(servers, "ai.smithery/arjunkmrm-perplexity-search");
  assert.deepEqual(perplexity.remotes![0]!.headers![0], {
    name: "Authorization",
    description: "Bearer token for Smithery authentication",
    isRequired: true,
    isSecret: true,
    value: "Bearer {smithery_api_key}",
  });
  const opsera = recordById(servers, "io.opsera/opsera");
  assert.deepEqual(opsera.categories, ["devops", "automation"], "publisher-provided _meta");
  assert.equal(opsera.homepage, "https://docs.opsera.io/");
  // The publisher's server.json _meta is kept as given, for the registry API to serve.
  assert.deepEqual(
    Object.keys(opsera.meta ?? {}),
    ["io.modelcontextprotocol.registry/publisher-provided"],
  );
  const versions = servers.reduce((n, s) => n + (s.versions?.length ?? 0), 0);
  assert.equal(versions, 2_794, "every version record of every name");
});

Deno.test("official-server-json adapter keeps no empty lists or placeholder values", async () => {
  const { records: servers } = await realRead(adapter);
  const walk = (value: unknown, path: string): void => {
    assert.notEqual(value, undefined, path);
    if (Array.isArray(value)) {
      assert.ok(value.length > 0, `${path} is not an empty list`);
      value.forEach((v, i) => walk(v, `${path}[${i}]`));
    } else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
    } else if (typeof value === "string") {
      assert.ok(value.trim() !== "", path);
    }
  };
  for (const s of servers) {
    assert.ok(s.name !== "" && s.name.toLowerCase() !== "unknown", s.sourceId);
    walk(s, s.sourceId);
  }
});

Deno.test("official-server-json adapter skips broken items and counts repairs", async () => {
  const meta = (isLatest: boolean, updatedAt: string) => ({
    "io.modelcontextprotocol.registry/official": { status: "active", isLatest, updatedAt },
  });
  const items = [
    {
      server: { name: "io.github.a/x", version: "1.0.0", description: "old" },
      _meta: meta(false, "2025-01-01T00:00:00Z"),
    },
    {
      server: {
        name: "io.github.a/x",
        title: "X &amp; Y",
        version: "2.0.0",
        description: "unknown",
        repository: { url: "https://github.com/a/x", subfolder: "pkgs/x" },
        websiteUrl: "https://x.example/?utm_source=registry",
        packages: [
          {
            registryType: "pypi",
            identifier: "x-mcp",
            transport: { type: "stdio" },
            environmentVariables: [{ name: "X_KEY", isSecret: true, isRequired: true }],
          },
          { registryType: "npm" },
        ],
        remotes: [{ type: "websocket", url: "wss://x.example" }],
      },
      _meta: meta(true, "2024-01-01T00:00:00Z"),
    },
    { server: { description: "nameless" } },
    "not an object",
  ];
  const read = await readFixture(adapter, { [PATH]: "\ufeff" + JSON.stringify(items) });
  assert.equal(read.records.length, 1);
  assert.deepEqual(read.records[0], {
    source: "official-server-json",
    sourceId: "io.github.a/x",
    name: "X & Y",
    officialName: "io.github.a/x",
    repositoryUrl: "https://github.com/a/x",
    subfolder: "pkgs/x",
    homepage: "https://x.example/",
    packages: [{
      registryType: "pypi",
      identifier: "x-mcp",
      transport: { type: "stdio" },
      environmentVariables: [{ name: "X_KEY", isRequired: true, isSecret: true }],
    }],
    version: "2.0.0",
    status: "active",
    updatedAt: "2024-01-01T00:00:00.000Z",
    hosting: "local",
    transports: ["stdio"],
    // Every version of the name, the kept one first, each with what its record said.
    versions: [
      {
        version: "2.0.0",
        isLatest: true,
        source: "official-server-json",
        status: "active",
        updatedAt: "2024-01-01T00:00:00.000Z",
        repositoryUrl: "https://github.com/a/x",
        subfolder: "pkgs/x",
        homepage: "https://x.example/",
        packages: [{
          registryType: "pypi",
          identifier: "x-mcp",
          transport: { type: "stdio" },
          environmentVariables: [{ name: "X_KEY", isRequired: true, isSecret: true }],
        }],
      },
      {
        version: "1.0.0",
        isLatest: false,
        source: "official-server-json",
        status: "active",
        updatedAt: "2025-01-01T00:00:00.000Z",
        description: "old",
      },
    ],
  });
  assertCounts(read, {
    read: 4,
    kept: 1,
    skipped: { older_version: 1, missing_name: 1, not_an_object: 1 },
  });
  assert.deepEqual(read.report.counts.cleaned, {
    bom: 1,
    html_entities: 1,
    placeholder: 1,
    tracking_params: 1,
  });
});

Deno.test("official-server-json adapter counts a file that is not JSON as one invalid record", async () => {
  const read = await readFixture(adapter, { [PATH]: '[{"server": {"name": "a/b"}}, {"ser' });
  assert.deepEqual(read.records, []);
  assert.deepEqual(read.report.counts.skipped, { invalid_json: 1 });
  assert.equal(read.report.counts.read, 1);
});

Deno.test("official-server-json adapter keeps valid icons and drops what server.json does not allow", async () => {
  const { records: servers } = await realRead(adapter);
  const withIcons = servers.filter((s) => s.icons !== undefined);
  assert.ok(withIcons.length >= 40, `servers with icons: ${withIcons.length}`);
  assert.deepEqual(recordById(servers, "io.github.domdomegg/airtable-mcp-server").icons, [{
    src:
      "https://raw.githubusercontent.com/domdomegg/airtable-mcp-server/refs/heads/master/icon.png",
    mimeType: "image/png",
  }]);
  const icons = [
    { src: "https://x.example/a.svg", mimeType: "image/svg+xml", sizes: ["any", "big"] },
    { src: "http://x.example/plain-http.png" },
    { src: `https://x.example/${"a".repeat(300)}.png` },
    { src: "https://x.example/b.png", mimeType: "image/gif", theme: "dark" },
    { src: "https://x.example/c.png", theme: "sepia" },
    "not an icon",
  ];
  const { records: [server] } = await readFixture(adapter, {
    [PATH]: JSON.stringify([{ server: { name: "io.github.a/x", version: "1.0.0", icons } }]),
  });
  assert.deepEqual(server!.icons, [
    { src: "https://x.example/a.svg", mimeType: "image/svg+xml", sizes: ["any"] },
    { src: "https://x.example/b.png", theme: "dark" },
    { src: "https://x.example/c.png" },
  ]);
});
