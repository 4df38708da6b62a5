import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/topai_tools.ts";
import {
  assertCounts,
  assertNoPlaceholders,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;

Deno.test("topai-tools: keeps all 504 rows, keyed by their topai.tools page", async () => {
  const { records: tools, report } = await realRead(adapter);
  assertCounts({ records: tools, report }, { read: 504, kept: 504, skipped: {} });
  assertNoPlaceholders(tools);
});

Deno.test("topai-tools: never sets url (the CSV only links topai.tools listing pages)", async () => {
  const { records: tools } = await realRead(adapter);
  assert.ok(tools.every((t) => t.url === undefined));
});

Deno.test("topai-tools: maps Rasa.io's subscription, category and use-case bullets", async () => {
  const { records: tools } = await realRead(adapter);
  const rasa = recordById(tools, "rasa-io");
  assert.equal(rasa.name, "Rasa.Io");
  assert.equal(rasa.pricing, "paid");
  assert.equal(rasa.priceText, "Subscription");
  assert.equal(rasa.hasFreeTier, false);
  assert.deepEqual(rasa.categories, ["Marketing"]);
  assert.deepEqual(rasa.useCases, [
    "Engage and grow relationships with personalized newsletters.",
    "Curate content for each individual on your email list.",
    "Automate frequency and personalization for efficient communication.",
  ]);
  assert.match(rasa.description ?? "", /^The rasa\.io newsletter engages/);
});

Deno.test("topai-tools: multi-paragraph texts give a first-paragraph description and the full text", async () => {
  const { records: tools } = await realRead(adapter);
  const gift = tools.find((t) => t.sourceId === "gift-ideas-ai-xyz");
  assert.ok(gift?.longDescription?.includes("\n"));
  assert.ok(!gift?.description?.includes("No more procrastination"));
  assert.ok(gift!.longDescription!.length > gift!.description!.length);
});

Deno.test("topai-tools: pricing labels map to models; 'Visit Site' and 'Unknown' mean none", async () => {
  const { records: tools, report } = await realRead(adapter);
  const counts: Record<string, number> = {};
  for (const t of tools) counts[t.pricing ?? "none"] = (counts[t.pricing ?? "none"] ?? 0) + 1;
  assert.deepEqual(counts, {
    freemium: 171,
    free: 131,
    free_trial: 98,
    paid: 29 + 28 + 8,
    contact: 6,
    none: 27 + 5 + 1,
  });
  assert.equal(tools.filter((t) => t.features?.includes("Waitlist")).length, 5);
  assert.equal(report.counts.cleaned["placeholder"], 28);
  assert.ok(tools.every((t) => (t.useCases ?? []).every((u) => !/[^.]\.\.$/.test(u))));
});

Deno.test("topai-tools: a broken CSV is counted and skipped, never thrown", async () => {
  const read = await readFixture(adapter, {
    "ai-tools/topai-tools/ai_tools.csv": [
      "tools_names,urls,what_is,pricing,tags,use_cases",
      'Tom &amp; Jerry,https://topai.tools/t/tom,"Cats &amp; mice.",Unknown,unknown,"Chase mice..\nHide.."',
      ",https://topai.tools/t/nameless,desc,Free,Fun,",
      "Too,Few",
      'Tom again,https://topai.tools/t/tom,"dup",Free,Fun,',
    ].join("\n"),
  });
  assertCounts(read, {
    read: 4,
    kept: 1,
    skipped: { missing_name: 1, invalid_csv_row: 1, duplicate: 1 },
  });
  assert.deepEqual(read.records, [{
    source: "topai-tools",
    sourceId: "tom",
    name: "Tom & Jerry",
    description: "Cats & mice.",
    useCases: ["Chase mice.", "Hide."],
  }]);
});
