import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/glama_derived.ts";
import {
  assertCounts,
  assertFields,
  assertMissingSourceThrows,
  assertNoPlaceholders,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;
const PATH = "mcp-servers/glama-derived-yksanjo/mcp_servers_complete.json";

Deno.test("glama-derived list: keeps every named record and skips the one 'Unknown' entry", async () => {
  const { records, report } = await realRead(adapter);
  assertCounts({ records, report }, {
    read: 5472,
    kept: 5471,
    skipped: { missing_name: 1 },
    files: 1,
  });
  assertNoPlaceholders(records);
});

Deno.test("glama-derived list: maps name, description and the GitHub URL of a Glama record", async () => {
  const { records } = await realRead(adapter);
  const jokes = recordById(records, "glama/MCP-");
  assertFields(jokes, {
    name: "Jokes MCP Server",
    repositoryUrl: "https://github.com/Dave4522/MCP-",
    source: "glama",
  });
  assert.match(jokes.description ?? "", /Chuck Norris jokes/);
});

Deno.test("glama-derived list: npm records carry their package, never stars or install commands", async () => {
  const { records } = await realRead(adapter);
  assertFields(recordById(records, "npm/@upstash/context7-mcp"), {
    packages: [{ registryType: "npm", identifier: "@upstash/context7-mcp" }],
    repositoryUrl: "git+https://github.com/upstash/context7.git",
    homepage: undefined, // the npm homepage is the repository README
  });
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
  const read = await readFixture(adapter, { [PATH]: "\ufeff" + JSON.stringify(items) });
  assert.deepEqual(read.records, [
    {
      source: "glama",
      sourceId: "glama/tj",
      name: "Tom & Jerry",
      repositoryUrl: "https://github.com/o/tj",
    },
    { source: "glama", sourceId: "awesome-list/bad", name: "Bad repo" },
  ]);
  assertCounts(read, {
    read: 5,
    kept: 2,
    skipped: { missing_name: 1, duplicate: 1, not_an_object: 1 },
  });
  assert.deepEqual(read.report.counts.cleaned, {
    bom: 1,
    html_entities: 1,
    placeholder: 1,
    invalid_repo_url: 1,
  });
});

Deno.test("glama-derived list: a file cut off mid-JSON counts one invalid_json skip and does not throw", async () => {
  const read = await readFixture(adapter, { [PATH]: '[{"name": "a", "slug": "a"}, {"name": "b' });
  assert.deepEqual(read.records, []);
  assert.deepEqual(read.report.counts.skipped, { invalid_json: 1 });
});

Deno.test("glama-derived list: a missing source file throws NotFound", async () => {
  await assertMissingSourceThrows(adapter);
});
