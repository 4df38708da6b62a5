/**
 * The one table of catalog operations: each use case with its input and output schemas, its REST
 * route, its MCP tool, the tier entitlement it reads, a text rendering for MCP clients and its
 * documentation. The REST routes (`src/http/rest.ts`), the OpenAPI document
 * (`src/http/openapi.ts`) and the MCP tool list (`src/mcp/server.ts`) are generated from it, so
 * the three expose the same operations with the same schemas.
 *
 * The rows of the AI tools are in `tool_operations.ts`, those of the MCP servers in
 * `server_operations.ts`; the taxonomy, price and health rows are here. The shape of a row is
 * {@link Operation} (`operation_row.ts`).
 *
 * @module
 */
import { defineOperation, type Operation, renderLine } from "./operation_row.ts";
import { getHealth, listPrices } from "./prices.ts";
import {
  HealthInput,
  HealthOutput,
  TaxonomyInput,
  type TaxonomyNodeOut,
  TaxonomyOutput,
} from "./schemas.ts";
import { PricesInput, PricesOutput } from "./price_schemas.ts";
import { getTaxonomy } from "./taxonomy.ts";
import { TOOL_OPERATIONS } from "./tool_operations.ts";
import { SERVER_OPERATIONS } from "./server_operations.ts";

/**
 * Every catalog operation. The OpenAPI document lists them in this order, and MCP clients list
 * the tools in this order (the order of the service's specification; `svc_*` names are exact).
 */
export const OPERATIONS: readonly Operation[] = [
  ...TOOL_OPERATIONS,
  defineOperation({
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
  ...SERVER_OPERATIONS,
  defineOperation({
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
          renderLine([
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
  defineOperation({
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
