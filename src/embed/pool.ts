/**
 * Embedding many texts in parallel: a pool of Web Workers, each running its own USE-lite, used by
 * the ingest step (one worker per core keeps both cores of a 2-core machine busy).
 *
 * @module
 */
import { type Embedder, USE_LITE_ID } from "./embedding.ts";

/** An {@link Embedder} that spreads batches over worker threads. Call `close()` when done. */
export class EmbedderPool implements Embedder {
  readonly id = USE_LITE_ID;
  readonly dimension = 512;
  #workers: Worker[];
  #next = 0;
  #pending = new Map<
    number,
    { worker: Worker; resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }
  >();
  #seq = 0;
  #dead = new Set<Worker>();
  #failure = "";

  /**
   * @param size number of workers (default: the number of cores, at least 1)
   * @param nice nice value of the workers' threads (Linux, `thread_priority.ts`; default 0:
   *   unchanged)
   */
  constructor(size = Math.max(1, navigator.hardwareConcurrency || 1), nice = 0) {
    this.#workers = Array.from({ length: size }, () => {
      const worker = new Worker(new URL("./worker.ts", import.meta.url).href, { type: "module" });
      if (nice > 0) worker.postMessage({ nice });
      worker.onmessage = (
        event: MessageEvent<{ id: number; vectors?: Float32Array[]; error?: string }>,
      ) => {
        const job = this.#pending.get(event.data.id);
        if (!job) return;
        this.#pending.delete(event.data.id);
        if (event.data.error !== undefined) job.reject(new Error(event.data.error));
        else job.resolve(event.data.vectors!);
      };
      // A worker that dies (its model failed to load, say) fails its batches with the reason
      // instead of taking the parent down with an "Unhandled error in child worker".
      worker.onerror = (event) => {
        event.preventDefault();
        this.#dead.add(worker);
        this.#failure = event.message;
        worker.terminate();
        for (const [id, job] of this.#pending) {
          if (job.worker !== worker) continue;
          this.#pending.delete(id);
          job.reject(new Error(`Embedding worker failed: ${event.message}`));
        }
      };
      return worker;
    });
  }

  /** Number of workers. */
  get size(): number {
    return this.#workers.length;
  }

  /**
   * Embeds one batch on the next worker (round robin). Send several batches at once to use every
   * worker.
   *
   * @param texts the batch
   * @returns one normalized vector per text
   * @throws {Error} when the worker fails (its error message, or "Embedding worker failed: …"
   *   when it died)
   */
  embed(texts: string[]): Promise<Float32Array[]> {
    const id = this.#seq++;
    const alive = this.#workers.filter((w) => !this.#dead.has(w));
    if (alive.length === 0) {
      return Promise.reject(new Error(`Every embedding worker failed: ${this.#failure}`));
    }
    const worker = alive[this.#next++ % alive.length]!;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { worker, resolve, reject });
      worker.postMessage({ id, texts });
    });
  }

  /** Stops every worker. */
  close(): void {
    for (const w of this.#workers) w.terminate();
    for (const job of this.#pending.values()) job.reject(new Error("Embedder pool closed"));
    this.#pending.clear();
  }
}
