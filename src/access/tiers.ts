/**
 * The access tiers in one table: limits, prices and entitlements.
 *
 * | tier | per | requests/day | requests/month |
 * | --- | --- | --- | --- |
 * | free | IP address (IPv6 per /64) | 100 | 3,000 |
 * | pro | API key | 1,000 | 25,000 |
 * | enterprise | API key | 10,000 | 250,000 |
 *
 * Days reset at 00:00 UTC, months on the 1st at 00:00 UTC. `TOOLATLAS_TIERS` (JSON, same shape,
 * partial allowed) overrides limits or entitlements per tier.
 *
 * The MCP Registry API (`/v0.1`, `/v0`) has an allowance of its own per tier (`registry`), counted
 * apart from the requests above: registry clients send no key (VS Code's gallery cannot), and a
 * keyless client must be able to browse and sync the whole registry a few times a day (a full
 * listing of every version is about 350 pages of 100, VS Code's walk of the installable entries
 * about 120 pages of 50). A `304 Not Modified` answer is not counted.
 *
 * | tier | registry requests/day | registry requests/month |
 * | --- | --- | --- |
 * | free (per IP) | 2,000 | 30,000 |
 * | pro | 10,000 | 200,000 |
 * | enterprise | 50,000 | 1,000,000 |
 *
 * @module
 */
import { z } from "zod";

/** Tier names. */
export const TIER_NAMES = ["free", "pro", "enterprise"] as const;
/** One tier name. */
export type TierName = typeof TIER_NAMES[number];

/** What a tier may use beyond plain requests. */
export interface Entitlements {
  /** Semantic and hybrid ranking (on for every tier by default: the free tier has all endpoints). */
  semanticSearch: boolean;
  /** Daily usage history for the last 30 days in `/api/v1/usage`. */
  usageHistory: boolean;
  /** Bulk data access (Enterprise). */
  bulkExport: boolean;
  /** Priority support (Enterprise). */
  prioritySupport: boolean;
}

/** Limits and entitlements of one tier. */
export interface Tier {
  name: TierName;
  /** Price in USD per month (free 0, Pro 99, Enterprise 499), for display. */
  priceUsdPerMonth: number;
  /** Requests per UTC day. */
  perDay: number;
  /** Requests per UTC calendar month. */
  perMonth: number;
  /** The MCP Registry API's own allowance (see the module description). */
  registry: { perDay: number; perMonth: number };
  entitlements: Entitlements;
}

/** The default tier table. */
export const DEFAULT_TIERS: Readonly<Record<TierName, Tier>> = {
  free: {
    name: "free",
    priceUsdPerMonth: 0,
    perDay: 100,
    perMonth: 3_000,
    registry: { perDay: 2_000, perMonth: 30_000 },
    entitlements: {
      semanticSearch: true,
      usageHistory: false,
      bulkExport: false,
      prioritySupport: false,
    },
  },
  pro: {
    name: "pro",
    priceUsdPerMonth: 99,
    perDay: 1_000,
    perMonth: 25_000,
    registry: { perDay: 10_000, perMonth: 200_000 },
    entitlements: {
      semanticSearch: true,
      usageHistory: true,
      bulkExport: false,
      prioritySupport: false,
    },
  },
  enterprise: {
    name: "enterprise",
    priceUsdPerMonth: 499,
    perDay: 10_000,
    perMonth: 250_000,
    registry: { perDay: 50_000, perMonth: 1_000_000 },
    entitlements: {
      semanticSearch: true,
      usageHistory: true,
      bulkExport: true,
      prioritySupport: true,
    },
  },
};

const TierOverride = z.object({
  perDay: z.number().int().min(0).optional(),
  perMonth: z.number().int().min(0).optional(),
  registry: z.object({
    perDay: z.number().int().min(0).optional(),
    perMonth: z.number().int().min(0).optional(),
  }).strict().optional(),
  entitlements: z.object({
    semanticSearch: z.boolean().optional(),
    usageHistory: z.boolean().optional(),
    bulkExport: z.boolean().optional(),
    prioritySupport: z.boolean().optional(),
  }).strict().optional(),
}).strict();
const Override = z.object({
  free: TierOverride.optional(),
  pro: TierOverride.optional(),
  enterprise: TierOverride.optional(),
}).strict();

/**
 * The tier table with overrides applied.
 *
 * @param json `TOOLATLAS_TIERS` value, e.g. `{"free": {"perDay": 50}}` (undefined: defaults)
 * @returns the tier table
 * @throws {Error} when the override is not valid JSON of that shape
 */
export function loadTiers(json: string | undefined): Record<TierName, Tier> {
  const tiers = structuredClone(DEFAULT_TIERS) as Record<TierName, Tier>;
  if (json === undefined || json.trim() === "") return tiers;
  const parsed = Override.safeParse(JSON.parse(json));
  if (!parsed.success) {
    throw new Error(`Cannot read TOOLATLAS_TIERS: ${parsed.error.issues[0]?.message}`);
  }
  for (const name of TIER_NAMES) {
    const o = parsed.data[name];
    if (!o) continue;
    const t = tiers[name];
    if (o.perDay !== undefined) t.perDay = o.perDay;
    if (o.perMonth !== undefined) t.perMonth = o.perMonth;
    if (o.registry?.perDay !== undefined) t.registry.perDay = o.registry.perDay;
    if (o.registry?.perMonth !== undefined) t.registry.perMonth = o.registry.perMonth;
    for (const [k, v] of Object.entries(o.entitlements ?? {}) as [keyof Entitlements, boolean][]) {
      if (v !== undefined) t.entitlements[k] = v;
    }
  }
  return tiers;
}
