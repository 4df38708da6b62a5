import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/mcp_collection.ts";
import type { SourceAdapter, SourceServer } from "../../../src/ingest/types.ts";
import {
  assertCleaned,
  assertCounts,
  assertNoPlaceholders,
  readFixture,
  readSource,
  recordById,
  withSourceFixture,
} from "./_helpers.ts";

/** The adapter with source id `id`. */
function adapter(id: string): SourceAdapter<SourceServer> {
  const found = adapters.find((a) => a.info.id === id);
  assert.ok(found, `no adapter ${id}`);
  return found;
}

/** Reads one list from the real data. */
const readReal = (id: string) => readSource(adapter(id));

Deno.test("mcp_collection: exports one adapter per list with the documented ids", () => {
  assert.deepEqual(adapters.map((a) => a.info.id), [
    "mcpmarket",
    "cursor-directory",
    "mcpservers-org",
    "glama-list",
    "mcp-io-community",
    "mcp-io-official",
  ]);
  for (const a of adapters) {
    assert.equal(a.info.publisher, "zhuaiballl/mcp_collection @ 106f7b8b (2025-09-30)");
    assert.equal(a.info.license, "MIT");
    assert.equal(a.info.kind, "mcp-servers");
  }
});

Deno.test("mcp_collection: record counts per list match SOURCES.md, duplicates counted", async () => {
  const expected: Record<string, [number, number, Record<string, number>]> = {
    "mcpmarket": [4218, 4218, {}],
    "cursor-directory": [1428, 1265, { duplicate: 163 }],
    "mcpservers-org": [1061, 1057, { duplicate: 4 }],
    "glama-list": [101, 101, {}],
    "mcp-io-community": [451, 451, {}],
    "mcp-io-official": [224, 224, {}],
  };
  for (const [id, [read, kept, skipped]] of Object.entries(expected)) {
    const { records, report } = await readReal(id);
    assertCounts({ records, report }, { read, kept, skipped }, id);
    assert.ok(records.every((r) => r.source === id), id);
    assertNoPlaceholders(records);
  }
});

Deno.test("mcp_collection: every official integration is vendorOfficial, no community server is", async () => {
  const official = (await readReal("mcp-io-official")).records;
  assert.ok(official.every((r) => r.vendorOfficial === true));
  const magic = official.find((r) => r.name === "21st.dev Magic");
  assert.equal(magic?.repositoryUrl, "https://github.com/21st-dev/magic-mcp");
  assert.equal(magic?.vendorOfficial, true);
  const community = (await readReal("mcp-io-community")).records;
  assert.ok(community.every((r) => r.vendorOfficial === undefined));
});

Deno.test("mcp_collection: non-repository links become homepage or package, never repositoryUrl", async () => {
  const official = (await readReal("mcp-io-official")).records;
  const zapier = official.find((r) => r.name === "Zapier");
  assert.equal(zapier?.repositoryUrl, undefined);
  assert.equal(zapier?.homepage, "https://zapier.com/mcp");
  const ola = official.find((r) => r.name === "OlaMaps");
  assert.deepEqual(ola?.packages, [{ registryType: "pypi", identifier: "ola-maps-mcp-server" }]);
  const gitea = official.find((r) => r.name === "Gitea");
  assert.equal(gitea?.repositoryUrl, "https://gitea.com/gitea/gitea-mcp");

  const market = (await readReal("mcpmarket")).records;
  const ghRepo = recordById(market, "github-repository-1");
  assert.deepEqual(ghRepo?.packages, [
    { registryType: "npm", identifier: "@modelcontextprotocol/server-github" },
  ]);
  assert.equal(ghRepo?.repositoryUrl, undefined);
});

Deno.test("mcp_collection: mcpmarket keeps categories and has no descriptions", async () => {
  const market = (await readReal("mcpmarket")).records;
  assert.ok(market.every((r) => r.description === undefined));
  assert.deepEqual(recordById(market, "mindsdb"), {
    source: "mcpmarket",
    sourceId: "mindsdb",
    name: "MindsDB",
    repositoryUrl: "https://github.com/mindsdb/mindsdb",
    categories: ["Developer Tools", "Database Management", "Data Science & ML"],
  });
});

Deno.test("mcp_collection: glama list maps GitHub stars; mcpservers.org keeps the richer duplicate", async () => {
  const glama = (await readReal("glama-list")).records;
  const circle = recordById(glama, "@CircleCI-Public/mcp-server-circleci");
  assert.equal(circle?.stars, 28);
  assert.equal(circle?.repositoryUrl, "https://github.com/circleci-public/mcp-server-circleci");

  const awesome = (await readReal("mcpservers-org")).records;
  const opik = awesome.filter((r) => r.sourceId === "comet-ml/opik-mcp");
  assert.equal(opik.length, 1);
  assert.deepEqual(opik[0]?.categories, ["official", "development"]);
});

Deno.test("mcp_collection: cursor.directory repeats under suffixed slugs are skipped as duplicates", async () => {
  const cursor = (await readReal("cursor-directory")).records;
  const firecrawl = cursor.filter((r) =>
    r.name === "Firecrawl" && r.repositoryUrl === "https://github.com/codyde/mcp-firecrawl-tool"
  );
  assert.deepEqual(firecrawl.map((r) => r.sourceId), ["firecrawl"]);
});

Deno.test("mcp_collection: counts BOM, entities, placeholders, missing names and duplicates", async () => {
  const items = [
    {
      name: "Fish &amp; Chips",
      description: "unknown",
      detail_url: "https://cursor.directory/mcp/fish",
      github_url: "https://github.com/o/fish",
    },
    {
      name: "Fish &amp; Chips",
      description: "again",
      detail_url: "https://cursor.directory/mcp/fish-1",
      github_url: "https://github.com/O/fish/",
    },
    { name: "  ", detail_url: "https://cursor.directory/mcp/blank" },
    {
      name: "Docs only",
      detail_url: "https://cursor.directory/mcp/docs",
      github_url: "https://example.com/mcp?utm_source=x",
    },
    42,
  ];
  const read = await readFixture(adapter("cursor-directory"), {
    "mcp-servers/mcp_collection/cursor.json": "\ufeff" + JSON.stringify(items),
  });
  assert.deepEqual(read.records, [
    {
      source: "cursor-directory",
      sourceId: "fish",
      name: "Fish & Chips",
      repositoryUrl: "https://github.com/o/fish",
    },
    {
      source: "cursor-directory",
      sourceId: "docs",
      name: "Docs only",
      homepage: "https://example.com/mcp",
    },
  ]);
  assertCounts(read, {
    read: 5,
    kept: 2,
    skipped: { duplicate: 1, missing_name: 1, not_an_object: 1 },
  });
  assertCleaned(read.report, { bom: 1, placeholder: 1, tracking_params: 1 }, { html_entities: 1 });
});

Deno.test("mcp_collection: a broken list counts invalid_json; a missing one throws NotFound", async () => {
  const files = { "mcp-servers/mcp_collection/glama.json": '[{"name": "x"' };
  await withSourceFixture(files, async (root) => {
    const broken = await readSource(adapter("glama-list"), root);
    assert.deepEqual(broken.records, []);
    assert.deepEqual(broken.report.counts.skipped, { invalid_json: 1 });
    await assert.rejects(readSource(adapter("mcpmarket"), root), Deno.errors.NotFound);
  });
});
