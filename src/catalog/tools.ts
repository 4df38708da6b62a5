/**
 * AI tool use cases: search, recommend, categories, and the public tool record and the lookup by
 * slug that the details (`tool_details.ts`) and the alternatives (`tool_alternatives.ts`) share.
 * Each use case takes the catalog context and raw input, validates it with its zod schema
 * (`tool_schemas.ts`) and returns its output shape.
 *
 * @module
 */
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { type CatalogContext, toolUrl } from "./context.ts";
import {
  CategoriesInput,
  type CategoriesOutput,
  RecommendInput,
  type RecommendOutput,
  SearchToolsInput,
  type SearchToolsOutput,
  type ToolRecord,
} from "./tool_schemas.ts";
import { confidenceOf, evidenceOf } from "./confidence.ts";
import { memo } from "./memo.ts";
import { inTurn } from "./cpu_queue.ts";
import { rank, type RankedPage } from "./ranking.ts";
import { queryTerms } from "./store.ts";
import { ALL_GRANTS, type Grants, searchInputFor } from "./grants.ts";
import { requireNode } from "./taxonomy.ts";
import { toolCategoryAliases } from "./tool_categories.ts";
import { parseInput } from "./validate.ts";
import { ratingPage, ratingsKey, withRatings } from "./user_reviews.ts";
import { summarize, toolReason } from "./match_reasons.ts";
import { slugify } from "../model/text.ts";
import type { CatalogTool } from "../model/tool.ts";

/**
 * The public tool record (the search results' shape) of a catalog tool.
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

/**
 * The tool of a slug, or a 404.
 *
 * @param ctx catalog context
 * @param slug the tool's slug (case-insensitive)
 * @returns the merged tool
 * @throws {AppError} `not_found` when no tool has that slug
 * @example
 * ```ts
 * requireTool(ctx, "Otter-AI").slug; // "otter-ai"
 * ```
 */
export function requireTool(ctx: CatalogContext, slug: string): CatalogTool {
  const tool = ctx.store.toolBySlug(slug);
  if (!tool) throw new AppError("not_found", `Cannot find tool "${slug}"`);
  return tool;
}

/**
 * Searches AI tools, or returns one tool when `slug` is given (the search response shape with
 * `total: 1`).
 *
 * @param ctx catalog context
 * @param input see {@link SearchToolsInput}: `q`, `slug`, `category`, `pricing`, `facetId`,
 *   `subcategoryId`, `leafId`, `mode` (lexical | semantic | hybrid, default hybrid), `sort`
 *   (relevance | rating), `limit` (1-50, default 10), `offset`
 * @param grants the caller's tier: without `semanticSearch` the search is lexical
 * @returns `{results, total}`, each result with its users' `rating` (`user_reviews.ts`)
 * @throws {AppError} `invalid_parameter`; `not_found` for an unknown slug or taxonomy id
 */
export async function searchTools(
  ctx: CatalogContext,
  input: unknown,
  grants: Grants = ALL_GRANTS,
): Promise<z.infer<typeof SearchToolsOutput>> {
  const allowed = searchInputFor(input, grants);
  // Keyed by the raw input: a repeated request skips validation too (errors are never cached).
  // Ratings change while the catalog does not: they are set after the cache.
  const out = await memo(
    ctx,
    "searchTools",
    ratingsKey(ctx, allowed),
    () => _searchTools(ctx, allowed),
  );
  return await withRatings(ctx, "tool", out, (r) => r.slug);
}

async function _searchTools(
  ctx: CatalogContext,
  input: unknown,
): Promise<z.infer<typeof SearchToolsOutput>> {
  const p = parseInput(SearchToolsInput, input);
  if (p.slug !== undefined) {
    return {
      results: [{ ...toToolRecord(ctx, requireTool(ctx, p.slug)), rating: null }],
      total: 1,
    };
  }
  if (p.facetId !== undefined) requireNode(ctx, p.facetId, "facet", "facetId");
  if (p.subcategoryId !== undefined) {
    requireNode(ctx, p.subcategoryId, "subcategory", "subcategoryId");
  }
  if (p.leafId !== undefined) requireNode(ctx, p.leafId, "leaf", "leafId");
  const filter = {
    ...(p.safe === "off" && { adult: true }),
    ...(p.category !== undefined && { category: p.category }),
    ...(p.pricing !== undefined && { pricing: p.pricing }),
    ...(p.facetId !== undefined && { facetId: p.facetId }),
    ...(p.subcategoryId !== undefined && { subcategoryId: p.subcategoryId }),
    ...(p.leafId !== undefined && { leafId: p.leafId }),
  };
  const q = p.q === undefined || queryTerms(p.q).length === 0 ? undefined : p.q;
  const window = (limit: number, offset: number) =>
    q === undefined
      ? ctx.store.browseTools(filter, limit, offset)
      : rank(ctx, "tools", q, filter, p.mode, limit, offset);
  const page = p.sort === "rating"
    ? await ratingPage(ctx, "tool", (size) => window(size, 0), p.limit, p.offset)
    : await window(p.limit, p.offset);
  // The page is built in a turn of its own, like the ranking (see `_search` in `servers.ts`).
  return await inTurn(() => ({
    results: ctx.store.toolsByIds(page.ids).map((t) => ({ ...toToolRecord(ctx, t), rating: null })),
    total: page.total,
  }));
}
/**
 * Recommends tools for a task described in words: hybrid ranking (BM25 and sentence embeddings,
 * reciprocal rank fusion), each recommendation with a `reason` citing what matched and a
 * calibrated `confidence` (see `confidence.ts`). When even the best match is weak, the summary
 * says so instead of inventing confidence.
 *
 * @param ctx catalog context
 * @param input `{ query, limit? }` (limit 1-20, default 5)
 * @returns `{summary, recommendations}`; an empty list and a summary saying so when nothing fits
 * @throws {AppError} `missing_parameter` without `query`; `invalid_parameter`
 */
export async function recommendTools(
  ctx: CatalogContext,
  input: unknown,
): Promise<z.infer<typeof RecommendOutput>> {
  return await memo(ctx, "recommendTools", input, () => {
    const { query, limit, safe } = parseInput(RecommendInput, input);
    return _recommend(ctx, query, limit, safe === "off");
  });
}

async function _recommend(
  ctx: CatalogContext,
  query: string,
  limit: number,
  adult: boolean,
): Promise<z.infer<typeof RecommendOutput>> {
  const page = await rank(ctx, "tools", query, adult ? { adult } : {}, "hybrid", limit, 0);
  return await inTurn(() => _recommendations(ctx, query, page));
}

/** The second part of a recommendation: the recommendations for the ranked page. */
function _recommendations(
  ctx: CatalogContext,
  query: string,
  page: RankedPage,
): z.infer<typeof RecommendOutput> {
  const tools = ctx.store.toolsByIds(page.ids);
  const terms = queryTerms(query);
  const recommendations = tools.map((tool, i) => {
    const signal = page.signals.get(page.ids[i]!);
    return {
      slug: tool.slug,
      name: tool.name,
      reason: toolReason(tool, terms, signal),
      confidence: confidenceOf(signal, "tools", query),
      svcUrl: toolUrl(ctx, tool.slug),
    };
  });
  const top = evidenceOf(page.signals.get(page.ids[0] ?? -1));
  return { summary: summarize(query, recommendations, page.total, "tools", top), recommendations };
}

/**
 * Every AI tool category (the main category of each tool: one of the canonical categories of
 * `data/tool_categories.json`) with its tool count, its aliases (the sources' old labels that
 * the `category` filter also accepts) and the taxonomy leaf holding most of its tools
 * (`mainLeaf`, with how many). Category counts and the taxonomy's facet counts both add up to
 * the number of tools.
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
  const leaves = ctx.store.toolCategoryLeaves();
  const categories = ctx.store.toolCategories().map((c) => {
    const main = leaves.get(c.value);
    const node = main && ctx.taxonomy.byId.get(main.leafId);
    return {
      name: c.label,
      slug: slugify(c.label),
      aliases: toolCategoryAliases(c.label),
      toolCount: c.count,
      mainLeaf: main && node
        ? { id: main.leafId, name: node.node.name, path: node.path, toolCount: main.count }
        : null,
    };
  });
  return { categories, total: categories.length };
}
