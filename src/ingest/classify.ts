/**
 * Taxonomy classification at ingest: every AI tool and MCP server gets its {@link Placement}, one
 * primary leaf of `data/taxonomy.json` and up to two secondary leaves, each with the method that
 * decided it and a score.
 *
 * ## Evidence
 * Evidence is added up per leaf, in channels with a weight `W` and a cap on how many distinct hits
 * count (`units`):
 *
 * | channel        | what matches                                                 |   W | units |
 * | -------------- | ------------------------------------------------------------ | --: | ----: |
 * | `category`     | a source category label in `data/category_map.json`           | 4.0 |   1.5 |
 * | `broad`        | a label the map lists as `broad` (a weak default only)        | 1.2 |   1.5 |
 * | `name`         | a leaf keyword in the entry's name (title, repository name)   | 3.0 |     2 |
 * | `tags`         | a leaf keyword inside a tag or a category label               | 2.0 |     2 |
 * | `lead`         | a leaf keyword in the first sentence of the description       | 1.2 |   2.5 |
 * | `text`         | a leaf keyword in the rest of the description                 | 0.7 |     2 |
 * | `extra`        | long description, features, use cases, MCP tool names/texts   | 0.4 |   2.5 |
 * | `embedding`    | cosine similarity of entry and leaf embeddings (optional)     | 0.5 |     1 |
 *
 * A channel adds `W × min(units, Σ hit weights)`; every distinct keyword or label counts once per
 * channel, with weight 1, or 0.5 for the ambiguous words the map lists as `weakTerms`. Keywords
 * are the leaf's `keywords` in the taxonomy plus the map's `terms` for that leaf. Matching is on
 * whole words and phrases after light normalization (lowercase, accents stripped, plural `-s` and
 * `-ies` folded, `…mcp` affixes dropped from a word), longest phrase first, so `github actions`
 * counts for CI/CD and not also for Git hosting; phrases the map lists under `ignore` (boilerplate
 * such as `ai assistants` in MCP server texts) consume their words without counting. Embedding
 * evidence is `0.5 × clamp((cos − 0.25) / 0.35, 0, 1)` for the 3 most similar leaves only: with
 * USE-lite vectors it is a tie-breaker, not a vote (on the hand-judged sample, weight 0 → 55/100
 * right, 0.5 → 57, 1 → 54, 1.5 → 47, 3 → 38).
 *
 * ## Decision, method and score
 * Without a learned model, the primary leaf is the leaf with the highest total (ties go to the
 * earlier leaf in tree order). Its `method` is the method whose channels contributed most to that
 * total (`category_map` for `category` and `broad`; `keywords` for `name`, `tags`, `lead`, `text`
 * and `extra`; `embedding`). Its `score` is `(1 − e^(−T/3)) × (0.5 + 0.5 × (T − T₂) / T)`: `T` is
 * the leaf's total and `T₂` the runner-up's, so a lone category hit scores 0.74, a lone name hit
 * 0.63, a lone description hit 0.33, and two equally supported leaves score half of that.
 * Secondary leaves are the next best leaves with a total of at least 1.0 and 40 % of the
 * primary's, at most two; their score is `(1 − e^(−Tᵢ/3)) × Tᵢ / T`.
 *
 * ## With the learned model and hand labels (the ingest's way)
 * The ingest trains a softmax model (`leaf_model.ts`) on the hand labels of
 * `data/taxonomy_labels.json`, over this classifier's {@link EntrySignals}, and passes it in
 * (`model`). The model then decides: the primary is its most probable leaf and the score is that
 * probability; the method is the rules' method when the rules chose the same leaf, else `model`.
 * Secondary leaves are the next most probable leaves with a probability of at least 0.1, at most
 * two (method `model`). A hand-labelled entry keeps its label as primary, with method `label` and
 * score 1.
 *
 * ## Fallback
 * An entry whose best total is under 0.5 has no usable evidence. It still gets a primary leaf, with
 * method `fallback` and score 0.05: the best-scoring leaf when there is any evidence at all, else
 * the per-kind default of the map (`fallback.tools`, `fallback.servers`): general AI assistants for
 * tools, and generic API clients for MCP servers, the most common kind of server that says nothing
 * more specific about itself.
 *
 * @module
 */
import { cleanCategory } from "./clean.ts";
import { z } from "zod";
import type { EntrySignals, LeafModel } from "./leaf_model.ts";
import { loadJsonData } from "./data_file.ts";
import {
  type PlacedLeaf,
  type Placement,
  PLACEMENT_METHODS,
  type PlacementMethod,
  type Taxonomy,
  type TaxonomyNode,
} from "../model/taxonomy.ts";
import type { CatalogServer } from "../model/server.ts";
import type { CatalogTool } from "../model/tool.ts";
import { words } from "../model/text.ts";

// The signals are the leaf model's input, defined there; re-exported for the classifier's users.
export type { EntrySignals } from "./leaf_model.ts";

const CategoryMapSchema = z.object({
  version: z.number(),
  labels: z.record(z.string(), z.string().nullable()),
  broad: z.array(z.string()).optional(),
  terms: z.record(z.string(), z.array(z.string())).optional(),
  weakTerms: z.array(z.string()).optional(),
  ignore: z.object({
    all: z.array(z.string()).optional(),
    tools: z.array(z.string()).optional(),
    servers: z.array(z.string()).optional(),
  }).optional(),
  fallback: z.object({ tools: z.string(), servers: z.string() }),
});

/**
 * The mapping table of `data/category_map.json`: source category labels (lowercase, trimmed) to
 * leaf ids (`null` for labels too generic to mean anything), plus the classifier's extra
 * vocabulary.
 */
export interface CategoryMap {
  version: number;
  /** Label → leaf id, or `null` when the label is ignored. */
  labels: Record<string, string | null>;
  /** Labels whose leaf is only a weak default (broad source categories such as "databases"). */
  broad?: string[] | undefined;
  /** Leaf id → extra keywords beyond the taxonomy's own. */
  terms?: Record<string, string[]> | undefined;
  /** Ambiguous single words that count half. */
  weakTerms?: string[] | undefined;
  /** Phrases that never count as evidence, for all entries or one kind. */
  ignore?: {
    all?: string[] | undefined;
    tools?: string[] | undefined;
    servers?: string[] | undefined;
  } | undefined;
  /** Default leaf per kind when an entry has no evidence at all. */
  fallback: { tools: string; servers: string };
}

/** Default location of the category map, relative to this module. */
export const CATEGORY_MAP_URL = new URL("../../data/category_map.json", import.meta.url);

/**
 * Reads and validates `data/category_map.json`.
 *
 * @param url file location (defaults to {@link CATEGORY_MAP_URL})
 * @returns the parsed map
 * @throws {Deno.errors.NotFound} when the file is missing
 * @throws {TypeError} when the file is not a valid category map
 * @example
 * ```ts
 * const map = await loadCategoryMap();
 * map.labels["image generator"]; // "image-generation"
 * ```
 */
export async function loadCategoryMap(url: URL = CATEGORY_MAP_URL): Promise<CategoryMap> {
  return await loadJsonData(url, CategoryMapSchema, "category map");
}

/**
 * Normalizes a source category label the way the map's keys are written: cleaned by
 * `cleanCategory` (entities, a trailing "MCP Servers"), lowercase, trimmed, inner whitespace
 * collapsed.
 *
 * @param label a label as a source gives it
 * @returns the map key
 * @example
 * ```ts
 * labelKey("  Image Generator "); // "image generator"
 * ```
 */
export function labelKey(label: string): string {
  // The map's keys were written from raw source labels; catalog labels are cleaned at merge
  // (`cleanCategory`), so both sides go through the same cleaning.
  return (cleanCategory(label) ?? label).trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * The text a leaf is embedded from: its name, description and keywords.
 *
 * @param leaf a taxonomy leaf
 * @returns one line of text
 * @example
 * ```ts
 * leafText({ id: "x", name: "Weather", description: "Forecasts.", keywords: ["rain"] });
 * // "Weather. Forecasts. rain"
 * ```
 */
export function leafText(leaf: TaxonomyNode): string {
  return `${leaf.name}. ${leaf.description} ${(leaf.keywords ?? []).join(", ")}`.trim();
}

/** Options of {@link Classifier}. */
export interface ClassifierOptions {
  /** Leaf id → embedding of {@link leafText}; without it, embedding evidence is not used. */
  leafEmbeddings?: Map<string, Float32Array> | undefined;
  /** Weight of the embedding channel (default {@link EMBEDDING_WEIGHT}). */
  embeddingWeight?: number | undefined;
  /**
   * The learned leaf model (`leaf_model.ts`), trained on this classifier's signals; when given it
   * decides every primary leaf and the rules only feed it.
   */
  model?: LeafModel | undefined;
}

// Channel weights per kind and caps (see the module documentation).
const _CH = {
  category: { w: { tools: 3.0, servers: 3.0 }, units: 1.5, method: 0 },
  broad: { w: { tools: 0.8, servers: 0.8 }, units: 1.5, method: 0 },
  name: { w: { tools: 2.0, servers: 3.0 }, units: 2, method: 1 },
  tags: { w: { tools: 1.5, servers: 1.5 }, units: 2, method: 1 },
  lead: { w: { tools: 1.5, servers: 1.5 }, units: 2.5, method: 1 },
  text: { w: { tools: 0.6, servers: 0.6 }, units: 2, method: 1 },
  extra: { w: { tools: 0.4, servers: 0.4 }, units: 2.5, method: 1 },
} as const;
type _Channel = keyof typeof _CH;
const _CHANNELS = Object.keys(_CH) as _Channel[];
/** Weight of a tool's later category labels (the first one is the source's main category). */
const _LATER_LABEL = 0.6;
/** Weight factor of a keyword of two or more words, which is more specific than a single word. */
const _PHRASE_BONUS = 1.3;
/** Method index → name (0 category_map, 1 keywords, 2 embedding). */
const _METHOD_NAMES: PlacementMethod[] = ["category_map", "keywords", "embedding"];

/** Default weight of the embedding channel (see the module documentation). */
export const EMBEDDING_WEIGHT = 0.5;
const _EMB_FLOOR = 0.25;
const _EMB_SPAN = 0.35;
const _EMB_TOP = 3;
const _MIN_EVIDENCE = 0.5;
const _FALLBACK_SCORE = 0.05;
const _SECONDARY_MIN = 1.0;
const _SECONDARY_SHARE = 0.4;
const _SCORE_SCALE = 3;
/** Smallest model probability of a secondary leaf. */
const _MODEL_SECONDARY = 0.1;

/** Function words that carry no evidence as features of the learned model. */
const _STOP = new Set(
  ("a an and are as at be by can for from has have in into is it its of on or that the their " +
    "this to via what when which while will with without you your").split(" "),
);

/** Words that never end in a plural `s` even though they look like it. */
const _NO_STEM = new Set([
  "news",
  "canvas",
  "atlas",
  "alias",
  "series",
  "species",
  "chaos",
  "aws",
  "sms",
  "ios",
  "macos",
  "gps",
  "dns",
  "https",
  "kubernetes",
  "postgres",
  "windows",
  "analysis",
  "redis",
  "jenkins",
  "mercadolibre",
]);

/** Light stemming: folds `-ies` to `-y` and a plural `-s`. */
function _stem(token: string): string {
  if (token.length <= 3 || _NO_STEM.has(token)) return token;
  if (token.endsWith("ies") && token.length > 4) return token.slice(0, -3) + "y";
  if (token.endsWith("s") && !/(ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
}

/** A keyword or ignore phrase compiled to tokens. */
interface _Phrase {
  id: number;
  /** The keyword as written in the taxonomy or the map. */
  text: string;
  tokens: string[];
  /** Leaf index, or -1 for an ignore phrase. */
  leaf: number;
  weight: number;
}

/** Longest-match phrase matcher over normalized tokens. */
class _Matcher {
  readonly #byFirst = new Map<string, _Phrase[]>();

  add(phrase: _Phrase): void {
    const first = phrase.tokens[0]!;
    const list = this.#byFirst.get(first);
    if (list) {
      if (list.some((p) => p.tokens.join(" ") === phrase.tokens.join(" "))) return;
      list.push(phrase);
      list.sort((a, b) => b.tokens.length - a.tokens.length || a.id - b.id);
    } else this.#byFirst.set(first, [phrase]);
  }

  has(token: string): boolean {
    return this.#byFirst.has(token);
  }

  /** Calls `hit` for every non-overlapping longest match of a keyword phrase. */
  scan(tokens: string[], hit: (phrase: _Phrase) => void): void {
    let i = 0;
    while (i < tokens.length) {
      const candidates = this.#byFirst.get(tokens[i]!);
      let matched: _Phrase | undefined;
      if (candidates) {
        for (const p of candidates) {
          if (i + p.tokens.length > tokens.length) continue;
          let ok = true;
          for (let k = 1; k < p.tokens.length; k++) {
            if (tokens[i + k] !== p.tokens[k]) {
              ok = false;
              break;
            }
          }
          if (ok) {
            matched = p;
            break;
          }
        }
      }
      if (matched) {
        if (matched.leaf >= 0) hit(matched);
        i += matched.tokens.length;
      } else i++;
    }
  }
}

/** Evidence for one entry: per channel, per leaf, the distinct phrases seen and their sum. */
class _Evidence {
  readonly sums = new Map<_Channel, Map<number, number>>();
  readonly #seen = new Map<_Channel, Set<number>>();
  /** Every counted hit, when tracing. */
  readonly trace: { channel: _Channel; leaf: number; text: string; weight: number }[] | undefined;

  constructor(trace: boolean) {
    this.trace = trace ? [] : undefined;
  }

  add(channel: _Channel, leaf: number, key: number, weight: number, text: string): void {
    let seen = this.#seen.get(channel);
    if (!seen) this.#seen.set(channel, seen = new Set());
    if (seen.has(key)) return;
    seen.add(key);
    this.trace?.push({ channel, leaf, text, weight });
    let sums = this.sums.get(channel);
    if (!sums) this.sums.set(channel, sums = new Map());
    sums.set(leaf, (sums.get(leaf) ?? 0) + weight);
  }
}

/** The fields of a merged tool the classifier reads. */
export type ClassifiableTool =
  & Pick<CatalogTool, "name" | "description" | "categories" | "tags" | "keyFeatures" | "useCases">
  & { longDescription?: string | undefined; category?: string | undefined };

/** The fields of a merged server the classifier reads. */
export type ClassifiableServer =
  & Pick<CatalogServer, "name" | "title" | "description" | "categories" | "tags">
  & { tools?: { name: string; description?: string | undefined }[] | undefined };

/** A tool or a server, tagged by kind (the input of `explain` and `signals`). */
export type ClassifiableEntry =
  | { kind: "tool"; tool: ClassifiableTool }
  | { kind: "server"; server: ClassifiableServer };

/** What {@link Classifier.explain} returns. */
export interface Explanation {
  classification: Placement;
  /** Every keyword or label that counted, by channel (see the module documentation). */
  hits: { channel: string; leafId: string; phrase: string; weight: number }[];
  /** The ten leaves with the highest evidence totals, best first. */
  totals: { leafId: string; total: number }[];
}

/** What the classifier reads of an entry, whatever its kind. */
interface _Texts {
  kind: "tools" | "servers";
  labels: string[];
  names: string[];
  tags: string[];
  description: string;
  extra: string[];
}

/**
 * Classifies AI tools and MCP servers into taxonomy leaves from source categories, keywords and,
 * when leaf embeddings are given, embedding similarity. Build it once per ingest: keyword phrases
 * are compiled in the constructor. Deterministic: the same input always gives the same output.
 *
 * @example
 * ```ts
 * const classifier = new Classifier(await loadTaxonomy(), await loadCategoryMap());
 * classifier.classifyServer(server).primary.leafId; // e.g. "relational-databases"
 * ```
 */
export class Classifier {
  readonly #leaves: { node: TaxonomyNode; subcategoryId: string; facetId: string }[] = [];
  readonly #leafIndex = new Map<string, number>();
  readonly #labels = new Map<string, { leaf: number; broad: boolean }>();
  /** Every label of the map, including those mapped to `null`. */
  readonly #knownLabels = new Set<string>();
  readonly #matchers: Record<"tools" | "servers", _Matcher>;
  readonly #fallback: Record<"tools" | "servers", number>;
  readonly #leafVectors: (Float32Array | undefined)[];
  readonly #embeddingWeight: number;
  readonly #model: LeafModel | undefined;
  #nextId = 0;

  /**
   * Compiles the keyword phrases of every leaf and the category map.
   *
   * @param taxonomy the loaded taxonomy
   * @param categoryMap the loaded category map
   * @param options leaf embeddings, when an embedder is present
   * @throws {RangeError} when the map names a leaf the taxonomy does not have
   */
  constructor(taxonomy: Taxonomy, categoryMap: CategoryMap, options: ClassifierOptions = {}) {
    for (const leaf of taxonomy.leaves) {
      const path = taxonomy.byId.get(leaf.id)?.path ?? [];
      this.#leafIndex.set(leaf.id, this.#leaves.length);
      this.#leaves.push({ node: leaf, facetId: path[0] ?? "", subcategoryId: path[1] ?? "" });
    }
    const leafOf = (id: string, where: string): number => {
      const i = this.#leafIndex.get(id);
      if (i === undefined) {
        throw new RangeError(`Cannot use category map: ${where} names unknown leaf "${id}"`);
      }
      return i;
    };
    const broad = new Set((categoryMap.broad ?? []).map(labelKey));
    for (const [label, leafId] of Object.entries(categoryMap.labels)) {
      const key = labelKey(label);
      this.#knownLabels.add(key);
      if (leafId === null) continue;
      this.#labels.set(key, { leaf: leafOf(leafId, `label "${label}"`), broad: broad.has(key) });
    }
    this.#fallback = {
      tools: leafOf(categoryMap.fallback.tools, "fallback.tools"),
      servers: leafOf(categoryMap.fallback.servers, "fallback.servers"),
    };
    const weak = new Set((categoryMap.weakTerms ?? []).map((t) => this.#phraseTokens(t).join(" ")));
    this.#matchers = { tools: new _Matcher(), servers: new _Matcher() };
    const ignore = categoryMap.ignore ?? {};
    for (const [kind, list] of [["tools", ignore.tools], ["servers", ignore.servers]] as const) {
      for (const phrase of [...(ignore.all ?? []), ...(list ?? [])]) {
        this.#addPhrase([this.#matchers[kind]], phrase, -1, 0);
      }
    }
    const both = [this.#matchers.tools, this.#matchers.servers];
    this.#leaves.forEach(({ node }, i) => {
      const extra = categoryMap.terms?.[node.id] ?? [];
      for (const keyword of [...(node.keywords ?? []), ...extra]) {
        const key = this.#phraseTokens(keyword).join(" ");
        const specific = key.includes(" ") ? _PHRASE_BONUS : 1;
        this.#addPhrase(both, keyword, i, (weak.has(key) ? 0.5 : 1) * specific);
      }
    });
    for (const leafId of Object.keys(categoryMap.terms ?? {})) leafOf(leafId, "terms");
    this.#leafVectors = this.#leaves.map(({ node }) => options.leafEmbeddings?.get(node.id));
    this.#embeddingWeight = options.embeddingWeight ?? EMBEDDING_WEIGHT;
    this.#model = options.model;
  }

  /**
   * Classifies one AI tool.
   *
   * @param tool the merged tool
   * @param entryEmbedding the tool's embedding, when an embedder is present
   * @param label the tool's hand-labelled leaf id, if any (`data/taxonomy_labels.json`): it becomes
   *   the primary with method `label` and score 1; an unknown id is ignored
   * @returns the primary leaf and up to two secondary leaves
   * @example
   * ```ts
   * classifier.classifyTool(tool).primary.leafId; // e.g. "image-generation"
   * ```
   */
  classifyTool(
    tool: ClassifiableTool,
    entryEmbedding?: Float32Array,
    label?: string,
  ): Placement {
    return this.#classify(_toolTexts(tool), entryEmbedding, false, label).classification;
  }

  /**
   * Classifies one MCP server.
   *
   * @param server the merged server
   * @param entryEmbedding the server's embedding, when an embedder is present
   * @param label the server's hand-labelled leaf id, if any (see {@link Classifier.classifyTool})
   * @returns the primary leaf and up to two secondary leaves
   * @example
   * ```ts
   * classifier.classifyServer(server).primary.leafId; // e.g. "relational-databases"
   * ```
   */
  classifyServer(
    server: ClassifiableServer,
    entryEmbedding?: Float32Array,
    label?: string,
  ): Placement {
    return this.#classify(_serverTexts(server), entryEmbedding, false, label).classification;
  }

  /**
   * Classifies one entry and says why: every keyword or label that counted and the leaf totals.
   * Meant for tuning `data/category_map.json` and for debugging a surprising placement.
   *
   * @param entry a tool (`kind: "tool"`) or a server (`kind: "server"`)
   * @param entryEmbedding the entry's embedding, when an embedder is present
   * @returns the classification, the hits and the ten best leaf totals
   * @example
   * ```ts
   * classifier.explain({ kind: "server", server }).hits;
   * // [{ channel: "name", leafId: "relational-databases", phrase: "postgres", weight: 1 }, ...]
   * ```
   */
  explain(
    entry: ClassifiableEntry,
    entryEmbedding?: Float32Array,
  ): Explanation {
    const texts = _texts(entry);
    const { classification, evidence, total } = this.#classify(texts, entryEmbedding, true);
    const leafId = (i: number) => this.#leaves[i]!.node.id;
    return {
      classification,
      hits: (evidence.trace ?? []).map((h) => ({
        channel: h.channel,
        leafId: leafId(h.leaf),
        phrase: h.text,
        weight: h.weight,
      })),
      totals: Array.from(total, (t, i) => ({ leafId: leafId(i), total: Math.round(t * 100) / 100 }))
        .filter((t) => t.total > 0)
        .sort((a, b) => b.total - a.total)
        .slice(0, 10),
    };
  }

  /**
   * The raw signals of one entry (keyword and category evidence per leaf, embedding similarity per
   * leaf, token features), for the learned leaf model in `leaf_model.ts`.
   *
   * @param entry a tool (`kind: "tool"`) or a server (`kind: "server"`)
   * @param entryEmbedding the entry's embedding, when an embedder is present
   * @returns the entry's {@link EntrySignals}
   * @example
   * ```ts
   * classifier.signals({ kind: "server", server }).features; // ["k:servers", "n:postgres", ...]
   * ```
   */
  signals(
    entry: ClassifiableEntry,
    entryEmbedding?: Float32Array,
  ): EntrySignals {
    const texts = _texts(entry);
    return this.#signals(texts, this.#evidence(texts, false).total, entryEmbedding);
  }

  #signals(texts: _Texts, evidence: Float64Array, embedding?: Float32Array): EntrySignals {
    return {
      evidence: Float64Array.from(evidence),
      similarity: this.#similarities(embedding),
      features: this.#features(texts),
    };
  }

  /** Cosine similarity of an entry embedding and every leaf embedding, or `undefined`. */
  #similarities(embedding: Float32Array | undefined): Float64Array | undefined {
    if (!embedding || !this.#leafVectors.some((v) => v !== undefined)) return undefined;
    const similarity = new Float64Array(this.#leaves.length);
    this.#leafVectors.forEach((v, i) => {
      if (v) similarity[i] = _cosine(embedding, v);
    });
    return similarity;
  }

  /** The token features of an entry (see {@link EntrySignals}). */
  #features(texts: _Texts): string[] {
    const features = new Set<string>([`k:${texts.kind}`]);
    const words = (prefix: string, text: string) => {
      for (const t of this.#tokens(text)) {
        if (t.length > 1 && !_STOP.has(t)) features.add(prefix + t);
      }
    };
    for (const label of texts.labels) features.add(`c:${labelKey(label)}`);
    for (const name of texts.names) words("n:", name);
    for (const tag of texts.tags) words("t:", tag);
    words("d:", texts.description);
    const lead = this.#tokens(_splitLead(texts.description)[0]).filter((t) => !_STOP.has(t));
    for (let i = 1; i < lead.length; i++) features.add(`b:${lead[i - 1]} ${lead[i]}`);
    for (const text of texts.extra) words("x:", text);
    return [...features];
  }

  #classify(
    entry: _Texts,
    embedding: Float32Array | undefined,
    trace: boolean,
    label?: string,
  ): { classification: Placement; evidence: _Evidence; total: Float64Array } {
    const { ev, total, byMethod } = this.#evidence(entry, trace);
    const model = this.#model;
    const signals = model ? this.#signals(entry, total, embedding) : undefined;
    const similarity = signals ? signals.similarity : this.#similarities(embedding);
    if (similarity) this.#addEmbedding(similarity, total, byMethod[2]!);
    const rules = this.#decide(entry.kind, total, byMethod);
    const labelled = label === undefined ? undefined : this.#leafIndex.get(label);
    const classification = model && signals
      ? this.#decideByModel(model.probabilities(signals), rules, labelled)
      : labelled === undefined
      ? rules
      : this.#withLabel(labelled, rules.secondary);
    return { classification, evidence: ev, total };
  }

  /** Keyword and category-map evidence per leaf (and per method), before embeddings. */
  #evidence(
    entry: _Texts,
    trace: boolean,
  ): { ev: _Evidence; total: Float64Array; byMethod: Float64Array[] } {
    const ev = new _Evidence(trace);
    const matcher = this.#matchers[entry.kind];
    const scanInto = (channel: _Channel, text: string) => {
      if (!text) return;
      matcher.scan(this.#tokens(text), (p) => ev.add(channel, p.leaf, p.id, p.weight, p.text));
    };
    entry.labels.forEach((label, i) => {
      const key = labelKey(label);
      const hit = this.#labels.get(key);
      const weight = entry.kind === "tools" && i > 0 ? _LATER_LABEL : 1;
      if (hit) ev.add(hit.broad ? "broad" : "category", hit.leaf, this.#labelId(key), weight, key);
      else if (!this.#knownLabels.has(key)) scanInto("tags", label);
    });
    for (const tag of entry.tags) scanInto("tags", tag);
    for (const name of entry.names) scanInto("name", name);
    const [lead, rest] = _splitLead(entry.description);
    scanInto("lead", lead);
    scanInto("text", rest);
    for (const text of entry.extra) scanInto("extra", text);

    const n = this.#leaves.length;
    const total = new Float64Array(n);
    const byMethod = [new Float64Array(n), new Float64Array(n), new Float64Array(n)];
    for (const channel of _CHANNELS) {
      const { w, units, method } = _CH[channel];
      for (const [leaf, sum] of ev.sums.get(channel) ?? []) {
        const v = w[entry.kind] * Math.min(units, sum);
        total[leaf]! += v;
        byMethod[method]![leaf]! += v;
      }
    }
    return { ev, total, byMethod };
  }

  /**
   * The decision of the learned model: its most probable leaf (or the hand label), the rules'
   * method when they agree and `model` when they do not, the model's probability as the score.
   */
  #decideByModel(p: Float64Array, rules: Placement, labelled?: number): Placement {
    const order = Array.from({ length: p.length }, (_, i) => i)
      .sort((a, b) => p[b]! - p[a]! || a - b);
    const best = order[0]!;
    const secondary: PlacedLeaf[] = [];
    const primaryLeaf = labelled ?? best;
    for (const leaf of order) {
      if (secondary.length === 2 || p[leaf]! < _MODEL_SECONDARY) break;
      if (leaf === primaryLeaf) continue;
      secondary.push(this.#assignment(leaf, "model", p[leaf]!));
    }
    if (labelled !== undefined) return this.#withLabel(labelled, secondary);
    const agrees = rules.primary.leafId === this.#leaves[best]!.node.id;
    const method = agrees ? rules.primary.method : "model";
    return { primary: this.#assignment(best, method, p[best]!), secondary };
  }

  /** A hand-labelled primary (score 1) with the other secondary leaves kept. */
  #withLabel(leaf: number, secondary: PlacedLeaf[]): Placement {
    const id = this.#leaves[leaf]!.node.id;
    return {
      primary: this.#assignment(leaf, "label", 1),
      secondary: secondary.filter((a) => a.leafId !== id).slice(0, 2),
    };
  }

  #decide(
    kind: "tools" | "servers",
    total: Float64Array,
    byMethod: Float64Array[],
  ): Placement {
    const order = Array.from({ length: total.length }, (_, i) => i)
      .filter((i) => total[i]! > 0)
      .sort((a, b) => total[b]! - total[a]! || a - b);
    const best = order[0];
    if (best === undefined || total[best]! < _MIN_EVIDENCE) {
      const leaf = best ?? this.#fallback[kind];
      return { primary: this.#assignment(leaf, "fallback", _FALLBACK_SCORE), secondary: [] };
    }
    const t = total[best]!;
    const t2 = order[1] === undefined ? 0 : total[order[1]]!;
    const strength = (x: number) => 1 - Math.exp(-x / _SCORE_SCALE);
    const primary = this.#assignment(
      best,
      this.#method(byMethod, best),
      strength(t) * (0.5 + 0.5 * (t - t2) / t),
    );
    const secondary: PlacedLeaf[] = [];
    for (const leaf of order.slice(1)) {
      if (secondary.length === 2) break;
      const ti = total[leaf]!;
      if (ti < _SECONDARY_MIN || ti < _SECONDARY_SHARE * t) break;
      secondary.push(this.#assignment(leaf, this.#method(byMethod, leaf), strength(ti) * ti / t));
    }
    return { primary, secondary };
  }

  #addEmbedding(similarity: Float64Array, total: Float64Array, into: Float64Array): void {
    const sims: { leaf: number; cos: number }[] = [];
    this.#leafVectors.forEach((v, leaf) => {
      if (v) sims.push({ leaf, cos: similarity[leaf]! });
    });
    sims.sort((a, b) => b.cos - a.cos || a.leaf - b.leaf);
    for (const { leaf, cos } of sims.slice(0, _EMB_TOP)) {
      const v = this.#embeddingWeight * Math.min(1, Math.max(0, (cos - _EMB_FLOOR) / _EMB_SPAN));
      total[leaf]! += v;
      into[leaf]! += v;
    }
  }

  #method(byMethod: Float64Array[], leaf: number): PlacementMethod {
    let best = 0;
    for (let m = 1; m < byMethod.length; m++) {
      if (byMethod[m]![leaf]! > byMethod[best]![leaf]!) best = m;
    }
    return _METHOD_NAMES[best]!;
  }

  #assignment(leaf: number, method: PlacementMethod, score: number): PlacedLeaf {
    const { node, subcategoryId, facetId } = this.#leaves[leaf]!;
    return {
      leafId: node.id,
      subcategoryId,
      facetId,
      method,
      score: Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000,
    };
  }

  /** Stable ids for category labels, distinct from phrase ids (negative). */
  readonly #labelIds = new Map<string, number>();
  #labelId(key: string): number {
    let id = this.#labelIds.get(key);
    if (id === undefined) this.#labelIds.set(key, id = -1 - this.#labelIds.size);
    return id;
  }

  #addPhrase(matchers: _Matcher[], text: string, leaf: number, weight: number): void {
    const tokens = this.#phraseTokens(text);
    if (tokens.length === 0) return;
    const phrase: _Phrase = { id: this.#nextId++, text, tokens, leaf, weight };
    for (const m of matchers) m.add(phrase);
  }

  /** Tokens of a keyword: same normalization as texts, without dropping `mcp` affixes. */
  #phraseTokens(text: string): string[] {
    return _words(text).map(_stem);
  }

  /** Tokens of a text; a word like `postgresmcp` loses its `mcp` affix unless it is a keyword. */
  #tokens(text: string): string[] {
    const out: string[] = [];
    for (const word of _words(text)) {
      let token = _stem(word);
      if (word.length > 4 && word.includes("mcp") && !this.#matchers.tools.has(token)) {
        const core = word.replace(/mcp/g, "").replace(/servers?$/, "");
        if (core.length >= 3) token = _stem(core);
      }
      out.push(token);
    }
    return out;
  }
}

function _texts(entry: ClassifiableEntry): _Texts {
  return entry.kind === "tool" ? _toolTexts(entry.tool) : _serverTexts(entry.server);
}

function _toolTexts(tool: ClassifiableTool): _Texts {
  return {
    kind: "tools",
    labels: [...(tool.category ? [tool.category] : []), ...tool.categories],
    names: [tool.name],
    tags: tool.tags,
    description: tool.description,
    extra: [
      _withoutPrefix(tool.longDescription ?? "", tool.description),
      ...tool.keyFeatures,
      ...tool.useCases,
    ],
  };
}

function _serverTexts(server: ClassifiableServer): _Texts {
  return {
    kind: "servers",
    labels: server.categories,
    names: [server.title, _serverNameWords(server.name)],
    tags: server.tags,
    description: server.description,
    extra: (server.tools ?? []).flatMap((t) => [t.name, t.description ?? ""]),
  };
}

/** A long description without the short description it repeats, if it starts with it. */
function _withoutPrefix(long: string, short: string): string {
  const head = short.trim().replace(/[.…]+$/, "");
  return head.length > 0 && long.startsWith(head) ? long.slice(head.length) : long;
}

/** Lowercase words of a text, accents stripped (`words` of `src/model/text.ts`). */
const _words = words;

/** The first sentence of a description (at most 240 characters) and the rest. */
function _splitLead(description: string): [string, string] {
  const text = description.trim();
  const m = /[.!?。](\s|$)/.exec(text);
  let cut = m ? m.index + 1 : text.length;
  if (cut > 240) {
    const space = text.lastIndexOf(" ", 240);
    cut = space > 0 ? space : 240;
  }
  return [text.slice(0, cut), text.slice(cut)];
}

/** The words of a server id worth reading: hosts and registry prefixes removed. */
function _serverNameWords(name: string): string {
  return name
    .replace(/^(github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\//i, "")
    .replace(/^io\.github\./i, "")
    .replace(/^(npm|pypi|oci|nuget|mcpb)\//i, "");
}

function _cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Counts of primary assignments for the ingest report. */
export interface PlacementSummary {
  /** Facet id → primaries of tools and servers in that facet. */
  perFacet: Record<string, { tools: number; servers: number }>;
  /** Method → primaries decided by it, and its share of all entries (0..1, 4 decimals). */
  byMethod: Record<string, { tools: number; servers: number; share: number }>;
}

/**
 * Summarizes classifications for the ingest report: per-facet counts of primary leaves and the
 * share of entries whose primary each method decided.
 *
 * @param classifications the classifications of all tools and all servers
 * @returns per-facet and per-method counts
 * @example
 * ```ts
 * const summary = summarize({ tools: toolResults, servers: serverResults });
 * summary.byMethod.keywords.share; // e.g. 0.61
 * ```
 */
export function summarize(
  classifications: { tools: Placement[]; servers: Placement[] },
): PlacementSummary {
  const perFacet: PlacementSummary["perFacet"] = {};
  const byMethod: PlacementSummary["byMethod"] = {};
  for (const m of PLACEMENT_METHODS) byMethod[m] = { tools: 0, servers: 0, share: 0 };
  for (const kind of ["tools", "servers"] as const) {
    for (const { primary } of classifications[kind]) {
      const facet = perFacet[primary.facetId] ??= { tools: 0, servers: 0 };
      facet[kind]++;
      const method = byMethod[primary.method] ??= { tools: 0, servers: 0, share: 0 };
      method[kind]++;
    }
  }
  const all = classifications.tools.length + classifications.servers.length;
  for (const m of Object.values(byMethod)) {
    m.share = all === 0 ? 0 : Math.round((m.tools + m.servers) / all * 10000) / 10000;
  }
  return { perFacet, byMethod };
}
