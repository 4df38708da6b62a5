/**
 * The alternatives of AI tools as use cases (the list itself is made in `alternatives.ts`): the
 * alternatives operation ({@link toolAlternatives}), the details' competitors
 * ({@link alternativesFor}) and the comparison's "also consider" ({@link alsoConsider}).
 *
 * @module
 */
import type { z } from "zod";
import { type CatalogContext, toolUrl } from "./context.ts";
import {
  AlternativesInput,
  type AlternativesOutput,
  type CompareToolsOutput,
} from "./tool_schemas.ts";
import { type AlternativesList, alternativesOf, sharedAlternativesOf } from "./alternatives.ts";
import { requireTool, toToolRecord } from "./tools.ts";
import { parseInput } from "./validate.ts";
import type { CatalogTool } from "../model/tool.ts";

/** How many alternatives a comparison suggests besides the compared tools. */
export const ALSO_CONSIDER = 5;

/**
 * The "also consider" of a comparison: the alternatives of the compared tools together
 * (`sharedAlternativesOf`), the ones listed for most of them first, none of their families.
 *
 * @param ctx catalog context
 * @param tools the compared tools
 * @returns up to {@link ALSO_CONSIDER} items, each with its reason and the slugs of the compared
 *   tools it is an alternative to; `derived: true` and the method
 * @example
 * ```ts
 * alsoConsider(ctx, ["otter-ai", "fireflies-ai"].map((s) => requireTool(ctx, s))).items;
 * ```
 */
export function alsoConsider(
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
 *
 * @param ctx catalog context
 * @param tool a tool of this catalog
 * @param limit how many at most
 * @param adult include adult tools (`safe=off`)
 * @returns the items, best first, and the method; no items for a tool without a row id
 * @example
 * ```ts
 * alternativesFor(ctx, requireTool(ctx, "otter-ai"), 5, false).items.map((a) => a.name);
 * ```
 */
export function alternativesFor(
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
  const tool = requireTool(ctx, slug);
  const list = alternativesFor(ctx, tool, limit, safe === "off");
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
