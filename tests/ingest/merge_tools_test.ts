import assert from "node:assert/strict";
import {
  displayCategory,
  mergeTools,
  nameKey,
  productDomain,
  sameProduct,
  shortDescription,
  siteOf,
} from "../../src/ingest/merge_tools.ts";
import { SourceReport } from "../../src/ingest/report.ts";
import { adapters as aiCollection } from "../../src/ingest/sources/ai_collection.ts";
import { adapters as aitoolhouse } from "../../src/ingest/sources/aitoolhouse.ts";
import { adapters as autoventure } from "../../src/ingest/sources/autoventure.ts";
import { adapters as awesome } from "../../src/ingest/sources/awesome_lists.ts";
import { adapters as topai } from "../../src/ingest/sources/topai_tools.ts";
import { type SourceTool } from "../../src/ingest/types.ts";
import { SOURCES_DIR } from "../_helpers.ts";
import { PRICING_MODELS } from "../../src/model/tool.ts";

/** A record with only what the test names. */
function tool(source: string, sourceId: string, name: string, extra: Partial<SourceTool> = {}) {
  return { source, sourceId, name, ...extra } as SourceTool;
}

Deno.test("mergeTools: records on the same website merge, whatever the subdomain or tracking", () => {
  const { tools, stats } = mergeTools([
    tool("aitoolhouse", "leonardoai", "Leonardo.AI", {
      url: "https://leonardo.ai/",
      pricing: "freemium",
      hasFreeTier: true,
      description: "Leverage generative AI.",
      categories: ["image generator"],
      features: ["Mobile App"],
    }),
    tool("autoventure", "leonardo-ai", "Leonardo AI", {
      url: "https://www.leonardo.ai/",
      pricing: "free",
      categories: ["Image Generators"],
      description: "Free AI art generator with daily credits.",
    }),
    tool("mahseema-awesome-ai-tools", "app.leonardo.ai", "Leonardo", {
      url: "https://app.leonardo.ai/",
    }),
  ]);
  assert.equal(tools.length, 1);
  const t = tools[0]!;
  assert.equal(t.slug, "leonardo-ai");
  assert.equal(t.name, "Leonardo.AI");
  assert.equal(t.url, "https://www.leonardo.ai/");
  assert.equal(t.pricing, "freemium");
  assert.equal(t.hasFreeTier, true);
  assert.equal(t.category, "Image Generators");
  assert.deepEqual(t.categories, ["Image Generators", "Image Generator"]);
  assert.deepEqual(t.keyFeatures, ["Mobile App"]);
  assert.equal(t.description, "Free AI art generator with daily credits.");
  assert.deepEqual(t.provenance, {
    name: "aitoolhouse",
    url: "autoventure",
    description: "autoventure",
    // AutoVenture's 2026 statement is the newest (aitoolhouse's record has no date of its own,
    // so its dump's, 2026-02-01, counts).
    pricing: "autoventure",
    hasFreeTier: "autoventure",
    category: "autoventure",
  });
  assert.equal(t.longDescription, undefined, "the longest text is the description itself");
  assert.deepEqual(t.sources.map((s) => s.source), [
    "aitoolhouse",
    "autoventure",
    "mahseema-awesome-ai-tools",
  ]);
  assert.equal(stats.input, 3);
  assert.equal(stats.output, 1);
  assert.equal(stats.merged, 2);
  assert.equal(stats.multiSource, 1);
  assert.deepEqual(stats.byRule, { domain: 2 });
});

Deno.test("mergeTools: the same name on two different websites gives two tools with unique slugs", () => {
  const { tools, stats } = mergeTools([
    tool("aitoolhouse", "jasper", "Jasper", { url: "https://jasper.ai/" }),
    tool("autoventure", "jasper", "Jasper", { url: "https://jasper.com/" }),
  ]);
  assert.equal(tools.length, 2);
  assert.deepEqual(tools.map((t) => t.slug).sort(), ["jasper", "jasper-jasper-com"]);
  assert.equal(stats.multiSource, 0);
});

Deno.test("mergeTools: github.com/a and github.com/b are different tools; a repo's subpages are not", () => {
  const { tools } = mergeTools([
    tool("steven2358-awesome-generative-ai", "a", "Alpha", { url: "https://github.com/a/alpha" }),
    tool("mahseema-awesome-ai-tools", "b", "Beta", { url: "https://github.com/b/beta" }),
    tool("aitoolhouse", "alpha", "Alpha tool", {
      url: "https://github.com/A/Alpha/tree/main/docs",
    }),
  ]);
  assert.equal(tools.length, 2);
  const alpha = tools.find((t) => t.name === "Alpha tool");
  assert.equal(alpha?.sources.length, 2);
});

Deno.test("mergeTools: one host can hold several products (zoho.com/desk vs zoho.com/inventory)", () => {
  const { tools } = mergeTools([
    tool("autoventure", "zoho-desk", "Zoho Desk", { url: "https://zoho.com/desk" }),
    tool("autoventure", "zoho-desk-ai", "Zoho Desk AI", { url: "https://www.zoho.com/desk/" }),
    tool("autoventure", "zoho-inventory", "Zoho Inventory AI", {
      url: "https://www.zoho.com/inventory/",
    }),
  ]);
  assert.deepEqual(tools.map((t) => t.sources.length).sort(), [1, 2]);
  assert.deepEqual(siteOf("https://www.zoho.com/desk/", "Zoho Desk")?.key, "zoho.com/desk");
  assert.deepEqual(siteOf("https://example.com/pricing", "Example")?.key, "example.com");
  assert.deepEqual(
    siteOf("https://apps.apple.com/us/app/x/id123", "X")?.key,
    "apps.apple.com/id123",
  );
});

Deno.test("mergeTools: a URL-less record joins the one website tool of that name, never two", () => {
  const { tools, stats } = mergeTools([
    tool("aitoolhouse", "rytr", "Rytr", { url: "https://rytr.me/" }),
    tool("ai-collection", "rytr", "Rytr", { hasFreeTier: true }),
    tool("topai-tools", "rytr", "Rytr AI", { useCases: ["Write emails."] }),
    tool("aitoolhouse", "nova-1", "Nova", { url: "https://nova.one/" }),
    tool("autoventure", "nova-2", "Nova", { url: "https://nova.two/" }),
    tool("ai-collection", "nova", "Nova"),
  ]);
  const rytr = tools.find((t) => t.name === "Rytr");
  assert.equal(rytr?.sources.length, 3);
  assert.equal(rytr?.hasFreeTier, true);
  assert.equal(rytr?.provenance["hasFreeTier"], "ai-collection");
  assert.deepEqual(rytr?.useCases, ["Write emails."]);
  assert.equal(tools.filter((t) => t.name === "Nova").length, 3);
  assert.equal(stats["nameAmbiguous"], 1);
  assert.equal(nameKey("Rytr AI"), nameKey("rytr"));
});

Deno.test("mergeTools: pricing is 'unknown' when no source states it; reviews need a real rating", () => {
  const { tools } = mergeTools([
    tool("ai-collection", "x", "Xylo", { description: "A tool." }),
    tool("aitoolhouse", "y", "Ypsi", { url: "https://ypsi.ai/", rating: 4.5, reviewCount: 2 }),
    tool("autoventure", "y", "Ypsi", {
      url: "https://ypsi.ai/",
      reviewUrl: "https://autoventure.live/reviews/ypsi.html",
    }),
  ]);
  const xylo = tools.find((t) => t.name === "Xylo")!;
  assert.equal(xylo.pricing, "unknown");
  assert.equal(xylo.hasFreeTier, false);
  assert.equal(xylo.url, null);
  assert.equal(xylo.category, "Other");
  const ypsi = tools.find((t) => t.name === "Ypsi")!;
  assert.deepEqual(ypsi.reviews, [{ source: "aitoolhouse", rating: 4.5, count: 2 }]);
});

Deno.test("mergeTools: the short description is cut at a word boundary; the longest text is kept", () => {
  const long = "word ".repeat(100).trim();
  const { tools } = mergeTools([
    tool("topai-tools", "w", "Wordy", { description: long, longDescription: `${long}\n\nMore.` }),
  ]);
  const t = tools[0]!;
  assert.ok(t.description.length <= 300);
  assert.ok(t.description.endsWith("word…"));
  assert.equal(t.longDescription, `${long}\n\nMore.`);
  assert.equal(shortDescription("short"), "short");
  assert.equal(displayCategory("image generator"), "Image Generator");
  assert.equal(displayCategory("SEO"), "SEO");
});

Deno.test("mergeTools: output is identical whatever the input order", () => {
  const records = [
    tool("aitoolhouse", "a", "Alpha", { url: "https://alpha.ai/", categories: ["x"] }),
    tool("autoventure", "a", "Alpha AI", { url: "https://alpha.ai/?ref=1", categories: ["Y"] }),
    tool("ai-collection", "a", "Alpha"),
    tool("topai-tools", "b", "Beta"),
    tool("ai-collection", "b", "Beta", { hasFreeTier: false }),
    tool("aitoolhouse", "g1", "Gamma", { url: "https://gamma.one/" }),
    tool("aitoolhouse", "g2", "Gamma", { url: "https://gamma.two/" }),
  ];
  const first = mergeTools(records);
  for (let i = 0; i < 5; i++) {
    const shuffled = [...records].sort(() => Math.random() - 0.5);
    assert.deepEqual(mergeTools(shuffled), first);
  }
  assert.deepEqual(first.tools.map((t) => t.slug), ["alpha", "beta", "gamma", "gamma-gamma-two"]);
});

Deno.test("mergeTools: a record of another product on the same site does not describe the tool", () => {
  const { tools } = mergeTools([
    tool("aitoolhouse", "claude-ai", "Claude AI", {
      url: "https://claude.ai/",
      pricing: "free",
      description: "Your reliable partner for tasks of any scale.",
      categories: ["productivity"],
    }),
    tool("autoventure", "claude-artifacts", "Claude Artifacts", {
      url: "https://claude.ai",
      pricing: "free",
      description: "AI-powered coding assistant. Free tier available.",
      categories: ["Code"],
    }),
  ]);
  assert.equal(tools.length, 1);
  const t = tools[0]!;
  assert.equal(t.description, "Your reliable partner for tasks of any scale.");
  assert.equal(t.category, "Productivity");
  assert.ok(t.categories.includes("Code"), "the other record's labels are kept");
  assert.equal(t.pricing, "freemium", "pricing is the site's: the free tier counts");
  assert.ok(t.factNotes!.some((n) => n.includes('autoventure "Claude Artifacts"')));
});

Deno.test("mergeTools: a description that calls a trial-only tool free yields to the next source", () => {
  const { tools } = mergeTools([
    tool("autoventure", "mj", "Midjourney", {
      url: "https://midjourney.com",
      pricing: "free",
      description: "Free AI image generator with stunning styles.",
    }),
    tool("aitoolhouse", "mj", "Midjourney", {
      url: "https://www.midjourney.com/home/",
      pricing: "free_trial",
      description: "AI lab exploring new mediums.",
      // Newer than AutoVenture's dump: the trial is the newest statement.
      updatedAt: "2026-10-01T00:00:00Z",
    }),
  ]);
  assert.equal(tools[0]!.description, "AI lab exploring new mediums.");
  assert.equal(tools[0]!.hasFreeTier, false);
});

Deno.test("sameProduct: versions and suffixes like ml or labs name one product; a feature does not", () => {
  assert.ok(sameProduct("Claude 3", "Claude AI"));
  assert.ok(sameProduct("Runway", "Runwayml"));
  assert.ok(sameProduct("Pika Labs", "Pika"));
  assert.ok(!sameProduct("Claude Artifacts", "Claude AI"));
  assert.ok(!sameProduct("GPT Builder", "ChatGPT"));
});

Deno.test("productDomain: the name or a description names the product's own domain", () => {
  const rec = (name: string, description?: string) =>
    tool("ai-collection", name, name, description === undefined ? {} : { description });
  assert.deepEqual(productDomain("AskThePDF.io", [rec("AskThePDF.io")]), {
    url: "https://askthepdf.io/",
    source: "ai-collection",
    field: "name",
  });
  assert.equal(
    productDomain("AITable AI", [rec("AITable AI", "Visit AITable.ai to build tables.")])?.url,
    "https://aitable.ai/",
  );
  // A domain of another brand, an e-mail address or a listing site is never the product's.
  assert.equal(
    productDomain("Anime Diffusion", [rec("Anime Diffusion", "Made by Getimg.ai")]),
    undefined,
  );
  assert.equal(productDomain("Boo", [rec("Boo", "Write to hello@boo.ai")]), undefined);
  assert.equal(productDomain("Topai", [rec("Topai", "Listed on topai.tools")]), undefined);
});

Deno.test("mergeTools: a referral link (entry subdomain and a code) joins the site's main tool", () => {
  const { tools } = mergeTools([
    tool("aitoolhouse", "murf", "Murf AI", { url: "https://get.murf.ai/nv22citenngt" }),
    tool("autoventure", "murf", "Murf AI", { url: "https://murf.ai/" }),
    tool("ai-collection", "murf", "Murf AI"),
  ]);
  assert.equal(tools.length, 1);
  // Names are kept as aliases when a source spells the product otherwise.
  const runway = mergeTools([
    tool("aitoolhouse", "r", "Runwayml", { url: "https://runwayml.com/" }),
    tool("steven2358-awesome-generative-ai", "r", "Runway", { url: "https://runwayml.com" }),
  ]).tools[0]!;
  assert.deepEqual(runway.aliases, ["Runway"]);
});

Deno.test("mergeTools: the six real sources merge into about 5,800-6,000 tools, ~890 multi-source", async () => {
  const records: SourceTool[] = [];
  for (const adapter of [...aitoolhouse, ...autoventure, ...topai, ...aiCollection, ...awesome]) {
    records.push(...await adapter.read(SOURCES_DIR, new SourceReport(adapter.info.id)));
  }
  const { tools, stats } = mergeTools(records);
  // Observed 2026 data: 7,193 records → 5,993 tools, 886 from two or more sources.
  assert.equal(stats.input, 7193);
  assert.ok(stats.output >= 5700 && stats.output <= 6200, `output ${stats.output}`);
  assert.ok(stats.multiSource >= 800 && stats.multiSource <= 950, `multi ${stats.multiSource}`);
  assert.equal(stats.merged, stats.input - stats.output);
  assert.equal(tools.length, stats.output);
  assert.equal(new Set(tools.map((t) => t.slug)).size, tools.length);
  assert.equal(tools.reduce((n, t) => n + t.sources.length, 0), stats.input);
  for (const t of tools) {
    assert.ok(t.name !== "" && t.slug !== "");
    assert.ok(t.pricing === "unknown" || (PRICING_MODELS as readonly string[]).includes(t.pricing));
    assert.ok(t.description.length <= 300);
    assert.ok(t.keyFeatures.length <= 12);
    assert.ok(t.url === null || !/[?&]utm_/.test(t.url), t.url ?? "");
  }
  const leonardo = tools.find((t) => t.slug === "leonardo-ai");
  assert.ok(leonardo !== undefined && leonardo.sources.length >= 4);
  assert.equal(leonardo.url, "https://leonardo.ai/");
  assert.equal(leonardo.pricing, "freemium");
  const chatgpt = tools.find((t) => t.slug === "chatgpt");
  assert.ok(chatgpt !== undefined && chatgpt.sources.length >= 4, "chat.openai.com = chatgpt.com");
  // Products sharing a host stay apart.
  const aws = tools.filter((t) => t.url?.startsWith("https://aws.amazon.com/"));
  assert.ok(aws.length >= 5);
});

Deno.test("mergeTools: the newest URL wins and a moved host is shown at its new address", () => {
  const { tools, stats } = mergeTools([
    tool("aitoolhouse", "chatgpt", "ChatGPT", {
      url: "https://chat.openai.com/chat",
      updatedAt: "2025-04-11T15:06:33Z",
    }),
    tool("steven2358-awesome-generative-ai", "chatgpt.com", "ChatGPT", {
      url: "https://chatgpt.com/",
    }),
    tool("aitoolhouse", "v0", "V0.dev", { url: "https://v0.dev/" }),
  ]);
  const chatgpt = tools.find((t) => t.name === "ChatGPT")!;
  assert.equal(chatgpt.url, "https://chatgpt.com/");
  assert.equal(chatgpt.provenance["url"], "steven2358-awesome-generative-ai");
  assert.deepEqual(chatgpt.evidence!["url"]!.map((s) => [s.statedAt, s.status]), [
    ["2026-08-03", "chosen"],
    ["2025-04-11", "superseded"],
  ]);
  const v0 = tools.find((t) => t.name === "V0.dev")!;
  assert.equal(v0.url, "https://v0.app/");
  assert.ok(v0.factNotes!.includes("url: v0.dev moved to v0.app"));
  assert.equal(stats["urlMoved"], 1);
});

Deno.test("mergeTools: a product renamed by two newer sources takes the new name and keeps the old", () => {
  const { tools, stats } = mergeTools([
    tool("aitoolhouse", "google-bard", "Google Bard", {
      url: "https://bard.google.com/",
      description: "Conversational AI service, powered by LaMDA",
      updatedAt: "2023-10-14T04:10:09Z",
    }),
    tool("mahseema-awesome-ai-tools", "gemini.google.com", "Gemini", {
      url: "https://gemini.google.com/",
    }),
    tool("steven2358-awesome-generative-ai", "gemini.google.com", "Gemini", {
      url: "https://gemini.google.com/",
      description: "A family of multimodal large language models developed by Google DeepMind.",
    }),
    // One list's own wording is no rename.
    tool("aitoolhouse", "whisper", "Whisper", {
      url: "https://openai.com/index/whisper/",
      updatedAt: "2024-01-01T00:00:00Z",
    }),
    tool("autoventure", "whisper-openai", "Whisper (OpenAI)", {
      url: "https://openai.com/index/whisper/",
    }),
  ]);
  // The slug stays, so links keep working.
  const gemini = tools.find((t) => t.slug === "google-bard")!;
  assert.equal(gemini.name, "Gemini");
  assert.ok(gemini.aliases!.includes("Google Bard"), "Bard still finds Gemini");
  assert.ok(gemini.aliases!.includes("Bard"), "without the vendor's brand too");
  assert.equal(gemini.url, "https://gemini.google.com/");
  assert.match(gemini.description, /multimodal/);
  assert.equal(tools.find((t) => t.url?.includes("whisper"))!.name, "Whisper");
  assert.equal(stats["renamed"], 1);
});

Deno.test("mergeTools: a status word is dropped when a newer record exists or it is a year old", () => {
  const { tools, stats } = mergeTools([
    tool("aitoolhouse", "claude-ai", "Claude AI", {
      url: "https://claude.ai/",
      features: ["API", "Waitlist"],
      updatedAt: "2024-07-09T12:48:56Z",
    }),
    tool("steven2358-awesome-generative-ai", "claude.ai", "Claude", { url: "https://claude.ai/" }),
    tool("aitoolhouse", "solo", "Solo", { url: "https://solo.example/", features: ["Waitlist"] }),
    // Alone, but stated three years before the newest dump.
    tool("aitoolhouse", "old", "Old", {
      url: "https://old.example/",
      features: ["API", "Waitlist"],
      updatedAt: "2023-07-28T12:00:00Z",
    }),
  ]);
  assert.deepEqual(tools.find((t) => t.slug === "claude-ai")!.keyFeatures, ["API"]);
  assert.deepEqual(
    tools.find((t) => t.slug === "solo")!.keyFeatures,
    ["Waitlist"],
    "nothing newer says otherwise, and it was stated within a year of the newest dump",
  );
  assert.deepEqual(tools.find((t) => t.slug === "old")!.keyFeatures, ["API"]);
  assert.equal(stats["staleStatusDropped"], 2);
});

Deno.test("mergeTools: one product on two sites merges when name, brand and description agree", () => {
  const { tools, stats } = mergeTools([
    tool("autoventure", "kling", "Kling AI", {
      url: "https://klingai.com/",
      description: "AI video generator with realistic motion.",
    }),
    tool("steven2358-awesome-generative-ai", "kling.ai", "KLING AI", {
      url: "https://kling.ai/",
      description: "Text-to-video and image-to-video generation.",
    }),
    tool("steven2358-awesome-generative-ai", "metagpt", "MetaGPT", {
      url: "https://github.com/FoundationAgents/MetaGPT",
      description: "Multi-agent framework.",
    }),
    tool("mahseema-awesome-ai-tools", "metagpt", "MetaGPT", {
      url: "https://github.com/geekan/MetaGPT",
      description: "The multi-agent framework.",
    }),
    tool("steven2358-awesome-generative-ai", "ollama", "Ollama", {
      url: "https://github.com/ollama/ollama",
      description: "Run large language models locally.",
    }),
    tool("mahseema-awesome-ai-tools", "ollama.com", "Ollama", {
      url: "https://ollama.com/",
      description: "Get up and running with large language models locally.",
    }),
    // Two companies with one name and brand: a support desk and a model API.
    tool("aitoolhouse", "cohere", "Cohere", {
      url: "https://cohere.io/",
      description: "Resolve customer support issues faster than ever before",
    }),
    tool("autoventure", "cohere", "Cohere", {
      url: "https://cohere.com/",
      description: "AI language model API for chatbots.",
    }),
  ]);
  const bySources = (name: string) =>
    tools.filter((t) => t.name.toLowerCase() === name.toLowerCase()).map((t) => t.sources.length);
  assert.deepEqual(bySources("Kling AI"), [2]);
  assert.deepEqual(bySources("MetaGPT"), [2]);
  assert.deepEqual(bySources("Ollama"), [2]);
  assert.deepEqual(bySources("Cohere"), [1, 1]);
  assert.equal((stats.byRule as Record<string, number>)["brand_name"], 3);
});
