import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/autoventure.ts";
import {
  assertCounts,
  assertMissingSourceThrows,
  assertNoPlaceholders,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("autoventure: keeps all 449 tools of the JSON file (the CSV is not read)", async () => {
  const { records: tools, report } = await realRead(adapter);
  assertCounts({ records: tools, report }, { read: 449, kept: 449, skipped: {}, files: 1 });
  assertNoPlaceholders(tools);
});

Deno.test("autoventure: maps Adobe Podcast with website, free pricing, category and review page", async () => {
  const { records: tools } = await realRead(adapter);
  assert.deepEqual(recordById(tools, "adobe-podcast"), {
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
  const path = "ai-tools/autoventure/ai-tools.json";
  const read = await readFixture(adapter, {
    [path]: "\ufeff" + JSON.stringify({
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
  });
  assertCounts(read, {
    read: 4,
    kept: 1,
    skipped: { missing_name: 1, invalid_record: 1, duplicate: 1 },
  });
  assert.deepEqual(read.records, [{
    source: "autoventure",
    sourceId: "tom",
    name: "Tom & Jerry",
    url: "https://tom.ai/",
  }]);

  const broken = await readFixture(adapter, { [path]: "{ not json" });
  assertCounts(broken, { read: 1, kept: 0, skipped: { invalid_json: 1 } });
});

Deno.test("autoventure: a missing source throws NotFound", async () => {
  await assertMissingSourceThrows(adapter);
});
