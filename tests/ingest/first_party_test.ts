import assert from "node:assert/strict";
import {
  checkFirstParty,
  EXCLUDED_PROVIDER_IDS,
  FIRST_PARTY,
  FIRST_PARTY_PROVIDERS,
  isRegionalVariant,
  makerOfModel,
  ownsModel,
  providerName,
  SOURCE_PROVIDER_IDS,
} from "../../src/ingest/first_party.ts";

Deno.test("first-party: every source mapping points at a provider of the table", () => {
  for (const [source, map] of Object.entries(SOURCE_PROVIDER_IDS)) {
    for (const [id, canonical] of Object.entries(map)) {
      assert.ok(FIRST_PARTY.has(canonical), `${source}:${id} → ${canonical}`);
      assert.equal(
        EXCLUDED_PROVIDER_IDS[source as keyof typeof EXCLUDED_PROVIDER_IDS][id],
        undefined,
      );
    }
  }
  assert.equal(new Set(FIRST_PARTY_PROVIDERS.map((p) => p.id)).size, FIRST_PARTY_PROVIDERS.length);
  assert.equal(providerName("google"), "Google (Gemini API)");
  assert.equal(providerName("unknown-maker"), "unknown-maker");
});

Deno.test("first-party: accepts the maker's own API and rejects clouds, resellers and plans", () => {
  assert.deepEqual(checkFirstParty("litellm", "gemini", "gemini/gemini-2.5-pro"), {
    ok: true,
    provider: "google",
  });
  assert.deepEqual(checkFirstParty("litellm", "vertex_ai-language-models", "gemini-2.5-pro"), {
    ok: false,
    reason: "not_first_party",
  });
  assert.deepEqual(checkFirstParty("litellm", "azure", "gpt-4o"), {
    ok: false,
    reason: "not_first_party",
  });
  assert.deepEqual(checkFirstParty("models-dev", "zai-coding-plan", "glm-5"), {
    ok: false,
    reason: "not_list_price",
  });
  assert.deepEqual(checkFirstParty("genai-prices", "zhipuai", "glm-4.5"), {
    ok: false,
    reason: "not_list_price",
  });
  assert.deepEqual(checkFirstParty("simonw-llm-prices", "meta-ai", "muse-spark-1.2"), {
    ok: true,
    provider: "meta",
  });
});

Deno.test("first-party: a provider's resold models of other makers are not first-party", () => {
  assert.equal(ownsModel("google", "claude-opus-4-6"), false);
  assert.equal(ownsModel("google", "gemma-3-27b-it"), true);
  assert.equal(ownsModel("perplexity", "llama-3.1-70b-instruct"), false);
  assert.equal(ownsModel("perplexity", "llama-3.1-sonar-large-128k-online"), true);
  assert.equal(ownsModel("perplexity", "openai/gpt-5.2"), false);
  assert.equal(ownsModel("amazon", "anthropic.claude-3-haiku-20240307-v1:0"), false);
  assert.equal(ownsModel("amazon", "twelvelabs.unknown-model"), false); // strict: only Nova/Titan
  assert.equal(ownsModel("amazon", "amazon.nova-pro-v1:0"), true);
  assert.equal(ownsModel("cohere", "north-mini-code-1-0"), true); // no known family: own
  assert.equal(makerOfModel("meta-llama/llama-3.3-70b-instruct"), "meta");
  assert.equal(makerOfModel("phi-4"), "microsoft");
  assert.equal(makerOfModel("something-new"), undefined);
});

Deno.test("first-party: regional and government-cloud variants are recognised", () => {
  assert.ok(isRegionalVariant("us.amazon.nova-pro-v1:0"));
  assert.ok(isRegionalVariant("regional.amazon.nova-2-lite-v1:0"));
  assert.ok(isRegionalVariant("bedrock/us-gov-east-1/amazon.nova-pro-v1:0"));
  assert.ok(!isRegionalVariant("global.amazon.nova-2-lite-v1:0"));
  assert.ok(!isRegionalVariant("amazon.nova-pro-v1:0"));
  assert.ok(!isRegionalVariant("gpt-4o"));
});
