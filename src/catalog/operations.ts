/**
 * The one table of catalog operations: each use case with its input and output schemas, its REST
 * route, its MCP tool, the tier entitlement it reads, a text rendering for MCP clients and its
 * documentation. The REST routes (`src/http/rest.ts`), the OpenAPI document
 * (`src/http/openapi.ts`) and the MCP tool list (`src/mcp/server.ts`) are generated from it, so
 * the three expose the same operations with the same schemas.
 *
 * @module
 */
import type { z } from "zod";
import type { CatalogContext } from "./context.ts";
import type { Grants } from "./grants.ts";
import { getInstallConfig, InstallConfigInput, InstallConfigOutput } from "./install.ts";
import { getHealth, listPrices } from "./prices.ts";
import {
  HealthInput,
  HealthOutput,
  TaxonomyInput,
  type TaxonomyNodeOut,
  TaxonomyOutput,
} from "./schemas.ts";
import { PricesInput, PricesOutput } from "./price_schemas.ts";
import {
  CompareServersInput,
  FiltersInput,
  FiltersOutput,
  SearchServersInput,
  SearchServersOutput,
  ServerDetailsInput,
} from "./server_schemas.ts";
import {
  AlternativesInput,
  AlternativesOutput,
  CategoriesInput,
  CategoriesOutput,
  CompareToolsInput,
  RecommendInput,
  RecommendOutput,
  SearchToolsInput,
  SearchToolsOutput,
  ToolDetailsInput,
} from "./tool_schemas.ts";
import { compareServers, getServer, searchServers, serverFilters } from "./servers.ts";
import { getTaxonomy } from "./taxonomy.ts";
import {
  comparedReviews,
  CompareServersWithReviews,
  CompareToolsWithReviews,
  ServerDetailsWithReviews,
  ToolDetailsWithReviews,
  withUserReviews,
} from "./user_reviews.ts";
import type { UserReviews } from "../model/review.ts";
import { listCategories, recommendTools, searchTools } from "./tools.ts";
import { toolAlternatives } from "./tool_alternatives.ts";
import { compareTools, getTool } from "./tool_details.ts";

/** How an operation appears as an MCP tool. */
export interface McpToolDoc {
  /** Exact tool name, e.g. `svc_tools_search`. */
  name: string;
  /** Human title, e.g. `Search AI tools`. */
  title: string;
  /** What an agent reads to choose the tool. */
  description: string;
}

/** How an operation appears in the OpenAPI document. */
export interface OperationDoc {
  /** Tag the operation is grouped under, e.g. `AI tools`. */
  tag: string;
  /** One line. */
  summary: string;
  /** Longer explanation (Markdown). */
  description?: string;
  /** Error statuses besides 401, 500 and 503 (which every operation may give). */
  errors: readonly (400 | 403 | 404 | 405 | 413 | 415 | 429)[];
  /** False for an operation that never counts against the quota. */
  counted?: false;
}

/** One catalog operation. */
export interface Operation {
  /** Unique id, the OpenAPI `operationId`, e.g. `searchTools`. */
  id: string;
  /** The MCP tool that exposes it, or `null` for a REST-only operation. */
  mcpTool: McpToolDoc | null;
  /** HTTP method of its REST route: `get` reads the query, `post` a JSON body. */
  method: "get" | "post";
  /** REST path under `/api/v1`, with `{name}` path parameters, e.g. `/tools/{slug}`. */
  path: string;
  /** Path parameters whose value may hold `/` (server names). */
  slashParams?: readonly string[];
  /** Input schema: path and query parameters (`get`) or the JSON body (`post`); MCP arguments. */
  input: z.ZodObject;
  /** Output schema: the REST response body and the MCP `structuredContent`. */
  output: z.ZodType;
  /**
   * The use case: validates the raw input with {@link Operation.input} and returns the output.
   * Throws (or rejects with) an `AppError` for bad input or an unknown id.
   */
  run: (ctx: CatalogContext, input: unknown, grants: Grants) => object | Promise<object>;
  /** Short text rendering of the output for MCP clients that ignore `structuredContent`. */
  render: ((output: never) => string) | null;
  /** The tier entitlement the use case reads (`run` gets the caller's grants), or `null`. */
  entitlement: keyof Grants | null;
  /** Its OpenAPI documentation. */
  doc: OperationDoc;
}

/** Defines a row whose use case and render function are typed by its output schema. */
function _op<O extends z.ZodType<object>>(
  row: Omit<Operation, "output" | "render" | "run"> & {
    output: O;
    run: (ctx: CatalogContext, input: unknown, grants: Grants) => z.infer<O> | Promise<z.infer<O>>;
    render: ((output: z.infer<O>) => string) | null;
  },
): Operation {
  return row as Operation;
}

const line = (parts: (string | number | null | undefined | false)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== false && p !== "").join(" · ");

/** One line on users' reviews for MCP clients, e.g. `User reviews: 4.33/5 from 3, worked for 2 of 3`. */
function _userLine(r: UserReviews | null): string {
  if (r === null) return "";
  const a = r.aggregate;
  if (a.count === 0) return "User reviews: none yet";
  const worked = a.worked && a.worked.of > 0
    ? `, worked for ${a.worked.yes} of ${a.worked.of}`
    : "";
  const newest = r.newest[0];
  const quote = newest?.title ?? newest?.text?.slice(0, 120);
  return `User reviews: ${a.mean}/5 from ${a.count}${worked}${quote ? `; newest: "${quote}"` : ""}`;
}

const SERVER_NAME_NOTE =
  "The server name keeps its `/` (each segment percent-encoded), e.g. `/servers/io.github.github/github-mcp-server`.";

/**
 * Every catalog operation. The OpenAPI document lists them in this order, and MCP clients list
 * the tools in this order (the order of the service's specification; `svc_*` names are exact).
 */
export const OPERATIONS: readonly Operation[] = [
  _op({
    id: "searchTools",
    mcpTool: {
      name: "svc_tools_search",
      title: "Search AI tools",
      description:
        "Search the AI tool directory by keywords, category, pricing model (free = has a free tier, " +
        "freemium, free_trial, paid, contact, open_source) or taxonomy facet/subcategory/leaf. " +
        "Returns tool records with pricing, key features and a page URL. Use svc_tools_recommend " +
        "for a task described in a sentence.",
    },
    method: "get",
    path: "/tools",
    input: SearchToolsInput,
    output: SearchToolsOutput,
    run: searchTools,
    render: (o) =>
      [
        `${o.total} tools match; showing ${o.results.length}.`,
        ...o.results.map((t, i) =>
          `${i + 1}. ${t.name} (${t.slug}) · ${t.category} · ${t.pricing}${
            t.hasFreeTier ? " (free tier)" : ""
          }${
            t.rating ? ` · users ${t.rating.mean}/5 (${t.rating.count})` : ""
          } · ${t.description} · ${t.svcUrl}`
        ),
      ].join("\n"),
    entitlement: "semanticSearch",
    doc: {
      tag: "AI tools",
      summary: "Search AI tools, or return one tool by slug",
      description:
        "Hybrid (keyword + semantic) search with filters. With `slug`, the search response holds that one tool (`total: 1`) or the answer is 404.",
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "getTool",
    mcpTool: {
      name: "svc_tools_details",
      title: "AI tool details",
      description:
        "Full details of one AI tool by slug: pricing model and tiers, features, integrations, " +
        "competitors, reviews (users' rating and newest reviews; source ratings apart), taxonomy " +
        "placement, sources with licences. Derived lists say so.",
    },
    method: "get",
    path: "/tools/{slug}",
    input: ToolDetailsInput,
    output: ToolDetailsWithReviews,
    run: (ctx, input) => withUserReviews(ctx, "tool", getTool(ctx, input)),
    render: (t) =>
      [
        `${t.name} (${t.slug}): ${t.description}`,
        line([`Pricing: ${t.pricing}`, t.priceText, t.hasFreeTier && "free tier"]),
        t.keyFeatures.length ? `Features: ${t.keyFeatures.join(", ")}` : "",
        t.integrations.items.length
          ? `Integrations (derived): ${t.integrations.items.join(", ")}`
          : "",
        t.competitors.items.length
          ? `Competitors (derived): ${t.competitors.items.map((c) => c.name).join(", ")}`
          : "",
        _userLine(t.userReviews),
        `Site: ${t.url ?? "unknown"} · Page: ${t.svcUrl}`,
      ].filter(Boolean).join("\n"),
    entitlement: null,
    doc: {
      tag: "AI tools",
      summary: "Full details of one AI tool",
      description:
        "Pricing tiers, features, integrations and competitors (derived, marked), reviews (`userReviews`: toolatlas users' aggregate and newest reviews; `reviews`: ratings stated by sources, each named), taxonomy, sources with licences and per-field provenance.",
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "compareTools",
    mcpTool: {
      name: "svc_tools_compare",
      title: "Compare AI tools",
      description:
        "Side-by-side comparison of 2 to 5 AI tools (by slug) on pricing, free tier, shared and " +
        "distinct features, and reviews, with alternatives to also consider (derived, each with " +
        "its reason).",
    },
    method: "get",
    path: "/tools/compare",
    input: CompareToolsInput,
    output: CompareToolsWithReviews,
    run: async (ctx, input) => {
      const out = compareTools(ctx, input);
      return {
        ...out,
        userReviews: await comparedReviews(ctx, "tool", "slug", out.tools.map((t) => t.slug)),
      };
    },
    render: (o) =>
      [
        ...o.tools.map((t) =>
          line([
            t.name,
            t.pricing,
            t.priceText,
            t.hasFreeTier ? "free tier" : "no free tier",
            t.rating !== null ? `source rating ${t.rating}` : null,
            _userLine(o.userReviews?.find((r) => r.slug === t.slug) ?? null),
            `features: ${(o.features.byTool[t.slug] ?? []).join(", ") || "none distinct"}`,
          ])
        ),
        `Shared features: ${o.features.shared.join(", ") || "none"}`,
        o.alternatives.items.length
          ? `Also consider (derived): ${
            o.alternatives.items.map((a) => `${a.name} (${a.reason})`).join("; ")
          }`
          : "",
      ].filter(Boolean).join("\n"),
    entitlement: null,
    doc: {
      tag: "AI tools",
      summary: "Compare 2 to 5 AI tools side by side",
      description:
        "Pricing, features and reviews of each tool (`userReviews`: toolatlas users' aggregate and newest reviews per tool; `reviews` and `rating`: source ratings), and `alternatives`: tools to also consider, the compared tools' alternatives together (derived, marked, each with its reason).",
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "recommendTools",
    mcpTool: {
      name: "svc_tools_recommend",
      title: "Recommend AI tools for a task",
      description:
        "Describe a task in plain words (e.g. 'turn meeting recordings into notes') and get the " +
        "best-fitting AI tools, each with a reason citing what matched and a confidence of high, " +
        "medium or low. Low-evidence answers say so.",
    },
    method: "post",
    path: "/tools/recommend",
    input: RecommendInput,
    output: RecommendOutput,
    run: recommendTools,
    render: (o) =>
      [
        o.summary,
        ...o.recommendations.map((r, i) =>
          `${i + 1}. ${r.name} (${r.slug}) [${r.confidence}]: ${r.reason} ${r.svcUrl}`
        ),
      ].join("\n"),
    entitlement: null,
    doc: {
      tag: "AI tools",
      summary: "Recommend AI tools for a task",
      description: "Semantic recommendations with a confidence level each.",
      errors: [400, 405, 413, 415, 429],
    },
  }),
  _op({
    id: "toolAlternatives",
    mcpTool: {
      name: "svc_tools_alternatives",
      title: "Alternatives to an AI tool",
      description:
        "Competitors and alternatives of one AI tool (by slug), best first: tools of the same " +
        "taxonomy leaf and nearest in meaning, ranked by similarity and authority, without the " +
        "tool's own vendor's products and plug-ins. Computed from the catalog (no source lists " +
        "competitors); the result says how, and each alternative says why it is listed.",
    },
    method: "get",
    path: "/tools/alternatives",
    input: AlternativesInput,
    output: AlternativesOutput,
    run: toolAlternatives,
    render: (o) =>
      [
        `Alternatives to ${o.tool.name} (${o.method}${o.derived ? ", derived" : ""}):`,
        ...o.alternatives.map((t, i) =>
          `${i + 1}. ${t.name} (${t.slug}) · ${t.pricing} · ${t.description} · why: ${t.reason}`
        ),
      ].join("\n"),
    entitlement: null,
    doc: {
      tag: "AI tools",
      summary: "Alternatives and competitors of one AI tool",
      description:
        "The one alternatives list of a tool (the details' `competitors` are its first five): candidates from the tool's taxonomy leaves and its nearest neighbours by sentence embedding (lexical overlap when the catalog has no vectors), ranked by similarity, a shared leaf and authority; the tool's vendor's other products, plug-ins and wrappers named after it are left out, one entry per product. Each item has a `reason`; `method` says how the list was made.",
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "listCategories",
    mcpTool: null,
    method: "get",
    path: "/categories",
    input: CategoriesInput,
    output: CategoriesOutput,
    run: listCategories,
    render: null,
    entitlement: null,
    doc: {
      tag: "AI tools",
      summary: "Every AI tool category with its tool count",
      errors: [429],
    },
  }),
  _op({
    id: "getTaxonomy",
    mcpTool: {
      name: "svc_tools_categories",
      title: "Browse categories and taxonomy",
      description:
        "Browse the AI tool taxonomy (9 facets, 64 subcategories, 233 leaves) with tool and server " +
        "counts; pass facetId to expand one facet. Use the ids as facetId/subcategoryId/leafId in " +
        "svc_tools_search.",
    },
    method: "get",
    path: "/taxonomy",
    input: TaxonomyInput,
    output: TaxonomyOutput,
    run: getTaxonomy,
    render: (o) => {
      const lines: string[] = [];
      const walk = (n: TaxonomyNodeOut, depth: number) => {
        lines.push(
          `${
            "  ".repeat(depth)
          }- ${n.name} [${n.id}]: ${n.toolCount} tools, ${n.serverCount} servers`,
        );
        if (depth < (o.facets.length === 1 ? 2 : 0)) {
          for (const c of n.children ?? []) walk(c, depth + 1);
        }
      };
      for (const f of o.facets) walk(f, 0);
      return lines.join("\n");
    },
    entitlement: null,
    doc: {
      tag: "Taxonomy",
      summary: "The 3-level taxonomy tree with counts",
      description:
        "9 facets, 64 subcategories, 233 leaves; restricted to one facet with `facetId`.",
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "searchServers",
    mcpTool: {
      name: "svc_search",
      title: "Find MCP servers",
      description:
        "Find MCP servers for a need described in words (e.g. 'let my agent query Postgres'), with " +
        "optional filters: category, hosting (local|remote), install (verified|checked: only " +
        "servers whose recommended config a probe ran or evidence backs), transport (stdio, " +
        "streamable-http, sse), registryType (npm, pypi, oci, nuget, mcpb). Returns names to pass to " +
        "svc_server_details and svc_get_install_config; page with nextCursor.",
    },
    method: "get",
    path: "/servers",
    input: SearchServersInput,
    output: SearchServersOutput,
    run: searchServers,
    render: (o) =>
      [
        o.summary,
        ...o.results.map((s, i) =>
          `${i + 1}. ${s.title} (${s.name}) · ${s.hosting}${s.official ? " · official" : ""}${
            s.trustGrade ? ` · trust ${s.trustGrade} (${s.trustScore})` : ""
          }${s.stars ? ` · ${s.stars} stars` : ""}${
            s.rating ? ` · users ${s.rating.mean}/5 (${s.rating.count})` : ""
          } · ${s.description}`
        ),
        o.nextCursor ? `More: cursor=${o.nextCursor}` : "",
      ].filter(Boolean).join("\n"),
    entitlement: "semanticSearch",
    doc: {
      tag: "MCP servers",
      summary: "Find MCP servers by natural-language description and filters",
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "getServer",
    mcpTool: {
      name: "svc_server_details",
      title: "MCP server details",
      description:
        "Full details of one MCP server by name (e.g. io.github.owner/repo): description, " +
        "repository, packages and remotes, tool inventory when known, users' reviews (rating, " +
        "worked for N of M, newest), sources and provenance.",
    },
    method: "get",
    path: "/servers/{name}",
    slashParams: ["name"],
    input: ServerDetailsInput,
    output: ServerDetailsWithReviews,
    run: (ctx, input) => withUserReviews(ctx, "server", getServer(ctx, input)),
    render: (s) =>
      [
        `${s.title} (${s.name}): ${s.description}`,
        line([
          `hosting ${s.hosting}`,
          s.license && `licence ${s.license}`,
          s.stars !== null && `${s.stars} stars`,
          `${s.sourceCount} catalogs`,
        ]),
        `Repository: ${s.repositoryUrl ?? "unknown"}`,
        s.trust
          ? `Trust ${s.trust.grade} (${s.trust.score}/100): ${
            s.trust.components.filter((c) => c.points !== 0).map((c) =>
              `${c.label} ${c.points > 0 ? "+" : ""}${c.points}`
            )
              .join(", ")
          }${
            s.trust.findings.length
              ? `. Safety findings: ${
                s.trust.findings.map((f) => `${f.rule} in ${f.where}`).join("; ")
              }`
              : ""
          }`
          : "Trust: not scored",
        `Tools (${s.inventoryStatus}${s.inventorySource ? `, from ${s.inventorySource}` : ""}): ${
          s.tools.map((t) => t.name).join(", ") || "none known"
        }`,
        s.verified ? `Launch probe: ${s.verified.text}` : "",
        _userLine(s.userReviews),
        `Page: ${s.svcUrl}`,
      ].filter(Boolean).join("\n"),
    entitlement: null,
    doc: {
      tag: "MCP servers",
      summary: "Full details of one MCP server, with its trust score and tool inventory",
      description:
        `Users' reviews are in \`userReviews\` (aggregate with "worked for N of M", newest reviews). ${SERVER_NAME_NOTE}`,
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "getInstallConfig",
    mcpTool: {
      name: "svc_get_install_config",
      title: "Install config for an MCP server",
      description:
        "Ready-to-paste configuration to install an MCP server in a client: cursor, claude-desktop " +
        "(alias claude), claude-code, vscode, zed, windsurf, codex or gemini-cli (omit client for " +
        "all). Gives the config text, the file it goes in, a CLI one-liner where the client has " +
        "one, the chosen method with its reason, the values to fill in (requiredInputs; secrets " +
        "are placeholders, never real values), alternatives, and whether a launch probe verified it.",
    },
    method: "get",
    path: "/servers/{name}/install-config",
    slashParams: ["name"],
    input: InstallConfigInput,
    output: InstallConfigOutput,
    run: getInstallConfig,
    render: (o) =>
      o.configs.map((c) =>
        c.available
          ? [
            `## ${c.clientName}: ${c.filePaths.map((p) => p.path).join(" or ")}`,
            c.method ? `Method: ${c.method.reason}` : "",
            c.verified ? `${c.verified.text[0]!.toUpperCase()}${c.verified.text.slice(1)}` : "",
            c.config ?? "",
            c.cliCommand ? `CLI: ${c.cliCommand}` : "",
            c.requiredInputs.length > 0
              ? `Fill in: ${
                c.requiredInputs.map((i) => `${i.placeholder} (${i.description ?? i.name})`)
                  .join("; ")
              }`
              : "",
            ...c.notes.map((n) => `Note: ${n}`),
            c.alternatives.length > 0
              ? `Alternatives: ${c.alternatives.map((a) => a.method.reason).join(" | ")}`
              : "",
          ].filter(Boolean).join("\n")
          : `## ${c.clientName}: ${c.reason}`
      ).join("\n\n"),
    entitlement: null,
    doc: {
      tag: "MCP servers",
      summary: "Ready-to-paste client configuration of one MCP server",
      description:
        `For Cursor, Claude Desktop, Claude Code, VS Code, Zed, Windsurf, Codex and Gemini CLI: the text, the file it goes in, a CLI one-liner where the client has one, and the values to provide. ${SERVER_NAME_NOTE}`,
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "compareServers",
    mcpTool: {
      name: "svc_compare",
      title: "Compare MCP servers",
      description:
        "Compare 2 to 5 MCP servers (by name) side by side: hosting, transports, install methods, " +
        "licence, stars, tool count, freshness, users' reviews (rating, worked for N of M).",
    },
    method: "get",
    path: "/servers/compare",
    input: CompareServersInput,
    output: CompareServersWithReviews,
    run: async (ctx, input) => {
      const out = compareServers(ctx, input);
      return {
        ...out,
        userReviews: await comparedReviews(ctx, "server", "name", out.servers.map((s) => s.name)),
      };
    },
    render: (o) =>
      o.servers.map((s) =>
        line([
          `${s.title} (${s.name})`,
          s.hosting,
          `install: ${s.installMethods.join(", ") || "unknown"}`,
          s.license && `licence ${s.license}`,
          s.stars !== null && `${s.stars} stars`,
          s.toolCount !== null && `${s.toolCount} tools`,
          s.updatedAt && `updated ${s.updatedAt.slice(0, 10)}`,
          _userLine(o.userReviews?.find((r) => r.name === s.name) ?? null),
        ])
      ).join("\n"),
    entitlement: null,
    doc: {
      tag: "MCP servers",
      summary: "Compare 2 to 5 MCP servers side by side",
      description:
        "Hosting, transports, install methods, licence, stars, tool count, freshness, and `userReviews`: toolatlas users' aggregate (with worked for N of M) and newest reviews per server.",
      errors: [400, 404, 429],
    },
  }),
  _op({
    id: "serverFilters",
    mcpTool: {
      name: "svc_list_filters",
      title: "MCP server filters",
      description:
        "List the values svc_search accepts as filters, with counts: categories, hosting, " +
        "transports and registry types.",
    },
    method: "get",
    path: "/servers/filters",
    input: FiltersInput,
    output: FiltersOutput,
    run: serverFilters,
    render: (o) =>
      [
        `Hosting: ${o.hosting.map((f) => `${f.value} (${f.count})`).join(", ")}`,
        `Transports: ${o.transports.map((f) => `${f.value} (${f.count})`).join(", ")}`,
        `Registry types: ${o.registryTypes.map((f) => `${f.value} (${f.count})`).join(", ")}`,
        `Categories: ${o.categories.slice(0, 40).map((f) => `${f.label} (${f.count})`).join(", ")}`,
      ].join("\n"),
    entitlement: null,
    doc: {
      tag: "MCP servers",
      summary: "Filter values for server search, with counts",
      errors: [429],
    },
  }),
  _op({
    id: "listPrices",
    mcpTool: {
      name: "svc_llm_prices",
      title: "First-party LLM prices",
      description:
        "First-party LLM list prices from the model makers' own APIs (no reseller rates), in USD " +
        "per million tokens: input, output, cached input (read/write), long-context tiers, the " +
        "per-call server-side web-search fee billed on top of tokens, context window, and the " +
        "date of each figure with what it is (verifiedAt only for a real price check; else asOf " +
        "with dateKind effective, released or synced). The figure is the newest dated one among " +
        "the sources; older ones are listed as superseded. Deprecated and retired models come " +
        "after current ones. Filter by provider, exact model id, or substring q; sort by input, " +
        "output or cached-input price, context window or provider (dir asc or desc).",
    },
    method: "get",
    path: "/llm-prices",
    input: PricesInput,
    output: PricesOutput,
    run: listPrices,
    render: (o) =>
      [
        `${o.total} models; USD per million tokens; web search USD per call.`,
        ...o.prices.map((p) =>
          line([
            `${p.providerName} ${p.model}`,
            `in ${p.inputPerMTok ?? "?"}`,
            `out ${p.outputPerMTok ?? "?"}`,
            p.cacheReadPerMTok !== null && `cached ${p.cacheReadPerMTok}`,
            p.tiers.length > 0 &&
            `tiers from ${p.tiers.map((t) => t.thresholdTokens).join("/")} tokens`,
            p.webSearchPerCall !== null && `web search ${p.webSearchPerCall}/call`,
            p.verifiedAt
              ? `verified ${p.verifiedAt.slice(0, 10)}`
              : p.asOf && `${p.dateKind ?? "dated"} ${p.asOf.slice(0, 10)} (not a price check)`,
            p.retired ? "retired" : p.deprecated && "deprecated",
          ])
        ),
      ].join("\n"),
    entitlement: null,
    doc: {
      tag: "LLM prices",
      summary: "First-party LLM list prices",
      description:
        "USD per million tokens (input, output, cached input, cache writes, long-context tiers) and the per-call web-search fee. The headline figure is the newest dated statement among the sources (every statement listed with its date and status); verifiedAt only for a real price check, else asOf with its dateKind. Deprecated and retired models come after current ones.",
      errors: [400, 429],
    },
  }),
  _op({
    id: "getHealth",
    mcpTool: null,
    method: "get",
    path: "/health",
    input: HealthInput,
    output: HealthOutput,
    run: (ctx) => getHealth(ctx),
    render: null,
    entitlement: null,
    doc: {
      tag: "Service",
      summary: "Catalog health: counts and build time (never counted)",
      description:
        "Not counted against the quota; subject to the fair-use limit of uncounted requests (429).",
      errors: [429],
      counted: false,
    },
  }),
];

/** The operations exposed as MCP tools, in table order. */
export const MCP_OPERATIONS: readonly Operation[] = OPERATIONS.filter((op) => op.mcpTool);
