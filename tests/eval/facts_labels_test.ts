import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type AltLabel,
  categoryKey,
  categoryMatches,
  EVIDENCE_STANCES,
  EXCLUDED_NAMES,
  FACT_FIELDS,
  hostOf,
  loadAlternatives,
  loadFacts,
  PRICING_LABELS,
  type ToolFact,
} from "./run_facts_eval.ts";

const facts = await loadFacts();
const alternatives = await loadAlternatives();

/** Whether a labelled name is, or is a variant of, a tool the issue names ("Notion AI", "Suno AI"). */
function excluded(name: string): string | undefined {
  const words = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
  const n = words(name).replace(/ ai$/, "");
  return EXCLUDED_NAMES.find((x) => {
    const e = words(x).replace(/ ai$/, "");
    return n === e || n.startsWith(`${e} `);
  });
}

function isSlug(s: string): boolean {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(s);
}

Deno.test("tool_facts.json: at least 45 tools, 40 of them well-known, unique slugs", () => {
  assert.ok(facts.tools.length >= 45, `${facts.tools.length} tools`);
  const wellKnown = facts.tools.filter((t) => t.draw === "well-known").length;
  assert.ok(wellKnown >= 40, `${wellKnown} well-known tools`);
  assert.ok(facts.tools.some((t) => t.draw === "random"), "no tool from the seeded draw");
  assert.ok(Number.isInteger(facts.seed), "seed");
  const slugs = facts.tools.map((t) => t.slug);
  assert.equal(new Set(slugs).size, slugs.length, "duplicate slugs");
});

Deno.test("tool_facts.json: every field present with a valid value", () => {
  const problems: string[] = [];
  const check = (t: ToolFact, ok: boolean, what: string) => {
    if (!ok) problems.push(`${t.slug}: ${what}`);
  };
  for (const t of facts.tools) {
    check(t, isSlug(t.slug), "slug");
    check(t, typeof t.name === "string" && t.name.trim().length > 0, "name");
    check(t, hostOf(t.host) === t.host && !t.host.includes("/"), `host ${t.host}`);
    check(t, (PRICING_LABELS as readonly string[]).includes(t.pricing), `pricing ${t.pricing}`);
    for (const p of t.acceptablePricing ?? []) {
      check(
        t,
        (PRICING_LABELS as readonly string[]).includes(p) && p !== t.pricing,
        `pricing ${p}`,
      );
    }
    check(t, typeof t.hasFreeTier === "boolean", "hasFreeTier");
    check(
      t,
      t.url.startsWith("https://") && hostOf(t.url) === t.host,
      `url ${t.url} is not https on ${t.host}`,
    );
    for (const h of t.acceptableUrls ?? []) {
      check(t, hostOf(h) === h && h !== t.host, `acceptable host ${h}`);
    }
    check(t, Array.isArray(t.categories) && t.categories.length >= 1, "no category");
    check(t, t.categories.length <= 3, "more than 3 categories");
    check(t, t.categories.every((c) => c.trim().length > 0), "empty category");
    check(t, t.draw === "well-known" || t.draw === "random", `draw ${t.draw}`);
    // A free plan contradicts a trial-only, paid-only or quote-only model.
    if (["free_trial", "paid", "contact"].includes(t.pricing)) {
      check(t, !t.hasFreeTier, "free tier");
    }
    if (["free", "freemium"].includes(t.pricing)) check(t, t.hasFreeTier, "no free tier");
  }
  assert.deepEqual(problems, []);
});

Deno.test("tool_facts.json: every field has dated evidence that supports it", () => {
  const problems: string[] = [];
  for (const t of facts.tools) {
    for (const field of FACT_FIELDS) {
      const items = t.evidence?.[field];
      if (!Array.isArray(items) || items.length === 0) {
        problems.push(`${t.slug}.${field}: no evidence`);
        continue;
      }
      for (const e of items) {
        const ok = typeof e.file === "string" && e.file.length > 0 &&
          typeof e.record === "string" && e.record.length > 0 &&
          typeof e.quote === "string" && e.quote.trim().length > 0 &&
          (e.date === undefined || /^\d{4}-\d{2}-\d{2}$/.test(e.date)) &&
          (EVIDENCE_STANCES as readonly string[]).includes(e.stance);
        if (!ok) problems.push(`${t.slug}.${field}: malformed ${JSON.stringify(e)}`);
      }
      const supports = items.filter((e) => e.stance === "supports").length;
      const partly = items.filter((e) => e.stance === "partly").length;
      if (supports === 0 && partly < 2) problems.push(`${t.slug}.${field}: nothing supports it`);
      const dates = items.map((e) => e.date ?? "");
      const sorted = [...dates].sort().reverse();
      if (dates.join() !== sorted.join()) problems.push(`${t.slug}.${field}: not newest first`);
    }
    // Where the dumps disagree on the model, a note says which statement was taken and why.
    const disputed = t.evidence.pricing.some((e) => e.stance === "contradicts");
    if (disputed && !t.note) problems.push(`${t.slug}: dumps disagree on pricing; no note`);
  }
  assert.deepEqual(problems, []);
});

const dumps = join(Deno.env.get("TOOLATLAS_SOURCES") ?? "../shared/data", "ai-tools");
const haveDumps = await Deno.stat(dumps).then(() => true, () => false);

Deno.test({
  name: "tool_facts.json: every evidence quote is verbatim in its dump file",
  ignore: !haveDumps,
  fn: async () => {
    const texts = new Map<string, string>();
    const missing: string[] = [];
    for (const t of facts.tools) {
      for (const field of FACT_FIELDS) {
        for (const e of t.evidence[field]) {
          if (!texts.has(e.file)) texts.set(e.file, await Deno.readTextFile(join(dumps, e.file)));
          if (!texts.get(e.file)!.includes(e.quote)) {
            missing.push(`${t.slug}.${field}: ${e.file}: ${e.quote}`);
          }
        }
      }
    }
    assert.deepEqual(missing, []);
  },
});

Deno.test("alternatives.json: at least 30 tools with disjoint judged candidates", () => {
  assert.ok(alternatives.tools.length >= 30, `${alternatives.tools.length} tools`);
  const slugs = alternatives.tools.map((t) => t.slug);
  assert.equal(new Set(slugs).size, slugs.length, "duplicate slugs");
  const problems: string[] = [];
  const check = (t: AltLabel, ok: boolean, what: string) => {
    if (!ok) problems.push(`${t.slug}: ${what}`);
  };
  for (const t of alternatives.tools) {
    check(t, isSlug(t.slug), "slug");
    check(t, typeof t.name === "string" && t.name.trim().length > 0, "name");
    check(t, typeof t.task === "string" && t.task.trim().length > 0, "task");
    check(t, Array.isArray(t.relevant) && t.relevant.length >= 5, "fewer than 5 relevant");
    check(t, Array.isArray(t.notRelevant) && t.notRelevant.length >= 1, "no notRelevant");
    const all = [...t.relevant, ...t.notRelevant];
    check(t, all.every(isSlug), "a candidate is not a slug");
    check(t, new Set(all).size === all.length, "a candidate is listed twice");
    check(t, !all.includes(t.slug), "the tool is its own candidate");
  }
  assert.deepEqual(problems, []);
});

Deno.test("labelled tools exclude the tools the issue names", () => {
  const hits = [...facts.tools, ...alternatives.tools].flatMap((t) => {
    const x = excluded(t.name);
    return x ? [`${t.slug} (${t.name} ~ ${x})`] : [];
  });
  assert.deepEqual(hits, []);
  assert.equal(excluded("Notion AI"), "Notion AI");
  assert.equal(excluded("Suno AI Bark"), "Suno");
  assert.equal(excluded("Grok"), undefined);
});

Deno.test("categoryMatches() ignores case, plurals, word forms, punctuation and 'and'", () => {
  assert.ok(categoryMatches("Image Generators", ["image generator"]));
  assert.ok(categoryMatches("Chatbots", ["Chat Bot"]));
  assert.ok(categoryMatches("Search & Research", ["search and research"]));
  assert.ok(categoryMatches("Libraries", ["Library"]));
  assert.ok(categoryMatches("Video Generator", ["Video Generation"]));
  assert.ok(categoryMatches("Code Editor", ["code editing"]));
  assert.ok(!categoryMatches("Art & Image Generator", ["Image Generation"]));
  assert.ok(!categoryMatches("Design", ["Designer Tools"]));
  assert.equal(categoryKey("Business"), "business");
  assert.equal(categoryKey("Translation"), categoryKey("translator"));
});

Deno.test("hostOf() drops www and reads bare hosts", () => {
  assert.equal(hostOf("https://www.jasper.ai/?utm_source=x"), "jasper.ai");
  assert.equal(hostOf("notebooklm.google.com"), "notebooklm.google.com");
  assert.equal(hostOf(null), null);
  assert.equal(hostOf("not a url"), null);
});
