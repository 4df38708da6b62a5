/**
 * The alternatives of an AI tool: one list, used by the details (`competitors`), the alternatives
 * operation, the comparison ("also consider") and the site's tool page.
 *
 * No source lists competitors, so the list is derived from the catalog, and every item says why:
 *
 * 1. **Candidates**: the tools filed under the tool's taxonomy leaves (its primary and secondary
 *    leaves, and the tools that have its primary leaf as a secondary one); when the catalog has
 *    vectors and those leaves hold few close candidates ({@link NEIGHBOURS_BELOW}), also its
 *    nearest neighbours by sentence embedding ({@link NEIGHBOURS} of them); without vectors,
 *    the same-leaf tools and the tools of its main category.
 * 2. **Left out**: the tool itself, adult tools (unless asked for), spam, and the tool's own
 *    family: products of its vendor (same registrable domain of the site, hosting platforms and
 *    marketplaces told apart by their path), and names that contain its name or that its name
 *    contains ("ChatGPT for Sheets", "Notion AI Chrome extension" are plug-ins, not alternatives),
 *    when that name is a brand rather than a common word ({@link isBrandWord}).
 * 3. **Score**: the similarity (cosine of the two embeddings, or with no vectors the BM25 of the
 *    tool's words scaled to the best candidate's), plus a bonus for a shared leaf
 *    ({@link LEAF_BONUS}) or subcategory, plus the authority prior (sources and reviews) times
 *    {@link AUTHORITY_WEIGHT}. A candidate that shares no leaf must be close in meaning
 *    ({@link MIN_SIMILARITY_OUTSIDE}).
 *
 * The facts of every tool are read once per open catalog (about 0.15 s on the real catalog, on
 * the first call) and kept in memory; each list then costs a fraction of a millisecond.
 *
 * @module
 */
import { type CatalogStore, isStopword, queryWords, type ToolSummary } from "./store.ts";
import { dotAt } from "../embed/embedding.ts";

/** Nearest neighbours by embedding taken as candidates, besides the same-leaf tools. */
export const NEIGHBOURS = 60;
/**
 * The neighbours are looked for when the tool's leaves hold fewer close candidates (cosine at
 * least {@link MIN_SIMILARITY_LEAF}) than this many times the number of alternatives asked for.
 */
export const NEIGHBOURS_BELOW = 2;
/**
 * Weight of the words a candidate shares with the tool (the summed idf of the terms of their tags,
 * features, categories and descriptions, {@link jobTerms}, scaled to the best candidate's: 0-1) added to the cosine
 * similarity when the catalog has vectors. Without vectors that scaled score is the similarity.
 */
export const LEXICAL_WEIGHT = 0.2;
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
export const MIN_SIMILARITY_OUTSIDE = 0.8;
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
  /** Term id → the term ({@link jobTerms} of every tool). */
  vocabulary: string[];
  /** Term id → its inverse document frequency, `ln(tools / tools with the term)`. */
  idf: Float64Array;
}

/** A tool's summary plus what its family is told by and the terms of its job. */
interface _Tool extends ToolSummary, FamilyFacts {
  /** Ids of its {@link jobTerms}, ascending. */
  terms: Int32Array;
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
  const eligible = (id: number): boolean => {
    const c = index.byId.get(id);
    return id !== toolId && c !== undefined && !c.spam && (options.adult === true || !c.adult) &&
      !sameFamily(tool, c);
  };
  const candidates = new Set<number>();
  for (const leaf of tool.leafIds) {
    for (const id of index.leafMembers.get(leaf) ?? []) if (eligible(id)) candidates.add(id);
  }
  const similarity = new Map<number, number>();
  if (vector) {
    const vi = store.vectorIndex("tools")!;
    let close = 0;
    for (const id of candidates) {
      const at = vi.offsetOf(id);
      if (at < 0) continue;
      const s = dotAt(vector, vi.matrix, at);
      similarity.set(id, s);
      if (s >= MIN_SIMILARITY_LEAF) close++;
    }
    // The neighbours outside the leaves are looked for only when the leaves hold few candidates
    // (a full scan costs about 1 ms): with more, they make about 1% of the first five.
    if (close < NEIGHBOURS_BELOW * options.limit) {
      for (const hit of store.knnTools(vector, { adult: true }, NEIGHBOURS + 1)) {
        if (candidates.has(hit.id) || !eligible(hit.id)) continue;
        candidates.add(hit.id);
        similarity.set(hit.id, hit.similarity);
      }
    }
  } else if (candidates.size < NEIGHBOURS_BELOW * options.limit) {
    // Without vectors, the tools of its main category stand in for the neighbours.
    for (const id of index.categoryMembers.get(tool.categoryKey) ?? []) {
      if (eligible(id)) candidates.add(id);
    }
  }
  // The words the sources state about the tool's job, matched against every candidate's.
  const lexical = new Map<number, number>();
  let lexicalBest = 0;
  for (const id of candidates) {
    const s = _overlap(tool.terms, index.byId.get(id)!.terms, index.idf);
    if (s > 0) lexical.set(id, s);
    lexicalBest = Math.max(lexicalBest, s);
  }
  const scored: Alternative[] = [];
  for (const id of candidates) {
    const c = index.byId.get(id)!;
    const shared = _sharedLeaf(tool, c);
    const sameSub = tool.subcategoryId !== null && tool.subcategoryId === c.subcategoryId;
    let sim: number;
    if (vector) {
      const s = similarity.get(id);
      if (s === undefined) continue;
      const least = shared
        ? MIN_SIMILARITY_LEAF
        : sameSub
        ? MIN_SIMILARITY_SUBCATEGORY
        : MIN_SIMILARITY_OUTSIDE;
      if (s < least) continue;
      sim = s + LEXICAL_WEIGHT * _scaled(lexical, id, lexicalBest);
    } else {
      sim = _scaled(lexical, id, lexicalBest);
      // Without vectors, a candidate of another leaf must share words with the tool.
      if (!shared && sim < MIN_OVERLAP_OUTSIDE) continue;
    }
    const bonus = shared?.primary
      ? LEAF_BONUS
      : shared
      ? SECONDARY_LEAF_BONUS
      : sameSub
      ? SUBCATEGORY_BONUS
      : 0;
    scored.push({
      id,
      slug: c.slug,
      name: c.name,
      score: sim + bonus + AUTHORITY_WEIGHT * c.authority,
      similarity: vector ? Math.round(similarity.get(id)! * 1000) / 1000 : null,
      sharedLeafId: shared?.leafId ?? null,
      reason: "",
    });
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  // One entry per product family: "DALL-E", "DALL.E 3" and "DallE-2" are one alternative.
  const items: Alternative[] = [];
  for (const item of scored) {
    if (items.length === options.limit) break;
    const c = index.byId.get(item.id)!;
    if (items.some((kept) => sameFamily(index.byId.get(kept.id)!, c))) continue;
    items.push(item);
  }
  for (const item of items) {
    item.reason = _reason(index, tool, index.byId.get(item.id)!, item, options.nodeName, !vector);
  }
  return { items, method };
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

/** A candidate's lexical score scaled to the best candidate's (0 without one). */
function _scaled(scores: Map<number, number>, id: number, best: number): number {
  return best > 0 ? (scores.get(id) ?? 0) / best : 0;
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
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/**
 * The terms of a tool's job words (tags, features, categories and description): lowercase words
 * of 3 letters or more, stopwords and numbers left out, a plural or verb ending cut
 * (`transcriptions` → `transcription`; `generated`, `generate` → `generat`).
 *
 * @param texts the texts
 * @returns the distinct terms
 */
export function jobTerms(texts: string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of queryWords(text)) {
      if (word.length < 3 || isStopword(word) || /^\d+$/.test(word)) continue;
      out.add(_stem(word));
    }
  }
  return [...out];
}

/** The leaf two tools share, preferring the tool's primary leaf, or `undefined`. */
function _sharedLeaf(
  tool: _Tool,
  c: _Tool,
): { leafId: string; primary: boolean } | undefined {
  const primary = tool.leafIds[0];
  if (primary === undefined) return undefined;
  if (c.leafIds[0] === primary) return { leafId: primary, primary: true };
  if (c.leafIds.includes(primary)) return { leafId: primary, primary: false };
  const other = tool.leafIds.find((l) => c.leafIds.includes(l));
  return other === undefined ? undefined : { leafId: other, primary: false };
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
function _contains(words: string[], part: string[]): boolean {
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
  const termIds = new Map<string, number>();
  const df: number[] = [];
  for (const s of summaries) {
    const words = nameWords(s.name);
    const terms = Int32Array.from(jobTerms([...s.about, s.description]), (t) => {
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
      vendor: vendorKey(s.url),
      words,
      core: coreOf(words).join(" "),
      brand: brandOf(words, isBrand),
      terms,
    });
    for (const leaf of new Set(s.leafIds)) {
      let list = leafMembers.get(leaf);
      if (!list) leafMembers.set(leaf, list = []);
      list.push(s.id);
    }
    let list = categoryMembers.get(s.categoryKey);
    if (!list) categoryMembers.set(s.categoryKey, list = []);
    list.push(s.id);
  }
  const idf = Float64Array.from(df, (n) => Math.log(summaries.length / n));
  index = { byId, leafMembers, categoryMembers, vocabulary: [...termIds.keys()], idf };
  _indexes.set(store, index);
  return index;
}
