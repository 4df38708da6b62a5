/**
 * First-party LLM list prices and catalog health.
 *
 * @module
 */
import type { z } from "zod";
import type { CatalogContext } from "./context.ts";
import type { HealthOutput, SearchStatus } from "./schemas.ts";
import {
  type PriceRecord,
  PricesInput,
  type PriceSort,
  type PricesOutput,
  type SortDir,
} from "./price_schemas.ts";
import { parseInput } from "./validate.ts";
import type { CatalogPrice } from "../model/price.ts";

/**
 * The public shape of a price record: absent figures are `null`, never guessed; `verifiedAt`
 * only for a real check (a record whose `dateKind` is not `checked` never says verified).
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
    verifiedAt: p.dateKind === "checked" || p.dateKind === undefined ? p.verifiedAt ?? null : null,
    verifiedMeaning: p.verifiedAt !== undefined &&
        (p.dateKind === "checked" || p.dateKind === undefined)
      ? p.verifiedMeaning ?? null
      : null,
    asOf: p.asOf ?? null,
    dateKind: p.dateKind ?? null,
    dateMeaning: p.dateMeaning ?? null,
    headlineRule: p.headlineRule ?? null,
    statements: p.statements ?? [],
    pricingUrl: p.pricingUrl ?? null,
    deprecated: p.deprecated === true || p.retired === true,
    retired: p.retired ?? false,
    lifecycleEvidence: p.lifecycleEvidence ?? [],
    corroboratedBy: p.corroboratedBy,
    disagreements: p.disagreements,
    sources: [...new Set(p.sources.map((s) => s.source))],
    provenance: p.provenance,
  };
}

/** Which prices to find and in what order (every field optional). */
export interface PriceQuery {
  /** Provider id, any case, e.g. `openai`. */
  provider?: string | undefined;
  /** Exact model id, any case. */
  model?: string | undefined;
  /** Substring of the model id or name, any case. */
  q?: string | undefined;
  /**
   * Sort column; without it the catalog order (provider id, then model id). Either way current
   * models come before deprecated or retired ones.
   */
  sort?: PriceSort | undefined;
  /** Direction of `sort` (default `asc`). */
  dir?: SortDir | undefined;
}

const _SORT_VALUE: Record<Exclude<PriceSort, "provider">, (p: PriceRecord) => number | null> = {
  input: (p) => p.inputPerMTok,
  output: (p) => p.outputPerMTok,
  cached: (p) => p.cacheReadPerMTok,
  context: (p) => p.contextWindow,
};

/** 1 for a deprecated or retired model, which sorts after every current one. */
function _lifecycle(p: PriceRecord): number {
  return p.deprecated || p.retired ? 1 : 0;
}

/**
 * Sorts price records: current models first, then deprecated or retired ones; within each, by
 * provider name then model id, or by a figure (records without the sorted figure go last in both
 * directions, ties by provider name then model).
 *
 * @param prices records to sort (not modified)
 * @param sort the column
 * @param dir the direction
 * @returns a new sorted array
 * @example
 * ```ts
 * sortPrices(rows, "input", "asc")[0]; // the cheapest input price of a current model
 * ```
 */
export function sortPrices(prices: PriceRecord[], sort: PriceSort, dir: SortDir): PriceRecord[] {
  const sign = dir === "asc" ? 1 : -1;
  const byName = (a: PriceRecord, b: PriceRecord) =>
    a.providerName.localeCompare(b.providerName) || a.model.localeCompare(b.model);
  if (sort === "provider") {
    return [...prices].sort((a, b) => _lifecycle(a) - _lifecycle(b) || sign * byName(a, b));
  }
  const value = _SORT_VALUE[sort];
  return [...prices].sort((a, b) => {
    const life = _lifecycle(a) - _lifecycle(b);
    if (life !== 0) return life;
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

/**
 * Every price record that matches a query, in its order: the domain query behind
 * {@link listPrices} (which validates input and pages) and the site's prices table.
 *
 * @param ctx catalog context
 * @param query provider, model, substring and order
 * @returns the matching records, all of them
 */
export function findPrices(ctx: CatalogContext, query: PriceQuery): PriceRecord[] {
  const q = query.q?.toLowerCase();
  const provider = query.provider?.toLowerCase();
  const model = query.model?.toLowerCase();
  const matches = ctx.store.prices().filter((r) =>
    (provider === undefined || r.provider === provider) &&
    (model === undefined || r.model.toLowerCase() === model) &&
    (q === undefined || r.model.toLowerCase().includes(q) ||
      (r.name ?? "").toLowerCase().includes(q))
  ).map(toPriceRecord);
  if (query.sort !== undefined) return sortPrices(matches, query.sort, query.dir ?? "asc");
  // Catalog order (provider id, then model id), current models first: a stable partition.
  return [
    ...matches.filter((r) => _lifecycle(r) === 0),
    ...matches.filter((r) => _lifecycle(r) === 1),
  ];
}

/**
 * First-party LLM list prices, filtered by provider, exact model id, or a substring of the model
 * id or name, optionally sorted, current models before deprecated or retired ones. Money is USD
 * per million tokens; the web-search fee is USD per call. Each record's headline figure is the
 * newest dated statement among the sources (`statements` lists them all with their dates).
 *
 * @param ctx catalog context
 * @param input `{ provider?, model?, q?, sort?, dir?, limit? }` (limit 1-500, default 100)
 * @returns `{prices, total, units}`
 * @throws {AppError} `invalid_parameter`
 */
export function listPrices(ctx: CatalogContext, input: unknown): z.infer<typeof PricesOutput> {
  const p = parseInput(PricesInput, input);
  const matches = findPrices(ctx, p);
  return {
    prices: matches.slice(0, p.limit),
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
