/**
 * The details of one AI tool ({@link getTool}) and the side-by-side comparison of several
 * ({@link compareTools}); integrations, pricing tiers and competitors are derived and say so.
 *
 * @module
 */
import type { z } from "zod";
import { type CatalogContext, toolUrl } from "./context.ts";
import {
  CompareToolsInput,
  type CompareToolsOutput,
  ToolDetailsInput,
  type ToolDetailsOutput,
} from "./tool_schemas.ts";
import { alsoConsider, alternativesFor } from "./tool_alternatives.ts";
import { contentOf, placementOf, sourceRefs } from "./record_parts.ts";
import { requireTool, toToolRecord } from "./tools.ts";
import { parseInput } from "./validate.ts";
import type { CatalogTool } from "../model/tool.ts";

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
  return toolDetails(ctx, requireTool(ctx, slug));
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
  const alternatives = alternativesFor(ctx, tool, 5, false);
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
  const tools = slugs.map((s) => requireTool(ctx, s));
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
    alternatives: alsoConsider(ctx, tools),
  };
}
