/**
 * The MCP adapter: the twelve `svc_*` tools, one per catalog operation that names an MCP tool
 * (`src/catalog/operations.ts`), over the same use cases as the REST routes, served by a fresh
 * stateless low-level {@link Server} per request (streamable HTTP, JSON responses) with explicit
 * `tools/list` and `tools/call` handlers.
 *
 * The `tools/list` answer (every tool's JSON Schemas) is computed once per process, with the SDK's
 * own converter and options (as `McpServer` would list them), and shared by every request: the
 * catalog's tools never change while it runs, and building the schemas cost about 7 ms a call.
 *
 * Each tool declares its zod input and output schema (listed to clients as JSON Schema), returns
 * `structuredContent`, checked against its output schema as `McpServer` checks it, plus a short
 * text rendering, and reports domain errors as a result with `isError: true` whose text is the
 * JSON `{code, status, message, errors?}`, the same `code` the REST API returns.
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
import { ALL_GRANTS, type Grants } from "../catalog/grants.ts";
import { MCP_OPERATIONS } from "../catalog/operations.ts";
import type { Operation } from "../catalog/operation_row.ts";
import { AppError, toAppError } from "../errors.ts";

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
  /** What the caller's tier allows (default: everything), passed to every use case. */
  grants?: Grants;
  /** The `instructions` given in `initialize` (default {@link INSTRUCTIONS}). */
  instructions?: string;
}

/**
 * Renders an error as an MCP tool result with `isError: true`. An `internal_error` is logged
 * unless the caller logged it already.
 *
 * @param error any thrown value (non-{@link AppError}s become `internal_error`)
 * @param logged true when the failure was logged with more detail already
 * @returns the result; its text is JSON `{code, status, message, errors?}`
 */
export function errorResult(error: unknown, logged = false): CallToolResult {
  const e = toAppError(error);
  if (e.code === "internal_error" && !logged) console.error("[mcp] tool failed:", error);
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
 * Results that matched their tool's output schema (a use case's cache returns one object for all
 * hits of an entry, see `catalog/memo.ts`).
 */
const _checked = new WeakSet<object>();

/**
 * Runs one tool: the catalog use case validates the arguments and runs with the caller's grants;
 * its output is checked against the tool's output schema (as the SDK's `McpServer` checks
 * `structuredContent`) and packed as `structuredContent` plus text.
 *
 * @param ctx catalog context
 * @param op the operation behind the tool
 * @param args raw arguments from the client
 * @param grants what the caller's tier allows
 * @returns the tool result (errors as `isError` results, never thrown; an output that does not
 *   match its schema is an `internal_error` result, logged)
 */
export async function runTool(
  ctx: CatalogContext,
  op: Operation,
  args: unknown,
  grants: Grants = ALL_GRANTS,
): Promise<CallToolResult> {
  try {
    const output = await op.run(ctx, args ?? {}, grants) as Record<string, unknown>;
    // A cached result is the same object at each hit: it is checked once.
    if (!_checked.has(output)) {
      const checked = op.output.safeParse(output);
      if (!checked.success) {
        console.error(
          `[mcp] ${op.mcpTool?.name}: output does not match its schema:`,
          checked.error,
        );
        const message = `The result of ${op.mcpTool?.name} does not match the tool's output schema`;
        return errorResult(new AppError("internal_error", message), true);
      }
      _checked.add(output);
    }
    return {
      structuredContent: output,
      content: [{ type: "text", text: (op.render as (o: unknown) => string)(output) }],
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
    tools: MCP_OPERATIONS.map((op) => {
      const tool = op.mcpTool!;
      return {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: _jsonSchema(op.input, "input"),
        annotations: { title: tool.title, ..._ANNOTATIONS },
        // As the SDK's McpServer lists a plain tool: no task-based execution.
        execution: { taskSupport: "forbidden" as const },
        outputSchema: _jsonSchema(op.output, "output") as Tool["outputSchema"],
      };
    }),
  };
  return _toolList;
}

const _byName = new Map(MCP_OPERATIONS.map((op) => [op.mcpTool!.name, op]));

/**
 * Builds an MCP server exposing exactly the twelve `svc_*` tools. Cheap: the tool list is
 * precomputed ({@link toolList}) and the server holds only two request handlers.
 *
 * @param ctx catalog context shared with the REST adapter, or a promise of it (the stdio server
 *   answers `initialize` and `tools/list` while its catalog opens; tool calls wait for it)
 * @param options quota accounting, the caller's grants and the instructions
 * @returns a server to connect to one transport
 */
export function createMcpServer(
  ctx: CatalogContext | Promise<CatalogContext>,
  options: McpServerOptions = {},
): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: options.instructions ?? INSTRUCTIONS,
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
    const op = _byName.get(request.params.name);
    if (!op) {
      throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    }
    let context: CatalogContext;
    try {
      context = await ctx;
    } catch (error) {
      return errorResult(error);
    }
    return await runTool(context, op, request.params.arguments, options.grants);
  });
  return server;
}
