/**
 * Query embedding off the event loop: USE-lite runs in Web Workers (`worker.ts`), and the queries
 * of concurrent requests are embedded together. Each idle worker takes every query waiting (up to
 * {@link MAX_QUERY_BATCH}) as one batch, so one connection gets a batch of one (lowest latency)
 * and a burst of searches shares the model's fixed cost per call (measured: about 8 ms of CPU for
 * one short query alone, 4.5 ms each in a batch of 15).
 *
 * @module
 */
import { type Embedder, USE_LITE_ID } from "./embedding.ts";

/** Most queries embedded in one call of a worker. */
export const MAX_QUERY_BATCH = 16;

/** One query waiting for its vector. */
interface _Job {
  text: string;
  resolve: (v: Float32Array) => void;
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

  /**
   * Starts the workers; each loads the model once (about 0.2 s).
   *
   * @param workers number of workers (default 1: on 2 cores the event loop needs the other)
   * @throws {RangeError} when `workers` is not a positive integer
   */
  constructor(workers = 1) {
    if (!Number.isInteger(workers) || workers < 1) {
      throw new RangeError(`Cannot start "${workers}" query embedding workers`);
    }
    this.#slots = Array.from({ length: workers }, () => {
      const worker = new Worker(new URL("./worker.ts", import.meta.url).href, { type: "module" });
      const slot: _Slot = { worker, busy: undefined, seq: 0 };
      worker.onmessage = (
        event: MessageEvent<{ id: number; vectors?: Float32Array[]; error?: string }>,
      ) => {
        const jobs = slot.busy;
        if (!jobs || event.data.id !== slot.seq) return;
        slot.busy = undefined;
        if (event.data.error !== undefined) {
          const error = new Error(`Cannot embed the query: ${event.data.error}`);
          for (const job of jobs) job.reject(error);
        } else jobs.forEach((job, i) => job.resolve(event.data.vectors![i]!));
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
  embed(texts: string[]): Promise<Float32Array[]> {
    if (this.#closed) {
      return Promise.reject(new Error("Cannot embed: the query embedder is closed"));
    }
    const all = texts.map((text) =>
      new Promise<Float32Array>((resolve, reject) => this.#queue.push({ text, resolve, reject }))
    );
    this.#dispatch();
    return Promise.all(all);
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return;
      if (slot.busy) continue;
      const jobs = this.#queue.splice(0, MAX_QUERY_BATCH);
      slot.busy = jobs;
      slot.seq++;
      slot.worker.postMessage({ id: slot.seq, texts: jobs.map((j) => j.text) });
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
