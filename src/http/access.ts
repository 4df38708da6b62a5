/**
 * Access middleware: identifies the caller (API key or client IP), counts the request against its
 * tier's quota, refuses with 429 `rate_limited` over a limit, and puts rate-limit headers on every
 * response.
 *
 * What counts: every REST request under `/api/v1` except `/api/v1/health`
 * and CORS preflights; on `/mcp` only `tools/call` (counted by the MCP tool-call hook), not
 * `initialize`, list or ping. Site pages never count.
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";
import { type Access, type Caller, identify, rateLimitHeaders } from "../access/access.ts";
import { type QuotaDecision, quotaUnavailable } from "../access/quota.ts";
import { AppError } from "../errors.ts";
import { errorResponse, httpAppError } from "./errors.ts";
import { ALL_GRANTS, type Grants } from "../catalog/grants.ts";

/** Per-request state set by the middleware. */
export interface AccessVariables {
  caller: Caller;
  quota: QuotaDecision;
}

/** Hono environment of the app: access state and the body read deadline (`readTimeoutMs`). */
export type AppEnv = { Variables: Partial<AccessVariables & { readTimeoutMs: number }> };

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
 * @throws {AppError} `rate_limited` with `retryAfter` in its details; `quota_unavailable` when
 *   the quota store fails
 */
export async function countRequest(access: Access, c: Context<AppEnv>): Promise<QuotaDecision> {
  const caller = c.get("caller")!;
  let decision: QuotaDecision;
  try {
    decision = await access.quota.consume(caller.subject, caller.tier);
  } catch (error) {
    throw quotaUnavailable(error, "count the request");
  }
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

/**
 * Takes `cost` fair-use tokens for the caller of `c` (requests the quota does not count).
 *
 * @param access the access services
 * @param c the request context (its `caller` must be set by {@link accessMiddleware})
 * @param cost tokens, e.g. the number of uncounted JSON-RPC messages
 * @throws {AppError} `rate_limited` with `retryAfter` when the caller's bucket is empty
 */
export function chargeFairUse(access: Access, c: Context<AppEnv>, cost: number): void {
  const caller = c.get("caller");
  if (caller) access.fairUse.enforce(caller.subject, cost);
}

/**
 * The access check of a site search (`GET /?q=...`): identifies the caller as the API does (an
 * `Authorization: Bearer` key, else the client IP), takes one fair-use token (site pages are never
 * counted against the quota) and gives the caller's grants, as REST and MCP pass them to the
 * search use cases.
 *
 * @param access the access services
 * @returns a function of the request context
 * @throws {AppError} (from the returned function) `invalid_api_key`, `rate_limited` (fair use) or
 *   `quota_unavailable`
 */
export function siteSearchAccess(access: Access): (c: Context) => Promise<Grants> {
  return async (c) => {
    // Already identified and charged for the page by `siteAccessMiddleware`.
    const charged = (c as Context<AppEnv>).get("caller");
    if (charged) return charged.tier.entitlements;
    const caller = await _identify(access, c);
    access.fairUse.enforce(caller.subject, 1);
    return caller.tier.entitlements;
  };
}

/**
 * Fair use of the public site: each request for a site page (search, tool and server pages,
 * taxonomy, prices, docs, sitemaps, and 404s) identifies its caller as the API does and takes one
 * token of the caller's fair-use bucket before the page is built, so the catalog cannot be scraped
 * page by page at no cost. A crawler that fetches at most one page a second (the bucket's refill
 * rate; `robots.txt` says `Crawl-delay: 1`) after a burst of up to 60 is never refused. Over the
 * limit, or with an invalid key, the answer is a short HTML page with the status (429 with
 * `Retry-After`, 401) instead of the page.
 *
 * @param access the access services
 * @param applies true for the paths it charges (site pages; not static assets)
 * @returns Hono middleware; sets `caller` for {@link siteSearchAccess}
 */
export function siteAccessMiddleware(
  access: Access,
  applies: (path: string) => boolean,
): MiddlewareHandler<AppEnv> {
  return async function siteAccess(c, next) {
    if (c.req.method === "OPTIONS" || !applies(c.req.path)) return await next();
    let caller: Caller;
    try {
      caller = await _identify(access, c);
      access.fairUse.enforce(caller.subject, 1);
    } catch (error) {
      return _sitePageError(error);
    }
    c.set("caller", caller);
    await next();
  };
}

/** A short HTML page for a site request refused by access control (401, 429, 503). */
function _sitePageError(error: unknown): Response {
  const appError = httpAppError(error);
  const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const title = `${appError.status} ${appError.code.replaceAll("_", " ")}`;
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=UTF-8",
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'",
  };
  if (typeof appError.details.retryAfter === "number") {
    headers["retry-after"] = String(appError.details.retryAfter);
  }
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="robots" content="noindex"><title>${escape(title)}</title></head>` +
    `<body><h1>${escape(title)}</h1><p>${escape(appError.message)}</p></body></html>`;
  return new Response(html, { status: appError.status, headers });
}

/** Options of {@link accessMiddleware}. */
export interface AccessMiddlewareOptions {
  access: Access;
  /** Public base URL (for problem `type`). */
  baseUrl: string;
  /** True when the request is counted here (false: identified only, e.g. `/mcp`). */
  counts: (c: Context) => boolean;
  /**
   * Fair-use tokens an uncounted request takes here (default 0: the route charges them itself,
   * as `/mcp` does once it has read the messages).
   */
  fairUseCost?: (c: Context) => number;
}

/**
 * Sets headers on a handler's response, copying the response once when its headers are immutable
 * (a `Response` a handler passed through, e.g. from `fetch`).
 *
 * @param c the request context (its `res` is set)
 * @param headers header name → value
 */
export function setResponseHeaders(c: Context, headers: Record<string, string>): void {
  try {
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  } catch {
    const res = new Response(c.res.body, c.res);
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    c.res = res;
  }
}

/**
 * The access middleware. Its failure paths never turn into a 500: a key or quota store that
 * cannot be reached gives 503 `quota_unavailable` (with `Retry-After`) before the handler runs,
 * and a failure to read the quota for the headers of an uncounted response leaves the response as
 * it is, without rate-limit headers.
 *
 * @param options services, base URL, what counts and what costs fair-use tokens
 * @returns Hono middleware
 */
export function accessMiddleware(options: AccessMiddlewareOptions): MiddlewareHandler<AppEnv> {
  const { access, baseUrl } = options;
  return async function accessControl(c, next) {
    if (c.req.method === "OPTIONS") return await next();
    let caller: Caller;
    try {
      caller = await _identify(access, c);
    } catch (error) {
      return errorResponse(error, c, baseUrl);
    }
    c.set("caller", caller);
    if (options.counts(c)) {
      try {
        await countRequest(access, c);
      } catch (error) {
        const res = errorResponse(error, c, baseUrl);
        const decision = c.get("quota");
        if (decision) {
          for (const [k, v] of Object.entries(rateLimitHeaders(decision))) res.headers.set(k, v);
        }
        return res;
      }
    } else {
      const cost = options.fairUseCost?.(c) ?? 0;
      if (cost > 0) {
        try {
          chargeFairUse(access, c, cost);
        } catch (error) {
          return errorResponse(error, c, baseUrl);
        }
      }
    }
    await next();
    let decision = c.get("quota");
    if (!decision) {
      try {
        decision = await access.quota.peek(caller.subject, caller.tier);
      } catch {
        // Already logged by the quota counter; the response stands without rate-limit headers.
        return;
      }
    }
    setResponseHeaders(c, rateLimitHeaders(decision));
  };
}

/**
 * The caller of a request, from its `Authorization` header and client address.
 *
 * @throws {AppError} `invalid_api_key` for a bad key; `quota_unavailable` when the key store
 *   cannot be read
 */
async function _identify(access: Access, c: Context): Promise<Caller> {
  try {
    return await identify(
      access,
      c.req.header("authorization") ?? null,
      remoteAddress(c),
      c.req.header("x-forwarded-for") ?? null,
    );
  } catch (error) {
    throw quotaUnavailable(error, "identify the caller");
  }
}

/**
 * What the caller of a request may use, from its tier's entitlements (every grant when access
 * control is off).
 *
 * @param c the request context
 * @returns the grants the catalog use cases read
 */
export function grantsOf(c: Context): Grants {
  return (c as Context<AppEnv>).get("caller")?.tier.entitlements ?? ALL_GRANTS;
}
