import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/best_of.ts";
import { assertBalanced, assertNoPlaceholders, realRead, withSourceFixture } from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("best-of: keeps all 405 projects of the 2026-07-01 export", async () => {
  const { records, report } = await realRead(adapter);
  assert.equal(report.counts.read, 405);
  assert.equal(report.counts.kept, 405);
  assert.deepEqual(report.counts.skipped, {});
  assert.equal(report.counts.files, 2);
  assertBalanced(report);
  assert.equal(new Set(records.map((r) => r.sourceId)).size, 405);
  assert.ok(records.every((r) => r.repositoryUrl?.startsWith("https://github.com/")));
  assertNoPlaceholders(records);
});

Deno.test("best-of: maps stars, forks, last push, licence, downloads and category of netdata", async () => {
  const { records } = await realRead(adapter);
  const netdata = records.find((r) => r.sourceId === "netdata/netdata");
  assert.deepEqual(netdata, {
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
  const cupertino = records.find((r) => r.sourceId === "mihaelamj/cupertino");
  assert.equal(cupertino?.repositoryUrl, "https://github.com/mihaelamj/cupertino");
  assert.equal(cupertino?.stars, undefined);
  assert.equal(cupertino?.homepage, undefined, "the '{}' homepage cell is not a URL");
  const omega = records.find((r) => r.packages !== undefined);
  assert.deepEqual(omega?.packages, [{ registryType: "pypi", identifier: "omega-memory" }]);
});

Deno.test("best-of: counts BOM, entities, placeholders, missing names and duplicates", async () => {
  await withSourceFixture({}, async (root) => {
    const dir = `${root}/mcp-servers/best-of-mcp-servers`;
    await Deno.mkdir(dir, { recursive: true });
    const csv = [
      ",name,github_id,description,category,github_url,homepage,license,last_commit_pushed_at,star_count,fork_count",
      '0,o/a,o/a,"Tom &amp; Jerry..",tools,https://github.com/o/a,https://a.example/?utm_source=x,unknown,2026-01-02 03:04:05,12.0,3.0',
      "1,,,nameless,tools,,,,,,",
      "2,o/a,o/a,again,tools,https://github.com/o/a,,,,,",
    ].join("\n");
    await Deno.writeTextFile(`${dir}/2026-07-01_projects.csv`, "\ufeff" + csv);
    await Deno.writeTextFile(
      `${dir}/projects.yaml`,
      "categories:\n  - category: tools\n    title: Tools\nprojects:\n  - name: o/a\n    github_id: o/a\n    description: Tom &amp; Jerry forever\n    category: tools\n",
    );
    const report = new SourceReport("best-of");
    const records = await adapter.read(root, report);
    assert.deepEqual(records, [{
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
    assert.deepEqual(report.counts.skipped, { missing_name: 1, duplicate: 1 });
    assert.equal(report.counts.cleaned.bom, 1);
    assert.equal(report.counts.cleaned.placeholder, 1);
    assert.equal(report.counts.cleaned.tracking_params, 1);
    assert.ok((report.counts.cleaned.html_entities ?? 0) >= 1);
    assertBalanced(report);
  });
});

Deno.test("best-of: a missing CSV throws NotFound", async () => {
  await withSourceFixture({}, async (root) => {
    await assert.rejects(adapter.read(root, new SourceReport("best-of")), Deno.errors.NotFound);
  });
});
