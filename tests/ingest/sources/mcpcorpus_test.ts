import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/mcpcorpus.ts";
import {
  assertCounts,
  assertFields,
  assertMissingSourceThrows,
  assertNoPlaceholderFields,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;
const PATH = "mcp-servers/mcpcorpus/mcpso_servers_TRUNCATED.json";

Deno.test("mcp.so crawl: recovers the 774 complete records before the cut and counts the tail", async () => {
  const { records, report } = await realRead(adapter);
  assertCounts({ records, report }, {
    read: 775,
    kept: 761,
    skipped: { missing_name: 13, truncated: 1 },
  });
  assert.equal(report.counts.read - (report.counts.skipped.truncated ?? 0), 774);
  assertNoPlaceholderFields(records);
});

Deno.test("mcp.so crawl: maps name, repository, GitHub metrics, tools and package of EdgeOne Pages", async () => {
  const { records } = await realRead(adapter);
  const edge = recordById(records, "edgeone-pages-mcp/TencentEdgeOne");
  assertFields(edge, {
    name: "EdgeOne Pages MCP",
    repositoryUrl: "https://github.com/TencentEdgeOne/edgeone-pages-mcp",
    stars: 125,
    forks: 16,
    license: "MIT License",
    categories: ["cloud-platforms"],
    publishedAt: "2025-04-07T06:23:33.808Z",
    updatedAt: "2025-05-26T07:55:38.000Z",
    packages: [{
      registryType: "npm",
      identifier: "edgeone-pages-mcp",
      runtimeHint: "npx",
      transport: { type: "stdio" },
    }],
    tags: undefined, // the "[]" tag text means no tags
  });
  assert.deepEqual(edge.tools?.map((t) => t.name), ["deploy-html"]);
});

Deno.test("mcp.so crawl: comma-separated tags are split, Latin-1 mojibake is repaired", async () => {
  const { records, report } = await realRead(adapter);
  const time = records.find((r) => r.sourceId === "time/modelcontextprotocol");
  assert.ok(time?.tags?.includes("timezone"));
  assert.ok(records.some((r) => r.name === "AI提示词库 MCP服务器"));
  const mojibake = /[\u00c2-\u00f4][\u0080-\u00bf]/;
  assert.ok(records.every((r) => !mojibake.test(r.name) && !mojibake.test(r.description ?? "")));
  assert.ok((report.counts.cleaned.mojibake ?? 0) > 100);
  assert.ok(records.every((r) => r.description !== "Mirror of"));
});

Deno.test("mcp.so crawl: a cut-off file with BOM keeps complete records and counts the rest", async () => {
  const text = "\ufeff[" +
    JSON.stringify({
      href: "/server/a/o?tab=comments",
      name: "a",
      url: "https://github.com/o/a",
      metadata: { title: "A &amp; B", description: "unknown", tags: "x,y" },
      github: null,
    }) + "," + JSON.stringify({ href: "/server/stub/" }) + "," +
    JSON.stringify({ href: "/server/a/o", name: "dup", metadata: { title: "Dup" } }) +
    ',{"href": "/server/c/o", "name": "c", "metadata": {"title": "C", "descr';
  const read = await readFixture(adapter, { [PATH]: text });
  assert.deepEqual(read.records, [{
    source: "mcp-so",
    sourceId: "a/o",
    name: "A & B",
    repositoryUrl: "https://github.com/o/a",
    tags: ["x", "y"],
  }]);
  assertCounts(read, {
    read: 4,
    kept: 1,
    skipped: { missing_name: 1, duplicate: 1, truncated: 1 },
  });
  assert.deepEqual(read.report.counts.cleaned, { bom: 1, html_entities: 1, placeholder: 1 });
});

Deno.test("mcp.so crawl: a syntax error mid-file counts invalid_json, earlier records survive", async () => {
  const read = await readFixture(adapter, {
    [PATH]:
      '[{"href": "/server/a/o", "name": "a"}, {"href": oops}, {"href": "/server/b/o", "name": "b"}]',
  });
  assert.deepEqual(read.records.map((r) => r.name), ["a"]);
  assert.deepEqual(read.report.counts.skipped, { invalid_json: 1 });
});

Deno.test("mcp.so crawl: a missing file throws NotFound", async () => {
  await assertMissingSourceThrows(adapter);
});
