/**
 * The `getTaxonomy` use case: the 3-level taxonomy (`src/model/taxonomy.ts`) with counts of
 * primary placements per node.
 *
 * @module
 */
import type { z } from "zod";
import type { TaxonomyNode } from "../model/taxonomy.ts";
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
