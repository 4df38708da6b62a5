import assert from "node:assert/strict";
import { FIRST_PARTY } from "../../../src/ingest/first_party.ts";
import {
  adapters,
  currentEntry,
  simonwAdapter,
} from "../../../src/ingest/sources/simonw_llm_prices.ts";
import {
  assertCounts,
  assertFields,
  LIST_PRICES,
  readFixture,
  readPricesAt,
  recordById,
} from "./_helpers.ts";

const real = readPricesAt(simonwAdapter);

Deno.test("simonw/llm-prices: reads 142 models of 11 vendor files and keeps 116", async () => {
  const { records, report } = await real;
  assertCounts({ records, report }, {
    read: 142,
    kept: 116,
    skipped: { folded_into_tier: 25, duplicate_id: 1 },
    files: 11,
  });
  for (const r of records) assert.ok(FIRST_PARTY.has(r.provider), r.sourceId);
  assert.deepEqual(
    [...new Set(records.map((r) => r.provider))].sort(),
    [
      "alibaba",
      "amazon",
      "anthropic",
      "deepseek",
      "google",
      "meta",
      "minimax",
      "mistral",
      "moonshot",
      "openai",
      "xai",
    ],
  );
});

Deno.test("simonw/llm-prices: gives GPT-4o and Claude Sonnet 4.5 per million tokens", async () => {
  const { records } = await real;
  assertFields(recordById(records, "openai/gpt-4o"), LIST_PRICES.gpt4o);
  assertFields(recordById(records, "anthropic/claude-sonnet-4.5"), {
    inputPerMTok: 3,
    outputPerMTok: 15,
    name: "Claude Sonnet 4 and 4.5",
  });
});

Deno.test("simonw/llm-prices: folds the '>200k' entry of Gemini 2.5 Pro into a tier at 200,000", async () => {
  const { records } = await real;
  assert.ok(!records.some((r) => r.model === "gemini-2.5-pro-200k"));
  assertFields(recordById(records, "google/gemini-2.5-pro"), {
    inputPerMTok: 1.25,
    tiers: LIST_PRICES.gemini25ProTiers,
  });
  assert.deepEqual(recordById(records, "openai/gpt-5.4").tiers, [
    { thresholdTokens: 272000, inputPerMTok: 5, outputPerMTok: 22.5, cacheReadPerMTok: 0.5 },
  ]);
});

Deno.test("simonw/llm-prices: takes the current price and dates it by its from_date", async () => {
  const { records } = await real;
  const sonnet5 = recordById(records, "anthropic/claude-sonnet-5");
  assertFields(sonnet5, {
    inputPerMTok: 3,
    outputPerMTok: 15,
    statedAt: "2026-09-01",
    dateKind: "effective",
    dateBasis: "record",
  });
  assert.match(sonnet5.dateMeaning!, /took effect/);
  // GPT-5.6 Luna and its >272k tier both changed on 2026-07-30.
  const luna = recordById(records, "openai/gpt-5.6-luna");
  assert.equal(luna.inputPerMTok, 0.2);
  assert.deepEqual(luna.tiers?.[0]?.inputPerMTok, 0.4);
  // No from_date: the price has not changed since the model was listed (a day the file does
  // not give), so it is dated by the dump only.
  assertFields(recordById(records, "openai/gpt-4o"), {
    statedAt: "2026-08-05",
    dateKind: "synced",
    dateBasis: "dump",
  });

  const august = await readPricesAt(simonwAdapter, new Date("2026-08-15T00:00:00Z"));
  assert.equal(recordById(august.records, "anthropic/claude-sonnet-5").inputPerMTok, 2);
});

Deno.test("simonw/llm-prices: currentEntry falls back to the open-ended entry", () => {
  const history = [
    { input: 1, output: 2, from_date: null, to_date: "2026-01-01" },
    { input: 3, output: 4, from_date: "2026-01-01", to_date: null },
  ];
  assert.equal(currentEntry(history, "2025-06-01")?.input, 1);
  assert.equal(currentEntry(history, "2026-11-22")?.input, 3);
  assert.equal(currentEntry([], "2026-11-22"), undefined);
});

Deno.test("simonw/llm-prices: counts broken files and records without throwing", async () => {
  const dir = "llm-prices/simonw-llm-prices";
  const read = await readFixture(adapters[0]!, {
    [`${dir}/broken.json`]: "{ not json",
    [`${dir}/openai.json`]: JSON.stringify({
      vendor: "openai",
      models: [
        { id: "gpt-x", name: "GPT X", price_history: [{ input: 1, output: 2, to_date: null }] },
        { id: "gpt-x", name: "again", price_history: [{ input: 9, output: 9, to_date: null }] },
        { id: "gpt-y", name: "GPT Y", price_history: [] },
        { id: "gpt-z", name: "GPT Z" },
      ],
    }),
    [`${dir}/groq.json`]: JSON.stringify({
      vendor: "groq",
      models: [{ id: "llama", price_history: [{ input: 1, output: 1, to_date: null }] }],
    }),
  });
  assert.deepEqual(read.records.map((r) => [r.model, r.inputPerMTok]), [["gpt-x", 1]]);
  assertCounts(read, {
    read: 6,
    kept: 1,
    skipped: {
      invalid_json: 1,
      not_first_party: 1,
      duplicate_id: 1,
      no_price: 1,
      invalid_record: 1,
    },
  });
});
