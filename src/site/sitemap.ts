/**
 * The site's sitemap and `robots.txt`, so that a crawler can fetch every `svcUrl` page once, at
 * the documented rate, instead of discovering them by following links.
 *
 * - `/sitemap.xml`: a sitemap index (sitemaps.org protocol 0.9) naming `/sitemaps/pages.xml` (the
 *   home, taxonomy, prices and docs pages) and files of at most {@link SITEMAP_URLS_PER_FILE} tool
 *   or server pages (`/sitemaps/tools-1.xml`, `/sitemaps/servers-1.xml`, ...). Each `<loc>` is the
 *   entry's `svcUrl`; `<lastmod>` is the day its public fields last changed, from the catalog's
 *   change history (absent for a catalog built without one).
 * - `/robots.txt`: the sitemap's address and `Crawl-delay: 1` (one page a second keeps a crawler
 *   within the site's fair-use rate, see `src/access/fair_use.ts`).
 *
 * Every file is built on the first request for any of them, once per open catalog (the catalog is
 * read-only; one query per kind, about 0.1-0.4 s for 33,000 servers), and served with an `ETag` by
 * the app (`src/http/page_etag.ts`).
 *
 * @module
 */
import { Hono } from "hono";
import { type CatalogContext, serverUrl, toolUrl } from "../catalog/context.ts";

/** Most URLs per sitemap file (the protocol allows 50,000; smaller files revalidate cheaply). */
export const SITEMAP_URLS_PER_FILE = 10_000;

/** `Cache-Control` of the sitemap files: an hour (they change only with the catalog). */
export const SITEMAP_CACHE = "public, max-age=3600";

/** One page of the sitemap. */
interface _Url {
  loc: string;
  /** `YYYY-MM-DD`, or none. */
  lastmod?: string;
}

/** The sitemap files of one catalog: file name → XML. */
const _built = new WeakMap<CatalogContext, Map<string, string>>();

/** `&`, `<`, `>`, `"` and `'` escaped for XML text. */
function _xml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function _urlset(urls: readonly _Url[]): string {
  const lines = urls.map((u) =>
    `<url><loc>${_xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
      lines.join("\n")
    }\n</urlset>\n`;
}

/**
 * Every sitemap file of a catalog, built on first use: `sitemap.xml` (the index), `pages.xml`,
 * `tools-N.xml` and `servers-N.xml`.
 *
 * @param ctx the catalog context
 * @returns file name → XML text
 * @example
 * ```ts
 * sitemapFiles(ctx).get("sitemap.xml"); // <sitemapindex ...>
 * ```
 */
export function sitemapFiles(ctx: CatalogContext): ReadonlyMap<string, string> {
  const cached = _built.get(ctx);
  if (cached) return cached;
  const base = ctx.baseUrl;
  const files = new Map<string, string>();
  const pages: _Url[] = ["/", "/taxonomy", "/llm-prices", "/docs"].map((p) => ({
    loc: `${base}${p}`,
  }));
  for (const id of [...ctx.taxonomy.byId.keys()].sort()) {
    pages.push({ loc: `${base}/taxonomy/${encodeURIComponent(id)}` });
  }
  files.set("pages.xml", _urlset(pages));
  for (const kind of ["tool", "server"] as const) {
    const urls = ctx.store.sitemapRows(kind).map(({ key, updatedAt }): _Url => ({
      loc: kind === "tool" ? toolUrl(ctx, key) : serverUrl(ctx, key),
      ...(updatedAt !== null && { lastmod: updatedAt.slice(0, 10) }),
    }));
    for (let i = 0; i * SITEMAP_URLS_PER_FILE < urls.length; i++) {
      const chunk = urls.slice(i * SITEMAP_URLS_PER_FILE, (i + 1) * SITEMAP_URLS_PER_FILE);
      files.set(`${kind}s-${i + 1}.xml`, _urlset(chunk));
    }
  }
  const built = ctx.store.meta("built_at")?.slice(0, 10);
  const index = [...files.keys()].map((name) =>
    `<sitemap><loc>${_xml(`${base}/sitemaps/${name}`)}</loc>${
      built ? `<lastmod>${built}</lastmod>` : ""
    }</sitemap>`
  );
  files.set(
    "sitemap.xml",
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${
        index.join("\n")
      }\n</sitemapindex>\n`,
  );
  _built.set(ctx, files);
  return files;
}

/**
 * `robots.txt`: everything may be crawled but the APIs; one page a second; where the sitemap is.
 *
 * @param baseUrl the public base URL
 * @returns the file's text
 */
export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /mcp",
    "Disallow: /v0/",
    "Disallow: /v0.1/",
    "Crawl-delay: 1",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * Routes of `/sitemap.xml`, `/sitemaps/{file}` and `/robots.txt` (mount at `/`).
 *
 * @param ctx the catalog context
 * @returns a Hono app; an unknown sitemap file falls through to the site's 404
 */
export function sitemapRoutes(ctx: CatalogContext): Hono {
  const app = new Hono();
  const xml = (text: string) =>
    new Response(text, {
      headers: { "content-type": "application/xml; charset=UTF-8", "cache-control": SITEMAP_CACHE },
    });
  app.get("/sitemap.xml", () => xml(sitemapFiles(ctx).get("sitemap.xml")!));
  app.get("/sitemaps/:file", (c, next) => {
    const text = sitemapFiles(ctx).get(c.req.param("file"));
    return text === undefined || c.req.param("file") === "sitemap.xml" ? next() : xml(text);
  });
  app.get("/robots.txt", () =>
    new Response(robotsTxt(ctx.baseUrl), {
      headers: { "content-type": "text/plain; charset=UTF-8", "cache-control": SITEMAP_CACHE },
    }));
  return app;
}
