import assert from "node:assert/strict";
import { ALTERNATIVES_METHOD, alternativesOf } from "../../src/catalog/alternatives.ts";
import { jobTerms } from "../../src/catalog/job_terms.ts";
import {
  brandOf,
  coreOf,
  isBrandWord,
  nameWords,
  sameFamily,
  vendorKey,
} from "../../src/catalog/product_family.ts";
import { type CatalogContext, newCaches } from "../../src/catalog/context.ts";
import { CatalogStore } from "../../src/catalog/store.ts";
import { toolAlternatives } from "../../src/catalog/tool_alternatives.ts";
import { compareTools, getTool } from "../../src/catalog/tool_details.ts";
import { ToolPage } from "../../src/site/tool_page.tsx";
import { type CatalogVectors, writeCatalog } from "../../src/catalog/writer.ts";
import { loadUseLite } from "../../src/embed/embedder.ts";
import { toolText } from "../../src/ingest/embed_entries.ts";
import { indexTaxonomy, type Placement } from "../../src/model/taxonomy.ts";
import type { CatalogTool } from "../../src/model/tool.ts";
import { tool } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const place = (
  subcategoryId: string,
  leafId: string,
  secondary: [string, string][] = [],
): Placement => ({
  primary: { facetId: "work", subcategoryId, leafId, method: "label", score: 1 },
  secondary: secondary.map(([subcategoryId, leafId]) => ({
    facetId: "work",
    subcategoryId,
    leafId,
    method: "label",
    score: 0.5,
  })),
});

/**
 * Meeting assistants around Otter, with its own family (a plug-in named after it, another product
 * of its vendor, a duplicate listing), an adult and a spam tool of its leaf, and tools of the same
 * source category ("Audio") that do another job (text to speech).
 */
const TOOLS: CatalogTool[] = [
  tool({
    slug: "otter",
    name: "Otter AI",
    url: "https://otter.ai/",
    category: "Audio",
    description: "AI meeting assistant that transcribes meetings and writes meeting notes",
    tags: ["meetings", "transcription"],
    taxonomy: place("meetings", "meeting-assistants"),
    sources: [{ source: "aitoolhouse", sourceId: "otter" }],
  }),
  tool({
    slug: "fireflies",
    name: "Fireflies",
    url: "https://fireflies.ai/",
    category: "Productivity",
    description: "AI notetaker that joins meetings, transcribes calls and summarizes meeting notes",
    tags: ["meetings", "transcription"],
    taxonomy: place("meetings", "meeting-assistants"),
    sources: [{ source: "aitoolhouse", sourceId: "fireflies" }, { source: "b", sourceId: "f" }],
    reviews: [{ source: "b", rating: 4.6, count: 120 }],
  }),
  tool({
    slug: "fireflies-ai",
    name: "fireflies.ai",
    url: "https://app.fireflies.ai/login",
    category: "Meeting",
    description: "Meeting notes and transcription for every meeting",
    tags: ["meetings"],
    taxonomy: place("meetings", "meeting-assistants"),
  }),
  tool({
    slug: "tldv",
    name: "tl;dv",
    url: "https://tldv.io/",
    category: "Video",
    description: "Record, transcribe and summarize meetings on Zoom and Google Meet",
    tags: ["meetings", "transcription"],
    taxonomy: place("meetings", "meeting-assistants"),
  }),
  tool({
    slug: "scribe-notes",
    name: "ScribeNotes",
    url: "https://scribenotes.example/",
    category: "Audio",
    description: "Transcription of interviews and lectures into text",
    tags: ["transcription"],
    taxonomy: place("meetings", "transcription", [["meetings", "meeting-assistants"]]),
  }),
  tool({
    slug: "otter-for-chrome",
    name: "Otter for Chrome",
    url: "https://chromewebstore.google.com/detail/otter/abcdefghijklmnopabcdefghijklmnop",
    category: "Audio",
    description: "Chrome extension that sends meetings to Otter for transcription",
    tags: ["meetings", "transcription"],
    taxonomy: place("meetings", "meeting-assistants"),
  }),
  tool({
    slug: "otter-pilot",
    name: "OtterPilot",
    url: "https://otter.ai/pilot",
    category: "Audio",
    description: "An assistant that joins meetings and writes notes automatically",
    tags: ["meetings"],
    taxonomy: place("meetings", "meeting-assistants"),
  }),
  tool({
    slug: "meeting-spicy",
    name: "Spicy Meetings",
    url: "https://spicy.example/",
    category: "Audio",
    description: "Meeting notes and transcription, uncensored",
    tags: ["meetings", "transcription", "nsfw"],
    taxonomy: place("meetings", "meeting-assistants"),
    content: { adult: ['word "nsfw" in tags'], spam: [] },
  }),
  tool({
    slug: "parked-notes",
    name: "Parked Notes",
    url: "https://parked.example/",
    category: "Audio",
    description: "Meeting notes and transcription",
    tags: ["meetings", "transcription"],
    taxonomy: place("meetings", "meeting-assistants"),
    content: { adult: [], spam: ["parked domain"] },
  }),
  tool({
    slug: "voicely",
    name: "Voicely",
    url: "https://voicely.example/",
    category: "Audio",
    description: "Text to speech with natural voices for videos and audiobooks",
    tags: ["voice", "speech"],
    taxonomy: place("voice", "text-to-speech"),
  }),
  tool({
    slug: "speakit",
    name: "SpeakIt",
    url: "https://speakit.example/",
    category: "Audio",
    description: "Turn text into lifelike speech and voiceovers",
    tags: ["voice", "speech"],
    taxonomy: place("voice", "text-to-speech"),
  }),
  tool({
    slug: "unfiled",
    name: "Unfiled",
    url: null,
    category: "Other",
    description: "Something without a taxonomy leaf",
  }),
];

const TAXONOMY = indexTaxonomy([{
  id: "work",
  name: "Work",
  description: "Work.",
  children: [
    {
      id: "meetings",
      name: "Meetings",
      description: "Meetings.",
      children: [
        { id: "meeting-assistants", name: "Meeting Assistants", description: "Notes." },
        { id: "transcription", name: "Transcription", description: "Speech to text." },
      ],
    },
    {
      id: "voice",
      name: "Voice",
      description: "Voice.",
      children: [{ id: "text-to-speech", name: "Text to Speech", description: "TTS." }],
    },
  ],
}]);

/** Writes {@link TOOLS} to a temporary catalog (with sentence embeddings when `embed`). */
async function altContext(embed: boolean): Promise<CatalogContext> {
  const dir = await tempDir({ prefix: "toolatlas-alternatives-" });
  const path = `${dir}/catalog.db`;
  let vectors: CatalogVectors | undefined;
  if (embed) {
    const embedder = await loadUseLite();
    vectors = {
      model: embedder.id,
      dimension: embedder.dimension,
      tools: await embedder.embed(TOOLS.map(toolText)),
      servers: [],
    };
  }
  await writeCatalog(path, {
    ...(vectors && { vectors }),
    tools: TOOLS,
    servers: [],
    prices: [],
    sources: [],
    report: { fixture: true },
    builtAt: "2026-11-29T00:00:00.000Z",
  });
  return {
    store: CatalogStore.open(path),
    baseUrl: "http://test.local",
    taxonomy: TAXONOMY,
    sources: new Map(),
    ...newCaches(),
  };
}

const lexical = await altContext(false);
const semantic = await altContext(true);

const slugs = (
  ctx: CatalogContext,
  slug: string,
  options: { adult?: boolean; limit?: number } = {},
) =>
  alternativesOf(ctx.store, ctx.store.toolId(slug)!, { limit: 10, ...options }).items.map((a) =>
    a.slug
  );

Deno.test("vendorKey() gives the registrable domain, a tenant or a code-host owner", () => {
  assert.equal(vendorKey("https://www.notion.so/product/ai"), "notion.so");
  assert.equal(vendorKey("https://chat.openai.com/chat"), "openai.com");
  assert.equal(vendorKey("https://openai.com/dall-e"), "openai.com");
  assert.equal(vendorKey("https://shop.acme.co.uk/x"), "acme.co.uk");
  assert.equal(vendorKey("https://my-app.vercel.app/"), "my-app.vercel.app");
  assert.equal(vendorKey("https://github.com/Owner/repo"), "github.com/owner");
  assert.equal(vendorKey("https://huggingface.co/spaces/team/demo"), "huggingface.co/team");
});

Deno.test("vendorKey() says nothing for store listings, custom GPTs and bad URLs", () => {
  assert.equal(vendorKey("https://chromewebstore.google.com/detail/x/abc"), null);
  assert.equal(vendorKey("https://apps.apple.com/app/id123"), null);
  assert.equal(vendorKey("https://chatgpt.com/g/g-123-helper"), null);
  assert.equal(vendorKey(null), null);
  assert.equal(vendorKey("not a url"), null);
});

Deno.test("nameWords() splits camelCase and drops a domain ending", () => {
  assert.deepEqual(nameWords("ChatGPT for Sheets"), ["chat", "gpt", "for", "sheets"]);
  assert.deepEqual(nameWords("AnonChatGPT"), ["anon", "chat", "gpt"]);
  assert.deepEqual(nameWords("GPTRouter"), ["gpt", "router"]);
  assert.deepEqual(nameWords("Bolt.new"), ["bolt"]);
  assert.deepEqual(coreOf(nameWords("Otter AI")), ["otter"]);
});

Deno.test("brandOf() is null for a name of common words", () => {
  const common = new Set(["image", "generator", "writer"]);
  const isBrand = (w: string) => isBrandWord(w, common.has(w) ? 50 : 0);
  assert.deepEqual(brandOf(nameWords("Notion AI"), isBrand), ["notion"]);
  assert.equal(brandOf(nameWords("Image Generator"), isBrand), null);
  assert.equal(brandOf(nameWords("AI Writer"), isBrand), null);
  assert.equal(isBrandWord("ai", 0), false);
  assert.equal(isBrandWord("2024", 0), false);
});

Deno.test("sameFamily() joins a product, its plug-ins, its vendor's products and its duplicates", () => {
  const facts = (name: string, url: string | null, common: string[] = []) => {
    const words = nameWords(name);
    return {
      vendor: vendorKey(url),
      words,
      core: coreOf(words).join(" "),
      brand: brandOf(words, (w) => isBrandWord(w, common.includes(w) ? 50 : 0)),
    };
  };
  const chatgpt = facts("ChatGPT", "https://chat.openai.com/");
  assert.equal(sameFamily(chatgpt, facts("ChatGPT for Sheets", null)), true);
  assert.equal(sameFamily(facts("ChatGPT for Sheets", null), chatgpt), true);
  assert.equal(sameFamily(chatgpt, facts("AnonChatGPT", "https://anonchatgpt.com/")), true);
  assert.equal(sameFamily(chatgpt, facts("DALL-E", "https://openai.com/dall-e")), true);
  assert.equal(sameFamily(chatgpt, facts("Claude", "https://claude.ai/")), false);
  assert.equal(sameFamily(facts("PhotoAI", null), facts("Photo AI", null, ["photo"])), true);
  assert.equal(sameFamily(facts("Otter", null), facts("Spotter", null)), false);
  // A name of common words names no brand: other tools with those words stay alternatives.
  const image = facts("Image", null, ["image"]);
  assert.equal(sameFamily(image, facts("Image Upscaler", null, ["image", "upscaler"])), false);
  // Two store listings say nothing about their publishers.
  assert.equal(
    sameFamily(
      facts("Summarize Pro", "https://chromewebstore.google.com/detail/a/b"),
      facts("Tab Helper", "https://chromewebstore.google.com/detail/c/d"),
    ),
    false,
  );
});

Deno.test("jobTerms() keeps content words with light stems", () => {
  assert.deepEqual(jobTerms(["Generates images", "image generation for you"]), [
    "generat",
    "imag",
    "generation",
  ]);
});

Deno.test("alternativesOf() keeps to the tool's leaf and leaves out its family", () => {
  for (const ctx of [lexical, semantic]) {
    const found = slugs(ctx, "otter");
    assert.deepEqual(new Set(found), new Set(["fireflies", "tldv", "scribe-notes"]), `${found}`);
    // fireflies and fireflies.ai are one product (the same vendor): listed once.
    assert.equal(found.filter((s) => s.startsWith("fireflies")).length, 1);
    // Text-to-speech tools share the source category "Audio" but not the job.
    assert.ok(!found.includes("voicely") && !found.includes("speakit"));
  }
});

Deno.test("alternativesOf() ranks a same-leaf tool above one that shares a leaf as a secondary", () => {
  for (const ctx of [lexical, semantic]) {
    const found = slugs(ctx, "otter");
    assert.ok(found.indexOf("scribe-notes") > found.indexOf("tldv"), `${found}`);
  }
});

Deno.test("alternativesOf() leaves out adult tools unless asked, and spam always", () => {
  assert.ok(!slugs(lexical, "otter").includes("meeting-spicy"));
  assert.ok(slugs(lexical, "otter", { adult: true }).includes("meeting-spicy"));
  assert.ok(!slugs(lexical, "otter", { adult: true }).includes("parked-notes"));
});

Deno.test("alternativesOf() says how each item was found", () => {
  const nodeName = (id: string) => TAXONOMY.byId.get(id)?.node.name;
  const byLexical = alternativesOf(lexical.store, lexical.store.toolId("otter")!, {
    limit: 3,
    nodeName,
  });
  assert.equal(byLexical.method, ALTERNATIVES_METHOD.lexical);
  const tldv = byLexical.items.find((a) => a.slug === "tldv")!;
  assert.equal(tldv.similarity, null);
  assert.equal(tldv.sharedLeafId, "meeting-assistants");
  assert.match(tldv.reason, /^same leaf: Meeting Assistants; shared words: /);
  const scribe = byLexical.items.find((a) => a.slug === "scribe-notes")!;
  assert.match(scribe.reason, /^shares the leaf Meeting Assistants/);
  const fireflies = byLexical.items.find((a) => a.slug.startsWith("fireflies"))!;
  if (fireflies.slug === "fireflies") {
    assert.match(fireflies.reason, /listed by 2 sources; 120 reviews/);
  }
  const bySemantic = alternativesOf(semantic.store, semantic.store.toolId("otter")!, {
    limit: 3,
    nodeName,
  });
  assert.equal(bySemantic.method, ALTERNATIVES_METHOD.vector);
  for (const a of bySemantic.items) {
    assert.ok(a.similarity !== null && a.similarity > 0 && a.similarity <= 1, a.slug);
    assert.match(a.reason, /similar description \(0\.\d\d\)/);
  }
});

Deno.test("alternativesOf() answers a tool without a leaf, an unknown id and a zero limit", () => {
  for (const ctx of [lexical, semantic]) {
    const id = ctx.store.toolId("unfiled")!;
    assert.ok(Array.isArray(alternativesOf(ctx.store, id, { limit: 5 }).items));
    assert.deepEqual(alternativesOf(ctx.store, 9999, { limit: 5 }).items, []);
    assert.deepEqual(alternativesOf(ctx.store, id, { limit: 0 }).items, []);
  }
});

Deno.test("details' competitors are the first items of toolAlternatives, reasons included", () => {
  for (const ctx of [lexical, semantic]) {
    for (const t of TOOLS) {
      const details = getTool(ctx, { slug: t.slug }).competitors;
      const alts = toolAlternatives(ctx, { slug: t.slug, limit: 10 });
      assert.equal(details.method, alts.method);
      assert.equal(details.derived, true);
      assert.deepEqual(
        details.items.map((c) => [c.slug, c.reason, c.similarity, c.sharedLeafId]),
        alts.alternatives.slice(0, 5).map((a) => [a.slug, a.reason, a.similarity, a.sharedLeafId]),
        t.slug,
      );
    }
  }
});

Deno.test("toolAlternatives() honours safe and limit", () => {
  const off = toolAlternatives(lexical, { slug: "otter", safe: "off", limit: 10 });
  assert.ok(off.alternatives.some((a) => a.slug === "meeting-spicy"));
  const one = toolAlternatives(lexical, { slug: "otter", limit: 1 });
  assert.equal(one.alternatives.length, 1);
  assert.equal(one.tool.slug, "otter");
  assert.equal(one.derived, true);
});

Deno.test("compareTools() suggests alternatives of the compared tools, not the tools or their family", () => {
  for (const ctx of [lexical, semantic]) {
    const out = compareTools(ctx, { slugs: ["otter", "fireflies"] }).alternatives;
    assert.equal(out.derived, true);
    const found = out.items.map((a) => a.slug);
    assert.ok(found.includes("tldv"), `${found}`);
    for (
      const excluded of ["otter", "fireflies", "fireflies-ai", "otter-pilot", "otter-for-chrome"]
    ) {
      assert.ok(!found.includes(excluded), `${excluded} in ${found}`);
    }
    const tldv = out.items.find((a) => a.slug === "tldv")!;
    assert.deepEqual(tldv.alternativeTo, ["otter", "fireflies"]);
    assert.match(tldv.reason, /^alternative to Otter AI and Fireflies; /);
  }
});

Deno.test("the site's tool page lists the alternatives with their reasons", async () => {
  const tool = getTool(semantic, { slug: "otter" });
  assert.ok(tool.competitors.items.length > 0);
  const html = String(await ToolPage({ tool, path: [], also: [] }));
  for (const c of tool.competitors.items) {
    assert.ok(html.includes(`<a href="/tools/${c.slug}">${c.name}</a>`), c.slug);
    assert.ok(html.includes(c.reason.replace(/&/g, "&amp;")), c.reason);
  }
  assert.ok(html.includes(`(${ALTERNATIVES_METHOD.vector})`));
});
