/**
 * What every catalog use case needs: the store, the public base URL and the taxonomy.
 *
 * @module
 */
import { type Embedder, loadUseLite } from "../embed/embedder.ts";
import { CatalogStore } from "./store.ts";
import type { SourceInfo } from "../model/source.ts";
import { loadTaxonomy, type Taxonomy } from "../model/taxonomy.ts";

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
  /** Per-process cache of query vectors by normalized query text (LRU, see `ranking.ts`). */
  queryVectors: Map<string, Float32Array>;
  /** Per-process cache of ranked use-case results by validated input (LRU, see `memo.ts`). */
  results: Map<string, unknown>;
}

/**
 * Opens a built catalog, loads the taxonomy and, when the catalog holds vectors, the query
 * embedder (once per process) and every stored vector (about 1 s and 80 MB for the real catalog).
 *
 * @param catalogPath path of `catalog.db`
 * @param baseUrl public base URL used for every `svcUrl`
 * @returns the context
 * @throws {Error} when the catalog cannot be opened
 */
export async function openContext(catalogPath: string, baseUrl: string): Promise<CatalogContext> {
  const store = CatalogStore.open(catalogPath);
  const sources = JSON.parse(store.meta("sources") ?? "[]") as SourceInfo[];
  const ctx: CatalogContext = {
    store,
    baseUrl: baseUrl.replace(/\/+$/, ""),
    taxonomy: await loadTaxonomy(),
    sources: new Map(sources.map((s) => [s.id, s])),
    queryVectors: new Map(),
    results: new Map(),
  };
  const model = store.meta("embedding_model");
  if (model !== undefined) {
    const embedder = await loadUseLite();
    if (embedder.id === model) {
      ctx.embedder = embedder;
      // Hybrid ranking rescores candidates from memory: read the vectors now, not on a request.
      for (const kind of ["tools", "servers"] as const) {
        store.vectors(kind);
        store.leafIds(kind);
      }
      store.leafVectors();
    } else {console.error(
        `[catalog] vectors are of ${model}, not ${embedder.id}: lexical search only`,
      );}
  }
  return ctx;
}

/** `svcUrl` of a tool: `{base}/tools/{slug}` (DESIGN.md "svcUrl"). */
export function toolUrl(ctx: CatalogContext, slug: string): string {
  return `${ctx.baseUrl}/tools/${encodeURIComponent(slug)}`;
}

/**
 * `svcUrl` of a server: `{base}/servers/{name}`, each path segment of the name percent-encoded and
 * the `/` of the name kept, so `io.github.o/r` gives `/servers/io.github.o/r`.
 */
export function serverUrl(ctx: CatalogContext, name: string): string {
  return `${ctx.baseUrl}/servers/${name.split("/").map(encodeURIComponent).join("/")}`;
}
