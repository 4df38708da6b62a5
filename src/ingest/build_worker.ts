/**
 * Web Worker body of a staged catalog build (see {@link startStagedBuild}): runs
 * `buildCatalog` with `onLexical`, off the serving thread, and reports each stage.
 *
 * Messages to the parent: {@link StagedBuildMessage}.
 *
 * @module
 */
import { buildCatalog, type BuildOptions } from "./build.ts";
import { lowerThreadPriority } from "../embed/thread_priority.ts";

/** What the parent sends: the build's options, less its callbacks. */
export type StagedBuildRequest = Pick<
  BuildOptions,
  "sourcesDir" | "catalogPath" | "embedCachePath" | "nice"
>;

/**
 * What the worker tells the parent: a log line, the step it moved to, that the catalog without
 * vectors is in place (`lexical`), embedding progress (texts and characters done of the total),
 * that the full catalog is in place (`done`), or why the build failed (`error`).
 */
export type StagedBuildMessage =
  | { type: "log"; line: string }
  | { type: "step"; step: string }
  | { type: "lexical" }
  | { type: "progress"; done: number; total: number; chars: { done: number; total: number } }
  | { type: "done" }
  | { type: "error"; message: string };

const scope = self as unknown as Worker;

scope.onmessage = async (event: MessageEvent<StagedBuildRequest>) => {
  const post = (message: StagedBuildMessage) => scope.postMessage(message);
  // The build's own thread (reading, merging, writing) runs below the serving thread too.
  if (event.data.nice) lowerThreadPriority(event.data.nice);
  try {
    await buildCatalog({
      ...event.data,
      embed: true,
      log: (line) => post({ type: "log", line }),
      onLexical: () => post({ type: "lexical" }),
      onProgress: (done, total, chars) => post({ type: "progress", done, total, chars }),
      onStep: (step) => post({ type: "step", step }),
    });
    post({ type: "done" });
  } catch (error) {
    post({ type: "error", message: error instanceof Error ? error.message : String(error) });
  }
};
