/**
 * zod schemas of the MCP server use cases (`servers.ts`): search, details, comparison and filter
 * values. Shared parameters and record parts are in `schemas.ts`.
 *
 * @module
 */
import { z } from "zod";
import {
  CollapseParam,
  ContentFlagsOutput,
  distinctIds,
  limitParam,
  ModeParam,
  ResultRating,
  SafeParam,
  SortParam,
  SourceAttribution,
  TaxonomyPlacement,
  textParam,
} from "./schemas.ts";
import { TrustScore } from "../model/trust.ts";
import { ProbeSummary, ServerInputFields, ServerVariant, VendorEvidence } from "../model/server.ts";

/** Hosting filter values. */
export const HostingFilter = z.enum(["local", "remote"]).describe(
  "local: runs on your machine (package); remote: hosted endpoint",
);

/** Input of `searchServers` (GET /api/v1/servers, svc_search). */
export const SearchServersInput = z.object({
  q: textParam("Natural-language description or keywords").optional(),
  category: z.string().trim().min(1).max(200).describe("Category label or slug").optional(),
  hosting: HostingFilter.optional(),
  install: z.enum(["verified", "checked", "unverified", "none"]).describe(
    "verified: a launch probe started the recommended config; checked: verified, or evidence " +
      "that its package or endpoint belongs to the server; unverified: only a catalog's say-so; " +
      "none: no install method known",
  ).optional(),
  transport: z.enum(["stdio", "streamable-http", "sse"]).optional(),
  registryType: z.enum(["npm", "pypi", "oci", "nuget", "mcpb"]).optional(),
  facetId: z.string().trim().min(1).max(100).optional(),
  leafId: z.string().trim().min(1).max(100).optional(),
  mode: ModeParam,
  collapse: CollapseParam,
  safe: SafeParam,
  sort: SortParam,
  limit: limitParam(50, 10),
  cursor: z.string().max(100).describe("Opaque cursor from a previous page's nextCursor")
    .optional(),
}).strict();

/** A server in search results. */
export const ServerSummary = z.object({
  name: z.string().describe("Unique server name (official registry name when there is one)"),
  title: z.string(),
  description: z.string(),
  repositoryUrl: z.string().nullable(),
  hosting: z.enum(["local", "remote", "both", "unknown"]),
  transports: z.array(z.string()),
  registryTypes: z.array(z.string()),
  categories: z.array(z.string()),
  stars: z.number().nullable(),
  inOfficialRegistry: z.boolean().describe("Listed in the official MCP registry"),
  official: z.boolean().describe(
    "Deprecated alias of inOfficialRegistry (same value), kept for one version",
  ),
  vendorOfficial: z.boolean().describe(
    "Published by the company that owns the product or service the server integrates, a product " +
      "other servers integrate too (details give the evidence)",
  ),
  firstParty: z.boolean().describe(
    "A company's server for its own service, which no other server integrates (details give the evidence)",
  ),
  reference: z.boolean().describe(
    "A reference server of github.com/modelcontextprotocol/servers",
  ),
  archived: z.boolean().describe("Archived or deprecated upstream"),
  variantCount: z.number().int().describe(
    "Other listings of the same project collapsed into this entry (details list them)",
  ),
  variantOf: z.string().nullable().describe(
    "For a listing shown with collapse=false: the name of its project's canonical entry",
  ),
  forkOf: z.string().nullable().describe("The upstream entry this server's repository forks"),
  sourceCount: z.number().int().describe("Independent catalogs listing it"),
  trustScore: z.number().int().nullable().describe("Trust score 0-100 (details explain it)"),
  trustGrade: z.string().nullable().describe("Trust grade A (best) to E"),
  svcUrl: z.string(),
});
/** A server summary. */
export type ServerSummary = z.infer<typeof ServerSummary>;

/** Server search response. */
export const SearchServersOutput = z.object({
  summary: z.string().describe(
    "One-sentence overview of the answer (says so when evidence is low)",
  ),
  results: z.array(ServerSummary.extend({
    match: z.object({
      reason: z.string().describe("What matched: name, tool, category or description phrase"),
      confidence: z.enum(["high", "medium", "low"]),
    }).nullable().describe("Why this server matched the query (null when browsing without q)"),
    rating: ResultRating,
  })),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

/** Input of `getServer`. */
export const ServerDetailsInput = z.object({
  name: z.string().trim().min(1).max(300).describe("Server name, e.g. io.github.owner/repo"),
}).strict();

/** A server input as details show it (`variables` as plain objects). */
const Input = ServerInputFields.extend({
  variables: z.record(z.string(), z.unknown()).optional().describe(
    "Inputs that {name} references in value stand for (server.json variables)",
  ),
});

/** Full details of one server. */
export const ServerDetailsOutput = ServerSummary.extend({
  officialNames: z.array(z.string()),
  subfolder: z.string().nullable(),
  originalTitle: z.string().nullable().describe(
    'The source\'s title when it named nothing ("mcp", "server") and was replaced by a derived one',
  ),
  statedHosting: z.enum(["local", "remote", "both", "unknown"]).nullable().describe(
    "Where sources say the server runs when no package or remote URL backs it (hosting is then " +
      "unknown): a gap, not a fact",
  ),
  homepage: z.string().nullable(),
  packages: z.array(z.object({
    registryType: z.string(),
    identifier: z.string(),
    version: z.string().optional(),
    registryBaseUrl: z.string().optional(),
    runtimeHint: z.string().optional(),
    transport: z.object({ type: z.string(), url: z.string().optional() }).optional(),
    environmentVariables: z.array(Input).optional(),
    packageArguments: z.array(Input).optional(),
    runtimeArguments: z.array(Input).optional(),
    fileSha256: z.string().optional(),
    source: z.string().optional().describe("Source that lists the package"),
    inputsFrom: z.string().optional().describe(
      "README the project completed the package's inputs from, when no source declared them",
    ),
    evidence: z.object({
      level: z.enum(["verified", "checked", "unverified"]),
      reasons: z.array(z.string()),
    }).optional().describe(
      "Whether the package belongs to the server: verified (a launch probe started it), checked " +
        "(official record, Docker, npm's repository field or mcpName, a validating source), " +
        "unverified (a catalog's say-so only), with the reasons",
    ),
  })),
  remotes: z.array(z.object({
    type: z.string(),
    url: z.string(),
    headers: z.array(Input).optional(),
  })),
  tags: z.array(z.string()),
  license: z.string().nullable(),
  forks: z.number().nullable(),
  useCount: z.number().nullable(),
  monthlyDownloads: z.number().nullable(),
  version: z.string().nullable(),
  status: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  vendorEvidence: z.array(VendorEvidence).describe(
    "Why vendorOfficial or firstParty holds: registry namespace, repository owner, npm scope ...",
  ),
  publisherNote: z.string().nullable().describe(
    "The publisher decision in one sentence, badge or not (e.g. why a server is not the vendor's)",
  ),
  variants: z.array(ServerVariant).describe(
    "Other listings of the same project (re-listings, mirrors, moved copies)",
  ),
  variantReason: z.string().nullable().describe(
    "For a variant: why it was grouped with its canonical entry (variantOf)",
  ),
  content: ContentFlagsOutput,
  tools: z.array(z.object({
    name: z.string(),
    description: z.string().optional(),
    inputSchema: z.unknown().optional(),
  })),
  taxonomy: TaxonomyPlacement.nullable(),
  trust: TrustScore.nullable().describe(
    "Trust score with every component, its points and evidence, and safety-scan findings",
  ),
  inventoryStatus: z.enum(["known", "unknown"]),
  inventorySource: z.string().nullable().describe("Source of the tool list; probe: a launch probe"),
  probes: z.array(ProbeSummary).describe("Launch probes of the server's packages"),
  verified: z.object({
    probedAt: z.string(),
    identifier: z.string(),
    version: z.string().nullable(),
    toolCount: z.number().int(),
    text: z.string().describe("e.g. verified: launched and listed 9 tools on 2026-11-27"),
  }).nullable().describe("Set when a launch probe started the server and listed its tools"),
  sources: z.array(SourceAttribution),
  provenance: z.record(z.string(), z.string()),
});

/** Input of `compareServers`. */
export const CompareServersInput = z.object({
  names: distinctIds("server names", 300),
}).strict();

/** Side-by-side comparison of servers. */
export const CompareServersOutput = z.object({
  servers: z.array(ServerSummary.extend({
    license: z.string().nullable(),
    toolCount: z.number().int().nullable(),
    updatedAt: z.string().nullable(),
    installMethods: z.array(z.string()),
  })),
});

/** Input of `serverFilters` (no parameters). */
export const FiltersInput = z.object({}).strict();

const Facet = z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() }));
/** Server filter values with counts. */
export const FiltersOutput = z.object({
  categories: Facet,
  hosting: Facet,
  transports: Facet,
  registryTypes: Facet,
});
