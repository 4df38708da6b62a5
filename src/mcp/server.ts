/**
 * The MCP adapter: the twelve `svc_*` tools over the same catalog use cases as the REST routes,
 * served by a fresh stateless low-level {@link Server} per request (streamable HTTP, JSON
 * responses).
 *
 * The `tools/list` answer (every tool's JSON Schemas) is computed once per process, with the SDK's
 * own converter and options (as `McpServer` would list them), and shared by every request: the
 * catalog's tools never change while it runs, and building the schemas cost about 7 ms a call.
 *
 * Each tool declares its zod input and output schema (listed to clients as JSON Schema), returns
 * `structuredContent` plus a short text rendering, and reports domain errors as a result with
 * `isError: true` whose text is the JSON `{code, status, message, errors?}`, the same `code` the
 * REST API returns.
 *
 * @module
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { normalizeObjectSchema } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { CatalogContext } from "../catalog/context.ts";
import { toAppError } from "../errors.ts";
import { TOOL_DEFINITIONS, type ToolDefinition } from "./tools.ts";

/** Name and version the server reports in `initialize`. */
export const SERVER_INFO = { name: "toolatlas", title: "toolatlas", version: "1.0.0" };

/** Options of {@link createMcpServer}. */
export interface McpServerOptions {
  /**
   * Called before each `tools/call` runs (quota accounting), a call naming no tool included.
   * Throwing an `AppError` (e.g. `rate_limited`) turns the call into an `isError` result with that
   * code.
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

/** Annotations of every tool: read-only lookups in a closed catalog. */
const _ANNOTATIONS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

/** Instructions the server gives in `initialize`. */
export const INSTRUCTIONS =
  "toolatlas is a directory of AI tools, MCP servers and first-party LLM prices. Use " +
  "svc_search to find MCP servers for a task, svc_server_details for trust and tools, " +
  "svc_get_install_config for a ready-to-paste client config, svc_tools_recommend or " +
  "svc_tools_search for AI tools, and svc_llm_prices for model list prices.";

function _jsonSchema(schema: z.ZodType, pipeStrategy: "input" | "output"): Tool["inputSchema"] {
  const object = normalizeObjectSchema(schema as z.ZodObject);
  if (!object) throw new TypeError(`Cannot list a tool schema that is not an object`);
  return toJsonSchemaCompat(object, { strictUnions: true, pipeStrategy }) as Tool["inputSchema"];
}

let _toolList: ListToolsResult | undefined;

/**
 * The `tools/list` answer: the twelve tools with titles, descriptions, annotations and their
 * input and output schemas as JSON Schema, converted exactly as the SDK's `McpServer` converts
 * them (`toJsonSchemaCompat`, strict unions, input pipes for inputs, output pipes for outputs).
 * Built on first use and shared by every request of the process; treat it as read-only.
 *
 * @returns the list result
 * @throws {TypeError} when a tool schema is not a zod object (a programming error)
 */
export function toolList(): ListToolsResult {
  _toolList ??= {
    tools: TOOL_DEFINITIONS.map((def) => ({
      name: def.name,
      title: def.title,
      description: def.description,
      inputSchema: _jsonSchema(def.input, "input"),
      annotations: { title: def.title, ..._ANNOTATIONS },
      // As the SDK's McpServer lists a plain tool: no task-based execution.
      execution: { taskSupport: "forbidden" as const },
      outputSchema: _jsonSchema(def.output, "output") as Tool["outputSchema"],
    })),
  };
  return _toolList;
}

const _byName = new Map(TOOL_DEFINITIONS.map((def) => [def.name, def]));

/**
 * Builds an MCP server exposing exactly the twelve `svc_*` tools. Cheap: the tool list is
 * precomputed ({@link toolList}) and the server holds only two request handlers.
 *
 * @param ctx catalog context shared with the REST adapter
 * @param options hooks (quota accounting, entitlements)
 * @returns a server to connect to one transport
 */
export function createMcpServer(ctx: CatalogContext, options: McpServerOptions = {}): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => toolList());
  // Our own call handler: validation errors carry our stable codes and quota accounting runs
  // once per call.
  server.setRequestHandler(CallToolRequestSchema, async (request: CallToolRequest) => {
    // Every call counts, one naming no tool too (as an unknown REST route does).
    try {
      await options.beforeToolCall?.(request.params.name);
    } catch (error) {
      return errorResult(error);
    }
    const def = _byName.get(request.params.name);
    if (!def) {
      throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    }
    const args = options.transformArgs
      ? options.transformArgs(def.name, request.params.arguments ?? {})
      : request.params.arguments;
    return await runTool(ctx, def, args);
  });
  return server;
}
