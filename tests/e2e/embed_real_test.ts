import assert from "node:assert/strict";
import { clipText } from "../../src/embed/embedding.ts";
import { loadUseLite } from "../../src/embed/embedder.ts";
import { SentencePieceTokenizer } from "../../src/embed/sentencepiece.ts";
import { serverText, toolText } from "../../src/ingest/embed_entries.ts";
import { realCatalog } from "../_helpers.ts";
import { seededSample } from "../_sample.ts";
import { maxDiff, referenceTokenizer, vocabulary } from "../embed/_use_lite.ts";

// The embedder's two runtimes and its tokenizer, checked against their references on the real
// catalog's texts (one module: one build of the real catalog).

const { store } = (await realCatalog()).ctx;

/** The embedded text of every server and tool of the real catalog, clipped as the model reads it. */
function catalogTexts(): string[] {
  const texts: string[] = [];
  for (const table of ["servers", "tools"] as const) {
    const ids = store.idsAfter(table, 0, 100_000);
    for (let i = 0; i < ids.length; i += 5_000) { // under SQLite's variable limit
      const chunk = ids.slice(i, i + 5_000);
      const entries = table === "servers"
        ? store.serversByIds(chunk).map(serverText)
        : store.toolsByIds(chunk).map(toolText);
      texts.push(...entries.map(clipText));
    }
  }
  return texts;
}

Deno.test("the tokenizer gives the reference's ids for real catalog texts", () => {
  const ours = new SentencePieceTokenizer(vocabulary);
  const reference = referenceTokenizer;
  const all = catalogTexts();
  assert.ok(all.length > 30_000, `${all.length} texts`);
  // Every text outside plain ASCII (where unknown pieces and multi-unit characters are) and a
  // sample of the rest: the reference takes about 0.6 ms per text.
  const unusual = all.filter((t) => /[^\x20-\x7e]/.test(t));
  const plain = all.filter((t) => !/[^\x20-\x7e]/.test(t));
  const texts = [...unusual, ...seededSample(plain, 3_000, 14)];
  assert.ok(unusual.length > 1_000, `${unusual.length} texts outside ASCII`);
  let differ = 0, unknown = 0;
  for (const text of texts) {
    const ids = ours.encode(text);
    if (ids.includes(0)) unknown++;
    if (JSON.stringify(ids) !== JSON.stringify(reference.encode(text))) differ++;
  }
  assert.equal(differ, 0, `${differ} of ${texts.length} texts tokenized differently`);
  assert.ok(unknown > 0, "some texts hold characters outside the vocabulary");
});

/** Edge cases: empty, blank, one letter, unknown scripts and emoji, past 128 tokens and 600 chars. */
const ODD_TEXTS = [
  "",
  " ",
  "a",
  "let my agent query Postgres",
  "東京の天気 🚀 ünïcödé — naïve café",
  "word ".repeat(110), // 110 tokens
  "go ".repeat(180), // 180 tokens in 540 characters: the model reads the first 128
  "database ".repeat(140), // past 600 characters: cut at a word boundary first
  "x".repeat(2_000), // one long run of characters
];

Deno.test("ONNX Runtime gives TensorFlow.js's vectors for real catalog texts and odd ones", async () => {
  const servers = store.serversByIds(
    seededSample(store.idsAfter("servers", 0, 100_000), 80, 14),
  ).map(serverText);
  const tools = store.toolsByIds(seededSample(store.idsAfter("tools", 0, 100_000), 40, 14))
    .map(toolText);
  const texts = [...ODD_TEXTS, ...servers, ...tools];
  assert.equal(texts.length, ODD_TEXTS.length + 120);

  const onnx = await loadUseLite("onnx");
  const tfjs = await loadUseLite("tfjs");
  let worst = 0;
  // In batches of 8, as the ingest sends them (mixed lengths, so padding is exercised).
  for (let i = 0; i < texts.length; i += 8) {
    const batch = texts.slice(i, i + 8);
    const [a, b] = await Promise.all([onnx.embed(batch), tfjs.embed(batch)]);
    a.forEach((v, j) => {
      assert.equal(v.length, 512);
      const d = maxDiff(v, b[j]!);
      worst = Math.max(worst, d);
      assert.ok(d < 1e-5, `text ${i + j} (${batch[j]!.slice(0, 40)}…): element differs by ${d}`);
    });
  }
  assert.ok(worst > 0, "two runtimes, so some rounding differs");
});
