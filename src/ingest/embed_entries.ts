/**
 * The ingest's embedding step: builds the text of every AI tool and MCP server, looks each up in
 * the embedding cache by content hash and model id, embeds the rest in batches (worker pool) with
 * a progress bar on stderr, and returns one vector per entry.
 *
 * Entry texts (documented so a rebuild embeds the same thing):
 * - tool: `{name}. {description} {about} Categories: {categories}. Tags: {tags}. Features:
 *   {keyFeatures}. Uses: {useCases}.`, where `about` is the start of the long description (the
 *   longest text any source gives) when the chosen description is short and the long one says
 *   something else ({@link aboutText}): a slogan or a one-liner ("Talk to Claude, an AI assistant
 *   from Anthropic.") then still leaves the embedding the words of what the product does. The
 *   display description is unchanged; full-text search already indexes the long description,
 *   features and use cases.
 * - server: `{title}. {description} Categories: {categories}. Tags: {tags}. Tools: {tool names}.`
 * Texts are cut at 600 characters by the embedder.
 *
 * @module
 */
import { contentHash, EmbeddingCache } from "./embedding_cache.ts";
import type { Embedder } from "../embed/embedding.ts";
import type { CatalogServer } from "../model/server.ts";
import type { CatalogTool } from "../model/tool.ts";

/**
 * Texts per batch sent to the embedder. USE-lite's cost per text does not fall with larger
 * batches (measured CPU per text: about 45 ms at 4-8, 52 at 16-32, 64 at 64; batches are padded
 * to their longest text), so batches are small and the texts are embedded shortest first, which
 * keeps the texts of one batch of similar length.
 */
export const EMBED_BATCH = 8;

/** Counts of one embedding run, stored in the ingest report. */
export interface EmbedStats {
  /** Embedder id. */
  model: string;
  /** Entries that needed a vector. */
  entries: number;
  /** Vectors found in the cache. */
  cached: number;
  /** Vectors computed now. */
  embedded: number;
  /** Wall time of the step, milliseconds. */
  ms: number;
  /** Texts embedded per second of wall time (0 when everything came from the cache). */
  textsPerSecond: number;
}

function _join(label: string, items: string[], max = 12): string {
  return items.length ? ` ${label}: ${items.slice(0, max).join(", ")}.` : "";
}

/**
 * The text embedded for an AI tool.
 *
 * @param t merged tool
 * @returns name, description (and what the long description adds), categories, tags, features
 *   and use cases in one string
 */
export function toolText(t: CatalogTool): string {
  return `${t.name}. ${t.description}${aboutText(t)}${_join("Categories", t.categories)}${
    _join("Tags", t.tags)
  }${_join("Features", t.keyFeatures)}${_join("Uses", t.useCases, 6)}`;
}

/** Descriptions shorter than this many characters say too little to search by alone. */
export const THIN_DESCRIPTION = 120;
/** Characters of the long description added to the embedded text. */
export const ABOUT_CHARS = 240;

/**
 * The start of a tool's long description (the longest text any source gives), for the embedded
 * text: empty when the short description is long enough or the long one begins like it.
 *
 * Measured on the graded task set (issue 30): 323 of 5,927 tools change, 105 of them with
 * authority ≥ 0.3 (ChatGPT, Claude, Character.AI, Clipdrop, DeepL, …); nDCG@10 did not move
 * (tools 0.596 → 0.595, the old set 0.638 → 0.639), nor did it when every tool with a long
 * description took it (0.584 before judging, against 0.588).
 *
 * @param t merged tool
 * @param thin descriptions shorter than this many characters take the long one
 * @returns ` {text}.` or `""`
 */
export function aboutText(t: CatalogTool, thin = THIN_DESCRIPTION): string {
  const long = t.longDescription?.trim();
  if (long === undefined || long === "" || t.description.length >= thin) return "";
  const stem = (x: string) => x.replace(/[….\s]+$/u, "").toLowerCase();
  const d = stem(t.description), l = stem(long);
  if (l.startsWith(d.slice(0, 60)) || d.startsWith(l.slice(0, 60))) return "";
  let cut = long.slice(0, ABOUT_CHARS);
  const space = cut.lastIndexOf(" ");
  if (long.length > ABOUT_CHARS && space > ABOUT_CHARS * 0.6) cut = cut.slice(0, space);
  return ` ${cut.replace(/[\s.]+$/u, "")}.`;
}

/**
 * The text embedded for an MCP server.
 *
 * @param s merged server
 * @returns title, description, categories, tags and tool names in one string
 */
export function serverText(s: CatalogServer): string {
  return `${s.title}. ${s.description}${_join("Categories", s.categories)}${_join("Tags", s.tags)}${
    _join("Tools", s.tools.map((t) => t.name), 20)
  }`;
}

/** Options of {@link embedEntries}. */
export interface EmbedOptions {
  embedder: Embedder;
  /** Cache file path (`:memory:` for none). */
  cachePath: string;
  /** Progress sink for whole lines (default: none). */
  log?: (line: string) => void;
  /**
   * Progress after each batch: texts done of the total, and characters done of the total (texts
   * go shortest first, so the share of characters is the better measure of the time left).
   * Default: a bar on stderr when it is a terminal, else a line per 10%.
   */
  progress?: (done: number, total: number, chars: { done: number; total: number }) => void;
  /** Batches in flight at once (default 4: two per worker of a 2-worker pool). */
  concurrency?: number;
}

let _lastTenth = -1;

/**
 * Default progress: an in-place bar on a terminal, else one line per 10% (logs and CI).
 */
function _stderrBar(done: number, total: number): void {
  if (!Deno.stderr.isTerminal()) {
    const tenth = Math.floor((done / Math.max(1, total)) * 10);
    if (tenth !== _lastTenth) {
      _lastTenth = tenth;
      console.error(`[embed] ${done}/${total} (${tenth * 10}%)`);
    }
    return;
  }
  const width = 30;
  const filled = Math.round((done / Math.max(1, total)) * width);
  const bar = `[embed] [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
  Deno.stderr.writeSync(new TextEncoder().encode(`\r${bar}${done === total ? "\n" : ""}`));
}

/**
 * Returns a vector for every text, from the cache or the embedder.
 *
 * @param texts entry texts
 * @param options embedder, cache path, progress sinks
 * @returns vectors in the order of `texts`, and counts
 * @throws {Error} when the embedder fails (the ingest then stops; the old catalog stays)
 */
export async function embedTexts(
  texts: string[],
  options: EmbedOptions,
): Promise<{ vectors: Float32Array[]; stats: EmbedStats }> {
  const started = performance.now();
  const cache = new EmbeddingCache(options.cachePath, options.embedder.id);
  const progress = options.progress ?? _stderrBar;
  try {
    const hashes = texts.map(contentHash);
    const vectors: (Float32Array | undefined)[] = hashes.map((h) => cache.get(h));
    // Each distinct text once, shortest first (see EMBED_BATCH); duplicates get the same vector.
    const firstOf = new Map<string, number>();
    const missing: number[] = [];
    vectors.forEach((v, i) => {
      if (v !== undefined || firstOf.has(hashes[i]!)) return;
      firstOf.set(hashes[i]!, i);
      missing.push(i);
    });
    missing.sort((a, b) => texts[a]!.length - texts[b]!.length || a - b);
    const cachedCount = vectors.filter((v) => v !== undefined).length;
    options.log?.(
      `[ingest] embeddings (${options.embedder.id}): ${cachedCount} cached, ` +
        `${missing.length} distinct texts to embed`,
    );
    let done = 0, doneChars = 0;
    const totalChars = missing.reduce((sum, i) => sum + Math.min(texts[i]!.length, 600), 0);
    const batches: number[][] = [];
    for (let i = 0; i < missing.length; i += EMBED_BATCH) {
      batches.push(missing.slice(i, i + EMBED_BATCH));
    }
    const concurrency = options.concurrency ?? 4;
    let next = 0;
    const runOne = async (): Promise<void> => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const out = await options.embedder.embed(batch.map((i) => texts[i]!));
        batch.forEach((i, j) => (vectors[i] = out[j]!));
        cache.putMany(batch.map((i, j) => [hashes[i]!, out[j]!]));
        done += batch.length;
        doneChars += batch.reduce((sum, i) => sum + Math.min(texts[i]!.length, 600), 0);
        progress(done, missing.length, { done: doneChars, total: totalChars });
      }
    };
    const embedStarted = performance.now();
    await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, runOne));
    const embedSeconds = (performance.now() - embedStarted) / 1000;
    vectors.forEach((v, i) => {
      if (v === undefined) vectors[i] = vectors[firstOf.get(hashes[i]!)!];
    });
    return {
      vectors: vectors as Float32Array[],
      stats: {
        model: options.embedder.id,
        entries: texts.length,
        cached: cachedCount,
        embedded: missing.length,
        ms: Math.round(performance.now() - started),
        textsPerSecond: missing.length > 0 ? missing.length / Math.max(1e-3, embedSeconds) : 0,
      },
    };
  } finally {
    cache.close();
  }
}
