/**
 * Entity tags for the site's pages and sitemaps, so a polite crawler (or a browser) revalidates a
 * page it has with `If-None-Match` and gets `304 Not Modified` without the body.
 *
 * The tag is a strong one made from the SHA-256 of the body the route built (pages change with the
 * catalog and with users' reviews, so no cheaper version number covers them); a 304 saves the
 * transfer, not the rendering. `If-None-Match` is compared with the site's linear parser
 * (`ifNoneMatch` of `src/site/assets.ts`), whatever the header's length.
 *
 * @module
 */
import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ifNoneMatch } from "../site/assets.ts";

/** Headers a 304 keeps (RFC 9110 §15.4.5), besides `ETag`. */
const _KEPT_ON_304 = ["cache-control", "content-location", "date", "expires", "vary"];

/**
 * Middleware adding an `ETag` to each `200` answer to `GET` whose type is HTML or XML and that has
 * none, and answering `304` when `If-None-Match` matches it.
 *
 * @param applies true for the paths it handles (the site's pages)
 * @returns Hono middleware
 * @example
 * ```ts
 * app.use("*", pageEtag((path) => !path.startsWith("/api/")));
 * ```
 */
export function pageEtag(applies: (path: string) => boolean): MiddlewareHandler {
  return async function etag(c, next) {
    await next();
    if (c.req.method !== "GET" || !applies(c.req.path)) return;
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || res.headers.has("etag") || !/html|xml/.test(type)) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const tag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
    const match = c.req.header("if-none-match");
    if (match !== undefined && ifNoneMatch(match, tag)) {
      const headers = new Headers({ etag: tag });
      for (const name of _KEPT_ON_304) {
        const value = res.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      c.res = undefined;
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    const headers = new Headers(res.headers);
    headers.set("etag", tag);
    c.res = undefined;
    c.res = new Response(body, { status: 200, headers });
  };
}
