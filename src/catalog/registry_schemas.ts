/**
 * Inputs and outputs of the MCP Registry read API (`registry.ts`), as modelcontextprotocol/registry
 * documents them (`docs/reference/api/openapi.yaml` 2025-12-01, `official-registry-api.md`), with
 * toolatlas's extensions named under `toolatlas.` (query parameters) and `ai.toolatlas/` (`_meta`
 * keys). The OpenAPI document of toolatlas (`src/http/openapi.ts`) is generated from these.
 *
 * @module
 */
import { z } from "zod";
import { ServerJsonSchema } from "./server_json.ts";
import { SourceAttribution } from "./schemas.ts";
import { InstallConfig } from "../model/install.ts";
import { TrustScore } from "../model/trust.ts";

/** `_meta` key of the registry's own metadata (status, times, `isLatest`). */
export const OFFICIAL_META = "io.modelcontextprotocol.registry/official";
/** `_meta` key of toolatlas's own metadata. */
export const ENRICHMENT_META = "ai.toolatlas/enrichment";
/** Page size bounds of `GET /v0.1/servers` (as the official registry: default 30, 1-100). */
export const REGISTRY_LIMIT = { default: 30, min: 1, max: 100 } as const;
/** Most entries a ranked search (`toolatlas.ranked=true`) returns. */
export const MAX_SEARCH_RESULTS = 1000;
/** Query parameter: list entries a client cannot install too (extension). */
export const INCLUDE_UNINSTALLABLE = "toolatlas.include_uninstallable";
/** Query parameter: rank `search` with toolatlas's search instead of filtering (extension). */
export const RANKED = "toolatlas.ranked";

/**
 * True for an RFC 3339 date-time (`2025-08-07T13:15:04.280Z`, `2025-08-07T15:15:04+02:00`):
 * a real calendar date and time of day, seconds with optional fraction, `Z` or an offset.
 *
 * @param value the text
 * @returns whether it is one
 */
export function isRfc3339(value: string): boolean {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/
      .exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
  const days = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
  const offsetOk = m[9] === undefined || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  return mo! >= 1 && mo! <= 12 && d! >= 1 && d! <= days && h! <= 23 && mi! <= 59 && s! <= 60 &&
    offsetOk && !Number.isNaN(Date.parse(value.toUpperCase()));
}

const _IncludeDeleted = z.boolean().describe(
  "Include deleted entries (default false; always true when updated_since is given, and false " +
    "is then refused with 400)",
);

/** Input of `listRegistryServers` (`GET /v0.1/servers`). */
export const RegistryListInput = z.object({
  cursor: z.string().max(2048).describe(
    "metadata.nextCursor of the previous page, verbatim (URL-safe). The registry's own " +
      "`name:version` form is accepted too",
  ).optional(),
  limit: z.number().int().min(REGISTRY_LIMIT.min).max(REGISTRY_LIMIT.max)
    .default(REGISTRY_LIMIT.default).describe("Entries per page (1-100, default 30)"),
  search: z.string().max(200).describe(
    "Case-insensitive substring of the name or the description; results by name, an entry " +
      "named exactly so first",
  ).optional(),
  updated_since: z.string().max(64).describe(
    "RFC 3339 time: entries whose toolatlas record changed after it, deletions included " +
      "(malformed: 400)",
  ).optional(),
  version: z.string().max(255).describe("`latest`, or an exact version").optional(),
  include_deleted: _IncludeDeleted.optional(),
  [INCLUDE_UNINSTALLABLE]: z.boolean().default(false).describe(
    "Extension: also list entries without a package or a usable remote (default false: only " +
      "entries a client can install)",
  ),
  [RANKED]: z.boolean().default(false).describe(
    "Extension: with `search`, rank with toolatlas's search (hybrid, or lexical for a tier " +
      "without semantic search), then add substring matches; at most 1,000 results",
  ),
}).strict();

/** Input of `registryServerVersions` (`GET /v0.1/servers/{serverName}/versions`). */
export const RegistryVersionsInput = z.object({
  serverName: z.string().min(1).max(1000).describe(
    "Server name, URL-encoded as one path segment, e.g. io.github.owner%2Frepo",
  ),
  include_deleted: z.boolean().default(false).describe("Include deleted entries"),
}).strict();

/** Input of `registryServerVersion` (`GET /v0.1/servers/{serverName}/versions/{version}`). */
export const RegistryVersionInput = RegistryVersionsInput.extend({
  version: z.string().min(1).max(255).describe(
    "`latest`, or an exact version (URL-encoded)",
  ),
}).strict();

/** `_meta["io.modelcontextprotocol.registry/official"]`. */
export const OfficialMetaSchema = z.object({
  status: z.enum(["active", "deprecated", "deleted"]),
  publishedAt: z.string().optional().describe("When the registry published this version"),
  updatedAt: z.string().optional().describe("When the registry last updated this version"),
  isLatest: z.boolean().describe("The server's latest version"),
}).describe(
  "The publishing registry's metadata: the official registry's, verbatim, for its names; " +
    "toolatlas's own for ai.toolatlas/… names, which toolatlas publishes",
);

const _InstallSummary = z.object({
  configUrl: z.string().describe("REST route of the full configs (GET)"),
  clients: z.array(z.object({
    client: z.string().describe("Client id, e.g. vscode"),
    format: z.enum(["json", "toml"]).nullable(),
    config: z.string().nullable().describe("Ready-to-paste configuration, secrets as placeholders"),
    cliCommand: z.string().nullable(),
  })),
});

/** Badges of an entry, as the enrichment lists them. */
export const BADGES = [
  "vendor-official",
  "first-party",
  "reference",
  "in-official-registry",
  "archived",
] as const;

/**
 * `_meta["ai.toolatlas/enrichment"]` of an entry: compact in lists (`id`, `status`, `name`,
 * times, `badges`, `trust` grade and score, `installable`, links), everything on the version
 * routes.
 */
export const EnrichmentSchema = z.object({
  id: z.string().describe("Stable id of the entry across catalog builds"),
  status: z.enum(["active", "deprecated", "deleted"]).describe(
    "toolatlas's status: deprecated when archived upstream; deleted when gone from every " +
      "source toolatlas reads or no longer listed here",
  ),
  firstSeenAt: z.string().nullable().describe("When toolatlas first listed it (ISO 8601)"),
  updatedAt: z.string().nullable().describe(
    "When a field of toolatlas's record last changed (what updated_since compares)",
  ),
  deletedAt: z.string().nullable().optional(),
  renamedTo: z.string().nullable().optional().describe(
    "On a deleted entry: the registry name it lives on under",
  ),
  name: z.string().describe("toolatlas name, as in /api/v1/servers/{name}"),
  svcUrl: z.string().optional().describe("The entry's page"),
  detailsUrl: z.string().optional().describe("GET /api/v1/servers/{name}"),
  badges: z.array(z.enum(BADGES)).optional(),
  trust: z.union([z.object({ score: z.number(), grade: z.string() }), TrustScore]).nullable()
    .optional().describe("Trust score and grade (components on the version routes)"),
  installable: z.boolean().optional().describe("A package or a usable remote is listed"),
  canonicalName: z.string().nullable().optional().describe(
    "For a variant: registry name of its project's canonical entry",
  ),
  description: z.string().optional().describe("The full description (version routes)"),
  officialNames: z.array(z.string()).optional(),
  vendorEvidence: z.array(z.object({ kind: z.string(), detail: z.string() })).optional(),
  variants: z.array(z.string()).optional().describe("Registry names of the project's variants"),
  forkOf: z.string().nullable().optional(),
  tools: z.object({
    status: z.enum(["known", "unknown"]),
    source: z.string().nullable(),
    count: z.number().int(),
    items: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  }).optional().describe("Tool inventory (version routes)"),
  taxonomy: z.object({
    facetId: z.string(),
    subcategoryId: z.string(),
    leafId: z.string(),
    leafName: z.string().nullable(),
  }).nullable().optional(),
  sources: z.array(SourceAttribution).optional().describe("Source records with licences"),
  hosting: z.string().optional(),
  transports: z.array(z.string()).optional(),
  categories: z.array(z.string()).optional(),
  stars: z.number().nullable().optional(),
  license: z.string().nullable().optional(),
  install: z.union([_InstallSummary, z.array(InstallConfig)]).optional().describe(
    "Install configs per client (version routes)",
  ),
}).describe("toolatlas enrichment");

/** One entry: `{server, _meta}` (registry `ServerResponse`). */
export const RegistryServerResponse = z.object({
  server: ServerJsonSchema,
  _meta: z.object({
    [OFFICIAL_META]: OfficialMetaSchema.optional(),
    [ENRICHMENT_META]: EnrichmentSchema,
  }),
}).describe("A server.json with registry metadata");

/** A page of entries (registry `ServerList`). */
export const RegistryServerList = z.object({
  servers: z.array(RegistryServerResponse),
  metadata: z.object({
    nextCursor: z.string().optional().describe("Absent on the last page"),
    count: z.number().int().describe("Entries in this page"),
  }),
}).describe("A page of registry entries");

/** `GET /v0.1/health`: the registry's answer, and what toolatlas serves. */
export const RegistryHealth = z.object({
  status: z.literal("ok"),
  "ai.toolatlas/registry": z.object({
    builtAt: z.string().nullable().describe("When the catalog was built"),
    servers: z.number().int().describe("Names a default listing shows (installable, latest)"),
    uninstallable: z.number().int().describe(
      "Names listed only with toolatlas.include_uninstallable=true",
    ),
    versions: z.number().int().describe("Version rows of every listed name"),
    official: z.number().int(),
    toolatlasNamespace: z.number().int(),
    deleted: z.number().int().describe("Deleted names still reported to updated_since"),
  }),
});

/** `GET /v0.1/version`, as the registry answers it. */
export const RegistryVersionInfo = z.object({
  version: z.string().describe("Service version"),
  git_commit: z.string().describe("`TOOLATLAS_GIT_COMMIT`, else `unknown`"),
  build_time: z.string().describe("When the served catalog was built"),
});

/** toolatlas enrichment of an entry. */
export type Enrichment = z.infer<typeof EnrichmentSchema>;
/** One registry entry. */
export type RegistryEntry = z.infer<typeof RegistryServerResponse>;
/** A page of registry entries. */
export type RegistryPage = z.infer<typeof RegistryServerList>;
