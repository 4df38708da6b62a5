/**
 * The Hono application: CORS and `X-Content-Type-Options: nosniff` on every response, the REST
 * adapter at `/api/v1` (with its OpenAPI document at `/api/v1/openapi.json`), the MCP Registry API
 * at `/v0.1` and `/v0`, the public site at `/` (outside the quota; each page takes a fair-use
 * token, searches honour the caller's entitlements, pages and sitemaps carry an `ETag`), its
 * sitemap and `robots.txt`, one error handler rendering RFC 9457 problem documents, and a 404 for
 * unknown routes (an HTML page on site paths, a problem document elsewhere).
 *
 * @module
 */
import { type Context, Hono } from "hono";
import { AppError } from "../errors.ts";
import type { CatalogContext } from "../catalog/context.ts";
import { OPERATIONS } from "../catalog/operations.ts";
import { mcpHandler, type McpRouteOptions } from "./mcp.ts";
import { type Access, getUsage } from "../access/access.ts";
import {
  accessMiddleware,
  type AppEnv,
  chargeFairUse,
  countRequest,
  grantsOf,
  siteAccessMiddleware,
  siteSearchAccess,
} from "./access.ts";
import { pageEtag } from "./page_etag.ts";
import { READ_TIMEOUT_MS } from "./read_deadline.ts";
import { sitemapRoutes } from "../site/sitemap.ts";
import { publicCors } from "./cors.ts";
import { errorResponse } from "./errors.ts";
import { json, restRoutes } from "./rest.ts";
import { exportRoutes } from "./export.ts";
import { reviewRoutes } from "./reviews.ts";
import { type ReviewStore, reviewStoreFor } from "../reviews/review_store.ts";
import { registryRoutes } from "./registry.ts";
import { registryAccess, registryCors, registryTrailingSlash } from "./registry_access.ts";
import { openApiDocument } from "./openapi.ts";
import { isSitePath, siteNotFound, siteRoutes } from "../site/routes.tsx";

/** Response headers browsers may read cross-origin. */
export const EXPOSED_HEADERS = [
  "Mcp-Session-Id",
  "RateLimit",
  "RateLimit-Policy",
  "Retry-After",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
];

/** Where the MCP Registry API is served: `/v0.1`, and `/v0` as an alias. */
export const REGISTRY_ROOTS = ["/v0.1", "/v0"] as const;

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The catalog the routes serve. */
  ctx: CatalogContext;
  /** MCP endpoint options: DNS-rebinding protection. */
  mcp?: McpRouteOptions;
  /** Keys, tiers and quotas; without it nothing is counted (tests of the catalog alone). */
  access?: Access;
  /**
   * Users' reviews (default: the store of `access`'s KV; without either, details say
   * `userReviews: null` and the write routes are not served). Attached to `ctx` as its
   * `reviews`.
   */
  reviews?: ReviewStore;
  /**
   * Time a request's body may take to arrive, milliseconds (`TOOLATLAS_READ_TIMEOUT`; default
   * `READ_TIMEOUT_MS`; 0: none). Past it, 408 `request_timeout`.
   */
  readTimeoutMs?: number;
}

/**
 * True for the site's pages, which take a fair-use token each and get an `ETag`: every site path
 * (`isSitePath`) but the registry API's and the fixed files answered from memory (`/static/*`,
 * `/robots.txt`, `/favicon.ico`).
 *
 * @param path URL path
 * @returns whether the path is a site page
 */
export function isSitePage(path: string): boolean {
  return isSitePath(path) &&
    !REGISTRY_ROOTS.some((root) => path === root || path.startsWith(`${root}/`)) &&
    !path.startsWith("/static/") && path !== "/robots.txt" && path !== "/favicon.ico";
}

/** Sets `X-Content-Type-Options: nosniff` on a response, copying it when its headers are immutable. */
function _nosniff(c: Context): void {
  try {
    c.res.headers.set("x-content-type-options", "nosniff");
  } catch {
    const res = new Response(c.res.body, c.res);
    res.headers.set("x-content-type-options", "nosniff");
    c.res = undefined;
    c.res = res;
  }
}

/** REST paths of the operations that are not counted against the quota (`doc.counted: false`). */
const _UNCOUNTED_PATHS: ReadonlySet<string> = new Set(
  OPERATIONS.filter((op) => op.doc.counted === false).map((op) => `/api/v1${op.path}`),
);

/**
 * Builds the HTTP application.
 *
 * @param options the catalog context
 * @returns the Hono app; call `app.fetch(request)` or `app.request(path)`
 * @example
 * ```ts
 * const app = createApp({ ctx });
 * const res = await app.request("/api/v1/tools?q=postgres");
 * ```
 */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const { ctx, access } = options;
  const reviews = options.reviews ?? (access && reviewStoreFor(access.kv));
  if (reviews) ctx.reviews = reviews;
  const app = new Hono<AppEnv>();
  // No response is sniffed into another type (a 404 echoing its path stays JSON); bodies are read
  // under the deadline.
  const readTimeoutMs = options.readTimeoutMs ?? READ_TIMEOUT_MS;
  app.use("*", async (c, next) => {
    c.set("readTimeoutMs", readTimeoutMs);
    await next();
    _nosniff(c);
  });
  // The registry API's CORS, as the MCP Registry answers (`registry_access.ts`), before the
  // app-wide one, which it answers preflights for; a path ending in `/` is redirected (308) first.
  for (const root of REGISTRY_ROOTS) {
    app.use(`${root}/*`, registryCors([...EXPOSED_HEADERS, "ETag"]));
    app.use(`${root}/*`, registryTrailingSlash());
  }
  app.use(
    "*",
    publicCors({
      allowMethods: ["GET", "HEAD", "POST", "DELETE", "OPTIONS"],
      allowHeaders: [
        "Authorization",
        "Content-Type",
        "Mcp-Protocol-Version",
        "Mcp-Session-Id",
        "Last-Event-ID",
      ],
      exposeHeaders: EXPOSED_HEADERS,
      maxAge: 86400,
    }),
  );
  let mcp = options.mcp ?? {};
  if (access) {
    const baseUrl = ctx.baseUrl;
    const uncounted = (c: Context) => _UNCOUNTED_PATHS.has(c.req.path);
    app.use(
      "/api/v1/*",
      accessMiddleware({
        access,
        baseUrl,
        counts: (c) => !uncounted(c),
        // An operation that is not counted (health) takes a fair-use token instead.
        fairUseCost: (c) => uncounted(c) ? 1 : 0,
      }),
    );
    // The registry API has its own allowance per tier; a 304 is not counted.
    for (const root of REGISTRY_ROOTS) app.use(`${root}/*`, registryAccess(access, baseUrl, root));
    // `/mcp` is identified here and charged per message by the route once it has read them.
    app.use("/mcp", accessMiddleware({ access, baseUrl, counts: () => false }));
    mcp = {
      ...mcp,
      admit: (c, cost) => chargeFairUse(access, c as Context<AppEnv>, cost),
      beforeToolCall: (c) => countRequest(access, c),
      grants: grantsOf,
    };
    app.use("*", siteAccessMiddleware(access, isSitePage));
    app.get(
      "/api/v1/usage",
      async (c) => c.json(await getUsage(access, c.get("caller")!, c.get("quota")!)),
    );
  }
  // The document is cached per base URL; `json` encodes a cached object once.
  app.get("/api/v1/openapi.json", (c) => json(c, openApiDocument(ctx.baseUrl)));
  app.route("/api/v1/export", exportRoutes(ctx, access, reviews));
  if (reviews) app.route("/api/v1", reviewRoutes(ctx, reviews));
  app.route("/api/v1", restRoutes(ctx));
  app.route("/v0.1", registryRoutes(ctx));
  app.route("/v0", registryRoutes(ctx, { versionRoot: true }));
  app.all("/mcp", mcpHandler(ctx, mcp));
  app.use("*", pageEtag(isSitePage));
  app.route("/", sitemapRoutes(ctx));
  app.route(
    "/",
    siteRoutes(ctx, {
      apiDocument: () => openApiDocument(ctx.baseUrl),
      ...(access && { searchAccess: siteSearchAccess(access) }),
    }),
  );
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const registry = REGISTRY_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));
    if (!registry && isSitePath(path) && (c.req.method === "GET" || c.req.method === "HEAD")) {
      return siteNotFound(c, ctx);
    }
    return errorResponse(
      new AppError("not_found", `Cannot find route ${c.req.method} ${path}`),
      c,
      ctx.baseUrl,
    );
  });
  app.onError((error, c) => errorResponse(error, c, ctx.baseUrl));
  return app;
}
