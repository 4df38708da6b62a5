/**
 * AI tool use cases: search, details, compare, alternatives, recommend, categories. Each takes the
 * catalog context and raw input, validates it with its zod schema and returns its output shape.
 *
 * @module
 */
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { CatalogTool } from "../ingest/types.ts";
import { slugify } from "../ingest/clean.ts";
import { type CatalogContext, toolUrl } from "./context.ts";
import {
  AlternativesInput,
  type AlternativesOutput,
  CategoriesInput,
  type CategoriesOutput,
  CompareToolsInput,
  type CompareToolsOutput,
  RecommendInput,
  type RecommendOutput,
  SearchToolsInput,
  type SearchToolsOutput,
  ToolDetailsInput,
  type ToolDetailsOutput,
  type ToolRecord,
} from "./schemas.ts";
import { queryTerms } from "./store.ts";
import { requireNode } from "./taxonomy.ts";
import { parseInput } from "./validate.ts";

/**
 * The public tool record of SPEC.md §2 for a catalog tool.
 *
 * @param ctx catalog context (for `svcUrl`)
 * @param tool merged tool
 * @returns `{slug, name, description, url, pricing, category, tags, hasFreeTier, keyFeatures, svcUrl}`
 */
export function toToolRecord(ctx: CatalogContext, tool: CatalogTool): ToolRecord {
  return {
    slug: tool.slug,
    name: tool.name,
    description: tool.description,
    url: tool.url,
    pricing: tool.pricing,
    category: tool.category,
    tags: tool.tags,
    hasFreeTier: tool.hasFreeTier,
    keyFeatures: tool.keyFeatures,
    svcUrl: toolUrl(ctx, tool.slug),
  };
}

function _requireTool(ctx: CatalogContext, slug: string): CatalogTool {
  const tool = ctx.store.toolBySlug(slug);
  if (!tool) throw new AppError("not_found", `Cannot find tool "${slug}"`);
  return tool;
}

/**
 * Searches AI tools, or returns one tool when `slug` is given (DESIGN.md: search shape, total 1).
 *
 * @param ctx catalog context
 * @param input see {@link SearchToolsInput}: `q`, `slug`, `category`, `pricing`, `facetId`,
 *   `subcategoryId`, `leafId`, `limit` (1-50, default 10), `offset`
 * @returns `{results, total}`
 * @throws {AppError} `invalid_parameter`; `not_found` for an unknown slug or taxonomy id
 */
export function searchTools(
  ctx: CatalogContext,
  input: unknown,
): z.infer<typeof SearchToolsOutput> {
  const p = parseInput(SearchToolsInput, input);
  if (p.slug !== undefined) {
    return { results: [toToolRecord(ctx, _requireTool(ctx, p.slug))], total: 1 };
  }
  if (p.facetId !== undefined) requireNode(ctx, p.facetId, "facet", "facetId");
  if (p.subcategoryId !== undefined) {
    requireNode(ctx, p.subcategoryId, "subcategory", "subcategoryId");
  }
  if (p.leafId !== undefined) requireNode(ctx, p.leafId, "leaf", "leafId");
  const filter = {
    ...(p.category !== undefined && { category: p.category }),
    ...(p.pricing !== undefined && { pricing: p.pricing }),
    ...(p.facetId !== undefined && { facetId: p.facetId }),
    ...(p.subcategoryId !== undefined && { subcategoryId: p.subcategoryId }),
    ...(p.leafId !== undefined && { leafId: p.leafId }),
  };
  const page = ctx.store.searchTools(p.q ?? "", filter, p.limit, p.offset);
  return {
    results: ctx.store.toolsByIds(page.ids).map((t) => toToolRecord(ctx, t)),
    total: page.total,
  };
}

/** Platforms recognized in features and tags to derive `integrations`. */
const INTEGRATIONS: [RegExp, string][] = [
  [/\bapi\b/i, "API"],
  [/browser extension|chrome extension|\bchrome\b/i, "Browser extension"],
  [/mobile app|\bios\b|android|iphone/i, "Mobile app"],
  [/\bslack\b/i, "Slack"],
  [/\bdiscord\b/i, "Discord"],
  [/\bzapier\b/i, "Zapier"],
  [/wordpress/i, "WordPress"],
  [/shopify/i, "Shopify"],
  [/\bfigma\b/i, "Figma"],
  [/\bnotion\b/i, "Notion"],
  [/google (docs|sheets|drive|workspace)/i, "Google Workspace"],
  [/microsoft|\bteams\b|\bexcel\b|\boutlook\b/i, "Microsoft 365"],
  [/vs ?code|visual studio code/i, "VS Code"],
  [/jetbrains|intellij/i, "JetBrains IDEs"],
  [/\bgithub\b/i, "GitHub"],
  [/telegram/i, "Telegram"],
  [/whatsapp/i, "WhatsApp"],
  [/\bmac(os)?\b|windows|desktop app/i, "Desktop app"],
];

function _integrations(tool: CatalogTool): string[] {
  const text = [...tool.keyFeatures, ...tool.tags].join(" | ");
  return INTEGRATIONS.filter(([re]) => re.test(text)).map(([, name]) => name);
}

function _pricingTiers(tool: CatalogTool) {
  const price = tool.priceText ?? null;
  const tier = (name: string, p: string | null) => ({ name, price: p, derived: true });
  switch (tool.pricing) {
    case "free":
      return [tier("Free", "0")];
    case "open_source":
      return [tier("Open source", "0"), ...(price ? [tier("Paid", price)] : [])];
    case "freemium":
      return [tier("Free", "0"), tier("Paid", price)];
    case "free_trial":
      return [tier("Free trial", "0"), tier("Paid", price)];
    case "paid":
      return [tier("Paid", price)];
    case "contact":
      return [tier("Custom", price ?? "Contact for pricing")];
    default:
      return price ? [tier("Paid", price)] : [];
  }
}

function _sourceRefs(ctx: CatalogContext, refs: { source: string; sourceId: string }[]) {
  return refs.map((r) => {
    const info = ctx.sources.get(r.source);
    return {
      source: r.source,
      sourceId: r.sourceId,
      name: info?.name ?? r.source,
      license: info?.license ?? "none stated",
    };
  });
}

/**
 * Full details of one AI tool. Integrations and competitors are derived (no source states them)
 * and say how; pricing tiers are derived from the pricing model and price text.
 *
 * @param ctx catalog context
 * @param input `{ slug }`
 * @returns the tool record plus details, sources and provenance
 * @throws {AppError} `not_found` for an unknown slug; `missing_parameter` without one
 */
export function getTool(ctx: CatalogContext, input: unknown): z.infer<typeof ToolDetailsOutput> {
  const { slug } = parseInput(ToolDetailsInput, input);
  const tool = _requireTool(ctx, slug);
  const competitors = ctx.store.toolsByIds(ctx.store.similarTools(tool.slug, 5));
  return {
    ...toToolRecord(ctx, tool),
    longDescription: tool.longDescription ?? null,
    priceText: tool.priceText ?? null,
    pricingTiers: _pricingTiers(tool),
    categories: tool.categories,
    useCases: tool.useCases,
    integrations: {
      items: _integrations(tool),
      derived: true,
      method: "platform names found in the tool's features and tags",
    },
    competitors: {
      items: competitors.map((c) => ({ slug: c.slug, name: c.name, svcUrl: toolUrl(ctx, c.slug) })),
      derived: true,
      method: "same-category-lexical",
    },
    reviews: tool.reviews.map((r) => ({
      source: r.source,
      rating: r.rating ?? null,
      count: r.count ?? null,
      url: r.url ?? null,
    })),
    taxonomy: ctx.store.toolPlacement(tool.slug) ?? null,
    createdAt: tool.createdAt ?? null,
    updatedAt: tool.updatedAt ?? null,
    sources: _sourceRefs(ctx, tool.sources),
    provenance: tool.provenance,
  };
}

function _bestReview(tool: CatalogTool): { rating: number | null; count: number | null } {
  const r = [...tool.reviews].sort((a, b) => (b.count ?? 0) - (a.count ?? 0))[0];
  return { rating: r?.rating ?? null, count: r?.count ?? null };
}

/**
 * Side-by-side comparison of 2 to 5 tools on pricing, features and reviews.
 *
 * @param ctx catalog context
 * @param input `{ slugs }` (2-5 distinct slugs)
 * @returns tools, pricing rows, shared and per-tool features, review rows
 * @throws {AppError} `invalid_parameter` for fewer than 2 or more than 5 slugs; `not_found`
 */
export function compareTools(
  ctx: CatalogContext,
  input: unknown,
): z.infer<typeof CompareToolsOutput> {
  const { slugs } = parseInput(CompareToolsInput, input);
  const tools = slugs.map((s) => _requireTool(ctx, s));
  const featureSets = tools.map((t) => new Set(t.keyFeatures.map((f) => f.toLowerCase())));
  const shared = tools[0]!.keyFeatures.filter((f) =>
    featureSets.every((set) => set.has(f.toLowerCase()))
  );
  const sharedKeys = new Set(shared.map((f) => f.toLowerCase()));
  return {
    tools: tools.map((t) => ({
      ...toToolRecord(ctx, t),
      priceText: t.priceText ?? null,
      rating: _bestReview(t).rating,
      reviewCount: _bestReview(t).count,
    })),
    pricing: tools.map((t) => ({
      slug: t.slug,
      pricing: t.pricing,
      priceText: t.priceText ?? null,
      hasFreeTier: t.hasFreeTier,
    })),
    features: {
      shared,
      byTool: Object.fromEntries(
        tools.map((t) => [t.slug, t.keyFeatures.filter((f) => !sharedKeys.has(f.toLowerCase()))]),
      ),
    },
    reviews: tools.map((t) => ({ slug: t.slug, ..._bestReview(t) })),
  };
}

/**
 * Alternatives and competitors of one tool: tools of the same category ranked by lexical overlap
 * with the tool's name, tags and description, then popularity. No source lists competitors, so the
 * list is marked `derived`.
 *
 * @param ctx catalog context
 * @param input `{ slug, limit? }`
 * @returns the tool and its alternatives
 * @throws {AppError} `missing_parameter` without slug; `not_found` for an unknown slug
 */
export function toolAlternatives(
  ctx: CatalogContext,
  input: unknown,
): z.infer<typeof AlternativesOutput> {
  const { slug, limit } = parseInput(AlternativesInput, input);
  const tool = _requireTool(ctx, slug);
  const ids = ctx.store.similarTools(tool.slug, limit);
  return {
    tool: {
      slug: tool.slug,
      name: tool.name,
      category: tool.category,
      svcUrl: toolUrl(ctx, tool.slug),
    },
    alternatives: ctx.store.toolsByIds(ids).map((t) => toToolRecord(ctx, t)),
    derived: true,
    method: "same-category-lexical",
  };
}

/** Where a query term was found in a tool, for the recommendation's `reason`. */
function _evidence(tool: CatalogTool, terms: string[]): string[] {
  const found: string[] = [];
  const has = (text: string, term: string) => new RegExp(`\\b${term}`, "i").test(text);
  const stems = terms.map((t) => t.replace(/"/g, "").replace(/(ing|ion|ions|s|es|ed)$/, ""))
    .filter((t) => t.length >= 3).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  for (const term of stems) {
    if (has(tool.name, term)) found.push(`its name matches "${term}"`);
    else if (tool.keyFeatures.some((f) => has(f, term))) {
      found.push(`feature "${tool.keyFeatures.find((f) => has(f, term))}"`);
    } else if (tool.categories.some((c) => has(c, term)) || tool.tags.some((c) => has(c, term))) {
      found.push(`category "${[...tool.categories, ...tool.tags].find((c) => has(c, term))}"`);
    } else if (has(tool.description, term)) {
      const sentence = tool.description.split(/(?<=[.!?])\s+/).find((s) => has(s, term)) ??
        tool.description;
      found.push(`description: "${sentence.slice(0, 120)}"`);
    }
  }
  return [...new Set(found)].slice(0, 3);
}

/**
 * Recommends tools for a task described in words. This version ranks lexically (BM25); each
 * recommendation cites what matched. Confidence: `high` when every meaningful query term matched
 * and the score is at least 0.8 of the best, `medium` at 0.5, else `low`.
 *
 * @param ctx catalog context
 * @param input `{ query, limit? }` (limit 1-20, default 5)
 * @returns `{summary, recommendations}`; an empty list and a summary saying so when nothing fits
 * @throws {AppError} `missing_parameter` without `query`; `invalid_parameter`
 */
export function recommendTools(
  ctx: CatalogContext,
  input: unknown,
): z.infer<typeof RecommendOutput> {
  const { query, limit } = parseInput(RecommendInput, input);
  const page = ctx.store.searchTools(query, {}, limit, 0);
  const tools = ctx.store.toolsByIds(page.ids);
  const terms = queryTerms(query);
  const recommendations = tools.map((tool, i) => {
    const score = page.scores.get(page.ids[i]!) ?? 0;
    const evidence = _evidence(tool, terms);
    const confidence: "high" | "medium" | "low" = evidence.length >= Math.min(2, terms.length) &&
        score >= 0.8
      ? "high"
      : score >= 0.5 && evidence.length > 0
      ? "medium"
      : "low";
    const reason = evidence.length > 0
      ? `${tool.category} tool; ${evidence.join("; ")}.`
      : `${tool.category} tool with related wording in its description.`;
    return {
      slug: tool.slug,
      name: tool.name,
      reason,
      confidence,
      svcUrl: toolUrl(ctx, tool.slug),
    };
  });
  const names = recommendations.map((r) => r.name);
  const summary = recommendations.length === 0
    ? `No tool in the catalog matches "${query}"; try other words or a broader description.`
    : recommendations.every((r) => r.confidence === "low")
    ? `Only weak matches for "${query}": ${
      names.slice(0, 3).join(", ")
    } may be related, but the evidence is thin.`
    : `For "${query}", ${names[0]} fits best${
      names.length > 1 ? `, followed by ${names.slice(1, 3).join(" and ")}` : ""
    } (${page.total} tools matched).`;
  return { summary, recommendations };
}

/**
 * Every AI tool category (the main category of each tool) with its tool count.
 *
 * @param ctx catalog context
 * @param input `{}`
 * @returns categories sorted by count, and how many there are
 */
export function listCategories(
  ctx: CatalogContext,
  input: unknown = {},
): z.infer<typeof CategoriesOutput> {
  parseInput(CategoriesInput, input);
  const categories = ctx.store.toolCategories().map((c) => ({
    name: c.label,
    slug: slugify(c.label),
    toolCount: c.count,
  }));
  return { categories, total: categories.length };
}
