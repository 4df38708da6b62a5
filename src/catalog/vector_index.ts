/**
 * Vector search in milliseconds: a quantized two-stage scan.
 *
 * 1. **Coarse pass**: every vector is kept in memory as int8 (each vector scaled so its largest
 *    component is ±127; cosine does not depend on the scale), and the query, quantized the same
 *    way, is compared with all of them by USearch's native exact scan (`exactSearch` of the npm
 *    package `usearch`, SIMD kernels, one thread). It returns the {@link OVERSAMPLE} × k nearest
 *    rows by int8 cosine.
 * 2. **Rescoring**: those rows are scored with the float32 vectors (dot product of unit vectors),
 *    and the k best are returned, most similar first, with their exact cosine similarity.
 *
 * Measured on the real catalog (33,085 server vectors of 512 dimensions, 2 cores): the coarse pass
 * takes about 1.7 ms (4.5 ms for the same native scan over float32, 19 ms for a plain JavaScript
 * loop, 40 ms for sqlite-vec's `vec0` scan), the int8 copy is 17 MB and is made in about 0.1 s
 * (at start, for the query worker; here only when this thread scans every row), and the top 10
 * equal exact k-NN (`deno task eval` prints the recall on the evaluation queries). A filter is
 * served by the same scan over an int8 copy of just the rows that pass it, so a filtered search
 * costs no more than an unfiltered one; copies are cached per filter within a byte budget. An HNSW graph (USearch `Index`) was measured too: 1.3 ms per query but 8 s to
 * build at start (or a second artifact to ship) and no filtered search in the JavaScript binding.
 *
 * sqlite-vec's `vec0` tables stay the stored form; this index is rebuilt from them at start.
 *
 * @module
 */
import usearch from "usearch";
import { coarseScan, quantize, rescoreRows } from "../embed/int8_scan.ts";
import { ByteLru } from "./lru.ts";

/** Candidates of the coarse pass per neighbour asked for (then rescored in float32). */
export const OVERSAMPLE = 2;
/** Extra coarse candidates beyond `OVERSAMPLE × k`, so small k still rescores a fair pool. */
const EXTRA = 100;
/** Budget of the per-filter int8 row copies, bytes (24 MB holds about 48,000 rows of 512). */
export const SUBSET_CACHE_BYTES = 24 * 1024 * 1024;

/** A nearest neighbour by cosine similarity (1 = same direction). */
export interface Neighbour {
  id: number;
  similarity: number;
}

/** Rows of the index that pass a filter, with their int8 vectors copied together. */
interface _Subset {
  /** Row numbers in the full index. */
  rows: Int32Array;
  /** Their int8 vectors, row after row. */
  i8: Int8Array;
}

/** The buffer {@link gatherRows} fills, kept between calls (grown when a call needs more). */
let _gathered = new Float32Array(0);

/**
 * Some rows of a matrix of vectors, copied together, for {@link rowCosines}. The result is a view
 * of a buffer the next call overwrites: use it before calling again.
 *
 * @param matrix vectors of `dimension` numbers, row after row
 * @param offsets where each wanted row starts in `matrix`; -1 for a row that has no vector (it
 *   becomes zeros, so its cosine is 0)
 * @param dimension vector length
 * @returns the rows in `offsets`' order, row after row
 * @throws RangeError when an offset is not a row start inside `matrix` (a caller's bug)
 */
export function gatherRows(
  matrix: Float32Array,
  offsets: ArrayLike<number>,
  dimension: number,
): Float32Array {
  const size = offsets.length * dimension;
  if (_gathered.length < size) _gathered = new Float32Array(Math.max(size, 2 * _gathered.length));
  const rows = _gathered.subarray(0, size);
  for (let i = 0; i < offsets.length; i++) {
    const at = offsets[i]!;
    if (at >= 0) rows.set(matrix.subarray(at, at + dimension), i * dimension);
    else rows.fill(0, i * dimension, (i + 1) * dimension);
  }
  return rows;
}

/**
 * The dot product of a query vector with every row (the cosine similarity, for unit vectors),
 * by USearch's native exact scan (`exactSearch`, inner product, SIMD kernels in float32, one
 * thread): about three times faster than the JavaScript loop of `dotAt` for a thousand rows of
 * 512 (0.24 against 0.70 ms, plus 0.27 ms to gather the rows once), and equal to it within float32
 * rounding (about 1e-7).
 *
 * @param rows vectors of `dimension` numbers, row after row ({@link gatherRows})
 * @param query a vector of `dimension` numbers
 * @param dimension vector length
 * @returns one dot product per row, in row order (empty without rows)
 * @throws Error from USearch when `rows` or `query` is not a whole number of `dimension`-long
 *   vectors (a caller's bug)
 */
export function rowCosines(
  rows: Float32Array,
  query: Float32Array,
  dimension: number,
): Float64Array {
  const n = rows.length / dimension;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const found = usearch.exactSearch(rows, query, dimension, n, usearch.MetricKind.IP, 1) as {
    keys: BigUint64Array;
    distances: Float32Array;
  };
  // The inner-product "distance" is 1 − dot.
  for (let k = 0; k < found.keys.length; k++) out[Number(found.keys[k])] = 1 - found.distances[k]!;
  return out;
}

/**
 * How many coarse candidates a search for `k` neighbours takes ({@link OVERSAMPLE}·k + 100),
 * plus `skip` rows that will be dropped.
 *
 * @param k neighbours wanted
 * @param skip rows excluded after the scan
 * @returns the count
 */
export function coarseCount(k: number, skip = 0): number {
  return OVERSAMPLE * k + EXTRA + skip;
}

/** The two-stage scan over one table's vectors (see the module documentation). */
export class VectorIndex {
  /** Vector length. */
  readonly dimension: number;
  /** Entry id of each row. */
  readonly ids: Int32Array;
  /** Float32 vectors, row after row (unit length). */
  readonly matrix: Float32Array;
  /** The int8 copy of every row, made on the first full scan here ({@link VectorIndex.int8}). */
  #i8: Int8Array | undefined;
  /** Row of each entry id (index: id; -1 for ids without a vector). */
  #rowOf: Int32Array;
  #subsets = new ByteLru<string, _Subset>(SUBSET_CACHE_BYTES);

  /**
   * @param ids entry id of each row: non-negative row ids (an id → row array of the largest id + 1
   *   entries is kept, 4 bytes each)
   * @param matrix unit vectors, row after row (`ids.length × dimension` numbers)
   * @param dimension vector length
   * @throws {RangeError} when the matrix does not hold one vector per id
   */
  constructor(ids: Int32Array, matrix: Float32Array, dimension: number) {
    if (matrix.length !== ids.length * dimension) {
      throw new RangeError(
        `Cannot index ${ids.length} ids with ${matrix.length} numbers of dimension ${dimension}`,
      );
    }
    this.dimension = dimension;
    this.ids = ids;
    this.matrix = matrix;
    let maxId = -1;
    for (const id of ids) if (id > maxId) maxId = id;
    this.#rowOf = new Int32Array(maxId + 1).fill(-1);
    for (let r = 0; r < ids.length; r++) this.#rowOf[ids[r]!] = r;
  }

  /**
   * A new int8 copy of every row (each row quantized on its own, `quantize` of `int8_scan.ts`),
   * not kept here: for a thread that runs the coarse pass on its own copy (the query worker), so
   * that the thread holding this index keeps none unless it scans every row itself (17 MB for the
   * servers).
   *
   * @returns int8 vectors, row after row
   */
  quantized(): Int8Array {
    const d = this.dimension;
    const out = new Int8Array(this.matrix.length);
    for (let r = 0; r < this.ids.length; r++) {
      quantize(this.matrix.subarray(r * d, (r + 1) * d), out, r * d);
    }
    return out;
  }

  /**
   * Where an entry's vector starts in {@link VectorIndex.matrix} (its row × the dimension), or -1
   * when the entry has none: for `dotAt` (`embed/embedding.ts`), which scores a row without making
   * a view of it.
   */
  offsetOf(id: number): number {
    const r = this.#row(id);
    return r < 0 ? -1 : r * this.dimension;
  }

  /** The row of an entry id, or -1. */
  #row(id: number): number {
    return id >= 0 && id < this.#rowOf.length ? this.#rowOf[id]! : -1;
  }

  /** Number of vectors. */
  get size(): number {
    return this.ids.length;
  }

  /** The float32 vector of an entry (a view, never copy it to change it), or `undefined`. */
  vectorOf(id: number): Float32Array | undefined {
    const at = this.offsetOf(id);
    return at < 0 ? undefined : this.matrix.subarray(at, at + this.dimension);
  }

  /**
   * The `k` nearest entries to a query, among all rows or the rows of a filter.
   *
   * @param query unit query vector of {@link VectorIndex.dimension} numbers
   * @param k how many neighbours
   * @param filter optional: a cache key naming the filter and a function returning the entry
   *   ids that pass it (called once per key while the key stays cached)
   * @param exclude optional: entry ids to leave out (used without a filter: the default
   *   exclusions are few, so they are dropped after an oversampled scan)
   * @returns neighbours, most similar first, with their float32 cosine similarity
   */
  search(
    query: Float32Array,
    k: number,
    filter?: { key: string; ids: () => Iterable<number> },
    exclude?: ReadonlySet<number>,
  ): Neighbour[] {
    if (k <= 0 || this.size === 0) return [];
    const d = this.dimension;
    let data: Int8Array;
    let rows: Int32Array | undefined;
    if (filter) {
      const subset = this.#subset(filter.key, filter.ids);
      data = subset.i8;
      rows = subset.rows;
    } else data = this.int8;
    const skip = filter ? 0 : exclude?.size ?? 0;
    let found = coarseScan(data, query, d, coarseCount(k, skip));
    if (rows) found = found.map((r) => rows[r]!);
    return this.rescore(query, found, k, filter ? undefined : exclude);
  }

  /**
   * The second stage: rescores coarse candidates with the float32 vectors.
   *
   * @param query unit query vector
   * @param rows candidate row numbers, nearest first by the coarse pass
   * @param k neighbours wanted
   * @param exclude entry ids to drop
   * @returns the `k` best, most similar first, with their float32 cosine similarity
   */
  rescore(
    query: Float32Array,
    rows: Int32Array,
    k: number,
    exclude?: ReadonlySet<number>,
  ): Neighbour[] {
    return rescoreRows(query, rows, this.ids, this.matrix, k, coarseCount(k), exclude);
  }

  /**
   * The int8 vectors, row after row, kept here once made (on the first unfiltered scan on this
   * thread; never change them).
   */
  get int8(): Int8Array {
    return this.#i8 ??= this.quantized();
  }

  #subset(key: string, ids: () => Iterable<number>): _Subset {
    const hit = this.#subsets.get(key);
    if (hit) return hit;
    const list: number[] = [];
    for (const id of ids()) {
      const r = this.#row(id);
      if (r >= 0) list.push(r);
    }
    list.sort((a, b) => a - b);
    const d = this.dimension;
    const rows = Int32Array.from(list);
    const i8 = new Int8Array(rows.length * d);
    // Quantized from the float32 rows (each row on its own: the same numbers as the full copy's).
    rows.forEach((r, i) => quantize(this.matrix.subarray(r * d, (r + 1) * d), i8, i * d));
    const subset = { rows, i8 };
    this.#subsets.set(key, subset, i8.byteLength + rows.byteLength + key.length * 2 + 64);
    return subset;
  }
}
