/**
 * Load generator, run as its own process by `bench/run.ts`: autocannon (npm) over a rotating list
 * of requests against one origin. Each connection walks the list in order, wrapping around.
 *
 * Input: the JSON of a {@link LoadSpec}, as the first argument or on stdin. Output: autocannon's result object as JSON
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
  /** Duration in seconds (ignored when `distinct` is set). */
  duration: number;
  /** Requests each connection sends in turn. */
  requests: LoadRequest[];
  /**
   * Send every request of the list exactly once, shared by all connections (each connection
   * takes the next unsent one), then stop: no request is repeated, so none is a cache hit.
   */
  distinct?: boolean;
  /** Seconds before a request counts as a timeout (default 10). */
  timeout?: number;
}

/**
 * Runs autocannon once.
 *
 * @param spec the load to apply
 * @returns autocannon's result object
 */
export function runLoad(spec: LoadSpec): Promise<Record<string, unknown>> {
  if (spec.distinct) {
    let next = 0;
    const list = spec.requests;
    return autocannon({
      url: spec.url,
      connections: spec.connections,
      amount: list.length,
      timeout: spec.timeout ?? 10,
      requests: [{
        setupRequest: (req: Record<string, unknown>) => {
          const r = list[next++ % list.length]!;
          return {
            ...req,
            method: r.method,
            path: r.path,
            ...(r.body !== undefined && { body: r.body }),
            ...(r.headers && { headers: { ...(req.headers as object), ...r.headers } }),
          };
        },
      }],
    });
  }
  return autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    timeout: spec.timeout ?? 10,
    requests: spec.requests,
  });
}

if (import.meta.main) {
  // The spec comes as the first argument, or on stdin (long request lists exceed argv limits).
  const text = Deno.args[0] ?? await new Response(Deno.stdin.readable).text();
  const spec = JSON.parse(text) as LoadSpec;
  const result = await runLoad(spec);
  console.log(JSON.stringify(result));
}
