/**
 * The OpenAPI 3.1 description of the REST API, generated from the catalog's operation table
 * (`src/catalog/operations.ts`) and the same zod schemas the routes validate with, so it cannot
 * drift from them: query parameters come from each use case's input schema (`io: "input"`), the
 * 200 response from its output schema (`io: "output"`). {@link API_OPERATIONS} adds the routes
 * the HTTP layer serves itself (usage, bulk export, this document) and the MCP Registry API at
 * `/v0.1` (path items with their own `servers`, the service root); `tests/site/openapi_test.ts`
 * checks it against the routes the Hono app registers.
 *
 * @module
 */
import { z } from "zod";
import type { Usage } from "../access/access.ts";
import { TIER_NAMES } from "../access/tiers.ts";
import { InstallConfigOutput } from "../catalog/install.ts";
import { OPERATIONS } from "../catalog/operations.ts";
import type { Operation as CatalogOperation } from "../catalog/operation_row.ts";
import { ExportInput, ExportTombstone } from "../snapshot/export.ts";
import { HealthOutput, TaxonomyOutput } from "../catalog/schemas.ts";
import { PriceRecord, PricesOutput } from "../catalog/price_schemas.ts";
import {
  FiltersOutput,
  SearchServersOutput,
  ServerDetailsOutput,
  ServerSummary,
} from "../catalog/server_schemas.ts";
import {
  AlternativesOutput,
  CategoriesOutput,
  RecommendOutput,
  SearchToolsOutput,
  ToolDetailsOutput,
  ToolRecord,
} from "../catalog/tool_schemas.ts";
import {
  RegistryHealth,
  RegistryListInput,
  RegistryServerList,
  RegistryServerResponse,
  RegistryVersionInfo,
  RegistryVersionInput,
  RegistryVersionsInput,
} from "../catalog/registry.ts";
import { ERROR_CODES, type ProblemDocument } from "../errors.ts";
import { MAX_BODY_BYTES } from "./rest.ts";
import { InstallConfig } from "../model/install.ts";
import { Review, ServerReviewInput, ToolReviewInput, UserReviews } from "../model/review.ts";
import {
  CompareServersWithReviews,
  CompareToolsWithReviews,
  ServerDetailsWithReviews,
  ToolDetailsWithReviews,
} from "../catalog/user_reviews.ts";
import {
  REVIEW_WRITES_PER_DAY,
  ReviewDeleteResult,
  ReviewExportRecord,
  ReviewWriteResult,
} from "../reviews/reviews.ts";
import { TrustScore } from "../model/trust.ts";

/** Version of the API description (the REST path carries the major version). */
export const API_VERSION = "1.0.0";

/** A JSON Schema / OpenAPI object as plain JSON. */
export type JsonObject = { [key: string]: unknown };

/** RFC 9457 problem document (`application/problem+json`), as every error response carries. */
export const ProblemDetails = z.looseObject({
  type: z.string().describe("URI naming the problem type: {base_url}/problems/{code}"),
  title: z.string().describe("Short summary of the problem type (stable per code)"),
  status: z.number().int().describe("HTTP status code"),
  detail: z.string().describe("Human-readable explanation of this occurrence"),
  code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES]).describe(
    "Stable machine-readable error code",
  ),
  errors: z.array(z.object({
    field: z.string().describe("Parameter or body member, e.g. limit"),
    message: z.string().describe("What is wrong with it"),
    location: z.string().exactOptional().describe(
      "MCP Registry API: where the value was read, e.g. query.limit",
    ),
    value: z.unknown().exactOptional().describe("MCP Registry API: the value given"),
  })).optional().describe("Field problems, when the error is about input"),
}).describe("RFC 9457 problem details; extension members (e.g. retryAfter) may follow");

const _Window = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  resetsAt: z.string().describe("ISO 8601 reset time"),
});

/** The usage report of `GET /api/v1/usage` (the `Usage` type of `src/access/access.ts`). */
export const UsageOutput = z.object({
  tier: z.enum(TIER_NAMES),
  subject: z.object({
    kind: z.enum(["ip", "key"]).describe("ip: free tier (IPv6 per /64); key: API key"),
    id: z.string(),
  }),
  key: z.object({ id: z.string(), name: z.string(), createdAt: z.string() }).nullable(),
  day: _Window.describe("Current UTC day"),
  month: _Window.describe("Current UTC calendar month"),
  entitlements: z.object({
    semanticSearch: z.boolean(),
    usageHistory: z.boolean(),
    bulkExport: z.boolean(),
    prioritySupport: z.boolean(),
  }),
  history: z.array(z.object({ date: z.string(), requests: z.number().int() })).nullable()
    .describe("Requests per UTC day for the last 30 days (key holders with usageHistory)"),
});

// Compile-time guards: the hand-written schemas above must match the types they describe.
type _Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _usageMatches: _Same<z.infer<typeof UsageOutput>, Usage> = true;
type _Problem = z.infer<typeof ProblemDetails>;
type _Members = "type" | "title" | "status" | "detail" | "code";
const _problemMatches:
  & _Same<Pick<_Problem, _Members>, Pick<ProblemDocument, _Members>>
  & _Same<NonNullable<_Problem["errors"]>, NonNullable<ProblemDocument["errors"]>> = true;
void _usageMatches;
void _problemMatches;

/** The OpenAPI document itself (its top level; `GET /api/v1/openapi.json`). */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
}).describe("OpenAPI 3.1 document");

/** Named response schemas: each becomes `#/components/schemas/{name}`. */
const COMPONENTS = {
  ToolRecord,
  SearchToolsResult: SearchToolsOutput,
  ToolDetails: ToolDetailsWithReviews,
  ToolComparison: CompareToolsWithReviews,
  ToolAlternatives: AlternativesOutput,
  Recommendations: RecommendOutput,
  Categories: CategoriesOutput,
  TaxonomyNode: TaxonomyOutput.shape.facets.element,
  Taxonomy: TaxonomyOutput,
  ServerSummary,
  SearchServersResult: SearchServersOutput,
  TrustScore: TrustScore,
  ServerDetails: ServerDetailsWithReviews,
  ServerComparison: CompareServersWithReviews,
  ServerFilters: FiltersOutput,
  InstallConfig: InstallConfig,
  InstallConfigs: InstallConfigOutput,
  PriceRecord,
  Prices: PricesOutput,
  Review,
  UserReviews,
  ReviewWriteResult,
  ReviewDeleteResult,
  ReviewExportRecord,
  // The details as exported (users' reviews are exported apart, /export/reviews).
  ToolExport: ToolDetailsOutput,
  ServerExport: ServerDetailsOutput,
  ExportRecord: z.union([ToolDetailsOutput, ServerDetailsOutput, PriceRecord, ExportTombstone])
    .describe(
      "One line of an export: tool details, server details or a price record, by kind; with " +
        "updated_since, also a tombstone of each record removed since",
    ),
  Health: HealthOutput,
  Usage: UsageOutput,
  RegistryServerList,
  RegistryServerResponse,
  RegistryHealth,
  RegistryVersionInfo,
  RegistryPing: z.object({ pong: z.literal(true) }).describe("The registry's liveness answer"),
  OpenApiDocument: OpenApiDocumentSchema,
  ProblemDetails,
} as const;

/** Name of a response schema component. */
export type ComponentName = keyof typeof COMPONENTS;

/** Error statuses an operation may answer with, each a response in `components.responses`. */
export type ErrorStatus =
  | 400
  | 401
  | 403
  | 404
  | 405
  | 408
  | 413
  | 415
  | 422
  | 429
  | 500
  | 501
  | 503;

/** One operation of the OpenAPI document. */
export interface ApiOperation {
  /** HTTP method (lower case). */
  method: "get" | "post" | "put" | "delete" | "patch";
  /** Path under {@link ApiOperation.base}, with `{slug}`/`{name}` parameters. */
  path: string;
  /** Prefix of `path` on the service: `/api/v1` (the default) or `""` (the registry API). */
  base?: "/api/v1" | "";
  /** Unique id (the MCP tool name where one exists, else a verb phrase). */
  operationId: string;
  /** Tag the operation is grouped under. */
  tag: string;
  /** One line. */
  summary: string;
  /** Longer explanation (Markdown). */
  description?: string;
  /** Input schema whose fields are the path and query parameters. */
  input?: z.ZodObject;
  /** Fields of `input` that are path parameters. */
  pathParams?: string[];
  /** Input schema of the JSON request body. */
  body?: z.ZodType;
  /** Component of the 200 response; absent for an operation that is not implemented (501). */
  output?: ComponentName;
  /** Error responses besides 401, 500 and 503 (which every operation may give). */
  errors: ErrorStatus[];
  /** False for routes that never count against the quota. */
  counted?: boolean;
  /**
   * Media of the 200 answer: `json` (default); `ndjson`, one `output` record per line (gzip when
   * the client accepts it); `archive`, a gzip-compressed tar file (`output` is ignored).
   */
  media?: "json" | "ndjson" | "archive";
  /** True when the answer has an `ETag` and a matching `If-None-Match` gets 304. */
  conditional?: boolean;
}

const REGISTRY_NOTE =
  "MCP Registry API (modelcontextprotocol/registry `docs/reference/api/openapi.yaml`), served at " +
  "`/v0.1` and, as an alias, `/v0` (reference: docs/registry-api.md). Counted against the " +
  "registry API's own allowance of the tier (free: 2,000 a day per IP), not the `/api/v1` " +
  "quota. Answers carry a weak `ETag`, `Cache-Control: public, max-age=300` and gzip when " +
  "accepted; `If-None-Match` with the current ETag gets `304 Not Modified`, which is not " +
  "counted.";

const REGISTRY_NAME_NOTE =
  "`serverName` is one URL-encoded path segment (`io.github.owner%2Frepo`): a registry name, " +
  "another official name of the entry, or its toolatlas name.";

/**
 * One of the registry's write operations: documented as the registry specification has it, and
 * answered 501 `not_implemented` (this registry is read-only).
 */
function _registryWrite(
  method: ApiOperation["method"],
  path: string,
  operationId: string,
  summary: string,
): ApiOperation {
  const params = path.includes("{version}")
    ? {
      input: RegistryVersionInput.pick({ serverName: true, version: true }),
      pathParams: ["serverName", "version"],
    }
    : path.includes("{serverName}")
    ? { input: RegistryVersionsInput.pick({ serverName: true }), pathParams: ["serverName"] }
    : {};
  return {
    method,
    path,
    base: "",
    operationId,
    tag: "MCP Registry",
    summary: `${summary} (not implemented: read-only registry)`,
    description:
      "Part of the registry specification for registries that accept writes; toolatlas is read-only and answers 501 `not_implemented`. Publish to the official MCP Registry instead.",
    ...params,
    errors: [501],
  };
}

/** A registry service route (`/ping`, `/health`, `/version`): uncounted, fair use applies. */
function _registryService(
  path: string,
  operationId: string,
  summary: string,
  output: ComponentName,
): ApiOperation {
  return {
    method: "get",
    path,
    base: "",
    operationId,
    tag: "MCP Registry",
    summary,
    description:
      "Not counted against any allowance; subject to the fair-use limit of uncounted requests (429).",
    output,
    errors: [429],
    counted: false,
  };
}

const _VERSION_PATH = "/v0.1/servers/{serverName}/versions/{version}";

/** The registry's write operations (see {@link _registryWrite}). */
const _REGISTRY_WRITES: ApiOperation[] = [
  _registryWrite("put", _VERSION_PATH, "editRegistryServerVersion", "Edit a server version"),
  _registryWrite("delete", _VERSION_PATH, "deleteRegistryServerVersion", "Delete a version"),
  _registryWrite(
    "patch",
    `${_VERSION_PATH}/status`,
    "setRegistryVersionStatus",
    "Change a version's status",
  ),
  _registryWrite(
    "patch",
    "/v0.1/servers/{serverName}/status",
    "setRegistryServerStatus",
    "Change the status of every version",
  ),
  _registryWrite("post", "/v0.1/publish", "publishRegistryServer", "Publish a server"),
];

/** Names of the response schema components, by schema. */
const _COMPONENT_NAMES = new Map<z.ZodType, ComponentName>(
  Object.entries(COMPONENTS).map(([name, schema]) => [schema, name as ComponentName]),
);

/**
 * The OpenAPI form of a catalog operation: its path under `/api/v1`, its input schema as the
 * path and query parameters (or as the JSON body of a `post`), its output as a component.
 *
 * @param op a row of the catalog's operation table
 * @returns the documented operation
 * @throws {TypeError} when the output schema is not a named component (a programming error)
 */
function _fromCatalog(op: CatalogOperation): ApiOperation {
  const output = _COMPONENT_NAMES.get(op.output);
  if (output === undefined) throw new TypeError(`Cannot name the output of "${op.id}"`);
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const bodyNote = op.method === "post"
    ? ` Body at most ${MAX_BODY_BYTES} bytes of \`application/json\`.`
    : "";
  const description = op.doc.description === undefined && bodyNote === ""
    ? undefined
    : ((op.doc.description ?? "") + bodyNote).trim();
  return {
    method: op.method,
    path: op.path,
    operationId: op.id,
    tag: op.doc.tag,
    summary: op.doc.summary,
    ...(description !== undefined && { description }),
    ...(op.method === "post" ? { body: op.input } : { input: op.input }),
    ...(pathParams.length > 0 && { pathParams }),
    output,
    errors: [...op.doc.errors],
    ...(op.doc.counted === false && { counted: false }),
  };
}

const _REVIEW_NOTE =
  `Needs an API key of any tier (\`Authorization: Bearer sk_svc_...\`; 401 \`key_required\` without one); reading reviews needs none (details, comparisons, search \`rating\`). One review per key and entry: a second POST replaces it, DELETE removes it. Each key may make ${REVIEW_WRITES_PER_DAY} review writes (creates, replacements, deletions) per UTC day (429 \`rate_limited\` past them), and each counts as one request of the tier's quota. Title and text are plain text (shown as text, never HTML; links are not made clickable). 503 \`reviews_unavailable\` when the review store cannot be written: nothing was changed.`;

/** The write and delete routes of users' reviews of one kind of entry. */
function _reviewOperations(kind: "tool" | "server"): ApiOperation[] {
  const tool = kind === "tool";
  const path = tool ? "/tools/{slug}/reviews" : "/servers/{name}/reviews";
  const input = tool
    ? z.object({ slug: z.string().describe("Tool slug") })
    : z.object({ name: z.string().describe("Server name (keeps its `/`)") });
  const noun = tool ? "an AI tool" : "an MCP server";
  const Noun = tool ? "Tool" : "Server";
  return [
    {
      method: "post",
      path,
      operationId: `write${Noun}Review`,
      tag: tool ? "AI tools" : "MCP servers",
      summary: `Write or replace your review of ${noun}`,
      description: `${
        tool ? "" : "Servers also take `worked`, `client` and `version`. "
      }${_REVIEW_NOTE} Body at most ${MAX_BODY_BYTES} bytes of \`application/json\`.`,
      input,
      pathParams: [tool ? "slug" : "name"],
      body: tool ? ToolReviewInput : ServerReviewInput,
      output: "ReviewWriteResult",
      errors: [400, 404, 413, 415, 429],
    },
    {
      method: "delete",
      path,
      operationId: `delete${Noun}Review`,
      tag: tool ? "AI tools" : "MCP servers",
      summary: `Delete your review of ${noun}`,
      description: `404 when this key has no review of it. ${_REVIEW_NOTE}`,
      input,
      pathParams: [tool ? "slug" : "name"],
      output: "ReviewDeleteResult",
      errors: [404, 429],
    },
  ];
}

/**
 * Every operation the document describes, in display order: the catalog operations, the review
 * writes, the routes the HTTP layer serves itself, and the MCP Registry API.
 */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...OPERATIONS.map(_fromCatalog),
  ..._reviewOperations("tool"),
  ..._reviewOperations("server"),
  {
    method: "get",
    path: "/usage",
    operationId: "getUsage",
    tag: "Service",
    summary: "The caller's tier, quota use and resets",
    output: "Usage",
    errors: [429],
  },
  {
    method: "get",
    path: "/export/{kind}",
    operationId: "exportCatalog",
    tag: "Bulk data",
    summary: "Every tool, server or price as NDJSON, one full details record per line",
    description:
      "For tiers with the `bulkExport` entitlement (Enterprise); others get 403 `entitlement_required`. " +
      "Streams with constant memory; gzip-compressed when `Accept-Encoding` allows; `ETag` and " +
      "`Last-Modified` from the catalog build (`If-None-Match` → 304). Every entry is exported, " +
      "adult ones and variants included (their `content` and `variantOf` say so). Counts as one request.",
    input: ExportInput,
    pathParams: ["kind"],
    output: "ExportRecord",
    errors: [403, 404, 429],
    media: "ndjson",
    conditional: true,
  },
  {
    method: "get",
    path: "/export/reviews",
    operationId: "exportReviews",
    tag: "Bulk data",
    summary: "Users' visible reviews as NDJSON, one review per line with its entry",
    description:
      "For tiers with the `bulkExport` entitlement (Enterprise). Read live from the review store (no `ETag`); gzip-compressed when `Accept-Encoding` allows. Each line names the entry by kind, stable `entryId` and its `key` in this catalog. Hidden reviews and authors are left out. Counts as one request.",
    output: "ReviewExportRecord",
    errors: [403, 404, 429],
    media: "ndjson",
  },
  {
    method: "get",
    path: "/export/snapshot",
    operationId: "exportSnapshot",
    tag: "Bulk data",
    summary: "The catalog snapshot archive (manifest, licence notices, SQLite catalog)",
    description:
      "A gzip-compressed tar file that `toolatlas serve --snapshot FILE` verifies and serves (see the README, " +
      "air-gapped installs). Made on the first request for a build. Same entitlement, caching and counting " +
      "as the NDJSON exports.",
    output: "ExportRecord",
    errors: [403, 429],
    media: "archive",
    conditional: true,
  },
  {
    method: "get",
    path: "/openapi.json",
    operationId: "getOpenApi",
    tag: "Service",
    summary: "This OpenAPI 3.1 document",
    output: "OpenApiDocument",
    errors: [429],
  },
  {
    method: "get",
    path: "/v0.1/servers",
    base: "",
    operationId: "listRegistryServers",
    tag: "MCP Registry",
    summary: "List MCP servers as the MCP Registry API does",
    description:
      `${REGISTRY_NOTE} One row per version, by name then version, with an opaque, URL-safe \`nextCursor\` (absent when nothing follows; the registry's \`name:version\` cursor is accepted too). By default only entries a client can install (a package or a usable remote); \`search\` is the registry's case-insensitive substring filter over name and description, in name order with an exact name first. Extensions: \`toolatlas.include_uninstallable\`, \`toolatlas.ranked\`; \`updated_since\` compares toolatlas's own record times and returns deletions with \`status: deleted\`; every entry carries a compact \`_meta["ai.toolatlas/enrichment"]\`. Out-of-bounds or mistyped parameters: 422; malformed \`updated_since\`: 400.`,
    input: RegistryListInput,
    output: "RegistryServerList",
    errors: [400, 422, 429],
  },
  {
    method: "get",
    path: "/v0.1/servers/{serverName}/versions",
    base: "",
    operationId: "listRegistryServerVersions",
    tag: "MCP Registry",
    summary: "Every version of one MCP server the official registry published, newest first",
    description: `${REGISTRY_NAME_NOTE} ${REGISTRY_NOTE}`,
    input: RegistryVersionsInput,
    pathParams: ["serverName"],
    output: "RegistryServerList",
    errors: [404, 422, 429],
  },
  {
    method: "get",
    path: "/v0.1/servers/{serverName}/versions/{version}",
    base: "",
    operationId: "getRegistryServerVersion",
    tag: "MCP Registry",
    summary: "One version of one MCP server (`latest` or exact), with the full enrichment",
    description:
      `${REGISTRY_NAME_NOTE} The enrichment adds trust components, tool descriptions, source records and install configs per client. ${REGISTRY_NOTE} \`/v0/servers/{serverName}\` answers the same as \`/versions/latest\`.`,
    input: RegistryVersionInput,
    pathParams: ["serverName", "version"],
    output: "RegistryServerResponse",
    errors: [404, 422, 429],
  },
  _registryService(
    "/v0.1/ping",
    "registryPing",
    "Liveness, as the registry answers",
    "RegistryPing",
  ),
  _registryService(
    "/v0.1/health",
    "registryHealth",
    "Health, as the registry answers, with the counts of what toolatlas serves",
    "RegistryHealth",
  ),
  _registryService(
    "/v0.1/version",
    "registryVersion",
    "Service version and catalog build time, as the registry answers",
    "RegistryVersionInfo",
  ),
  ..._REGISTRY_WRITES,
];

const _ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: "BadRequest", description: "Invalid or missing parameter" },
  401: {
    name: "Unauthorized",
    description:
      "Malformed, unknown or revoked API key (`invalid_api_key`), or no key on a route that needs one (`key_required`)",
  },
  403: {
    name: "Forbidden",
    description: "The caller's tier lacks the entitlement the route needs (`entitlement_required`)",
  },
  404: { name: "NotFound", description: "No such entry (or taxonomy id)" },
  405: { name: "MethodNotAllowed", description: "Wrong method for this route" },
  408: {
    name: "RequestTimeout",
    description:
      "The body did not arrive within the read deadline (`request_timeout`; the connection is closed)",
  },
  413: { name: "PayloadTooLarge", description: `Body over ${MAX_BODY_BYTES} bytes` },
  415: { name: "UnsupportedMediaType", description: "Body is not application/json" },
  422: {
    name: "UnprocessableEntity",
    description:
      "MCP Registry API: a parameter out of its bounds or of the wrong type (`validation_failed`), each problem with its `location` (`query.limit`) and `value`",
  },
  429: {
    name: "RateLimited",
    description:
      "Over the daily or monthly quota of the tier, or over the fair-use limit of uncounted requests",
  },
  500: { name: "InternalError", description: "The server could not complete the request" },
  501: { name: "NotImplemented", description: "The operation is not implemented (read-only)" },
  503: {
    name: "QuotaUnavailable",
    description:
      "The quota and key store (`quota_unavailable`) or the review store (`reviews_unavailable`) cannot be reached; retry after `Retry-After` seconds",
  },
};

const _RATE_LIMIT_HEADERS: Record<string, { description: string; schema: JsonObject }> = {
  "RateLimit-Policy": {
    description:
      'Quota policies (IETF draft), e.g. `"day";q=100;w=86400, "month";q=3000;w=2592000`',
    schema: { type: "string" },
  },
  "RateLimit": {
    description: 'Remaining quota of the tightest window, e.g. `"day";r=57;t=3600`',
    schema: { type: "string" },
  },
  "X-RateLimit-Limit": {
    description: "Limit of the tightest window",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": {
    description: "Requests left in that window",
    schema: { type: "integer" },
  },
  "X-RateLimit-Reset": {
    description: "Seconds until that window resets",
    schema: { type: "integer" },
  },
};

/**
 * Removes generator noise: `$schema`, `$id`, and the safe-integer bounds of every integer (but
 * never a property of that name: server.json has a `$schema` member).
 */
function _clean(value: unknown, names = false): unknown {
  if (Array.isArray(value)) return value.map((v) => _clean(v));
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (!names && (k === "$schema" || k === "$id")) continue;
    if (!names && k === "minimum" && v === Number.MIN_SAFE_INTEGER) continue;
    if (!names && k === "maximum" && v === Number.MAX_SAFE_INTEGER) continue;
    out[k] = _clean(v, !names && k === "properties");
  }
  return out;
}

/** JSON Schema of an input (query or body) schema; inputs must not need `$defs`. */
function _inputSchema(schema: z.ZodType): JsonObject {
  const json = _clean(z.toJSONSchema(schema, { io: "input" })) as JsonObject;
  if ("$defs" in json) throw new TypeError("Cannot inline an input schema that has $defs");
  return json;
}

/** Response schemas of every component, refs between them as `#/components/schemas/{name}`. */
function _componentSchemas(): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Record<string, JsonObject> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const json = _clean(schema) as JsonObject;
    if ("$defs" in json) throw new TypeError(`Cannot place $defs of component "${id}"`);
    out[id] = json;
  }
  return out;
}

/** Path and query parameters of an operation, from its input schema's fields. */
function _parameters(op: ApiOperation): JsonObject[] {
  if (!op.input) return [];
  const json = _inputSchema(op.input);
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, prop]) => {
    const { description, ...schema } = prop;
    const inPath = op.pathParams?.includes(name) ?? false;
    const param: JsonObject = {
      name,
      in: inPath ? "path" : "query",
      required: inPath || required.has(name),
      ...(typeof description === "string" && { description }),
      schema,
    };
    if (schema.type === "array") {
      // Lists are sent comma-separated: `slugs=a,b,c`.
      param.style = "form";
      param.explode = false;
      param.description = `${description ?? "List"}, comma-separated`;
    }
    return param;
  });
}

function _operation(op: ApiOperation): JsonObject {
  const responses: JsonObject = {};
  if (op.output !== undefined) {
    const ref = { $ref: `#/components/schemas/${op.output}` };
    const content = op.media === "ndjson"
      ? { "application/x-ndjson": { schema: ref } }
      : op.media === "archive"
      ? { "application/gzip": { schema: { type: "string", contentMediaType: "application/gzip" } } }
      : { "application/json": { schema: ref } };
    const validators: JsonObject = op.conditional
      ? {
        ETag: { description: "Entity tag of the catalog build", schema: { type: "string" } },
        "Last-Modified": { description: "When the catalog was built", schema: { type: "string" } },
      }
      : {};
    responses["200"] = {
      description: op.summary,
      headers: { ...(op.counted === false ? {} : _headerRefs()), ...validators },
      content,
    };
    if (op.conditional) {
      responses["304"] = {
        description: "Not modified: `If-None-Match` matches",
        headers: validators,
      };
    }
  }
  // Every route that reads a body answers 408 to one that does not arrive in time.
  const read: ErrorStatus[] = op.body === undefined ? [] : [408];
  for (const status of [...new Set<ErrorStatus>([...op.errors, ...read, 401, 500, 503])].sort()) {
    responses[String(status)] = { $ref: `#/components/responses/${_ERROR_RESPONSES[status].name}` };
  }
  const out: JsonObject = {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description !== undefined && { description: op.description }),
    parameters: _parameters(op),
    responses,
  };
  if (op.body) {
    out.requestBody = {
      required: true,
      content: { "application/json": { schema: _inputSchema(op.body) } },
    };
  }
  return out;
}

function _headerRefs(): JsonObject {
  return Object.fromEntries(
    Object.keys(_RATE_LIMIT_HEADERS).map((h) => [h, { $ref: `#/components/headers/${h}` }]),
  );
}

function _errorResponses(): JsonObject {
  const problem = { $ref: "#/components/schemas/ProblemDetails" };
  return Object.fromEntries(
    Object.entries(_ERROR_RESPONSES).map(([status, { name, description }]) => {
      const headers: JsonObject = status === "429"
        ? {
          "Retry-After": {
            description:
              "Seconds until the window that blocks resets (or a fair-use token is back)",
            schema: { type: "integer" },
          },
          ..._headerRefs(),
        }
        : status === "503"
        ? { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } }
        : status === "401"
        ? { "WWW-Authenticate": { description: "Bearer challenge", schema: { type: "string" } } }
        : status === "405"
        ? { "Allow": { description: "The allowed method", schema: { type: "string" } } }
        : {};
      return [name, {
        description,
        headers,
        content: { "application/problem+json": { schema: problem } },
      }];
    }),
  );
}

let _cached: { baseUrl: string; doc: JsonObject } | undefined;

/**
 * Builds the OpenAPI 3.1 document of the REST API.
 *
 * @param baseUrl public base URL of the service (without `/api/v1`)
 * @returns the document (cached per base URL; treat it as read-only)
 * @example
 * ```ts
 * const doc = openApiDocument("http://localhost:8000");
 * doc.openapi; // "3.1.0"
 * ```
 */
export function openApiDocument(baseUrl: string): JsonObject {
  if (_cached?.baseUrl === baseUrl) return _cached.doc;
  const paths: Record<string, JsonObject> = {};
  for (const op of API_OPERATIONS) {
    const item = paths[op.path] ??= {};
    // Registry paths live at the root of the service, not under /api/v1.
    if (op.base === "") item.servers = [{ url: baseUrl }];
    item[op.method] = _operation(op);
  }
  const doc: JsonObject = {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: "toolatlas API",
      version: API_VERSION,
      summary: "Directory of AI tools, MCP servers and first-party LLM list prices",
      description:
        "JSON over HTTP with CORS. The free tier needs no key (100 requests/day, 3,000/month per IP); " +
        "paid tiers send `Authorization: Bearer sk_svc_...`. Errors are RFC 9457 problem documents " +
        "with a stable `code`. The same use cases are exposed as MCP tools at `/mcp`.",
    },
    servers: [{ url: `${baseUrl}/api/v1` }],
    security: [{}, { bearerAuth: [] }],
    tags: [
      { name: "AI tools", description: "Search, details, comparison and recommendations" },
      { name: "Taxonomy", description: "Facets, subcategories and leaves with counts" },
      { name: "MCP servers", description: "Search, details, trust scores, install configs" },
      { name: "LLM prices", description: "First-party list prices" },
      { name: "Service", description: "Health, usage and this document" },
      {
        name: "Bulk data",
        description: "NDJSON exports and the catalog snapshot, for tiers with bulk export",
      },
      {
        name: "MCP Registry",
        description:
          "The MCP Registry read API (`/v0.1`, alias `/v0`) with toolatlas's enrichment: use toolatlas as your registry",
      },
    ],
    paths,
    components: {
      schemas: _componentSchemas(),
      responses: _errorResponses(),
      headers: _RATE_LIMIT_HEADERS,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sk_svc_ + 32 base62 characters",
          description:
            "API key of a paid tier. Without a key, requests count against the free tier per IP.",
        },
      },
    },
  };
  _cached = { baseUrl, doc };
  return doc;
}
