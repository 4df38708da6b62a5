/**
 * The shape of one row of the operation table (`operations.ts`): an {@link Operation} with its
 * MCP tool ({@link McpToolDoc}) and OpenAPI documentation ({@link OperationDoc}), the typed row
 * constructor {@link defineOperation}, and the small text helpers the rows' MCP renderings share.
 *
 * @module
 */
import type { z } from "zod";
import type { CatalogContext } from "./context.ts";
import type { Grants } from "./grants.ts";
import type { UserReviews } from "../model/review.ts";

/** How an operation appears as an MCP tool. */
export interface McpToolDoc {
  /** Exact tool name, e.g. `svc_tools_search`. */
  name: string;
  /** Human title, e.g. `Search AI tools`. */
  title: string;
  /** What an agent reads to choose the tool. */
  description: string;
}

/** How an operation appears in the OpenAPI document. */
export interface OperationDoc {
  /** Tag the operation is grouped under, e.g. `AI tools`. */
  tag: string;
  /** One line. */
  summary: string;
  /** Longer explanation (Markdown). */
  description?: string;
  /** Error statuses besides 401, 500 and 503 (which every operation may give). */
  errors: readonly (400 | 403 | 404 | 405 | 413 | 415 | 429)[];
  /** False for an operation that never counts against the quota. */
  counted?: false;
}

/** One catalog operation. */
export interface Operation {
  /** Unique id, the OpenAPI `operationId`, e.g. `searchTools`. */
  id: string;
  /** The MCP tool that exposes it, or `null` for a REST-only operation. */
  mcpTool: McpToolDoc | null;
  /** HTTP method of its REST route: `get` reads the query, `post` a JSON body. */
  method: "get" | "post";
  /** REST path under `/api/v1`, with `{name}` path parameters, e.g. `/tools/{slug}`. */
  path: string;
  /** Path parameters whose value may hold `/` (server names). */
  slashParams?: readonly string[];
  /** Input schema: path and query parameters (`get`) or the JSON body (`post`); MCP arguments. */
  input: z.ZodObject;
  /** Output schema: the REST response body and the MCP `structuredContent`. */
  output: z.ZodType;
  /**
   * The use case: validates the raw input with {@link Operation.input} and returns the output.
   * Throws (or rejects with) an `AppError` for bad input or an unknown id.
   */
  run: (ctx: CatalogContext, input: unknown, grants: Grants) => object | Promise<object>;
  /** Short text rendering of the output for MCP clients that ignore `structuredContent`. */
  render: ((output: never) => string) | null;
  /** The tier entitlement the use case reads (`run` gets the caller's grants), or `null`. */
  entitlement: keyof Grants | null;
  /** Its OpenAPI documentation. */
  doc: OperationDoc;
}

/**
 * Defines a row whose use case and render function are typed by its output schema.
 *
 * @param row the operation, with `run` returning and `render` taking the output schema's type
 * @returns the same object, as an {@link Operation}
 * @example
 * ```ts
 * const row = defineOperation({
 *   id: "getHealth",
 *   mcpTool: null,
 *   method: "get",
 *   path: "/health",
 *   input: HealthInput,
 *   output: HealthOutput,
 *   run: (ctx) => getHealth(ctx),
 *   render: null,
 *   entitlement: null,
 *   doc: { tag: "Service", summary: "Catalog health", errors: [429] },
 * });
 * ```
 */
export function defineOperation<O extends z.ZodType<object>>(
  row: Omit<Operation, "output" | "render" | "run"> & {
    output: O;
    run: (ctx: CatalogContext, input: unknown, grants: Grants) => z.infer<O> | Promise<z.infer<O>>;
    render: ((output: z.infer<O>) => string) | null;
  },
): Operation {
  return row as Operation;
}

/**
 * The parts of one line of an MCP rendering joined by ` · `, the empty ones (`null`,
 * `undefined`, `false`, `""`) left out.
 *
 * @param parts the parts
 * @returns the line
 * @example
 * ```ts
 * renderLine(["Scribe", null, "free tier", false]); // "Scribe · free tier"
 * ```
 */
export const renderLine = (parts: (string | number | null | undefined | false)[]): string =>
  parts.filter((p) => p !== null && p !== undefined && p !== false && p !== "").join(" · ");

/**
 * One line on users' reviews for MCP clients, e.g. `User reviews: 4.33/5 from 3, worked for 2
 * of 3; newest: "Works well"`.
 *
 * @param r an entry's users' reviews (`user_reviews.ts`), or `null`
 * @returns the line; `""` for `null`, `User reviews: none yet` without reviews
 * @example
 * ```ts
 * userReviewsLine(null); // ""
 * ```
 */
export function userReviewsLine(r: UserReviews | null): string {
  if (r === null) return "";
  const a = r.aggregate;
  if (a.count === 0) return "User reviews: none yet";
  const worked = a.worked && a.worked.of > 0
    ? `, worked for ${a.worked.yes} of ${a.worked.of}`
    : "";
  const newest = r.newest[0];
  const quote = newest?.title ?? newest?.text?.slice(0, 120);
  return `User reviews: ${a.mean}/5 from ${a.count}${worked}${quote ? `; newest: "${quote}"` : ""}`;
}
