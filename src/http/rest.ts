/**
 * The REST adapter under `/api/v1`: each route reads its parameters, calls one catalog use case
 * and serializes the result as JSON. Validation lives in the use cases' zod schemas; this file only
 * converts query strings (numbers, comma lists) and request bodies.
 *
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { Context } from "hono";
import { applyEntitlements } from "../access/access.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./access.ts";
import { MAX_REST_BODY_BYTES, readBodyCapped } from "./body.ts";
import type { CatalogContext } from "../catalog/context.ts";
import { getInstallConfig, InstallConfigInput } from "../catalog/install.ts";
import {
  AlternativesInput,
  PricesInput,
  SearchServersInput,
  SearchToolsInput,
  TaxonomyInput,
} from "../catalog/schemas.ts";
import { encodedJson } from "../catalog/memo.ts";
import { getHealth, listPrices } from "../catalog/prices.ts";
import { compareServers, getServer, searchServers, serverFilters } from "../catalog/servers.ts";
import { getTaxonomy } from "../catalog/taxonomy.ts";
import {
  compareTools,
  getTool,
  listCategories,
  recommendTools,
  searchTools,
  toolAlternatives,
} from "../catalog/tools.ts";

/**
 * Answers with a JSON body, serializing and UTF-8 encoding each result object once: use cases
 * return the same object for repeated inputs (see `catalog/memo.ts`), so a cache hit skips
 * `JSON.stringify` and the encoding (about a third of a cached search's CPU time in a profile).
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

/** The query parameters of one route: their names, and which of them are integers or booleans. */
export interface QueryFields {
  names: string[];
  integers: string[];
  booleans: string[];
}

/**
 * The query parameters of a use case's input schema: every field (in schema order) except
 * `except` (path parameters), and the fields whose JSON Schema type is `integer`. Computed once
 * per route at startup, so the route and the OpenAPI document (which reads the same schemas) name
 * the same parameters.
 *
 * @param schema the use case's input schema
 * @param except fields that are not query parameters
 * @returns the names, the integer names and the boolean names
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
  };
}

/**
 * Reads a route's query parameters; integer parameters must be whole decimal numbers, boolean
 * ones `true` or `false` (also `1` or `0`).
 *
 * @param c the request context
 * @param fields parameters to read (others are ignored), from {@link queryFields}
 * @returns an input object with only the parameters present
 * @throws {AppError} `invalid_parameter` for a non-numeric integer or a non-boolean boolean
 */
export function queryInput(
  c: Context,
  { names, integers, booleans }: QueryFields,
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
    } else input[name] = value;
  }
  return input;
}

/** {@link queryInput} with the caller's tier entitlements applied (see `applyEntitlements`). */
function entitled(c: Context, fields: QueryFields): unknown {
  return applyEntitlements((c as Context<AppEnv>).get("caller"), queryInput(c, fields));
}

/** Query parameters per route, from the use cases' input schemas. */
const _QUERY = {
  tools: queryFields(SearchToolsInput),
  alternatives: queryFields(AlternativesInput),
  taxonomy: queryFields(TaxonomyInput),
  servers: queryFields(SearchServersInput),
  installConfig: queryFields(InstallConfigInput, ["name"]),
  prices: queryFields(PricesInput),
};

/** Splits a comma-separated parameter into trimmed, non-empty items (`undefined` when absent). */
function _list(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(",").map((s) => s.trim()).filter(Boolean);
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
  const text = await readBodyCapped(c.req.raw, MAX_BODY_BYTES);
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
 * Builds the `/api/v1` routes over a catalog.
 *
 * @param ctx the catalog context
 * @returns a Hono app to mount at `/api/v1`
 */
export function restRoutes(ctx: CatalogContext): Hono {
  const api = new Hono();

  api.get("/tools", async (c) =>
    json(
      c,
      await searchTools(
        ctx,
        entitled(c, _QUERY.tools),
      ),
    ));
  api.post("/tools/recommend", async (c) => json(c, await recommendTools(ctx, await jsonBody(c))));
  api.all("/tools/recommend", () => _methodNotAllowed("POST"));
  api.get(
    "/tools/compare",
    (c) => c.json(compareTools(ctx, { slugs: _list(c.req.query("slugs")) })),
  );
  api.get(
    "/tools/alternatives",
    (c) => c.json(toolAlternatives(ctx, queryInput(c, _QUERY.alternatives))),
  );
  api.get("/tools/:slug", (c) => c.json(getTool(ctx, { slug: c.req.param("slug") })));
  api.get("/categories", (c) => c.json(listCategories(ctx, {})));
  api.get("/taxonomy", (c) => c.json(getTaxonomy(ctx, queryInput(c, _QUERY.taxonomy))));

  api.get("/servers", async (c) =>
    json(
      c,
      await searchServers(
        ctx,
        entitled(c, _QUERY.servers),
      ),
    ));
  api.get("/servers/filters", (c) => c.json(serverFilters(ctx, {})));
  api.get(
    "/servers/compare",
    (c) => c.json(compareServers(ctx, { names: _list(c.req.query("names")) })),
  );
  api.get(
    "/servers/:name{.+}/install-config",
    (c) =>
      c.json(
        getInstallConfig(ctx, {
          name: c.req.param("name"),
          ...queryInput(c, _QUERY.installConfig),
        }),
      ),
  );
  api.get("/servers/:name{.+}", (c) => c.json(getServer(ctx, { name: c.req.param("name") })));

  api.get(
    "/llm-prices",
    (c) => c.json(listPrices(ctx, queryInput(c, _QUERY.prices))),
  );
  api.get("/health", (c) => json(c, getHealth(ctx)));
  return api;
}
