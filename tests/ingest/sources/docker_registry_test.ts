import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/docker_registry.ts";
import {
  assertCleaned,
  assertCounts,
  assertNamedWithoutEmptyFields,
  assertOnlyAdapterDescribedAs,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;
const DIR = "mcp-servers/docker-mcp-registry/servers";

Deno.test("docker adapter describes its source as SOURCES.md does", () => {
  assertOnlyAdapterDescribedAs(adapters, {
    id: "docker",
    publisher: "docker/mcp-registry @ 818bf169 (2026-07-08)",
    license: "MIT",
  });
});

Deno.test("docker adapter keeps all 328 servers and their 755 tools.json tools", async () => {
  const { records: servers, report } = await realRead(adapter);
  assertCounts({ records: servers, report }, {
    read: 328,
    kept: 328,
    skipped: {},
    files: 328 + 82, // server.yaml files plus tools.json files
  });
  assert.equal(servers.filter((s) => s.packages).length, 249, "one OCI image per local server");
  assert.equal(servers.filter((s) => s.remotes).length, 76);
  // 28 servers have a non-empty tools.json (755 tools); 3 poci servers list 5 tools inline.
  assert.equal(servers.filter((s) => s.tools).length, 31);
  assert.equal(servers.reduce((n, s) => n + (s.tools?.length ?? 0), 0), 760);
});

Deno.test("docker adapter maps the image to an oci package with secret env vars", async () => {
  const { records: servers } = await realRead(adapter);
  const airtable = recordById(servers, "airtable-mcp-server");
  assert.equal(airtable.name, "Airtable");
  assert.equal(airtable.repositoryUrl, "https://github.com/domdomegg/airtable-mcp-server");
  assert.deepEqual(airtable.categories, ["productivity"]);
  assert.deepEqual(airtable.tags, ["productivity"]);
  assert.equal(airtable.hosting, "local");
  const pkg = airtable.packages![0]!;
  assert.equal(pkg.registryType, "oci");
  assert.equal(pkg.identifier, "mcp/airtable-mcp-server");
  // Docker's secrets are required; a `{{server.param}}` env value is a value the user supplies
  // (never a literal template), with the catalog's example as a hint.
  assert.deepEqual(pkg.environmentVariables, [
    {
      name: "AIRTABLE_API_KEY",
      isSecret: true,
      isRequired: true,
      placeholder: "patABC123.def456ghi789jkl012mno345pqr678stu901vwx",
    },
    { name: "NODE_ENV", placeholder: "production" },
  ]);
  // A template env var takes its parameter's default and required flag.
  const q = recordById(servers, "amazon-qbusiness-anonymous");
  assert.equal(q.subfolder, "src/amazon-qbusiness-anonymous-mcp-server");
  const env = new Map(q.packages![0]!.environmentVariables!.map((e) => [e.name, e]));
  assert.equal(env.get("AWS_REGION")?.default, "us-east-1");
  assert.equal(env.get("QBUSINESS_APPLICATION_ID")?.isRequired, true);
  assert.equal(env.get("AWS_SESSION_TOKEN")?.isSecret, true);
  // A fork's upstream is the repository.
  assert.equal(
    recordById(servers, "circleci").repositoryUrl,
    "https://github.com/CircleCI-Public/mcp-server-circleci",
  );
});

Deno.test("docker adapter maps run volumes and commands to server.json arguments", async () => {
  const { records: servers } = await realRead(adapter);
  // Filesystem: the host paths are mounted at the same path and passed to the server.
  const fs = recordById(servers, "filesystem").packages![0]!;
  assert.equal(recordById(servers, "filesystem").subfolder, "src/filesystem", "from dockerfile");
  const paths = {
    name: "paths",
    description: "The MCP server is allowed to access these paths",
    isRequired: true,
    placeholder: "/Users/local-test",
    format: "filepath",
    isRepeated: true,
  };
  assert.deepEqual(fs.runtimeArguments, [{
    name: "-v",
    type: "named",
    isRequired: true,
    value: "{paths}:{paths}",
    variables: { paths },
    description: "Volume mounted into the container",
  }]);
  assert.deepEqual(fs.packageArguments, [{
    name: "paths",
    type: "positional",
    isRequired: true,
    value: "{paths}",
    variables: { paths },
  }]);
  // SQLite: a named volume and fixed command arguments.
  const sqlite = recordById(servers, "SQLite").packages![0]!;
  assert.deepEqual(sqlite.runtimeArguments?.map((a) => [a.name, a.value]), [[
    "-v",
    "mcp-sqlite:/mcp",
  ]]);
  assert.deepEqual(sqlite.packageArguments?.map((a) => a.value), ["--db-path", "/mcp/db.sqlite"]);
  // No env value keeps a Docker template.
  const values = servers.flatMap((s) => s.packages ?? []).flatMap((p) => [
    ...(p.environmentVariables ?? []),
    ...(p.runtimeArguments ?? []),
    ...(p.packageArguments ?? []),
  ]).map((i) => i.value ?? "");
  assert.ok(values.length > 100);
  assert.equal(values.filter((v) => v.includes("{{")).length, 0);
});

Deno.test("docker adapter maps remote endpoints and marks secret headers", async () => {
  const { records: servers } = await realRead(adapter);
  const apify = recordById(servers, "apify");
  assert.equal(apify.hosting, "remote");
  assert.equal("packages" in apify, false);
  assert.deepEqual(apify.remotes, [{
    type: "streamable-http",
    url: "https://mcp.apify.com",
    headers: [{ name: "Authorization", value: "Bearer {APIFY_API_KEY}", isSecret: true }],
  }]);
  assert.deepEqual(recordById(servers, "ais-fleet").transports, ["sse"]);
});

Deno.test("docker adapter turns tools.json arguments into a JSON schema", async () => {
  const { records: servers } = await realRead(adapter);
  assert.deepEqual(recordById(servers, "astro-docs").tools, [{
    name: "search_astro_docs",
    description: "Search the official Astro framework docs",
    inputSchema: {
      type: "object",
      properties: { query: { type: "string", description: "Search query" } },
      required: ["query"],
    },
  }]);
  const alfresco = recordById(servers, "alfresco").tools!.find((t) => t.name === "search_nodes")!;
  assert.deepEqual((alfresco.inputSchema as { required: string[] }).required, ["query", "ticket"]);
});

Deno.test("docker adapter keeps no empty or placeholder values", async () => {
  assertNamedWithoutEmptyFields((await realRead(adapter)).records);
});

Deno.test("docker adapter skips invalid YAML and nameless servers, and cleans text", async () => {
  const read = await readFixture(adapter, {
    [`${DIR}/good/server.yaml`]:
      "\ufeffname: good\nimage: mcp/good\ntype: server\nmeta:\n  category: unknown\n  tags: [a, A, b]\n" +
      "about:\n  title: Good &amp; Fast\n  description: N/A\n",
    [`${DIR}/good/tools.json`]: "[{broken",
    [`${DIR}/bad/server.yaml`]: "name: bad\nabout:\n  title: [unclosed\n",
    [`${DIR}/nameless/server.yaml`]: "type: server\nabout:\n  description: no title\n",
    [`${DIR}/list/server.yaml`]: "- just\n- a list\n",
    [`${DIR}/empty-folder/`]: "",
  });
  assert.deepEqual(read.records, [{
    source: "docker",
    sourceId: "good",
    name: "Good & Fast",
    packages: [{ registryType: "oci", identifier: "mcp/good", runtimeHint: "docker" }],
    tags: ["a", "b"],
    hosting: "local",
  }]);
  assertCounts(read, {
    read: 4,
    kept: 1,
    skipped: { invalid_yaml: 1, missing_name: 1, not_an_object: 1 },
  });
  assertCleaned(read.report, { html_entities: 1, placeholder: 2, bom: 1, invalid_tools_json: 1 });
});

Deno.test("docker adapter keeps the catalog's HTTPS icons and drops a plain-HTTP one", async () => {
  const { records: servers } = await realRead(adapter);
  assert.equal(servers.filter((s) => s.icons).length, 327);
  assert.deepEqual(recordById(servers, "airtable-mcp-server").icons, [{
    src: "https://www.google.com/s2/favicons?domain=airtable.com&sz=64",
  }]);
  assert.equal(recordById(servers, "pia").icons, undefined, "http:// icon");
});
