/**
 * Searches ranked on a thread of their own. A serving process opens its catalog twice: on the
 * serving thread for the requests, the pages and the cheap reads (details, browse pages, counts),
 * and in a Web Worker (`search_worker.ts`) that ranks: the lexical pass, the query embedding and
 * the vector search (its query worker nested in it), the fusion. The serving thread then spends
 * about 1 ms of a server search instead of 4-5, so a health check or a cached page is not queued
 * behind the ranking of 32 concurrent searches.
 *
 * Measured with 32 connections of distinct server searches on this 2-core machine, a probe every
 * 20 ms from another process, two runs each, back to back: `/api/v1/health` p99 54-57 ms when the
 * serving thread ranked, 10-17 ms with the search thread (a trivial server in a third process:
 * 5 ms during the same load), at 133 and 143-154 req/s. `deno task bench` in two pairs of runs
 * against the code before: health p99 36-46 → 10-11 ms, event-loop lag p99 10.0-10.5 → 4.7-5.5
 * ms (README, Performance).
 *
 * @module
 */
import { AppError, ERROR_CODES, type ErrorCode, type FieldProblem } from "../errors.ts";
import type { Embedder } from "../embed/embedding.ts";
import type { RankedPage, Ranker, RankQuery, SearchMode, Signal } from "./rank_query.ts";

/**
 * Nice value of the search thread (Linux; `thread_priority.ts`), as the query worker's: when
 * every core is busy, the serving thread's requests run first. Measured with 32 connections of
 * distinct server searches, three runs each, a probe every 20 ms: `/api/v1/health` p90 4.5-5.5 ms
 * at nice 0, 2.9-3.1 ms at nice 5 (p99 9.7-10.3 and 7.0-10.6 ms), 182 req/s in both.
 */
export const SEARCH_THREAD_NICE = 5;

/** What the reading of the common words' term lists did (`warmTermLists` in `context.ts`). */
export interface WarmResult {
  tools: { lists: number; bytes: number };
  servers: { lists: number; bytes: number };
}

/** An error crossing from the search thread: an {@link AppError}'s fields, or a message. */
export interface ThreadError {
  message: string;
  /** The {@link AppError} code, when it was one. */
  code?: string;
  errors?: FieldProblem[];
  details?: Record<string, unknown>;
}

/** A message to the search worker. */
export type SearchRequest =
  | { type: "open"; catalogPath: string; baseUrl: string; warmTermLists: boolean; nice: number }
  | { type: "rank"; id: number; query: RankQuery }
  | { type: "embed"; id: number; texts: string[] }
  | { type: "close" };

/** A message from the search worker. */
export type SearchReply =
  /** The catalog is open; `embedding` is its query model, null when it ranks lexically only. */
  | { type: "ready"; embedding: { id: string; dimension: number } | null; warming: boolean }
  /** The catalog could not be opened. */
  | { type: "failed"; error: string }
  | { type: "warmed"; result: WarmResult }
  | { type: "warm-failed"; error: string }
  /** A ranked page; `signals` only for the page's ids. */
  | {
    type: "ranked";
    id: number;
    ids: number[];
    total: number;
    mode: SearchMode;
    signals: [number, Signal][];
  }
  | { type: "embedded"; id: number; vectors: Float32Array[] }
  | { type: "error"; id: number; error: ThreadError };

/**
 * Turns a thrown value into what crosses to the other thread (an {@link AppError} keeps its code,
 * field problems and details).
 *
 * @param error anything thrown
 * @returns its message, and its code and members when it is an {@link AppError}
 */
export function toThreadError(error: unknown): ThreadError {
  if (error instanceof AppError) {
    return {
      message: error.message,
      code: error.code,
      errors: error.errors,
      details: error.details,
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * The error to throw on this side for a {@link ThreadError}.
 *
 * @param error what the search thread sent
 * @returns an {@link AppError} with the same code when it was one, else an `Error`
 */
export function fromThreadError(error: ThreadError): Error {
  if (error.code !== undefined && error.code in ERROR_CODES) {
    return new AppError(error.code as ErrorCode, error.message, {
      ...(error.errors && { errors: error.errors }),
      ...(error.details && { details: error.details }),
    });
  }
  return new Error(error.message);
}

interface _Pending {
  resolve: (reply: SearchReply) => void;
  reject: (error: Error) => void;
}

/** What {@link SearchThread.start} opens, kept to start the thread again after a failure. */
interface _Options {
  catalogPath: string;
  baseUrl: string;
  warmTermLists: boolean;
  workerUrl: string;
}

/**
 * The serving thread's handle on its search thread: a {@link Ranker} for `rank` and, when the
 * catalog holds vectors of the query model, an {@link Embedder} that embeds there. Start it with
 * {@link SearchThread.start}; {@link SearchThread.close} stops the thread and its query worker.
 *
 * A thread that fails (an uncaught error ends a Web Worker) is started again: the searches it was
 * running are rejected, and the next ones wait for the new thread to open the catalog (1-3 s)
 * instead of failing from then on.
 */
export class SearchThread implements Ranker, Embedder {
  /** Resolves when the term lists of common words are read (set when asked at start). */
  readonly warmed?: Promise<WarmResult>;
  #embedding: { id: string; dimension: number } | null = null;
  #options: _Options;
  #worker: Worker | undefined;
  /** Settles when the current worker has opened the catalog (or failed to). */
  #ready: Promise<void> = Promise.resolve();
  #warm = Promise.withResolvers<WarmResult>();
  #pending = new Map<number, _Pending>();
  #seq = 0;
  #closed: Error | undefined;
  /** Rejected by {@link SearchThread.close}: a call waiting for a thread to open stops waiting. */
  #closing = Promise.withResolvers<never>();
  #restarts = 0;

  private constructor(options: _Options) {
    this.#options = options;
    // A failed reading is logged by whoever awaits it; until then it must not count as unhandled.
    this.#warm.promise.catch(() => {});
    this.#closing.promise.catch(() => {});
    if (options.warmTermLists) this.warmed = this.#warm.promise;
  }

  /** The query model's id and vector length, or null when the thread ranks lexically only. */
  get embedding(): { id: string; dimension: number } | null {
    return this.#embedding;
  }

  /** Model id of {@link SearchThread.embedding} (empty when there is none). */
  get id(): string {
    return this.embedding?.id ?? "";
  }

  /** Vector length of {@link SearchThread.embedding} (0 when there is none). */
  get dimension(): number {
    return this.embedding?.dimension ?? 0;
  }

  /** Times the thread was started again after a failure. */
  get restarts(): number {
    return this.#restarts;
  }

  /**
   * Starts the search thread and waits until it has opened the catalog (the store, the vector
   * index, and the query model when the catalog holds its vectors: 1-3 s for the real catalog).
   *
   * @param catalogPath path of `catalog.db`
   * @param baseUrl public base URL (the thread's context needs one; its pages are not built there)
   * @param options `warmTermLists`: read the common words' term lists there in the background;
   *   `workerUrl`: the worker module (default `search_worker.ts`; tests wrap it)
   * @returns the started thread
   * @throws {Error} when the thread cannot open the catalog (the thread is stopped)
   */
  static async start(
    catalogPath: string,
    baseUrl: string,
    options: { warmTermLists: boolean; workerUrl?: string },
  ): Promise<SearchThread> {
    const thread = new SearchThread({
      catalogPath,
      baseUrl,
      warmTermLists: options.warmTermLists,
      workerUrl: options.workerUrl ?? new URL("./search_worker.ts", import.meta.url).href,
    });
    await thread.#spawn();
    return thread;
  }

  /**
   * Ranks on the search thread (see `rank` in `ranking.ts`).
   *
   * @param query the arguments of `rank` but the context
   * @returns the page, total, mode used, and the signals of the page's entries
   * @throws {AppError} what the ranking threw, with its code
   * @throws {Error} when the thread is closed, or failed while ranking it
   */
  async rank(query: RankQuery): Promise<RankedPage> {
    const reply = await this.#call((id) => ({ type: "rank", id, query }));
    if (reply.type !== "ranked") throw new Error(`Unexpected reply "${reply.type}" to a search`);
    return {
      ids: reply.ids,
      total: reply.total,
      mode: reply.mode,
      signals: new Map(reply.signals),
    };
  }

  /**
   * Embeds texts with the search thread's query embedder.
   *
   * @param texts inputs
   * @returns one unit vector per text
   * @throws {Error} when the catalog has no vectors of the query model, or the thread is closed
   */
  async embed(texts: string[]): Promise<Float32Array[]> {
    const reply = await this.#call((id) => ({ type: "embed", id, texts }));
    if (reply.type !== "embedded") throw new Error(`Unexpected reply "${reply.type}" to embed`);
    return reply.vectors;
  }

  /** Requests waiting for the search thread's answer. */
  get pending(): number {
    return this.#pending.size;
  }

  /**
   * Stops the search thread (it closes its catalog and its query worker); waiting requests are
   * rejected. Closing twice does nothing.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = new Error("The search thread is closed");
    this.#closing.reject(this.#closed);
    this.#rejectPending(this.#closed);
    const close: SearchRequest = { type: "close" };
    this.#worker?.postMessage(close);
  }

  /** Starts a worker and resolves when it has opened the catalog. */
  #spawn(): Promise<void> {
    const { catalogPath, baseUrl, warmTermLists, workerUrl } = this.#options;
    const worker = new Worker(workerUrl, { type: "module" });
    this.#worker = worker;
    const opened = Promise.withResolvers<void>();
    let ready = false;
    worker.onmessage = (event: MessageEvent<SearchReply>) => {
      const reply = event.data;
      if (reply.type === "ready") {
        ready = true;
        this.#embedding = reply.embedding;
        opened.resolve();
      } else if (reply.type === "failed") {
        worker.terminate();
        opened.reject(new Error(`The search thread cannot open ${catalogPath}: ${reply.error}`));
      } else if (reply.type === "warmed") this.#warm.resolve(reply.result);
      else if (reply.type === "warm-failed") this.#warm.reject(new Error(reply.error));
      else this.#settle(reply);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      const error = new Error(`The search thread failed: ${event.message}`);
      if (!ready) opened.reject(error);
      else if (this.#worker === worker) this.#restart(error);
    };
    const open: SearchRequest = {
      type: "open",
      catalogPath,
      baseUrl,
      nice: SEARCH_THREAD_NICE,
      // A restarted thread reads them again; `warmed` stays the first thread's reading.
      warmTermLists,
    };
    worker.postMessage(open);
    this.#ready = opened.promise;
    return opened.promise;
  }

  #restart(error: Error): void {
    this.#rejectPending(error);
    if (this.#closed) return;
    this.#restarts++;
    console.error(`[search] ${error.message}: starting it again`);
    // A start that fails leaves #ready rejected: the next calls fail with its reason.
    this.#spawn().catch((e) => console.error(`[search] ${e instanceof Error ? e.message : e}`));
  }

  async #call(request: (id: number) => SearchRequest): Promise<SearchReply> {
    if (this.#closed) throw this.#closed;
    // After a failure, the new thread may still be opening the catalog.
    await Promise.race([this.#ready, this.#closing.promise]);
    if (this.#closed) throw this.#closed;
    const id = ++this.#seq;
    const { promise, resolve, reject } = Promise.withResolvers<SearchReply>();
    this.#pending.set(id, { resolve, reject });
    this.#worker!.postMessage(request(id));
    return await promise;
  }

  #settle(reply: SearchReply): void {
    if (!("id" in reply)) return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.type === "error") pending.reject(fromThreadError(reply.error));
    else pending.resolve(reply);
  }

  #rejectPending(error: Error): void {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
