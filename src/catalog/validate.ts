/**
 * Parsing use-case input with zod and turning failures into {@link AppError}s with stable codes.
 *
 * @module
 */
import type { z } from "zod";
import { AppError, type FieldProblem } from "../errors.ts";

/**
 * Validates `input` against `schema`.
 *
 * A required field that is absent gives `missing_parameter`; any other problem gives
 * `invalid_parameter`. Every problem is listed in `errors[]` with its field name.
 *
 * @param schema the use case's input schema
 * @param input raw input (REST query/body already converted, or MCP arguments)
 * @returns the parsed, typed input
 * @throws {AppError} `missing_parameter` or `invalid_parameter`
 * @example
 * ```ts
 * const input = parseInput(SearchToolsInput, { q: "postgres", limit: 5 });
 * ```
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldProblem[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "(input)",
    message: issue.message,
  }));
  const missing = result.error.issues.find((issue) =>
    issue.code === "invalid_type" && issue.path.length > 0 &&
    _valueAt(input, issue.path as PropertyKey[]) === undefined
  );
  if (missing) {
    const field = missing.path.map(String).join(".");
    throw new AppError("missing_parameter", `Missing required parameter "${field}"`, { errors });
  }
  const first = errors[0]!;
  throw new AppError(
    "invalid_parameter",
    `Cannot use parameter "${first.field}": ${first.message}`,
    { errors },
  );
}

function _valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
