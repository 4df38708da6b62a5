/**
 * The Hono application: CORS on every response, the REST adapter at `/api/v1`, one error handler
 * rendering RFC 9457 problem documents, and a problem 404 for unknown routes.
 *
 * @module
 */
import { Hono } from "hono";
import { cors } from "hono/cors";
import { AppError } from "../errors.ts";
import type { CatalogContext } from "../catalog/context.ts";
import { mcpHandler, type McpRouteOptions } from "../mcp/route.ts";
import { errorResponse } from "./errors.ts";
import { restRoutes } from "./rest.ts";

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

/** Options of {@link createApp}. */
export interface AppOptions {
  /** The catalog the routes serve. */
  ctx: CatalogContext;
  /** MCP endpoint options: DNS-rebinding protection and the tool-call hook. */
  mcp?: McpRouteOptions;
}

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
export function createApp(options: AppOptions): Hono {
  const { ctx } = options;
  const app = new Hono();
  app.use(
    "*",
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
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
  app.route("/api/v1", restRoutes(ctx));
  app.all("/mcp", mcpHandler(ctx, options.mcp));
  app.notFound((c) =>
    errorResponse(
      new AppError("not_found", `Cannot find route ${c.req.method} ${new URL(c.req.url).pathname}`),
      c,
      ctx.baseUrl,
    )
  );
  app.onError((error, c) => errorResponse(error, c, ctx.baseUrl));
  return app;
}
