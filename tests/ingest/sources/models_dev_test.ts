import assert from "node:assert/strict";
import { FIRST_PARTY, SOURCE_PROVIDER_IDS } from "../../../src/ingest/first_party.ts";
import { SourceReport } from "../../../src/ingest/report.ts";
import { adapters } from "../../../src/ingest/sources/models_dev.ts";
import { assertBalanced, realRead, recordById, withSourceFixture } from "./_helpers.ts";
import type { SourcePrice } from "../../../src/model/price.ts";

const adapter = adapters[0]!;

const real = realRead(adapter);

const find = (records: SourcePrice[], sourceId: string) =>
  recordById(records, sourceId, `missing ${sourceId}`);

Deno.test("models.dev: reads all 5,276 provider-model files and keeps the 253 first-party prices", async () => {
  const { records, report } = await real;
  assert.equal(report.counts.read, 5276);
  assert.equal(report.counts.kept, 253);
  assert.deepEqual(report.counts.skipped, {
    not_first_party: 4747,
    not_list_price: 260, // China-region lists, coding/token plans, Perplexity Agent API
    no_price: 16,
  });
  assertBalanced(report);
  assert.equal(new Set(records.map((r) => r.sourceId)).size, records.length);
});

Deno.test("models.dev: keeps no reseller, gateway or cloud provider folder", async () => {
  const { records } = await real;
  const allowed = new Set(Object.keys(SOURCE_PROVIDER_IDS["models-dev"]));
  for (const r of records) {
    assert.ok(FIRST_PARTY.has(r.provider), r.sourceId);
    assert.ok(allowed.has(r.sourceId.split("/")[0]!), r.sourceId);
  }
  for (const p of ["openrouter", "google-vertex", "azure", "groq", "togetherai", "alibaba-cn"]) {
    assert.ok(!records.some((r) => r.sourceId.startsWith(`${p}/`)), p);
  }
  // Bedrock is Amazon's own only for Nova (and Titan).
  const bedrock = records.filter((r) => r.sourceId.startsWith("amazon-bedrock/"));
  assert.deepEqual(bedrock.map((r) => r.model).sort(), [
    "amazon.nova-2-lite-v1:0",
    "amazon.nova-lite-v1:0",
    "amazon.nova-micro-v1:0",
    "amazon.nova-pro-v1:0",
  ]);
});

Deno.test("models.dev: gives Claude Sonnet 4.5 and GPT-4o prices with cached input", async () => {
  const { records } = await real;
  const claude = find(records, "anthropic/claude-sonnet-4-5");
  assert.equal(claude.inputPerMTok, 3);
  assert.equal(claude.outputPerMTok, 15);
  assert.equal(claude.cacheReadPerMTok, 0.3);
  assert.equal(claude.cacheWritePerMTok, 3.75);
  assert.equal(claude.contextWindow, 200000);
  assert.equal(claude.maxOutputTokens, 64000);
  const gpt = find(records, "openai/gpt-4o");
  assert.equal(gpt.inputPerMTok, 2.5);
  assert.equal(gpt.outputPerMTok, 10);
  assert.equal(gpt.cacheReadPerMTok, 1.25);
});

Deno.test("models.dev: reads [[cost.tiers]] and inherits name and limits from base_model", async () => {
  const { records } = await real;
  // providers/google/models/gemini-2.5-pro.toml has only base_model and [cost]
  const r = find(records, "google/gemini-2.5-pro");
  assert.equal(r.name, "Gemini 2.5 Pro");
  assert.equal(r.contextWindow, 1048576);
  assert.equal(r.maxOutputTokens, 65536);
  assert.deepEqual(r.tiers, [
    { thresholdTokens: 200000, inputPerMTok: 2.5, outputPerMTok: 15, cacheReadPerMTok: 0.25 },
  ]);
  assert.equal(records.filter((x) => x.tiers !== undefined).length, 18);
});

Deno.test("models.dev: verifiedAt is the model's last_updated date, described as not a price check", async () => {
  const { records } = await real;
  const r = find(records, "anthropic/claude-sonnet-4-5");
  assert.equal(r.verifiedAt, "2025-09-29");
  assert.equal(r.releaseDate, "2025-09-29");
  assert.match(r.verifiedMeaning!, /not a date on which the price was checked/);
  assert.equal(find(records, "anthropic/claude-3-opus-20240229").deprecated, true);
});

Deno.test("models.dev: counts broken files, plans and base-model gaps without throwing", async () => {
  await withSourceFixture({}, async (root) => {
    const base = `${root}/llm-prices/models.dev`;
    const write = async (path: string, text: string) => {
      await Deno.mkdir(`${base}/${path.slice(0, path.lastIndexOf("/"))}`, { recursive: true });
      await Deno.writeTextFile(`${base}/${path}`, text);
    };
    await write(
      "models/openai/gpt-x.toml",
      'name = "GPT X"\n[limit]\ncontext = 1000\noutput = 10\n',
    );
    await write(
      "providers/openai/models/gpt-x.toml",
      'base_model = "openai/gpt-x"\nbase_model_omit = ["limit.output"]\n[cost]\ninput = 1\noutput = 2\n',
    );
    await write(
      "providers/openai/models/gpt-y.toml",
      'base_model = "openai/missing"\n[cost]\ninput = 3\noutput = 4\n',
    );
    await write("providers/openai/models/gpt-broken.toml", "this is = = not toml");
    await write("providers/openai/models/gpt-free.toml", 'name = "no cost"\n');
    await write("providers/openrouter/models/openai/gpt-x.toml", "[cost]\ninput = 9\n");
    await write("providers/zai-coding-plan/models/glm-5.toml", "[cost]\ninput = 0\n");
    const report = new SourceReport("models-dev");
    const records = await adapter.read(root, report);
    assert.deepEqual(records.map((r) => r.model), ["gpt-x", "gpt-y"]);
    const x = records[0]!;
    assert.equal(x.name, "GPT X");
    assert.equal(x.contextWindow, 1000);
    assert.equal(x.maxOutputTokens, undefined); // omitted by base_model_omit
    assert.deepEqual(report.counts.skipped, {
      invalid_record: 1,
      no_price: 1,
      not_first_party: 1,
      not_list_price: 1,
    });
    assert.equal(report.counts.cleaned.missing_base_model, 1);
    assert.equal(report.counts.read, 6);
    assertBalanced(report);
  });
});
