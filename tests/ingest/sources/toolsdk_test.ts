import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/toolsdk.ts";
import { assertBalanced, realRead, recordById, withSourceFixture } from "./_helpers.ts";

const adapter = adapters[0]!;
const DIR = "mcp-servers/toolsdk";

Deno.test("toolsdk adapter describes its source as SOURCES.md does", () => {
  assert.equal(adapters.length, 1);
  assert.equal(adapter.info.id, "toolsdk");
  assert.equal(adapter.info.publisher, "toolsdk-ai/toolsdk-mcp-registry @ 4bfe8262 (2026-07-28)");
  assert.equal(adapter.info.license, "MIT");
});

Deno.test("toolsdk adapter reads all 4,908 package files and folds identical copies", async () => {
  const { records: servers, report } = await realRead(adapter);
  assert.equal(report.counts.read, 4908);
  assert.deepEqual(report.counts.skipped, { duplicate: 154 });
  assert.equal(report.counts.kept, 4754);
  assert.equal(servers.length, 4754);
  assertBalanced(report);
  assert.equal(report.counts.files, 4908 + 2, "package files plus the two indexes");
  assert.equal(new Set(servers.map((s) => s.sourceId)).size, servers.length);
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
  for (const s of servers) {
    assert.ok(s.name.trim() !== "" && s.name.toLowerCase() !== "unknown", s.sourceId);
    assert.notEqual(s.license?.toLowerCase(), "unknown", s.sourceId);
    for (const [key, value] of Object.entries(s)) {
      assert.notEqual(value, undefined, `${s.sourceId}.${key}`);
      if (Array.isArray(value)) assert.ok(value.length > 0, `${s.sourceId}.${key}`);
    }
  }
});

Deno.test("toolsdk adapter skips broken files and counts repairs", async () => {
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/${DIR}/indexes`, { recursive: true });
    await Deno.mkdir(`${root}/${DIR}/packages/databases`, { recursive: true });
    await Deno.mkdir(`${root}/${DIR}/packages/other`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/${DIR}/indexes/packages-list.json`,
      JSON.stringify({
        "db-mcp": {
          category: "other",
          path: "other/db.json",
          validated: true,
          tools: { q: { name: "q", description: "Run &lt;SQL&gt;" } },
        },
      }),
    );
    await Deno.writeTextFile(
      `${root}/${DIR}/indexes/categories-list.json`,
      JSON.stringify({ databases: { config: { key: "databases", name: "Databases" } } }),
    );
    const db = JSON.stringify({
      type: "mcp-server",
      packageName: "db-mcp",
      description: "DB &amp; more",
      url: "https://github.com/a/db",
      runtime: "node",
      license: "unknown",
      env: { DB_PASSWORD: { description: "password", required: true, secret: true } },
    });
    await Deno.writeTextFile(`${root}/${DIR}/packages/databases/db.json`, db);
    await Deno.writeTextFile(`${root}/${DIR}/packages/other/db.json`, "\ufeff" + db);
    await Deno.writeTextFile(`${root}/${DIR}/packages/other/broken.json`, '{"packageName": ');
    await Deno.writeTextFile(`${root}/${DIR}/packages/other/empty.json`, '{"name": "N/A"}');
    await Deno.writeTextFile(`${root}/${DIR}/packages/other/README.md`, "# not a package");
    const report = new SourceReport(adapter.info.id);
    const servers = await adapter.read(root, report);
    assert.deepEqual(servers, [{
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
    assert.deepEqual(report.counts.skipped, { duplicate: 1, invalid_json: 1, missing_name: 1 });
    assert.equal(report.counts.read, 4);
    assertBalanced(report);
    assert.equal(report.counts.cleaned.bom, 1);
    assert.ok((report.counts.cleaned.html_entities ?? 0) >= 2);
    assert.ok((report.counts.cleaned.placeholder ?? 0) >= 1);
  });
});
