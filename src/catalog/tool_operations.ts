/**
 * The AI tool rows of the operation table (`operations.ts`): search, details, compare, recommend,
 * alternatives and categories, in the order the OpenAPI document and MCP clients list them.
 *
 * @module
 */
import { defineOperation, type Operation, renderLine, userReviewsLine } from "./operation_row.ts";
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
import {
  comparedReviews,
  CompareToolsWithReviews,
  ToolDetailsWithReviews,
  withUserReviews,
} from "./user_reviews.ts";
import { listCategories, recommendTools, searchTools } from "./tools.ts";
import { toolAlternatives } from "./tool_alternatives.ts";
import { compareTools, getTool } from "./tool_details.ts";

/** The AI tool operations, in table order. */
export const TOOL_OPERATIONS: readonly Operation[] = [
  defineOperation({
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
  defineOperation({
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
        renderLine([`Pricing: ${t.pricing}`, t.priceText, t.hasFreeTier && "free tier"]),
        t.keyFeatures.length ? `Features: ${t.keyFeatures.join(", ")}` : "",
        t.integrations.items.length
          ? `Integrations (derived): ${t.integrations.items.join(", ")}`
          : "",
        t.competitors.items.length
          ? `Competitors (derived): ${t.competitors.items.map((c) => c.name).join(", ")}`
          : "",
        userReviewsLine(t.userReviews),
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
  defineOperation({
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
          renderLine([
            t.name,
            t.pricing,
            t.priceText,
            t.hasFreeTier ? "free tier" : "no free tier",
            t.rating !== null ? `source rating ${t.rating}` : null,
            userReviewsLine(o.userReviews?.find((r) => r.slug === t.slug) ?? null),
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
  defineOperation({
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
  defineOperation({
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
  defineOperation({
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
];
