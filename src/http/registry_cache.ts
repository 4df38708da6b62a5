/**
 * Conditional, compressed answers of the MCP Registry API (`registry.ts`): a weak `ETag` per
 * answer (the first 128 bits of the SHA-256 of its JSON, base64url), `Cache-Control:
 * public, max-age=300` (`private` for a ranked search, whose order depends on the caller's
 * tier), `Vary: Accept-Encoding`, gzip when the client accepts it, and `304 Not Modified` for an
 * `If-None-Match` that names the ETag.
 *
 * The gzip bytes and ETag of recent answers are kept per open catalog in a byte-bounded LRU
 * ({@link REGISTRY_CACHE_BYTES}), keyed by path and parameters: a revalidation of an answer in
 * the cache is decided without building it, and a repeated request is sent without building or
 * compressing it again. The catalog never changes while it is open, so an entry never goes stale;
 * a new catalog starts a new cache, and an unchanged answer keeps its ETag across rebuilds.
 *
 * @module
 */
import type { Context } from "hono";
import { gunzipSync, gzipSync } from "node:zlib";
import type { CatalogContext } from "../catalog/context.ts";
import { ByteLru } from "../catalog/lru.ts";
import { encodedJson } from "../catalog/memo.ts";
import type { CatalogStore } from "../catalog/store.ts";

/** Budget of the per-catalog answer cache, bytes of gzip (about 3,000 list pages of 100). */
export const REGISTRY_CACHE_BYTES = 32 * 1024 * 1024;

/** Seconds a client or shared cache may reuse an answer without revalidating it. */
export const REGISTRY_MAX_AGE = 300;

interface _Answer {
  etag: string;
  gzip: Uint8Array<ArrayBuffer>;
}

const _caches = new WeakMap<CatalogStore, ByteLru<string, _Answer>>();

function _b64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** True when an `If-None-Match` value names `etag` (weak comparison, `*` matches). */
export function etagMatches(header: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((t) => {
    const tag = t.trim();
    return tag === "*" || tag.replace(/^W\//, "") === opaque;
  });
}

/**
 * Sends a registry answer (see the module description).
 *
 * @param c the request context
 * @param ctx catalog context (its store keys the cache)
 * @param key what identifies the answer: path and parameters (and anything else it depends on)
 * @param build computes the answer; its errors propagate (and nothing is cached)
 * @param options `private`: the answer depends on the caller (`Cache-Control: private`)
 * @returns the response: 200 (gzip or identity) or 304
 */
export async function sendCached(
  c: Context,
  ctx: CatalogContext,
  key: string,
  build: () => object | Promise<object>,
  options: { private?: boolean } = {},
): Promise<Response> {
  let cache = _caches.get(ctx.store);
  if (!cache) _caches.set(ctx.store, cache = new ByteLru(REGISTRY_CACHE_BYTES));
  let answer = cache.get(key);
  if (!answer) {
    const body = encodedJson(await build());
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    const fresh: _Answer = {
      etag: `W/"${_b64url(digest.subarray(0, 16))}"`,
      gzip: new Uint8Array(gzipSync(body)),
    };
    cache.set(key, fresh, fresh.gzip.byteLength + 2 * key.length + 96);
    answer = fresh;
  }
  const headers: Record<string, string> = {
    "ETag": answer.etag,
    "Cache-Control": `${options.private ? "private" : "public"}, max-age=${REGISTRY_MAX_AGE}`,
    "Vary": "Accept-Encoding",
  };
  const condition = c.req.header("if-none-match");
  if (condition !== undefined && etagMatches(condition, answer.etag)) {
    return c.body(null, 304, headers);
  }
  headers["Content-Type"] = "application/json; charset=UTF-8";
  if (/\bgzip\b/i.test(c.req.header("accept-encoding") ?? "")) {
    headers["Content-Encoding"] = "gzip";
    return c.body(answer.gzip, 200, headers);
  }
  return c.body(new Uint8Array(gunzipSync(answer.gzip)), 200, headers);
}
