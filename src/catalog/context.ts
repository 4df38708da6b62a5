/**
 * What every catalog use case needs: the store, the public base URL and the taxonomy.
 *
 * @module
 */
import { type Embedder, USE_LITE_ID } from "../embed/embedding.ts";
import { QueryEmbedder } from "../embed/query_embedder.ts";
import { inTurn } from "./cpu_queue.ts";
import { ByteLru } from "./lru.ts";
import type { Ranker } from "./rank_query.ts";
import { RESULT_CACHE_BYTES, RESULT_PROBATION_BYTES, ResultCache } from "./result_cache.ts";
import { SearchThread } from "./search_thread.ts";
import { CatalogStore, WARM_TERM_BYTES } from "./store.ts";
import type { ReviewsView } from "../model/review.ts";
import type { SourceInfo } from "../model/source.ts";
import { loadTaxonomy, type Taxonomy } from "../model/taxonomy.ts";

/**
 * Budget of the per-process query-vector cache, bytes (least recently used evicted first): about
 * 2,000 queries of 512 dimensions.
 */
export const QUERY_CACHE_BYTES = 4.5 * 1024 * 1024;

/**
 * Progress of the semantic index while `deno task start` computes it in the background (the
 * catalog is served lexically meanwhile), as `/api/v1/health` reports it.
 */
export interface SemanticProgress {
  /** `building` while embedding and writing; `failed` when the background build stopped. */
  state: "building" | "failed";
  /** What the build is doing now, e.g. `embedding`, `classifying`, `writing`. */
  step: string;
  /** Texts embedded so far (cached ones included). */
  done: number;
  /** Texts to embed in all. */
  total: number;
  /** Texts embedded per second over the run so far. */
  textsPerSecond: number;
  /** Estimated seconds until every text is embedded, or `null` before the rate is known. */
  etaSeconds: number | null;
  /** Why the build failed (state `failed`). */
  error?: string;
}

/** Shared, read-only state of the catalog use cases. */
export interface CatalogContext {
  store: CatalogStore;
  /** Public base URL without trailing slash, e.g. `http://localhost:8000`. */
  baseUrl: string;
  taxonomy: Taxonomy;
  /** Sources by id, for attribution. */
  sources: Map<string, SourceInfo>;
  /** Query embedder, present when the catalog holds vectors of the same model. */
  embedder?: Embedder;
  /**
   * The search thread (`search_thread.ts`) that ranks this context's searches, when it was opened
   * with `searchThread` (a serving process): `rank` hands every search to it.
   */
  search?: Ranker;
  /** Per-process cache of query vectors by the text embedded (bytes-bounded LRU, `embedQuery`). */
  queryVectors: ByteLru<string, Float32Array>;
  /** Per-process cache of use-case results by input (bounded by bytes, see `memo.ts`). */
  results: ResultCache;
  /**
   * Users' reviews (`src/reviews/`, Deno KV), attached by the HTTP app when it has a KV; without
   * it details say `userReviews: null` and searches carry no ratings.
   */
  reviews?: ReviewsView;
  /** Set while the semantic index is built in the background (see `main.ts`). */
  semantic?: SemanticProgress;
  /**
   * The reading of the common words' term lists started by {@link openContext} with
   * `warmTermLists` ({@link closeContext} stops it).
   */
  warming?: { stop: AbortController; done: ReturnType<typeof warmTermLists> };
}

/**
 * Reads the BM25 lists of each table's most common words (`store.commonTerms`) into memory, most
 * common first, until {@link WARM_TERM_BYTES} per table: the lists a query would otherwise read
 * on its first use of the word (up to about 15,000 rows and 5-15 ms each). Each list is read in
 * a turn of its own (`cpu_queue.ts`), so requests that arrive meanwhile are served between them.
 * A server calls it once after opening its catalog; the catalog must stay open until it resolves
 * or `signal` is aborted.
 *
 * @param ctx catalog context
 * @param signal stops the reading before its next list
 * @returns lists read and their bytes, per table
 */
export async function warmTermLists(
  ctx: CatalogContext,
  signal?: AbortSignal,
): Promise<{ tools: { lists: number; bytes: number }; servers: { lists: number; bytes: number } }> {
  const out = { tools: { lists: 0, bytes: 0 }, servers: { lists: 0, bytes: 0 } };
  for (const kind of ["servers", "tools"] as const) {
    const start = ctx.store.termListBytes(kind);
    const terms = ctx.store.commonTerms(kind);
    // One lexical pass first: the store's per-table state (authority priors, flags, scratch
    // arrays) is built on the first one, about 0.2 s for the servers.
    if (terms.length > 0 && !signal?.aborted) {
      const q = terms[0]!.slice(1, -1);
      await inTurn(() =>
        signal?.aborted ||
        (kind === "tools" ? ctx.store.lexicalTools(q, {}) : ctx.store.lexicalServers(q, {}))
      );
    }
    for (const term of terms) {
      if (signal?.aborted) return out;
      if (ctx.store.termListBytes(kind) - start >= WARM_TERM_BYTES) break;
      // Checked again in the turn: the catalog may have been closed while the job waited.
      await inTurn(() => signal?.aborted || ctx.store.readTermList(kind, term));
      out[kind].lists++;
    }
    out[kind].bytes = ctx.store.termListBytes(kind) - start;
  }
  return out;
}

/**
 * Empty per-process caches of a context, within their byte budgets.
 *
 * @returns `queryVectors` and `results`
 */
export function newCaches(): Pick<CatalogContext, "queryVectors" | "results"> {
  return {
    queryVectors: new ByteLru(QUERY_CACHE_BYTES),
    results: new ResultCache(RESULT_PROBATION_BYTES, RESULT_CACHE_BYTES),
  };
}

/** Options of {@link openContext}. */
export interface OpenContextOptions {
  /**
   * The query embedder to use when the catalog holds vectors (default: a new
   * {@link QueryEmbedder}, USE-lite in a worker). Pass one to share it between contexts.
   */
  embedder?: Embedder;
  /**
   * Read the most common words' BM25 lists in the background after opening ({@link warmTermLists};
   * about 2 s of work in turns, 6 MB of lists for the real servers, 1 MB for the
   * tools), so that users' first queries with them do not pay for the reads (default false:
   * tests and scripts open and close at once).
   */
  warmTermLists?: boolean;
  /**
   * Rank searches on a thread of their own (`search_thread.ts`), which opens the catalog again
   * with the query embedder and the vector index, and reads the term lists when
   * `warmTermLists` is set; this thread then keeps only the requests, the pages and the cheap
   * reads (default false: tests and scripts rank on their own thread). `embedder` is then ignored.
   */
  searchThread?: boolean;
}

/**
 * Opens a built catalog, loads the taxonomy and, when the catalog holds vectors, the query
 * embedder (USE-lite in a worker, warmed with one query) and every stored vector with its int8
 * copy (about 1 s and 100 MB for the real catalog). Close it with {@link closeContext}.
 *
 * @param catalogPath path of `catalog.db`
 * @param baseUrl public base URL used for every `svcUrl`
 * @param options the query embedder to use
 * @returns the context
 * @throws {Error} when the catalog cannot be opened
 */
export async function openContext(
  catalogPath: string,
  baseUrl: string,
  options: OpenContextOptions = {},
): Promise<CatalogContext> {
  const store = CatalogStore.open(catalogPath);
  const sources = JSON.parse(store.meta("sources") ?? "[]") as SourceInfo[];
  const ctx: CatalogContext = {
    store,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    taxonomy: await loadTaxonomy(),
    sources: new Map(sources.map((s) => [s.id, s])),
    ...newCaches(),
  };
  if (options.searchThread) {
    try {
      const thread = await SearchThread.start(catalogPath, baseUrl, {
        warmTermLists: options.warmTermLists ?? false,
      });
      ctx.search = thread;
      if (thread.embedding) ctx.embedder = thread;
      if (thread.warmed) ctx.warming = { stop: new AbortController(), done: thread.warmed };
    } catch (error) {
      store.close();
      throw error;
    }
    return ctx;
  }
  const model = store.meta("embedding_model");
  if (model !== undefined) {
    const id = options.embedder?.id ?? USE_LITE_ID;
    if (id === model) {
      const embedder = options.embedder ?? new QueryEmbedder();
      ctx.embedder = embedder;
      // Hybrid ranking rescores candidates from memory: read the vectors now (the index below),
      // not on a request.
      for (const kind of ["tools", "servers"] as const) {
        store.leafIds(kind);
        // The query worker runs the coarse pass of unfiltered vector searches on its own int8
        // copy, made for it and not kept here (filters scan int8 copies of their own rows).
        const index = store.vectorIndex(kind);
        const scanner = embedder as Partial<QueryEmbedder>;
        if (index && scanner.attachIndex) {
          scanner.attachIndex(kind, index.quantized(), index.dimension, {
            matrix: index.matrix,
            ids: index.ids,
          });
        }
      }
      store.leafVectors();
      // The first query would otherwise wait for the worker to load the model.
      await embedder.embed(["warm-up"]);
    } else {
      console.error(`[catalog] vectors are of ${model}, not ${id}: lexical search only`);
    }
  }
  if (options.warmTermLists) {
    const stop = new AbortController();
    ctx.warming = { stop, done: warmTermLists(ctx, stop.signal) };
  }
  return ctx;
}

/**
 * Closes a context made by {@link openContext}: the store, its search thread, and the query
 * embedder's workers when it has a `close()` (one shared with other contexts is the caller's to
 * close).
 *
 * @param ctx the context
 * @param closeEmbedder also close its embedder (default true)
 */
export function closeContext(ctx: CatalogContext, closeEmbedder = true): void {
  ctx.warming?.stop.abort();
  ctx.store.close();
  if (ctx.search instanceof SearchThread) ctx.search.close();
  else if (closeEmbedder) (ctx.embedder as { close?: () => void } | undefined)?.close?.();
}

/** `svcUrl` of a tool: `{base}/tools/{slug}` (the public page of the tool). */
export function toolUrl(ctx: CatalogContext, slug: string): string {
  return `${ctx.baseUrl}/tools/${encodeURIComponent(slug)}`;
}

/**
 * `svcUrl` of a server: `{base}/servers/{name}`, each path segment of the name percent-encoded and
 * the `/` of the name kept, so `io.github.o/r` gives `/servers/io.github.o/r`.
 */
export function serverUrl(ctx: CatalogContext, name: string): string {
  return `${ctx.baseUrl}${serverPath(name)}`;
}

/**
 * Path of a server's page, `/servers/{name}`, each path segment of the name percent-encoded and
 * the `/` of the name kept (the REST details route is the same path under `/api/v1`).
 *
 * @param name server name, e.g. `io.github.o/r`
 * @returns e.g. `/servers/io.github.o/r`
 */
export function serverPath(name: string): string {
  return `/servers/${name.split("/").map(encodeURIComponent).join("/")}`;
}
