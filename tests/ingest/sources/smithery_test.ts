import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/smithery.ts";
import { assertBalanced, assertNoPlaceholders, realRead, withSourceFixture } from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("smithery: keeps all 5,186 servers of the April 2025 dump", async () => {
  const { records, report } = await realRead(adapter);
  assert.equal(report.counts.read, 5186);
  assert.equal(report.counts.kept, 5186);
  assert.deepEqual(report.counts.skipped, {});
  assert.equal(records.length, 5186);
  assertBalanced(report);
  assert.equal(new Set(records.map((r) => r.sourceId)).size, records.length);
  assertNoPlaceholders(records);
});

Deno.test("smithery: maps qualifiedName, display name and use count of Desktop Commander", async () => {
  const { records } = await realRead(adapter);
  const dc = records.find((r) => r.sourceId === "@wonderwhy-er/desktop-commander");
  assert.deepEqual(dc, {
    source: "smithery",
    sourceId: "@wonderwhy-er/desktop-commander",
    name: "Desktop Commander",
    description:
      "Execute terminal commands and manage files with diff editing capabilities. Coding, shell and terminal, task automation",
    useCount: 446893,
    publishedAt: "2025-01-10T06:39:31.942Z",
    repositoryHint: "https://github.com/wonderwhy-er/desktop-commander",
  });
});

Deno.test("smithery: never invents a repository URL or uses the Smithery page as homepage", async () => {
  const { records } = await realRead(adapter);
  assert.ok(records.every((r) => r.repositoryUrl === undefined && r.homepage === undefined));
  // `@owner/repo` ids give only a join hint; unscoped ids such as "neon" give none.
  assert.equal(records.find((r) => r.sourceId === "neon")?.repositoryHint, undefined);
  const neon = records.find((r) => r.sourceId === "neon");
  assert.equal(neon?.name, "Neon Database");
  assert.equal(neon?.useCount, 30519);
  assert.equal(records.filter((r) => r.description === undefined).length, 9);
});

Deno.test("smithery: counts BOM, entities, placeholders, missing names and duplicates", async () => {
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/mcp-servers/smithery`, { recursive: true });
    const servers = [
      {
        qualifiedName: "@o/a",
        displayName: "A &amp; B",
        description: "N/A",
        useCount: 3,
        createdAt: "2025-01-01T00:00:00Z",
      },
      { qualifiedName: "@o/b", displayName: "unknown", useCount: 1 },
      { qualifiedName: "@o/a", displayName: "A again" },
      { displayName: "No id" },
    ];
    await Deno.writeTextFile(
      `${root}/mcp-servers/smithery/Smithery_Servers_2025-04.json`,
      "\ufeff" + JSON.stringify({ servers }),
    );
    const report = new SourceReport("smithery");
    const records = await adapter.read(root, report);
    assert.deepEqual(records, [{
      source: "smithery",
      sourceId: "@o/a",
      name: "A & B",
      useCount: 3,
      publishedAt: "2025-01-01T00:00:00.000Z",
      repositoryHint: "https://github.com/o/a",
    }]);
    assert.deepEqual(report.counts.skipped, { missing_name: 1, duplicate: 1, missing_id: 1 });
    assert.deepEqual(report.counts.cleaned, { bom: 1, html_entities: 1, placeholder: 1 });
    assertBalanced(report);
  });
});

Deno.test("smithery: a cut-off file counts one invalid_json skip instead of throwing", async () => {
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/mcp-servers/smithery`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/mcp-servers/smithery/Smithery_Servers_2025-04.json`,
      '{"servers": [{"qualifiedName": "@o/a", "displayName": "A"}, {"qualif',
    );
    const report = new SourceReport("smithery");
    assert.deepEqual(await adapter.read(root, report), []);
    assert.deepEqual(report.counts.skipped, { invalid_json: 1 });
  });
});
