import assert from "node:assert/strict";
import {
  describePriceDecisions,
  FIRST_PARTY_TABLE,
  mergePrices,
  normalizeModelId,
  priceKey,
  pricesAgree,
  resolveNewest,
  SAME_AGE_DAYS,
  sameFigure,
} from "../../src/ingest/merge_prices.ts";
import { SourceReport } from "../../src/ingest/report.ts";
import { genaiPricesAdapter } from "../../src/ingest/sources/genai_prices.ts";
import { litellmAdapter } from "../../src/ingest/sources/litellm.ts";
import { modelsDevAdapter } from "../../src/ingest/sources/models_dev.ts";
import { openrouterAdapter } from "../../src/ingest/sources/openrouter.ts";
import { simonwAdapter } from "../../src/ingest/sources/simonw_llm_prices.ts";
import type { SourceAdapter } from "../../src/ingest/types.ts";
import { SOURCES_DIR } from "../_helpers.ts";
import type { CatalogPrice, DateBasis, DateKind, SourcePrice } from "../../src/model/price.ts";

function rec(source: string, model: string, fields: Partial<SourcePrice> = {}): SourcePrice {
  return {
    source,
    sourceId: `${source}:${model}`,
    provider: "openai",
    model,
    ...fields,
  };
}

/** A record dated `day` with the given kind and basis. */
function dated(
  source: string,
  model: string,
  day: string,
  kind: DateKind,
  basis: DateBasis,
  fields: Partial<SourcePrice> = {},
): SourcePrice {
  return rec(source, model, {
    statedAt: day,
    dateKind: kind,
    dateBasis: basis,
    dateMeaning: `${source} ${kind}`,
    ...fields,
  });
}

function only(prices: CatalogPrice[], id: string): CatalogPrice {
  const p = prices.find((x) => x.id === id);
  assert.ok(p, `missing ${id}`);
  return p;
}

function statuses(p: CatalogPrice): string[] {
  return (p.statements ?? []).map((s) => `${s.source}:${s.status}`);
}

Deno.test("mergePrices() takes the headline from the newest dated statement, older ones superseded", () => {
  // DeepSeek Chat: the September 2025 cut is only in the newest source.
  const { prices, stats } = mergePrices([
    dated("genai-prices", "ds", "2025-07-12", "checked", "record", {
      inputPerMTok: 0.27,
      outputPerMTok: 1.1,
      cacheReadPerMTok: 0.07,
    }),
    dated("simonw-llm-prices", "ds", "2025-02-08", "effective", "record", {
      inputPerMTok: 0.27,
      outputPerMTok: 1.1,
    }),
    dated("litellm", "ds", "2026-07-24", "synced", "file", {
      inputPerMTok: 0.28,
      outputPerMTok: 0.42,
      cacheReadPerMTok: 0.028,
    }),
  ]);
  const p = only(prices, "openai/ds");
  assert.deepEqual([p.inputPerMTok, p.outputPerMTok, p.cacheReadPerMTok], [0.28, 0.42, 0.028]);
  assert.equal(p.provenance.inputPerMTok, "litellm");
  assert.equal(p.provenance.cacheReadPerMTok, "litellm");
  assert.equal(p.headlineRule, "newest");
  assert.deepEqual(statuses(p), [
    "litellm:chosen",
    "genai-prices:superseded",
    "simonw-llm-prices:superseded",
  ]);
  assert.deepEqual(p.statements?.map((s) => s.statedAt), [
    "2026-07-24",
    "2025-07-12",
    "2025-02-08",
  ]);
  // The check was of another figure: no verifiedAt, the sync date with its kind instead.
  assert.equal(p.verifiedAt, undefined);
  assert.deepEqual([p.asOf, p.dateKind, p.dateMeaning], ["2026-07-24", "synced", "litellm synced"]);
  assert.deepEqual(stats.headlineRule, { newest: 1 });
  assert.deepEqual(stats.statements, { chosen: 1, superseded: 2 });
  assert.equal(stats.withSupersededStatement, 1);
  assert.equal(
    describePriceDecisions(stats),
    "headline by rule: newest 1; date kinds: synced 1; statements: chosen 1, superseded 2; " +
      "verified 0, web-search fee 0, deprecated 0 (retired 0)",
  );
});

Deno.test("mergePrices() ranks a statement dated only by its dump after dated ones", () => {
  // Mistral Large: simonw's undated 2 / 6 is in a newer dump than LiteLLM's sync.
  const { prices } = mergePrices([
    dated("simonw-llm-prices", "large", "2026-08-05", "synced", "dump", {
      inputPerMTok: 2,
      outputPerMTok: 6,
    }),
    dated("models-dev", "large", "2025-12-02", "released", "record", {
      inputPerMTok: 0.5,
      outputPerMTok: 1.5,
    }),
    dated("litellm", "large", "2026-07-24", "synced", "file", {
      inputPerMTok: 0.5,
      outputPerMTok: 1.5,
    }),
    // Only dump-dated statements: the newest of them wins.
    dated("simonw-llm-prices", "old", "2026-08-05", "synced", "dump", { inputPerMTok: 1 }),
    dated("genai-prices", "old", "2026-08-21", "synced", "dump", { inputPerMTok: 2 }),
  ]);
  const large = only(prices, "openai/large");
  assert.deepEqual([large.inputPerMTok, large.outputPerMTok], [0.5, 1.5]);
  assert.deepEqual(statuses(large), [
    "litellm:chosen",
    "models-dev:agrees",
    "simonw-llm-prices:superseded",
  ]);
  assert.equal(only(prices, "openai/old").inputPerMTok, 2);
});

Deno.test("mergePrices() decides statements of about the same age by agreement, then newest, then priority", () => {
  const within = `2026-07-${String(24 - SAME_AGE_DAYS).padStart(2, "0")}`;
  const { prices } = mergePrices([
    // Three sources within a week: two say 1 / 2, the newest says 5 / 6.
    dated("genai-prices", "a", "2026-07-24", "checked", "record", {
      inputPerMTok: 5,
      outputPerMTok: 6,
    }),
    dated("litellm", "a", "2026-07-20", "synced", "file", { inputPerMTok: 1, outputPerMTok: 2 }),
    dated("models-dev", "a", within, "released", "record", { inputPerMTok: 1, outputPerMTok: 2 }),
    // One against one: the newer wins.
    dated("litellm", "b", "2026-07-24", "synced", "file", { inputPerMTok: 1, outputPerMTok: 2 }),
    dated("genai-prices", "b", "2026-07-22", "checked", "record", {
      inputPerMTok: 3,
      outputPerMTok: 4,
    }),
    // The same day, one against one: source priority (genai-prices first).
    dated("litellm", "c", "2026-07-24", "synced", "file", { inputPerMTok: 1, outputPerMTok: 2 }),
    dated("genai-prices", "c", "2026-07-24", "checked", "record", {
      inputPerMTok: 3,
      outputPerMTok: 4,
    }),
    // Older than a week: no vote, the newest wins although two older sources agree.
    dated("litellm", "d", "2026-07-24", "synced", "file", { inputPerMTok: 9, outputPerMTok: 9 }),
    dated("genai-prices", "d", "2026-07-01", "checked", "record", {
      inputPerMTok: 1,
      outputPerMTok: 2,
    }),
    dated("models-dev", "d", "2026-06-01", "released", "record", {
      inputPerMTok: 1,
      outputPerMTok: 2,
    }),
  ]);
  const a = only(prices, "openai/a");
  assert.deepEqual([a.inputPerMTok, a.headlineRule, a.provenance.inputPerMTok], [
    1,
    "agreement",
    "litellm",
  ]);
  assert.deepEqual(statuses(a), ["genai-prices:overruled", "litellm:chosen", "models-dev:agrees"]);
  const b = only(prices, "openai/b");
  assert.deepEqual([b.inputPerMTok, b.headlineRule], [1, "newest"]);
  assert.deepEqual(statuses(b), ["litellm:chosen", "genai-prices:overruled"]);
  const c = only(prices, "openai/c");
  assert.deepEqual([c.inputPerMTok, c.headlineRule, c.verifiedAt], [3, "priority", "2026-07-24"]);
  const d = only(prices, "openai/d");
  assert.deepEqual([d.inputPerMTok, d.headlineRule], [9, "newest"]);
  assert.deepEqual(statuses(d), [
    "litellm:chosen",
    "genai-prices:superseded",
    "models-dev:superseded",
  ]);
});

Deno.test("mergePrices() demotes records of one source that contradict each other", () => {
  const { prices } = mergePrices([
    dated("litellm", "code", "2026-07-24", "synced", "file", {
      sourceId: "codestral/code",
      inputPerMTok: 0,
      outputPerMTok: 0,
    }),
    dated("litellm", "code", "2026-07-24", "synced", "file", {
      sourceId: "mistral/code",
      inputPerMTok: 1,
      outputPerMTok: 3,
    }),
    dated("models-dev", "code", "2025-01-04", "released", "record", {
      inputPerMTok: 0.3,
      outputPerMTok: 0.9,
    }),
  ]);
  const p = only(prices, "openai/code");
  assert.deepEqual([p.inputPerMTok, p.outputPerMTok, p.provenance.inputPerMTok], [
    0.3,
    0.9,
    "models-dev",
  ]);
});

Deno.test("mergePrices() dateKind checked: verifiedAt is the check of the headline figure", () => {
  const { prices, stats } = mergePrices([
    // A newer sync chose the figure; an older real check of the same figure verifies it.
    dated("litellm", "x", "2026-07-24", "synced", "file", { inputPerMTok: 2, outputPerMTok: 8 }),
    dated("genai-prices", "x", "2025-07-12", "checked", "record", {
      inputPerMTok: 2,
      outputPerMTok: 8,
    }),
  ]);
  const x = only(prices, "openai/x");
  assert.equal(x.provenance.inputPerMTok, "litellm");
  assert.deepEqual([x.verifiedAt, x.asOf, x.dateKind, x.verifiedMeaning], [
    "2025-07-12",
    "2025-07-12",
    "checked",
    "genai-prices checked",
  ]);
  assert.equal(x.provenance.verifiedAt, "genai-prices");
  assert.deepEqual([stats.verified, stats.byDateKind], [1, { checked: 1 }]);
});

for (
  const [kind, basis, source] of [
    ["effective", "record", "simonw-llm-prices"],
    ["released", "record", "models-dev"],
    ["synced", "file", "litellm"],
    ["synced", "dump", "simonw-llm-prices"],
  ] as const
) {
  Deno.test(`mergePrices() dateKind ${kind} (${basis}): asOf with its kind, never verifiedAt`, () => {
    const { prices, stats } = mergePrices([
      dated(source, "y", "2026-03-01", kind, basis, { inputPerMTok: 1, outputPerMTok: 2 }),
    ]);
    const y = only(prices, "openai/y");
    assert.deepEqual([y.asOf, y.dateKind, y.dateMeaning], [
      "2026-03-01",
      kind,
      `${source} ${kind}`,
    ]);
    assert.equal(y.verifiedAt, undefined);
    assert.equal(y.verifiedMeaning, undefined);
    assert.equal(y.provenance.asOf, source);
    assert.deepEqual([stats.verified, stats.byDateKind, stats.headlineRule], [
      0,
      { [kind]: 1 },
      { only: 1 },
    ]);
  });
}

Deno.test("mergePrices() takes web-search fees from every source, OpenRouter's pass-through included", () => {
  const { prices, stats } = mergePrices([
    dated("openrouter", "gpt-x", "2026-05-15", "synced", "dump", {
      inputPerMTok: 2,
      outputPerMTok: 8,
      webSearchPerCall: 0.01,
    }),
    dated("litellm", "gpt-x", "2026-07-24", "synced", "file", {
      inputPerMTok: 2,
      outputPerMTok: 8,
    }),
    dated("genai-prices", "gpt-z", "2026-07-29", "checked", "record", {
      inputPerMTok: 3,
      outputPerMTok: 15,
      webSearchPerCall: 0.01,
    }),
    dated("openrouter", "gpt-z", "2026-05-15", "synced", "dump", {
      inputPerMTok: 3,
      outputPerMTok: 15,
      webSearchPerCall: 0.02,
    }),
  ]);
  const x = only(prices, "openai/gpt-x");
  assert.deepEqual([x.webSearchPerCall, x.provenance.webSearchPerCall], [0.01, "openrouter"]);
  assert.equal(x.provenance.inputPerMTok, "litellm");
  const z = only(prices, "openai/gpt-z");
  assert.deepEqual([z.webSearchPerCall, z.provenance.webSearchPerCall], [0.01, "genai-prices"]);
  assert.deepEqual([stats.withWebSearchFee, stats.webSearchFromOpenRouter], [2, 1]);
});

Deno.test("mergePrices() flags deprecated and retired models with their evidence", () => {
  const { prices, stats } = mergePrices([
    { ...rec("litellm", "j2-mid", { inputPerMTok: 10, outputPerMTok: 10 }), provider: "ai21" },
    rec("models-dev", "old", { inputPerMTok: 1, deprecated: true }),
    rec("litellm", "old", { inputPerMTok: 1 }),
    rec("litellm", "new", { inputPerMTok: 1 }),
  ]);
  const j2 = only(prices, "ai21/j2-mid");
  assert.deepEqual([j2.retired, j2.deprecated], [true, true]);
  assert.match(j2.lifecycleEvidence![0]!, /^retired 2024-11-14: https:\/\/docs\.ai21\.com/);
  const old = only(prices, "openai/old");
  assert.deepEqual([old.deprecated, old.retired, old.lifecycleEvidence], [
    true,
    undefined,
    ["models-dev: deprecated"],
  ]);
  assert.equal(only(prices, "openai/new").deprecated, undefined);
  assert.deepEqual([stats.deprecated, stats.retired], [2, 1]);
});

Deno.test("mergePrices() lists sources agreeing within 0.5% as corroborating, others as a disagreement", () => {
  const { prices, stats } = mergePrices([
    dated("genai-prices", "gpt-x", "2026-07-01", "checked", "record", {
      inputPerMTok: 3,
      outputPerMTok: 15,
    }),
    dated("simonw-llm-prices", "gpt-x", "2026-06-01", "effective", "record", {
      inputPerMTok: 3.01,
      outputPerMTok: 15,
    }),
    dated("litellm", "gpt-x", "2026-05-01", "synced", "file", {
      inputPerMTok: 3.2,
      outputPerMTok: 15,
    }),
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
  assert.ok(sameFigure({ inputPerMTok: 1, outputPerMTok: 2 }, { inputPerMTok: 1 }));
  assert.ok(!sameFigure({ inputPerMTok: 1 }, { outputPerMTok: 1 }));
  assert.equal(resolveNewest([], sameFigure), undefined);
});

Deno.test("mergePrices() never chooses an OpenRouter token price, but uses it to corroborate and to disagree", () => {
  const { prices, stats } = mergePrices([
    dated("openrouter", "gpt-x", "2026-09-01", "synced", "record", {
      inputPerMTok: 2,
      outputPerMTok: 8,
    }),
    dated("litellm", "gpt-x", "2026-07-24", "synced", "file", {
      inputPerMTok: 2,
      outputPerMTok: 8,
    }),
    dated("openrouter", "gpt-y", "2026-09-01", "synced", "record", {
      inputPerMTok: 9,
      outputPerMTok: 9,
      contextWindow: 5,
    }),
    rec("models-dev", "gpt-y", { inputPerMTok: 1, outputPerMTok: 2 }),
    rec("openrouter", "gpt-only-on-openrouter", { inputPerMTok: 1, outputPerMTok: 1 }),
  ]);
  assert.deepEqual(prices.map((p) => p.id), ["openai/gpt-x", "openai/gpt-y"]);
  const x = only(prices, "openai/gpt-x");
  assert.deepEqual(x.corroboratedBy, ["openrouter"]);
  const y = only(prices, "openai/gpt-y");
  assert.equal(y.inputPerMTok, 1);
  assert.equal(y.contextWindow, undefined);
  // A cross-check statement newer than the chosen one is overruled, not superseded.
  assert.deepEqual(statuses(y), ["openrouter:overruled", "models-dev:chosen"]);
  assert.deepEqual(y.disagreements.map((d) => d.field), ["inputPerMTok", "outputPerMTok"]);
  for (const p of prices) assert.ok(!Object.values(p.provenance).includes("openrouter"));
  assert.equal(stats.crossCheckOnlyDropped, 1);
  assert.equal(stats.input, 5);
  assert.equal(stats.output, 2);
  assert.equal(stats.merged, 2);
});

Deno.test("mergePrices() takes descriptive fields by source priority and falls back to the provider's page", () => {
  const { prices } = mergePrices([
    rec("litellm", "gpt-x", { name: "gpt x", inputPerMTok: 1, outputPerMTok: 4 }),
    rec("genai-prices", "gpt-x", { name: "GPT X", releaseDate: "2026-01-01" }),
  ]);
  const p = prices[0]!;
  assert.deepEqual([p.name, p.releaseDate, p.pricingUrl], [
    "GPT X",
    "2026-01-01",
    "https://openai.com/api/pricing/",
  ]);
  assert.deepEqual([p.provenance.name, p.provenance.pricingUrl], [
    "genai-prices",
    FIRST_PARTY_TABLE,
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

Deno.test("mergePrices() merges the real sources into 619 dated first-party model prices", async () => {
  const records = await realRecords();
  for (const r of records) {
    assert.ok(r.statedAt !== undefined && r.dateKind !== undefined, r.sourceId);
  }
  const { prices, stats } = mergePrices(records);
  const { byProvider, ...counts } = stats;
  assert.deepEqual(counts, EXPECTED_REAL_COUNTS);
  assert.equal((byProvider as Record<string, number>).openai, 165);
  assert.equal(new Set(prices.map((p) => p.id)).size, prices.length);
  for (const p of prices) {
    assert.notEqual(p.provenance.inputPerMTok, "openrouter", p.id);
    assert.ok(p.asOf !== undefined && p.dateKind !== undefined, p.id);
    // No row says verified without a real check.
    assert.equal(p.verifiedAt !== undefined, p.dateKind === "checked", p.id);
  }

  // The examples: the newest figures.
  for (const id of ["deepseek/deepseek-chat", "deepseek/deepseek-reasoner"]) {
    const d = only(prices, id);
    assert.deepEqual([d.inputPerMTok, d.outputPerMTok, d.provenance.inputPerMTok], [
      0.28,
      0.42,
      "litellm",
    ]);
    assert.ok(d.statements!.some((s) => s.source === "genai-prices" && s.status === "superseded"));
  }
  const large = only(prices, "mistral/mistral-large-latest");
  assert.deepEqual([large.inputPerMTok, large.outputPerMTok], [0.5, 1.5]);
  assert.deepEqual(
    large.statements!.find((s) => s.source === "simonw-llm-prices"),
    {
      source: "simonw-llm-prices",
      sourceId: "mistral/mistral-large-latest",
      statedAt: "2026-08-05",
      dateKind: "synced",
      dateBasis: "dump",
      inputPerMTok: 2,
      outputPerMTok: 6,
      cacheReadPerMTok: null,
      webSearchPerCall: null,
      status: "superseded",
      crossCheck: false,
    },
  );

  // Web-search fees of OpenAI and xAI (OpenRouter passes the makers' native search fee through).
  assert.equal(only(prices, "openai/o3").webSearchPerCall, 0.01);
  assert.equal(only(prices, "xai/grok-4").webSearchPerCall, 0.005);

  const sonnet = only(prices, "anthropic/claude-sonnet-4-5");
  assert.deepEqual([sonnet.inputPerMTok, sonnet.outputPerMTok, sonnet.cacheReadPerMTok], [
    3,
    15,
    0.3,
  ]);
  assert.equal(sonnet.webSearchPerCall, 0.01);
  assert.equal(sonnet.verifiedAt, "2026-07-29");

  // Gemini 3.6 Flash: the introductory price checked in August beats July's list price.
  assert.equal(only(prices, "google/gemini-3.6-flash").inputPerMTok, 0.75);
  // Claude Sonnet 5's launch price ended on 2026-09-01: the price in force from then wins.
  const sonnet5 = only(prices, "anthropic/claude-sonnet-5");
  assert.deepEqual([sonnet5.inputPerMTok, sonnet5.asOf, sonnet5.dateKind], [
    3,
    "2026-09-01",
    "effective",
  ]);

  for (const id of ["ai21/j2-light", "ai21/j2-mid", "ai21/j2-ultra"]) {
    assert.equal(only(prices, id).retired, true, id);
  }
});

/** Counts of the real merge (the ingest report's `merge.prices`), measured 2026-11-29. */
const EXPECTED_REAL_COUNTS = {
  input: 1293,
  output: 619,
  merged: 609,
  multiSource: 310,
  corroborated: 256,
  withDisagreement: 100,
  withWebSearchFee: 96,
  webSearchFromOpenRouter: 39,
  withLongContextTiers: 71,
  withCachedInput: 280,
  crossCheckOnlyDropped: 65,
  headlineRule: { newest: 228, only: 391 },
  byDateKind: { checked: 191, effective: 1, released: 84, synced: 343 },
  verified: 191,
  statements: { agrees: 508, chosen: 619, overruled: 18, superseded: 83 },
  withSupersededStatement: 29,
  deprecated: 64,
  retired: 3,
};
