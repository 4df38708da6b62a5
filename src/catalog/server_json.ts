/**
 * A catalog server as an MCP `server.json` document, schema version {@link SERVER_SCHEMA_VERSION}
 * (https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json, documented in
 * modelcontextprotocol/registry `docs/reference/server-json/` and the `ServerDetail` schema of
 * `docs/reference/api/openapi.yaml`).
 *
 * Every document this module makes is valid against that format; what the catalog holds that the
 * format cannot say is left out of the document (and stays in the toolatlas details):
 * - `description` is at most 100 characters: longer text is cut at a word boundary and ends with
 *   `…`; white space is collapsed; an entry without one says {@link NO_DESCRIPTION}.
 * - `version` is the version a source states for the server (the official registry's, or a
 *   release a catalog lists) when it is a single version; else {@link UNKNOWN_VERSION} (a valid
 *   semantic version that sorts before every release).
 * - A package needs a registry type of {@link REGISTRY_TYPES}; a package listed without a
 *   transport runs over stdio (as every client treats it). Package versions `latest` or ranges
 *   (`^1.2`, `1.x`, `>=2`) are dropped, an `mcpb` package needs an HTTPS URL and a SHA-256.
 * - Remotes and transport URLs must be `http(s)://` URLs without white space (placeholders such as
 *   `<YOUR KEY>` in a URL make it unusable, so such a remote is left out).
 * - Repository `source` is `github`, `gitlab` or `bitbucket` for those hosts, else the host name.
 * - The publisher's own server.json `_meta` (kept by the ingest from the official registry's
 *   records) is served unchanged; another `version` than the server's own may be stated (the
 *   registry API's latest version, {@link ServerJsonOptions}).
 *
 * @module
 */
import { z } from "zod";
import { REGISTRY_NAME_LENGTH, REGISTRY_NAME_PATTERN } from "./registry_name.ts";
import {
  type CatalogServer,
  ICON_MIME_TYPES,
  isHttpUrl,
  isServerJsonPackage,
  SERVER_JSON_REGISTRY_TYPES,
  type ServerInput,
  type ServerPackage,
  type ServerRemote,
} from "../model/server.ts";

/** The server.json schema version emitted. */
export const SERVER_SCHEMA_VERSION = "2025-12-11";

/** `$schema` of every emitted document. */
export const SERVER_SCHEMA_URL =
  `https://static.modelcontextprotocol.io/schemas/${SERVER_SCHEMA_VERSION}/server.schema.json`;

/** Version of a server no source states a version for. */
export const UNKNOWN_VERSION = "0.0.0-unknown";

/** Description of a server no source describes. */
export const NO_DESCRIPTION = "No description given by any source.";

/** Longest `description` and `title` (server.json `maxLength`). */
export const MAX_TEXT = 100;

/** Package registry types of server.json. */
export const REGISTRY_TYPES = SERVER_JSON_REGISTRY_TYPES;

/** A key/value input of server.json (environment variable or header). */
export const KeyValueInputSchema = z.object({
  name: z.string().describe("Variable or header name"),
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().optional(),
  value: z.string().optional(),
});
/** A key/value input of server.json. */
export type KeyValueInput = z.infer<typeof KeyValueInputSchema>;

const _ArgumentBase = KeyValueInputSchema.omit({ name: true });

/** A command-line argument of server.json: positional (by `valueHint`) or named (`--flag`). */
export const ArgumentSchema = z.union([
  _ArgumentBase.extend({ type: z.literal("positional"), valueHint: z.string() }),
  _ArgumentBase.extend({ type: z.literal("named"), name: z.string() }),
]);
/** A command-line argument of server.json. */
export type ArgumentInput = z.infer<typeof ArgumentSchema>;

/** A package transport of server.json. */
export const TransportSchema = z.union([
  z.object({ type: z.literal("stdio") }),
  z.object({
    type: z.enum(["streamable-http", "sse"]),
    url: z.string(),
    headers: z.array(KeyValueInputSchema).optional(),
  }),
]);
/** A package transport of server.json. */
export type Transport = z.infer<typeof TransportSchema>;

/** A package of server.json. */
export const RegistryPackageSchema = z.object({
  registryType: z.enum(REGISTRY_TYPES),
  identifier: z.string(),
  transport: TransportSchema,
  version: z.string().optional(),
  registryBaseUrl: z.string().optional(),
  fileSha256: z.string().optional(),
  runtimeHint: z.string().optional(),
  runtimeArguments: z.array(ArgumentSchema).optional(),
  packageArguments: z.array(ArgumentSchema).optional(),
  environmentVariables: z.array(KeyValueInputSchema).optional(),
});
/** A package of server.json. */
export type RegistryPackage = z.infer<typeof RegistryPackageSchema>;

/** A remote of server.json. */
export const RegistryRemoteSchema = z.object({
  type: z.enum(["streamable-http", "sse"]),
  url: z.string(),
  headers: z.array(KeyValueInputSchema).optional(),
});
/** A remote of server.json. */
export type RegistryRemote = z.infer<typeof RegistryRemoteSchema>;

/** A server.json document as this module emits it (schema 2025-12-11). */
export const ServerJsonSchema = z.object({
  $schema: z.string().describe("JSON Schema of this document (server.json 2025-12-11)"),
  name: z.string().min(REGISTRY_NAME_LENGTH.min).max(REGISTRY_NAME_LENGTH.max)
    .regex(REGISTRY_NAME_PATTERN).describe(
      "Reverse-DNS name: the official registry name, or ai.toolatlas/… for entries only other catalogs list",
    ),
  description: z.string().min(1).max(MAX_TEXT),
  title: z.string().min(1).max(MAX_TEXT).optional(),
  version: z.string().min(1).max(255).describe("Stated version, or 0.0.0-unknown"),
  repository: z.object({ url: z.string(), source: z.string(), subfolder: z.string().optional() })
    .optional(),
  websiteUrl: z.string().optional(),
  icons: z.array(z.object({
    src: z.string(),
    mimeType: z.enum(ICON_MIME_TYPES).optional(),
    sizes: z.array(z.string()).optional(),
    theme: z.enum(["light", "dark"]).optional(),
  })).optional(),
  packages: z.array(RegistryPackageSchema).optional(),
  remotes: z.array(RegistryRemoteSchema).optional(),
  _meta: z.record(z.string(), z.unknown()).optional().describe(
    "What the publisher put in server.json `_meta` (e.g. io.modelcontextprotocol.registry/publisher-provided), unchanged",
  ),
}).describe(
  "server.json (https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json)",
);
/** A server.json document. */
export type ServerJson = z.infer<typeof ServerJsonSchema>;

/**
 * Collapses white space and cuts text to at most `max` UTF-16 code units (so also at most `max`
 * characters), at a word boundary when one is near, ending with `…` when cut. Never splits a
 * surrogate pair.
 *
 * @param text any text
 * @param max longest result
 * @returns the clipped text (empty for blank input)
 * @example
 * ```ts
 * clipText("A   long\ndescription", 10); // "A long…"
 * ```
 */
export function clipText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  let cut = max - 1;
  if (/[\ud800-\udbff]/.test(flat[cut - 1] ?? "")) cut--;
  let head = flat.slice(0, cut);
  const space = head.lastIndexOf(" ");
  if (space >= cut - 30 && space > 0) head = head.slice(0, space);
  return `${head.replace(/[\s,;:.\-–—]+$/, "")}…`;
}

/** True for a single version (not `latest`, not a range or wildcard), at most 255 characters. */
export function isSingleVersion(value: string | undefined): value is string {
  if (value === undefined || value.length === 0 || value.length > 255) return false;
  if (/^latest$/i.test(value)) return false;
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(value)) return false;
  return !/(^|\.)[xX*](\.|$)/.test(value);
}

/**
 * The version a registry entry carries (see the module description).
 *
 * @param s the catalog server
 * @returns its single stated version, else {@link UNKNOWN_VERSION}
 */
export function serverVersion(s: { version?: string | undefined }): string {
  return isSingleVersion(s.version) ? s.version : UNKNOWN_VERSION;
}

function _keyValue(i: ServerInput): KeyValueInput {
  const out: KeyValueInput = { name: i.name };
  if (i.description !== undefined) out.description = i.description;
  if (i.isRequired !== undefined) out.isRequired = i.isRequired;
  if (i.isSecret !== undefined) out.isSecret = i.isSecret;
  if (i.default !== undefined) out.default = i.default;
  if (i.value !== undefined) out.value = i.value;
  return out;
}

function _argument(i: ServerInput): ArgumentInput {
  const { name, ...rest } = _keyValue(i);
  const named = i.type === "named" || (i.type !== "positional" && name.startsWith("-"));
  return named
    ? { type: "named", name, ...rest }
    : { type: "positional", valueHint: name, ...rest };
}

function _transport(t: ServerPackage["transport"]): Transport | undefined {
  if (t === undefined || t.type === "stdio") return { type: "stdio" };
  return isHttpUrl(t.url) ? { type: t.type, url: t.url } : undefined;
}

/**
 * One package in server.json form, or `undefined` when the format cannot express it (see the
 * module description).
 *
 * @param p a catalog package
 * @returns the server.json package
 */
export function registryPackage(p: ServerPackage): RegistryPackage | undefined {
  if (!isServerJsonPackage(p)) return undefined;
  const type = p.registryType as RegistryPackage["registryType"];
  const transport = _transport(p.transport)!;
  const sha = p.fileSha256 !== undefined && /^[a-f0-9]{64}$/.test(p.fileSha256)
    ? p.fileSha256
    : undefined;
  const out: RegistryPackage = { registryType: type, identifier: p.identifier, transport };
  if (isSingleVersion(p.version)) out.version = p.version;
  if (isHttpUrl(p.registryBaseUrl)) out.registryBaseUrl = p.registryBaseUrl;
  if (sha !== undefined) out.fileSha256 = sha;
  if (p.runtimeHint) out.runtimeHint = p.runtimeHint;
  if (p.runtimeArguments?.length) out.runtimeArguments = p.runtimeArguments.map(_argument);
  if (p.packageArguments?.length) out.packageArguments = p.packageArguments.map(_argument);
  if (p.environmentVariables?.length) {
    out.environmentVariables = p.environmentVariables.map(_keyValue);
  }
  return out;
}

/**
 * One remote in server.json form, or `undefined` when its URL is not a usable `http(s)` URL.
 *
 * @param r a catalog remote
 * @returns the server.json remote
 */
export function registryRemote(r: ServerRemote): RegistryRemote | undefined {
  if (!isHttpUrl(r.url)) return undefined;
  const out: RegistryRemote = { type: r.type, url: r.url };
  if (r.headers?.length) out.headers = r.headers.map(_keyValue);
  return out;
}

/** `repository` of server.json from a normalized `https://` repository URL. */
function _repository(s: CatalogServer): ServerJson["repository"] | undefined {
  if (!isHttpUrl(s.repositoryUrl ?? undefined)) return undefined;
  const host = new URL(s.repositoryUrl!).hostname.toLowerCase();
  const source = host === "github.com"
    ? "github"
    : host === "gitlab.com"
    ? "gitlab"
    : host === "bitbucket.org"
    ? "bitbucket"
    : host;
  const out: NonNullable<ServerJson["repository"]> = { url: s.repositoryUrl!, source };
  if (s.subfolder) out.subfolder = s.subfolder;
  return out;
}

/** Options of {@link toServerJson}. */
export interface ServerJsonOptions {
  /**
   * The version to state when it is not the catalog server's own (the official registry's
   * latest, newer than the version the merge kept): a package pinned to the server's own
   * version then loses its pin, since that pin belongs to the older release.
   */
  version?: string;
  /** The publisher's server.json `_meta`, served unchanged. */
  meta?: Record<string, unknown> | undefined;
}

/**
 * The server.json document of a catalog server under its registry name.
 *
 * @param s the catalog server
 * @param name its registry name (`registry_name.ts`)
 * @param options another version to state, the publisher's `_meta`
 * @returns the document; valid against schema {@link SERVER_SCHEMA_VERSION}
 * @example
 * ```ts
 * const doc = toServerJson(server, "io.github.owner/repo");
 * doc.$schema; // "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
 * ```
 */
export function toServerJson(
  s: CatalogServer,
  name: string,
  options: ServerJsonOptions = {},
): ServerJson {
  const own = serverVersion(s);
  const version = options.version ?? own;
  const doc: ServerJson = {
    $schema: SERVER_SCHEMA_URL,
    name,
    description: clipText(s.description, MAX_TEXT) || NO_DESCRIPTION,
    version,
  };
  const title = clipText(s.title, MAX_TEXT);
  if (title) doc.title = title;
  const repository = _repository(s);
  if (repository) doc.repository = repository;
  if (isHttpUrl(s.homepage)) doc.websiteUrl = s.homepage;
  if (s.icons?.length) doc.icons = s.icons;
  const packages = s.packages.map(registryPackage).filter((p) => p !== undefined);
  if (version !== own) {
    for (const p of packages) if (p.version === own) delete p.version;
  }
  if (packages.length > 0) doc.packages = packages;
  const remotes = s.remotes.map(registryRemote).filter((r) => r !== undefined);
  if (remotes.length > 0) doc.remotes = remotes;
  if (options.meta && Object.keys(options.meta).length > 0) doc._meta = options.meta;
  return doc;
}
