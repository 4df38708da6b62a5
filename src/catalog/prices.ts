/**
 * First-party LLM list prices and catalog health.
 *
 * @module
 */
import type { z } from "zod";
import type { CatalogPrice } from "../ingest/types.ts";
import type { CatalogContext } from "./context.ts";
import {
  type HealthOutput,
  type PriceRecord,
  PricesInput,
  type PricesOutput,
  type SearchStatus,
} from "./schemas.ts";
import { parseInput } from "./validate.ts";

/**
 * The public shape of a price record: absent figures are `null`, never guessed.
 *
 * @param p merged price
 * @returns the record
 */
export function toPriceRecord(p: CatalogPrice): z.infer<typeof PriceRecord> {
  return {
    id: p.id,
    provider: p.provider,
    providerName: p.providerName,
    model: p.model,
    name: p.name ?? null,
    inputPerMTok: p.inputPerMTok ?? null,
    outputPerMTok: p.outputPerMTok ?? null,
    cacheReadPerMTok: p.cacheReadPerMTok ?? null,
    cacheWritePerMTok: p.cacheWritePerMTok ?? null,
    cacheWrite1hPerMTok: p.cacheWrite1hPerMTok ?? null,
    tiers: p.tiers ?? [],
    webSearchPerCall: p.webSearchPerCall ?? null,
    contextWindow: p.contextWindow ?? null,
    maxOutputTokens: p.maxOutputTokens ?? null,
    verifiedAt: p.verifiedAt ?? null,
    verifiedMeaning: p.verifiedMeaning ?? null,
    pricingUrl: p.pricingUrl ?? null,
    deprecated: p.deprecated ?? false,
    corroboratedBy: p.corroboratedBy,
    disagreements: p.disagreements,
    sources: [...new Set(p.sources.map((s) => s.source))],
    provenance: p.provenance,
  };
}

/**
 * First-party LLM list prices, filtered by provider, exact model id, or a substring of the model
 * id or name. Money is USD per million tokens; the web-search fee is USD per call.
 *
 * @param ctx catalog context
 * @param input `{ provider?, model?, q?, limit? }` (limit 1-500, default 100)
 * @returns `{prices, total, units}`
 * @throws {AppError} `invalid_parameter`
 */
export function listPrices(ctx: CatalogContext, input: unknown): z.infer<typeof PricesOutput> {
  const p = parseInput(PricesInput, input);
  const q = p.q?.toLowerCase();
  const matches = ctx.store.prices().filter((r) =>
    (p.provider === undefined || r.provider === p.provider.toLowerCase()) &&
    (p.model === undefined || r.model.toLowerCase() === p.model.toLowerCase()) &&
    (q === undefined || r.model.toLowerCase().includes(q) ||
      (r.name ?? "").toLowerCase().includes(q))
  );
  return {
    prices: matches.slice(0, p.limit).map(toPriceRecord),
    total: matches.length,
    units: { tokens: "USD per million tokens", webSearch: "USD per call" },
  };
}

/** Health per open catalog (all but `search`): it is read-only while the process runs. */
const _health = new WeakMap<object, Omit<z.infer<typeof HealthOutput>, "search">>();

/**
 * Catalog health: counts, build time, unclassified entries (computed once per open catalog: the
 * counts scan every row, about 45 ms on the real catalog, and the route is not counted against
 * any quota), and which search is live: `hybrid` once the catalog's vectors are in use, `lexical`
 * while `deno task start` computes them in the background (with progress: texts done of total,
 * rate, ETA) or when the catalog has none.
 *
 * @param ctx catalog context
 * @returns the health document (a new object; its parts are shared: never mutate them)
 */
export function getHealth(ctx: CatalogContext): z.infer<typeof HealthOutput> {
  let health = _health.get(ctx.store);
  if (!health) {
    health = {
      status: "ok",
      builtAt: ctx.store.meta("built_at") ?? null,
      counts: ctx.store.counts(),
      unclassifiedTools: ctx.store.unclassified("tools"),
      unclassifiedServers: ctx.store.unclassified("servers"),
    };
    _health.set(ctx.store, health);
  }
  return { ...health, search: searchStatus(ctx) };
}

/**
 * Which search a context serves (see {@link getHealth}).
 *
 * @param ctx catalog context
 * @returns mode, semantic state and background progress
 */
export function searchStatus(ctx: CatalogContext): z.infer<typeof SearchStatus> {
  const live = ctx.embedder !== undefined && ctx.store.hasVectors;
  const p = ctx.semantic;
  return {
    mode: live ? "hybrid" : "lexical",
    semantic: live ? "live" : p ? (p.state === "failed" ? "failed" : "building") : "off",
    progress: live || !p ? null : {
      step: p.step,
      done: p.done,
      total: p.total,
      textsPerSecond: Math.round(p.textsPerSecond * 10) / 10,
      etaSeconds: p.etaSeconds === null ? null : Math.round(p.etaSeconds),
      ...(p.error !== undefined && { error: p.error }),
    },
  };
}
