/**
 * The vector math of the two-stage vector search: quantizing unit vectors, USearch's native exact
 * scan over an int8 matrix (the coarse pass) and the float32 rescoring of its rows. The catalog's
 * vector index (`src/catalog/vector_index.ts`) and the query embedding worker (`worker.ts`) both
 * use it.
 *
 * @module
 */
import usearch from "usearch";
import { dotAt } from "./embedding.ts";

/** A rescored row: the entry id and its float32 cosine similarity to the query. */
export interface RescoredRow {
  id: number;
  similarity: number;
}

/**
 * Quantizes a unit vector to int8, scaled so its largest component is ±127.
 *
 * @param v the vector
 * @param out where to write (length of `v`)
 * @param offset first index of `out` to write
 */
export function quantize(v: Float32Array, out: Int8Array, offset = 0): void {
  let max = 0;
  for (let j = 0; j < v.length; j++) {
    const a = Math.abs(v[j]!);
    if (a > max) max = a;
  }
  const scale = max > 0 ? 127 / max : 0;
  for (let j = 0; j < v.length; j++) out[offset + j] = Math.round(v[j]! * scale);
}

/**
 * The coarse pass alone: the `count` rows of an int8 matrix nearest to a query by int8 cosine
 * (USearch's native exact scan, one thread). The query embedding worker runs it too, right after
 * embedding a query, on its own copy of the matrix.
 *
 * @param i8 int8 vectors, row after row
 * @param query unit query vector (float32)
 * @param dimension vector length
 * @param count how many rows
 * @returns row numbers, nearest first
 */
export function coarseScan(
  i8: Int8Array,
  query: Float32Array,
  dimension: number,
  count: number,
): Int32Array {
  const rows = i8.length / dimension;
  if (rows === 0 || count <= 0) return new Int32Array(0);
  const q8 = new Int8Array(dimension);
  quantize(query, q8);
  const found = usearch.exactSearch(
    i8,
    q8,
    dimension,
    Math.min(rows, count),
    usearch.MetricKind.Cos,
    1,
  ) as { keys: BigUint64Array };
  return Int32Array.from(found.keys, (k) => Number(k));
}

/**
 * The second pass: scores coarse candidates with the float32 vectors and keeps the best `k`.
 * Candidates are taken in coarse order until `pool` are scored, excluded ids skipped.
 *
 * @param query unit query vector
 * @param rows candidate row numbers, nearest first by the coarse pass
 * @param ids entry id of each row
 * @param matrix float32 unit vectors, row after row
 * @param k neighbours wanted
 * @param pool most candidates scored
 * @param exclude entry ids to drop
 * @returns the `k` best, most similar first (ties: lower id first)
 */
export function rescoreRows(
  query: Float32Array,
  rows: Int32Array,
  ids: Int32Array,
  matrix: Float32Array,
  k: number,
  pool: number,
  exclude?: { has(id: number): boolean },
): RescoredRow[] {
  const d = query.length;
  const out: RescoredRow[] = [];
  for (const row of rows) {
    const id = ids[row];
    if (id === undefined || exclude?.has(id)) continue;
    if (out.length === pool) break;
    out.push({ id, similarity: dotAt(query, matrix, row * d) });
  }
  return out.sort((a, b) => b.similarity - a.similarity || a.id - b.id).slice(0, k);
}
