/**
 * CORS for a public, credential-less API: every origin may read every response.
 *
 * Preflight (`OPTIONS`) requests are answered by Hono's `cors` middleware. On every other request
 * the two headers a browser needs (`Access-Control-Allow-Origin: *` and
 * `Access-Control-Expose-Headers`) are set on the finished response, after the handler ran. Hono's
 * middleware sets them before the handler, on a placeholder response whose headers are then merged
 * into the real one; that merge cost more than the whole cached search it wrapped (`deno task
 * bench`: a constant route fell from about 55,000 to 35,000 req/s with it, and stayed near 60,000
 * with this one).
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

/** What {@link publicCors} allows and exposes. */
export interface PublicCorsOptions {
  /** Methods announced in preflight answers, e.g. `["GET", "POST"]`. */
  allowMethods: string[];
  /** Request headers announced in preflight answers, e.g. `["Authorization"]`. */
  allowHeaders: string[];
  /** Response headers scripts may read, e.g. `["RateLimit"]`. */
  exposeHeaders: string[];
  /** Seconds a browser may cache a preflight answer. */
  maxAge: number;
}

/**
 * Builds the CORS middleware of the app (`Access-Control-Allow-Origin: *`, no credentials).
 *
 * @param options methods, headers and preflight cache time
 * @returns a Hono middleware for `app.use("*", ...)`
 */
export function publicCors(options: PublicCorsOptions): MiddlewareHandler {
  const preflight = cors({ origin: "*", ...options });
  const exposed = options.exposeHeaders.join(",");
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return await preflight(c, next);
    await next();
    try {
      c.res.headers.set("Access-Control-Allow-Origin", "*");
      if (exposed) c.res.headers.set("Access-Control-Expose-Headers", exposed);
    } catch {
      // Immutable headers (a response passed through from elsewhere): copy it once.
      const res = new Response(c.res.body, c.res);
      res.headers.set("Access-Control-Allow-Origin", "*");
      if (exposed) res.headers.set("Access-Control-Expose-Headers", exposed);
      c.res = res;
    }
  };
}
