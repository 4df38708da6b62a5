/**
 * Access control of the MCP Registry API (`/v0.1`, `/v0`): the caller is identified as on
 * `/api/v1` (an `Authorization: Bearer` key, else the client IP, IPv6 per /64; a bad key is a
 * 401), and its request is counted against the registry's own allowance of its tier
 * (`Tier.registry`, `src/access/tiers.ts`: 2,000 a day per IP without a key), not against the
 * API quota.
 *
 * - A request that ends as `304 Not Modified` (an `If-None-Match` naming the current `ETag`) is
 *   not counted: a client that syncs again with its ETags pays only for what changed. Such a
 *   request is answered before it is counted; when the allowance is used up, it first takes a
 *   fair-use token, so revalidations past the allowance stay bounded too.
 * - `/ping`, `/health` and `/version` are not counted; they take a fair-use token.
 * - Every answer carries the allowance's `RateLimit` headers; over it: 429 `rate_limited` with
 *   `Retry-After`.
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { type Access, type Caller, identify, rateLimitHeaders } from "../access/access.ts";
import { type QuotaDecision, quotaUnavailable } from "../access/quota.ts";
import { AppError } from "../errors.ts";
import { type AppEnv, remoteAddress, setResponseHeaders } from "./access.ts";
import { errorResponse } from "./errors.ts";

/** Registry paths (after the root) that are never counted. */
const _SERVICE = new Set(["/ping", "/health", "/version"]);

function _overLimit(caller: Caller, decision: QuotaDecision): AppError {
  const limit = decision.blockedBy === "month" ? decision.month.limit : decision.day.limit;
  return new AppError(
    "rate_limited",
    `The ${caller.tier.name} tier allows ${limit} MCP Registry API requests per ` +
      `${decision.blockedBy}; retry in ${decision.retryAfter} s, revalidate with If-None-Match ` +
      "(a 304 is not counted) or use a key with a higher tier",
    { details: { retryAfter: decision.retryAfter, tier: caller.tier.name } },
  );
}

/**
 * The middleware of the registry roots (see the module description).
 *
 * @param access keys, tiers, the registry allowance counter and the fair-use limiter
 * @param baseUrl public base URL (problem `type`)
 * @param root the mount path, `/v0.1` or `/v0`
 * @returns Hono middleware
 */
export function registryAccess(
  access: Access,
  baseUrl: string,
  root: string,
): MiddlewareHandler<AppEnv> {
  return async function registryAllowance(c, next) {
    if (c.req.method === "OPTIONS") return await next();
    let caller: Caller;
    let decision: QuotaDecision | undefined;
    try {
      try {
        caller = await identify(
          access,
          c.req.header("authorization") ?? null,
          remoteAddress(c),
          c.req.header("x-forwarded-for") ?? null,
        );
      } catch (error) {
        throw quotaUnavailable(error, "identify the caller");
      }
      c.set("caller", caller);
      const limits = caller.tier.registry;
      if (_SERVICE.has(c.req.path.slice(root.length))) {
        access.fairUse.enforce(caller.subject, 1);
        await next();
        return;
      }
      const consume = async () => {
        try {
          decision = await access.registryQuota.consume(caller.subject, limits);
        } catch (error) {
          throw quotaUnavailable(error, "count the request");
        }
        if (!decision.allowed) throw _overLimit(caller, decision);
      };
      if (c.req.header("if-none-match") === undefined) {
        await consume();
        await next();
      } else {
        try {
          decision = await access.registryQuota.peek(caller.subject, limits);
        } catch (error) {
          throw quotaUnavailable(error, "read the allowance");
        }
        if (decision.day.remaining === 0 || decision.month.remaining === 0) {
          access.fairUse.enforce(caller.subject, 1);
        }
        await next();
        if (c.res.status !== 304) {
          try {
            await consume();
          } catch (error) {
            // Over the allowance: the answer computed is not sent.
            await c.res.body?.cancel();
            c.res = errorResponse(error, c, baseUrl);
          }
        }
      }
    } catch (error) {
      const res = errorResponse(error, c, baseUrl);
      if (decision) {
        for (const [k, v] of Object.entries(rateLimitHeaders(decision))) {
          res.headers.set(k, v);
        }
      }
      return res;
    }
    if (decision) setResponseHeaders(c, rateLimitHeaders(decision));
  };
}

/**
 * Answers a registry path that ends in `/` with `308 Permanent Redirect` to the path without it
 * (query kept), as the official registry does, before anything is counted.
 *
 * @returns Hono middleware for the registry roots
 */
export function registryTrailingSlash(): MiddlewareHandler {
  return async function trailingSlash(c, next) {
    const url = new URL(c.req.url);
    if (url.pathname.length > 1 && url.pathname.endsWith("/") && c.req.method !== "OPTIONS") {
      const target = `${url.pathname.replace(/\/+$/, "")}${url.search}`;
      return c.body(null, 308, { Location: target || "/" });
    }
    await next();
  };
}

/**
 * CORS of the registry roots, as the MCP Registry answers: any origin, the methods of a read API,
 * and any request header (the headers a preflight asks for are allowed, which also covers
 * `Authorization`, which a `*` would not). `Access-Control-Expose-Headers` (rate-limit headers and
 * `ETag`) is sent only to a request with an `Origin`, the only ones a browser reads it on: a sync
 * client's 304s stay small.
 *
 * @param exposeHeaders response headers scripts may read
 * @returns Hono middleware for the registry roots (before the app-wide CORS)
 */
export function registryCors(exposeHeaders: string[]): MiddlewareHandler {
  const preflight = cors({
    origin: "*",
    allowMethods: ["GET", "HEAD", "OPTIONS"],
    allowHeaders: [],
    exposeHeaders,
    maxAge: 86400,
  });
  const exposed = exposeHeaders.join(",");
  return async function registryCorsHeaders(c, next) {
    if (c.req.method === "OPTIONS") return await preflight(c, next);
    await next();
    setResponseHeaders(c, {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": exposed,
    });
    // The app-wide CORS, which ran inside this one, sets it on every answer.
    if (c.req.header("origin") === undefined) c.res.headers.delete("Access-Control-Expose-Headers");
  };
}
