/**
 * The one place that turns any thrown value into an HTTP error response (RFC 9457 problem
 * details, `application/problem+json`).
 *
 * @module
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, type ErrorCode, toAppError, toProblem } from "../errors.ts";

/**
 * The error code of each HTTP status that Hono raises as an `HTTPException` (a body over the
 * limit, a malformed request, an unsupported media type ...); any other status is
 * `internal_error`.
 */
const _CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: "invalid_parameter",
  401: "invalid_api_key",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

/**
 * Maps a value thrown while serving HTTP to an {@link AppError}: Hono's `HTTPException` gets the
 * code of its status and keeps its message; everything else as {@link toAppError} maps it.
 *
 * @param error the thrown value
 * @returns the error to render
 * @example
 * ```ts
 * httpAppError(new HTTPException(413, { message: "Body too large" })).code; // "payload_too_large"
 * ```
 */
export function httpAppError(error: unknown): AppError {
  if (error instanceof HTTPException) {
    return new AppError(
      _CODE_BY_STATUS[error.status] ?? "internal_error",
      error.message || `Request failed with status ${error.status}`,
    );
  }
  return toAppError(error);
}

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
  const appError = httpAppError(error);
  if (appError.code === "internal_error") {
    console.error(`[error] ${c.req.method} ${new URL(c.req.url).pathname}:`, error);
  }
  const headers = new Headers({ "content-type": "application/problem+json" });
  if (appError.code === "method_not_allowed" && typeof appError.details.allow === "string") {
    headers.set("allow", appError.details.allow);
  }
  if (appError.code === "invalid_api_key" || appError.code === "key_required") {
    headers.set("www-authenticate", 'Bearer realm="toolatlas", error="invalid_token"');
  }
  if (
    (appError.code === "rate_limited" || appError.code === "quota_unavailable" ||
      appError.code === "reviews_unavailable") &&
    typeof appError.details.retryAfter === "number"
  ) {
    headers.set("retry-after", String(appError.details.retryAfter));
  }
  return new Response(JSON.stringify(toProblem(appError, baseUrl)), {
    status: appError.status,
    headers,
  });
}
