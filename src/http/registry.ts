/**
 * The MCP Registry API adapter, mounted at `/v0.1` and at `/v0` (an alias for older clients):
 * each read route converts its path and query parameters and calls one use case of
 * `catalog/registry.ts`. `/ping`, `/health` and `/version` answer as the registry's do. The write
 * routes of the registry specification (publish, edit, delete, status) answer 501
 * `not_implemented`; any other method on a read route answers 405 with
 * `Allow: GET, HEAD, OPTIONS`.
 *
 * - **Parameters**: an empty one (`limit=`) counts as absent; an integer or flag that does not
 *   parse is handed on as given, so the use case answers 422 with its `location` and `value`.
 * - **Names** are one URL-encoded path segment (`io.github.owner%2Frepo`): the router leaves
 *   `%2F` encoded while matching and the parameter is decoded afterwards, so the name is never
 *   split on its `/`. An unencoded name (`io.github.owner/repo`) is accepted too.
 * - **Caching** (`registry_cache.ts`): every read answer has a weak `ETag` (a hash of its JSON),
 *   `Cache-Control: public, max-age=300` and `Vary: Accept-Encoding`; it is gzip-compressed when
 *   the client accepts gzip; an `If-None-Match` naming the current ETag gets `304` (not counted,
 *   `registry_access.ts`).
 *
 * @module
 */
import { type Context, Hono } from "hono";
import { AppError } from "../errors.ts";
import type { CatalogContext } from "../catalog/context.ts";
import {
  INCLUDE_UNINSTALLABLE,
  listRegistryServers,
  RANKED,
  registryHealth,
  registryServerVersion,
  registryServerVersions,
  registryVersionInfo,
} from "../catalog/registry.ts";
import { type AppEnv, grantsOf } from "./access.ts";
import { sendCached } from "./registry_cache.ts";

const _LIST = {
  names: [
    "cursor",
    "limit",
    "search",
    "updated_since",
    "version",
    "include_deleted",
    INCLUDE_UNINSTALLABLE,
    RANKED,
  ],
  integers: ["limit"],
  booleans: ["include_deleted", INCLUDE_UNINSTALLABLE, RANKED],
};
const _ONE = { names: ["include_deleted"], integers: [], booleans: ["include_deleted"] };

/**
 * Query parameters of a route: empty ones left out, whole numbers and `true`/`false`/`1`/`0`
 * converted, anything else passed on as text for the use case to refuse.
 */
function _query(c: Context, fields: typeof _LIST): Record<string, unknown> {
  const all = c.req.query();
  const input: Record<string, unknown> = {};
  for (const name of fields.names) {
    const value = all[name];
    if (value === undefined || value === "") continue;
    if (fields.integers.includes(name) && /^\s*-?\d{1,15}\s*$/.test(value)) {
      input[name] = Number(value);
    } else if (fields.booleans.includes(name) && /^(true|false|1|0)$/i.test(value.trim())) {
      input[name] = /^(true|1)$/i.test(value.trim());
    } else input[name] = value;
  }
  return input;
}

/** The cache key of a request: its path and the parameters the route reads. */
function _key(c: Context, fields: typeof _LIST, extra = ""): string {
  const all = c.req.query();
  const params = fields.names.filter((n) => all[n] !== undefined && all[n] !== "")
    .map((n) => `${n}=${all[n]}`);
  return `${c.req.path}?${params.join("&")}${extra}`;
}

function _readOnly(what: string): never {
  throw new AppError(
    "not_implemented",
    `Cannot ${what}: this registry is read-only (publish to the official MCP Registry, ` +
      "registry.modelcontextprotocol.io, and toolatlas lists the server after its next ingest)",
  );
}

function _methodNotAllowed(allow: string): never {
  throw new AppError("method_not_allowed", `Use ${allow.split(",")[0]} on this route`, {
    details: { allow },
  });
}

/** Other methods on the read routes: 405; a GET of a path no route serves: 404. */
function _otherMethod(c: Context): never {
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    throw new AppError("not_found", `Cannot find route ${c.req.method} ${c.req.path}`);
  }
  _methodNotAllowed("GET, HEAD, OPTIONS");
}

/**
 * Builds the registry routes over a catalog.
 *
 * @param ctx the catalog context
 * @param options `versionRoot`: also serve `GET /servers/{serverName}` as the latest version
 *   (the `/v0` form of the generic registry API)
 * @returns a Hono app to mount at `/v0.1` or `/v0`
 */
export function registryRoutes(
  ctx: CatalogContext,
  options: { versionRoot?: boolean } = {},
): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const versions = "/servers/:serverName{.+}/versions";
  const version = "/servers/:serverName{.+}/versions/:version";
  const gitCommit = Deno.env.get("TOOLATLAS_GIT_COMMIT");

  api.get("/servers", (c) => {
    const input = _query(c, _LIST);
    const ranked = input[RANKED] === true;
    const grants = grantsOf(c);
    return sendCached(
      c,
      ctx,
      _key(c, _LIST, ranked ? `|${grants.semanticSearch ? "hybrid" : "lexical"}` : ""),
      () => listRegistryServers(ctx, input, grants),
      { private: ranked },
    );
  });
  api.get(version, (c) =>
    sendCached(c, ctx, _key(c, _ONE), () =>
      registryServerVersion(ctx, {
        serverName: c.req.param("serverName"),
        version: c.req.param("version"),
        ..._query(c, _ONE),
      })));
  api.get(versions, (c) =>
    sendCached(c, ctx, _key(c, _ONE), () =>
      registryServerVersions(ctx, {
        serverName: c.req.param("serverName"),
        ..._query(c, _ONE),
      })));
  if (options.versionRoot) {
    api.get(
      "/servers/:serverName{.+}",
      (c) =>
        sendCached(c, ctx, _key(c, _ONE), () =>
          registryServerVersion(ctx, {
            serverName: c.req.param("serverName"),
            version: "latest",
            ..._query(c, _ONE),
          })),
    );
  }
  api.get("/ping", (c) => c.json({ pong: true }));
  api.get("/health", (c) => c.json(registryHealth(ctx)));
  api.get("/version", (c) => c.json(registryVersionInfo(ctx, gitCommit)));

  api.post("/publish", () => _readOnly("publish a server"));
  api.put(version, () => _readOnly("edit a server version"));
  api.delete(version, () => _readOnly("delete a server version"));
  api.patch(`${version}/status`, () => _readOnly("change the status of a server version"));
  api.patch("/servers/:serverName{.+}/status", () => _readOnly("change the status of a server"));
  api.all("/publish", () => _methodNotAllowed("POST"));
  for (const path of ["/ping", "/health", "/version"]) {
    api.all(path, () => _methodNotAllowed("GET, HEAD, OPTIONS"));
  }
  api.all("/servers", _otherMethod);
  api.all("/servers/*", _otherMethod);
  return api;
}
