import assert from "node:assert/strict";
import { pricingFacts, statedAtOf } from "../../src/ingest/tool_pricing.ts";
import type { SourceTool } from "../../src/ingest/types.ts";

/** A record with only what the test names. */
function tool(source: string, name: string, extra: Partial<SourceTool> = {}) {
  return { source, sourceId: name.toLowerCase(), name, ...extra } as SourceTool;
}

Deno.test("pricingFacts: a 2026 free plan overrules a paid model last stated in 2025", () => {
  // Zapier: aitoolhouse (updated 2025-06-26) says Paid 19.99/mo; AutoVenture (2026-08) states
  // "5 Zaps and 100 tasks/month on free tier".
  const facts = pricingFacts([
    tool("aitoolhouse", "Zapier", {
      pricing: "paid",
      priceText: "19.99/mo",
      updatedAt: "2025-06-26T16:22:16Z",
    }),
    tool("autoventure", "Zapier", {
      pricing: "free",
      description: "Free AI workflow automation. 5 Zaps and 100 tasks/month on free tier.",
    }),
  ], "");
  assert.deepEqual([facts.pricing, facts.hasFreeTier], ["freemium", true]);
  assert.equal(facts.freeTierSource, "autoventure");
  assert.deepEqual(
    facts.evidence.pricing!.map((s) => [s.source, s.value, s.statedAt, s.status]),
    [["autoventure", "free", "2026-08-07", "chosen"], [
      "aitoolhouse",
      "paid",
      "2025-06-26",
      "superseded",
    ]],
  );
  assert.ok(facts.notes.some((n) => /paid by aitoolhouse \(2025-06-26\) superseded/.test(n)));
  assert.deepEqual(facts.changed, ["pricing"], "source priority alone said paid");
});

Deno.test("pricingFacts: a newer trial label overrules an older freemium one", () => {
  const facts = pricingFacts([
    tool("topai-tools", "X", { pricing: "freemium" }),
    tool("autoventure", "X", { pricing: "free_trial", description: "Free trial available." }),
  ], "");
  assert.deepEqual([facts.pricing, facts.hasFreeTier], ["free_trial", false]);
  assert.equal(facts.rules.pricing, "newest");
});

Deno.test("pricingFacts: a free-plan sentence counts whatever the record's label", () => {
  // GitHub Copilot: an old trial label, then a 2026 record naming a free tier.
  const facts = pricingFacts([
    tool("topai-tools", "GitHub Copilot", { pricing: "free_trial" }),
    tool("autoventure", "GitHub Copilot", {
      pricing: "free",
      description: "AI pair programmer inside your IDE. Free tier for students and open source.",
    }),
  ], "AI pair programmer inside your IDE. Free tier for students and open source.");
  assert.deepEqual([facts.pricing, facts.hasFreeTier], ["freemium", true]);
});

Deno.test("pricingFacts: ai-collection's free-version flag states a free tier, not a model", () => {
  const flagOnly = pricingFacts([tool("ai-collection", "X", { hasFreeTier: true })], "");
  assert.deepEqual([flagOnly.pricing, flagOnly.hasFreeTier], ["unknown", true]);
  const noFree = pricingFacts([tool("ai-collection", "Y", { hasFreeTier: false })], "");
  assert.deepEqual([noFree.pricing, noFree.hasFreeTier], ["unknown", false]);
  // The flag is a list's checkbox: an explicit label of any date beats it.
  const labelled = pricingFacts([
    tool("ai-collection", "Z", { hasFreeTier: true, fieldDates: { hasFreeTier: "2024-06-20" } }),
    tool("topai-tools", "Z", { pricing: "free_trial" }),
  ], "");
  assert.deepEqual([labelled.pricing, labelled.hasFreeTier], ["free_trial", false]);
  assert.equal(labelled.evidence.hasFreeTier![0]!.status, "superseded");
  const none = pricingFacts([tool("mahseema-awesome-ai-tools", "W")], "");
  assert.deepEqual([none.pricing, none.hasFreeTier], ["unknown", false]);
});

Deno.test("pricingFacts: free with a paying option is freemium", () => {
  const withPrice = pricingFacts([
    tool("aitoolhouse", "A", { pricing: "free", priceText: "20/mo" }),
  ], "");
  assert.deepEqual([withPrice.pricing, withPrice.hasFreeTier], ["freemium", true]);
  const described = pricingFacts(
    [tool("aitoolhouse", "C", { pricing: "free" })],
    "AI-powered assistant with a Pro plan.",
  );
  assert.equal(described.pricing, "freemium");
  assert.match(described.notes[0]!, /free tier next to paid plans/);
  const free = pricingFacts([tool("aitoolhouse", "F", { pricing: "free" })], "");
  assert.equal(free.pricing, "free");
});

Deno.test("statedAtOf: a field's own date, else the record's, else its update time, else its dump's", () => {
  const r = tool("ai-collection", "X", {
    statedAt: "2026-07-13",
    fieldDates: { hasFreeTier: "2024-06-20" },
    updatedAt: "2025-01-02T03:04:05Z",
  });
  assert.equal(statedAtOf(r, "hasFreeTier"), "2024-06-20");
  assert.equal(statedAtOf(r, "description"), "2026-07-13");
  assert.equal(
    statedAtOf(tool("aitoolhouse", "Y", { updatedAt: "2025-01-02T03:04:05Z" }), "url"),
    "2025-01-02",
  );
  assert.equal(statedAtOf(tool("topai-tools", "Z"), "url"), "2023-08-05");
  assert.equal(statedAtOf(tool("no-such-source", "Z"), "url"), "1970-01-01");
});

Deno.test("pricingFacts: a description that says the product is open source states that model", () => {
  const facts = pricingFacts([
    tool("aitoolhouse", "n8n", { pricing: "paid", updatedAt: "2024-01-01T00:00:00Z" }),
    tool("autoventure", "n8n", {
      pricing: "free",
      description: "Free open-source workflow automation. Self-host or use cloud.",
    }),
  ], "");
  assert.deepEqual([facts.pricing, facts.hasFreeTier], ["open_source", true]);
  const built = pricingFacts([
    tool("autoventure", "X", { pricing: "free", description: "Built on open-source models." }),
  ], "");
  assert.equal(built.pricing, "free", "using open-source parts is not being open source");
});
