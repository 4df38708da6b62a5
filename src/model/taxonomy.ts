/**
 * The 3-level taxonomy (facets → subcategories → leaves) authored in `data/taxonomy.json`, and
 * the placement of a catalog entry in it ({@link Placement}).
 *
 * @module
 */
import { z } from "zod";

/** A node of `data/taxonomy.json`. Leaves carry `keywords` for the keyword classifier. */
const _NodeFields = z.object({
  /** Lowercase kebab-case id, unique across the tree; facet ids are single words. */
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(1),
  /** One sentence saying what belongs here. */
  description: z.string().min(1),
  keywords: z.array(z.string()).exactOptional(),
});
/** See {@link TaxonomyNode} (a recursive type: TypeScript cannot infer it from the schema). */
export type TaxonomyNode = z.infer<typeof _NodeFields> & { children?: TaxonomyNode[] };
/** A node of `data/taxonomy.json`. Leaves carry `keywords` for the keyword classifier. */
export const TaxonomyNode: z.ZodType<TaxonomyNode> = _NodeFields.extend({
  children: z.lazy(() => z.array(TaxonomyNode)).exactOptional(),
});

/** The file `data/taxonomy.json`. */
export const TaxonomyFile = z.object({
  version: z.number().exactOptional(),
  facets: z.array(TaxonomyNode),
});

/** Level of a taxonomy node. */
export type TaxonomyLevel = "facet" | "subcategory" | "leaf";

/** A loaded taxonomy with lookups by id. */
export interface Taxonomy {
  facets: TaxonomyNode[];
  /** Every node by id, with its level and the ids of its ancestors (itself last). */
  byId: Map<string, { node: TaxonomyNode; level: TaxonomyLevel; path: string[] }>;
  /** Leaves in tree order. */
  leaves: TaxonomyNode[];
}

/** Default location of the taxonomy file. */
export const TAXONOMY_URL = new URL("../../data/taxonomy.json", import.meta.url);

/**
 * Builds the lookups of a parsed taxonomy.
 *
 * @param facets the top-level nodes
 * @returns the taxonomy with `byId` and `leaves`
 * @throws {Error} when an id appears twice
 * @example
 * ```ts
 * indexTaxonomy([]).leaves.length; // 0
 * ```
 */
export function indexTaxonomy(facets: TaxonomyNode[]): Taxonomy {
  const byId: Taxonomy["byId"] = new Map();
  const leaves: TaxonomyNode[] = [];
  const add = (node: TaxonomyNode, level: TaxonomyLevel, path: string[]) => {
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
  const parsed = TaxonomyFile.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`Cannot load taxonomy "${url.pathname}": ${parsed.error.issues[0]?.message}`);
  }
  return indexTaxonomy(parsed.data.facets);
}

/**
 * How a leaf was chosen for an entry, from the strongest contributor to its evidence: `label`
 * (hand label), `model` (the learned model overrode the rules), `category_map`, `keywords`,
 * `embedding` or `fallback`.
 */
export const PlacementMethod = z.enum([
  "label",
  "model",
  "category_map",
  "keywords",
  "embedding",
  "fallback",
]);
/** See {@link PlacementMethod}. */
export type PlacementMethod = z.infer<typeof PlacementMethod>;

/** Every {@link PlacementMethod}, in report order. */
export const PLACEMENT_METHODS: readonly PlacementMethod[] = PlacementMethod.options;

/** One taxonomy leaf of a placement, with its ancestors, method and score. */
export const PlacedLeaf = z.object({
  leafId: z.string(),
  subcategoryId: z.string(),
  facetId: z.string(),
  /** The evidence that decided it. */
  method: PlacementMethod,
  /** Confidence in 0..1 (the classifier documents the formula). */
  score: z.number(),
});
/** See {@link PlacedLeaf}. */
export type PlacedLeaf = z.infer<typeof PlacedLeaf>;

/**
 * Where a catalog entry sits in the taxonomy: one primary leaf (its facet and subcategory are
 * the entry's filter values) and up to two secondary leaves that also fit.
 */
export const Placement = z.object({
  primary: PlacedLeaf,
  /** At most two further leaves, distinct from the primary and from each other. */
  secondary: z.array(PlacedLeaf),
});
/** See {@link Placement}. */
export type Placement = z.infer<typeof Placement>;
