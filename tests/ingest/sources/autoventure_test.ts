import assert from "node:assert/strict";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/autoventure.ts";
import { assertBalanced, assertNoPlaceholders, realRead, withSourceFixture } from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("autoventure: keeps all 449 tools of the JSON file (the CSV is not read)", async () => {
  const { records: tools, report } = await realRead(adapter);
  assert.equal(report.counts.read, 449);
  assert.equal(report.counts.kept, 449);
  assert.deepEqual(report.counts.skipped, {});
  assert.equal(report.counts.files, 1);
  assertBalanced(report);
  assert.equal(new Set(tools.map((t) => t.sourceId)).size, 449);
  assertNoPlaceholders(tools);
});

Deno.test("autoventure: maps Adobe Podcast with website, free pricing, category and review page", async () => {
  const { records: tools } = await realRead(adapter);
  assert.deepEqual(tools.find((t) => t.sourceId === "adobe-podcast"), {
    source: "autoventure",
    sourceId: "adobe-podcast",
    name: "Adobe Podcast",
    url: "https://podcast.adobe.com/",
    description: "AI audio enhancement and transcription. Free tier available.",
    pricing: "free",
    hasFreeTier: true,
    categories: ["Audio"],
    reviewUrl: "https://autoventure.live/reviews/adobe-podcast.html",
  });
});

Deno.test("autoventure: 381 free and 68 free-trial tools; a trial is not a free tier", async () => {
  const { records: tools } = await realRead(adapter);
  assert.equal(tools.filter((t) => t.pricing === "free" && t.hasFreeTier === true).length, 381);
  assert.equal(
    tools.filter((t) => t.pricing === "free_trial" && t.hasFreeTier === false).length,
    68,
  );
});

Deno.test("autoventure: decodes HTML entities and drops a web-search link standing in for a site", async () => {
  const { records: tools, report } = await realRead(adapter);
  assert.equal(report.counts.cleaned["html_entities"], 7);
  assert.ok(tools.every((t) => !/&#x27;|&amp;/.test(t.description ?? "")));
  const notebook = tools.find((t) => t.name === "Google NotebookLM");
  assert.match(notebook?.description ?? "", /^Google's AI research assistant/);
  const resize = tools.find((t) => t.name === "Smart Resize");
  assert.equal(resize?.url, undefined);
  assert.equal(report.counts.cleaned["search_link_url"], 1);
});

Deno.test("autoventure: broken entries are counted and skipped, never thrown", async () => {
  const root = await Deno.makeTempDir({ prefix: "autoventure-" });
  const dir = `${root}/ai-tools/autoventure`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/ai-tools.json`,
    "\ufeff" + JSON.stringify({
      tools: [
        {
          name: "Tom &amp; Jerry",
          slug: "tom",
          pricing: "unknown",
          website: "tom.ai/?utm_source=x",
          category: "N/A",
        },
        { name: "  ", slug: "blank" },
        "not an object",
        { name: "Tom again", slug: "tom" },
      ],
    }),
  );
  const report = new SourceReport("autoventure");
  const tools = await adapter.read(root, report);
  assert.equal(report.counts.read, 4);
  assertBalanced(report);
  assert.deepEqual(report.counts.skipped, {
    missing_name: 1,
    invalid_record: 1,
    duplicate: 1,
  });
  assert.deepEqual(tools, [{
    source: "autoventure",
    sourceId: "tom",
    name: "Tom & Jerry",
    url: "https://tom.ai/",
  }]);

  await Deno.writeTextFile(`${dir}/ai-tools.json`, "{ not json");
  const broken = new SourceReport("autoventure");
  assert.deepEqual(await adapter.read(root, broken), []);
  assert.deepEqual(broken.counts.skipped, { invalid_json: 1 });
  assert.equal(broken.counts.read, 1);
  await Deno.remove(root, { recursive: true });
});

Deno.test("autoventure: a missing source throws NotFound", async () => {
  await withSourceFixture({}, async (root) => {
    await assert.rejects(adapter.read(root, new SourceReport("autoventure")), Deno.errors.NotFound);
  });
});
