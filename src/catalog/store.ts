/**
 * Read-only queries over `catalog.db`: the only module (with its parts below) that runs SQL
 * against a built catalog. `CatalogStore` is the one object the rest of the code holds; each of
 * its methods hands the call to the part that owns the concern:
 *
 * - `store_sql.ts`: prepared statements, values read once, the `meta` table
 * - `store_entries.ts`: tools, servers and prices by key or row id; export pages; the facts
 *   alternatives are chosen by; what the registry index reads
 * - `store_filters.ts`: tool and server filters as SQL with the default exclusions (adult
 *   entries, server variants), the ids passing a filter, the browse listing
 * - `store_lexical.ts`: the lexical index (BM25 from cached per-term lists), with
 *   `lexical_terms.ts` (query → FTS terms, column weights) and `lexical_rank.ts` (re-ranking)
 * - `store_vectors.ts`: the vector index, k-NN within a filter, stored embeddings
 * - `store_facets.ts`: counts, tool categories and server facets with their counts
 * - `store_placements.ts`: taxonomy placements and their counts
 * - `store_changes.ts`: change rows (stable ids, tombstones, changed keys, sitemap rows)
 *
 * Every search leaves out adult entries unless the filter asks for them (`adult: true`), and
 * server searches leave out variants (listings of a project whose canonical entry is another
 * one) unless `variants: true`.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { openCatalog, SCHEMA_VERSION } from "./db.ts";
import type { ChangeKind, ChangeRow } from "./changes.ts";
import type { CatalogPrice } from "../model/price.ts";
import type { CatalogServer } from "../model/server.ts";
import type { CatalogTool } from "../model/tool.ts";
import type { VectorIndex } from "./vector_index.ts";
import type { LexicalResult } from "./lexical_rank.ts";
import { StoreSql } from "./store_sql.ts";
import {
  type BrowsePage,
  type EntryTable,
  type ServerFilter,
  StoreFilters,
  type ToolFilter,
} from "./store_filters.ts";
import { StoreLexical } from "./store_lexical.ts";
import { StoreVectors, type VectorHit } from "./store_vectors.ts";
import {
  type RegistryDocFields,
  type ServerIndexRow,
  StoreEntries,
  type ToolSummary,
} from "./store_entries.ts";
import { type FacetCount, type ServerFacetKey, StoreFacets } from "./store_facets.ts";
import { StorePlacements } from "./store_placements.ts";
import { StoreChanges } from "./store_changes.ts";

export * from "./lexical_terms.ts";
export * from "./lexical_rank.ts";
export { TERM_CACHE_BYTES, WARM_TERM_BYTES } from "./store_lexical.ts";
export {
  type BrowsePage,
  FILTER_CACHE_BYTES,
  type ServerFilter,
  type ToolFilter,
} from "./store_filters.ts";
export type { VectorHit } from "./store_vectors.ts";
export type { ServerIndexRow, ToolSummary } from "./store_entries.ts";
export type { FacetCount } from "./store_facets.ts";

/**
 * The read side of the catalog. Open one per process and share it; every method is synchronous
 * and safe to call concurrently from request handlers (SQLite serializes them).
 */
export class CatalogStore {
  /** The open catalog database. */
  readonly db: DatabaseSync;
  /** The file the store was opened from (`undefined` for a database handed in). */
  path: string | undefined;
  readonly #sql: StoreSql;
  readonly #filters: StoreFilters;
  readonly #lexical: StoreLexical;
  readonly #vectors: StoreVectors;
  readonly #entries: StoreEntries;
  readonly #facets: StoreFacets;
  readonly #placements: StorePlacements;
  readonly #changes: StoreChanges;

  /**
   * @param db an open catalog database (see {@link CatalogStore.open})
   */
  constructor(db: DatabaseSync) {
    this.db = db;
    this.#sql = new StoreSql(db);
    this.#filters = new StoreFilters(this.#sql);
    this.#lexical = new StoreLexical(this.#sql, this.#filters);
    this.#vectors = new StoreVectors(this.#sql, this.#filters);
    this.#entries = new StoreEntries(this.#sql);
    this.#facets = new StoreFacets(this.#sql, this.#filters);
    this.#placements = new StorePlacements(this.#sql, this.#filters);
    this.#changes = new StoreChanges(this.#sql);
  }

  /**
   * Opens a built catalog file read-only.
   *
   * @param path path of `catalog.db`
   * @returns the store
   * @throws {Error} when the file is missing, unreadable or of another schema version
   */
  static open(path: string): CatalogStore {
    const store = new CatalogStore(openCatalog(path, { readOnly: true }));
    store.path = path;
    const version = store.meta("schema_version");
    if (version !== String(SCHEMA_VERSION)) {
      store.close();
      throw new Error(
        `Cannot use catalog "${path}": schema version ${version} is not ${SCHEMA_VERSION}`,
      );
    }
    return store;
  }

  /** Closes the database. */
  close(): void {
    this.db.close();
    this.#lexical.close();
  }

  /** A value of the `meta` table (`built_at`, `report`, `schema_version`), or `undefined`. */
  meta(key: string): string | undefined {
    return this.#sql.meta(key);
  }

  // ------------------------------------------------- entry reads (store_entries.ts)

  /** Row ids after `after`, ascending, at most `limit`: pages of a full scan (exports). */
  idsAfter(table: EntryTable, after: number, limit: number): number[] {
    return this.#entries.idsAfter(table, after, limit);
  }

  /** The tool with this slug (case-insensitive), or `undefined`. */
  toolBySlug(slug: string): CatalogTool | undefined {
    return this.#entries.toolBySlug(slug);
  }

  /** Row id of the tool with this slug, or `undefined`. */
  toolId(slug: string): number | undefined {
    return this.#entries.toolId(slug);
  }

  /** Tools by row id, in the order given (unknown ids are left out). */
  toolsByIds(ids: number[]): CatalogTool[] {
    return this.#entries.docsByIds<CatalogTool>("tools", ids);
  }

  /** The server with this name (case-insensitive), or `undefined`. */
  serverByName(name: string): CatalogServer | undefined {
    return this.#entries.serverByName(name);
  }

  /** Row id of the server with this name, or `undefined`. */
  serverId(name: string): number | undefined {
    return this.#entries.serverId(name);
  }

  /** Servers by row id, in the order given (unknown ids are left out). */
  serversByIds(ids: number[]): CatalogServer[] {
    return this.#entries.docsByIds<CatalogServer>("servers", ids);
  }

  /** Every price record, by provider then model (parsed once; shared, do not modify). */
  prices(): readonly CatalogPrice[] {
    return this.#entries.prices();
  }

  /** Tools of `slug`'s category most like it, as row ids ({@link StoreEntries.similarTools}). */
  similarTools(slug: string, limit: number, adult = false): number[] {
    return this.#entries.similarTools(slug, limit, adult);
  }

  /** The facts alternatives are chosen by, one per tool ({@link StoreEntries.toolSummaries}). */
  toolSummaries(): ToolSummary[] {
    return this.#entries.toolSummaries();
  }

  /** Install methods and versions of servers as JSON ({@link StoreEntries.registryDocFields}). */
  registryDocFields(): RegistryDocFields[] {
    return this.#entries.registryDocFields();
  }

  /** Every server as the registry index reads it ({@link StoreEntries.serverIndexRows}). */
  serverIndexRows(): ServerIndexRow[] {
    return this.#entries.serverIndexRows();
  }

  // ------------------------------------------------- filters and browsing (store_filters.ts)

  /** Tools passing a filter, most popular first: a page of row ids and the total. */
  browseTools(filter: ToolFilter, limit: number, offset: number): BrowsePage {
    return this.#filters.browse("tools", this.#filters.toolWhere(filter), limit, offset);
  }

  /** Servers passing a filter, most popular first: a page of row ids and the total. */
  browseServers(filter: ServerFilter, limit: number, offset: number): BrowsePage {
    return this.#filters.browse("servers", this.#filters.serverWhere(filter), limit, offset);
  }

  /** Ids of the servers passing a filter, ascending, cached per filter (shared: do not change). */
  serverIdsMatching(filter: ServerFilter): Int32Array {
    return this.#filters.filterIds("servers", this.#filters.serverWhere(filter)).ids;
  }

  /**
   * Which servers pass a filter, as a mask indexed by row id (1 = passes), cached per filter
   * (shared: do not change).
   */
  serverMaskMatching(filter: ServerFilter): Uint8Array {
    return this.#filters.filterIds("servers", this.#filters.serverWhere(filter)).mask;
  }

  /**
   * Each server variant's canonical entry (a listing of a project whose canonical entry is
   * another one → that entry's row id), read once ({@link StoreFilters.canonicalOf}).
   */
  canonicalOfVariants(): ReadonlyMap<number, number> {
    return this.#filters.canonicalOf();
  }

  /** Row ids of spam, parked or placeholder entries (ranked after every other match). */
  spamIds(table: EntryTable): ReadonlySet<number> {
    return this.#filters.flagged(table).spam;
  }

  // ------------------------------------------------- lexical index (store_lexical.ts)

  /** Lexical tool search within a filter ({@link StoreLexical.search}). */
  lexicalTools(q: string, filter: ToolFilter): LexicalResult {
    return this.#lexical.search("tools", q, this.#filters.toolWhere(filter));
  }

  /** Lexical server search within a filter ({@link StoreLexical.search}). */
  lexicalServers(q: string, filter: ServerFilter): LexicalResult {
    return this.#lexical.search("servers", q, this.#filters.serverWhere(filter));
  }

  /** The query's FTS terms whose BM25 lists are not in memory ({@link StoreLexical.uncachedTerms}). */
  uncachedTerms(table: EntryTable, q: string): string[] {
    return this.#lexical.uncachedTerms(table, q);
  }

  /** The rows each distinct term of a query matches ({@link StoreLexical.termPostings}). */
  termPostings(table: EntryTable, q: string): Int32Array[] {
    return this.#lexical.termPostings(table, q);
  }

  /** Reads one term's BM25 list into memory ({@link StoreLexical.readTermList}). */
  readTermList(table: EntryTable, term: string): void {
    this.#lexical.readTermList(table, term);
  }

  /** The FTS terms of the table's most common words ({@link StoreLexical.commonTerms}). */
  commonTerms(table: EntryTable): string[] {
    return this.#lexical.commonTerms(table);
  }

  /** Bytes held by the table's in-memory BM25 term lists (12 per posting). */
  termListBytes(table: EntryTable): number {
    return this.#lexical.termListBytes(table);
  }

  /** The authority prior of every row of a table (`authority.ts`): row id → prior, read once. */
  authorities(table: EntryTable): Map<number, number> {
    return this.#lexical.authorities(table);
  }

  // ------------------------------------------------- vectors (store_vectors.ts)

  /** True when the catalog was built with embeddings. */
  get hasVectors(): boolean {
    return this.#vectors.hasVectors;
  }

  /** Nearest tools to a query vector within a filter ({@link StoreVectors.knn}). */
  knnTools(vector: Float32Array, filter: ToolFilter, k: number, rows?: Int32Array): VectorHit[] {
    return this.#vectors.knn("tools", vector, this.#filters.toolWhere(filter), k, rows);
  }

  /** Nearest servers to a query vector within a filter ({@link StoreVectors.knn}). */
  knnServers(
    vector: Float32Array,
    filter: ServerFilter,
    k: number,
    rows?: Int32Array,
  ): VectorHit[] {
    return this.#vectors.knn("servers", vector, this.#filters.serverWhere(filter), k, rows);
  }

  /** Exact k-NN with sqlite-vec over every row ({@link StoreVectors.exactKnn}). */
  exactKnn(table: EntryTable, vector: Float32Array, k: number): VectorHit[] {
    return this.#vectors.exactKnn(table, vector, k);
  }

  /** k-NN by the two-stage scan over every row ({@link StoreVectors.approximateKnn}). */
  approximateKnn(table: EntryTable, vector: Float32Array, k: number): VectorHit[] {
    return this.#vectors.approximateKnn(table, vector, k);
  }

  /** Coarse candidates for the query worker, or `undefined` ({@link StoreVectors.coarseCountFor}). */
  coarseCountFor(
    table: EntryTable,
    filter: ToolFilter | ServerFilter,
    k: number,
  ): number | undefined {
    return this.#vectors.coarseCountFor(table, filter, k);
  }

  /** Ids the filter's default exclusions leave out ({@link StoreVectors.excludedIds}). */
  excludedIds(table: EntryTable, filter: ToolFilter | ServerFilter): Int32Array {
    return this.#vectors.excludedIds(table, filter);
  }

  /** The in-memory vector index of a table, or `undefined` ({@link StoreVectors.vectorIndex}). */
  vectorIndex(table: EntryTable): VectorIndex | undefined {
    return this.#vectors.vectorIndex(table);
  }

  /** How the vector index was read: `chunks`, `rows` or `undefined` (not yet). */
  vectorSource(table: EntryTable): "chunks" | "rows" | undefined {
    return this.#vectors.vectorSource(table);
  }

  /** Every stored vector of a table, read row by row ({@link StoreVectors.vectorRows}). */
  vectorRows(table: EntryTable): { id: number; vector: Float32Array }[] {
    return this.#vectors.vectorRows(table);
  }

  /** The stored embedding of a tool or server row, or `undefined`. */
  vectorOf(table: EntryTable, id: number): Float32Array | undefined {
    return this.#vectors.vectorOf(table, id);
  }

  /** Embeddings of the taxonomy leaves: leaf id → unit vector (empty without vectors). */
  leafVectors(): Map<string, Float32Array> {
    return this.#vectors.leafVectors();
  }

  // ------------------------------------------------- facets and counts (store_facets.ts)

  /** Numbers of tools, servers and prices in the catalog. */
  counts(): { tools: number; servers: number; prices: number } {
    return this.#facets.counts();
  }

  /** Main categories with their tool counts, most tools first ({@link StoreFacets.toolCategories}). */
  toolCategories(): FacetCount[] {
    return this.#facets.toolCategories();
  }

  /** Counts of servers per value of each filter dimension ({@link StoreFacets.serverFacets}). */
  serverFacets(): Record<ServerFacetKey, FacetCount[]> {
    return this.#facets.serverFacets();
  }

  // ------------------------------------------------- taxonomy placements (store_placements.ts)

  /** The primary taxonomy leaf of every row of a table: row id → leaf id, read once. */
  leafIds(table: EntryTable): Map<number, string> {
    return this.#placements.leafIds(table);
  }

  /** Counts of visible tools per taxonomy node id ({@link StorePlacements.placementCounts}). */
  toolPlacementCounts(): Map<string, number> {
    return this.#placements.placementCounts("tools");
  }

  /** Counts of visible servers per taxonomy node id ({@link StorePlacements.placementCounts}). */
  serverPlacementCounts(): Map<string, number> {
    return this.#placements.placementCounts("servers");
  }

  /** Number of entries without a taxonomy placement. */
  unclassified(table: EntryTable): number {
    return this.#placements.unclassified(table);
  }

  /** Per tool category, the leaf holding most of its tools ({@link StorePlacements.toolCategoryLeaves}). */
  toolCategoryLeaves(): Map<string, { leafId: string; count: number }> {
    return this.#placements.toolCategoryLeaves();
  }

  // ------------------------------------------------- change rows (store_changes.ts)

  /** True when the catalog holds change history (built with the `changes` table). */
  get hasChangeHistory(): boolean {
    return this.#changes.hasChangeHistory;
  }

  /** The change history row of one entry, live or tombstone, or `undefined`. */
  changeRow(kind: ChangeKind, key: string): ChangeRow | undefined {
    return this.#changes.changeRow(kind, key);
  }

  /** The stable id of a live tool or server ({@link StoreChanges.entryId}). */
  entryId(kind: "tool" | "server", key: string): string {
    return this.#changes.entryId(kind, key);
  }

  /** Stable ids by row id, in order (`""` for an unknown row id). */
  entryIdsOfRows(kind: "tool" | "server", ids: readonly number[]): string[] {
    return this.#changes.entryIdsOfRows(kind, ids);
  }

  /** Every slug or name in key order with its last change time (the sitemap's rows). */
  sitemapRows(kind: "tool" | "server"): { key: string; updatedAt: string | null }[] {
    return this.#changes.sitemapRows(kind);
  }

  /** Entry id → slug or name of every live tool or server ({@link StoreChanges.entryKeys}). */
  entryKeys(kind: "tool" | "server"): Map<string, string> {
    return this.#changes.entryKeys(kind);
  }

  /** Every change history row, live entries and tombstones (for the next build's writer). */
  changeRows(): ChangeRow[] {
    return this.#changes.changeRows();
  }

  /** `source:sourceId` → keys of the entries merged from that record (rename detection). */
  sourceRecordIndex(kind: "server" | "tool"): Map<string, string[]> {
    return this.#changes.sourceRecordIndex(kind);
  }

  /** Sorted keys of live entries changed after `since` ({@link StoreChanges.changedKeys}). */
  changedKeys(kind: ChangeKind, since: string): string[] {
    return this.#changes.changedKeys(kind, since);
  }

  /** Tombstones of one kind, oldest removal first ({@link StoreChanges.tombstones}). */
  tombstones(kind: ChangeKind): ChangeRow[] {
    return this.#changes.tombstones(kind);
  }
}
