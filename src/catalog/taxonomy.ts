/**
 * The 3-level taxonomy (facets → subcategories → leaves) authored in `data/taxonomy.json`, and the
 * `getTaxonomy` use case that serves it with counts of primary assignments.
 *
 * @module
 */
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { CatalogContext } from "./context.ts";
import { TaxonomyInput, type TaxonomyNodeOut, TaxonomyOutput } from "./schemas.ts";
import { parseInput } from "./validate.ts";

/** A node of `data/taxonomy.json`. Leaves carry `keywords` for the keyword classifier. */
export interface TaxonomyNode {
  /** Lowercase kebab-case id, unique across the tree; facet ids are single words. */
  id: string;
  name: string;
  /** One sentence saying what belongs here. */
  description: string;
  keywords?: string[] | undefined;
  children?: TaxonomyNode[] | undefined;
}

const NodeSchema: z.ZodType<TaxonomyNode> = z.lazy(() =>
  z.object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    name: z.string().min(1),
    description: z.string().min(1),
    keywords: z.array(z.string()).optional(),
    children: z.array(NodeSchema).optional(),
  })
);

const FileSchema = z.object({ version: z.number().optional(), facets: z.array(NodeSchema) });

/** A loaded taxonomy with lookups by id. */
export interface Taxonomy {
  facets: TaxonomyNode[];
  /** Every node by id, with its level and the ids of its ancestors. */
  byId: Map<
    string,
    { node: TaxonomyNode; level: "facet" | "subcategory" | "leaf"; path: string[] }
  >;
  /** Leaves in tree order. */
  leaves: TaxonomyNode[];
}

/** Default location of the taxonomy file, relative to this module. */
export const TAXONOMY_URL = new URL("../../data/taxonomy.json", import.meta.url);

/**
 * Builds the lookups of a parsed taxonomy.
 *
 * @param facets the top-level nodes
 * @returns the taxonomy with `byId` and `leaves`
 * @throws {Error} when an id appears twice
 */
export function indexTaxonomy(facets: TaxonomyNode[]): Taxonomy {
  const byId: Taxonomy["byId"] = new Map();
  const leaves: TaxonomyNode[] = [];
  const add = (node: TaxonomyNode, level: "facet" | "subcategory" | "leaf", path: string[]) => {
    if (byId.has(node.id)) throw new Error(`Cannot index taxonomy: duplicate id "${node.id}"`);
    byId.set(node.id, { node, level, path });
  };
  for (const facet of facets) {
    add(facet, "facet", [facet.id]);
    for (const sub of facet.children ?? []) {
      add(sub, "subcategory", [facet.id, sub.id]);
      for (const leaf of sub.children ?? []) {
        add(leaf, "leaf", [facet.id, sub.id, leaf.id]);
        leaves.push(leaf);
      }
    }
  }
  return { facets, byId, leaves };
}

/**
 * Reads and validates `data/taxonomy.json`.
 *
 * @param url file location (defaults to {@link TAXONOMY_URL})
 * @returns the indexed taxonomy; an empty one when the file does not exist yet
 * @throws {Error} when the file exists but is not a valid taxonomy
 */
export async function loadTaxonomy(url: URL = TAXONOMY_URL): Promise<Taxonomy> {
  let text: string;
  try {
    text = await Deno.readTextFile(url);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return indexTaxonomy([]);
    throw error;
  }
  const parsed = FileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`Cannot load taxonomy "${url.pathname}": ${parsed.error.issues[0]?.message}`);
  }
  return indexTaxonomy(parsed.data.facets);
}

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
