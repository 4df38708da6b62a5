/**
 * The twelve MCP tools: name, title, agent-facing description, the use case's zod input and
 * output schemas, the use case itself and a compact text rendering of its output.
 *
 * @module
 */
import type { z } from "zod";
import type { CatalogContext } from "../catalog/context.ts";
import { getInstallConfig, InstallConfigInput, InstallConfigOutput } from "../catalog/install.ts";
import { listPrices } from "../catalog/prices.ts";
import {
  AlternativesInput,
  AlternativesOutput,
  CompareServersInput,
  CompareServersOutput,
  CompareToolsInput,
  CompareToolsOutput,
  FiltersInput,
  FiltersOutput,
  PricesInput,
  PricesOutput,
  RecommendInput,
  RecommendOutput,
  SearchServersInput,
  SearchServersOutput,
  SearchToolsInput,
  SearchToolsOutput,
  ServerDetailsInput,
  ServerDetailsOutput,
  TaxonomyInput,
  type TaxonomyNodeOut,
  TaxonomyOutput,
  ToolDetailsInput,
  ToolDetailsOutput,
} from "../catalog/schemas.ts";
import { compareServers, getServer, searchServers, serverFilters } from "../catalog/servers.ts";
import { getTaxonomy } from "../catalog/taxonomy.ts";
import {
  compareTools,
  getTool,
  recommendTools,
  searchTools,
  toolAlternatives,
} from "../catalog/tools.ts";

/** One MCP tool over one catalog use case. */
export interface ToolDefinition {
  /** Exact tool name, e.g. `svc_tools_search`. */
  name: string;
  title: string;
  /** What an agent reads to choose the tool. */
  description: string;
  input: z.ZodType;
  output: z.ZodType;
  /** The catalog use case; throws (or rejects with) `AppError` for bad input or unknown ids. */
  run: (ctx: CatalogContext, args: unknown) => unknown;
  /** Short text rendering of the output for clients that ignore `structuredContent`. */
  render: (output: Record<string, unknown>) => string;
}

type Out<S extends z.ZodType> = z.infer<S>;

function _define<I extends z.ZodType, O extends z.ZodType>(def: {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  run: (ctx: CatalogContext, args: unknown) => Out<O> | Promise<Out<O>>;
  render: (output: Out<O>) => string;
}): ToolDefinition {
  return def as unknown as ToolDefinition;
}

const line = (parts: (string | number | null | undefined | false)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== false && p !== "").join(" · ");

/** The tools, in the order clients list them. Names are exact (SPEC.md §1). */
export const TOOL_DEFINITIONS: ToolDefinition[] = [
  _define({
    name: "svc_tools_search",
    title: "Search AI tools",
    description:
      "Search the AI tool directory by keywords, category, pricing model (free = has a free tier, " +
      "freemium, free_trial, paid, contact, open_source) or taxonomy facet/subcategory/leaf. " +
      "Returns tool records with pricing, key features and a page URL. Use svc_tools_recommend " +
      "for a task described in a sentence.",
    input: SearchToolsInput,
    output: SearchToolsOutput,
    run: searchTools,
    render: (o) =>
      [
        `${o.total} tools match; showing ${o.results.length}.`,
        ...o.results.map((t, i) =>
          `${i + 1}. ${t.name} (${t.slug}) · ${t.category} · ${t.pricing}${
            t.hasFreeTier ? " (free tier)" : ""
          } · ${t.description} · ${t.svcUrl}`
        ),
      ].join("\n"),
  }),
  _define({
    name: "svc_tools_details",
    title: "AI tool details",
    description:
      "Full details of one AI tool by slug: pricing model and tiers, features, integrations, " +
      "competitors, reviews, taxonomy placement, sources with licences. Derived lists say so.",
    input: ToolDetailsInput,
    output: ToolDetailsOutput,
    run: getTool,
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
        `Site: ${t.url ?? "unknown"} · Page: ${t.svcUrl}`,
      ].filter(Boolean).join("\n"),
  }),
  _define({
    name: "svc_tools_compare",
    title: "Compare AI tools",
    description:
      "Side-by-side comparison of 2 to 5 AI tools (by slug) on pricing, free tier, shared and " +
      "distinct features, and reviews.",
    input: CompareToolsInput,
    output: CompareToolsOutput,
    run: compareTools,
    render: (o) =>
      [
        ...o.tools.map((t) =>
          line([
            t.name,
            t.pricing,
            t.priceText,
            t.hasFreeTier ? "free tier" : "no free tier",
            t.rating !== null ? `rating ${t.rating}` : null,
            `features: ${(o.features.byTool[t.slug] ?? []).join(", ") || "none distinct"}`,
          ])
        ),
        `Shared features: ${o.features.shared.join(", ") || "none"}`,
      ].join("\n"),
  }),
  _define({
    name: "svc_tools_recommend",
    title: "Recommend AI tools for a task",
    description:
      "Describe a task in plain words (e.g. 'turn meeting recordings into notes') and get the " +
      "best-fitting AI tools, each with a reason citing what matched and a confidence of high, " +
      "medium or low. Low-evidence answers say so.",
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
  }),
  _define({
    name: "svc_tools_alternatives",
    title: "Alternatives to an AI tool",
    description:
      "Competitors and alternatives of one AI tool (by slug), most similar first. Computed from " +
      "the catalog when no source lists competitors; the result says how.",
    input: AlternativesInput,
    output: AlternativesOutput,
    run: toolAlternatives,
    render: (o) =>
      [
        `Alternatives to ${o.tool.name} (${o.method}${o.derived ? ", derived" : ""}):`,
        ...o.alternatives.map((t, i) =>
          `${i + 1}. ${t.name} (${t.slug}) · ${t.pricing} · ${t.description}`
        ),
      ].join("\n"),
  }),
  _define({
    name: "svc_tools_categories",
    title: "Browse categories and taxonomy",
    description:
      "Browse the AI tool taxonomy (9 facets, 64 subcategories, 233 leaves) with tool and server " +
      "counts; pass facetId to expand one facet. Use the ids as facetId/subcategoryId/leafId in " +
      "svc_tools_search.",
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
  }),
  _define({
    name: "svc_search",
    title: "Find MCP servers",
    description:
      "Find MCP servers for a need described in words (e.g. 'let my agent query Postgres'), with " +
      "optional filters: category, hosting (local|remote), transport (stdio, streamable-http, " +
      "sse), registryType (npm, pypi, oci, nuget, mcpb). Returns names to pass to " +
      "svc_server_details and svc_get_install_config; page with nextCursor.",
    input: SearchServersInput,
    output: SearchServersOutput,
    run: searchServers,
    render: (o) =>
      [
        o.summary,
        ...o.results.map((s, i) =>
          `${i + 1}. ${s.title} (${s.name}) · ${s.hosting}${s.official ? " · official" : ""}${
            s.trustGrade ? ` · trust ${s.trustGrade} (${s.trustScore})` : ""
          }${s.stars ? ` · ${s.stars} stars` : ""} · ${s.description}`
        ),
        o.nextCursor ? `More: cursor=${o.nextCursor}` : "",
      ].filter(Boolean).join("\n"),
  }),
  _define({
    name: "svc_server_details",
    title: "MCP server details",
    description:
      "Full details of one MCP server by name (e.g. io.github.owner/repo): description, " +
      "repository, packages and remotes, tool inventory when known, sources and provenance.",
    input: ServerDetailsInput,
    output: ServerDetailsOutput,
    run: getServer,
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
        `Page: ${s.svcUrl}`,
      ].filter(Boolean).join("\n"),
  }),
  _define({
    name: "svc_get_install_config",
    title: "Install config for an MCP server",
    description:
      "Ready-to-paste configuration to install an MCP server in a client: cursor, claude-desktop " +
      "(alias claude), claude-code, vscode, zed, windsurf, codex or gemini-cli (omit client for " +
      "all). Gives the config text, the file it goes in, a CLI one-liner where the client has " +
      "one, the chosen method with its reason, the values to fill in (requiredInputs; secrets " +
      "are placeholders, never real values), alternatives, and whether a launch probe verified it.",
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
  }),
  _define({
    name: "svc_compare",
    title: "Compare MCP servers",
    description:
      "Compare 2 to 5 MCP servers (by name) side by side: hosting, transports, install methods, " +
      "licence, stars, tool count, freshness.",
    input: CompareServersInput,
    output: CompareServersOutput,
    run: compareServers,
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
        ])
      ).join("\n"),
  }),
  _define({
    name: "svc_list_filters",
    title: "MCP server filters",
    description:
      "List the values svc_search accepts as filters, with counts: categories, hosting, " +
      "transports and registry types.",
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
  }),
  _define({
    name: "svc_llm_prices",
    title: "First-party LLM prices",
    description:
      "First-party LLM list prices from the model makers' own APIs (no reseller rates), in USD " +
      "per million tokens: input, output, cached input (read/write), long-context tiers, the " +
      "per-call server-side web-search fee billed on top of tokens, context window, and when " +
      "each figure was last verified. Filter by provider, exact model id, or substring q.",
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
            p.verifiedAt && `verified ${p.verifiedAt.slice(0, 10)}`,
          ])
        ),
      ].join("\n"),
  }),
];
