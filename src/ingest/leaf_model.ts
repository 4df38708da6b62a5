/**
 * The learned leaf model of the taxonomy classifier: a multinomial logistic regression
 * (softmax) trained at ingest on the hand labels of `data/taxonomy_labels.json`, over the signals
 * the rule classifier reads (`Classifier.signals` in `classify.ts`).
 *
 * For leaf `l` of an entry with signals `(E, S, F)` the logit is
 *
 * `z_l = α·E_l + β·E_l / max(E) + γ·S_l + b_l + Σ_{f ∈ F} W[f, l]`
 *
 * where `E_l` is the leaf's keyword and category-map evidence, `S_l` the embedding similarity of
 * entry and leaf description, `F` the entry's token features, `α, β, γ` shared by every leaf, and
 * `b` and `W` per leaf. The rules therefore act as a prior the token weights correct: words that
 * the rules miss (a product name, a domain term) and rules that mislead (a broad source category)
 * are learned from the labels. Training minimizes cross-entropy plus an L2 penalty on `W` by
 * AdaGrad in a fixed order, so the same labels always give the same model. Features seen in fewer
 * than `minCount` labelled entries are dropped.
 *
 * @module
 */
import { z } from "zod";
import { loadJsonData } from "./data_file.ts";

/**
 * The raw signals of one entry, the input of the learned leaf model, as the rule
 * classifier (`Classifier.signals` in `classify.ts`) reads them.
 *
 * - `evidence[i]`: the keyword and category-map evidence total of leaf `i` (tree order), without
 *   the embedding channel (see the module documentation of `classify.ts`);
 * - `similarity[i]`: cosine similarity of the entry and leaf `i` embeddings, when both exist;
 * - `features`: sparse token features, prefixed by where they were read: `k:` kind, `c:` a source
 *   category label, `n:` a word of the name, `t:` a word of a tag, `d:` a word of the description,
 *   `b:` two adjacent words of the description's first sentence, `x:` a word of the long
 *   description, features, use cases or MCP tool names. Each appears once.
 */
export interface EntrySignals {
  evidence: Float64Array;
  similarity: Float64Array | undefined;
  features: string[];
}

/** One labelled entry: its signals and the index of its hand-labelled leaf (tree order). */
export interface LabelledSignals {
  signals: EntrySignals;
  leaf: number;
}

/** Training options of {@link LeafModel.train}; every field has a default. */
export interface LeafModelOptions {
  /** Passes over the labels (default 20). */
  epochs?: number | undefined;
  /** AdaGrad step size (default 0.2). */
  learningRate?: number | undefined;
  /** L2 penalty on token weights, per update (default 0.003, the best of 1e-5..1e-2 in 5-fold CV). */
  l2?: number | undefined;
  /** Labelled entries a token feature must occur in to be kept (default 2). */
  minCount?: number | undefined;
  /**
   * Softmax temperature of {@link LeafModel.probabilities} (default 1.5). Trained logits are
   * overconfident; in 5-fold CV on 4,011 labels, 1.5 gave the lowest held-out log loss (1.87,
   * against 1.92 at 1 and 2.16 at 2) and probabilities close to accuracy (0.96 → 94% right,
   * 0.55 → 62%).
   */
  temperature?: number | undefined;
}

const _DENSE = 3;
/** Gradient magnitude under which a leaf's weights are not updated for an example. */
const _ACTIVE = 1e-4;

/**
 * A trained softmax model over taxonomy leaves. Build it with {@link LeafModel.train}.
 *
 * @example
 * ```ts
 * const model = LeafModel.train(labelled, taxonomy.leaves.length);
 * const p = model.probabilities(classifier.signals({ kind: "tool", tool }));
 * ```
 */
export class LeafModel {
  readonly #n: number;
  readonly #vocab: Map<string, number>;
  readonly #w: Float32Array;
  readonly #bias: Float64Array;
  readonly #dense: Float64Array;
  #temperature = 1;

  private constructor(
    n: number,
    vocab: Map<string, number>,
    w: Float32Array,
    bias: Float64Array,
    dense: Float64Array,
  ) {
    this.#n = n;
    this.#vocab = vocab;
    this.#w = w;
    this.#bias = bias;
    this.#dense = dense;
  }

  /** How many token features the model kept. */
  get vocabularySize(): number {
    return this.#vocab.size;
  }

  /**
   * Trains a model on labelled entries.
   *
   * @param examples labelled signals; every `leaf` must be in `[0, leafCount)`
   * @param leafCount number of leaves (233 for `data/taxonomy.json`)
   * @param options epochs, step size, L2 penalty, minimum feature count
   * @returns the trained model
   * @throws {RangeError} when an example's leaf is out of range or there are no examples
   */
  static train(
    examples: LabelledSignals[],
    leafCount: number,
    options: LeafModelOptions = {},
  ): LeafModel {
    if (examples.length === 0) throw new RangeError("Cannot train a leaf model without labels");
    for (const e of examples) {
      if (!(e.leaf >= 0 && e.leaf < leafCount)) {
        throw new RangeError(`Cannot train a leaf model: leaf index ${e.leaf} is out of range`);
      }
    }
    const epochs = options.epochs ?? 20;
    const rate = options.learningRate ?? 0.2;
    const l2 = options.l2 ?? 0.003;
    const minCount = options.minCount ?? 2;

    const counts = new Map<string, number>();
    for (const e of examples) {
      for (const f of e.signals.features) counts.set(f, (counts.get(f) ?? 0) + 1);
    }
    const vocab = new Map<string, number>();
    for (const [f, c] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      if (c >= minCount) vocab.set(f, vocab.size);
    }
    const n = leafCount;
    const w = new Float32Array(vocab.size * n);
    const gw = new Float32Array(vocab.size * n);
    const bias = new Float64Array(n);
    const gb = new Float64Array(n);
    const dense = new Float64Array(_DENSE);
    const gd = new Float64Array(_DENSE);
    const model = new LeafModel(n, vocab, w, bias, dense);
    const rows = examples.map((e) => model.#row(e.signals));
    const p = new Float64Array(n);
    const m = examples.length;
    const active: number[] = [];
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (const i of _order(m, epoch)) {
        const row = rows[i]!;
        model.#logits(row, p);
        _softmax(p);
        p[examples[i]!.leaf]! -= 1; // p is now the gradient of the loss in the logits
        // Leaves whose gradient is negligible are skipped (and their weights not decayed this
        // step): after the first epochs most of the 233 leaves have a probability near 0. On 8,000
        // labels this cut training from 6.9 s to 4.6 s; 5-fold CV accuracy moved from 61.7% to
        // 61.4%, within noise (12 of 4,011 entries).
        active.length = 0;
        for (let l = 0; l < n; l++) if (Math.abs(p[l]!) > _ACTIVE) active.push(l);
        for (const l of active) {
          const g = p[l]!;
          gb[l]! += g * g;
          bias[l]! -= rate * g / Math.sqrt(gb[l]! + 1e-8);
        }
        for (let d = 0; d < _DENSE; d++) {
          let g = 0;
          for (let l = 0; l < n; l++) g += p[l]! * row.dense[d * n + l]!;
          gd[d]! += g * g;
          dense[d]! -= rate * g / Math.sqrt(gd[d]! + 1e-8);
        }
        for (const f of row.features) {
          const base = f * n;
          for (const l of active) {
            const g = p[l]! + l2 * w[base + l]!;
            gw[base + l]! += g * g;
            w[base + l]! -= rate * g / Math.sqrt(gw[base + l]! + 1e-8);
          }
        }
      }
    }
    model.#temperature = options.temperature ?? 1.5;
    return model;
  }

  /**
   * The model's probability for every leaf.
   *
   * @param signals an entry's signals from `Classifier.signals`
   * @returns probabilities in tree order, summing to 1 (softmax of the logits at the model's
   *   temperature)
   */
  probabilities(signals: EntrySignals): Float64Array {
    const p = new Float64Array(this.#n);
    this.#logits(this.#row(signals), p);
    for (let l = 0; l < p.length; l++) p[l]! /= this.#temperature;
    _softmax(p);
    return p;
  }

  #row(signals: EntrySignals): { features: number[]; dense: Float64Array } {
    const n = this.#n;
    const dense = new Float64Array(_DENSE * n);
    let max = 0;
    for (let l = 0; l < n; l++) max = Math.max(max, signals.evidence[l] ?? 0);
    for (let l = 0; l < n; l++) {
      const e = signals.evidence[l] ?? 0;
      dense[l] = e;
      dense[n + l] = max > 0 ? e / max : 0;
      dense[2 * n + l] = signals.similarity?.[l] ?? 0;
    }
    const features: number[] = [];
    for (const f of signals.features) {
      const i = this.#vocab.get(f);
      if (i !== undefined) features.push(i);
    }
    return { features, dense };
  }

  #logits(row: { features: number[]; dense: Float64Array }, out: Float64Array): void {
    const n = this.#n;
    for (let l = 0; l < n; l++) {
      out[l] = this.#bias[l]! + this.#dense[0]! * row.dense[l]! +
        this.#dense[1]! * row.dense[n + l]! + this.#dense[2]! * row.dense[2 * n + l]!;
    }
    for (const f of row.features) {
      const base = f * n;
      for (let l = 0; l < n; l++) out[l]! += this.#w[base + l]!;
    }
  }
}

function _softmax(z: Float64Array): void {
  let max = -Infinity;
  for (const v of z) if (v > max) max = v;
  let sum = 0;
  for (let i = 0; i < z.length; i++) sum += z[i] = Math.exp(z[i]! - max);
  for (let i = 0; i < z.length; i++) z[i]! /= sum;
}

/** A fixed pseudo-random order of `0..m-1` for one epoch (sorted by an integer hash). */
function _order(m: number, epoch: number): number[] {
  const key = (i: number) => Math.imul(i ^ Math.imul(epoch + 1, 0x9e3779b9), 0x85ebca6b) >>> 0;
  return Array.from({ length: m }, (_, i) => i).sort((a, b) => key(a) - key(b) || a - b);
}

/**
 * Hand labels of `data/taxonomy_labels.json`: the primary leaf a person chose for an entry,
 * keyed by tool slug and by server name. Entries too vague to place have no label.
 */
export interface TaxonomyLabels {
  version: number;
  description: string;
  /** Tool slug → leaf id. */
  tools: Record<string, string>;
  /** Server name → leaf id. */
  servers: Record<string, string>;
}

const TaxonomyLabelsSchema = z.object({
  version: z.number(),
  description: z.string(),
  tools: z.record(z.string(), z.string()),
  servers: z.record(z.string(), z.string()),
});

/** Default location of the hand labels, relative to this module. */
export const TAXONOMY_LABELS_URL = new URL("../../data/taxonomy_labels.json", import.meta.url);

/**
 * Reads and validates `data/taxonomy_labels.json`. Leaf ids are not checked here: the ingest
 * skips and counts labels naming a leaf the taxonomy does not have.
 *
 * @param url file location (defaults to {@link TAXONOMY_LABELS_URL})
 * @returns the labels
 * @throws {Deno.errors.NotFound} when the file is missing
 * @throws {TypeError} when the file is not valid
 * @example
 * ```ts
 * const labels = await loadTaxonomyLabels();
 * labels.servers["io.github.example/postgres"]; // "relational-databases"
 * ```
 */
export async function loadTaxonomyLabels(
  url: URL = TAXONOMY_LABELS_URL,
): Promise<TaxonomyLabels> {
  return await loadJsonData(url, TaxonomyLabelsSchema, "taxonomy labels");
}
