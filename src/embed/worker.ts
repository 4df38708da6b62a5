/**
 * Web Worker body of the embedding pool and of the query embedder: loads USE-lite once and
 * answers `{id, texts}` messages with `{id, vectors}` (or `{id, error}`).
 *
 * The query embedder also sends `{index: {table, i8, dimension, matrix?, ids?}}` (a copy of a
 * table's int8 vectors; its float32 vectors in shared memory and its row ids, when shared) and
 * then `{id, texts, scans}`, where `scans[i]` is `{table, count, rescore?}` or `null`: the answer
 * then holds `rows[i]`, the coarse pass of the vector search for that text
 * (`catalog/vector_index.ts`), done here right after the embedding instead of on the serving
 * thread, and `hits[i]`, those rows rescored (`rescore: {k, pool, exclude}`), or null.
 *
 * `{nice}` asks the worker to lower its thread's priority (`thread_priority.ts`).
 *
 * @module
 */
import { loadUseLite } from "./embedder.ts";
import { coarseScan, rescoreRows } from "./int8_scan.ts";
import type { RescoreRequest } from "./query_embedder.ts";
import { lowerThreadPriority } from "./thread_priority.ts";

const embedder = loadUseLite();
const scope = self as unknown as Worker;
/** A table attached by the query embedder. */
interface _Table {
  i8: Int8Array;
  dimension: number;
  /** Float32 vectors in shared memory, and the entry id of each row (when shared). */
  matrix?: Float32Array;
  ids?: Int32Array;
}

const indexes = new Map<string, _Table>();

/** One message from the parent. */
interface _Message {
  id: number;
  texts: string[];
  scans?: ({ table: string; count: number; rescore?: RescoreRequest } | null)[];
  index?: _Table & { table: string };
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
    const { table, ...rest } = index;
    indexes.set(table, rest);
    return;
  }
  try {
    const vectors = await (await embedder).embed(texts);
    if (!scans) {
      scope.postMessage({ id, vectors });
      return;
    }
    const hits: (ReturnType<typeof rescoreRows> | null)[] = [];
    const rows = vectors.map((v, i) => {
      const scan = scans[i];
      const table = scan ? indexes.get(scan.table) : undefined;
      const found = scan && table ? coarseScan(table.i8, v, table.dimension, scan.count) : null;
      const r = scan?.rescore;
      hits.push(
        found && r && table?.matrix && table.ids
          ? rescoreRows(v, found, table.ids, table.matrix, r.k, r.pool, new Set(r.exclude))
          : null,
      );
      return found;
    });
    scope.postMessage({ id, vectors, rows, hits });
  } catch (error) {
    scope.postMessage({ id, error: String(error) });
  }
};
