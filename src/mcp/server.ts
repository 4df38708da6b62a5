/**
 * The MCP adapter: the twelve `svc_*` tools over the same catalog use cases as the REST routes,
 * served by a fresh stateless {@link McpServer} per request (streamable HTTP, JSON responses).
 *
 * Each tool declares its zod input and output schema (listed to clients as JSON Schema), returns
 * `structuredContent` plus a short text rendering, and reports domain errors as a result with
 * `isError: true` whose text is the JSON `{code, status, message, errors?}`, the same `code` the
 * REST API returns.
 *
 * @module
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { CatalogContext } from "../catalog/context.ts";
import { toAppError } from "../http/errors.ts";
import { TOOL_DEFINITIONS, type ToolDefinition } from "./tools.ts";

/** Name and version the server reports in `initialize`. */
export const SERVER_INFO = { name: "toolatlas", title: "toolatlas", version: "1.0.0" };

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /**
   * Called before each `tools/call` runs (quota accounting). Throwing an `AppError` (e.g.
   * `rate_limited`) turns the call into an `isError` result with that code.
   */
  beforeToolCall?: (tool: string) => Promise<unknown> | unknown;
  /** Rewrites a call's arguments before it runs (tier entitlements), e.g. forcing `mode`. */
  transformArgs?: (tool: string, args: unknown) => unknown;
}

/**
 * Renders an error as an MCP tool result with `isError: true`.
 *
 * @param error any thrown value (non-{@link AppError}s become `internal_error`)
 * @returns the result; its text is JSON `{code, status, message, errors?}`
 */
export function errorResult(error: unknown): CallToolResult {
  const e = toAppError(error);
  if (e.code === "internal_error") console.error("[mcp] tool failed:", error);
  const body = {
    code: e.code,
    status: e.status,
    message: e.message,
    ...(e.errors.length > 0 && { errors: e.errors }),
    ...e.details,
  };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
}

/**
 * Runs one tool definition: validates and executes through the catalog use case, and packs the
 * output as `structuredContent` plus text.
 *
 * @param ctx catalog context
 * @param def the tool
 * @param args raw arguments from the client
 * @returns the tool result (errors as `isError` results, never thrown)
 */
export async function runTool(
  ctx: CatalogContext,
  def: ToolDefinition,
  args: unknown,
): Promise<CallToolResult> {
  try {
    const output = await def.run(ctx, args ?? {}) as Record<string, unknown>;
    return {
      structuredContent: output,
      content: [{ type: "text", text: def.render(output) }],
    };
  } catch (error) {
    return errorResult(error);
  }
}

/**
 * Builds an MCP server exposing exactly the twelve `svc_*` tools.
 *
 * @param ctx catalog context shared with the REST adapter
 * @param options hooks (quota accounting)
 * @returns a server to connect to one transport
 */
export function createMcpServer(ctx: CatalogContext, options: McpServerOptions = {}): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions:
      "toolatlas is a directory of AI tools, MCP servers and first-party LLM prices. Use " +
      "svc_search to find MCP servers for a task, svc_server_details for trust and tools, " +
      "svc_get_install_config for a ready-to-paste client config, svc_tools_recommend or " +
      "svc_tools_search for AI tools, and svc_llm_prices for model list prices.",
  });
  const byName = new Map<string, ToolDefinition>();
  for (const def of TOOL_DEFINITIONS) {
    byName.set(def.name, def);
    server.registerTool(def.name, {
      title: def.title,
      description: def.description,
      inputSchema: def.input as z.ZodObject,
      outputSchema: def.output as z.ZodObject,
      annotations: {
        title: def.title,
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    }, () => ({ content: [] }));
  }
  // Replace the SDK's call handler so that validation errors carry our stable codes and quota
  // accounting runs once per call; `tools/list` stays the SDK's (schemas from the same zod types).
  server.server.setRequestHandler(CallToolRequestSchema, async (request: CallToolRequest) => {
    const def = byName.get(request.params.name);
    if (!def) {
      throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    }
    try {
      await options.beforeToolCall?.(def.name);
    } catch (error) {
      return errorResult(error);
    }
    const args = options.transformArgs
      ? options.transformArgs(def.name, request.params.arguments ?? {})
      : request.params.arguments;
    return await runTool(ctx, def, args);
  });
  return server;
}
