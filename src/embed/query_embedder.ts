/**
 * Query embedding off the event loop: USE-lite runs in Web Workers (`worker.ts`), and the queries
 * of concurrent requests are embedded together. Each idle worker takes every query waiting (up to
 * {@link MAX_QUERY_BATCH}) as one batch, so one connection gets a batch of one (lowest latency)
 * and a burst of searches shares the model's fixed cost per call (TensorFlow.js: about 8 ms of CPU
 * for one short query alone, 4.5 ms each in a batch of 15; ONNX Runtime, the default, has almost
 * no cost per call: about 2 ms per short query alone or batched).
 *
 * @module
 */
import { type Embedder, USE_LITE_ID } from "./embedding.ts";
import type { RescoredRow } from "./int8_scan.ts";

/**
 * Nice value of the query workers' threads (Linux; `thread_priority.ts`): when every core is
 * busy, the serving thread (requests, the lexical pass, fusion) runs before the next query is
 * embedded. Measured with `deno task bench`, 32 connections of distinct server searches, two
 * runs each on this 2-core machine: event-loop lag p99 21.2 / 20.6 ms at nice 0, 14.3 / 14.9 ms at
 * nice 5, at no loss of rate (117 / 100 req/s at 0, 143 / 117 at 5; the machine's bare-route rate
 * moved by a fifth between runs).
 */
export const QUERY_WORKER_NICE = 5;

/** Most queries embedded in one call of a worker. */
export const MAX_QUERY_BATCH = 16;

/** The rescoring of a scan's rows, when the table's float32 vectors are shared with the worker. */
export interface RescoreRequest {
  /** Neighbours wanted. */
  k: number;
  /** Most candidates scored (in coarse order). */
  pool: number;
  /** Entry ids to drop. */
  exclude: Int32Array;
}

/** What {@link QueryEmbedder.embedAndScan} answers. */
export interface ScanResult {
  /** The query's unit vector. */
  vector: Float32Array;
  /** Coarse rows, nearest first (null when the table is not attached). */
  rows: Int32Array | null;
  /** The rescored neighbours, when asked and the table's vectors are shared (else null). */
  hits: RescoredRow[] | null;
}

/** One query waiting for its vector (and, when asked, its coarse vector-search rows). */
interface _Job {
  text: string;
  scan: { table: string; count: number; rescore?: RescoreRequest } | null;
  resolve: (v: ScanResult) => void;
  reject: (e: Error) => void;
}

/** A worker and the jobs it is embedding. */
interface _Slot {
  worker: Worker;
  busy: _Job[] | undefined;
  seq: number;
}

/**
 * An {@link Embedder} for queries: batches of waiting texts over a few workers. Call `close()`
 * when done (the workers keep the process alive).
 */
export class QueryEmbedder implements Embedder {
  readonly id = USE_LITE_ID;
  readonly dimension = 512;
  #slots: _Slot[];
  #queue: _Job[] = [];
  #closed = false;
  #indexed = new Set<string>();
  #shared = new Set<string>();

  /**
   * Starts the workers; each loads the model once (about 0.2 s).
   *
   * @param workers number of workers (default 1: on 2 cores the event loop needs the other)
   * @param nice nice value of the workers' threads (default {@link QUERY_WORKER_NICE}; 0 leaves
   *   them at the process's priority)
   * @throws {RangeError} when `workers` is not a positive integer
   */
  constructor(workers = 1, nice = QUERY_WORKER_NICE) {
    if (!Number.isInteger(workers) || workers < 1) {
      throw new RangeError(`Cannot start "${workers}" query embedding workers`);
    }
    this.#slots = Array.from({ length: workers }, () => {
      const worker = new Worker(new URL("./worker.ts", import.meta.url).href, { type: "module" });
      const slot: _Slot = { worker, busy: undefined, seq: 0 };
      worker.onmessage = (
        event: MessageEvent<{
          id: number;
          vectors?: Float32Array[];
          rows?: (Int32Array | null)[];
          hits?: (RescoredRow[] | null)[];
          error?: string;
        }>,
      ) => {
        const jobs = slot.busy;
        if (!jobs || event.data.id !== slot.seq) return;
        slot.busy = undefined;
        if (event.data.error !== undefined) {
          const error = new Error(`Cannot embed the query: ${event.data.error}`);
          for (const job of jobs) job.reject(error);
        } else {
          jobs.forEach((job, i) =>
            job.resolve({
              vector: event.data.vectors![i]!,
              rows: event.data.rows?.[i] ?? null,
              hits: event.data.hits?.[i] ?? null,
            })
          );
        }
        this.#dispatch();
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const jobs = slot.busy ?? [];
        slot.busy = undefined;
        for (const job of jobs) {
          job.reject(new Error(`Query embedding worker failed: ${event.message}`));
        }
      };
      if (nice > 0) worker.postMessage({ nice });
      return slot;
    });
  }

  /** Number of workers. */
  get workers(): number {
    return this.#slots.length;
  }

  /** Queries waiting for a free worker. */
  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Embeds texts; each joins the next batch of a free worker.
   *
   * @param texts queries
   * @returns one unit vector per text, in order
   * @throws {Error} when the embedder is closed or a worker fails
   */
  async embed(texts: string[]): Promise<Float32Array[]> {
    const all = texts.map((text) => this.#enqueue(text, null));
    return (await Promise.all(all)).map((r) => r.vector);
  }

  /**
   * Gives every worker a table's int8 vectors, so that {@link QueryEmbedder.embedAndScan} can run
   * the coarse pass of the vector search there (about 17 MB for the servers), and, when the
   * float32 vectors are in a `SharedArrayBuffer`, those too (shared, not copied) with the row ids,
   * so the worker also rescores the coarse rows. The int8 array is handed over: copied to every
   * worker but the last, which takes its buffer (transferred, so this thread holds no second copy
   * even for a moment; the array is empty here afterwards).
   *
   * @param table `tools` or `servers`
   * @param i8 int8 vectors, row after row (a buffer of their own: it is transferred)
   * @param dimension vector length
   * @param shared optional: the float32 vectors, row after row, and the entry id of each row
   */
  attachIndex(
    table: string,
    i8: Int8Array,
    dimension: number,
    shared?: { matrix: Float32Array; ids: Int32Array },
  ): void {
    const share = shared && shared.matrix.buffer instanceof SharedArrayBuffer ? shared : undefined;
    this.#slots.forEach((slot, i) => {
      const last = i === this.#slots.length - 1;
      slot.worker.postMessage(
        { index: { table, i8, dimension, matrix: share?.matrix, ids: share?.ids } },
        last && !(i8.buffer instanceof SharedArrayBuffer) ? [i8.buffer] : [],
      );
    });
    this.#indexed.add(table);
    if (share) this.#shared.add(table);
  }

  /**
   * Embeds one query and, in the same worker, runs the coarse pass of the vector search over an
   * attached table (`vector_index.ts`: the `count` nearest int8 rows).
   *
   * @param text the query
   * @param table an attached table
   * @param count coarse candidates wanted
   * @param rescore optional: rescore the rows there too (when the table's vectors are shared)
   * @returns the unit vector, the row numbers (null when the table is not attached) and the
   *   rescored neighbours (null unless asked and shared)
   * @throws {Error} when the embedder is closed or a worker fails
   */
  embedAndScan(
    text: string,
    table: string,
    count: number,
    rescore?: RescoreRequest,
  ): Promise<ScanResult> {
    if (!this.#indexed.has(table)) return this.#enqueue(text, null);
    const shared = rescore && this.#shared.has(table);
    return this.#enqueue(text, shared ? { table, count, rescore } : { table, count });
  }

  /** True when the worker can rescore a table's rows (its vectors are shared). */
  rescores(table: string): boolean {
    return this.#shared.has(table);
  }

  #enqueue(text: string, scan: _Job["scan"]): Promise<ScanResult> {
    if (this.#closed) {
      return Promise.reject(new Error("Cannot embed: the query embedder is closed"));
    }
    const promise = new Promise<ScanResult>(
      (resolve, reject) => this.#queue.push({ text, scan, resolve, reject }),
    );
    this.#dispatch();
    return promise;
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return;
      if (slot.busy) continue;
      const jobs = this.#queue.splice(0, MAX_QUERY_BATCH);
      slot.busy = jobs;
      slot.seq++;
      const scans = jobs.some((j) => j.scan) ? jobs.map((j) => j.scan) : undefined;
      slot.worker.postMessage({ id: slot.seq, texts: jobs.map((j) => j.text), scans });
    }
  }

  /** Stops the workers; waiting and running queries are rejected. */
  close(): void {
    this.#closed = true;
    const error = new Error("Query embedder closed");
    for (const slot of this.#slots) {
      slot.worker.terminate();
      for (const job of slot.busy ?? []) job.reject(error);
      slot.busy = undefined;
    }
    for (const job of this.#queue.splice(0)) job.reject(error);
  }
}
