/**
 * Facts of well-known AI tools on the real catalog (issue 27): the newest explicit statement wins,
 * moved sites are shown at their new address, renamed products keep their old names as aliases,
 * stale status words are gone, and one product is one entry.
 */
import assert from "node:assert/strict";
import { realCatalog } from "../_helpers.ts";
import { searchTools } from "../../src/catalog/tools.ts";
import { getTool } from "../../src/catalog/tool_details.ts";
import { nameKey } from "../../src/ingest/merge_tools.ts";

const { ctx } = await realCatalog();
const details = (slug: string) => getTool(ctx, { slug });

Deno.test("real catalog: a 2026 free plan overrules older paid or trial statements", () => {
  // GitHub Copilot keeps its slug "copilot" (renamed from aitoolhouse's "Copilot").
  assert.equal(details("copilot").name, "GitHub Copilot");
  for (const slug of ["zapier", "gamma", "bolt-new", "copilot", "synthesia"]) {
    const t = details(slug);
    assert.equal(t.hasFreeTier, true, `${slug} has a free tier`);
    assert.equal(t.pricing, "freemium", slug);
  }
  const zapier = details("zapier");
  assert.ok(
    zapier.evidence["pricing"]!.some((s) =>
      s.source === "aitoolhouse" && s.value === "paid" && s.status === "superseded"
    ),
    "the older Paid stays as superseded evidence, with its date",
  );
});

Deno.test("real catalog: the newest URL wins and moved sites are shown at their new address", () => {
  const urls: Record<string, string> = {
    chatgpt: "https://chatgpt.com/",
    "character-ai": "https://character.ai/",
    "v0-dev": "https://v0.app/",
    "suno-ai": "https://suno.com/",
  };
  for (const [slug, url] of Object.entries(urls)) assert.equal(details(slug).url, url, slug);
});

Deno.test("real catalog: Gemini is no longer Bard, and Bard still finds it", async () => {
  const gemini = details("google-bard");
  assert.equal(gemini.name, "Gemini");
  assert.equal(gemini.url, "https://gemini.google.com/");
  assert.doesNotMatch(gemini.description, /LaMDA/);
  assert.ok(ctx.store.toolBySlug("google-bard")!.aliases!.includes("Google Bard"));
  const bard = await searchTools(ctx, { q: "bard", limit: 3 });
  assert.equal(bard.results[0]?.name, "Gemini", "the old name still finds it first");
});

Deno.test("real catalog: no stale waitlist or superseded product on Claude's page", () => {
  const claude = details("claude-ai");
  assert.equal(claude.name, "Claude");
  assert.ok(!claude.keyFeatures.includes("Waitlist"));
  assert.doesNotMatch(claude.description, /Claude 2/);
});

Deno.test("real catalog: one product is one entry (Suno, Kling, Claude Code, Ollama)", () => {
  const byKey = new Map<string, number>();
  for (const row of ctx.store.db.prepare("SELECT name FROM tools").all()) {
    const key = nameKey(row.name as string);
    byKey.set(key, (byKey.get(key) ?? 0) + 1);
  }
  for (const name of ["Suno AI", "Kling AI", "Claude Code", "Ollama", "Elicit", "SciSpace"]) {
    assert.equal(byKey.get(nameKey(name)), 1, name);
  }
  const groups = [...byKey.values()].filter((n) => n > 1).length;
  // 100 shared names before the identity rules (2026-11-29); what remains is listed in
  // docs/tool-facts.md.
  assert.ok(groups <= 60, `${groups} names shared by several tools`);
});
