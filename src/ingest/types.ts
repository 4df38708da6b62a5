/**
 * Normalized record shapes produced by the source adapters (`src/ingest/sources/*.ts`) and the
 * merged shapes written to `data/catalog.db`.
 *
 * Adapters read one public format each and yield `Source*` records; the merge steps turn them into
 * `Catalog*` records with per-field provenance. Field names follow the MCP `server.json` schema
 * (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json) where one exists.
 *
 * @module
 */

/** What a source describes. */
export type SourceKind = "mcp-servers" | "ai-tools" | "llm-prices";

/** Static description of one source (one public dump), kept for attribution. */
export interface SourceInfo {
  /** Stable source id used in provenance, e.g. `"official-registry"`, `"toolsdk"`. */
  id: string;
  /** Human name, e.g. `"Official MCP Registry (rosmur export)"`. */
  name: string;
  /** Which catalog the source feeds. */
  kind: SourceKind;
  /** Publisher repository and commit, as in the source folder's SOURCES.md. */
  publisher: string;
  /** Licence as stated by the publisher (`"none stated"` when absent). */
  license: string;
  /** Path of the source files relative to the sources root. */
  path: string;
}

/**
 * A key/value item a server expects: environment variable, header or argument (server.json
 * `Input`, `KeyValueInput`, `PositionalArgument`, `NamedArgument`; schema
 * https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json).
 */
export interface ServerInput {
  /** Variable, header or argument name, e.g. `"GITHUB_TOKEN"`, `"--port"`. */
  name: string;
  description?: string;
  /** server.json `isRequired` (the schema's default is false). */
  isRequired?: boolean;
  /** True for secrets (tokens, passwords): clients must prompt, never store in plain text. */
  isSecret?: boolean;
  default?: string;
  /** Fixed value, possibly with `{name}` references to {@link ServerInput.variables}. */
  value?: string;
  /** For arguments: `"positional"` or `"named"` (server.json `type`). */
  type?: string;
  /** `string` (default), `number`, `boolean` or `filepath` (server.json `format`). */
  format?: string;
  /** The only values allowed (server.json `choices`). */
  choices?: string[];
  /** A hint shown to the user, e.g. `"sk-..."` (server.json `placeholder`). */
  placeholder?: string;
  /** A positional argument's display name, e.g. `"allowed_directory"` (server.json `valueHint`). */
  valueHint?: string;
  /** The argument may be given several times (server.json `isRepeated`). */
  isRepeated?: boolean;
  /** Inputs that `{name}` references in `value` stand for (server.json `variables`). */
  variables?: Record<string, ServerInput>;
}

/** MCP transport names of server.json. */
export type TransportType = "stdio" | "streamable-http" | "sse";

/** One installable package of a server (server.json `packages[]`). */
export interface ServerPackage {
  /** `npm`, `pypi`, `oci`, `nuget`, `mcpb` (server.json `registryType`). */
  registryType: string;
  /** Package name or image reference, e.g. `"@modelcontextprotocol/server-github"`. */
  identifier: string;
  /** Pinned version when the source gives one. */
  version?: string;
  registryBaseUrl?: string;
  /** Runner hint, e.g. `npx`, `uvx`, `docker`, `dnx`. */
  runtimeHint?: string;
  transport?: { type: TransportType; url?: string };
  environmentVariables?: ServerInput[];
  packageArguments?: ServerInput[];
  runtimeArguments?: ServerInput[];
  /** SHA-256 of the package file (mcpb), lowercase hex. */
  fileSha256?: string;
  /**
   * Id of the source that lists this package (set by the merge step, which unites the packages
   * of every source of a server), e.g. `"official-server-json"`, `"toolsdk"`.
   */
  source?: string;
  /**
   * README the project read to complete this package's inputs (`data/package_inputs.json`), when
   * no source declared them all.
   */
  inputsFrom?: string;
}

/** One remote endpoint of a server (server.json `remotes[]`). */
export interface ServerRemote {
  type: "streamable-http" | "sse";
  /** HTTPS (or HTTP) URL of the endpoint. */
  url: string;
  headers?: ServerInput[];
}

/**
 * What a launch probe (`src/probe/`) found for one package or endpoint of a server, as kept in the
 * catalog (the tools themselves go to the server's inventory).
 */
export interface ProbeSummary {
  /** What was probed: `npm:@scope/name` or `remote:<url>`. */
  target: string;
  /** `npm`, or `remote` for an HTTP endpoint. */
  registryType: string;
  /** Package name, or the endpoint URL. */
  identifier: string;
  /** The version that ran (resolved by the installer), or `null`. */
  version: string | null;
  /** ISO 8601 time of the probe. */
  probedAt: string;
  /** True when the server answered `initialize`. */
  launched: boolean;
  /**
   * `null` on success, else one of `install_failed`, `no_executable`, `crashed`, `needs_secret`,
   * `sandbox_denied`, `timed_out`, `not_mcp`, `tools_list_failed` (stdio) or `needs_auth`,
   * `unreachable` (HTTP); see `src/probe/classify.ts`.
   */
  errorClass: string | null;
  /** A short explanation (the last error line the server printed), or `null`. */
  detail: string | null;
  /** Tools listed (0 when `tools/list` was not reached). */
  toolCount: number;
  /** `serverInfo.name` and `version` the server reported, or `null`. */
  serverInfo: { name: string; version: string } | null;
}

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
export interface ServerIcon {
  src: string;
  mimeType?: typeof ICON_MIME_TYPES[number];
  sizes?: string[];
  theme?: "light" | "dark";
}

/** One tool an MCP server exposes. */
export interface ServerTool {
  name: string;
  description?: string;
  /** JSON Schema of the tool's input, when the source gives it. */
  inputSchema?: unknown;
}

/** An MCP server as one source describes it. Only `source`, `sourceId` and `name` are required. */
export interface SourceServer {
  /** {@link SourceInfo.id} of the source. */
  source: string;
  /** The record's id inside the source (official name, slug, file name ...), unique per source. */
  sourceId: string;
  /** Display name (required: a record without one is skipped as `missing_name`). */
  name: string;
  /** Official MCP registry reverse-DNS name, e.g. `"io.github.owner/server"`. */
  officialName?: string;
  description?: string;
  /** Repository URL as given by the source (normalized by the merge step). */
  repositoryUrl?: string;
  /**
   * A repository the record probably belongs to, inferred from an id (Smithery `@owner/repo` →
   * `https://github.com/owner/repo`). Used only to join an entry that some other source already
   * gives that repository; never shown and never a merge key on its own.
   */
  repositoryHint?: string;
  /**
   * The code-host account a listing points at without naming a repository (`github.com/github`
   * from ever-works' `source_url: https://github.com/github`). Used only to recognize the listing
   * as one of that account's servers (`src/ingest/identity.ts`); never shown.
   */
  ownerHint?: string;
  /** Folder of the server inside a monorepo (server.json `repository.subfolder`). */
  subfolder?: string;
  /** Project site, when different from the repository. */
  homepage?: string;
  /** Icons the publisher declared (server.json `icons`). */
  icons?: ServerIcon[];
  packages?: ServerPackage[];
  remotes?: ServerRemote[];
  /** Source's own category labels, verbatim. */
  categories?: string[];
  tags?: string[];
  /** SPDX id or licence name as given. */
  license?: string;
  /** GitHub stars. */
  stars?: number;
  forks?: number;
  /** Smithery use count (calls). */
  useCount?: number;
  /** Package downloads per month. */
  monthlyDownloads?: number;
  version?: string;
  /** Registry status, e.g. `active`, `deprecated`. */
  status?: string;
  /** ISO 8601 time the record was first published in the source. */
  publishedAt?: string;
  /** ISO 8601 time of the last update the source knows of (release, push, edit). */
  updatedAt?: string;
  /** Hosting hint from the source: runs locally (stdio package) or is hosted (remote). */
  hosting?: "local" | "remote";
  /** Transports named by the source, e.g. `["stdio"]`. */
  transports?: string[];
  /** True when a vendor-official list (modelcontextprotocol.io official integrations) names it. */
  vendorOfficial?: boolean;
  /** Tool inventory, when the source knows it. */
  tools?: ServerTool[];
  /** Source-specific validation mark (toolsdk `validated`). */
  validated?: boolean;
}

/**
 * One piece of evidence that the organisation owning a product publishes the server for it
 * (`src/ingest/vendor.ts`).
 */
export interface VendorEvidence {
  /**
   * - `vendor_list`: named by the modelcontextprotocol.io official-integrations list;
   * - `namespace_domain`: official registry namespace is the reverse-DNS of the vendor's domain
   *   (the registry verified control of the domain);
   * - `namespace_owner`: `io.github.<owner>` namespace (verified by GitHub login) is the vendor's
   *   account;
   * - `repository_owner`: the repository belongs to the vendor's code-host account;
   * - `package_scope`: the npm package is published under the vendor's scope;
   * - `remote_domain`: the vendor hosts the remote endpoint on its own domain.
   */
  kind:
    | "vendor_list"
    | "namespace_domain"
    | "namespace_owner"
    | "repository_owner"
    | "package_scope"
    | "remote_domain";
  /** What was found, in words, e.g. `"repository owner getsentry is Sentry's account"`. */
  detail: string;
  /**
   * The product word the evidence ties to the publisher, e.g. `"sentry"` (for `vendor_list`, the
   * server's product words separated by spaces; may be empty).
   */
  product: string;
}

/**
 * Content signals found at ingest (`src/ingest/content_flags.ts`): adult entries are hidden from
 * search, recommendations, alternatives and the site unless `safe=off`; spam and parked entries
 * rank last.
 */
export interface ContentFlags {
  /** Reasons the entry is adult or NSFW, e.g. `["word \"nsfw\" in name"]`; empty when not. */
  adult: string[];
  /** Reasons the entry is a parked domain, spam or a placeholder; empty when not. */
  spam: string[];
}

/** Pricing models of DESIGN.md ("Pricing models"). */
export const PRICING_MODELS = [
  "free",
  "freemium",
  "free_trial",
  "paid",
  "contact",
  "open_source",
] as const;

/** One pricing model, see {@link PRICING_MODELS}. */
export type PricingModel = typeof PRICING_MODELS[number];

/** An AI tool as one source describes it. */
export interface SourceTool {
  source: string;
  sourceId: string;
  name: string;
  /** The tool's own site, tracking parameters (`utm_*`, `ref`) stripped. */
  url?: string;
  description?: string;
  /** Longer text when the source has one (kept for search and the details page). */
  longDescription?: string;
  pricing?: PricingModel;
  /** Price as the source writes it, e.g. `"20/mo"`. */
  priceText?: string;
  hasFreeTier?: boolean;
  /** Source's category labels, verbatim (first is the main one). */
  categories?: string[];
  tags?: string[];
  /** Feature flags or bullets, e.g. `"API"`, `"Browser Extension"`. */
  features?: string[];
  /** Use-case bullets (topai.tools). */
  useCases?: string[];
  /** Average rating on a 0-5 scale. */
  rating?: number;
  reviewCount?: number;
  /** Link to a review page in the source. */
  reviewUrl?: string;
  verified?: boolean;
  /** ISO 8601 times. */
  createdAt?: string;
  updatedAt?: string;
  socialLinks?: string[];
}

/** A long-context price tier: from `thresholdTokens` input tokens on, these prices apply. */
export interface PriceTier {
  /** Input-token count at which the tier starts (e.g. 200000). */
  thresholdTokens: number;
  inputPerMTok?: number;
  outputPerMTok?: number;
  cacheReadPerMTok?: number;
  cacheWritePerMTok?: number;
}

/** One model's list price as one source describes it. All money in USD per million tokens. */
export interface SourcePrice {
  source: string;
  sourceId: string;
  /** Canonical first-party provider id, e.g. `openai`, `anthropic`, `google`, `xai`. */
  provider: string;
  /** Model id as the provider's API names it, e.g. `gpt-4o`, `claude-sonnet-4-5`. */
  model: string;
  /** Display name. */
  name?: string;
  inputPerMTok?: number;
  outputPerMTok?: number;
  /** Price of reading cached input. */
  cacheReadPerMTok?: number;
  /** Price of writing the cache (5-minute TTL where the provider distinguishes). */
  cacheWritePerMTok?: number;
  /** Price of writing the cache with a 1-hour TTL (Anthropic). */
  cacheWrite1hPerMTok?: number;
  tiers?: PriceTier[];
  /** Server-side web-search fee, USD per call, billed on top of tokens. */
  webSearchPerCall?: number;
  /** Context window in tokens. */
  contextWindow?: number;
  maxOutputTokens?: number;
  /** ISO 8601 date or time the source last verified or changed the figure. */
  verifiedAt?: string;
  /** What `verifiedAt` means for this source, e.g. "prices_checked date in genai-prices". */
  verifiedMeaning?: string;
  /** Provider's pricing page. */
  pricingUrl?: string;
  deprecated?: boolean;
  /** ISO date the model was released. */
  releaseDate?: string;
}

/** Where a merged record came from: one source's record. */
export interface SourceRef {
  source: string;
  sourceId: string;
}

/**
 * A source adapter: reads one public format under the sources root and returns normalized records,
 * counting everything it reads, keeps, skips and cleans in `report`. It never throws for a broken
 * record (it counts it and goes on); it throws only when the source as a whole is missing.
 */
export interface SourceAdapter<T> {
  info: SourceInfo;
  /**
   * @param root the sources root (default `../shared/data`), e.g. `/work/shared/data`
   * @param report the counter for this source
   * @returns every readable record of the source
   * @throws {Deno.errors.NotFound} when the source's files are missing
   */
  read(root: string, report: import("./report.ts").SourceReport): Promise<T[]>;
}

/** A review or rating summary one source gives for a tool. */
export interface ToolReview {
  source: string;
  /** Average rating, 0-5. */
  rating?: number;
  /** Number of reviews behind the rating. */
  count?: number;
  /** Link to the review page. */
  url?: string;
}

/** An AI tool after deduplication across sources (website domain + normalized name). */
export interface CatalogTool {
  /** Unique URL-safe id, e.g. `"leonardo-ai"`. */
  slug: string;
  name: string;
  /** Other names sources give the tool ("Runway" for "Runwayml"), for name matching. */
  aliases?: string[];
  /** Short description (first source with one, by source priority). */
  description: string;
  /** Longest description any source gives (for search and the details page). */
  longDescription?: string;
  /** The tool's own site, or `null` when no source gives one (ai-collection links are redirects). */
  url: string | null;
  /** Pricing model, or `"unknown"` when no source states one (never guessed). */
  pricing: PricingModel | "unknown";
  priceText?: string;
  /** Main category label (display name, from the source with the best vocabulary). */
  category: string;
  /** All category labels from all sources. */
  categories: string[];
  tags: string[];
  /** True when a source says the tool is free, freemium, open source or offers a free version. */
  hasFreeTier: boolean;
  keyFeatures: string[];
  useCases: string[];
  reviews: ToolReview[];
  createdAt?: string;
  updatedAt?: string;
  socialLinks: string[];
  /** Every source record merged into this tool. */
  sources: SourceRef[];
  /** Field name → id of the source its value came from. */
  provenance: Record<string, string>;
  /**
   * What the merge rules decided where sources disagree or a field was filled from another
   * field, in words (e.g. `"hasFreeTier: false, since aitoolhouse states free_trial explicitly;
   * autoventure (free) overruled"`).
   */
  factNotes?: string[];
  /** Fields whose value differs from a merge by source priority alone (for the ingest report). */
  ruleChanges?: ("pricing" | "hasFreeTier")[];
  /** Taxonomy classification (primary and secondary leaves with method and score). */
  taxonomy?: import("./classify.ts").Classification;
  /** Adult and spam signals found at ingest (`src/ingest/content_flags.ts`). */
  content?: ContentFlags;
}

/** Counts of a merge step, stored in the ingest report. */
export interface MergeStats {
  /** Records that went in. */
  input: number;
  /** Entries that came out. */
  output: number;
  /** Records folded into an entry that already existed. */
  merged: number;
  /** Entries built from two or more sources. */
  multiSource: number;
  /** Free-form extra counts (e.g. `byKey: { repo: 100, name: 20 }`). */
  [extra: string]: unknown;
}

/** One model's first-party list price after merging the price sources. USD per million tokens. */
export interface CatalogPrice extends Omit<SourcePrice, "source" | "sourceId"> {
  /** `"{provider}/{model}"`, unique. */
  id: string;
  /** Display name of the provider, e.g. `"OpenAI"`. */
  providerName: string;
  /** Sources that agree with the chosen input and output price. */
  corroboratedBy: string[];
  /** Fields on which sources disagree, with each source's value. */
  disagreements: { field: string; values: { source: string; value: number }[] }[];
  sources: SourceRef[];
  /** Field name → source id of the chosen value. */
  provenance: Record<string, string>;
}
