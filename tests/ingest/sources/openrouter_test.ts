import assert from "node:assert/strict";
import { FIRST_PARTY } from "../../../src/ingest/first_party.ts";
import { adapters } from "../../../src/ingest/sources/openrouter.ts";
import { assertCounts, assertFields, readFixture, realRead, recordById } from "./_helpers.ts";

const adapter = adapters[0]!;

const real = realRead(adapter);

Deno.test("openrouter: is marked cross-check only, as a reseller", () => {
  assert.equal(adapters[0]!.info.role, "cross-check");
  assert.equal(adapter.info.id, "openrouter");
  assert.equal(adapter.info.license, "MIT (repository)");
});

Deno.test("openrouter: reads 364 models and keeps the 261 made by first-party makers", async () => {
  assertCounts(await real, {
    read: 364,
    kept: 261,
    skipped: { not_first_party: 90, free_variant: 13 },
  });
});

Deno.test("openrouter: attributes each model to its maker, never to OpenRouter", async () => {
  const { records } = await real;
  for (const r of records) {
    assert.ok(FIRST_PARTY.has(r.provider), r.sourceId);
    assert.ok(!r.sourceId.startsWith("openrouter/"), r.sourceId);
    assert.ok(!r.sourceId.endsWith(":free"), r.sourceId);
    assert.ok(!r.model.includes("/"), r.sourceId);
  }
  assert.ok(!records.some((r) => r.sourceId.startsWith("nvidia/")));
  const claude = records.find((r) => r.sourceId === "anthropic/claude-sonnet-4.5");
  assert.deepEqual(
    claude && [claude.provider, claude.model, claude.inputPerMTok, claude.outputPerMTok],
    ["anthropic", "claude-sonnet-4.5", 3, 15],
  );
});

Deno.test("openrouter: converts per-token strings and keeps the per-call web search fee", async () => {
  const { records } = await real;
  assertFields(recordById(records, "google/gemini-2.5-pro"), {
    inputPerMTok: 1.25,
    outputPerMTok: 10,
    cacheReadPerMTok: 0.125,
    webSearchPerCall: 0.014,
    contextWindow: 1048576,
    statedAt: "2026-05-15",
    dateKind: "synced",
    dateBasis: "dump",
  });
  assert.equal(recordById(records, "x-ai/grok-4").webSearchPerCall, 0.005);
});

Deno.test("openrouter: counts broken entries without throwing", async () => {
  const read = await readFixture(adapter, {
    "llm-prices/openrouter/openrouter_models_dump.json": JSON.stringify({
      data: [
        {
          id: "openai/gpt-x",
          pricing: { prompt: "0.000001", completion: "0.000002", web_search: "0" },
        },
        { id: "openai/gpt-y", pricing: { prompt: "-1", completion: "-1" } },
        { id: "openai/gpt-x:free", pricing: { prompt: "0", completion: "0" } },
        { id: "openrouter/auto", pricing: { prompt: "-1", completion: "-1" } },
        { id: "no-slash" },
        42,
      ],
    }),
  });
  assert.deepEqual(read.records.map((r) => [r.model, r.inputPerMTok, r.outputPerMTok]), [
    ["gpt-x", 1, 2],
  ]);
  // A "0" web-search fee means no native search: not read as a free one.
  assert.equal(read.records[0]!.webSearchPerCall, undefined);
  assertCounts(read, {
    read: 6,
    kept: 1,
    skipped: { no_price: 1, free_variant: 1, not_first_party: 1, invalid_record: 2 },
  });
});
