/**
 * Parts of the public records that the tool and server use cases share: the taxonomy placement,
 * the content flags and the sources with their names and licences.
 *
 * @module
 */
import type { z } from "zod";
import type { CatalogContext } from "./context.ts";
import type { ContentFlagsOutput, TaxonomyPlacement } from "./schemas.ts";
import type { ContentFlags } from "../model/content.ts";
import type { Placement } from "../model/taxonomy.ts";

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
