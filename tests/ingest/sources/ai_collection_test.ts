import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/ai_collection.ts";
import {
  assertCounts,
  assertFields,
  assertNoPlaceholders,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("ai-collection: reads 1,356 table rows and 590 current entries, folding 409 seen twice", async () => {
  const { records: tools, report } = await realRead(adapter);
  assertCounts({ records: tools, report }, {
    read: 1356 + 590,
    kept: 1537,
    skipped: { duplicate: 409 },
    files: 2,
  });
  assertNoPlaceholders(tools);
});

Deno.test("ai-collection: never uses a thataicollection.com redirect as the tool's URL", async () => {
  const { records: tools } = await realRead(adapter);
  const withUrl = tools.filter((t) => t.url !== undefined);
  assert.deepEqual(withUrl.map((t) => t.url), ["https://www.interviews.chat/"]);
  assert.ok(tools.every((t) => !JSON.stringify(t).includes("thataicollection.com")));
});

Deno.test("ai-collection: the free-version flag becomes hasFreeTier (yes, no, or unknown)", async () => {
  const { records: tools } = await realRead(adapter);
  assert.equal(tools.filter((t) => t.hasFreeTier === true).length, 869);
  assert.equal(tools.filter((t) => t.hasFreeTier === false).length, 52);
  assert.ok(tools.every((t) => t.pricing === undefined));
  assertFields(recordById(tools, "count"), {
    hasFreeTier: true,
    categories: ["Accounting & Finance"],
  });
  assert.equal(recordById(tools, "kaedim").hasFreeTier, false);
});

Deno.test("ai-collection: an entry in both files has the new text, the old flag and both categories", async () => {
  const { records: tools } = await realRead(adapter);
  const aicamp = recordById(tools, "aicamp");
  assert.equal(aicamp.name, "AICamp");
  assert.match(aicamp.description ?? "", /^Centralize your team’s AI in one secure workspace/);
  assert.match(aicamp.longDescription ?? "", /^You can integrate these models/);
  assert.equal(aicamp.hasFreeTier, true);
  assert.deepEqual(aicamp.categories, ["AI Agents", "Productivity & Personal Growth"]);
  const rytr = tools.find((t) => t.sourceId === "rytr");
  assert.deepEqual(rytr?.categories, ["Writing Assistant"]);
  // A table row whose description contains a U+2028 line separator is still read.
  assert.ok(tools.some((t) => t.sourceId === "homestage"));
});

Deno.test("ai-collection: doubled apostrophes are repaired and counted", async () => {
  const { records: tools, report } = await realRead(adapter);
  assert.ok((report.counts.cleaned["doubled_quotes"] ?? 0) > 100);
  assert.ok(tools.every((t) => !`${t.description} ${t.longDescription}`.includes("''")));
  const goose = tools.find((t) => t.sourceId === "gooseai");
  assert.match(goose?.longDescription ?? "", /OpenAI's completion API/);
});

Deno.test("ai-collection: 'Latest Additions' is not a category", async () => {
  const { records: tools } = await realRead(adapter);
  assert.ok(tools.every((t) => !(t.categories ?? []).some((c) => /latest additions/i.test(c))));
  const art = tools.find((t) => t.sourceId === "ai-art-create");
  assert.equal(art?.categories, undefined);
});

Deno.test("ai-collection: broken markdown is counted and skipped, never thrown", async () => {
  const dir = "ai-tools/ai-collection";
  const read = await readFixture(adapter, {
    [`${dir}/FULL_README_2024-06-20_2b96f77d.md`]: [
      "## Index",
      "- [Chat](#chat)",
      "## Chat Bot",
      "| Name | Title | Description | Offer Free Version |",
      "|---|---|---|:---:|",
      "| [Tom &amp; Jerry](https://www.thataicollection.com/redirect/tom-jerry?utm_source=x) | Tagline | It''s a cat &amp; mouse bot. | :white_check_mark: |",
      "| [](https://www.thataicollection.com/redirect/nameless) | T | D | :x: |",
      "| [Shared](https://www.thataicollection.com/redirect/shared) | T | Old text. | :x: |",
      "| not a link | T | D | :x: |",
      "| [unknown](https://www.thataicollection.com/redirect/unknown) | T | unknown | :grey_question: |",
    ].join("\n"),
    [`${dir}/README_HEAD.md`]: [
      "### Not an entry (before the sections)",
      "## Index",
      "## Writing",
      "### Shared",
      "#### Title",
      "[Visit](https://thataicollection.com/redirect/shared?utm_source=x)",
      "New text.",
      "[More Information and Pricing](https://thataicollection.com/en/application/shared)",
      "### Direct",
      "[Visit](https://direct.example.com/?utm_source=aicollection)",
      "[More Information and Pricing](https://thataicollection.com/en/application/direct)",
    ].join("\n"),
  });
  assertCounts(read, { read: 2 + 4, kept: 3, skipped: { duplicate: 1, missing_name: 2 } });
  assert.deepEqual(read.records, [
    {
      source: "ai-collection",
      sourceId: "shared",
      name: "Shared",
      description: "New text.",
      hasFreeTier: false,
      // The flag comes from the 2024 table; the rest from the head README (its dump date).
      fieldDates: { hasFreeTier: "2024-06-20" },
      categories: ["Writing", "Chat Bot"],
    },
    {
      source: "ai-collection",
      sourceId: "direct",
      name: "Direct",
      url: "https://direct.example.com/",
      categories: ["Writing"],
    },
    {
      source: "ai-collection",
      sourceId: "tom-jerry",
      name: "Tom & Jerry",
      description: "It's a cat & mouse bot.",
      hasFreeTier: true,
      fieldDates: { hasFreeTier: "2024-06-20" },
      categories: ["Chat Bot"],
      // Only in the 2024 table: every statement is as old as that table.
      statedAt: "2024-06-20",
    },
  ]);
});
