import assert from "node:assert/strict";
import { FIRST_PARTY } from "../../../src/ingest/first_party.ts";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/openrouter.ts";
import { assertBalanced, realRead, withSourceFixture } from "./_helpers.ts";

const adapter = adapters[0]!;

const real = realRead(adapter);

Deno.test("openrouter: is marked cross-check only, as a reseller", () => {
  assert.equal(adapters[0]!.info.role, "cross-check");
  assert.equal(adapter.info.id, "openrouter");
  assert.equal(adapter.info.license, "MIT (repository)");
});

Deno.test("openrouter: reads 364 models and keeps the 261 made by first-party makers", async () => {
  const { records, report } = await real;
  assert.equal(report.counts.read, 364);
  assert.equal(report.counts.kept, 261);
  assert.deepEqual(report.counts.skipped, { not_first_party: 90, free_variant: 13 });
  assertBalanced(report);
  assert.equal(new Set(records.map((r) => r.sourceId)).size, records.length);
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
  const gemini = records.find((r) => r.sourceId === "google/gemini-2.5-pro");
  assert.ok(gemini);
  assert.equal(gemini.inputPerMTok, 1.25);
  assert.equal(gemini.outputPerMTok, 10);
  assert.equal(gemini.cacheReadPerMTok, 0.125);
  assert.equal(gemini.webSearchPerCall, 0.014);
  assert.equal(gemini.contextWindow, 1048576);
  assert.equal(gemini.verifiedAt, undefined);
});

Deno.test("openrouter: counts broken entries without throwing", async () => {
  await withSourceFixture({}, async (root) => {
    await Deno.mkdir(`${root}/llm-prices/openrouter`, { recursive: true });
    await Deno.writeTextFile(
      `${root}/llm-prices/openrouter/openrouter_models_dump.json`,
      JSON.stringify({
        data: [
          { id: "openai/gpt-x", pricing: { prompt: "0.000001", completion: "0.000002" } },
          { id: "openai/gpt-y", pricing: { prompt: "-1", completion: "-1" } },
          { id: "openai/gpt-x:free", pricing: { prompt: "0", completion: "0" } },
          { id: "openrouter/auto", pricing: { prompt: "-1", completion: "-1" } },
          { id: "no-slash" },
          42,
        ],
      }),
    );
    const report = new SourceReport("openrouter");
    const records = await adapter.read(root, report);
    assert.deepEqual(records.map((r) => [r.model, r.inputPerMTok, r.outputPerMTok]), [
      ["gpt-x", 1, 2],
    ]);
    assert.deepEqual(report.counts.skipped, {
      no_price: 1,
      free_variant: 1,
      not_first_party: 1,
      invalid_record: 2,
    });
    assertBalanced(report);
  });
});
