import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/glama_derived.ts";
import { assertBalanced, assertNoPlaceholders, realRead, withSourceFixture } from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("glama-derived list: keeps every named record and skips the one 'Unknown' entry", async () => {
  const { records, report } = await realRead(adapter);
  assert.equal(report.counts.read, 5472);
  assert.equal(report.counts.kept, 5471);
  assert.deepEqual(report.counts.skipped, { missing_name: 1 });
  assert.equal(records.length, report.counts.kept);
  assertBalanced(report);
  assert.equal(report.counts.files, 1);
  assert.equal(new Set(records.map((r) => r.sourceId)).size, records.length);
  assertNoPlaceholders(records);
});

Deno.test("glama-derived list: maps name, description and the GitHub URL of a Glama record", async () => {
  const { records } = await realRead(adapter);
  const jokes = records.find((r) => r.sourceId === "glama/MCP-");
  assert.ok(jokes);
  assert.equal(jokes.name, "Jokes MCP Server");
  assert.equal(jokes.repositoryUrl, "https://github.com/Dave4522/MCP-");
  assert.match(jokes.description ?? "", /Chuck Norris jokes/);
  assert.equal(jokes.source, "glama");
});

Deno.test("glama-derived list: npm records carry their package, never stars or install commands", async () => {
  const { records } = await realRead(adapter);
  const context7 = records.find((r) => r.sourceId === "npm/@upstash/context7-mcp");
  assert.ok(context7);
  assert.deepEqual(context7.packages, [{
    registryType: "npm",
    identifier: "@upstash/context7-mcp",
  }]);
  assert.equal(context7.repositoryUrl, "git+https://github.com/upstash/context7.git");
  assert.equal(context7.homepage, undefined, "the npm homepage is the repository README");
  assert.ok(records.every((r) => r.stars === undefined && r.monthlyDownloads === undefined));
});

Deno.test("glama-derived list: drops the synthesised awesome-list description and the 'other' category", async () => {
  const { records, report } = await realRead(adapter);
  const awesome = records.filter((r) => r.sourceId.startsWith("awesome-list/"));
  assert.equal(awesome.length, 1293);
  assert.ok(awesome.every((r) => r.description === undefined));
  assert.equal(report.counts.cleaned.synthetic_description, 1294);
  assert.ok(records.every((r) => !r.categories?.includes("other")));
  assert.equal(records.filter((r) => r.categories?.includes("Blockchain")).length, 4);
});

Deno.test("glama-derived list: counts BOM, entities, placeholders, missing names, duplicates", async () => {
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/mcp-servers/glama-derived-yksanjo`, { recursive: true });
    const items = [
      {
        name: "Tom &amp; Jerry",
        slug: "tj",
        description: "unknown",
        github_url: { url: "https://github.com/o/tj" },
        source: "glama",
        category: "other",
        stars: 0,
      },
      { name: "", slug: "empty", source: "glama" },
      { name: "Again", slug: "tj", source: "glama" },
      { name: "Bad repo", slug: "bad", github_url: "xx", source: "awesome-list" },
      "not an object",
    ];
    await Deno.writeTextFile(
      `${root}/mcp-servers/glama-derived-yksanjo/mcp_servers_complete.json`,
      "\ufeff" + JSON.stringify(items),
    );
    const report = new SourceReport("glama");
    const records = await adapter.read(root, report);
    assert.deepEqual(records, [
      {
        source: "glama",
        sourceId: "glama/tj",
        name: "Tom & Jerry",
        repositoryUrl: "https://github.com/o/tj",
      },
      { source: "glama", sourceId: "awesome-list/bad", name: "Bad repo" },
    ]);
    assert.deepEqual(report.counts.skipped, { missing_name: 1, duplicate: 1, not_an_object: 1 });
    assert.deepEqual(report.counts.cleaned, {
      bom: 1,
      html_entities: 1,
      placeholder: 1,
      invalid_repo_url: 1,
    });
    assertBalanced(report);
  });
});

Deno.test("glama-derived list: a file cut off mid-JSON counts one invalid_json skip and does not throw", async () => {
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/mcp-servers/glama-derived-yksanjo`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/mcp-servers/glama-derived-yksanjo/mcp_servers_complete.json`,
      '[{"name": "a", "slug": "a"}, {"name": "b',
    );
    const report = new SourceReport("glama");
    assert.deepEqual(await adapter.read(root, report), []);
    assert.deepEqual(report.counts.skipped, { invalid_json: 1 });
  });
});

Deno.test("glama-derived list: a missing source file throws NotFound", async () => {
  await withSourceFixture({}, async (root) => {
    await assert.rejects(adapter.read(root, new SourceReport("glama")), Deno.errors.NotFound);
  });
});
