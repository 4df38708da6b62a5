/**
 * Vector lookups of the catalog store: the in-memory vector index of each table, read once from
 * sqlite-vec's `vec0` tables (from its chunk tables when their layout is the known one, else row
 * by row), k-NN within a filter by the two-stage scan of `vector_index.ts`, the exact sqlite-vec
 * k-NN it is measured against, and the stored embeddings of entries and taxonomy leaves.
 *
 * @module
 */
import { coarseCount, VectorIndex } from "./vector_index.ts";
import type {
  EntryTable,
  ServerFilter,
  StoreFilters,
  StoreWhere,
  ToolFilter,
} from "./store_filters.ts";
import type { StoreSql } from "./store_sql.ts";

/** A nearest neighbour by cosine similarity (1 = same direction). */
export interface VectorHit {
  id: number;
  similarity: number;
}

/** The vectors of one open catalog (part of `CatalogStore`). */
export class StoreVectors {
  #sql: StoreSql;
  #filters: StoreFilters;
  #indexes = new Map<string, VectorIndex>();
  #vectorSources = new Map<string, "chunks" | "rows">();
  #excludedArrays = new WeakMap<ReadonlySet<number>, Int32Array>();
  #leafVectors: Map<string, Float32Array> | undefined;
  #hasVectors: boolean | undefined;

  /**
   * @param sql the store's SQL access
   * @param filters the store's filters (the rows a filtered search scans)
   */
  constructor(sql: StoreSql, filters: StoreFilters) {
    this.#sql = sql;
    this.#filters = filters;
  }

  /** True when the catalog was built with embeddings (`embedding_model` in `meta`). */
  get hasVectors(): boolean {
    return this.#hasVectors ??= this.#sql.meta("embedding_model") !== undefined;
  }

  /**
   * Nearest entries to a query vector (cosine), within a filter.
   *
   * @param table `tools` or `servers`
   * @param vector normalized query embedding
   * @param where the filter applied before ranking
   * @param k how many neighbours
   * @param rows the coarse candidates the query worker already chose (searches without filters
   *   of their own), to rescore here
   * @returns neighbours, most similar first; empty when the catalog has no vectors
   */
  knn(
    table: EntryTable,
    vector: Float32Array,
    where: StoreWhere,
    k: number,
    rows?: Int32Array,
  ): VectorHit[] {
    const index = this.vectorIndex(table);
    if (!index) return [];
    // The coarse pass already done elsewhere (the query worker), for a search without filters.
    if (rows && !where.own) return index.rescore(vector, rows, k, where.exclude);
    // The two-stage scan of `vector_index.ts`. Without filters of the caller's own, every row is
    // scanned and the default exclusions (adult entries, variants: a few hundred ids) are dropped
    // from the oversampled result; a filter scans an int8 copy of the rows that pass it.
    if (!where.own) return index.search(vector, k, undefined, where.exclude);
    return index.search(vector, k, {
      key: `${where.sql}\u0000${JSON.stringify(where.params)}`,
      ids: () => this.#filters.filterIds(table, where).ids,
    });
  }

  /**
   * Exact k-NN over the stored vectors with sqlite-vec (a full scan of the `vec0` table, about
   * 40 ms for the servers): the reference the two-stage scan of {@link StoreVectors.knn} is
   * measured against (`deno task eval` prints the recall).
   *
   * @param table `tools` or `servers`
   * @param vector normalized query embedding
   * @param k how many neighbours
   * @returns neighbours of every row (no filter, no exclusion), most similar first
   */
  exactKnn(table: EntryTable, vector: Float32Array, k: number): VectorHit[] {
    if (!this.hasVectors) return [];
    const blob = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
    return this.#sql.all(
      `SELECT rowid AS id, distance FROM ${table}_vec WHERE embedding MATCH ? AND k = ?`,
      blob,
      BigInt(k),
    ).map((r) => ({ id: Number(r.id), similarity: 1 - Number(r.distance) }));
  }

  /**
   * Nearest entries by the two-stage scan (`vector_index.ts`), over every row (no filter, no
   * exclusion): what {@link StoreVectors.exactKnn} is compared with.
   *
   * @param table `tools` or `servers`
   * @param vector normalized query embedding
   * @param k how many neighbours
   * @returns neighbours, most similar first
   */
  approximateKnn(table: EntryTable, vector: Float32Array, k: number): VectorHit[] {
    return this.vectorIndex(table)?.search(vector, k) ?? [];
  }

  /**
   * How many coarse candidates the query worker should scan for a k-NN search of this filter
   * (`vector_index.ts`), or `undefined` when the filter has clauses of its own (its rows are
   * scanned here, from a cached int8 copy of them).
   *
   * @param table `tools` or `servers`
   * @param filter the search's filter
   * @param k neighbours wanted
   * @returns the count, or `undefined`
   */
  coarseCountFor(
    table: EntryTable,
    filter: ToolFilter | ServerFilter,
    k: number,
  ): number | undefined {
    const where = this.#filters.whereOf(table, filter);
    return where.own ? undefined : coarseCount(k, where.exclude.size);
  }

  /**
   * The entry ids a filter's default exclusions leave out (adult entries, server variants), as
   * one array per combination, made once: what the query worker drops when it rescores the rows
   * of an unfiltered vector search.
   *
   * @param table `tools` or `servers`
   * @param filter the search's filter (only its `adult` and `variants` choices matter)
   * @returns the ids (shared: do not change them)
   */
  excludedIds(table: EntryTable, filter: ToolFilter | ServerFilter): Int32Array {
    const where = this.#filters.whereOf(table, filter);
    let ids = this.#excludedArrays.get(where.exclude);
    if (!ids) this.#excludedArrays.set(where.exclude, ids = Int32Array.from(where.exclude));
    return ids;
  }

  /**
   * The in-memory vector index of a table (`vector_index.ts`: float32 vectors and their int8
   * copy for the two-stage scan), built once from the `vec0` table.
   *
   * @param table `tools` or `servers`
   * @returns the index, or `undefined` for a catalog without vectors
   */
  vectorIndex(table: EntryTable): VectorIndex | undefined {
    if (!this.hasVectors) return undefined;
    let index = this.#indexes.get(table);
    if (index) return index;
    const dim = Number(this.#sql.meta("embedding_dimension"));
    const n = Number(this.#sql.get(`SELECT count(*) AS n FROM ${table}_vec`)!.n);
    // In shared memory: the query worker rescores the coarse rows of unfiltered searches on the
    // same vectors (`QueryEmbedder.attachIndex`) without a copy of its own (68 MB for the servers).
    const all = new Float32Array(new SharedArrayBuffer(n * dim * 4));
    const ids = new Int32Array(n);
    const fast = this.#vectorsFromChunks(table, dim, n, all, ids);
    this.#vectorSources.set(table, fast === undefined ? "rows" : "chunks");
    if (fast !== undefined) {
      index = new VectorIndex(ids.subarray(0, fast), all.subarray(0, fast * dim), dim);
      this.#indexes.set(table, index);
      return index;
    }
    let i = 0;
    // Row by row: materializing every blob at once doubled the process's resident memory.
    const rows = this.#sql.prepare(`SELECT rowid AS id, embedding FROM ${table}_vec`).iterate();
    for (const r of rows as Iterable<Record<string, unknown>>) {
      if (i === n) break;
      const bytes = r.embedding as Uint8Array;
      // sqlite-vec stores little-endian float32, the byte order of every platform Deno runs on.
      // A Float32Array view needs a 4-byte-aligned offset; copy the bytes first when it is not.
      const aligned = bytes.byteOffset % 4 === 0
        ? new Float32Array(bytes.buffer, bytes.byteOffset, dim)
        : new Float32Array(bytes.slice(0, dim * 4).buffer);
      all.set(aligned, i * dim);
      ids[i] = Number(r.id);
      i++;
    }
    index = new VectorIndex(ids.subarray(0, i), all.subarray(0, i * dim), dim);
    this.#indexes.set(table, index);
    return index;
  }

  /**
   * How {@link StoreVectors.vectorIndex} read a table's vectors: `chunks` (sqlite-vec's chunk
   * tables, the fast path), `rows` (row by row, the fallback), or `undefined` before the first
   * read.
   *
   * @param table `tools` or `servers`
   * @returns the path taken, or `undefined`
   */
  vectorSource(table: EntryTable): "chunks" | "rows" | undefined {
    return this.#vectorSources.get(table);
  }

  /**
   * Every vector of a table read row by row through the `vec0` virtual table, in its order: the
   * slow reference the chunk reader of {@link StoreVectors.vectorIndex} is tested against.
   *
   * @param table `tools` or `servers`
   * @returns `{id, vector}` per stored row (empty without vectors)
   */
  vectorRows(table: EntryTable): { id: number; vector: Float32Array }[] {
    if (!this.hasVectors) return [];
    return this.#sql.all(`SELECT rowid AS id, embedding FROM ${table}_vec`).map((r) => {
      const bytes = (r.embedding as Uint8Array).slice();
      return { id: Number(r.id), vector: new Float32Array(bytes.buffer) };
    });
  }

  /**
   * Reads every vector of a `vec0` table from its chunk tables, one blob of 1,024 vectors at a
   * time, instead of row by row through the virtual table (about 30-50 µs a row: 1.6-10 s for the
   * servers' 33,000 vectors, which the first semantic search waited for). The layout is sqlite-vec
   * 0.1's: `{t}_chunks(chunk_id, size, validity, rowids)` with a validity bitmap and little-endian
   * int64 rowids, and `{t}_vector_chunks00(rowid = chunk_id, vectors)` with `size` float32 vectors
   * back to back. Anything else (another layout, a count that does not add up) answers
   * `undefined`, and the caller reads row by row.
   *
   * @returns the number of vectors read into `all` and `ids`, or `undefined`
   */
  #vectorsFromChunks(
    table: EntryTable,
    dim: number,
    n: number,
    all: Float32Array,
    ids: Int32Array,
  ): number | undefined {
    try {
      const chunks = this.#sql.all(
        `SELECT c.size AS size, c.validity AS validity, c.rowids AS rowids, v.vectors AS vectors
         FROM ${table}_vec_chunks c JOIN ${table}_vec_vector_chunks00 v ON v.rowid = c.chunk_id
         ORDER BY c.chunk_id`,
      );
      let i = 0;
      for (const c of chunks) {
        const size = Number(c.size);
        const validity = c.validity as Uint8Array;
        const rowids = c.rowids as Uint8Array;
        const vectors = c.vectors as Uint8Array;
        if (
          validity.byteLength * 8 < size || rowids.byteLength !== size * 8 ||
          vectors.byteLength !== size * dim * 4
        ) return undefined;
        const rowView = new DataView(rowids.buffer, rowids.byteOffset, rowids.byteLength);
        const vecView = vectors.byteOffset % 4 === 0
          ? new Float32Array(vectors.buffer, vectors.byteOffset, size * dim)
          : new Float32Array(vectors.slice().buffer);
        for (let k = 0; k < size; k++) {
          if ((validity[k >> 3]! & (1 << (k & 7))) === 0) continue;
          if (i === n) return undefined;
          ids[i] = Number(rowView.getBigInt64(k * 8, true));
          all.set(vecView.subarray(k * dim, (k + 1) * dim), i * dim);
          i++;
        }
      }
      return i === n ? i : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The stored embedding of a tool or server row (a view into the vector index, read once and
   * kept in memory: point lookups in a `vec0` table cost about 35 µs each).
   *
   * @param table `tools` or `servers`
   * @param id row id
   * @returns the unit vector, or `undefined` (no such row, or no vectors)
   */
  vectorOf(table: EntryTable, id: number): Float32Array | undefined {
    return this.vectorIndex(table)?.vectorOf(id);
  }

  /**
   * Embeddings of the taxonomy leaves' texts, stored at ingest with the entries' vectors.
   *
   * @returns leaf id → unit vector; empty for a catalog without vectors
   */
  leafVectors(): Map<string, Float32Array> {
    if (this.#leafVectors) return this.#leafVectors;
    this.#leafVectors = new Map();
    if (this.hasVectors) {
      for (const r of this.#sql.all("SELECT leaf_id, embedding FROM leaf_vectors")) {
        const bytes = r.embedding as Uint8Array;
        this.#leafVectors.set(
          r.leaf_id as string,
          new Float32Array(
            bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
          ),
        );
      }
    }
    return this.#leafVectors;
  }
}
