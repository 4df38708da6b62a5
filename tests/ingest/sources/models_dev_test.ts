import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/models_dev.ts";
import {
  assertCounts,
  assertFields,
  assertFirstPartyFolders,
  LIST_PRICES,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";

const adapter = adapters[0]!;

const real = realRead(adapter);

Deno.test("models.dev: reads all 5,276 provider-model files and keeps the 253 first-party prices", async () => {
  assertCounts(await real, {
    read: 5276,
    kept: 253,
    skipped: {
      not_first_party: 4747,
      not_list_price: 260, // China-region lists, coding/token plans, Perplexity Agent API
      no_price: 16,
    },
  });
});

Deno.test("models.dev: keeps no reseller, gateway or cloud provider folder", async () => {
  const { records } = await real;
  const resellers = ["openrouter", "google-vertex", "azure", "groq", "togetherai", "alibaba-cn"];
  assertFirstPartyFolders(records, "models-dev", resellers);
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
  assertFields(recordById(records, "anthropic/claude-sonnet-4-5"), {
    ...LIST_PRICES.claudeSonnet45,
    contextWindow: 200000,
    maxOutputTokens: 64000,
  });
  assertFields(recordById(records, "openai/gpt-4o"), LIST_PRICES.gpt4o);
});

Deno.test("models.dev: reads [[cost.tiers]] and inherits name and limits from base_model", async () => {
  const { records } = await real;
  // providers/google/models/gemini-2.5-pro.toml has only base_model and [cost]
  assertFields(recordById(records, "google/gemini-2.5-pro"), {
    name: "Gemini 2.5 Pro",
    contextWindow: 1048576,
    maxOutputTokens: 65536,
    tiers: LIST_PRICES.gemini25ProTiers,
  });
  assert.equal(records.filter((x) => x.tiers !== undefined).length, 18);
});

Deno.test("models.dev: dates a record by the model's last_updated day (released), not a price check", async () => {
  const { records } = await real;
  const r = recordById(records, "anthropic/claude-sonnet-4-5");
  assertFields(r, {
    statedAt: "2025-09-29",
    dateKind: "released",
    dateBasis: "record",
    releaseDate: "2025-09-29",
  });
  assert.match(r.dateMeaning!, /not a date on which the price was checked/);
  assert.ok(records.every((x) => x.statedAt !== undefined && x.dateKind !== undefined));
  assert.equal(recordById(records, "anthropic/claude-3-opus-20240229").deprecated, true);
});

Deno.test("models.dev: counts broken files, plans and base-model gaps without throwing", async () => {
  const base = "llm-prices/models.dev";
  const read = await readFixture(adapter, {
    [`${base}/models/openai/gpt-x.toml`]: 'name = "GPT X"\n[limit]\ncontext = 1000\noutput = 10\n',
    [`${base}/providers/openai/models/gpt-x.toml`]:
      'base_model = "openai/gpt-x"\nbase_model_omit = ["limit.output"]\n[cost]\ninput = 1\noutput = 2\n',
    [`${base}/providers/openai/models/gpt-y.toml`]:
      'base_model = "openai/missing"\n[cost]\ninput = 3\noutput = 4\n',
    [`${base}/providers/openai/models/gpt-broken.toml`]: "this is = = not toml",
    [`${base}/providers/openai/models/gpt-free.toml`]: 'name = "no cost"\n',
    [`${base}/providers/openrouter/models/openai/gpt-x.toml`]: "[cost]\ninput = 9\n",
    [`${base}/providers/zai-coding-plan/models/glm-5.toml`]: "[cost]\ninput = 0\n",
  });
  assert.deepEqual(read.records.map((r) => r.model), ["gpt-x", "gpt-y"]);
  assertFields(read.records[0]!, {
    name: "GPT X",
    contextWindow: 1000,
    maxOutputTokens: undefined, // omitted by base_model_omit
  });
  assertCounts(read, {
    read: 6,
    kept: 2,
    skipped: { invalid_record: 1, no_price: 1, not_first_party: 1, not_list_price: 1 },
  });
  assert.equal(read.report.counts.cleaned.missing_base_model, 1);
});
