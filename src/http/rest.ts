/**
 * The REST adapter under `/api/v1`, generated from the catalog's operation table
 * (`src/catalog/operations.ts`): each route reads its parameters, calls one catalog use case with
 * the caller's grants and serializes the result as JSON. Validation lives in the use cases' zod
 * schemas; this file only converts query strings (numbers, booleans, comma lists) and request
 * bodies.
 *
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { Context } from "hono";
import { AppError } from "../errors.ts";
import { grantsOf } from "./access.ts";
import { bodyDeadline, MAX_REST_BODY_BYTES, readBodyCapped } from "./body.ts";
import type { CatalogContext } from "../catalog/context.ts";
import { encodedJson } from "../catalog/memo.ts";
import { OPERATIONS } from "../catalog/operations.ts";
import type { Operation } from "../catalog/operation_row.ts";

/**
 * Answers with a JSON body, serializing and UTF-8 encoding each result object once: a use case's
 * cache hit returns an object decoded from the bytes it keeps and carrying them (see
 * `catalog/memo.ts`), so a hit skips `JSON.stringify` and the encoding (about a third of a cached
 * search's CPU time in a profile).
 *
 * @param c the request context
 * @param value the result object
 * @returns the response
 */
export function json(c: Context, value: object): Response {
  return c.body(encodedJson(value), 200, { "content-type": "application/json; charset=UTF-8" });
}

/** Largest accepted request body, in bytes (see `body.ts`). */
export const MAX_BODY_BYTES = MAX_REST_BODY_BYTES;

/**
 * The query parameters of one route: their names, and which of them are integers, booleans or
 * lists (sent comma-separated).
 */
export interface QueryFields {
  names: string[];
  integers: string[];
  booleans: string[];
  lists: string[];
}

/**
 * The query parameters of a use case's input schema: every field (in schema order) except
 * `except` (path parameters), and the fields whose JSON Schema type is `integer`, `boolean` or
 * `array`. Computed once per route at startup, so the route and the OpenAPI document (which reads
 * the same schemas) name the same parameters.
 *
 * @param schema the use case's input schema
 * @param except fields that are not query parameters
 * @returns the names, and the integer, boolean and list names
 */
export function queryFields(schema: z.ZodObject, except: string[] = []): QueryFields {
  const json = z.toJSONSchema(schema, { io: "input" }) as {
    properties?: Record<string, { type?: unknown }>;
  };
  const entries = Object.entries(json.properties ?? {}).filter(([name]) => !except.includes(name));
  return {
    names: entries.map(([name]) => name),
    integers: entries.filter(([, prop]) => prop.type === "integer").map(([name]) => name),
    booleans: entries.filter(([, prop]) => prop.type === "boolean").map(([name]) => name),
    lists: entries.filter(([, prop]) => prop.type === "array").map(([name]) => name),
  };
}

/**
 * Reads a route's query parameters; integer parameters must be whole decimal numbers, boolean
 * ones `true` or `false` (also `1` or `0`); a list is split at commas into trimmed, non-empty
 * items.
 *
 * @param c the request context
 * @param fields parameters to read (others are ignored), from {@link queryFields}
 * @returns an input object with only the parameters present
 * @throws {AppError} `invalid_parameter` for a non-numeric integer or a non-boolean boolean
 */
export function queryInput(
  c: Context,
  { names, integers, booleans, lists }: QueryFields,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  // One parse of the query string (the first value of a repeated name wins, as in `query(name)`).
  const all = c.req.query();
  for (const name of names) {
    const value = all[name];
    if (value === undefined) continue;
    if (integers.includes(name)) {
      if (!/^\s*-?\d{1,9}\s*$/.test(value)) {
        throw new AppError("invalid_parameter", `Cannot parse ${name} "${value}" as an integer`, {
          errors: [{ field: name, message: "Expected a whole number" }],
        });
      }
      input[name] = Number(value);
    } else if (booleans.includes(name)) {
      const v = value.trim().toLowerCase();
      if (!["true", "false", "1", "0"].includes(v)) {
        throw new AppError("invalid_parameter", `Cannot parse ${name} "${value}" as a boolean`, {
          errors: [{ field: name, message: "Expected true or false" }],
        });
      }
      input[name] = v === "true" || v === "1";
    } else if (lists.includes(name)) {
      input[name] = value.split(",").map((s) => s.trim()).filter(Boolean);
    } else input[name] = value;
  }
  return input;
}

/**
 * Reads a JSON request body, stopping at {@link MAX_BODY_BYTES} (see `readBodyCapped`).
 *
 * @param c the request context
 * @returns the parsed body
 * @throws {AppError} `unsupported_media_type` unless `Content-Type: application/json`;
 *   `payload_too_large` over {@link MAX_BODY_BYTES} (declared or received, chunked uploads
 *   included); `invalid_parameter` for malformed JSON or UTF-8
 */
export async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!isJsonMediaType(type)) {
    throw new AppError(
      "unsupported_media_type",
      `Cannot read a body of type "${
        type.length > 100 ? `${type.slice(0, 100)}…` : type || "(none)"
      }": send Content-Type: application/json`,
    );
  }
  const text = await readBodyCapped(c.req.raw, MAX_BODY_BYTES, bodyDeadline(c));
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_parameter", "Cannot parse the request body as JSON");
  }
}

/**
 * True for a JSON media type (`application/json`, `application/*+json`, any parameters), read in
 * one linear pass with no regular expression over the header.
 *
 * @param header the `Content-Type` value
 * @returns whether the body is JSON
 */
export function isJsonMediaType(header: string): boolean {
  const semicolon = header.indexOf(";");
  const essence = (semicolon === -1 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  if (!essence.startsWith("application/")) return false;
  const subtype = essence.slice("application/".length);
  return subtype === "json" ||
    (subtype.length > 5 && subtype.endsWith("+json") && /^[a-z0-9.+-]+$/.test(subtype));
}

function _methodNotAllowed(allow: string): never {
  throw new AppError("method_not_allowed", `Use ${allow} on this route`, { details: { allow } });
}

/**
 * The Hono route of an operation's path: `{name}` becomes `:name`, or `:name{.+}` for a
 * parameter that may hold `/`.
 *
 * @param op the operation
 * @returns the route pattern, e.g. `/servers/:name{.+}/install-config`
 */
export function routePattern(op: Operation): string {
  return op.path.replace(
    /\{(\w+)\}/g,
    (_: string, name: string) => op.slashParams?.includes(name) ? `:${name}{.+}` : `:${name}`,
  );
}

/** Path parameter names of an operation, in path order. */
function _pathParams(op: Operation): string[] {
  return [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/**
 * Route order: literal paths before those with parameters (`/tools/compare` before
 * `/tools/{slug}`), then more literal segments first (`/servers/{name}/install-config` before
 * `/servers/{name}`), so the first route that matches is the most specific.
 */
function _specificity(a: Operation, b: Operation): number {
  const params = (op: Operation) => _pathParams(op).length;
  const literals = (op: Operation) => op.path.split("/").filter((s) => s && !s.startsWith("{"));
  return params(a) - params(b) || literals(b).length - literals(a).length;
}

/**
 * Builds the `/api/v1` routes of every catalog operation ({@link OPERATIONS}): a `get` route reads
 * its path parameters and its query (integers, booleans and comma-separated lists converted as
 * the input schema types them), a `post` route its JSON body (other methods get 405); the use
 * case runs with the caller's grants and its output is the JSON response.
 *
 * @param ctx the catalog context
 * @returns a Hono app to mount at `/api/v1`
 */
export function restRoutes(ctx: CatalogContext): Hono {
  const api = new Hono();
  for (const op of [...OPERATIONS].sort(_specificity)) {
    const pattern = routePattern(op);
    if (op.method === "post") {
      api.post(pattern, async (c) => json(c, await op.run(ctx, await jsonBody(c), grantsOf(c))));
      api.all(pattern, () => _methodNotAllowed("POST"));
      continue;
    }
    const path = _pathParams(op);
    const fields = queryFields(op.input, path);
    api.get(pattern, async (c) => {
      const input = queryInput(c, fields);
      for (const name of path) input[name] = c.req.param(name);
      return json(c, await op.run(ctx, input, grantsOf(c)));
    });
  }
  return api;
}
