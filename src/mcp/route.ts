/**
 * Serving the MCP server at `/mcp` over stateless streamable HTTP: a fresh {@link McpServer} and
 * `WebStandardStreamableHTTPServerTransport` per request, JSON responses (no SSE stream needed for
 * tools that answer at once).
 *
 * When the service runs on localhost, the transport checks `Host` and `Origin` against an
 * allow-list (DNS-rebinding protection, as the MCP transport specification asks of local servers).
 *
 * @module
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";
import type { CatalogContext } from "../catalog/context.ts";
import { createMcpServer } from "./server.ts";

/** DNS-rebinding allow-lists; absent when the service is public. */
export interface RebindingProtection {
  /** Accepted `Host` header values, e.g. `localhost:8000`. */
  allowedHosts: string[];
  /** Accepted `Origin` header values (requests without `Origin` pass), e.g. `http://localhost:8000`. */
  allowedOrigins: string[];
}

/**
 * Allow-lists for a local server on `port`: `localhost`, `127.0.0.1` and `[::1]` with that port,
 * plus any extra origins (e.g. a local web app that calls the MCP endpoint).
 *
 * @param port the port the server listens on
 * @param extraOrigins more accepted origins, e.g. from `MCP_ALLOWED_ORIGINS`
 * @returns the allow-lists
 */
export function localhostProtection(
  port: number,
  extraOrigins: string[] = [],
): RebindingProtection {
  const hosts = ["localhost", "127.0.0.1", "[::1]"].map((h) => `${h}:${port}`);
  return {
    allowedHosts: hosts,
    allowedOrigins: [...hosts.map((h) => `http://${h}`), ...extraOrigins],
  };
}

/** True when a hostname names this machine (`localhost`, `127.x.x.x`, `::1`). */
export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Options of {@link mcpHandler}. */
export interface McpRouteOptions {
  /** Returns the allow-lists to enforce, or `undefined` when the service is public. */
  protection?: () => RebindingProtection | undefined;
  /**
   * Runs before each `tools/call` of this HTTP request (quota accounting); an `AppError` it throws
   * becomes the tool's `isError` result.
   */
  beforeToolCall?: (c: Context, tool: string) => Promise<unknown> | unknown;
  /** Rewrites a call's arguments before it runs (tier entitlements). */
  transformArgs?: (c: Context, tool: string, args: unknown) => unknown;
}

/**
 * A Hono handler serving one MCP request (POST, GET or DELETE on `/mcp`).
 *
 * @param ctx catalog context
 * @param options DNS-rebinding protection and tool-call hook
 * @returns the handler
 */
export function mcpHandler(ctx: CatalogContext, options: McpRouteOptions = {}) {
  return async function mcp(c: Context): Promise<Response> {
    const protection = options.protection?.();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      ...(protection && { enableDnsRebindingProtection: true, ...protection }),
    });
    const hook = options.beforeToolCall;
    const transform = options.transformArgs;
    const server = createMcpServer(ctx, {
      ...(hook && { beforeToolCall: (tool: string) => hook(c, tool) }),
      ...(transform &&
        { transformArgs: (tool: string, args: unknown) => transform(c, tool, args) }),
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  };
}
