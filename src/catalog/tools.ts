/**
 * AI tool use cases: search, details, compare, alternatives, recommend, categories. Each takes the
 * catalog context and raw input, validates it with its zod schema and returns its output shape.
 *
 * @module
 */
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { type CatalogContext, toolUrl } from "./context.ts";
import type { ContentFlagsOutput, TaxonomyPlacement } from "./schemas.ts";
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
} from "./tool_schemas.ts";
import { type AlternativesList, alternativesOf, sharedAlternativesOf } from "./alternatives.ts";
import { confidenceOf, evidenceOf } from "./confidence.ts";
import { memo } from "./memo.ts";
import { inTurn } from "./cpu_queue.ts";
import { rank, type RankedPage, type Signal } from "./ranking.ts";
import { queryTerms } from "./store.ts";
import { ALL_GRANTS, type Grants, searchInputFor } from "./grants.ts";
import { requireNode } from "./taxonomy.ts";
import { toolCategoryAliases } from "./tool_categories.ts";
import { parseInput } from "./validate.ts";
import { ratingPage, ratingsKey, withRatings } from "./user_reviews.ts";
import type { ContentFlags } from "../model/content.ts";
import type { Placement } from "../model/taxonomy.ts";
import { slugify } from "../model/text.ts";
import type { CatalogTool } from "../model/tool.ts";

/**
 * The public taxonomy placement of a classified entry.
 *
 * @param c the entry's classification, if any
 * @returns primary leaf with its facet and subcategory, method, score and secondary leaves
 */
export function placementOf(
  c: Placement | undefined,
): z.infer<typeof TaxonomyPlacement> | null {
  if (!c) return null;
  return {
    facetId: c.primary.facetId,
    subcategoryId: c.primary.subcategoryId,
    leafId: c.primary.leafId,
    method: c.primary.method,
    score: c.primary.score,
    secondary: c.secondary.map((a) => ({ leafId: a.leafId, method: a.method, score: a.score })),
  };
}

/**
 * The public content flags of an entry.
 *
 * @param flags the entry's content flags from ingest, if any
 * @returns `{adult, spam, reasons}` (all false and empty for an ordinary entry)
 */
export function contentOf(
  flags: ContentFlags | undefined,
): z.infer<typeof ContentFlagsOutput> {
  return {
    adult: (flags?.adult.length ?? 0) > 0,
    spam: (flags?.spam.length ?? 0) > 0,
    reasons: [...(flags?.adult ?? []), ...(flags?.spam ?? [])],
  };
}

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

function _requireTool(ctx: CatalogContext, slug: string): CatalogTool {
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
      results: [{ ...toToolRecord(ctx, _requireTool(ctx, p.slug)), rating: null }],
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

/**
 * Source records with each source's name and licence, for attribution.
 *
 * @param ctx catalog context (source registry)
 * @param refs the entry's source records
 * @returns `{source, sourceId, name, license}` per record
 */
export function sourceRefs(
  ctx: CatalogContext,
  refs: { source: string; sourceId: string }[],
): { source: string; sourceId: string; name: string; license: string }[] {
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
  return toolDetails(ctx, _requireTool(ctx, slug));
}

/**
 * The details of a tool the caller already holds (what {@link getTool} answers for its slug), for
 * callers that read tools in bulk (the export).
 *
 * @param ctx catalog context
 * @param tool a tool of this catalog
 * @returns the details
 */
export function toolDetails(
  ctx: CatalogContext,
  tool: CatalogTool,
): z.infer<typeof ToolDetailsOutput> {
  const alternatives = _alternatives(ctx, tool, 5, false);
  return {
    ...toToolRecord(ctx, tool),
    longDescription: tool.longDescription ?? null,
    content: contentOf(tool.content),
    notes: tool.factNotes ?? [],
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
      items: alternatives.items.map((a) => ({
        slug: a.slug,
        name: a.name,
        svcUrl: toolUrl(ctx, a.slug),
        reason: a.reason,
        similarity: a.similarity,
        sharedLeafId: a.sharedLeafId,
      })),
      derived: true,
      method: alternatives.method,
    },
    reviews: tool.reviews.map((r) => ({
      source: r.source,
      rating: r.rating ?? null,
      count: r.count ?? null,
      url: r.url ?? null,
    })),
    taxonomy: placementOf(tool.taxonomy),
    createdAt: tool.createdAt ?? null,
    updatedAt: tool.updatedAt ?? null,
    sources: sourceRefs(ctx, tool.sources),
    provenance: tool.provenance,
    evidence: tool.evidence ?? {},
  };
}

function _bestReview(tool: CatalogTool): { rating: number | null; count: number | null } {
  const r = [...tool.reviews].sort((a, b) => (b.count ?? 0) - (a.count ?? 0))[0];
  return { rating: r?.rating ?? null, count: r?.count ?? null };
}

/**
 * Side-by-side comparison of 2 to 5 tools on pricing, features and reviews, with alternatives to
 * also consider (the compared tools' alternatives together, derived; see `toolAlternatives`).
 *
 * @param ctx catalog context
 * @param input `{ slugs }` (2-5 distinct slugs)
 * @returns tools, pricing rows, shared and per-tool features, review rows, `alternatives`
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
    alternatives: _alsoConsider(ctx, tools),
  };
}

/** How many alternatives a comparison suggests besides the compared tools. */
const ALSO_CONSIDER = 5;

/**
 * The "also consider" of a comparison: the alternatives of the compared tools together
 * (`sharedAlternativesOf`), the ones listed for most of them first, none of their families.
 */
function _alsoConsider(
  ctx: CatalogContext,
  tools: CatalogTool[],
): z.infer<typeof CompareToolsOutput>["alternatives"] {
  const ids = tools.flatMap((t) => ctx.store.toolId(t.slug) ?? []);
  const slugOf = new Map(ids.map((id, i) => [id, tools[i]!.slug]));
  const nameOf = new Map(ids.map((id, i) => [id, tools[i]!.name]));
  const list = sharedAlternativesOf(ctx.store, ids, {
    limit: ALSO_CONSIDER,
    nodeName: _nodeName(ctx),
  });
  return {
    items: list.items.map((a) => ({
      slug: a.slug,
      name: a.name,
      svcUrl: toolUrl(ctx, a.slug),
      reason: `alternative to ${_names(a.alternativeTo.map((id) => nameOf.get(id)!))}; ${a.reason}`,
      similarity: a.similarity,
      sharedLeafId: a.sharedLeafId,
      alternativeTo: a.alternativeTo.map((id) => slugOf.get(id)!),
    })),
    derived: true,
    method: list.method,
  };
}

/** Names as a sentence lists them: `A`, `A and B`, `A, B and C`. */
function _names(names: string[]): string {
  return names.length <= 1
    ? names.join("")
    : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The name of a taxonomy node, for the reasons of alternatives. */
function _nodeName(ctx: CatalogContext): (id: string) => string | undefined {
  return (id) => ctx.taxonomy.byId.get(id)?.node.name;
}

/**
 * The one alternatives list of a tool (`alternatives.ts`), for the details, the alternatives
 * operation and the site.
 */
function _alternatives(
  ctx: CatalogContext,
  tool: CatalogTool,
  limit: number,
  adult: boolean,
): AlternativesList {
  const id = ctx.store.toolId(tool.slug);
  if (id === undefined) return alternativesOf(ctx.store, -1, { limit: 0 });
  return alternativesOf(ctx.store, id, { limit, adult, nodeName: _nodeName(ctx) });
}

/**
 * Alternatives and competitors of one tool (`alternatives.ts`): the tools filed under its
 * taxonomy leaves and its nearest neighbours by sentence embedding (by lexical overlap when the
 * catalog has no vectors), ranked by similarity, a shared leaf and authority (sources, reviews),
 * without the tool's own family (other products of its vendor, plug-ins and wrappers named after
 * it) and with one entry per product. Each alternative says why it is listed (`reason`). No
 * source lists competitors, so the list is marked `derived` and names its method. The details'
 * `competitors` are the first five of this list.
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
  const { slug, limit, safe } = parseInput(AlternativesInput, input);
  const tool = _requireTool(ctx, slug);
  const list = _alternatives(ctx, tool, limit, safe === "off");
  const tools = ctx.store.toolsByIds(list.items.map((a) => a.id));
  return {
    tool: {
      slug: tool.slug,
      name: tool.name,
      category: tool.category,
      svcUrl: toolUrl(ctx, tool.slug),
    },
    alternatives: tools.map((t, i) => {
      const a = list.items[i]!;
      return {
        ...toToolRecord(ctx, t),
        reason: a.reason,
        similarity: a.similarity,
        sharedLeafId: a.sharedLeafId,
      };
    }),
    derived: true,
    method: list.method,
  };
}

/**
 * Word patterns for explaining matches: each query word (at least 3 letters) with a regex that
 * matches its light stem at a word start (`transcription` → `\btranscript`).
 *
 * @param terms quoted FTS terms from `queryTerms`
 * @returns the word as the user wrote it and its pattern
 */
export function termPatterns(terms: string[]): { word: string; re: RegExp }[] {
  return terms.map((t) => t.replace(/"/g, "")).filter((w) => w.length >= 3).map((word) => {
    const stem = word.replace(/(ing|ion|ions|s|es|ed)$/, "");
    return { word, re: new RegExp(`\\b${stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i") };
  });
}

/** Where a query term was found in a tool, for the recommendation's `reason`. */
function _evidence(tool: CatalogTool, terms: string[]): string[] {
  const found: string[] = [];
  for (const { word, re } of termPatterns(terms)) {
    const has = (text: string) => re.test(text);
    if (has(tool.name)) found.push(`its name matches "${word}"`);
    else if (tool.keyFeatures.some(has)) found.push(`feature "${tool.keyFeatures.find(has)}"`);
    else if (tool.categories.some(has) || tool.tags.some(has)) {
      found.push(`category "${[...tool.categories, ...tool.tags].find(has)}"`);
    } else if (has(tool.description)) {
      const sentence = tool.description.split(/(?<=[.!?])\s+/).find(has) ?? tool.description;
      found.push(`description: "${sentence.slice(0, 120)}"`);
    }
  }
  return [...new Set(found)].slice(0, 3);
}

/**
 * A `reason` for one ranked tool: what in the tool matched the query's words (name, feature,
 * category, description phrase), or, when only the meaning matched, the similarity and the
 * description's first sentence.
 *
 * @param tool the tool
 * @param terms the query's terms
 * @param signal its ranking signals
 * @returns one sentence
 */
export function toolReason(tool: CatalogTool, terms: string[], signal: Signal | undefined): string {
  const evidence = _evidence(tool, terms);
  if (evidence.length > 0) return `${tool.category} tool; ${evidence.join("; ")}.`;
  const first = tool.description.split(/(?<=[.!?])\s+/)[0] ?? tool.description;
  const sim = signal?.similarity;
  return `${tool.category} tool close in meaning to the task${
    sim !== undefined ? ` (similarity ${sim.toFixed(2)})` : ""
  }: "${first.slice(0, 140)}".`;
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
      confidence: confidenceOf(signal),
      svcUrl: toolUrl(ctx, tool.slug),
    };
  });
  const top = evidenceOf(page.signals.get(page.ids[0] ?? -1));
  return { summary: summarize(query, recommendations, page.total, "tools", top), recommendations };
}

/**
 * The one-sentence summary of a recommendation or server search.
 *
 * @param query the user's words
 * @param items ranked items with names and confidence
 * @param total number of matches
 * @param noun `tools` or `servers`
 * @param topEvidence evidence score of the first item
 * @returns the sentence
 */
export function summarize(
  query: string,
  items: { name: string; confidence: string }[],
  total: number,
  noun: string,
  topEvidence: number,
): string {
  const names = items.map((r) => r.name);
  if (items.length === 0) {
    return `No ${noun} in the catalog match "${query}"; try other words or a broader description.`;
  }
  if (items.every((r) => r.confidence === "low") || topEvidence < 0.3) {
    return `Only weak matches for "${query}": ${
      names.slice(0, 3).join(", ")
    } may be related, but the evidence is thin.`;
  }
  const strong = items.filter((r) => r.confidence === "high").length;
  return `For "${query}", ${names[0]} fits best${
    names.length > 1 ? `, followed by ${names.slice(1, 3).join(" and ")}` : ""
  } (${strong} of ${items.length} with high confidence; ${total} ${noun} matched).`;
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
