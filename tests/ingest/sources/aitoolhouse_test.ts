import assert from "node:assert/strict";
import { adapters, mapAitoolhousePricing } from "../../../src/ingest/sources/aitoolhouse.ts";
import {
  assertCleaned,
  assertCounts,
  assertFields,
  assertMissingSourceThrows,
  assertNoPlaceholders,
  readFixture,
  realRead,
  recordById,
} from "./_helpers.ts";
import { PRICING_MODELS } from "../../../src/model/tool.ts";

const adapter = adapters[0]!;

Deno.test("aitoolhouse: keeps all 3,865 rows of the detailed CSV with unique source ids", async () => {
  const { records: tools, report } = await realRead(adapter);
  assertCounts({ records: tools, report }, { read: 3865, kept: 3865, skipped: {}, files: 1 });
  assert.ok(tools.every((t) => t.source === "aitoolhouse" && t.name.trim() === t.name));
  assertNoPlaceholders(tools);
});

Deno.test("aitoolhouse: counts the repairs it made (tracking parameters, affiliate links, [] prices)", async () => {
  const { report } = await realRead(adapter);
  assertCleaned(report, { affiliate_redirect: 8, placeholder: 245 }, { affiliate_params: 10 });
  assert.ok((report.counts.cleaned["tracking_params"] ?? 0) > 3800);
});

Deno.test("aitoolhouse: maps Leonardo.AI with a clean URL, freemium pricing and its features", async () => {
  const { records: tools } = await realRead(adapter);
  assert.deepEqual(recordById(tools, "leonardoai"), {
    source: "aitoolhouse",
    sourceId: "leonardoai",
    name: "Leonardo.AI",
    url: "https://leonardo.ai/",
    description:
      "Leverage generative AI with a unique suite of tools to convey your ideas to the world.",
    pricing: "freemium",
    hasFreeTier: true,
    features: ["Mobile App", "Discord Community"],
    categories: ["image generator", "image to image"],
    verified: true,
    createdAt: "2023-05-30T15:55:49.583Z",
    updatedAt: "2025-04-11T14:54:14.212Z",
    socialLinks: ["https://discord.gg/leonardo-ai", "https://twitter.com/LeonardoAi_"],
  });
});

Deno.test("aitoolhouse: no URL keeps a utm_* parameter or an affiliate-network host", async () => {
  const { records: tools } = await realRead(adapter);
  for (const t of tools) {
    if (t.url === undefined) continue;
    assert.ok(!/[?&]utm_/i.test(t.url), t.url);
    assert.ok(!/8odi\.net/.test(t.url), t.url);
  }
  assertFields(recordById(tools, "chatgpt"), {
    url: "https://chat.openai.com/chat",
    priceText: "20/mo",
  });
});

Deno.test("aitoolhouse: only the 14 real ratings are kept; 0.0 with 0 reviews means no rating", async () => {
  const { records: tools } = await realRead(adapter);
  const rated = tools.filter((t) => t.rating !== undefined);
  assert.equal(rated.length, 14);
  assert.ok(rated.every((t) => t.rating! > 0 && t.rating! <= 5 && t.reviewCount! >= 1));
  assertFields(recordById(tools, "smart-scribe"), { rating: 4.67, reviewCount: 3 });
});

Deno.test("aitoolhouse: every pricing is a known model and hasFreeTier agrees with it", async () => {
  const { records: tools } = await realRead(adapter);
  const counts: Record<string, number> = {};
  for (const t of tools) {
    if (t.pricing === undefined) continue;
    assert.ok((PRICING_MODELS as readonly string[]).includes(t.pricing));
    counts[t.pricing] = (counts[t.pricing] ?? 0) + 1;
    if (t.pricing === "free" || t.pricing === "freemium") assert.equal(t.hasFreeTier, true);
  }
  // "Free" 1213 rows, "Freemium" 1082 + combinations, one empty and one "Deals"-only cell.
  assert.equal(tools.filter((t) => t.pricing === undefined).length, 2);
  assert.equal(counts["contact"], 251);
  assert.equal(counts["paid"], 600);
});

Deno.test("aitoolhouse pricing: combinations map to the model covering all labels", () => {
  assert.deepEqual(mapAitoolhousePricing("Free"), { pricing: "free", hasFreeTier: true });
  assert.deepEqual(mapAitoolhousePricing("Free Trial, Freemium"), {
    pricing: "freemium",
    hasFreeTier: true,
  });
  assert.deepEqual(mapAitoolhousePricing("Free Trial, Free"), {
    pricing: "freemium",
    hasFreeTier: true,
  });
  assert.deepEqual(mapAitoolhousePricing("Free Trial, Paid"), {
    pricing: "free_trial",
    hasFreeTier: false,
  });
  assert.deepEqual(mapAitoolhousePricing("Paid, Deals"), { pricing: "paid", hasFreeTier: false });
  assert.deepEqual(mapAitoolhousePricing("Contact for Pricing"), {
    pricing: "contact",
    hasFreeTier: false,
  });
  assert.equal(mapAitoolhousePricing("Deals"), undefined);
  assert.equal(mapAitoolhousePricing(""), undefined);
});

const HEADER =
  "Name,Slug,Homepage,Short Description,Price Text,Pricing,Features,Categories,Verified,Favorite Count,Created At,Updated At,Rating,Reviews,Image URL,Optimized Image URL,Social Links";

Deno.test("aitoolhouse: broken rows are counted and skipped, never thrown", async () => {
  const rows = [
    "\ufeff" + HEADER,
    'Tom &amp; Jerry AI,tom,https://tom.ai/?utm_source=x,Cats &amp; mice,[],"Free, Deals",API,"art, fun",True,0,2024-01-02T03:04:05+00:00,,0.0,0,,,',
    ",no-name,https://noname.ai,desc,,Paid,,,False,0,,,0.0,0,,,",
    "Unknown Price,unknown-price,unknown,N/A,unknown,unknown,,,False,0,,,4.0,2,,,",
    "Short Row,short,https://short.ai",
    'Broken Quote,broken,https://broken.ai,"never closed,,Free,,,False,0,,,0.0,0,,,',
  ];
  const read = await readFixture(adapter, {
    "ai-tools/aitoolhouse/all_ai_tools_detailed.csv": rows.join("\n") + "\n",
  });
  assertCounts(read, { read: 5, kept: 2, skipped: { missing_name: 1, invalid_csv_row: 2 } });
  assertCleaned(read.report, { bom: 1 }, { html_entities: 2 });
  const tools = read.records;
  assert.deepEqual(tools[0], {
    source: "aitoolhouse",
    sourceId: "tom",
    name: "Tom & Jerry AI",
    url: "https://tom.ai/",
    description: "Cats & mice",
    pricing: "free",
    hasFreeTier: true,
    features: ["API"],
    categories: ["art", "fun"],
    tags: ["Deals"],
    verified: true,
    createdAt: "2024-01-02T03:04:05.000Z",
  });
  // "unknown" is never kept as a value; the name is kept as written.
  assert.deepEqual(tools[1], {
    source: "aitoolhouse",
    sourceId: "unknown-price",
    name: "Unknown Price",
    verified: false,
    rating: 4,
    reviewCount: 2,
  });
});

Deno.test("aitoolhouse: a missing source throws NotFound", async () => {
  await assertMissingSourceThrows(adapter);
});
