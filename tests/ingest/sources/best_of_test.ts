import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/best_of.ts";
import {
  assertCleaned,
  assertCounts,
  assertFields,
  assertMissingSourceThrows,
  assertNoPlaceholders,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("best-of: keeps all 405 projects of the 2026-07-01 export", async () => {
  const { records, report } = await realRead(adapter);
  assertCounts({ records, report }, { read: 405, kept: 405, skipped: {}, files: 2 });
  assert.ok(records.every((r) => r.repositoryUrl?.startsWith("https://github.com/")));
  assertNoPlaceholders(records);
});

Deno.test("best-of: maps stars, forks, last push, licence, downloads and category of netdata", async () => {
  const { records } = await realRead(adapter);
  assert.deepEqual(recordById(records, "netdata/netdata"), {
    source: "best-of",
    sourceId: "netdata/netdata",
    name: "netdata/netdata",
    description:
      "Discovery, exploration, reporting and root cause analysis using all observability data, including metrics, logs, systems, containers, processes, and network connections.",
    repositoryUrl: "https://github.com/netdata/netdata",
    categories: ["Monitoring"],
    license: "GPL-3.0",
    stars: 79442,
    forks: 6351,
    monthlyDownloads: 21683,
    version: "2.10.3",
    updatedAt: "2026-06-30T21:38:51.000Z",
  });
});

Deno.test("best-of: the full YAML description replaces the CSV's cut one", async () => {
  const { records } = await realRead(adapter);
  assert.ok(records.every((r) => !r.description?.endsWith("..")));
});

Deno.test("best-of: a project without metrics still gets its repository from github_id", async () => {
  const { records } = await realRead(adapter);
  assertFields(recordById(records, "mihaelamj/cupertino"), {
    repositoryUrl: "https://github.com/mihaelamj/cupertino",
    stars: undefined,
    homepage: undefined, // the '{}' homepage cell is not a URL
  });
  const omega = records.find((r) => r.packages !== undefined);
  assert.deepEqual(omega?.packages, [{ registryType: "pypi", identifier: "omega-memory" }]);
});

Deno.test("best-of: counts BOM, entities, placeholders, missing names and duplicates", async () => {
  const dir = "mcp-servers/best-of-mcp-servers";
  const csv = [
    ",name,github_id,description,category,github_url,homepage,license,last_commit_pushed_at,star_count,fork_count",
    '0,o/a,o/a,"Tom &amp; Jerry..",tools,https://github.com/o/a,https://a.example/?utm_source=x,unknown,2026-01-02 03:04:05,12.0,3.0',
    "1,,,nameless,tools,,,,,,",
    "2,o/a,o/a,again,tools,https://github.com/o/a,,,,,",
  ].join("\n");
  const read = await readFixture(adapter, {
    [`${dir}/2026-07-01_projects.csv`]: "\ufeff" + csv,
    [`${dir}/projects.yaml`]:
      "categories:\n  - category: tools\n    title: Tools\nprojects:\n  - name: o/a\n    github_id: o/a\n    description: Tom &amp; Jerry forever\n    category: tools\n",
  });
  assert.deepEqual(read.records, [{
    source: "best-of",
    sourceId: "o/a",
    name: "o/a",
    description: "Tom & Jerry forever",
    repositoryUrl: "https://github.com/o/a",
    homepage: "https://a.example/",
    categories: ["Tools"],
    stars: 12,
    forks: 3,
    updatedAt: "2026-01-02T03:04:05.000Z",
  }]);
  assertCounts(read, { read: 3, kept: 1, skipped: { missing_name: 1, duplicate: 1 } });
  assertCleaned(read.report, { bom: 1, placeholder: 1, tracking_params: 1 }, { html_entities: 1 });
});

Deno.test("best-of: a missing CSV throws NotFound", async () => {
  await assertMissingSourceThrows(adapter);
});
