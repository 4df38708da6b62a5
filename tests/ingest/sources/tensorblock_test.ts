import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/tensorblock.ts";
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
const DIR = "mcp-servers/tensorblock";

Deno.test("tensorblock adapter describes its source as SOURCES.md does", () => {
  assertOnlyAdapterDescribedAs(adapters, {
    id: "tensorblock",
    publisher: "TensorBlock/awesome-mcp-servers @ 8db761c3 (2026-08-22)",
    license: "MIT",
  });
});

Deno.test("tensorblock adapter keeps all 7,729 profiles; metadata without a profile has no name", async () => {
  const { records, report } = await realRead(adapter);
  assertCounts({ records, report }, {
    read: 7729 + 107,
    kept: 7729,
    skipped: { missing_name: 107 },
    files: 7729 + 143,
  });
  assert.ok((report.counts.cleaned.placeholder ?? 0) > 7000, '"unknown" transports and licences');
});

Deno.test("tensorblock adapter drops unknown placeholders instead of keeping them", async () => {
  const { records: servers } = await realRead(adapter);
  const grade = recordById(servers, "agentgrade-com-974d9e01");
  assert.deepEqual(grade, {
    source: "tensorblock",
    sourceId: "agentgrade-com-974d9e01",
    name: "AgentGrade",
    description: grade.description,
    homepage: "https://agentgrade.com/",
    categories: ["Search"],
  });
  assertNamedWithoutEmptyFields(servers);
  for (const s of servers) {
    assert.notEqual(s.license?.toLowerCase(), "unknown", s.sourceId);
    assert.ok(!s.transports?.includes("unknown"), s.sourceId);
  }
});

Deno.test("tensorblock adapter overlays server metadata and keeps its tool names", async () => {
  const { records: servers } = await realRead(adapter);
  const bernstein = recordById(servers, "github-sipyourdrink-ltd-bernstein-82d9a3e2");
  assert.equal(bernstein.name, "sipyourdrink-ltd/bernstein");
  assert.match(bernstein.description ?? "", /^Deterministic orchestration/, "overlay wins");
  assert.equal(bernstein.repositoryUrl, "https://github.com/sipyourdrink-ltd/bernstein");
  assert.equal(bernstein.license, "Apache-2.0");
  assert.deepEqual(bernstein.transports, ["stdio", "sse", "streamable-http"]);
  assert.deepEqual(bernstein.packages, [
    { registryType: "pypi", identifier: "bernstein", runtimeHint: "uvx" },
  ]);
  assert.equal(bernstein.tools?.length, 13);
  assert.equal(bernstein.tools?.[0]?.name, "bernstein_health");
  assert.equal(servers.filter((s) => s.tools).length, 7);
});

Deno.test("tensorblock adapter derives packages and remotes only where the source is clear", async () => {
  const { records: servers } = await realRead(adapter);
  const bitcompare = recordById(servers, "bitcompare-net-mcp-1db77cc7");
  assert.deepEqual(bitcompare.packages, [
    { registryType: "npm", identifier: "@bitcompare/mcp-server", runtimeHint: "npx" },
  ]);
  assert.deepEqual(bitcompare.remotes, [
    { type: "streamable-http", url: "https://api.bitcompare.net/mcp" },
  ]);
  assert.equal("hosting" in bitcompare, false, "both local and remote");
  const veradata = recordById(servers, "api-veradata-dev-69a345fc");
  assert.equal(veradata.hosting, "remote");
  assert.equal(servers.filter((s) => s.packages).length, 140);
  const identifiers = servers.flatMap((s) => s.packages ?? []).map((p) => p.identifier);
  for (const launcher of ["mcp-remote", "smithery", "&&", "github:yeahdog/signalspore-mcp"]) {
    assert.ok(!identifiers.includes(launcher), launcher);
  }
});

Deno.test("tensorblock adapter skips broken files and counts repairs", async () => {
  const profile = (id: string, extra: Record<string, unknown>) =>
    JSON.stringify({ id, transport: ["unknown"], license: "unknown", ...extra });
  const read = await readFixture(adapter, {
    [`${DIR}/profiles/a.json`]: profile("a", {
      name: "A &amp; B",
      category: "Search",
      links: { repo: "https://github.com/o/a", endpoint: "https://a.example/sse" },
      install: { commands: ["npx -y a-mcp@1.2.3", "npx mcp-remote https://a.example/sse"] },
    }),
    [`${DIR}/profiles/nameless.json`]: profile("nameless", { name: "unknown" }),
    [`${DIR}/profiles/broken.json`]: '{"id": "broken", ',
    [`${DIR}/server-metadata/a.json`]: "\ufeff" +
      JSON.stringify({ id: "a", transport: ["sse"], install: { env: ["A_KEY"] } }),
    [`${DIR}/server-metadata/only.json`]: JSON.stringify({
      id: "only",
      source: { projectUrl: "https://only.example" },
    }),
  });
  assert.deepEqual(read.records, [{
    source: "tensorblock",
    sourceId: "a",
    name: "A & B",
    repositoryUrl: "https://github.com/o/a",
    packages: [{
      registryType: "npm",
      identifier: "a-mcp",
      version: "1.2.3",
      runtimeHint: "npx",
      environmentVariables: [{ name: "A_KEY" }],
    }],
    remotes: [{ type: "sse", url: "https://a.example/sse" }],
    categories: ["Search"],
    transports: ["sse"],
  }]);
  assertCounts(read, { read: 4, kept: 1, skipped: { invalid_json: 1, missing_name: 2 } });
  assertCleaned(read.report, { bom: 1, html_entities: 1 }, { placeholder: 2 });
});
