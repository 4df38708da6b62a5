import assert from "node:assert/strict";
import {
  FIRST_PARTY_TABLE,
  mergePrices,
  normalizeModelId,
  priceKey,
  pricesAgree,
} from "../../src/ingest/merge_prices.ts";
import { SourceReport } from "../../src/ingest/report.ts";
import { genaiPricesAdapter } from "../../src/ingest/sources/genai_prices.ts";
import { litellmAdapter } from "../../src/ingest/sources/litellm.ts";
import { modelsDevAdapter } from "../../src/ingest/sources/models_dev.ts";
import { openrouterAdapter } from "../../src/ingest/sources/openrouter.ts";
import { simonwAdapter } from "../../src/ingest/sources/simonw_llm_prices.ts";
import type { SourceAdapter } from "../../src/ingest/types.ts";
import { SOURCES_DIR } from "../_helpers.ts";
import type { CatalogPrice, SourcePrice } from "../../src/model/price.ts";

function rec(source: string, model: string, fields: Partial<SourcePrice> = {}): SourcePrice {
  return {
    source,
    sourceId: `${source}:${model}`,
    provider: "openai",
    model,
    ...fields,
  };
}

function only(prices: CatalogPrice[], id: string): CatalogPrice {
  const p = prices.find((x) => x.id === id);
  assert.ok(p, `missing ${id}`);
  return p;
}

Deno.test("merge: takes each field from the highest-priority source and records its provenance", () => {
  const { prices } = mergePrices([
    rec("litellm", "gpt-x", { inputPerMTok: 1, outputPerMTok: 4, contextWindow: 1000 }),
    rec("models-dev", "gpt-x", { inputPerMTok: 1, outputPerMTok: 4, cacheReadPerMTok: 0.1 }),
    rec("genai-prices", "gpt-x", { inputPerMTok: 1, outputPerMTok: 4, name: "GPT X" }),
    rec("simonw-llm-prices", "gpt-x", { name: "GPT-X (simonw)", cacheReadPerMTok: 0.2 }),
  ]);
  assert.equal(prices.length, 1);
  const p = prices[0]!;
  assert.equal(p.id, "openai/gpt-x");
  assert.equal(p.providerName, "OpenAI");
  assert.equal(p.name, "GPT X");
  assert.equal(p.cacheReadPerMTok, 0.2);
  assert.equal(p.contextWindow, 1000);
  assert.deepEqual(p.provenance, {
    name: "genai-prices",
    inputPerMTok: "genai-prices",
    outputPerMTok: "genai-prices",
    cacheReadPerMTok: "simonw-llm-prices",
    contextWindow: "litellm",
    pricingUrl: FIRST_PARTY_TABLE,
  });
  assert.equal(p.pricingUrl, "https://openai.com/api/pricing/");
  assert.deepEqual(p.sources.map((s) => s.source), [
    "genai-prices",
    "simonw-llm-prices",
    "models-dev",
    "litellm",
  ]);
});

Deno.test("merge: lists sources agreeing within 0.5% as corroborating, others as a disagreement", () => {
  const { prices, stats } = mergePrices([
    rec("genai-prices", "gpt-x", { inputPerMTok: 3, outputPerMTok: 15 }),
    rec("simonw-llm-prices", "gpt-x", { inputPerMTok: 3.01, outputPerMTok: 15 }),
    rec("litellm", "gpt-x", { inputPerMTok: 3.2, outputPerMTok: 15 }),
  ]);
  const p = prices[0]!;
  assert.equal(p.inputPerMTok, 3);
  assert.deepEqual(p.corroboratedBy, ["simonw-llm-prices"]);
  assert.deepEqual(p.disagreements, [
    {
      field: "inputPerMTok",
      values: [
        { source: "genai-prices", value: 3 },
        { source: "simonw-llm-prices", value: 3.01 },
        { source: "litellm", value: 3.2 },
      ],
    },
  ]);
  assert.equal(stats.corroborated, 1);
  assert.equal(stats.withDisagreement, 1);
  assert.ok(pricesAgree(100, 100.5));
  assert.ok(!pricesAgree(100, 100.6));
  assert.ok(pricesAgree(0, 0));
});

Deno.test("merge: never chooses an OpenRouter value, but uses it to corroborate and to disagree", () => {
  const { prices, stats } = mergePrices([
    rec("openrouter", "gpt-x", { inputPerMTok: 2, outputPerMTok: 8, webSearchPerCall: 0.01 }),
    rec("litellm", "gpt-x", { inputPerMTok: 2, outputPerMTok: 8 }),
    rec("openrouter", "gpt-y", { inputPerMTok: 9, outputPerMTok: 9, contextWindow: 5 }),
    rec("models-dev", "gpt-y", { inputPerMTok: 1, outputPerMTok: 2 }),
    rec("openrouter", "gpt-only-on-openrouter", { inputPerMTok: 1, outputPerMTok: 1 }),
  ]);
  assert.deepEqual(prices.map((p) => p.id), ["openai/gpt-x", "openai/gpt-y"]);
  const x = only(prices, "openai/gpt-x");
  assert.equal(x.webSearchPerCall, undefined);
  assert.deepEqual(x.corroboratedBy, ["openrouter"]);
  const y = only(prices, "openai/gpt-y");
  assert.equal(y.inputPerMTok, 1);
  assert.equal(y.contextWindow, undefined);
  assert.deepEqual(y.disagreements.map((d) => d.field), ["inputPerMTok", "outputPerMTok"]);
  assert.deepEqual(y.disagreements[0]!.values, [
    { source: "models-dev", value: 1 },
    { source: "openrouter", value: 9 },
  ]);
  for (const p of prices) assert.ok(!Object.values(p.provenance).includes("openrouter"));
  assert.equal(stats.crossCheckOnlyDropped, 1);
  assert.equal(stats.input, 5);
  assert.equal(stats.output, 2);
  assert.equal(stats.merged, 2);
});

Deno.test("merge: verifiedAt comes with its meaning from the input price's source, else the latest", () => {
  const { prices } = mergePrices([
    rec("genai-prices", "gpt-x", {
      inputPerMTok: 1,
      verifiedAt: "2026-01-01",
      verifiedMeaning: "checked",
    }),
    rec("litellm", "gpt-x", { inputPerMTok: 1, verifiedAt: "2026-07-24T00:00:00.000Z" }),
    rec("genai-prices", "gpt-y", { inputPerMTok: 1 }),
    rec("models-dev", "gpt-y", { verifiedAt: "2025-01-01", verifiedMeaning: "release" }),
    rec("litellm", "gpt-y", { verifiedAt: "2026-07-24T00:00:00.000Z", verifiedMeaning: "mirror" }),
  ]);
  const x = only(prices, "openai/gpt-x");
  assert.deepEqual([x.verifiedAt, x.verifiedMeaning, x.provenance.verifiedAt], [
    "2026-01-01",
    "checked",
    "genai-prices",
  ]);
  const y = only(prices, "openai/gpt-y");
  assert.deepEqual([y.verifiedAt, y.verifiedMeaning, y.provenance.verifiedAt], [
    "2026-07-24T00:00:00.000Z",
    "mirror",
    "litellm",
  ]);
});

Deno.test("merge: normalizes provider prefixes and clear aliases but keeps dated snapshots apart", () => {
  assert.equal(normalizeModelId("google", "gemini/Gemini-2.5-Pro"), "gemini-2.5-pro");
  assert.equal(normalizeModelId("google", "models/gemini-2.5-pro"), "gemini-2.5-pro");
  assert.equal(normalizeModelId("google", "gemini-3-1-pro-preview"), "gemini-3.1-pro-preview");
  assert.equal(normalizeModelId("anthropic", "claude-sonnet-4.5"), "claude-sonnet-4-5");
  assert.equal(normalizeModelId("anthropic", "claude-4.5-haiku"), "claude-haiku-4-5");
  assert.equal(normalizeModelId("anthropic", "claude-4-opus-20250514"), "claude-opus-4-20250514");
  assert.equal(normalizeModelId("anthropic", "claude-3.5-sonnet"), "claude-3-5-sonnet");
  assert.notEqual(
    normalizeModelId("anthropic", "claude-3.5-sonnet"),
    normalizeModelId("anthropic", "claude-3-5-sonnet-20241022"),
  );
  assert.equal(normalizeModelId("amazon", "amazon.nova-pro-v1:0"), "nova-pro");
  assert.equal(normalizeModelId("amazon", "amazon-nova/nova-pro-v1"), "nova-pro");
  assert.equal(normalizeModelId("amazon", "amazon-nova-pro"), "nova-pro");
  assert.equal(normalizeModelId("amazon", "global.amazon.nova-2-lite-v1:0"), "nova-2-lite");
  assert.equal(normalizeModelId("openai", "gpt-4o-2024-08-06"), "gpt-4o-2024-08-06");
  assert.equal(priceKey({ provider: "xai", model: "xai/grok-4" }), "xai/grok-4");

  const { prices } = mergePrices([
    { ...rec("simonw-llm-prices", "claude-sonnet-4.5"), provider: "anthropic", inputPerMTok: 3 },
    { ...rec("litellm", "claude-sonnet-4-5"), provider: "anthropic", inputPerMTok: 3 },
    { ...rec("models-dev", "claude-3-5-sonnet-20241022"), provider: "anthropic", inputPerMTok: 3 },
  ]);
  assert.deepEqual(prices.map((p) => [p.id, p.sources.length]), [
    ["anthropic/claude-3-5-sonnet-20241022", 1],
    ["anthropic/claude-sonnet-4-5", 2],
  ]);
});

Deno.test("merge: output is sorted and the same whatever the input order", () => {
  const records = [
    rec("litellm", "gpt-b", { inputPerMTok: 1, outputPerMTok: 2 }),
    { ...rec("genai-prices", "claude-x"), provider: "anthropic", inputPerMTok: 5 },
    rec("models-dev", "gpt-a", { inputPerMTok: 1, outputPerMTok: 2.5 }),
    rec("genai-prices", "gpt-a", { inputPerMTok: 1, outputPerMTok: 2 }),
    rec("openrouter", "gpt-a", { inputPerMTok: 1.1, outputPerMTok: 2 }),
    rec("litellm", "gpt-a", { inputPerMTok: 1, outputPerMTok: 2 }),
  ];
  const a = mergePrices(records);
  const b = mergePrices([...records].reverse());
  assert.deepEqual(a, b);
  assert.deepEqual(a.prices.map((p) => p.id), [
    "anthropic/claude-x",
    "openai/gpt-a",
    "openai/gpt-b",
  ]);
});

Deno.test("merge: counts entries with web search fees, long-context tiers and cached input", () => {
  const { stats } = mergePrices([
    rec("genai-prices", "gpt-a", {
      inputPerMTok: 1,
      cacheReadPerMTok: 0.1,
      webSearchPerCall: 0.01,
      tiers: [{ thresholdTokens: 200000, inputPerMTok: 2 }],
    }),
    rec("litellm", "gpt-b", { inputPerMTok: 1 }),
  ]);
  assert.deepEqual(stats, {
    input: 2,
    output: 2,
    merged: 0,
    multiSource: 0,
    corroborated: 0,
    withDisagreement: 0,
    withWebSearchFee: 1,
    withLongContextTiers: 1,
    withCachedInput: 1,
    crossCheckOnlyDropped: 0,
    byProvider: { openai: 2 },
  });
});

const NOW = new Date("2026-11-22T12:00:00Z");

async function realRecords(): Promise<SourcePrice[]> {
  const adapters: SourceAdapter<SourcePrice>[] = [
    genaiPricesAdapter({ now: NOW }),
    simonwAdapter({ now: NOW }),
    modelsDevAdapter,
    litellmAdapter({ now: NOW }),
    openrouterAdapter,
  ];
  const out: SourcePrice[] = [];
  for (const a of adapters) out.push(...await a.read(SOURCES_DIR, new SourceReport(a.info.id)));
  return out;
}

Deno.test("merge: merges the real sources into 619 first-party model prices", async () => {
  const records = await realRecords();
  const { prices, stats } = mergePrices(records);
  assert.deepEqual(stats, {
    input: 1293,
    output: 619,
    merged: 609,
    multiSource: 310,
    corroborated: 264,
    withDisagreement: 100,
    withWebSearchFee: 57,
    withLongContextTiers: 71,
    withCachedInput: 280,
    crossCheckOnlyDropped: 65,
    byProvider: {
      ai21: 12,
      alibaba: 70,
      amazon: 13,
      anthropic: 40,
      cohere: 18,
      deepseek: 10,
      google: 66,
      inception: 2,
      meta: 10,
      minimax: 13,
      mistral: 77,
      moonshot: 26,
      openai: 165,
      perplexity: 17,
      poolside: 2,
      sakana: 2,
      sarvam: 1,
      upstage: 3,
      xai: 47,
      xiaomi: 6,
      zai: 19,
    },
  });
  assert.equal(new Set(prices.map((p) => p.id)).size, prices.length);
  for (const p of prices) {
    assert.ok(!Object.values(p.provenance).includes("openrouter"), p.id);
    assert.equal(p.sources.length >= 1, true);
  }

  const sonnet = only(prices, "anthropic/claude-sonnet-4-5");
  assert.equal(sonnet.inputPerMTok, 3);
  assert.equal(sonnet.outputPerMTok, 15);
  assert.equal(sonnet.cacheReadPerMTok, 0.3);
  assert.equal(sonnet.webSearchPerCall, 0.01);
  assert.equal(sonnet.provenance.inputPerMTok, "genai-prices");
  assert.deepEqual(sonnet.corroboratedBy, [
    "simonw-llm-prices",
    "models-dev",
    "litellm",
    "openrouter",
  ]);
  assert.equal(sonnet.sources.length, 5);
  assert.equal(sonnet.verifiedAt, "2026-07-29");

  const gemini = only(prices, "google/gemini-2.5-pro");
  assert.deepEqual(gemini.tiers?.[0], {
    thresholdTokens: 200000,
    inputPerMTok: 2.5,
    outputPerMTok: 15,
    cacheReadPerMTok: 0.25,
  });

  // Claude Sonnet 5's launch price ended on 2026-09-01; two sources still have it.
  const sonnet5 = only(prices, "anthropic/claude-sonnet-5");
  assert.equal(sonnet5.inputPerMTok, 3);
  assert.deepEqual(sonnet5.disagreements.find((d) => d.field === "inputPerMTok")?.values, [
    { source: "genai-prices", value: 3 },
    { source: "simonw-llm-prices", value: 3 },
    { source: "models-dev", value: 2 },
    { source: "litellm", value: 2 },
  ]);
});
