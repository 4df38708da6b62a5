/**
 * Web Worker body of a staged catalog build (see {@link startStagedBuild}): runs
 * `buildCatalog` with `onLexical`, off the serving thread, and reports each stage.
 *
 * Messages to the parent: `{type: "log", line}`, `{type: "step", step}`,
 * `{type: "lexical"}` (the catalog without vectors is in place),
 * `{type: "progress", done, total, chars: {done, total}}`,
 * `{type: "done"}` (the full catalog is in place) or `{type: "error", message}`.
 *
 * @module
 */
import { buildCatalog, type BuildOptions } from "./build.ts";

/** What the parent sends: the build's options, less its callbacks. */
export type StagedBuildRequest = Pick<
  BuildOptions,
  "sourcesDir" | "catalogPath" | "embedCachePath"
>;

const scope = self as unknown as Worker;

scope.onmessage = async (event: MessageEvent<StagedBuildRequest>) => {
  const post = (message: Record<string, unknown>) => scope.postMessage(message);
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
