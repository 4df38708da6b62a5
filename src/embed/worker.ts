/**
 * Web Worker body of the embedding pool and of the query embedder: loads USE-lite once and
 * answers `{id, texts}` messages with `{id, vectors}` (or `{id, error}`).
 *
 * The query embedder also sends `{index: {table, i8, dimension}}` (a copy of a table's int8
 * vectors) and then `{id, texts, scans}`, where `scans[i]` is `{table, count}` or `null`: the
 * answer then holds `rows[i]`, the coarse pass of the vector search for that text
 * (`catalog/vector_index.ts`), done here right after the embedding instead of on the serving
 * thread.
 *
 * `{nice}` asks the worker to lower its thread's priority (`thread_priority.ts`).
 *
 * @module
 */
import { loadUseLite } from "./embedder.ts";
import { coarseScan } from "./int8_scan.ts";
import { lowerThreadPriority } from "./thread_priority.ts";

const embedder = loadUseLite();
const scope = self as unknown as Worker;
const indexes = new Map<string, { i8: Int8Array; dimension: number }>();

/** One message from the parent. */
interface _Message {
  id: number;
  texts: string[];
  scans?: ({ table: string; count: number } | null)[];
  index?: { table: string; i8: Int8Array; dimension: number };
  /** When set, the worker lowers its thread's priority to this nice value (`thread_priority.ts`). */
  nice?: number;
}

scope.onmessage = async (event: MessageEvent<_Message>) => {
  const { id, texts, scans, index, nice } = event.data;
  if (nice !== undefined) {
    lowerThreadPriority(nice);
    return;
  }
  if (index) {
    indexes.set(index.table, { i8: index.i8, dimension: index.dimension });
    return;
  }
  try {
    const vectors = await (await embedder).embed(texts);
    if (!scans) {
      scope.postMessage({ id, vectors });
      return;
    }
    const rows = vectors.map((v, i) => {
      const scan = scans[i];
      const table = scan ? indexes.get(scan.table) : undefined;
      return scan && table ? coarseScan(table.i8, v, table.dimension, scan.count) : null;
    });
    scope.postMessage({ id, vectors, rows });
  } catch (error) {
    scope.postMessage({ id, error: String(error) });
  }
};
