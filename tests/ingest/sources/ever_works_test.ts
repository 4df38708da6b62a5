import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/ever_works.ts";
import {
  assertCleaned,
  assertCounts,
  assertNamedWithoutEmptyFields,
  assertOnlyAdapterDescribedAs,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;
const DIR = "mcp-servers/ever-works";

Deno.test("ever-works adapter describes its source as SOURCES.md does", () => {
  assertOnlyAdapterDescribedAs(adapters, {
    id: "ever-works",
    publisher: "ever-works/awesome-mcp-servers-data @ 5a38897e (2026-06-16)",
    license: "CC-BY-SA-4.0",
  });
});

Deno.test("ever-works adapter keeps 4,065 items and counts the one file that is not YAML", async () => {
  const { records: servers, report } = await realRead(adapter);
  assertCounts({ records: servers, report }, {
    read: 4066,
    kept: 4065,
    skipped: { invalid_yaml: 1 },
    files: 4066 + 2, // item files plus categories.yml and tags.yml
  });
  assert.equal(servers.some((s) => s.sourceId === "openapi-mcp"), false);
});

Deno.test("ever-works adapter resolves tag and category ids to their names", async () => {
  const { records: servers } = await realRead(adapter);
  const codekit = recordById(servers, "0codekit-mcp-server");
  assert.equal(codekit.name, "0codekit MCP Server");
  assert.deepEqual(codekit.tags, ["Workflow", "Orchestration", "No Code"], "no-code → No Code");
  assert.deepEqual(codekit.categories, ["Workflow & Orchestration MCP Servers"]);
  assert.equal(codekit.updatedAt, "2026-04-23T05:34:00.000Z");
  // A category given by id ("cloud-devops-mcp-servers") reads as its name.
  const ids = new Set(["cloud-devops-mcp-servers", "mcp-server-directories-lists", "no-code"]);
  for (const s of servers) {
    for (const label of [...(s.categories ?? []), ...(s.tags ?? [])]) {
      assert.ok(!ids.has(label), `${s.sourceId}: ${label}`);
    }
  }
});

Deno.test("ever-works adapter sorts source URLs into repositories and homepages", async () => {
  const { records: servers, report } = await realRead(adapter);
  const github = recordById(servers, "github-mcp-server");
  assert.equal(github.repositoryUrl, "https://github.com/github/github-mcp-server");
  assert.equal("homepage" in github, false);
  const codekit = recordById(servers, "0codekit-mcp-server");
  assert.equal(codekit.homepage, "https://mcp.pipedream.com/app/_0codekit");
  assert.equal("repositoryUrl" in codekit, false);
  // GitHub search pages are neither a repository nor a homepage.
  assert.equal(report.counts.cleaned.not_a_repository, 32);
  assert.equal(servers.filter((s) => s.homepage?.includes("github.com/search")).length, 0);
  assert.equal(servers.filter((s) => s.repositoryUrl).length, 2478);
});

Deno.test("ever-works adapter drops links to reference-server folders that never existed", async () => {
  const { records: servers, report } = await realRead(adapter);
  assert.equal(report.counts.cleaned.invented_monorepo_path, 370);
  const reference = servers.filter((s) =>
    s.repositoryUrl?.includes("github.com/modelcontextprotocol/servers/")
  );
  assert.ok(reference.length > 10);
  for (const s of reference) {
    assert.match(
      s.repositoryUrl!,
      /\/tree\/main\/src\/(everything|fetch|filesystem|git|memory|sequentialthinking|time|aws-kb-retrieval-server|brave-search|everart|gdrive|github|gitlab|google-maps|postgres|puppeteer|redis|sentry|slack|sqlite)$/,
    );
  }
});

Deno.test("ever-works adapter keeps short descriptions and no placeholder values", async () => {
  const { records: servers } = await realRead(adapter);
  assertNamedWithoutEmptyFields(servers);
  for (const s of servers) {
    assert.ok(s.description !== undefined && !s.description.startsWith("## "), s.sourceId);
  }
});

Deno.test("ever-works adapter skips broken items and counts repairs", async () => {
  const item = (slug: string) => `${DIR}/data/${slug}/${slug}.yml`;
  const read = await readFixture(adapter, {
    [`${DIR}/categories.yml`]: "- id: db\n  name: Databases\n",
    [`${DIR}/tags.yml`]: "- id: sql\n  name: SQL\n",
    [item("good")]:
      "\ufeffname: Good &amp; Co\ndescription: unknown\nmarkdown: |\n  ## Features\n  Long text\n" +
      "source_url: https://github.com/search?q=good\ncategory: db\ntags: [sql, Other, SQL]\n" +
      "updated_at: 2026-01-02 03:04\n",
    [item("broken")]: "name: Broken\ndescription: [unclosed\n",
    [item("nameless")]: "name: N/A\ndescription: x\n",
    [item("scalar")]: "just text\n",
  });
  assert.deepEqual(read.records, [{
    source: "ever-works",
    sourceId: "good",
    name: "Good & Co",
    description: "## Features\nLong text",
    categories: ["Databases"],
    tags: ["SQL", "Other"],
    updatedAt: "2026-01-02T03:04:00.000Z",
  }]);
  assertCounts(read, {
    read: 4,
    kept: 1,
    skipped: { invalid_yaml: 1, missing_name: 1, not_an_object: 1 },
  });
  assertCleaned(read.report, { bom: 1, html_entities: 1, not_a_repository: 1 }, { placeholder: 2 });
});
