import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/mcpcorpus.ts";
import {
  assertBalanced,
  assertNoPlaceholderFields,
  realRead,
  withSourceFixture,
} from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("mcp.so crawl: recovers the 774 complete records before the cut and counts the tail", async () => {
  const { records, report } = await realRead(adapter);
  assert.equal(report.counts.read, 775);
  assert.equal(report.counts.read - (report.counts.skipped.truncated ?? 0), 774);
  assert.deepEqual(report.counts.skipped, { missing_name: 13, truncated: 1 });
  assert.equal(report.counts.kept, 761);
  assert.equal(records.length, 761);
  assertBalanced(report);
  assert.equal(new Set(records.map((r) => r.sourceId)).size, records.length);
  assertNoPlaceholderFields(records);
});

Deno.test("mcp.so crawl: maps name, repository, GitHub metrics, tools and package of EdgeOne Pages", async () => {
  const { records } = await realRead(adapter);
  const edge = records.find((r) => r.sourceId === "edgeone-pages-mcp/TencentEdgeOne");
  assert.ok(edge);
  assert.equal(edge.name, "EdgeOne Pages MCP");
  assert.equal(edge.repositoryUrl, "https://github.com/TencentEdgeOne/edgeone-pages-mcp");
  assert.equal(edge.stars, 125);
  assert.equal(edge.forks, 16);
  assert.equal(edge.license, "MIT License");
  assert.deepEqual(edge.categories, ["cloud-platforms"]);
  assert.equal(edge.publishedAt, "2025-04-07T06:23:33.808Z");
  assert.equal(edge.updatedAt, "2025-05-26T07:55:38.000Z");
  assert.deepEqual(edge.tools?.map((t) => t.name), ["deploy-html"]);
  assert.deepEqual(edge.packages, [{
    registryType: "npm",
    identifier: "edgeone-pages-mcp",
    runtimeHint: "npx",
    transport: { type: "stdio" },
  }]);
  assert.equal(edge.tags, undefined, 'the "[]" tag text means no tags');
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
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/mcp-servers/mcpcorpus`, { recursive: true });
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
    await Deno.writeTextFile(`${root}/mcp-servers/mcpcorpus/mcpso_servers_TRUNCATED.json`, text);
    const report = new SourceReport("mcp-so");
    const records = await adapter.read(root, report);
    assert.deepEqual(records, [{
      source: "mcp-so",
      sourceId: "a/o",
      name: "A & B",
      repositoryUrl: "https://github.com/o/a",
      tags: ["x", "y"],
    }]);
    assert.deepEqual(report.counts.skipped, { missing_name: 1, duplicate: 1, truncated: 1 });
    assert.deepEqual(report.counts.cleaned, { bom: 1, html_entities: 1, placeholder: 1 });
    assert.equal(report.counts.read, 4);
    assertBalanced(report);
  });
});

Deno.test("mcp.so crawl: a syntax error mid-file counts invalid_json, earlier records survive", async () => {
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/mcp-servers/mcpcorpus`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/mcp-servers/mcpcorpus/mcpso_servers_TRUNCATED.json`,
      '[{"href": "/server/a/o", "name": "a"}, {"href": oops}, {"href": "/server/b/o", "name": "b"}]',
    );
    const report = new SourceReport("mcp-so");
    const records = await adapter.read(root, report);
    assert.deepEqual(records.map((r) => r.name), ["a"]);
    assert.deepEqual(report.counts.skipped, { invalid_json: 1 });
  });
});

Deno.test("mcp.so crawl: a missing file throws NotFound", async () => {
  await withSourceFixture({}, async (root) => {
    await assert.rejects(adapter.read(root, new SourceReport("mcp-so")), Deno.errors.NotFound);
  });
});
