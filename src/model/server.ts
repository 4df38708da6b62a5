/**
 * An MCP server as the catalog keeps it ({@link CatalogServer}), and its parts. Field names follow
 * the MCP `server.json` schema
 * (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json) where one exists.
 *
 * @module
 */
import { z } from "zod";
import { ContentFlags } from "./content.ts";
import { SourceRef } from "./source.ts";
import { Placement } from "./taxonomy.ts";
import { TrustScore } from "./trust.ts";

/** The fields of a {@link ServerInput} but its recursive `variables`. */
export const ServerInputFields = z.object({
  /** Variable, header or argument name, e.g. `"GITHUB_TOKEN"`, `"--port"`. */
  name: z.string(),
  description: z.string().exactOptional(),
  /** server.json `isRequired` (the schema's default is false). */
  isRequired: z.boolean().exactOptional(),
  /** True for secrets (tokens, passwords): clients must prompt, never store in plain text. */
  isSecret: z.boolean().exactOptional(),
  default: z.string().exactOptional(),
  /** Fixed value, possibly with `{name}` references to `variables`. */
  value: z.string().exactOptional(),
  /** For arguments: `"positional"` or `"named"` (server.json `type`). */
  type: z.string().exactOptional(),
  /** `string` (default), `number`, `boolean` or `filepath` (server.json `format`). */
  format: z.string().exactOptional(),
  /** The only values allowed (server.json `choices`). */
  choices: z.array(z.string()).exactOptional(),
  /** A hint shown to the user, e.g. `"sk-..."` (server.json `placeholder`). */
  placeholder: z.string().exactOptional(),
  /** A positional argument's display name, e.g. `"allowed_directory"` (server.json `valueHint`). */
  valueHint: z.string().exactOptional(),
  /** The argument may be given several times (server.json `isRepeated`). */
  isRepeated: z.boolean().exactOptional(),
});
/** See {@link ServerInput} (a recursive type: TypeScript cannot infer it from the schema). */
export type ServerInput = z.infer<typeof ServerInputFields> & {
  /** Inputs that `{name}` references in `value` stand for (server.json `variables`). */
  variables?: Record<string, ServerInput>;
};
/**
 * A key/value item a server expects: environment variable, header or argument (server.json
 * `Input`, `KeyValueInput`, `PositionalArgument`, `NamedArgument`).
 */
export const ServerInput: z.ZodType<ServerInput> = ServerInputFields.extend({
  variables: z.lazy(() => z.record(z.string(), ServerInput)).exactOptional(),
});

/** MCP transport names of server.json. */
export const TransportType = z.enum(["stdio", "streamable-http", "sse"]);
/** See {@link TransportType}. */
export type TransportType = z.infer<typeof TransportType>;

/** One installable package of a server (server.json `packages[]`). */
export const ServerPackage = z.object({
  /** `npm`, `pypi`, `oci`, `nuget`, `mcpb` (server.json `registryType`). */
  registryType: z.string(),
  /** Package name or image reference, e.g. `"@modelcontextprotocol/server-github"`. */
  identifier: z.string(),
  /** Version when the source gives one. */
  version: z.string().exactOptional(),
  registryBaseUrl: z.string().exactOptional(),
  /** Runner hint, e.g. `npx`, `uvx`, `docker`, `dnx`. */
  runtimeHint: z.string().exactOptional(),
  transport: z.object({ type: TransportType, url: z.string().exactOptional() }).exactOptional(),
  environmentVariables: z.array(ServerInput).exactOptional(),
  packageArguments: z.array(ServerInput).exactOptional(),
  runtimeArguments: z.array(ServerInput).exactOptional(),
  /** SHA-256 of the package file (mcpb), lowercase hex. */
  fileSha256: z.string().exactOptional(),
  /**
   * Id of the source that lists this package (set by the merge step, which unites the packages
   * of every source of a server), e.g. `"official-server-json"`, `"toolsdk"`.
   */
  source: z.string().exactOptional(),
  /**
   * README the project read to complete this package's inputs (`data/package_inputs.json`), when
   * no source declared them all.
   */
  inputsFrom: z.string().exactOptional(),
  /**
   * Whether the package belongs to the server and runs (`src/ingest/package_evidence.ts`):
   * `verified` (a launch probe started it), `checked` (evidence it belongs: the official record,
   * Docker's build, npm's repository field or mcpName, a validating source), or `unverified` (a
   * catalog's say-so only), with the reasons.
   */
  evidence: z.object({
    level: z.enum(["verified", "checked", "unverified"]),
    reasons: z.array(z.string()),
  }).exactOptional(),
});
/** See {@link ServerPackage}. */
export type ServerPackage = z.infer<typeof ServerPackage>;

/** One remote endpoint of a server (server.json `remotes[]`). */
export const ServerRemote = z.object({
  type: z.enum(["streamable-http", "sse"]),
  /** HTTPS (or HTTP) URL of the endpoint. */
  url: z.string(),
  headers: z.array(ServerInput).exactOptional(),
});
/** See {@link ServerRemote}. */
export type ServerRemote = z.infer<typeof ServerRemote>;

/**
 * What a launch probe (`src/probe/`) found for one package or endpoint of a server, as kept in the
 * catalog (the tools themselves go to the server's inventory).
 */
export const ProbeSummary = z.object({
  /** What was probed: `npm:@scope/name` or `remote:<url>`. */
  target: z.string().describe("npm:<package> or remote:<url>"),
  /** `npm`, or `remote` for an HTTP endpoint. */
  registryType: z.string(),
  /** Package name, or the endpoint URL. */
  identifier: z.string(),
  /** The version that ran (resolved by the installer), or `null`. */
  version: z.string().nullable().describe("The version that ran"),
  /** ISO 8601 time of the probe. */
  probedAt: z.string().describe("ISO 8601 time of the probe"),
  /** True when the server answered `initialize`. */
  launched: z.boolean().describe("True when the server answered initialize"),
  /**
   * `null` on success, else one of `install_failed`, `no_executable`, `crashed`, `needs_secret`,
   * `sandbox_denied`, `timed_out`, `not_mcp`, `tools_list_failed` (stdio) or `needs_auth`,
   * `unreachable` (HTTP); see `src/probe/classify.ts`.
   */
  errorClass: z.string().nullable().describe(
    "null on success; install_failed, no_executable, needs_secret, sandbox_denied, crashed, " +
      "not_mcp, timed_out, tools_list_failed, needs_auth or unreachable",
  ),
  /** A short explanation (the last error line the server printed), or `null`. */
  detail: z.string().nullable(),
  /** Tools listed (0 when `tools/list` was not reached). */
  toolCount: z.number().int(),
  /** `serverInfo.name` and `version` the server reported, or `null`. */
  serverInfo: z.object({ name: z.string(), version: z.string() }).nullable(),
});
/** See {@link ProbeSummary}. */
export type ProbeSummary = z.infer<typeof ProbeSummary>;

/** MIME types a server icon may declare (server.json `icons[].mimeType`). */
export const ICON_MIME_TYPES = [
  "image/png",
  "image/jpeg",
  "image/jpg",
  "image/svg+xml",
  "image/webp",
] as const;

/**
 * An icon a client may show for a server (server.json `icons[]`, schema 2025-09-29 and later):
 * an HTTPS `src` of at most 255 characters, an optional MIME type of {@link ICON_MIME_TYPES},
 * sizes such as `48x48` or `any`, and a `light` or `dark` theme.
 */
export const ServerIcon = z.object({
  src: z.string(),
  mimeType: z.enum(ICON_MIME_TYPES).exactOptional(),
  sizes: z.array(z.string()).exactOptional(),
  theme: z.enum(["light", "dark"]).exactOptional(),
});
/** See {@link ServerIcon}. */
export type ServerIcon = z.infer<typeof ServerIcon>;

/** One tool an MCP server exposes. */
export const ServerTool = z.object({
  name: z.string(),
  description: z.string().exactOptional(),
  /** JSON Schema of the tool's input, when the source gives it. */
  inputSchema: z.unknown().exactOptional(),
});
/** See {@link ServerTool}. */
export type ServerTool = z.infer<typeof ServerTool>;

/**
 * One piece of evidence behind a publisher badge (`src/ingest/vendor.ts`): how the publisher is
 * tied to the product, or that the product is the publisher's own product or service.
 */
export const VendorEvidence = z.object({
  /**
   * How the publisher is tied to the product:
   * - `repository_owner`: the repository belongs to the product vendor's account;
   * - `namespace_owner`: the `io.github.<owner>` namespace (verified by GitHub login) is the
   *   vendor's account;
   * - `package_scope`: the npm package is published under the vendor's scope;
   *
   * That the product is the publisher's:
   * - `namespace_domain`: the official registry namespace is the reverse-DNS of the product's
   *   domain (the registry verified control of the domain);
   * - `remote_domain`: the remote endpoint is hosted on the product's own domain;
   * - `vendor_table`: `data/vendor_accounts.json` lists the account with the product
   *   (`microsoft` → `playwright`);
   * - `vendor_list`: the modelcontextprotocol.io official-integrations list names the
   *   publisher's server;
   * - `known_product`: other publishers have servers for the product, so it is a product, and
   *   the publisher's account is named after it.
   */
  kind: z.enum([
    "repository_owner",
    "namespace_owner",
    "package_scope",
    "namespace_domain",
    "remote_domain",
    "vendor_table",
    "vendor_list",
    "known_product",
  ]),
  /** What was found, in words, e.g. `"repository owner getsentry is sentry's vendor"`. */
  detail: z.string(),
  /** The product word the badge is for, e.g. `"sentry"`. */
  product: z.string().describe("The product word the evidence ties to the publisher"),
});
/** See {@link VendorEvidence}. */
export type VendorEvidence = z.infer<typeof VendorEvidence>;

/** Another listing of the same project, shown in the canonical entry's details. */
export const ServerVariant = z.object({
  /** The listing's entry name, e.g. `smithery/smithery-ai-github`. */
  name: z.string(),
  /** Source ids of the records behind that listing, e.g. `["smithery"]`. */
  sources: z.array(z.string()),
  /** Why it was grouped, e.g. `"same official registry name io.github.o/r"`. */
  reason: z.string().describe("Why this listing was grouped with the canonical entry"),
});
/** See {@link ServerVariant}. */
export type ServerVariant = z.infer<typeof ServerVariant>;

/**
 * One version of a server that the official MCP Registry published, as its exports list it
 * (`src/ingest/registry_entries.ts`): the version string, the registry's status and times, and
 * what that version's server.json said where the export has it (the 2025-12-18 server.json export
 * does; the 2026-06-12 export has no packages, remotes or icons). Served by the registry API's
 * `/versions` routes (`src/catalog/registry.ts`).
 */
export const ServerVersion = z.object({
  /** server.json `version`, e.g. `"1.2.0"`. */
  version: z.string(),
  /**
   * The registry's latest version of the server: the one the newest export marks latest (of
   * several, the latest published).
   */
  isLatest: z.boolean(),
  /** Registry status: `active`, `deprecated` or `deleted`. */
  status: z.string().exactOptional(),
  /** ISO 8601 time the registry published this version. */
  publishedAt: z.string().exactOptional(),
  /** ISO 8601 time the registry last updated this version. */
  updatedAt: z.string().exactOptional(),
  /** Source id of the export the record came from, e.g. `official-server-json`. */
  source: z.string(),
  description: z.string().exactOptional(),
  repositoryUrl: z.string().exactOptional(),
  subfolder: z.string().exactOptional(),
  homepage: z.string().exactOptional(),
  icons: z.array(ServerIcon).exactOptional(),
  packages: z.array(ServerPackage).exactOptional(),
  remotes: z.array(ServerRemote).exactOptional(),
  /**
   * server.json `_meta` as the publisher gave it (e.g.
   * `io.modelcontextprotocol.registry/publisher-provided`), served unchanged.
   */
  meta: z.record(z.string(), z.unknown()).exactOptional(),
});
/** See {@link ServerVersion}. */
export type ServerVersion = z.infer<typeof ServerVersion>;

/** Where an MCP server can run. */
export const Hosting = z.enum(["local", "remote", "both", "unknown"]);
/** See {@link Hosting}. */
export type Hosting = z.infer<typeof Hosting>;

/** A package a source lists that the merge did not keep for a server, with the reason. */
export const RefusedPackage = z.object({
  source: z.string(),
  package: ServerPackage,
  reason: z.string(),
});
/** See {@link RefusedPackage}. */
export type RefusedPackage = z.infer<typeof RefusedPackage>;

/** An MCP server after merging all sources: one catalog entry. */
export const CatalogServer = z.object({
  /**
   * Unique public id, used in `/servers/{name}`: the official registry name when there is one
   * (`io.github.owner/repo`), else the repository key with subfolder (`github.com/owner/repo` or
   * `github.com/owner/repo/src/x`), else the package (`npm/@scope/pkg`), else `{source}/{slug}`.
   */
  name: z.string(),
  /** Display name. */
  title: z.string(),
  /** The source's title when it named nothing ("mcp", "server") and was replaced (`titles.ts`). */
  originalTitle: z.string().exactOptional(),
  description: z.string(),
  /** Official registry name(s) of this server, first is the chosen one. */
  officialNames: z.array(z.string()),
  /** `https://` repository URL (normalized), or `null`. */
  repositoryUrl: z.string().nullable(),
  /** Folder of the server in a monorepo. */
  subfolder: z.string().exactOptional(),
  homepage: z.string().exactOptional(),
  /** Icons declared by the publisher (first source that gives any). */
  icons: z.array(ServerIcon).exactOptional(),
  /** Packages of every source that belong to the server, each with its `source`. */
  packages: z.array(ServerPackage),
  /** Packages a source lists that do not belong to the server's repository, with the reason. */
  refusedPackages: z.array(RefusedPackage).exactOptional(),
  remotes: z.array(ServerRemote),
  /**
   * Where it runs, as an install method backs it: `local` with a package, `remote` with a remote
   * URL, `both`, else `unknown`.
   */
  hosting: Hosting,
  /**
   * Where sources say it runs when no package or remote URL backs that (a stdio transport or a
   * "remote" label without a URL): a gap to fill, not a fact to filter on.
   */
  statedHosting: Hosting.exactOptional(),
  /** Transports: `stdio`, `streamable-http`, `sse`. */
  transports: z.array(z.string()),
  /** Category labels from all sources (verbatim, deduplicated). */
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  license: z.string().exactOptional(),
  /** GitHub stars (largest figure any source gives). */
  stars: z.number().exactOptional(),
  forks: z.number().exactOptional(),
  /** Smithery use count. */
  useCount: z.number().exactOptional(),
  monthlyDownloads: z.number().exactOptional(),
  version: z.string().exactOptional(),
  status: z.string().exactOptional(),
  publishedAt: z.string().exactOptional(),
  /** Most recent update time any source gives (ISO 8601). */
  updatedAt: z.string().exactOptional(),
  /**
   * Published by the company that owns the product or service the server integrates, a product
   * other servers integrate too (Microsoft for Playwright, GitHub for GitHub), from the evidence
   * in `vendorEvidence` (`src/ingest/vendor.ts`). Before that step runs, true when a
   * vendor-official list (modelcontextprotocol.io official integrations) names it.
   */
  vendorOfficial: z.boolean(),
  /**
   * A company's server for its own service, which no one else integrates (`com.laddro/career`);
   * never set together with `vendorOfficial`.
   */
  firstParty: z.boolean().exactOptional(),
  /** Why `vendorOfficial` or `firstParty` holds: one item per piece of evidence. */
  vendorEvidence: z.array(VendorEvidence).exactOptional(),
  /**
   * The publisher decision in one sentence, badge or not (`"integrates notion, whose vendor is
   * makenotion"`).
   */
  publisherNote: z.string().exactOptional(),
  /** A reference server of `github.com/modelcontextprotocol/servers` (or its archive). */
  reference: z.boolean().exactOptional(),
  /** Archived upstream (moved to `modelcontextprotocol/servers-archived`, or marked archived). */
  archived: z.boolean().exactOptional(),
  /**
   * Hints from listings without a repository, never shown: `github.com/owner/repo` (a Smithery
   * `@owner/repo` id) or `github.com/owner` (an account page a listing links to). Identity
   * grouping (`src/ingest/identity.ts`) uses them to find the project a re-listing belongs to.
   */
  hints: z.array(z.string()).exactOptional(),
  /**
   * Set on a listing that is a variant of another entry of the same project: the name of the
   * project's canonical entry (`src/ingest/identity.ts`).
   */
  canonicalName: z.string().exactOptional(),
  /** On a variant: why it was grouped with its canonical entry. */
  variantReason: z.string().exactOptional(),
  /** On a canonical entry: every other listing of the same project and why it was grouped. */
  variants: z.array(ServerVariant).exactOptional(),
  /** Name of the upstream entry this server's repository derives from (a fork), when known. */
  forkOf: z.string().exactOptional(),
  /** Adult and spam signals found at ingest (`src/ingest/content_flags.ts`). */
  content: ContentFlags.exactOptional(),
  /** Validated by toolsdk. */
  validated: z.boolean(),
  tools: z.array(ServerTool),
  /** Source of `tools`, when known (`probe` when a launch probe listed them). */
  toolsSource: z.string().exactOptional(),
  /** Launch probes of the server's packages or endpoints (`src/ingest/probes.ts`). */
  probes: z.array(ProbeSummary).exactOptional(),
  /**
   * Every version of its official registry name that the official registry's exports list,
   * newest published first, exactly one with `isLatest` (only on an entry named by its official
   * name; `src/ingest/registry_entries.ts`).
   */
  versions: z.array(ServerVersion).exactOptional(),
  /** Every source record merged here. */
  sources: z.array(SourceRef),
  /** Field name → source id of its value. */
  provenance: z.record(z.string(), z.string()),
  /** Trust score, computed at ingest after merging (`src/ingest/trust.ts`). */
  trust: TrustScore.exactOptional(),
  /** Taxonomy placement (primary and secondary leaves with method and score). */
  taxonomy: Placement.exactOptional(),
});
/** See {@link CatalogServer}. */
export type CatalogServer = z.infer<typeof CatalogServer>;

/**
 * Dedupe key of a package: registry type plus identifier without version or tag, lowercase
 * (`npm:@scope/name`, `oci:ghcr.io/o/image`; `docker.io/` is dropped from images).
 *
 * @param pkg the package
 * @returns the key
 * @example
 * ```ts
 * packageKey({ registryType: "oci", identifier: "docker.io/mcp/git:latest" }); // "oci:mcp/git"
 * ```
 */
export function packageKey(pkg: Pick<ServerPackage, "registryType" | "identifier">): string {
  let id = pkg.identifier.trim().toLowerCase();
  if (pkg.registryType === "oci") {
    id = id.replace(/^docker\.io\//, "").replace(/@sha256:[0-9a-f]+$/, "").replace(/:[^/:]+$/, "");
  } else id = id.replace(/(.)@[^@/]+$/, "$1").replace(/(==|>=|~=).*$/, "");
  return `${pkg.registryType}:${id}`;
}

/** Version specifiers that name no one release: dist-tags, ranges and wildcards. */
const _FLOATING = /^(?:latest|next|main|master|stable|\*|x|any)$|[\^~<>*|]|\s-\s/i;

/**
 * True when a version string names one exact release: not absent or empty, not a dist-tag
 * (`latest`, `next` ...), a range (`^1.2`, `>=1`) or a wildcard.
 *
 * @param version a package version or image tag as a source gives it
 * @returns whether it pins one release
 * @example
 * ```ts
 * isPinnedVersion("1.2.3"); // true
 * isPinnedVersion("^1.2"); // false
 * ```
 */
export function isPinnedVersion(version: string | undefined): version is string {
  const v = version?.trim();
  return v !== undefined && v !== "" && !_FLOATING.test(v);
}

/**
 * True when a package names one exact release: a file hash, a pinned `version`
 * ({@link isPinnedVersion}), or a pin inside the identifier (an image digest or tag, `name@1.2.3`
 * on npm, `name==1.2` on PyPI, a versioned release path of an `.mcpb` bundle).
 *
 * @param pkg the package
 * @returns whether what runs is fixed
 * @example
 * ```ts
 * isPinned({ registryType: "oci", identifier: "mcp/git:1.0" }); // true
 * ```
 */
export function isPinned(pkg: ServerPackage): boolean {
  if (pkg.fileSha256) return true;
  if (isPinnedVersion(pkg.version)) return true;
  const id = pkg.identifier.trim();
  switch (pkg.registryType) {
    case "oci": {
      if (/@sha256:[0-9a-f]{64}$/i.test(id)) return true;
      return isPinnedVersion(/:([^/:@]+)$/.exec(id)?.[1]);
    }
    case "npm":
      return /^(?:@[^/]+\/)?[^@]+@(\d[^@]*)$/.test(id) && isPinnedVersion(id.split("@").pop());
    case "pypi":
      return /==\s*\d/.test(id);
    case "mcpb":
      return /\/download\/v?\d[^/]*\//.test(id);
    default:
      return false;
  }
}

/** Package registry types the MCP `server.json` format can carry (schema 2025-12-11). */
export const SERVER_JSON_REGISTRY_TYPES = ["npm", "pypi", "nuget", "oci", "mcpb"] as const;

/**
 * True for an `http(s)://` URL without white space that parses (a URL holding a placeholder
 * such as `<YOUR KEY>` is not one).
 *
 * @param value a URL as a source gives it
 * @returns whether a client can use it
 * @example
 * ```ts
 * isHttpUrl("https://x.example/mcp"); // true
 * isHttpUrl("https://x.example/sse?key=<YOUR KEY>"); // false
 * ```
 */
export function isHttpUrl(value: string | undefined): value is string {
  return value !== undefined && /^https?:\/\/\S+$/.test(value) && URL.canParse(value);
}

/**
 * True when the MCP `server.json` format can carry the package, so a registry client can install
 * it: a registry type of {@link SERVER_JSON_REGISTRY_TYPES}, an identifier, no transport or stdio
 * or an HTTP transport with a usable URL, and for an `mcpb` bundle an HTTPS URL with a SHA-256.
 *
 * @param p the package
 * @returns whether it can be served (`src/catalog/server_json.ts`)
 * @example
 * ```ts
 * isServerJsonPackage({ registryType: "npm", identifier: "x-mcp" }); // true
 * isServerJsonPackage({ registryType: "cargo", identifier: "x-mcp" }); // false
 * ```
 */
export function isServerJsonPackage(p: ServerPackage): boolean {
  if (!(SERVER_JSON_REGISTRY_TYPES as readonly string[]).includes(p.registryType)) return false;
  if (p.identifier.trim() === "") return false;
  const t = p.transport;
  if (t !== undefined && t.type !== "stdio" && !isHttpUrl(t.url)) return false;
  if (p.registryType !== "mcpb") return true;
  return p.fileSha256 !== undefined && /^[a-f0-9]{64}$/.test(p.fileSha256) &&
    /^https:\/\/\S+$/.test(p.identifier);
}

/**
 * True when a registry client can install the server: a package the MCP `server.json` format can
 * carry ({@link isServerJsonPackage}) or a remote with a usable URL ({@link isHttpUrl}).
 *
 * @param s the server's packages and remotes
 * @returns whether it is installable
 */
export function isInstallable(s: Pick<CatalogServer, "packages" | "remotes">): boolean {
  return s.packages.some(isServerJsonPackage) || s.remotes.some((r) => isHttpUrl(r.url));
}
