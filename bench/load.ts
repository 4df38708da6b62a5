/**
 * Load generator, run as its own process by `bench/run.ts`: autocannon (npm) over a rotating list
 * of requests against one origin. Each connection walks the list in order, wrapping around.
 *
 * Input: one argument, the JSON of a {@link LoadSpec}. Output: autocannon's result object as JSON
 * on stdout (`requests.average`, `latency.p50`, `latency.p99`, `non2xx`, `errors`, ...).
 *
 * ```sh
 * deno run -A bench/load.ts '{"url":"http://127.0.0.1:8000","connections":32,"duration":10,
 *   "requests":[{"method":"GET","path":"/__bare"}]}'
 * ```
 *
 * @module
 */
// Bench-only dependency, kept out of the app's import map on purpose.
// deno-lint-ignore no-import-prefix
import autocannon from "npm:autocannon@8";

/** One request of the rotation. */
export interface LoadRequest {
  /** HTTP method, e.g. `GET` or `POST`. */
  method: string;
  /** Path and query, e.g. `/api/v1/tools?q=postgres`. */
  path: string;
  /** Request body (POST). */
  body?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** What to load and for how long. */
export interface LoadSpec {
  /** Origin, e.g. `http://127.0.0.1:8123`. */
  url: string;
  /** Concurrent connections. */
  connections: number;
  /** Duration in seconds. */
  duration: number;
  /** Requests each connection sends in turn. */
  requests: LoadRequest[];
}

/**
 * Runs autocannon once.
 *
 * @param spec the load to apply
 * @returns autocannon's result object
 */
export function runLoad(spec: LoadSpec): Promise<Record<string, unknown>> {
  return autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    requests: spec.requests,
  });
}

if (import.meta.main) {
  const spec = JSON.parse(Deno.args[0] ?? "") as LoadSpec;
  const result = await runLoad(spec);
  console.log(JSON.stringify(result));
}
