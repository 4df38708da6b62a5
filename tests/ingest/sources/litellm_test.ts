import assert from "node:assert/strict";
import { FIRST_PARTY, SOURCE_PROVIDER_IDS } from "../../../src/ingest/first_party.ts";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters, litellmAdapter } from "../../../src/ingest/sources/litellm.ts";
import { assertBalanced, readSource, recordById, withSourceFixture } from "./_helpers.ts";
import type { SourcePrice } from "../../../src/model/price.ts";

const NOW = new Date("2026-11-22T12:00:00Z");

const readReal = (now = NOW) => readSource(litellmAdapter({ now }));

const real = readReal();

const find = (records: SourcePrice[], sourceId: string) =>
  recordById(records, sourceId, `missing ${sourceId}`);

Deno.test("litellm: reads 2,983 keys and keeps the 423 first-party LLM prices", async () => {
  const { records, report } = await real;
  assert.equal(report.counts.read, 2983); // every key but last_updated and sample_spec
  assert.equal(report.counts.kept, 423);
  assert.deepEqual(report.counts.skipped, {
    not_first_party: 2319,
    not_llm: 196,
    regional_variant: 24,
    not_list_price: 10,
    no_price: 9,
    invalid_record: 2, // fallback_generalizations, and one key without a provider
  });
  assertBalanced(report);
  assert.equal(records.length, 423);
  assert.equal(new Set(records.map((r) => r.sourceId)).size, records.length);
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
  const r = find(records, "gpt-4o");
  assert.equal(r.provider, "openai");
  assert.equal(r.inputPerMTok, 2.5);
  assert.equal(r.outputPerMTok, 10);
  assert.equal(r.cacheReadPerMTok, 1.25);
  assert.equal(r.contextWindow, 128000);
  assert.equal(r.maxOutputTokens, 16384);
});

Deno.test("litellm: reads Claude Sonnet 4.5 cache prices, its 200k tier and web search fee", async () => {
  const { records } = await real;
  const r = find(records, "claude-sonnet-4-5");
  assert.equal(r.inputPerMTok, 3);
  assert.equal(r.outputPerMTok, 15);
  assert.equal(r.cacheReadPerMTok, 0.3);
  assert.equal(r.cacheWritePerMTok, 3.75);
  assert.equal(r.cacheWrite1hPerMTok, 6);
  assert.equal(r.webSearchPerCall, 0.01);
  assert.deepEqual(r.tiers, [
    {
      thresholdTokens: 200000,
      inputPerMTok: 6,
      outputPerMTok: 22.5,
      cacheReadPerMTok: 0.6,
      cacheWritePerMTok: 7.5,
    },
  ]);
});

Deno.test("litellm: strips the gemini/ prefix and reads the Gemini 2.5 Pro 200k tier", async () => {
  const { records } = await real;
  const r = find(records, "gemini/gemini-2.5-pro");
  assert.equal(r.provider, "google");
  assert.equal(r.model, "gemini-2.5-pro");
  assert.deepEqual(r.tiers, [
    { thresholdTokens: 200000, inputPerMTok: 2.5, outputPerMTok: 15, cacheReadPerMTok: 0.25 },
  ]);
  assert.equal(r.webSearchPerCall, 0.035);
});

Deno.test("litellm: takes the medium search-context fee as the web search price per call", async () => {
  const { records } = await real;
  // gpt-4o-mini-search-preview: low 0.025, medium 0.0275, high 0.03 per query
  assert.equal(find(records, "gpt-4o-mini-search-preview").webSearchPerCall, 0.0275);
  assert.equal(records.filter((r) => r.webSearchPerCall !== undefined).length, 56);
});

Deno.test("litellm: turns DashScope tiered_pricing into long-context tiers", async () => {
  const { records } = await real;
  const r = find(records, "dashscope/qwen3-max");
  assert.equal(r.provider, "alibaba");
  assert.equal(r.inputPerMTok, 1.2);
  assert.equal(r.outputPerMTok, 6);
  assert.deepEqual(r.tiers, [
    { thresholdTokens: 32000, inputPerMTok: 2.4, outputPerMTok: 12 },
    { thresholdTokens: 128000, inputPerMTok: 3, outputPerMTok: 15 },
  ]);
});

Deno.test("litellm: marks a model deprecated once its deprecation_date has passed", async () => {
  const { records } = await real;
  assert.equal(find(records, "claude-3-7-sonnet-20250219").deprecated, true); // 2026-02-19
  assert.equal(find(records, "claude-sonnet-4-5").deprecated, undefined);
  const early = await readReal(new Date("2026-01-01T00:00:00Z"));
  assert.equal(find(early.records, "claude-3-7-sonnet-20250219").deprecated, undefined);
});

Deno.test("litellm: verifiedAt is the mirror's last_updated time, and says so", async () => {
  const { records } = await real;
  for (const r of records) {
    assert.equal(r.verifiedAt, "2026-07-24T18:23:43.215Z");
    assert.match(r.verifiedMeaning!, /last_updated/);
  }
});

Deno.test("litellm: counts broken entries without throwing", async () => {
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/llm-prices/litellm`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/llm-prices/litellm/model_prices_and_context_window.json`,
      JSON.stringify({
        last_updated: "2026-07-24T00:00:00Z",
        sample_spec: { litellm_provider: "one of", mode: "chat" },
        "gpt-x": { litellm_provider: "openai", mode: "chat", input_cost_per_token: 1e-6 },
        "gpt-y": { litellm_provider: "openai", mode: "chat" },
        "text-embedding-x": { litellm_provider: "openai", mode: "embedding" },
        "azure/gpt-x": { litellm_provider: "azure", mode: "chat", input_cost_per_token: 1e-6 },
        broken: "not an object",
      }),
    );
    const report = new SourceReport("litellm");
    const records = await adapters[0]!.read(root, report);
    assert.deepEqual(records.map((r) => [r.model, r.inputPerMTok]), [["gpt-x", 1]]);
    assert.deepEqual(report.counts.skipped, {
      no_price: 1,
      not_llm: 1,
      not_first_party: 1,
      invalid_record: 1,
    });
    assert.equal(report.counts.read, 5);
    assertBalanced(report);
  });
});
