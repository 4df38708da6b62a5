/**
 * A catalog build in two stages, off the serving thread: `deno task start` on a fresh clone
 * serves lexical search as soon as the catalog without vectors is written, and swaps in the
 * semantic catalog when the embeddings are done.
 *
 * The build runs in a Web Worker (`build_worker.ts`; its embedding pool's workers under it), so
 * the event loop that serves requests only receives messages.
 *
 * @module
 */
import type { StagedBuildMessage, StagedBuildRequest } from "./build_worker.ts";

/** Callbacks of {@link startStagedBuild}; every one optional. */
export interface StagedBuildEvents {
  /** A progress line of the build (merge counts, steps). */
  log?: (line: string) => void;
  /** The build moved to another step (`classifying`, `embedding`, `writing`). */
  step?: (step: string) => void;
  /** The catalog without vectors is in place at the path. */
  lexical?: () => void;
  /**
   * Texts embedded so far of the total (distinct texts not in the embedding cache), and the same
   * in characters.
   */
  progress?: (done: number, total: number, chars: { done: number; total: number }) => void;
  /** The full catalog is in place at the path (vectors included). */
  done?: () => void;
  /** The build stopped; the catalog at the path is whatever was last renamed there. */
  error?: (message: string) => void;
}

/** A running staged build. */
export interface StagedBuild {
  /** Settles when the build ends: resolves after `done`, rejects after `error`. */
  finished: Promise<void>;
  /** Stops the build (the worker is terminated; a half-written temporary file is left). */
  stop(): void;
}

/**
 * Nice value of a background build's threads (Linux; `embed/thread_priority.ts`): the build takes
 * every idle core, but a request to the serving process goes first.
 */
export const BACKGROUND_BUILD_NICE = 10;

/**
 * Starts a staged build of `catalogPath` in a worker.
 *
 * @param request sources folder, catalog path, embedding cache path, and the nice value of the
 *   build's threads (default {@link BACKGROUND_BUILD_NICE})
 * @param events callbacks per stage
 * @returns the running build
 * @example
 * ```ts
 * const build = startStagedBuild(
 *   { sourcesDir: "../shared/data", catalogPath: "data/catalog.db" },
 *   { lexical: () => console.log("lexical catalog ready") },
 * );
 * await build.finished;
 * ```
 */
export function startStagedBuild(
  request: StagedBuildRequest,
  events: StagedBuildEvents = {},
): StagedBuild {
  request = { ...request, nice: request.nice ?? BACKGROUND_BUILD_NICE };
  const worker = new Worker(new URL("./build_worker.ts", import.meta.url).href, {
    type: "module",
  });
  let settle: { resolve: () => void; reject: (e: Error) => void };
  const finished = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const end = () => worker.terminate();
  worker.onmessage = (event: MessageEvent<StagedBuildMessage>) => {
    const m = event.data;
    switch (m.type) {
      case "log":
        return events.log?.(m.line);
      case "step":
        return events.step?.(m.step);
      case "lexical":
        return events.lexical?.();
      case "progress":
        return events.progress?.(m.done, m.total, m.chars);
      case "done":
        end();
        events.done?.();
        return settle.resolve();
      case "error":
        end();
        events.error?.(m.message);
        return settle.reject(new Error(m.message));
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    end();
    events.error?.(event.message);
    settle.reject(new Error(event.message));
  };
  worker.postMessage(request);
  return { finished, stop: end };
}
