/**
 * The site's own static files (`src/site/static/`): one stylesheet and one small script, served by
 * the app itself so pages work air-gapped (plus an SVG icon). URLs carry a content hash (`?v=`), so responses can be
 * cached for a year.
 *
 * @module
 */

/** A static file held in memory. */
export interface Asset {
  /** Path the app serves it at, e.g. `/static/site.css`. */
  path: string;
  /** Path plus `?v={hash}`: the URL pages link to. */
  url: string;
  /** MIME type with charset. */
  contentType: string;
  /** File contents. */
  body: string;
  /** Strong ETag (quoted hash). */
  etag: string;
}

const _TYPES: Record<string, string> = {
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml; charset=utf-8",
};

async function _load(file: string): Promise<Asset> {
  const body = await Deno.readTextFile(new URL(`./static/${file}`, import.meta.url));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  const hash = Array.from(
    new Uint8Array(digest).slice(0, 6),
    (b) => b.toString(16).padStart(2, "0"),
  )
    .join("");
  const ext = file.slice(file.lastIndexOf(".") + 1);
  return {
    path: `/static/${file}`,
    url: `/static/${file}?v=${hash}`,
    contentType: _TYPES[ext] ?? "application/octet-stream",
    body,
    etag: `"${hash}"`,
  };
}

/** The site's assets. */
export interface SiteAssets {
  css: Asset;
  js: Asset;
  icon: Asset;
}

let _assets: Promise<SiteAssets> | undefined;

/**
 * Loads the static files once per process.
 *
 * @returns the stylesheet, the script and the icon
 * @throws {Deno.errors.NotFound} when a file is missing from `src/site/static/`
 * @example
 * ```ts
 * const { css } = await loadAssets();
 * css.url; // "/static/site.css?v=1a2b3c4d5e6f"
 * ```
 */
export function loadAssets(): Promise<SiteAssets> {
  _assets ??= (async () => ({
    css: await _load("site.css"),
    js: await _load("site.js"),
    icon: await _load("favicon.svg"),
  }))();
  return _assets;
}

/**
 * True when an `If-None-Match` header matches an entity tag: `*`, or any listed tag under weak
 * comparison (RFC 9110 §13.1.2: `W/` prefixes ignored). One linear pass (`split` and `trim`, no
 * regular expression): the header can be as large as the server accepts (about 64 KB).
 *
 * @param header the `If-None-Match` value
 * @param etag the current entity tag, quoted, e.g. `"1a2b3c"`
 * @returns whether the client's copy is current
 * @example
 * ```ts
 * ifNoneMatch('W/"a", "b"', '"a"'); // true
 * ```
 */
export function ifNoneMatch(header: string, etag: string): boolean {
  const opaque = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const part of header.split(",")) {
    const tag = part.trim();
    if (tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

/**
 * The response serving an asset: long-lived cache, ETag revalidation.
 *
 * @param asset the file
 * @param ifNoneMatchHeader the request's `If-None-Match` header
 * @returns 200 with the body, or 304 when the ETag matches
 */
export function assetResponse(asset: Asset, ifNoneMatchHeader: string | undefined): Response {
  const headers = {
    "content-type": asset.contentType,
    "cache-control": "public, max-age=31536000, immutable",
    "etag": asset.etag,
    "x-content-type-options": "nosniff",
  };
  if (ifNoneMatchHeader !== undefined && ifNoneMatch(ifNoneMatchHeader, asset.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(asset.body, { headers });
}
