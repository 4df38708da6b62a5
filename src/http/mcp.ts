/**
 * Serving the MCP server at `/mcp` over stateless streamable HTTP: a fresh MCP server and
 * `WebStandardStreamableHTTPServerTransport` per request, JSON responses (no SSE stream needed for
 * tools that answer at once).
 *
 * Before the transport sees a request:
 * - only `POST` is served: `GET` (an SSE stream) and `DELETE` (ending a session) mean nothing to
 *   a stateless server, so every other method gets 405 with `Allow: POST`;
 * - a JSON body is read with a cap of {@link MAX_MCP_BODY_BYTES} (413 `payload_too_large`, the
 *   upload cancelled) and parsed once (400 JSON-RPC parse error as the SDK gives it);
 * - a JSON-RPC batch of more than {@link MAX_BATCH_MESSAGES} messages gets 413;
 * - the caller is charged one fair-use token per message that the quota does not count (all but
 *   `tools/call`), and one for a request that carries no message; over the limit, 429. A
 *   `tools/call` counts only when the transport will hand it to the tool handler: a valid
 *   JSON-RPC request (`jsonrpc: "2.0"`, a string or integer `id`) in a batch of valid messages,
 *   sent with an `Accept` of both JSON and SSE and a supported `Mcp-Protocol-Version`; anything
 *   the transport refuses costs fair-use tokens like any uncounted message, before any work. A
 *   call predicted to count that still never reached the handler is charged afterwards.
 * Errors raised here are RFC 9457 problem documents with the REST API's codes; errors of the
 * JSON-RPC layer stay JSON-RPC errors.
 *
 * When the service runs on localhost, the transport checks `Host` and `Origin` against an
 * allow-list (DNS-rebinding protection, as the MCP transport specification asks of local servers).
 *
 * @module
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";
import type { CatalogContext } from "../catalog/context.ts";
import type { Grants } from "../catalog/grants.ts";
import { AppError } from "../errors.ts";
import { bodyDeadline, MAX_MCP_BODY_BYTES, readBodyCapped } from "./body.ts";
import { createMcpServer } from "../mcp/server.ts";
import {
  CallToolRequestSchema,
  isJSONRPCRequest,
  JSONRPCMessageSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";

export { MAX_MCP_BODY_BYTES };

/**
 * Most JSON-RPC messages in one batch (the SDK's own bound is 100; MCP 2025-06-18 clients send no
 * batches at all). Kept below the fair-use burst, so an allowed batch can always pass once the
 * caller's bucket is full.
 */
export const MAX_BATCH_MESSAGES = 20;

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
  /** What the caller of this HTTP request may use (its tier's grants; default: everything). */
  grants?: (c: Context) => Grants;
  /**
   * Admits a request that carries `cost` uncounted messages (fair use); throws an `AppError`
   * (`rate_limited`) to refuse it.
   */
  admit?: (c: Context, cost: number) => Promise<void> | void;
}

/** True when a `Content-Type` names `application/json` (parameters ignored). */
function _isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim()
    .toLowerCase() === "application/json";
}

/**
 * True for a `tools/call` request that reaches the tool-call handler, where the quota counts it: a
 * JSON-RPC request as the SDK's transport accepts it (`jsonrpc: "2.0"`, a string or integer `id`,
 * no other keys) whose params have a string `name` and, if any, an object of `arguments`.
 */
function _isCountedCall(message: unknown): boolean {
  return isJSONRPCRequest(message) && CallToolRequestSchema.safeParse(message).success;
}

/**
 * Fair-use cost of a parsed body: one token per message that the quota does not count (all but
 * well-formed `tools/call` requests); at least one when the body holds no message at all. When any
 * message of a batch is not valid JSON-RPC, the transport refuses the whole batch, so every
 * message costs.
 *
 * @param body the parsed JSON body
 * @returns tokens to take (0 when every message is a counted tool call)
 */
export function uncountedMessages(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  if (messages.length === 0) return 1;
  if (!messages.every((m) => JSONRPCMessageSchema.safeParse(m).success)) return messages.length;
  return messages.filter((m) => !_isCountedCall(m)).length;
}

/**
 * Why the transport would refuse a request for its headers before reading any message, or
 * `undefined`: an `Accept` without both `application/json` and `text/event-stream` (406; the
 * transport checks substrings, so does this), or an unsupported `Mcp-Protocol-Version` (400).
 */
function _refusedHeaders(c: Context): string | undefined {
  const accept = c.req.header("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) {
    return "accept";
  }
  const version = c.req.header("mcp-protocol-version");
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return "version";
  return undefined;
}

/** A JSON-RPC error response, as the SDK's transport writes them. */
function _jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/**
 * A Hono handler serving one MCP request (`POST` on `/mcp`; other methods get 405).
 *
 * @param ctx catalog context
 * @param options DNS-rebinding protection, tool-call hooks and fair-use admission
 * @returns the handler
 * @throws {AppError} `method_not_allowed` (with `allow: "POST"`), `payload_too_large`,
 *   `rate_limited` from `admit`; rendered as problem documents by the app
 */
export function mcpHandler(ctx: CatalogContext, options: McpRouteOptions = {}) {
  return async function mcp(c: Context): Promise<Response> {
    const admit = async (cost: number) => {
      if (cost > 0) await options.admit?.(c, cost);
    };
    if (c.req.method !== "POST") {
      await admit(1);
      throw new AppError(
        "method_not_allowed",
        `Use POST on /mcp: this stateless server opens no SSE stream (GET) and keeps no session ` +
          `to end (DELETE)`,
        { details: { allow: "POST" } },
      );
    }
    let parsedBody: unknown;
    // Tool calls admitted without a fair-use charge because the quota will count them.
    let predicted = 0;
    if (_isJson(c.req.header("content-type"))) {
      let text: string;
      try {
        text = await readBodyCapped(c.req.raw, MAX_MCP_BODY_BYTES, bodyDeadline(c));
      } catch (error) {
        await admit(1);
        throw error;
      }
      try {
        parsedBody = JSON.parse(text);
      } catch {
        await admit(1);
        return _jsonRpcError(400, -32700, "Parse error: Invalid JSON");
      }
      if (Array.isArray(parsedBody) && parsedBody.length > MAX_BATCH_MESSAGES) {
        await admit(1);
        throw new AppError(
          "payload_too_large",
          `Cannot accept a JSON-RPC batch of ${parsedBody.length} messages: send at most ` +
            `${MAX_BATCH_MESSAGES} per request`,
          { details: { maxMessages: MAX_BATCH_MESSAGES } },
        );
      }
      // Headers the transport refuses: nothing in the body will count.
      const count = Array.isArray(parsedBody) ? parsedBody.length : 1;
      const cost = _refusedHeaders(c) === undefined
        ? uncountedMessages(parsedBody)
        : Math.max(1, count);
      predicted = Math.max(0, count - cost);
      await admit(cost);
    } else {
      // The transport answers 406/415 without reading the body.
      await admit(1);
    }
    const protection = options.protection?.();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      ...(protection && { enableDnsRebindingProtection: true, ...protection }),
    });
    const hook = options.beforeToolCall;
    // Tool calls that reached the handler (where the quota counts them).
    let reached = 0;
    const server = createMcpServer(ctx, {
      ...(hook && {
        beforeToolCall: (tool: string) => {
          reached++;
          return hook(c, tool);
        },
      }),
      ...(options.grants && { grants: options.grants(c) }),
    });
    await server.connect(transport);
    let response: Response;
    try {
      response = await transport.handleRequest(
        c.req.raw,
        parsedBody === undefined ? undefined : { parsedBody },
      );
    } finally {
      await server.close();
    }
    // A call admitted free because the quota would count it, but refused by the transport for a
    // reason not checked above, costs fair-use tokens now.
    if (hook && reached < predicted) {
      try {
        await admit(predicted - reached);
      } catch (error) {
        await response.body?.cancel();
        throw error;
      }
    }
    return response;
  };
}
