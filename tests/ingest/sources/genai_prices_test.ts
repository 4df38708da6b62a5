import assert from "node:assert/strict";
import {
  adapters,
  genaiPricesAdapter,
  priceInForce,
} from "../../../src/ingest/sources/genai_prices.ts";
import {
  assertCounts,
  assertFields,
  assertFirstPartyFolders,
  assertMissingSourceThrows,
  LIST_PRICES,
  readFixture,
  readPricesAt,
  recordById,
} from "./_helpers.ts";

const real = readPricesAt(genaiPricesAdapter);

Deno.test("genai-prices: reads all 1,466 models and keeps the 240 first-party ones", async () => {
  assertCounts(await real, {
    read: 1466,
    kept: 240,
    skipped: {
      not_first_party: 1184,
      not_list_price: 13,
      not_llm: 22,
      no_price: 6,
      regional_variant: 1,
    },
    files: 37, // data.json + 36 provider YAML files
  });
});

Deno.test("genai-prices: keeps no reseller, cloud or aggregator provider", async () => {
  const { records } = await real;
  const resellers = ["openrouter", "together", "groq", "azure", "fireworks", "novita"];
  assertFirstPartyFolders(records, "genai-prices", resellers);
});

Deno.test("genai-prices: drops models a first-party provider resells (Claude listed under Google, Llama on Bedrock)", async () => {
  const { records } = await real;
  assert.ok(!records.some((r) => r.provider === "google" && r.model.includes("claude")));
  const amazon = records.filter((r) => r.provider === "amazon").map((r) => r.model);
  assert.ok(amazon.length > 0);
  for (const m of amazon) assert.match(m, /amazon\.(nova|titan)-/);
});

Deno.test("genai-prices: gives Claude Sonnet 4.5 with cache, 1-hour cache, web search and its 200k tier", async () => {
  const { records } = await real;
  // The web search price is web_searches_kcount (10 per thousand calls) per call.
  assertFields(recordById(records, "anthropic/claude-sonnet-4-5"), {
    provider: "anthropic",
    ...LIST_PRICES.claudeSonnet45Full,
    contextWindow: 1000000,
    pricingUrl: "https://www.anthropic.com/pricing", // fragment dropped by cleanUrl
  });
});

Deno.test("genai-prices: gives GPT-4o at $2.50 / $10 with $1.25 cached input", async () => {
  const { records } = await real;
  assertFields(recordById(records, "openai/gpt-4o"), {
    ...LIST_PRICES.gpt4o,
    contextWindow: 128000,
  });
});

Deno.test("genai-prices: gives the Gemini 2.5 Pro long-context tier at 200k tokens", async () => {
  const { records } = await real;
  assertFields(recordById(records, "google/gemini-2.5-pro"), {
    inputPerMTok: 1.25,
    outputPerMTok: 10,
    tiers: LIST_PRICES.gemini25ProTiers,
  });
});

Deno.test("genai-prices: dates a model by its prices_checked day (checked), else the dump (synced)", async () => {
  const { records } = await real;
  const r = recordById(records, "anthropic/claude-sonnet-4-5");
  assertFields(r, { statedAt: "2026-07-29", dateKind: "checked", dateBasis: "record" });
  assert.match(r.dateMeaning!, /prices_checked/);
  const unchecked = recordById(records, "anthropic/claude-v1");
  assertFields(unchecked, { statedAt: "2026-08-21", dateKind: "synced", dateBasis: "dump" });
  assert.match(unchecked.dateMeaning!, /no prices_checked date/);
  assert.ok(records.every((x) => x.statedAt !== undefined && x.dateMeaning !== undefined));
});

Deno.test("genai-prices: takes the dated price in force today and says which day", async () => {
  const { records, report } = await real;
  assert.equal(report.counts.cleaned.dated_price_resolved, 10);
  // Claude Sonnet 5: $2/$10 until 2026-09-01, then $3/$15.
  const sonnet5 = recordById(records, "anthropic/claude-sonnet-5");
  assert.equal(sonnet5.inputPerMTok, 3);
  assert.equal(sonnet5.outputPerMTok, 15);
  // Checked on 2026-07-29, the price in force took effect on 2026-09-01: dated by that day.
  assertFields(sonnet5, { statedAt: "2026-09-01", dateKind: "effective", dateBasis: "record" });
  assert.match(sonnet5.dateMeaning!, /in force on 2026-11-22/);
  // Gemini 3.6 Flash: the 2027-01-01 price is not in force yet.
  assert.equal(recordById(records, "google/gemini-3.6-flash").inputPerMTok, 0.75);
  // DeepSeek: the standard-hours price, not the off-peak discount.
  assert.equal(recordById(records, "deepseek/deepseek-chat").inputPerMTok, 0.27);

  const august = await readPricesAt(genaiPricesAdapter, new Date("2026-08-01T00:00:00Z"));
  assert.equal(recordById(august.records, "anthropic/claude-sonnet-5").inputPerMTok, 2);
  const next = await readPricesAt(genaiPricesAdapter, new Date("2027-02-01T00:00:00Z"));
  assert.equal(recordById(next.records, "google/gemini-3.6-flash").inputPerMTok, 1.5);
});

Deno.test("genai-prices: priceInForce falls back to the first price when no condition holds", () => {
  const list = [
    { prices: { input_mtok: 1 } },
    { constraint: { start_date: "2030-01-01" }, prices: { input_mtok: 2 } },
  ];
  assert.deepEqual(priceInForce(list, "2026-11-22"), { input_mtok: 1 });
  assert.deepEqual(priceInForce(list, "2030-01-01"), { input_mtok: 2 });
  assert.equal(priceInForce(["junk"], "2026-11-22"), undefined);
});

Deno.test("genai-prices: counts broken records without throwing", async () => {
  const read = await readFixture(adapters[0]!, {
    "llm-prices/genai-prices/v2/data.json": JSON.stringify([
      {
        id: "openai",
        models: [
          "not an object",
          { id: "gpt-x", prices: { input_mtok: "abc" } },
          { id: "gpt-y", prices: {} },
          { id: "gpt-z", prices: { input_mtok: 1, output_mtok: 2 } },
        ],
      },
      { id: "together", models: [{ id: "llama-3", prices: { input_mtok: 1 } }] },
      "junk provider",
    ]),
  });
  assert.deepEqual(read.records.map((r) => r.model), ["gpt-z"]);
  assertCounts(read, {
    read: 6,
    kept: 1,
    skipped: { invalid_record: 3, no_price: 1, not_first_party: 1 },
  });
});

Deno.test("genai-prices: throws NotFound when the source is missing", async () => {
  await assertMissingSourceThrows(adapters[0]!);
});
