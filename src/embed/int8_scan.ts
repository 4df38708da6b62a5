/**
 * Int8 vector math of the coarse vector pass: quantizing unit vectors and USearch's native exact
 * scan over an int8 matrix. The catalog's vector index (`src/catalog/vector_index.ts`) and the
 * query embedding worker (`worker.ts`) both use it.
 *
 * @module
 */
import usearch from "usearch";

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
