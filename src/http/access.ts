/**
 * Access middleware: identifies the caller (API key or client IP), counts the request against its
 * tier's quota, refuses with 429 `rate_limited` over a limit, and puts rate-limit headers on every
 * response.
 *
 * What counts (DESIGN.md "Tiers"): every REST request under `/api/v1` except `/api/v1/health`
 * and CORS preflights; on `/mcp` only `tools/call` (counted by the MCP tool-call hook), not
 * `initialize`, list or ping. Site pages never count.
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";
import { type Access, type Caller, identify, rateLimitHeaders } from "../access/access.ts";
import type { QuotaDecision } from "../access/quota.ts";
import { AppError } from "../errors.ts";
import { errorResponse } from "./errors.ts";

/** Per-request state set by the middleware. */
export interface AccessVariables {
  caller: Caller;
  quota: QuotaDecision;
}

/** Hono environment of the app. */
export type AppEnv = { Variables: Partial<AccessVariables> };

/** The TCP peer address of a request (`0.0.0.0` when served without a socket, as in tests). */
export function remoteAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "0.0.0.0";
  } catch {
    return "0.0.0.0";
  }
}

/**
 * Counts one request for the caller of `c`; throws `rate_limited` when over a limit.
 *
 * @param access the access services
 * @param c the request context (its `caller` must be set)
 * @returns the decision (also stored as `quota` on the context)
 * @throws {AppError} `rate_limited` with `retryAfter` in its details
 */
export async function countRequest(access: Access, c: Context<AppEnv>): Promise<QuotaDecision> {
  const caller = c.get("caller")!;
  const decision = await access.quota.consume(caller.subject, caller.tier);
  c.set("quota", decision);
  if (!decision.allowed) {
    const limit = decision.blockedBy === "month" ? decision.month.limit : decision.day.limit;
    throw new AppError(
      "rate_limited",
      `The ${caller.tier.name} tier allows ${limit} requests per ${decision.blockedBy}; ` +
        `retry in ${decision.retryAfter} s or use a key with a higher tier`,
      { details: { retryAfter: decision.retryAfter, tier: caller.tier.name } },
    );
  }
  return decision;
}

/** Options of {@link accessMiddleware}. */
export interface AccessMiddlewareOptions {
  access: Access;
  /** Public base URL (for problem `type`). */
  baseUrl: string;
  /** True when the request is counted here (false: identified only, e.g. `/mcp`). */
  counts: (c: Context) => boolean;
}

/**
 * The access middleware.
 *
 * @param options services, base URL and what counts
 * @returns Hono middleware
 */
export function accessMiddleware(options: AccessMiddlewareOptions): MiddlewareHandler<AppEnv> {
  const { access, baseUrl } = options;
  return async function accessControl(c, next) {
    if (c.req.method === "OPTIONS") return await next();
    let caller: Caller;
    try {
      caller = await identify(
        access,
        c.req.header("authorization") ?? null,
        remoteAddress(c),
        c.req.header("x-forwarded-for") ?? null,
      );
    } catch (error) {
      return errorResponse(error, c, baseUrl);
    }
    c.set("caller", caller);
    if (options.counts(c)) {
      try {
        await countRequest(access, c);
      } catch (error) {
        const res = errorResponse(error, c, baseUrl);
        for (const [k, v] of Object.entries(rateLimitHeaders(c.get("quota")!))) {
          res.headers.set(k, v);
        }
        return res;
      }
    }
    await next();
    const decision = c.get("quota") ?? await access.quota.peek(caller.subject, caller.tier);
    for (const [k, v] of Object.entries(rateLimitHeaders(decision))) c.res.headers.set(k, v);
  };
}
