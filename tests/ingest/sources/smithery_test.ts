import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/smithery.ts";
import {
  assertCounts,
  assertFields,
  assertNoPlaceholders,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;
const PATH = "mcp-servers/smithery/Smithery_Servers_2025-04.json";

Deno.test("smithery: keeps all 5,186 servers of the April 2025 dump", async () => {
  const { records, report } = await realRead(adapter);
  assertCounts({ records, report }, { read: 5186, kept: 5186, skipped: {} });
  assertNoPlaceholders(records);
});

Deno.test("smithery: maps qualifiedName, display name and use count of Desktop Commander", async () => {
  const { records } = await realRead(adapter);
  assert.deepEqual(recordById(records, "@wonderwhy-er/desktop-commander"), {
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
  assertFields(recordById(records, "neon"), { name: "Neon Database", useCount: 30519 });
  assert.equal(records.filter((r) => r.description === undefined).length, 9);
});

Deno.test("smithery: counts BOM, entities, placeholders, missing names and duplicates", async () => {
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
  const read = await readFixture(adapter, { [PATH]: "\ufeff" + JSON.stringify({ servers }) });
  assert.deepEqual(read.records, [{
    source: "smithery",
    sourceId: "@o/a",
    name: "A & B",
    useCount: 3,
    publishedAt: "2025-01-01T00:00:00.000Z",
    repositoryHint: "https://github.com/o/a",
  }]);
  assertCounts(read, {
    read: 4,
    kept: 1,
    skipped: { missing_name: 1, duplicate: 1, missing_id: 1 },
  });
  assert.deepEqual(read.report.counts.cleaned, { bom: 1, html_entities: 1, placeholder: 1 });
});

Deno.test("smithery: a cut-off file counts one invalid_json skip instead of throwing", async () => {
  const read = await readFixture(adapter, {
    [PATH]: '{"servers": [{"qualifiedName": "@o/a", "displayName": "A"}, {"qualif',
  });
  assert.deepEqual(read.records, []);
  assert.deepEqual(read.report.counts.skipped, { invalid_json: 1 });
});
