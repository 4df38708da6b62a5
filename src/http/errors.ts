/**
 * The one place that turns any thrown value into an HTTP error response (RFC 9457 problem
 * details, `application/problem+json`).
 *
 * @module
 */
import type { Context } from "hono";
import { toAppError, toProblem } from "../errors.ts";

/**
 * Renders an error as an RFC 9457 problem response. Internal errors are logged (without request
 * headers, so keys never reach the log) and answered with a generic message.
 *
 * @param error the thrown value
 * @param c the Hono context
 * @param baseUrl public base URL for the problem `type`
 * @returns the response
 */
export function errorResponse(error: unknown, c: Context, baseUrl: string): Response {
  const appError = toAppError(error);
  if (appError.code === "internal_error") {
    console.error(`[error] ${c.req.method} ${new URL(c.req.url).pathname}:`, error);
  }
  const headers = new Headers({ "content-type": "application/problem+json" });
  if (appError.code === "method_not_allowed" && typeof appError.details.allow === "string") {
    headers.set("allow", appError.details.allow);
  }
  if (appError.code === "invalid_api_key") {
    headers.set("www-authenticate", 'Bearer realm="toolatlas", error="invalid_token"');
  }
  if (
    (appError.code === "rate_limited" || appError.code === "quota_unavailable") &&
    typeof appError.details.retryAfter === "number"
  ) {
    headers.set("retry-after", String(appError.details.retryAfter));
  }
  return new Response(JSON.stringify(toProblem(appError, baseUrl)), {
    status: appError.status,
    headers,
  });
}
