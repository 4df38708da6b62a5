/**
 * The `getTaxonomy` use case: the 3-level taxonomy (`src/model/taxonomy.ts`) with counts of
 * primary placements per node.
 *
 * @module
 */
import type { z } from "zod";
import type { TaxonomyLevel, TaxonomyNode } from "../model/taxonomy.ts";
import { AppError } from "../errors.ts";
import type { CatalogContext } from "./context.ts";
import { TaxonomyInput, type TaxonomyNodeOut, TaxonomyOutput } from "./schemas.ts";
import { parseInput } from "./validate.ts";

/** Entries per taxonomy node, per open catalog (read-only while the process runs). */
const _counts = new WeakMap<object, { tools: Map<string, number>; servers: Map<string, number> }>();

/**
 * Tool and server counts per taxonomy node id, computed once per open catalog: the grouping scans
 * every row (about 160 ms on the real catalog), which every taxonomy request repeated before.
 */
function _placementCounts(ctx: CatalogContext) {
  let counts = _counts.get(ctx.store);
  if (!counts) {
    counts = { tools: ctx.store.toolPlacementCounts(), servers: ctx.store.serverPlacementCounts() };
    _counts.set(ctx.store, counts);
  }
  return counts;
}

/**
 * Returns the taxonomy tree with `toolCount` and `serverCount` per node (primary assignments, so a
 * facet's count is the sum over its leaves), restricted to one facet when `facetId` is given.
 *
 * @param ctx the catalog context
 * @param input `{ facetId? }`
 * @returns `{ facets, counts }`
 * @throws {AppError} `not_found` for an unknown facetId; `invalid_parameter` for bad input
 */
export function getTaxonomy(
  ctx: CatalogContext,
  input: unknown,
): z.infer<typeof TaxonomyOutput> {
  const { facetId } = parseInput(TaxonomyInput, input);
  const tax = ctx.taxonomy;
  let facets = tax.facets;
  if (facetId !== undefined) {
    const entry = tax.byId.get(facetId);
    if (!entry || entry.level !== "facet") {
      throw new AppError("not_found", `Cannot find taxonomy facet "${facetId}"`);
    }
    facets = [entry.node];
  }
  const { tools, servers } = _placementCounts(ctx);
  const render = (node: TaxonomyNode): TaxonomyNodeOut => {
    const out: TaxonomyNodeOut = {
      id: node.id,
      name: node.name,
      description: node.description,
      toolCount: tools.get(node.id) ?? 0,
      serverCount: servers.get(node.id) ?? 0,
    };
    if (node.children) out.children = node.children.map(render);
    return out;
  };
  let subcategories = 0;
  let leaves = 0;
  for (const f of facets) {
    subcategories += f.children?.length ?? 0;
    for (const s of f.children ?? []) leaves += s.children?.length ?? 0;
  }
  return {
    facets: facets.map(render),
    counts: { facets: facets.length, subcategories, leaves },
  };
}

/**
 * Checks that an id names a taxonomy node of the expected level.
 *
 * @param ctx the catalog context
 * @param id node id from a filter
 * @param level expected level
 * @param field parameter name for the error
 * @throws {AppError} `not_found` when the node does not exist at that level
 */
export function requireNode(
  ctx: CatalogContext,
  id: string,
  level: "facet" | "subcategory" | "leaf",
  field: string,
): void {
  const entry = ctx.taxonomy.byId.get(id);
  if (!entry || entry.level !== level) {
    throw new AppError("not_found", `Cannot find taxonomy ${level} "${id}" (${field})`);
  }
}

/** A search filter that restricts results to one taxonomy node, by its level. */
export type TaxonomyFilter = { facetId: string } | { subcategoryId: string } | { leafId: string };

/**
 * The search filter of a taxonomy node: `facetId`, `subcategoryId` or `leafId` by the node's
 * level. Server search filters by a facet or a leaf only.
 *
 * @param ctx the catalog context
 * @param id any node id, e.g. `image-generation`
 * @param kind what is searched
 * @returns the filter to spread into a search input
 * @throws {AppError} `not_found` for an unknown id; `invalid_parameter` for a subcategory of
 *   servers
 * @example
 * ```ts
 * taxonomyFilter(ctx, "build", "tools"); // { facetId: "build" }
 * ```
 */
export function taxonomyFilter(
  ctx: CatalogContext,
  id: string,
  kind: "tools" | "servers",
): TaxonomyFilter {
  const level = ctx.taxonomy.byId.get(id)?.level;
  if (level === undefined) throw new AppError("not_found", `Cannot find taxonomy node "${id}"`);
  if (level === "facet") return { facetId: id };
  if (level === "leaf") return { leafId: id };
  if (kind === "servers") {
    throw new AppError(
      "invalid_parameter",
      "MCP servers can be filtered by a facet or a leaf of the taxonomy, not by a subcategory",
    );
  }
  return { subcategoryId: id };
}

/** One taxonomy node with its counts, level and ancestors (see {@link getTaxonomyNode}). */
export interface TaxonomyNodeView {
  /** The node with `toolCount`, `serverCount` and its children. */
  node: TaxonomyNodeOut;
  level: TaxonomyLevel;
  /** Its facet and subcategory (for a leaf), top first. */
  ancestors: { id: string; name: string }[];
}

/**
 * One node of the taxonomy with counts, as {@link getTaxonomy} gives it, with its level and
 * ancestors.
 *
 * @param ctx the catalog context
 * @param id any node id
 * @returns the node view
 * @throws {AppError} `not_found` for an unknown id
 */
export function getTaxonomyNode(ctx: CatalogContext, id: string): TaxonomyNodeView {
  const entry = ctx.taxonomy.byId.get(id);
  if (!entry) throw new AppError("not_found", `Cannot find taxonomy node "${id}"`);
  const [facetId, ...rest] = entry.path;
  let node = getTaxonomy(ctx, { facetId }).facets[0]!;
  for (const step of rest) node = node.children!.find((n) => n.id === step)!;
  const ancestors = entry.path.slice(0, -1).map((a) => ({
    id: a,
    name: ctx.taxonomy.byId.get(a)!.node.name,
  }));
  return { node, level: entry.level, ancestors };
}
