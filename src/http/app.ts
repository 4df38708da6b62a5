/**
 * The Hono application: CORS on every response, the REST adapter at `/api/v1` (with its OpenAPI
 * document at `/api/v1/openapi.json`), the MCP Registry API at `/v0.1` and `/v0`, the public site
 * at `/` (outside the quota; its searches take fair-use tokens and honour the caller's
 * entitlements), one error handler rendering RFC 9457 problem documents, and a 404 for unknown
 * routes (an HTML page on site paths, a problem document elsewhere).
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
  siteSearchAccess,
} from "./access.ts";
import { publicCors } from "./cors.ts";
import { errorResponse } from "./errors.ts";
import { json, restRoutes } from "./rest.ts";
import { exportRoutes } from "./export.ts";
import { reviewRoutes } from "./reviews.ts";
import { type ReviewStore, reviewStoreFor } from "../reviews/review_store.ts";
import { registryRoutes } from "./registry.ts";
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
  // The registry API's CORS, as the MCP Registry documents it (before the app-wide one, which
  // it answers preflights for).
  for (const root of REGISTRY_ROOTS) {
    app.use(
      `${root}/*`,
      publicCors({
        allowMethods: ["GET", "OPTIONS"],
        allowHeaders: ["Authorization", "Content-Type"],
        exposeHeaders: EXPOSED_HEADERS,
        maxAge: 86400,
      }),
    );
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
    // The registry API counts like /api/v1: every request (preflights excepted).
    for (const root of REGISTRY_ROOTS) {
      app.use(`${root}/*`, accessMiddleware({ access, baseUrl, counts: () => true }));
    }
    // `/mcp` is identified here and charged per message by the route once it has read them.
    app.use("/mcp", accessMiddleware({ access, baseUrl, counts: () => false }));
    mcp = {
      ...mcp,
      admit: (c, cost) => chargeFairUse(access, c as Context<AppEnv>, cost),
      beforeToolCall: (c) => countRequest(access, c),
      grants: grantsOf,
    };
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
