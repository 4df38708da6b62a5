/**
 * The last steps of a ranking's order (`ranking.ts`): entries the query names first, then among
 * the first results those for the inverse of the conversion the query asks for (`direction.ts`)
 * moved behind the others; server listings folded into their project.
 *
 * @module
 */
import type { CatalogContext } from "./context.ts";
import { directionsOf, isInverse } from "./direction.ts";
import type { Signal } from "./rank_query.ts";
import type { ServerFilter } from "./store.ts";

/**
 * Orders scored candidates: spam last; entries the query names first (the product's vendor or
 * reference server before other entries of that name), among them the one with the most
 * authority; then by score. Each entry's keys are looked up once, not per comparison.
 *
 * @param ctx catalog context
 * @param kind `tools` or `servers`
 * @param strength id → how strongly the query names it (`LexicalHit.strength`, absent: 0)
 * @param scored `[id, score]` pairs
 * @returns the ids in order
 */
export function orderByExact(
  ctx: CatalogContext,
  kind: "tools" | "servers",
  strength: ReadonlyMap<number, number>,
  scored: Iterable<readonly [number, number]>,
): number[] {
  const spam = ctx.store.spamIds(kind);
  const authority = ctx.store.authorities(kind);
  const keyed = Array.from(scored, ([id, score]) => {
    const named = strength.get(id) ?? 0;
    return {
      id,
      score,
      spam: spam.has(id) ? 1 : 0,
      named,
      authority: named > 0 ? authority.get(id) ?? 0 : 0,
    };
  });
  keyed.sort((a, b) =>
    a.spam - b.spam || b.named - a.named || b.authority - a.authority || b.score - a.score ||
    a.id - b.id
  );
  return keyed.map((k) => k.id);
}

/** How many first results {@link demoteInverse} looks at. */
export const INVERSE_DEPTH = 50;

/**
 * Moves the entries among the first {@link INVERSE_DEPTH} that do the inverse of the query's
 * conversion ("image to prompt" for "images from text prompts", see `direction.ts`) to the end
 * of that block. Queries that name no conversion (almost all) cost one scan of their words.
 *
 * @param ctx catalog context
 * @param kind `tools` or `servers`
 * @param q the query
 * @param order ranked ids, best first
 * @returns the same ids, inverse ones later
 */
export function demoteInverse(
  ctx: CatalogContext,
  kind: "tools" | "servers",
  q: string,
  order: number[],
): number[] {
  const wanted = directionsOf(q);
  if (wanted.length === 0) return order;
  const head = order.slice(0, INVERSE_DEPTH);
  const texts = kind === "tools"
    ? ctx.store.toolsByIds(head).map((t) => `${t.name}. ${t.description}`)
    : ctx.store.serversByIds(head).map((s) => `${s.title}. ${s.description}`);
  const inverse = new Set(head.filter((_, i) => isInverse(wanted, directionsOf(texts[i] ?? ""))));
  if (inverse.size === 0) return order;
  return [
    ...head.filter((id) => !inverse.has(id)),
    ...head.filter((id) => inverse.has(id)),
    ...order.slice(INVERSE_DEPTH),
  ];
}

/**
 * Shows each server project once, at the place of its best-ranked listing: a variant (a listing
 * whose canonical entry is another one: a mirror, a re-listing, a moved repository) is replaced by
 * its canonical entry, which keeps the first place either reached; the canonical entry takes the
 * variant's signals when it matched nothing itself. A variant whose canonical entry does not pass
 * the search's filter is left out, as it was before the search ranked variants (issue 30: a
 * variant that matched better vanished instead of lifting its project).
 *
 * @param ctx catalog context
 * @param order ranked server ids (variants included), best first
 * @param signals per-entry signals; canonical entries reached through a variant are added
 * @param filter the search's own filter (without `variants`)
 * @returns the ids with no variant, each once
 */
export function collapseVariants(
  ctx: CatalogContext,
  order: readonly number[],
  signals: Map<number, Signal>,
  filter: ServerFilter,
): number[] {
  const canonicalOf = ctx.store.canonicalOfVariants();
  const passes = ctx.store.serverMaskMatching(filter);
  const out: number[] = [];
  const seen = new Set<number>();
  for (const id of order) {
    const canonical = canonicalOf.get(id);
    if (canonical === undefined) {
      if (!seen.has(id)) {
        out.push(id);
        seen.add(id);
      }
      continue;
    }
    if (seen.has(canonical) || passes[canonical] !== 1) continue;
    out.push(canonical);
    seen.add(canonical);
    if (!signals.has(canonical)) signals.set(canonical, { ...signals.get(id)! });
  }
  return out;
}
