import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/official_jsonl.ts";
import { assertBalanced, realRead, recordById, withSourceFixture } from "./_helpers.ts";

const adapter = adapters[0]!;
const DIR = "mcp-servers/official-registry";
const FILE = "rosmur_official_mcp_registry_2026-06-12.servers.jsonl";

Deno.test("official-registry adapter describes its source as SOURCES.md does", () => {
  assert.equal(adapters.length, 1);
  assert.equal(adapter.info.id, "official-registry");
  assert.equal(adapter.info.kind, "mcp-servers");
  assert.equal(
    adapter.info.publisher,
    "rosmur/official-mcp-registry-database @ baa3dcf5 (2026-06-12)",
  );
  assert.equal(adapter.info.license, "GPL-3.0");
});

Deno.test("official-registry adapter keeps one record per official name of the real export", async () => {
  const { records: servers, report } = await realRead(adapter);
  assert.equal(report.counts.read, 11978);
  assert.equal(report.counts.kept, 11978);
  assert.equal(servers.length, report.counts.kept);
  assertBalanced(report);
  assert.equal(new Set(servers.map((s) => s.sourceId)).size, servers.length);
  assert.equal(new Set(servers.map((s) => s.name)).size, 10481, "distinct short names");
  assert.equal(report.counts.files, 1);
});

Deno.test("official-registry adapter maps repository, subfolder, hosting and times", async () => {
  const { records: servers } = await realRead(adapter);
  const lona = recordById(servers, "agency.lona/trading");
  assert.equal(lona.officialName, "agency.lona/trading");
  assert.equal(lona.name, "trading");
  assert.equal(lona.repositoryUrl, "https://github.com/mindsightventures/lona");
  assert.equal(lona.subfolder, "packages/lona-mcp-server");
  assert.equal(lona.hosting, "remote");
  assert.equal(lona.version, "2.0.0");
  assert.equal(lona.status, "active");
  assert.equal(lona.publishedAt, "2026-02-24T00:07:27.525Z");
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
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/${DIR}`, { recursive: true });
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
    await Deno.writeTextFile(`${root}/${DIR}/${FILE}`, text);
    const report = new SourceReport(adapter.info.id);
    const servers = await adapter.read(root, report);
    assert.equal(servers.length, 1);
    const one = servers[0]!;
    assert.equal(one.version, "1.1.0", "is_latest wins over a newer updated_at");
    assert.equal(one.description, "Tom & Jerry");
    assert.equal(one.repositoryUrl, "https://github.com/a/one");
    assert.equal("hosting" in one, false);
    assert.equal("subfolder" in one, false);
    assert.deepEqual(report.counts.skipped, {
      invalid_json: 1,
      older_version: 1,
      missing_name: 1,
      not_an_object: 1,
    });
    assert.equal(report.counts.read, 5);
    assertBalanced(report);
    // Only the kept record's repairs count: one entity, one placeholder, and the file's BOM.
    assert.deepEqual(report.counts.cleaned, { bom: 1, html_entities: 1, placeholder: 1 });
  });
});

Deno.test("official-registry adapter throws NotFound when the export is missing", async () => {
  await withSourceFixture({}, async (root) => {
    await assert.rejects(
      () => adapter.read(root, new SourceReport(adapter.info.id)),
      Deno.errors.NotFound,
    );
  });
});
