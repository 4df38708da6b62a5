import assert from "node:assert/strict";
import { SentencePieceTokenizer } from "../../src/embed/sentencepiece.ts";
import { referenceTokenizer as reference, vocabulary } from "./_use_lite.ts";

const ours = new SentencePieceTokenizer(vocabulary);

Deno.test("the tokenizer matches the reference on unknown characters, emoji and spacing", () => {
  const odd = [
    "",
    " ",
    "   two  spaces  ",
    "a",
    "let my agent query Postgres",
    "東京の天気 🚀🚀 ünïcödé — naïve café ﬁ ①",
    "\u0000\u0007 tabs\tand\nnewlines",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝕞𝕒𝕥𝕙 and 👩‍👩‍👧 family",
    "x".repeat(700),
  ];
  for (const text of odd) assert.deepEqual(ours.encode(text), reference.encode(text), text);
  assert.deepEqual(ours.encode(""), []);
  const words = ours.encode("database server");
  assert.deepEqual(words.map((id) => vocabulary[id]![0]), ["▁database", "▁server"]);
});
