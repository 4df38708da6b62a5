/**
 * zod schemas of every catalog use case's input and output. The REST routes and the MCP tools
 * parse with the same input schemas and describe their results with the same output schemas.
 *
 * Bounds: `limit` 1..50, default 10 (recommend 1..20, default 5);
 * comparisons take 2..5 distinct ids.
 *
 * @module
 */
import { z } from "zod";
import { SEARCH_MODES } from "./rank_query.ts";
import { PRICING_MODELS } from "../model/tool.ts";
import { RatingSummary } from "../model/review.ts";
import { TrustScore } from "../model/trust.ts";
import { ProbeSummary, ServerInputFields, ServerVariant, VendorEvidence } from "../model/server.ts";

/** Longest accepted free-text query, in characters. */
export const MAX_QUERY_LENGTH = 500;
/**
 * Deepest offset a search may reach: a tool search's `offset`, a server search's cursor (ranking
 * keeps a bounded candidate list).
 */
export const MAX_OFFSET = 1000;

const limit = (max: number, def: number) =>
  z.number().int().min(1).max(max).default(def).describe(
    `Number of results wanted, 1-${max} (default ${def})`,
  );
const text = (what: string) => z.string().trim().min(1).max(MAX_QUERY_LENGTH).describe(what);

/** Ranking mode parameter. */
export const ModeParam = z.enum(SEARCH_MODES).default("hybrid").describe(
  "Ranking: lexical (BM25 keywords), semantic (sentence embeddings) or hybrid (reciprocal rank fusion of both; default)",
);

/**
 * Content safety of a search: `on` (default) leaves out adult entries; `off` includes them.
 */
export const SafeParam = z.enum(["on", "off"]).default("on").describe(
  "Content safety: on (default) leaves out adult (NSFW) entries; off includes them",
);

/** Listing collapse of a server search. */
export const CollapseParam = z.boolean().default(true).describe(
  "true (default): one canonical entry per project, with variantCount; false: every listing",
);

/** Result order of a search: relevance (default) or users' rating (`user_reviews.ts`). */
export const SortParam = z.enum(["relevance", "rating"]).default("relevance").describe(
  "Order: relevance (default), or rating: entries with users' reviews first, best rated first (mean with 2 reviews of 3 stars added, then review count), then the rest by relevance; applied to the best 1,050 matches",
);

/** The users' rating of a search result. */
const ResultRating = RatingSummary.nullable().describe(
  "Users' rating (toolatlas reviews): mean stars and review count; null when not reviewed",
);

/** Pricing filter values: the pricing models plus `free` (any tool with a free tier). */
export const PricingFilter = z.enum(["free", ...PRICING_MODELS.filter((p) => p !== "free")])
  .describe(
    "Pricing model: free (any tool with a free tier), freemium, free_trial, paid, contact, open_source",
  );

// ------------------------------------------------------------------ tools

/** Input of `searchTools` (GET /api/v1/tools, svc_tools_search). */
export const SearchToolsInput = z.object({
  q: text("Free-text search query").optional(),
  slug: z.string().trim().min(1).max(200).describe("Return only the tool with this slug")
    .optional(),
  category: z.string().trim().min(1).max(200).describe(
    "Category name, slug or alias (an old source label, e.g. Image Generators)",
  ).optional(),
  pricing: PricingFilter.optional(),
  facetId: z.string().trim().min(1).max(100).describe("Taxonomy facet id, e.g. build")
    .optional(),
  subcategoryId: z.string().trim().min(1).max(100).describe("Taxonomy subcategory id")
    .optional(),
  leafId: z.string().trim().min(1).max(100).describe("Taxonomy leaf id").optional(),
  mode: ModeParam,
  safe: SafeParam,
  sort: SortParam,
  limit: limit(50, 10),
  offset: z.number().int().min(0).max(MAX_OFFSET).default(0).describe(
    `Results to skip, 0-${MAX_OFFSET} (default 0)`,
  ),
}).strict();

/** One AI tool as search, compare and recommendation results show it. */
export const ToolRecord = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable().describe("The tool's own site; null when no source gives it"),
  pricing: z.string().describe(
    "Pricing model: free, freemium, free_trial, paid, contact, open_source, or unknown",
  ),
  category: z.string(),
  tags: z.array(z.string()),
  hasFreeTier: z.boolean(),
  keyFeatures: z.array(z.string()),
  svcUrl: z.string().describe("Page of the tool on the public site"),
});
/** A tool record. */
export type ToolRecord = z.infer<typeof ToolRecord>;

/** Response of an AI tool search: the page of results and the number of matches. */
export const SearchToolsOutput = z.object({
  results: z.array(ToolRecord.extend({ rating: ResultRating })),
  total: z.number().int().describe("Number of tools matching the query and filters"),
});

/** Input of `getTool` (GET /api/v1/tools/{slug}, svc_tools_details). */
export const ToolDetailsInput = z.object({
  slug: z.string().trim().min(1).max(200).describe("Tool slug"),
}).strict();

const Derived = z.string().describe(
  "How a derived list was made (no source states it): e.g. taxonomy-leaf-and-vector-neighbours",
);

/** Why a tool is listed as an alternative of another (`alternatives.ts`), added to its record. */
const AlternativeWhy = {
  reason: z.string().describe(
    "Why it is listed, e.g. same leaf: Meeting Assistants; similar description (0.82); listed by 3 sources",
  ),
  similarity: z.number().nullable().describe(
    "Cosine similarity of the two tools' sentence embeddings, 0-1; null when the catalog has no vectors",
  ),
  sharedLeafId: z.string().nullable().describe(
    "A taxonomy leaf both tools are filed under, or null",
  ),
};

/** One alternative in a details record or a comparison: a link with the reason it is listed. */
export const AlternativeLink = z.object({
  slug: z.string(),
  name: z.string(),
  svcUrl: z.string(),
  ...AlternativeWhy,
});

/** A source record behind an entry, with the source's name and licence for attribution. */
export const SourceAttribution = z.object({
  source: z.string(),
  sourceId: z.string(),
  name: z.string(),
  license: z.string(),
});

/** 2 to 5 distinct ids (compared case-insensitively), for comparisons. */
function _distinctIds(noun: string, maxLength: number) {
  return z.array(z.string().trim().min(1).max(maxLength)).min(2).max(5)
    .refine(
      (ids) => new Set(ids.map((x) => x.toLowerCase())).size === ids.length,
      `${noun[0]!.toUpperCase()}${noun.slice(1)} must differ`,
    )
    .describe(`2 to 5 distinct ${noun}`);
}

/** Where an entry sits in the taxonomy, and how that was decided. */
export const TaxonomyPlacement = z.object({
  facetId: z.string(),
  subcategoryId: z.string(),
  leafId: z.string(),
  method: z.string().describe(
    "label (hand label), model (learned model overrode the rules), category_map, keywords, embedding or fallback",
  ),
  score: z.number().describe("Confidence of the assignment, 0-1"),
  secondary: z.array(z.object({ leafId: z.string(), method: z.string(), score: z.number() }))
    .describe("Up to two further leaves that also fit"),
});

/** Content flags of an entry, from ingest (`src/ingest/content_flags.ts`). */
export const ContentFlagsOutput = z.object({
  adult: z.boolean().describe("Adult (NSFW): left out of searches unless safe=off"),
  spam: z.boolean().describe("Spam, parked or placeholder: ranked last"),
  reasons: z.array(z.string()).describe('What was found, e.g. source category "Nsfw"'),
});

/** Full details of one tool. */
export const ToolDetailsOutput = ToolRecord.extend({
  longDescription: z.string().nullable(),
  content: ContentFlagsOutput,
  notes: z.array(z.string()).describe(
    "What the merge rules decided where sources disagree (pricing, free tier, description, URL)",
  ),
  priceText: z.string().nullable().describe("Price as the source writes it, e.g. 20/mo"),
  pricingTiers: z.array(z.object({
    name: z.string(),
    price: z.string().nullable(),
    derived: z.boolean(),
  })).describe("Plans; derived from the pricing model and price text, since no source lists plans"),
  categories: z.array(z.string()),
  useCases: z.array(z.string()),
  integrations: z.object({
    items: z.array(z.string()),
    derived: z.literal(true),
    method: Derived,
  }),
  competitors: z.object({
    items: z.array(AlternativeLink).describe(
      "Alternatives, best first: the first items of /tools/alternatives for this tool",
    ),
    derived: z.boolean(),
    method: Derived,
  }),
  reviews: z.array(z.object({
    source: z.string(),
    rating: z.number().nullable(),
    count: z.number().nullable(),
    url: z.string().nullable(),
  })),
  taxonomy: TaxonomyPlacement.nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  sources: z.array(SourceAttribution),
  provenance: z.record(z.string(), z.string()),
  evidence: z.record(
    z.string(),
    z.array(z.object({
      source: z.string(),
      sourceId: z.string(),
      value: z.union([z.string(), z.boolean()]),
      statedAt: z.string().describe("YYYY-MM-DD: the record's own time, else its dump's date"),
      status: z.enum(["chosen", "agrees", "superseded", "overruled"]),
    })),
  ).describe(
    "Dated statements of each field more than one source stated (url, name, pricing, hasFreeTier): the newest explicit statement wins; older ones that disagree are superseded, same-age ones that lost by agreement overruled",
  ),
});

/** Input of `compareTools`. */
export const CompareToolsInput = z.object({
  slugs: _distinctIds("tool slugs", 200),
}).strict();

/** Side-by-side comparison of tools. */
export const CompareToolsOutput = z.object({
  tools: z.array(ToolRecord.extend({
    priceText: z.string().nullable(),
    rating: z.number().nullable(),
    reviewCount: z.number().nullable(),
  })),
  pricing: z.array(z.object({
    slug: z.string(),
    pricing: z.string(),
    priceText: z.string().nullable(),
    hasFreeTier: z.boolean(),
  })),
  features: z.object({
    shared: z.array(z.string()).describe("Features every compared tool lists"),
    byTool: z.record(z.string(), z.array(z.string())).describe("Features only this tool lists"),
  }),
  reviews: z.array(z.object({
    slug: z.string(),
    rating: z.number().nullable(),
    count: z.number().nullable(),
  })),
  alternatives: z.object({
    items: z.array(AlternativeLink.extend({
      alternativeTo: z.array(z.string()).describe("Slugs of the compared tools it is listed for"),
    })).describe(
      "Also consider: alternatives of the compared tools (not of their vendors), those of most of them first",
    ),
    derived: z.literal(true),
    method: Derived,
  }),
});

/** Input of `toolAlternatives`. */
export const AlternativesInput = z.object({
  slug: z.string().trim().min(1).max(200).describe("Tool slug"),
  safe: SafeParam,
  limit: limit(50, 10),
}).strict();

/** Alternatives of a tool. */
export const AlternativesOutput = z.object({
  tool: z.object({ slug: z.string(), name: z.string(), category: z.string(), svcUrl: z.string() }),
  alternatives: z.array(ToolRecord.extend(AlternativeWhy)),
  derived: z.boolean().describe("True: no source lists competitors; the list is computed"),
  method: Derived,
});

/** Input of `recommendTools`. */
export const RecommendInput = z.object({
  query: text("Description of the task, e.g. turn meeting recordings into notes"),
  safe: SafeParam,
  limit: limit(20, 5),
}).strict();

/** Response of a recommendation: the best-fitting tools, each with a confidence. */
export const RecommendOutput = z.object({
  summary: z.string().describe("One-sentence overview of the answer"),
  recommendations: z.array(z.object({
    slug: z.string(),
    name: z.string(),
    reason: z.string(),
    confidence: z.enum(["high", "medium", "low"]),
    svcUrl: z.string(),
  })),
});

/** Input of `listCategories` (no parameters). */
export const CategoriesInput = z.object({}).strict();

/** Every AI tool category with its tool count. */
export const CategoriesOutput = z.object({
  categories: z.array(z.object({
    name: z.string(),
    slug: z.string(),
    aliases: z.array(z.string()).describe(
      "Old source labels of this category (lowercase), accepted by the category filter",
    ),
    toolCount: z.number().int(),
    mainLeaf: z.object({
      id: z.string(),
      name: z.string(),
      path: z.array(z.string()).describe("Facet, subcategory and leaf ids"),
      toolCount: z.number().int().describe("Tools of this category placed in that leaf"),
    }).nullable().describe(
      "The taxonomy leaf holding most of this category's tools (primary placements)",
    ),
  })),
  total: z.number().int().describe("Number of categories"),
});

// ------------------------------------------------------------------ taxonomy

/** Input of `getTaxonomy`. */
export const TaxonomyInput = z.object({
  facetId: z.string().trim().min(1).max(100).describe("Restrict the tree to this facet")
    .optional(),
}).strict();

/** A taxonomy node with counts of primary assignments. */
export interface TaxonomyNodeOut {
  id: string;
  name: string;
  description: string;
  toolCount: number;
  serverCount: number;
  children?: TaxonomyNodeOut[] | undefined;
}

const TaxonomyNode: z.ZodType<TaxonomyNodeOut> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    toolCount: z.number().int(),
    serverCount: z.number().int(),
    children: z.array(TaxonomyNode).optional(),
  })
);

/** The taxonomy tree. */
export const TaxonomyOutput = z.object({
  facets: z.array(TaxonomyNode),
  counts: z.object({ facets: z.number(), subcategories: z.number(), leaves: z.number() }),
});

// ------------------------------------------------------------------ servers

/** Hosting filter values. */
export const HostingFilter = z.enum(["local", "remote"]).describe(
  "local: runs on your machine (package); remote: hosted endpoint",
);

/** Input of `searchServers` (GET /api/v1/servers, svc_search). */
export const SearchServersInput = z.object({
  q: text("Natural-language description or keywords").optional(),
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
  limit: limit(50, 10),
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
  names: _distinctIds("server names", 300),
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

// ------------------------------------------------------------------ prices

/** Columns prices can be sorted by. */
export const PRICE_SORTS = ["provider", "input", "output", "cached", "context"] as const;
/** One price sort column, see {@link PRICE_SORTS}. */
export type PriceSort = typeof PRICE_SORTS[number];
/** A sort direction. */
export type SortDir = "asc" | "desc";

/** Input of `listPrices`. */
export const PricesInput = z.object({
  provider: z.string().trim().min(1).max(100).describe("Provider id, e.g. openai, anthropic")
    .optional(),
  model: z.string().trim().min(1).max(200).describe("Exact model id, e.g. gpt-4o").optional(),
  q: text("Substring of the model id or name").optional(),
  sort: z.enum(PRICE_SORTS).describe(
    "Sort by provider name, input, output or cached-input price, or context window; models " +
      "without that figure come last, and deprecated or retired models after current ones " +
      "(default: current models by provider id, then model id; then the deprecated ones)",
  ).optional(),
  dir: z.enum(["asc", "desc"]).default("asc").describe(
    "Sort direction with sort: asc (default) or desc",
  ),
  limit: z.number().int().min(1).max(500).default(100).describe(
    "Number of results, 1-500 (default 100)",
  ),
}).strict();

const money = z.number().nullable();
/** Kinds of a price's date, see `DateKind` in `src/model/price.ts`. */
export const PRICE_DATE_KINDS = ["checked", "effective", "released", "synced"] as const;
/** One first-party LLM price. Money in USD per million tokens; web search in USD per call. */
export const PriceRecord = z.object({
  id: z.string(),
  provider: z.string(),
  providerName: z.string(),
  model: z.string(),
  name: z.string().nullable(),
  inputPerMTok: money,
  outputPerMTok: money,
  cacheReadPerMTok: money,
  cacheWritePerMTok: money,
  cacheWrite1hPerMTok: money,
  tiers: z.array(z.object({
    thresholdTokens: z.number(),
    inputPerMTok: z.number().optional(),
    outputPerMTok: z.number().optional(),
    cacheReadPerMTok: z.number().optional(),
    cacheWritePerMTok: z.number().optional(),
  })),
  webSearchPerCall: money,
  contextWindow: z.number().nullable(),
  maxOutputTokens: z.number().nullable(),
  verifiedAt: z.string().nullable().describe(
    "Day a source checked this model's headline price against the provider's page; null " +
      "without a real check (never a sync or release date)",
  ),
  verifiedMeaning: z.string().nullable().describe("What verifiedAt means (null without it)"),
  asOf: z.string().nullable().describe(
    "Day of the headline figure's best dated statement (the check when there is one)",
  ),
  dateKind: z.enum(PRICE_DATE_KINDS).nullable().describe(
    "What asOf is: checked (a per-model price check), effective (the day the price took " +
      "effect), released (the model's release or update date), synced (the day a source file " +
      "was synced or copied)",
  ),
  dateMeaning: z.string().nullable().describe("What asOf means for its source"),
  headlineRule: z.enum(["only", "newest", "agreement", "priority"]).nullable().describe(
    "How the input/output figure was chosen: only (one source), newest (the newest dated " +
      "statement), agreement (most sources among statements of about the same age), priority " +
      "(a tie of the same day, broken by source priority)",
  ),
  statements: z.array(z.object({
    source: z.string(),
    sourceId: z.string(),
    statedAt: z.string().nullable(),
    dateKind: z.enum(PRICE_DATE_KINDS).nullable(),
    dateBasis: z.enum(["record", "file", "dump"]).nullable(),
    inputPerMTok: money,
    outputPerMTok: money,
    cacheReadPerMTok: money,
    webSearchPerCall: money,
    status: z.enum(["chosen", "agrees", "superseded", "overruled"]),
    crossCheck: z.boolean(),
  })).describe(
    "Every source's dated statement of the price, newest first: chosen, agrees, superseded " +
      "(older, another figure) or overruled (same age, lost by agreement)",
  ),
  pricingUrl: z.string().nullable(),
  deprecated: z.boolean().describe("A source says deprecated, or the model is retired"),
  retired: z.boolean().describe("The provider no longer serves the model (end of life passed)"),
  lifecycleEvidence: z.array(z.string()).describe("Who says deprecated or retired"),
  corroboratedBy: z.array(z.string()),
  disagreements: z.array(z.object({
    field: z.string(),
    values: z.array(z.object({ source: z.string(), value: z.number() })),
  })),
  sources: z.array(z.string()),
  provenance: z.record(z.string(), z.string()),
});
/** A price record. */
export type PriceRecord = z.infer<typeof PriceRecord>;

/** LLM price list. */
export const PricesOutput = z.object({
  prices: z.array(PriceRecord),
  total: z.number().int(),
  units: z.object({ tokens: z.string(), webSearch: z.string() }),
});

// ------------------------------------------------------------------ health

/** Which search is live, and how far the semantic index is while it is built in the background. */
export const SearchStatus = z.object({
  mode: z.enum(["hybrid", "lexical"]).describe(
    "Default ranking served now: hybrid (lexical + semantic) or lexical only",
  ),
  semantic: z.enum(["live", "building", "failed", "off"]).describe(
    "live: vectors in use; building: embeddings are being computed in the background (lexical " +
      "search answers meanwhile); failed: the background build stopped; off: a catalog without " +
      "vectors",
  ),
  progress: z.object({
    step: z.string().describe("embedding, classifying, writing or opening"),
    done: z.number().int().describe("Texts embedded so far"),
    total: z.number().int().describe("Texts to embed"),
    textsPerSecond: z.number(),
    etaSeconds: z.number().nullable().describe("Estimated seconds until every text is embedded"),
    error: z.string().optional(),
  }).nullable().describe("Set while building (or after a failure)"),
});

/** Catalog health. */
export const HealthOutput = z.object({
  status: z.literal("ok"),
  builtAt: z.string().nullable(),
  counts: z.object({ tools: z.number(), servers: z.number(), prices: z.number() }),
  unclassifiedTools: z.number(),
  unclassifiedServers: z.number(),
  search: SearchStatus,
});

/** Input of `getHealth` (no parameters). */
export const HealthInput = z.object({}).strict();
