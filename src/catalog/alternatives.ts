/**
 * The alternatives of an AI tool: one list, used by the details (`competitors`), the alternatives
 * operation, the comparison ("also consider") and the site's tool page.
 *
 * No source lists competitors, so the list is derived from the catalog, and every item says why:
 *
 * 1. **Candidates**: the tools filed under the tool's taxonomy leaves (its primary and secondary
 *    leaves; so also the tools that have its primary leaf as a secondary one). When those leaves
 *    hold few ({@link FEW_CANDIDATES}), also the other tools of its subcategory and, if still
 *    few, its {@link NEIGHBOURS} nearest neighbours by sentence embedding; in a catalog without
 *    vectors, the tools of its main category instead.
 * 2. **Left out**: the tool itself, adult tools (unless asked for), spam, and the tool's own
 *    family ({@link sameFamily}, `product_family.ts`): products of its vendor (the registrable
 *    domain of its site; hosting platforms and stores told apart by their path, `vendorKey`),
 *    the same name listed twice, and names that contain its brand or that its name contains
 *    ("ChatGPT for Sheets", "AnonChatGPT" and "NotionForms" are plug-ins and wrappers, not
 *    alternatives), when the name is a brand rather than common words (`isBrandWord`). One
 *    entry per family: "DALL-E" and "DALL·E 3" are one alternative.
 * 3. **Score**: the similarity, plus a bonus for a shared leaf ({@link LEAF_BONUS},
 *    {@link SECONDARY_LEAF_BONUS}) or subcategory ({@link SUBCATEGORY_BONUS}), plus the authority
 *    prior (sources, reviews, a known site) times {@link AUTHORITY_WEIGHT}. The similarity is the
 *    cosine of the two tools' embeddings plus {@link LEXICAL_WEIGHT} times the words they share
 *    (`jobTerms` of `job_terms.ts`: tags, features, categories and description, weighted by
 *    idf, scaled to the best candidate's); without vectors, the shared words alone. A candidate
 *    that shares no leaf must be close: {@link MIN_SIMILARITY_SUBCATEGORY},
 *    {@link MIN_SIMILARITY_OUTSIDE}, {@link MIN_OVERLAP_OUTSIDE}.
 *
 * Measured with `deno task eval:facts` on the labelled tools of `tests/eval/alternatives.json`
 * (relevant@5 before and after: README, Search, ranking and recommendations).
 *
 * The facts of every tool are read once per open catalog (`alternatives_index.ts`: about 0.2 s on
 * the real catalog, on the first call) and kept in memory; a list then costs about half a
 * millisecond (a full neighbour scan, about 1 ms more, for the few tools whose subcategory is
 * small).
 *
 * @module
 */
import type { CatalogStore } from "./store.ts";
import usearch from "usearch";
import { dotAt } from "../embed/embedding.ts";
import { quantize } from "../embed/int8_scan.ts";
import {
  type AlternativesIndex,
  alternativesIndex,
  type IndexedTool,
  vectorBlock,
} from "./alternatives_index.ts";
import { sharedTerms, termOverlap } from "./job_terms.ts";
import { containsWords, sameFamily } from "./product_family.ts";

/**
 * Candidates whose score is computed again with the float32 cosine, the first ones by the int8
 * cosine of the first pass (within about {@link INT8_ERROR} of it); the others keep that order.
 * A fixed number, whatever the limit, so a shorter list is the start of a longer one.
 */
export const RESCORED = 20;
/** Largest difference expected between the int8 and the float32 cosine of two tools. */
export const INT8_ERROR = 0.02;
/** Nearest neighbours by embedding taken as candidates, besides the same-leaf tools. */
export const NEIGHBOURS = 60;
/**
 * Other candidates are looked for when the tool's leaves hold fewer than this. Not the number
 * asked for: so a shorter list is always the start of a longer one (the details' five
 * competitors are the first five alternatives).
 */
export const FEW_CANDIDATES = 20;
/**
 * Weight of the words a candidate shares with the tool (the summed idf of the terms of their
 * tags, features, categories and descriptions, `jobTerms`, scaled to the best candidate's:
 * 0-1), added to the cosine similarity (without vectors, see {@link LEXICAL_ONLY_WEIGHT}).
 */
export const LEXICAL_WEIGHT = 0.2;
/**
 * Without vectors, the weight of the words a candidate shares with the tool (scaled 0-1), so
 * that their spread is about the cosine's (0.6 to 0.9 within a leaf) and a shared leaf still
 * counts.
 */
export const LEXICAL_ONLY_WEIGHT = 0.4;
/** Score bonus of a candidate whose primary leaf is the tool's primary leaf. */
export const LEAF_BONUS = 0.2;
/** Score bonus of a candidate sharing a leaf with the tool through a secondary placement. */
export const SECONDARY_LEAF_BONUS = 0.12;
/** Score bonus of a candidate in the tool's subcategory (another leaf of it). */
export const SUBCATEGORY_BONUS = 0.06;
/** Weight of the authority prior (`authority.ts`, about -1.3 to 0.7) in the score. */
export const AUTHORITY_WEIGHT = 0.25;
/** Least cosine similarity of a candidate in the tool's subcategory that shares no leaf with it. */
export const MIN_SIMILARITY_SUBCATEGORY = 0.7;
/** Least cosine similarity of a candidate outside the tool's subcategory. */
export const MIN_SIMILARITY_OUTSIDE = 0.85;
/**
 * Without vectors: least share of words (the candidate's BM25-like overlap scaled to the best
 * candidate's) of a candidate that shares no leaf with the tool.
 */
export const MIN_OVERLAP_OUTSIDE = 0.3;
/** Least cosine similarity of a same-leaf candidate (below it the leaf is all they share). */
export const MIN_SIMILARITY_LEAF = 0.2;

/** How a list was made: the `method` of the outputs. */
export const ALTERNATIVES_METHOD = {
  vector: "taxonomy-leaf-and-vector-neighbours",
  lexical: "taxonomy-leaf-and-lexical-overlap",
} as const;

/** One alternative of a tool, best first in {@link AlternativesList.items}. */
export interface Alternative {
  /** Row id of the alternative. */
  id: number;
  slug: string;
  name: string;
  /** The ranking score (similarity + leaf bonus + authority; larger is better). */
  score: number;
  /** Cosine similarity of the two tools' embeddings, 0-1; `null` without vectors. */
  similarity: number | null;
  /** A taxonomy leaf both tools are filed under (the tool's primary leaf when both), or `null`. */
  sharedLeafId: string | null;
  /** Why it is listed, in words: e.g. `same leaf: Meeting assistants; similar description (0.82)`. */
  reason: string;
}

/** The alternatives of a tool and how they were found. */
export interface AlternativesList {
  items: Alternative[];
  /** One of {@link ALTERNATIVES_METHOD}. */
  method: string;
}

/** Options of {@link alternativesOf}. */
export interface AlternativesOptions {
  /** How many alternatives at most. */
  limit: number;
  /** Include adult tools (`safe=off`); default false. */
  adult?: boolean;
  /** Taxonomy node names for the reasons (leaf or subcategory id → name); the id is shown without it. */
  nodeName?: (leafId: string) => string | undefined;
}

/**
 * The alternatives of one tool, best first, each with its reason (see the module documentation).
 *
 * @param store the open catalog
 * @param toolId row id of the tool
 * @param options `limit`, `adult`, `nodeName`
 * @returns the items (possibly fewer than `limit`, or none) and the method used; no items for an
 *   unknown id
 * @example
 * ```ts
 * const list = alternativesOf(ctx.store, ctx.store.toolId("otter-ai")!, { limit: 5 });
 * list.items.map((a) => `${a.name}: ${a.reason}`);
 * ```
 */
export function alternativesOf(
  store: CatalogStore,
  toolId: number,
  options: AlternativesOptions,
): AlternativesList {
  const index = alternativesIndex(store);
  const tool = index.byId.get(toolId);
  const vector = store.vectorOf("tools", toolId);
  const method = vector ? ALTERNATIVES_METHOD.vector : ALTERNATIVES_METHOD.lexical;
  if (!tool || options.limit <= 0) return { items: [], method };
  // Per-call marks and cosines in arrays by row id (reused; the function runs to its end).
  const { mark, chosen, similarity } = index.scratch;
  const stamp = index.scratch.stamp = (index.scratch.stamp + 1) >>> 0 || 1;
  const candidates: IndexedTool[] = [];
  const add = (id: number): void => {
    if (mark[id] === stamp) return;
    mark[id] = stamp;
    const c = index.byId.get(id);
    if (
      id === toolId || c === undefined || c.spam || (options.adult !== true && c.adult) ||
      _related(tool, c)
    ) return;
    candidates.push(c);
    chosen[id] = stamp;
    similarity[id] = NaN;
  };
  const groups = tool.leafIds.map((leaf) => `leaf:${leaf}`);
  for (const leaf of tool.leafIds) {
    for (const id of index.leafMembers.get(leaf) ?? []) add(id);
  }
  if (vector) {
    // Few candidates in the leaves: the other tools of the subcategory, then the nearest
    // neighbours of the whole catalog (a full scan, about 1 ms). With more, tools from outside
    // the leaves made about 1% of the first five.
    if (candidates.length < FEW_CANDIDATES && tool.subcategoryId !== null) {
      for (const id of index.subcategoryMembers.get(tool.subcategoryId) ?? []) add(id);
      groups.push(`sub:${tool.subcategoryId}`);
    }
    if (candidates.length < FEW_CANDIDATES) {
      for (const hit of store.knnTools(vector, { adult: true }, NEIGHBOURS + 1)) {
        add(hit.id);
        if (chosen[hit.id] === stamp) similarity[hit.id] = hit.similarity;
      }
    }
    // The cosines of the leaves' and subcategory's tools, from their int8 copies in one native
    // scan each (about 0.05 ms for 300 tools; the first ones are made exact below).
    const vi = store.vectorIndex("tools")!;
    // Every leaf's copy at once on the first use (about 50 ms), not one leaf per request.
    if (index.blocks.size === 0) {
      for (const leaf of index.leafMembers.keys()) vectorBlock(index, vi, `leaf:${leaf}`);
    }
    const q8 = new Int8Array(vi.dimension);
    quantize(vector, q8);
    for (const key of groups) {
      const block = vectorBlock(index, vi, key);
      if (block.ids.length === 0) continue;
      const found = usearch.exactSearch(
        block.i8,
        q8,
        vi.dimension,
        block.ids.length,
        usearch.MetricKind.Cos,
        1,
      ) as { keys: BigUint64Array; distances: Float32Array };
      for (let k = 0; k < found.keys.length; k++) {
        const id = block.ids[Number(found.keys[k])]!;
        if (chosen[id] === stamp && Number.isNaN(similarity[id]!)) {
          similarity[id] = 1 - found.distances[k]!;
        }
      }
    }
  } else if (candidates.length < FEW_CANDIDATES) {
    // Without vectors, the tools of its main category stand in for the neighbours.
    for (const id of index.categoryMembers.get(tool.categoryKey) ?? []) add(id);
  }
  // The words each shares with the tool (the tags, features, categories and description the
  // sources state about its job), scaled to the best candidate's.
  const n = candidates.length;
  const overlap = new Float64Array(n);
  let best = 0;
  for (let i = 0; i < n; i++) {
    best = Math.max(best, overlap[i] = termOverlap(tool.terms, candidates[i]!.terms, index.idf));
  }
  const vi = vector ? store.vectorIndex("tools")! : undefined;
  const score = new Float64Array(n);
  const least = new Float64Array(n);
  let ranked: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = candidates[i]!;
    const shared = _sharedLeaf(tool, c) !== undefined;
    const sameSub = tool.num.subcategory >= 0 && tool.num.subcategory === c.num.subcategory;
    const words = best > 0 ? overlap[i]! / best : 0;
    let sim = LEXICAL_ONLY_WEIGHT * words;
    if (vector) {
      const cosine = similarity[c.id]!;
      least[i] = shared
        ? MIN_SIMILARITY_LEAF
        : sameSub
        ? MIN_SIMILARITY_SUBCATEGORY
        : MIN_SIMILARITY_OUTSIDE;
      // Without a vector (NaN), or not close enough even allowing for the int8 error.
      if (!(cosine >= least[i]! - INT8_ERROR)) continue;
      sim = cosine + LEXICAL_WEIGHT * words;
    } else if (!shared && words < MIN_OVERLAP_OUTSIDE) continue;
    const bonus = shared && c.num.leaves[0] === tool.num.leaves[0]
      ? LEAF_BONUS
      : shared
      ? SECONDARY_LEAF_BONUS
      : sameSub
      ? SUBCATEGORY_BONUS
      : 0;
    score[i] = sim + bonus + AUTHORITY_WEIGHT * c.authority;
    ranked.push(i);
  }
  const order = (a: number, b: number) =>
    score[b]! - score[a]! || candidates[a]!.id - candidates[b]!.id;
  ranked.sort(order);
  if (vector) {
    // The first ones again with their float32 cosines ({@link RESCORED}).
    const exact: number[] = [];
    for (const i of ranked.slice(0, RESCORED)) {
      const id = candidates[i]!.id;
      const cosine = dotAt(vector, vi!.matrix, vi!.offsetOf(id));
      score[i] = score[i]! - similarity[id]! + cosine;
      similarity[id] = cosine;
      if (cosine >= least[i]!) exact.push(i);
    }
    ranked = [...exact.sort(order), ...ranked.slice(RESCORED)];
  }
  // One entry per product family: "DALL-E", "DALL.E 3" and "DallE-2" are one alternative.
  const items: Alternative[] = [];
  for (const i of _distinct(ranked, candidates, options.limit)) {
    const c = candidates[i]!;
    const item: Alternative = {
      id: c.id,
      slug: c.slug,
      name: c.name,
      score: score[i]!,
      similarity: vector
        ? Math.round(dotAt(vector, vi!.matrix, vi!.offsetOf(c.id)) * 1000) / 1000
        : null,
      sharedLeafId: _sharedLeaf(tool, c) ?? null,
      reason: "",
    };
    item.reason = _reason(index, tool, c, item, options.nodeName, !vector);
    items.push(item);
  }
  return { items, method };
}

/** The first `limit` of `ranked` leaving out a product family's later members. */
function _distinct(ranked: number[], candidates: IndexedTool[], limit: number): number[] {
  const out: number[] = [];
  for (const i of ranked) {
    if (out.length === limit) break;
    const c = candidates[i]!;
    if (!out.some((k) => _related(candidates[k]!, c))) out.push(i);
  }
  return out;
}

/**
 * Alternatives of several tools together ("also consider" of a comparison): each tool's list,
 * fused by summing each candidate's score over the lists it is in, without the tools themselves
 * and without any tool of their families.
 *
 * @param store the open catalog
 * @param toolIds row ids of the compared tools
 * @param options `limit`, `adult`, `nodeName` (as {@link alternativesOf})
 * @returns the fused items, best first, each with the ids of the tools it is an alternative to
 * @example
 * ```ts
 * const ids = ["otter-ai", "fireflies-ai"].map((s) => ctx.store.toolId(s)!);
 * sharedAlternativesOf(ctx.store, ids, { limit: 5 }).items.map((a) => a.name);
 * ```
 */
export function sharedAlternativesOf(
  store: CatalogStore,
  toolIds: number[],
  options: AlternativesOptions,
): { items: (Alternative & { alternativeTo: number[] })[]; method: string } {
  const index = alternativesIndex(store);
  const tools = toolIds.flatMap((id) => index.byId.get(id) ?? []);
  const fused = new Map<number, Alternative & { alternativeTo: number[] }>();
  let method: string = ALTERNATIVES_METHOD.lexical;
  for (const tool of tools) {
    const list = alternativesOf(store, tool.id, { ...options, limit: options.limit * 2 + 5 });
    method = list.method;
    for (const item of list.items) {
      const c = index.byId.get(item.id)!;
      if (toolIds.includes(item.id) || tools.some((t) => sameFamily(t, c))) continue;
      const seen = fused.get(item.id);
      if (seen) {
        seen.score += item.score;
        seen.alternativeTo.push(tool.id);
      } else fused.set(item.id, { ...item, alternativeTo: [tool.id] });
    }
  }
  const items = [...fused.values()]
    .sort((a, b) => b.alternativeTo.length - a.alternativeTo.length || b.score - a.score);
  return { items: items.slice(0, options.limit), method };
}

/** A leaf two tools are both filed under, the tool's primary leaf first, or `undefined`. */
function _sharedLeaf(tool: IndexedTool, c: IndexedTool): string | undefined {
  const mine = tool.num.leaves;
  const theirs = c.num.leaves;
  for (let i = 0; i < mine.length; i++) {
    if (theirs.includes(mine[i]!)) return tool.leafIds[i];
  }
  return undefined;
}

/** {@link sameFamily} on the numbered facts of two tools of the index. */
function _related(a: IndexedTool, b: IndexedTool): boolean {
  const x = a.num;
  const y = b.num;
  if (x.vendor >= 0 && x.vendor === y.vendor) return true;
  if (x.core >= 0 && x.core === y.core) return true;
  return (x.brand !== null && containsWords(y.words, x.brand)) ||
    (y.brand !== null && containsWords(x.words, y.brand));
}

/** Why an alternative is listed, in words. */
function _reason(
  index: AlternativesIndex,
  tool: IndexedTool,
  c: IndexedTool,
  item: Alternative,
  nodeName: AlternativesOptions["nodeName"],
  lexical: boolean,
): string {
  const parts: string[] = [];
  if (item.sharedLeafId !== null) {
    const name = nodeName?.(item.sharedLeafId) ?? item.sharedLeafId;
    parts.push(
      tool.leafIds[0] === item.sharedLeafId && c.leafIds[0] === item.sharedLeafId
        ? `same leaf: ${name}`
        : `shares the leaf ${name}`,
    );
  } else if (tool.subcategoryId !== null && tool.subcategoryId === c.subcategoryId) {
    parts.push(`same subcategory: ${nodeName?.(tool.subcategoryId) ?? tool.subcategoryId}`);
  } else if (lexical && tool.categoryKey === c.categoryKey) {
    parts.push("same category");
  }
  if (item.similarity !== null) parts.push(`similar description (${item.similarity.toFixed(2)})`);
  const shared = sharedTerms(tool.terms, c.terms, index.idf).slice(0, 3);
  if (shared.length > 0) {
    parts.push(`shared words: ${shared.map((t) => index.vocabulary[t]).join(", ")}`);
  }
  if (c.sources >= 2) parts.push(`listed by ${c.sources} sources`);
  if (c.reviews >= 10) parts.push(`${c.reviews} reviews`);
  return parts.join("; ");
}
