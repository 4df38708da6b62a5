/**
 * What the alternatives (`alternatives.ts`) read once per open catalog and keep in memory: every
 * tool's summary with its family facts (`product_family.ts`) and job terms (`job_terms.ts`), the
 * members of each taxonomy leaf, subcategory and main category, the terms' idf, and int8 copies
 * of the vectors of a leaf's or subcategory's tools. About 0.2 s on the real catalog, on the first
 * call.
 *
 * @module
 */
import type { CatalogStore, ToolSummary } from "./store.ts";
import { quantize } from "../embed/int8_scan.ts";
import type { VectorIndex } from "./vector_index.ts";
import { BADGE_FEATURES, jobTerms } from "./job_terms.ts";
import {
  brandOf,
  coreOf,
  type FamilyFacts,
  isBrandWord,
  nameWords,
  vendorKey,
} from "./product_family.ts";

/** What the alternatives keep per open catalog (see the module documentation). */
export interface AlternativesIndex {
  /** Row id → the tool's facts (its description and `about` emptied once read). */
  byId: Map<number, IndexedTool>;
  /** Leaf id → tools filed under it (primary or secondary). */
  leafMembers: Map<string, number[]>;
  /** Category key → tools whose main category it is. */
  categoryMembers: Map<string, number[]>;
  /** Subcategory id → tools whose primary leaf is in it. */
  subcategoryMembers: Map<string, number[]>;
  /** Term id → the first word met of that term ({@link jobTerms} of every tool), for reasons. */
  vocabulary: string[];
  /** Term id → its inverse document frequency, `ln(tools / tools with the term)`. */
  idf: Float64Array;
  /** Arrays by row id that one call of `alternativesOf` uses, and its mark. */
  scratch: { mark: Uint32Array; chosen: Uint32Array; similarity: Float64Array; stamp: number };
  /** Int8 copies of the vectors of a leaf's or subcategory's tools, made on first use. */
  blocks: Map<string, VectorBlock>;
}

/** A tool's summary plus what its family is told by and the terms of its job. */
export interface IndexedTool extends ToolSummary, FamilyFacts {
  /** Ids of its {@link jobTerms}, ascending. */
  terms: Int32Array;
  /** The same facts as numbers (each string numbered once per catalog), compared faster. */
  num: {
    leaves: number[];
    subcategory: number;
    vendor: number;
    core: number;
    words: number[];
    brand: number[] | null;
  };
}

const _indexes = new WeakMap<CatalogStore, AlternativesIndex>();

/** The int8 vectors of some tools, row after row, and their row ids. */
export interface VectorBlock {
  /** Row ids of the tools, in the order of their rows in {@link VectorBlock.i8}. */
  ids: Int32Array;
  /** Their int8 vectors (`quantize` of `int8_scan.ts`): `ids.length` rows of the dimension. */
  i8: Int8Array;
}

/**
 * The int8 copy of the vectors of a group of tools (`leaf:<id>` or `sub:<id>`), made once per
 * group and kept (about 4 MB for every leaf of the real catalog).
 *
 * @param index the catalog's index ({@link alternativesIndex})
 * @param vi the tools' vector index
 * @param key `leaf:<leaf id>` or `sub:<subcategory id>`
 * @returns the group's tools that have a vector, and their int8 vectors (empty for an unknown
 *   group)
 * @example
 * ```ts
 * const vi = store.vectorIndex("tools")!;
 * vectorBlock(alternativesIndex(store), vi, "leaf:image-generation").ids; // row ids
 * ```
 */
export function vectorBlock(index: AlternativesIndex, vi: VectorIndex, key: string): VectorBlock {
  let block = index.blocks.get(key);
  if (block) return block;
  const [kind, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  const members = (kind === "leaf" ? index.leafMembers : index.subcategoryMembers).get(id) ?? [];
  const ids = Int32Array.from(members.filter((m) => vi.offsetOf(m) >= 0));
  const d = vi.dimension;
  const i8 = new Int8Array(ids.length * d);
  ids.forEach((m, r) =>
    quantize(vi.matrix.subarray(vi.offsetOf(m), vi.offsetOf(m) + d), i8, r * d)
  );
  block = { ids, i8 };
  index.blocks.set(key, block);
  return block;
}

/**
 * The per-catalog facts, read on first use (about 0.2 s on the real catalog) and kept while the
 * store is alive.
 *
 * @param store the open catalog
 * @returns its index; the same object on every call for the same store
 * @example
 * ```ts
 * alternativesIndex(ctx.store).leafMembers.get("meeting-assistants"); // row ids
 * ```
 */
export function alternativesIndex(store: CatalogStore): AlternativesIndex {
  let index = _indexes.get(store);
  if (index) return index;
  const summaries = store.toolSummaries();
  // How many descriptions use each word in lowercase, as common words are written.
  const lowercase = new Map<string, number>();
  for (const s of summaries) {
    const seen = new Set<string>();
    for (
      const m of s.description.matchAll(/(?<![\p{L}\p{N}.@/-])[a-z]{3,}(?![\p{L}\p{N}]|\.\w)/gu)
    ) {
      seen.add(m[0]);
    }
    for (const w of seen) lowercase.set(w, (lowercase.get(w) ?? 0) + 1);
  }
  const isBrand = (w: string) => isBrandWord(w, lowercase.get(w) ?? 0);
  const byId = new Map<number, IndexedTool>();
  const leafMembers = new Map<string, number[]>();
  const categoryMembers = new Map<string, number[]>();
  const subcategoryMembers = new Map<string, number[]>();
  const termIds = new Map<string, number>();
  const surfaces = new Map<string, string>();
  const df: number[] = [];
  const numbers = new Map<string, number>();
  const num = (value: string): number => {
    let n = numbers.get(value);
    if (n === undefined) numbers.set(value, n = numbers.size);
    return n;
  };
  for (const s of summaries) {
    const words = nameWords(s.name);
    const brand = brandOf(words, isBrand);
    const vendor = vendorKey(s.url);
    const core = coreOf(words).join(" ");
    const about = s.about.filter((x) => !BADGE_FEATURES.has(x.toLowerCase()));
    const terms = Int32Array.from(jobTerms([...about, s.description], surfaces), (t) => {
      let id = termIds.get(t);
      if (id === undefined) {
        termIds.set(t, id = df.length);
        df.push(0);
      }
      df[id]!++;
      return id;
    }).sort();
    byId.set(s.id, {
      ...s,
      description: "",
      about: [],
      vendor,
      words,
      core,
      brand,
      terms,
      num: {
        leaves: s.leafIds.map(num),
        subcategory: s.subcategoryId === null ? -1 : num(s.subcategoryId),
        vendor: vendor === null ? -1 : num(`vendor:${vendor}`),
        core: core === "" ? -1 : num(`core:${core}`),
        words: words.map(num),
        brand: brand === null ? null : brand.map(num),
      },
    });
    for (const leaf of new Set(s.leafIds)) {
      let list = leafMembers.get(leaf);
      if (!list) leafMembers.set(leaf, list = []);
      list.push(s.id);
    }
    let list = categoryMembers.get(s.categoryKey);
    if (!list) categoryMembers.set(s.categoryKey, list = []);
    list.push(s.id);
    if (s.subcategoryId !== null) {
      let sub = subcategoryMembers.get(s.subcategoryId);
      if (!sub) subcategoryMembers.set(s.subcategoryId, sub = []);
      sub.push(s.id);
    }
  }
  const idf = Float64Array.from(df, (n) => Math.log(summaries.length / n));
  const size = summaries.reduce((max, t) => Math.max(max, t.id), 0) + 1;
  const scratch = {
    mark: new Uint32Array(size),
    chosen: new Uint32Array(size),
    similarity: new Float64Array(size),
    stamp: 0,
  };
  index = {
    byId,
    leafMembers,
    categoryMembers,
    subcategoryMembers,
    vocabulary: [...termIds.keys()].map((t) => surfaces.get(t) ?? t),
    idf,
    scratch,
    blocks: new Map(),
  };
  _indexes.set(store, index);
  return index;
}
