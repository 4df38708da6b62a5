import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/toolsdk.ts";
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
const DIR = "mcp-servers/toolsdk";

Deno.test("toolsdk adapter describes its source as SOURCES.md does", () => {
  assertOnlyAdapterDescribedAs(adapters, {
    id: "toolsdk",
    publisher: "toolsdk-ai/toolsdk-mcp-registry @ 4bfe8262 (2026-07-28)",
    license: "MIT",
  });
});

Deno.test("toolsdk adapter reads all 4,908 package files and folds identical copies", async () => {
  const { records: servers, report } = await realRead(adapter);
  assertCounts({ records: servers, report }, {
    read: 4908,
    kept: 4754,
    skipped: { duplicate: 154 },
    files: 4908 + 2, // package files plus the two indexes
  });
  // The copy in a second category folder adds its category to the kept record.
  const cabin = recordById(servers, "travel-transportation/cabin-flights");
  assert.deepEqual(cabin.categories, ["Travel & Transportation", "Uncategorized"]);
  assert.equal(servers.some((s) => s.sourceId === "uncategorized/cabin-flights"), false);
});

Deno.test("toolsdk adapter marks 815 validated servers with 8,010 tools", async () => {
  const { records: servers } = await realRead(adapter);
  assert.equal(servers.filter((s) => s.validated === true).length, 815);
  assert.equal(servers.filter((s) => s.tools).length, 814);
  assert.equal(servers.reduce((n, s) => n + (s.tools?.length ?? 0), 0), 8010);
  const adb = recordById(servers, "databases/adb-mysql-mcp-server");
  assert.equal(adb.validated, true);
  assert.deepEqual(adb.tools?.[0], {
    name: "execute_sql",
    description: "Execute a SQL query in the Adb MySQL Cluster",
  });
});

Deno.test("toolsdk adapter keeps env vars with their secret flag", async () => {
  const { records: servers } = await realRead(adapter);
  const cabin = recordById(servers, "travel-transportation/cabin-flights");
  assert.equal(cabin.repositoryUrl, "https://github.com/yolo-maxi/cabin");
  assert.equal(cabin.license, "MIT");
  const pkg = cabin.packages![0]!;
  assert.equal(pkg.registryType, "npm");
  assert.equal(pkg.identifier, "@cabin/agent");
  const env = new Map(pkg.environmentVariables!.map((e) => [e.name, e]));
  assert.deepEqual(env.get("X402_PRIVATE_KEY"), {
    name: "X402_PRIVATE_KEY",
    description: "EVM wallet private key for x402 micropayments (0x-prefixed hex string)",
    isRequired: true,
    isSecret: true,
  });
  assert.equal(env.get("CABIN_API_URL")?.default, "https://api.cabin.team");
  assert.equal(env.get("CABIN_API_URL")?.isRequired, false);
});

Deno.test("toolsdk adapter maps runtimes to registries and remote-only entries to remotes", async () => {
  const { records: servers } = await realRead(adapter);
  const adb = recordById(servers, "databases/adb-mysql-mcp-server");
  assert.equal(adb.name, "Alibaba Cloud Adb MySQL MCP Server");
  assert.deepEqual(adb.packages?.map((p) => [p.registryType, p.identifier]), [
    ["pypi", "adb-mysql-mcp-server"],
  ]);
  assert.deepEqual(adb.categories, ["Databases"]);
  assert.equal("license" in adb, false, '"unknown" licence is dropped');
  const tavily = recordById(servers, "search-data-extraction/tavily-docker-mcp-server");
  assert.equal(tavily.packages?.[0]?.registryType, "oci");
  assert.equal(tavily.packages?.[0]?.identifier, "mcp/tavily");
  const pictify = recordById(servers, "art-and-culture/pictify");
  assert.equal("packages" in pictify, false, "@toolsdk-remote/ names no real package");
  assert.deepEqual(pictify.remotes, [{ type: "streamable-http", url: "https://mcp.pictify.io" }]);
  assert.equal(pictify.hosting, "remote");
  // Names that are no valid npm/PyPI name ("atrax-(mcp-proxy)") give no package.
  for (const s of servers) {
    for (const p of s.packages ?? []) assert.doesNotMatch(p.identifier, /[()\s]/, s.sourceId);
  }
});

Deno.test("toolsdk adapter keeps no empty names or placeholder values", async () => {
  const { records: servers } = await realRead(adapter);
  assertNamedWithoutEmptyFields(servers);
  for (const s of servers) assert.notEqual(s.license?.toLowerCase(), "unknown", s.sourceId);
});

Deno.test("toolsdk adapter skips broken files and counts repairs", async () => {
  const db = JSON.stringify({
    type: "mcp-server",
    packageName: "db-mcp",
    description: "DB &amp; more",
    url: "https://github.com/a/db",
    runtime: "node",
    license: "unknown",
    env: { DB_PASSWORD: { description: "password", required: true, secret: true } },
  });
  const read = await readFixture(adapter, {
    [`${DIR}/indexes/packages-list.json`]: JSON.stringify({
      "db-mcp": {
        category: "other",
        path: "other/db.json",
        validated: true,
        tools: { q: { name: "q", description: "Run &lt;SQL&gt;" } },
      },
    }),
    [`${DIR}/indexes/categories-list.json`]: JSON.stringify({
      databases: { config: { key: "databases", name: "Databases" } },
    }),
    [`${DIR}/packages/databases/db.json`]: db,
    [`${DIR}/packages/other/db.json`]: "\ufeff" + db,
    [`${DIR}/packages/other/broken.json`]: '{"packageName": ',
    [`${DIR}/packages/other/empty.json`]: '{"name": "N/A"}',
    [`${DIR}/packages/other/README.md`]: "# not a package",
  });
  assert.deepEqual(read.records, [{
    source: "toolsdk",
    sourceId: "other/db",
    name: "db-mcp",
    description: "DB & more",
    repositoryUrl: "https://github.com/a/db",
    packages: [{
      registryType: "npm",
      identifier: "db-mcp",
      environmentVariables: [{
        name: "DB_PASSWORD",
        description: "password",
        isRequired: true,
        isSecret: true,
      }],
    }],
    categories: ["other", "Databases"],
    hosting: "local",
    tools: [{ name: "q", description: "Run <SQL>" }],
    validated: true,
  }]);
  assertCounts(read, {
    read: 4,
    kept: 1,
    skipped: { duplicate: 1, invalid_json: 1, missing_name: 1 },
  });
  assertCleaned(read.report, { bom: 1 }, { html_entities: 2, placeholder: 1 });
});
