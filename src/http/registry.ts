/**
 * The MCP Registry API adapter, mounted at `/v0.1` and at `/v0` (an alias for older clients):
 * each read route converts its path and query parameters and calls one use case of
 * `catalog/registry.ts`. The write routes of the registry specification (publish, edit, delete,
 * status) answer 501 `not_implemented`; any other method on a read route answers 405 with
 * `Allow: GET, HEAD, OPTIONS`.
 *
 * Server names are one URL-encoded path segment (`io.github.owner%2Frepo`): the router leaves
 * `%2F` encoded while matching and the parameter is decoded afterwards, so the name is never split
 * on its `/`. An unencoded name (`io.github.owner/repo`) is accepted too.
 *
 * @module
 */
import { type Context, Hono } from "hono";
import { AppError } from "../errors.ts";
import type { CatalogContext } from "../catalog/context.ts";
import {
  listRegistryServers,
  RegistryListInput,
  registryServerVersion,
  registryServerVersions,
  RegistryVersionsInput,
} from "../catalog/registry.ts";
import { type AppEnv, grantsOf } from "./access.ts";
import { json, queryFields, queryInput } from "./rest.ts";

const _QUERY = {
  list: queryFields(RegistryListInput),
  versions: queryFields(RegistryVersionsInput, ["serverName"]),
};

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

  api.get(
    "/servers",
    async (c) => json(c, await listRegistryServers(ctx, queryInput(c, _QUERY.list), grantsOf(c))),
  );
  api.get(version, (c) =>
    c.json(registryServerVersion(ctx, {
      serverName: c.req.param("serverName"),
      version: c.req.param("version"),
      ...queryInput(c, _QUERY.versions),
    })));
  api.get(versions, (c) =>
    c.json(registryServerVersions(ctx, {
      serverName: c.req.param("serverName"),
      ...queryInput(c, _QUERY.versions),
    })));
  if (options.versionRoot) {
    api.get("/servers/:serverName{.+}", (c) =>
      c.json(registryServerVersion(ctx, {
        serverName: c.req.param("serverName"),
        version: "latest",
        ...queryInput(c, _QUERY.versions),
      })));
  }

  api.post("/publish", () => _readOnly("publish a server"));
  api.put(version, () => _readOnly("edit a server version"));
  api.delete(version, () => _readOnly("delete a server version"));
  api.patch(`${version}/status`, () => _readOnly("change the status of a server version"));
  api.patch("/servers/:serverName{.+}/status", () => _readOnly("change the status of a server"));
  api.all("/publish", () => _methodNotAllowed("POST"));
  api.all("/servers", _otherMethod);
  api.all("/servers/*", _otherMethod);
  return api;
}
