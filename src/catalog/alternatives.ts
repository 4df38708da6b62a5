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
 *    family ({@link sameFamily}): products of its vendor (the registrable domain of its site;
 *    hosting platforms and stores told apart by their path, {@link vendorKey}), the same name
 *    listed twice, and names that contain its brand or that its name contains ("ChatGPT for
 *    Sheets", "AnonChatGPT" and "NotionForms" are plug-ins and wrappers, not alternatives), when
 *    the name is a brand rather than common words ({@link isBrandWord}). One entry per family:
 *    "DALL-E" and "DALL·E 3" are one alternative.
 * 3. **Score**: the similarity, plus a bonus for a shared leaf ({@link LEAF_BONUS},
 *    {@link SECONDARY_LEAF_BONUS}) or subcategory ({@link SUBCATEGORY_BONUS}), plus the authority
 *    prior (sources, reviews, a known site) times {@link AUTHORITY_WEIGHT}. The similarity is the
 *    cosine of the two tools' embeddings plus {@link LEXICAL_WEIGHT} times the words they share
 *    ({@link jobTerms} of tags, features, categories and description, weighted by idf, scaled to
 *    the best candidate's); without vectors, the shared words alone. A candidate that shares no
 *    leaf must be close: {@link MIN_SIMILARITY_SUBCATEGORY}, {@link MIN_SIMILARITY_OUTSIDE},
 *    {@link MIN_OVERLAP_OUTSIDE}.
 *
 * Measured with `deno task eval:facts` on the labelled tools of `tests/eval/alternatives.json`
 * (relevant@5 before and after: README, Search, ranking and recommendations).
 *
 * The facts of every tool are read once per open catalog (about 0.2 s on the real catalog, on the
 * first call) and kept in memory; a list then costs about half a millisecond (a full neighbour
 * scan, about 1 ms more, for the few tools whose subcategory is small).
 *
 * @module
 */
import { type CatalogStore, isStopword, queryWords, type ToolSummary } from "./store.ts";
import usearch from "usearch";
import { dotAt } from "../embed/embedding.ts";
import { quantize } from "../embed/int8_scan.ts";
import type { VectorIndex } from "./vector_index.ts";

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
 * tags, features, categories and descriptions, {@link jobTerms}, scaled to the best candidate's:
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

/** What {@link alternativesOf} keeps per open catalog. */
interface _Index {
  byId: Map<number, _Tool>;
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
  /** Arrays by row id that one call of {@link alternativesOf} uses, and its mark. */
  scratch: { mark: Uint32Array; chosen: Uint32Array; similarity: Float64Array; stamp: number };
  /** Int8 copies of the vectors of a leaf's or subcategory's tools, made on first use. */
  blocks: Map<string, _Block>;
}

/** A tool's summary plus what its family is told by and the terms of its job. */
interface _Tool extends ToolSummary, FamilyFacts {
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

const _indexes = new WeakMap<CatalogStore, _Index>();

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
  const index = _indexOf(store);
  const tool = index.byId.get(toolId);
  const vector = store.vectorOf("tools", toolId);
  const method = vector ? ALTERNATIVES_METHOD.vector : ALTERNATIVES_METHOD.lexical;
  if (!tool || options.limit <= 0) return { items: [], method };
  // Per-call marks and cosines in arrays by row id (reused; the function runs to its end).
  const { mark, chosen, similarity } = index.scratch;
  const stamp = index.scratch.stamp = (index.scratch.stamp + 1) >>> 0 || 1;
  const candidates: _Tool[] = [];
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
      for (const leaf of index.leafMembers.keys()) _block(index, vi, `leaf:${leaf}`);
    }
    const q8 = new Int8Array(vi.dimension);
    quantize(vector, q8);
    for (const key of groups) {
      const block = _block(index, vi, key);
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
    best = Math.max(best, overlap[i] = _overlap(tool.terms, candidates[i]!.terms, index.idf));
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

/** The int8 vectors of some tools, row after row, and their row ids. */
interface _Block {
  ids: Int32Array;
  i8: Int8Array;
}

/**
 * The int8 copy of the vectors of a group of tools (`leaf:<id>` or `sub:<id>`), made once per
 * group and kept (about 4 MB for every leaf of the real catalog).
 */
function _block(index: _Index, vi: VectorIndex, key: string): _Block {
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

/** The first `limit` of `ranked` leaving out a product family's later members. */
function _distinct(ranked: number[], candidates: _Tool[], limit: number): number[] {
  const out: number[] = [];
  for (const i of ranked) {
    if (out.length === limit) break;
    const c = candidates[i]!;
    if (!out.some((k) => _related(candidates[k]!, c))) out.push(i);
  }
  return out;
}

/** What tells a tool's family: its vendor and the words of its name. */
export interface FamilyFacts {
  /** Who publishes it ({@link vendorKey}), or `null`. */
  vendor: string | null;
  /** Its name's words ({@link nameWords}). */
  words: string[];
  /** The name without suffixes like "AI" ({@link coreOf}), words joined by spaces. */
  core: string;
  /** Its brand ({@link brandOf}), or `null` for a name of common words. */
  brand: string[] | null;
}

/**
 * Whether two tools belong to one family, so neither is an alternative to the other: the same
 * vendor (see {@link vendorKey}), the same name but for suffixes ("PhotoAI" and "Photo AI": one
 * product listed twice), or one's name holds the other's brand as whole words ("ChatGPT for
 * Sheets" holds "ChatGPT"; "Notion AI" and "NotionForms" share "Notion").
 *
 * @param a a tool's family facts
 * @param b another's
 * @returns true when they are one family
 * @example
 * ```ts
 * const facts = (name: string, url: string | null) => {
 *   const words = nameWords(name);
 *   return { vendor: vendorKey(url), words, core: coreOf(words).join(" "), brand: brandOf(words, () => true) };
 * };
 * sameFamily(facts("ChatGPT", null), facts("ChatGPT for Sheets", null)); // true
 * ```
 */
export function sameFamily(a: FamilyFacts, b: FamilyFacts): boolean {
  if (a.vendor !== null && a.vendor === b.vendor) return true;
  if (a.core !== "" && a.core === b.core) return true;
  return (a.brand !== null && _contains(b.words, a.brand)) ||
    (b.brand !== null && _contains(a.words, b.brand));
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
  const index = _indexOf(store);
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

/** The summed idf of the terms two sorted term lists share. */
function _overlap(a: Int32Array, b: Int32Array, idf: Float64Array): number {
  let s = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      s += idf[a[i]!]!;
      i++;
      j++;
    }
  }
  return s;
}

/** The terms two sorted term lists share, rarest first. */
function _sharedTerms(a: Int32Array, b: Int32Array, idf: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out.sort((x, y) => idf[y]! - idf[x]! || x - y);
}

/** A light stem: `images`, `image` → `imag`; `generated`, `generating` → `generat`. */
function _stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/**
 * The terms of a tool's job words (tags, features, categories and description): lowercase words
 * of 3 letters or more, stopwords and numbers left out, a plural or verb ending cut
 * (`transcriptions` → `transcription`; `generated`, `generate` → `generat`).
 *
 * @param texts the texts
 * @param surfaces optional: filled with the first word met for each new term, for showing it
 * @returns the distinct terms
 * @example
 * ```ts
 * jobTerms(["Transcribes meetings", "Meeting notes"]); // ["transcrib", "meet", "note"]
 * ```
 */
export function jobTerms(texts: string[], surfaces?: Map<string, string>): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of queryWords(text)) {
      if (word.length < 3 || isStopword(word) || _PRICE_WORDS.has(word) || /^\d+$/.test(word)) {
        continue;
      }
      const term = _stem(word);
      out.add(term);
      if (surfaces && !surfaces.has(term)) surfaces.set(term, word);
    }
  }
  return [...out];
}

/**
 * Features that are badges of a listing (where a tool runs, how it is reached), not its job: the
 * catalog's most common features. Left out of the words two tools share.
 */
const _BADGES = new Set([
  "no signup required",
  "open source",
  "discord community",
  "api",
  "waitlist",
  "mobile app",
  "browser extension",
  "deals",
]);

/** Words of the price and sign-up boilerplate many descriptions end with ("Free tier available"). */
const _PRICE_WORDS = new Set(
  ("free freemium tier tiers available availability plan plans pricing price prices paid premium " +
    "trial subscription subscriptions credit credits card month monthly daily limit limits limited " +
    "unlimited signup sign required requires require account cost costs")
    .split(" "),
);

/** A leaf two tools are both filed under, the tool's primary leaf first, or `undefined`. */
function _sharedLeaf(tool: _Tool, c: _Tool): string | undefined {
  const mine = tool.num.leaves;
  const theirs = c.num.leaves;
  for (let i = 0; i < mine.length; i++) {
    if (theirs.includes(mine[i]!)) return tool.leafIds[i];
  }
  return undefined;
}

/** {@link sameFamily} on the numbered facts of two tools of the index. */
function _related(a: _Tool, b: _Tool): boolean {
  const x = a.num;
  const y = b.num;
  if (x.vendor >= 0 && x.vendor === y.vendor) return true;
  if (x.core >= 0 && x.core === y.core) return true;
  return (x.brand !== null && _contains(y.words, x.brand)) ||
    (y.brand !== null && _contains(x.words, y.brand));
}

/** Why an alternative is listed, in words. */
function _reason(
  index: _Index,
  tool: _Tool,
  c: _Tool,
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
  const shared = _sharedTerms(tool.terms, c.terms, index.idf).slice(0, 3);
  if (shared.length > 0) {
    parts.push(`shared words: ${shared.map((t) => index.vocabulary[t]).join(", ")}`);
  }
  if (c.sources >= 2) parts.push(`listed by ${c.sources} sources`);
  if (c.reviews >= 10) parts.push(`${c.reviews} reviews`);
  return parts.join("; ");
}

/** True when `words` holds `part` as consecutive words. */
function _contains<T>(words: T[], part: T[]): boolean {
  if (part.length === 0 || part.length > words.length) return false;
  outer: for (let i = 0; i + part.length <= words.length; i++) {
    for (let j = 0; j < part.length; j++) {
      if (words[i + j] !== part[j]) continue outer;
    }
    return true;
  }
  return false;
}

/**
 * The words of a name, lowercase, camelCase split (`AnonChatGPT` → `anon chat gpt`, `NotionForms`
 * → `notion forms`), a domain-like ending (`Copy.ai`, `Bolt.new`) dropped.
 *
 * @param name a tool name
 * @returns its words, e.g. `["chat", "gpt", "for", "sheets"]`
 * @example
 * ```ts
 * nameWords("ChatGPT for Sheets"); // ["chat", "gpt", "for", "sheets"]
 * ```
 */
export function nameWords(name: string): string[] {
  return name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .replace(/\.(ai|io|app|so|new|com|co|dev|me|net|org|tech|xyz|gg|chat|tools?|run)\b/gi, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "");
}

/** Words that end a product name without naming the product ("Otter AI", "Loom HQ"). */
const _SUFFIX_WORDS = new Set(["ai", "app", "apps", "hq", "io", "labs", "inc", "the", "official"]);

/**
 * The core of a tool name: its words ({@link nameWords}) without a leading "the" and trailing
 * suffixes like "AI" or "app".
 *
 * @param words the name's words
 * @returns the core words, e.g. `["otter"]` for "Otter AI" (possibly empty)
 * @example
 * ```ts
 * coreOf(nameWords("The Otter AI")); // ["otter"]
 * ```
 */
export function coreOf(words: string[]): string[] {
  let start = 0;
  let end = words.length;
  while (start < end && words[start] === "the") start++;
  while (end > start && _SUFFIX_WORDS.has(words[end - 1]!)) end--;
  return words.slice(start, end);
}

/**
 * The brand of a tool name: its core ({@link coreOf}), when at least one of its words is a brand
 * word.
 *
 * @param words the name's words
 * @param isBrand whether a word is a brand word rather than a common one ({@link isBrandWord})
 * @returns the brand's words, or `null` when the name is made of common words ("Image", "AI
 *   Writer") and so says nothing about who makes it
 * @example
 * ```ts
 * brandOf(["notion", "ai"], () => true); // ["notion"]
 * brandOf(["image"], () => false); // null
 * ```
 */
export function brandOf(words: string[], isBrand: (word: string) => boolean): string[] | null {
  const brand = coreOf(words);
  return brand.length > 0 && brand.some(isBrand) ? brand : null;
}

/** Lowercase uses of a word in the descriptions above which it is a common word, not a brand. */
export const COMMON_WORD_USES = 5;

/**
 * Whether a word of a name is a brand word: at least 3 letters, and written in lowercase, as a
 * common word is, in fewer than {@link COMMON_WORD_USES} of the catalog's descriptions ("notion",
 * "otter" and "gpt" are brand words; "image", "copy" and "writer" are not).
 *
 * @param word a lowercase word of {@link nameWords}
 * @param lowercaseUses how many descriptions use it in lowercase
 * @returns true for a brand word
 * @example
 * ```ts
 * isBrandWord("notion", 1); // true
 * isBrandWord("image", 120); // false
 * ```
 */
export function isBrandWord(word: string, lowercaseUses: number): boolean {
  return word.length >= 3 && !/^\d+$/.test(word) && !_SUFFIX_WORDS.has(word) &&
    lowercaseUses < COMMON_WORD_USES;
}

/** Second-level labels under which a country code registers names (`co.uk`, `com.au`). */
const _SLD = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "or", "ne", "go"]);

/**
 * Hosts under which anybody publishes (`user.vercel.app`): the label below them names the
 * publisher, as a registrable domain would.
 */
const _TENANT_SUFFIXES = [
  "vercel.app",
  "netlify.app",
  "github.io",
  "gitlab.io",
  "herokuapp.com",
  "pages.dev",
  "workers.dev",
  "web.app",
  "firebaseapp.com",
  "replit.app",
  "repl.co",
  "streamlit.app",
  "hf.space",
  "onrender.com",
  "fly.dev",
  "railway.app",
  "glitch.me",
  "deno.dev",
  "azurewebsites.net",
  "appspot.com",
  "webflow.io",
  "framer.website",
  "framer.ai",
  "framer.app",
  "softr.app",
  "notion.site",
  "gitbook.io",
  "super.site",
  "carrd.co",
  "wixsite.com",
  "bubbleapps.io",
  "glideapp.io",
  "glide.page",
  "typedream.app",
  "mystrikingly.com",
  "myshopify.com",
  "gumroad.com",
  "substack.com",
  "blogspot.com",
  "dabble.so",
  "onelink.me",
  "sttabot.io",
];

/**
 * Marketplaces and platforms whose listings are by many publishers: the publisher is a path
 * segment (`github.com/owner`), or unknown (`null`: an extension store's listing says nothing
 * about who else its publisher makes).
 */
const _PLATFORMS: Record<string, (segments: string[]) => string | null> = {
  "github.com": (s) => s[0] ?? null,
  "gitlab.com": (s) => s[0] ?? null,
  "huggingface.co": (s) => (s[0] === "spaces" ? s[1] : s[0]) ?? null,
  "replicate.com": (s) => s[0] ?? null,
  "chat.openai.com": (s) => s[0] === "g" ? null : "openai.com",
  "chatgpt.com": (s) => s[0] === "g" ? null : "openai.com",
  "sites.google.com": (s) => s.slice(0, 2).join("/") || null,
  "spellprints.com": (s) => s[0] ?? null,
  "medium.com": (s) => s[0] ?? null,
};

/** Platform hosts whose listings say nothing about the publisher (stores, social sites). */
const _ANONYMOUS_HOSTS = new Set([
  "chrome.google.com",
  "chromewebstore.google.com",
  "play.google.com",
  "workspace.google.com",
  "docs.google.com",
  "colab.research.google.com",
  "apps.apple.com",
  "itunes.apple.com",
  "marketplace.visualstudio.com",
  "appsource.microsoft.com",
  "apps.microsoft.com",
  "microsoftedge.microsoft.com",
  "addons.mozilla.org",
  "apps.shopify.com",
  "wordpress.org",
  "figma.com",
  "producthunt.com",
  "t.me",
  "telegram.me",
  "discord.com",
  "discord.gg",
  "poe.com",
  "x.com",
  "twitter.com",
  "youtube.com",
  "linkedin.com",
  "facebook.com",
  "instagram.com",
  "tiktok.com",
  "npmjs.com",
  "pypi.org",
  "apify.com",
  "zapier.com",
  "linktr.ee",
  "messengerx.io",
  "buildai.space",
  "app.brancher.ai",
]);

/**
 * Who publishes a tool, from its site: the registrable domain of the URL's host (`notion.so` for
 * `https://www.notion.so/product/ai`, `acme.co.uk`), the tenant on a hosting domain anybody
 * publishes under (`app.vercel.app`), the owner on a code host (`github.com/owner`), or `null`
 * when the URL is missing or a store listing that says nothing about its publisher.
 *
 * @param url the tool's site, or `null`
 * @returns the vendor key, or `null`
 * @example
 * ```ts
 * vendorKey("https://chat.openai.com/chat"); // "openai.com"
 * vendorKey("https://chromewebstore.google.com/detail/x/abc"); // null
 * ```
 */
export function vendorKey(url: string | null): string | null {
  if (url === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, "").replace(/\.$/, "");
  if (host === "") return null;
  const segments = parsed.pathname.split("/").filter((s) => s !== "").map((s) => s.toLowerCase());
  if (_ANONYMOUS_HOSTS.has(host)) return null;
  const platform = _PLATFORMS[host];
  if (platform) {
    const publisher = platform(segments);
    return publisher === null ? null : publisher.includes(".") ? publisher : `${host}/${publisher}`;
  }
  const tenant = _TENANT_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (tenant) {
    const labels = host.slice(0, host.length - tenant.length).split(".").filter((l) => l !== "");
    return labels.length === 0 ? null : `${labels[labels.length - 1]}.${tenant}`;
  }
  const labels = host.split(".");
  if (labels.length < 2) return host;
  const n = labels.length >= 3 && labels[labels.length - 1]!.length === 2 &&
      _SLD.has(labels[labels.length - 2]!)
    ? 3
    : 2;
  return labels.slice(-n).join(".");
}

/** The per-catalog facts, read on first use. */
function _indexOf(store: CatalogStore): _Index {
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
  const byId = new Map<number, _Tool>();
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
    const about = s.about.filter((x) => !_BADGES.has(x.toLowerCase()));
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
