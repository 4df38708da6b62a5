import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/official_jsonl.ts";
import {
  assertCounts,
  assertFields,
  assertMissingSourceThrows,
  assertOnlyAdapterDescribedAs,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;
const PATH = "mcp-servers/official-registry/rosmur_official_mcp_registry_2026-06-12.servers.jsonl";

Deno.test("official-registry adapter describes its source as SOURCES.md does", () => {
  assertOnlyAdapterDescribedAs(adapters, {
    id: "official-registry",
    kind: "mcp-servers",
    publisher: "rosmur/official-mcp-registry-database @ baa3dcf5 (2026-06-12)",
    license: "GPL-3.0",
  });
});

Deno.test("official-registry adapter keeps one record per official name of the real export", async () => {
  const { records: servers, report } = await realRead(adapter);
  assertCounts({ records: servers, report }, { read: 11978, kept: 11978, skipped: {}, files: 1 });
  assert.equal(new Set(servers.map((s) => s.name)).size, 10481, "distinct short names");
});

Deno.test("official-registry adapter maps repository, subfolder, hosting and times", async () => {
  const { records: servers } = await realRead(adapter);
  assertFields(recordById(servers, "agency.lona/trading"), {
    officialName: "agency.lona/trading",
    name: "trading",
    repositoryUrl: "https://github.com/mindsightventures/lona",
    subfolder: "packages/lona-mcp-server",
    hosting: "remote",
    version: "2.0.0",
    status: "active",
    publishedAt: "2026-02-24T00:07:27.525Z",
  });
  // server_type "unknown" is a placeholder: no hosting rather than a guess.
  const anki = recordById(servers, "ai.ankimcp/anki-mcp-server-addon");
  assert.equal("hosting" in anki, false);
  assert.equal("subfolder" in anki, false);
  assert.equal(servers.filter((s) => s.status === "deprecated").length, 48);
});

Deno.test("official-registry adapter repairs Windows-1252 mojibake in descriptions", async () => {
  const { records: servers, report } = await realRead(adapter);
  const barcode = recordById(servers, "io.github.Br0ski777/barcode-generator");
  assert.match(barcode.description ?? "", /^Generate barcodes — EAN-13/);
  assert.equal(report.counts.cleaned.mojibake, 18);
  assert.equal(servers.filter((s) => s.description?.includes("â€")).length, 0);
});

Deno.test("official-registry adapter keeps no empty or placeholder values", async () => {
  const { records: servers } = await realRead(adapter);
  for (const s of servers) {
    assert.ok(s.name.trim() !== "", s.sourceId);
    for (const [key, value] of Object.entries(s)) {
      assert.notEqual(value, undefined, `${s.sourceId}.${key}`);
      if (typeof value === "string") {
        assert.ok(!/^(unknown|n\/a|)$/i.test(value.trim()), `${s.sourceId}.${key}`);
      }
    }
  }
});

Deno.test("official-registry adapter skips bad lines and older versions, and counts repairs", async () => {
  const line = (o: Record<string, unknown>) => JSON.stringify(o);
  const text = "\ufeff" + [
    line({
      entry_name: "io.github.a/one",
      mcp_name: "one",
      version: "1.0.0",
      is_latest: 0,
      updated_at: "2026-01-01T00:00:00Z",
      description: "Old &amp; busted",
    }),
    '{"entry_name": "io.github.a/broken", ',
    line({
      entry_name: "io.github.a/one",
      mcp_name: "one",
      version: "1.1.0",
      is_latest: 1,
      updated_at: "2025-01-01T00:00:00Z",
      description: "Tom &amp; Jerry",
      server_type: "unknown",
      repositories: [{ url: "https://github.com/a/one", subfolder: null }],
    }),
    line({ description: "no name at all" }),
    "[1, 2]",
    "",
  ].join("\n");
  const read = await readFixture(adapter, { [PATH]: text });
  assert.equal(read.records.length, 1);
  const one = read.records[0]!;
  assert.equal(one.version, "1.1.0", "is_latest wins over a newer updated_at");
  assert.equal(one.description, "Tom & Jerry");
  assert.equal(one.repositoryUrl, "https://github.com/a/one");
  assert.equal("hosting" in one, false);
  assert.equal("subfolder" in one, false);
  assertCounts(read, {
    read: 5,
    kept: 1,
    skipped: { invalid_json: 1, older_version: 1, missing_name: 1, not_an_object: 1 },
  });
  // Only the kept record's repairs count: one entity, one placeholder, and the file's BOM.
  assert.deepEqual(read.report.counts.cleaned, { bom: 1, html_entities: 1, placeholder: 1 });
});

Deno.test("official-registry adapter throws NotFound when the export is missing", async () => {
  await assertMissingSourceThrows(adapter);
});
