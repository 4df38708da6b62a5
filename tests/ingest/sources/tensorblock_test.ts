import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/tensorblock.ts";
import { assertBalanced, realRead, recordById, withSourceFixture } from "./_helpers.ts";

const adapter = adapters[0]!;
const DIR = "mcp-servers/tensorblock";

Deno.test("tensorblock adapter describes its source as SOURCES.md does", () => {
  assert.equal(adapters.length, 1);
  assert.equal(adapter.info.id, "tensorblock");
  assert.equal(adapter.info.publisher, "TensorBlock/awesome-mcp-servers @ 8db761c3 (2026-08-22)");
  assert.equal(adapter.info.license, "MIT");
});

Deno.test("tensorblock adapter keeps all 7,729 profiles; metadata without a profile has no name", async () => {
  const { records: servers, report } = await realRead(adapter);
  assert.equal(report.counts.kept, 7729);
  assert.equal(servers.length, 7729);
  assert.deepEqual(report.counts.skipped, { missing_name: 107 });
  assert.equal(report.counts.read, 7729 + 107);
  assertBalanced(report);
  assert.equal(report.counts.files, 7729 + 143);
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
  for (const s of servers) {
    assert.ok(s.name.trim() !== "" && s.name.toLowerCase() !== "unknown", s.sourceId);
    assert.notEqual(s.license?.toLowerCase(), "unknown", s.sourceId);
    assert.ok(!s.transports?.includes("unknown"), s.sourceId);
    for (const [key, value] of Object.entries(s)) {
      assert.notEqual(value, undefined, `${s.sourceId}.${key}`);
      if (Array.isArray(value)) assert.ok(value.length > 0, `${s.sourceId}.${key}`);
    }
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
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/${DIR}/profiles`, { recursive: true });
    await Deno.mkdir(`${root}/${DIR}/server-metadata`, { recursive: true });
    const profile = (id: string, extra: Record<string, unknown>) =>
      Deno.writeTextFile(
        `${root}/${DIR}/profiles/${id}.json`,
        JSON.stringify({ id, transport: ["unknown"], license: "unknown", ...extra }),
      );
    await profile("a", {
      name: "A &amp; B",
      category: "Search",
      links: { repo: "https://github.com/o/a", endpoint: "https://a.example/sse" },
      install: { commands: ["npx -y a-mcp@1.2.3", "npx mcp-remote https://a.example/sse"] },
    });
    await profile("nameless", { name: "unknown" });
    await Deno.writeTextFile(`${root}/${DIR}/profiles/broken.json`, '{"id": "broken", ');
    await Deno.writeTextFile(
      `${root}/${DIR}/server-metadata/a.json`,
      "\ufeff" + JSON.stringify({ id: "a", transport: ["sse"], install: { env: ["A_KEY"] } }),
    );
    await Deno.writeTextFile(
      `${root}/${DIR}/server-metadata/only.json`,
      JSON.stringify({ id: "only", source: { projectUrl: "https://only.example" } }),
    );
    const report = new SourceReport(adapter.info.id);
    const servers = await adapter.read(root, report);
    assert.deepEqual(servers, [{
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
    assert.deepEqual(report.counts.skipped, { invalid_json: 1, missing_name: 2 });
    assert.equal(report.counts.read, 4);
    assertBalanced(report);
    assert.equal(report.counts.cleaned.bom, 1);
    assert.equal(report.counts.cleaned.html_entities, 1);
    assert.ok((report.counts.cleaned.placeholder ?? 0) >= 2);
  });
});
