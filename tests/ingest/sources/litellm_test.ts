import assert from "node:assert/strict";
import { FIRST_PARTY, SOURCE_PROVIDER_IDS } from "../../../src/ingest/first_party.ts";
import { adapters, litellmAdapter } from "../../../src/ingest/sources/litellm.ts";
import {
  assertCounts,
  assertFields,
  LIST_PRICES,
  readFixture,
  readPricesAt,
  recordById,
} from "./_helpers.ts";

const real = readPricesAt(litellmAdapter);

Deno.test("litellm: reads 2,983 keys and keeps the 423 first-party LLM prices", async () => {
  assertCounts(await real, {
    read: 2983, // every key but last_updated and sample_spec
    kept: 423,
    skipped: {
      not_first_party: 2319,
      not_llm: 196,
      regional_variant: 24,
      not_list_price: 10,
      no_price: 9,
      invalid_record: 2, // fallback_generalizations, and one key without a provider
    },
  });
});

Deno.test("litellm: keeps no reseller or cloud provider key", async () => {
  const { records } = await real;
  for (const r of records) assert.ok(FIRST_PARTY.has(r.provider), r.sourceId);
  const prefixes = ["azure/", "vertex_ai", "openrouter/", "together_ai/", "groq/", "fireworks_ai/"];
  for (const r of records) {
    for (const p of prefixes) assert.ok(!r.sourceId.startsWith(p), r.sourceId);
    assert.ok(!/^(us|eu|apac)\./.test(r.sourceId), r.sourceId);
  }
  assert.ok(!("vertex_ai-language-models" in SOURCE_PROVIDER_IDS.litellm));
  // Perplexity lists Llama and Mistral models too: those are resold, not Perplexity's own.
  const perplexity = records.filter((r) => r.provider === "perplexity").map((r) => r.model);
  assert.ok(perplexity.includes("sonar-pro"));
  assert.ok(!perplexity.some((m) => /llama|mistral|mixtral|gpt|claude|gemini/.test(m)));
});

Deno.test("litellm: converts per-token prices of GPT-4o to USD per million tokens", async () => {
  const { records } = await real;
  assertFields(recordById(records, "gpt-4o"), {
    provider: "openai",
    ...LIST_PRICES.gpt4o,
    contextWindow: 128000,
    maxOutputTokens: 16384,
  });
});

Deno.test("litellm: reads Claude Sonnet 4.5 cache prices, its 200k tier and web search fee", async () => {
  const { records } = await real;
  assertFields(recordById(records, "claude-sonnet-4-5"), LIST_PRICES.claudeSonnet45Full);
});

Deno.test("litellm: strips the gemini/ prefix and reads the Gemini 2.5 Pro 200k tier", async () => {
  const { records } = await real;
  assertFields(recordById(records, "gemini/gemini-2.5-pro"), {
    provider: "google",
    model: "gemini-2.5-pro",
    tiers: LIST_PRICES.gemini25ProTiers,
    webSearchPerCall: 0.035,
  });
});

Deno.test("litellm: takes the medium search-context fee as the web search price per call", async () => {
  const { records } = await real;
  // gpt-4o-mini-search-preview: low 0.025, medium 0.0275, high 0.03 per query
  assert.equal(recordById(records, "gpt-4o-mini-search-preview").webSearchPerCall, 0.0275);
  assert.equal(records.filter((r) => r.webSearchPerCall !== undefined).length, 56);
});

Deno.test("litellm: turns DashScope tiered_pricing into long-context tiers", async () => {
  const { records } = await real;
  assertFields(recordById(records, "dashscope/qwen3-max"), {
    provider: "alibaba",
    inputPerMTok: 1.2,
    outputPerMTok: 6,
    tiers: [
      { thresholdTokens: 32000, inputPerMTok: 2.4, outputPerMTok: 12 },
      { thresholdTokens: 128000, inputPerMTok: 3, outputPerMTok: 15 },
    ],
  });
});

Deno.test("litellm: marks a model deprecated once its deprecation_date has passed", async () => {
  const { records } = await real;
  assert.equal(recordById(records, "claude-3-7-sonnet-20250219").deprecated, true); // 2026-02-19
  assert.equal(recordById(records, "claude-sonnet-4-5").deprecated, undefined);
  const early = await readPricesAt(litellmAdapter, new Date("2026-01-01T00:00:00Z"));
  assert.equal(recordById(early.records, "claude-3-7-sonnet-20250219").deprecated, undefined);
});

Deno.test("litellm: dates every record by the mirror's last_updated sync (synced, file)", async () => {
  const { records } = await real;
  for (const r of records) {
    assert.deepEqual([r.statedAt, r.dateKind, r.dateBasis], ["2026-07-24", "synced", "file"]);
    assert.match(r.dateMeaning!, /last_updated.*not a per-model price check/);
  }
});

Deno.test("litellm: counts broken entries without throwing", async () => {
  const read = await readFixture(adapters[0]!, {
    "llm-prices/litellm/model_prices_and_context_window.json": JSON.stringify({
      last_updated: "2026-07-24T00:00:00Z",
      sample_spec: { litellm_provider: "one of", mode: "chat" },
      "gpt-x": { litellm_provider: "openai", mode: "chat", input_cost_per_token: 1e-6 },
      "gpt-y": { litellm_provider: "openai", mode: "chat" },
      "text-embedding-x": { litellm_provider: "openai", mode: "embedding" },
      "azure/gpt-x": { litellm_provider: "azure", mode: "chat", input_cost_per_token: 1e-6 },
      broken: "not an object",
    }),
  });
  assert.deepEqual(read.records.map((r) => [r.model, r.inputPerMTok]), [["gpt-x", 1]]);
  assertCounts(read, {
    read: 5,
    kept: 1,
    skipped: { no_price: 1, not_llm: 1, not_first_party: 1, invalid_record: 1 },
  });
});
