/**
 * The one place that turns any thrown value into an HTTP error response (RFC 9457 problem
 * details, `application/problem+json`).
 *
 * @module
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, type ErrorCode, toProblem } from "../errors.ts";

/**
 * Maps a thrown value to an {@link AppError}: app errors pass through, Hono's HTTP exceptions
 * (body limit, malformed requests) get the matching code, anything else is `internal_error`.
 *
 * @param error the thrown value
 * @returns the error to render
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    const byStatus: Record<number, ErrorCode> = {
      400: "invalid_parameter",
      401: "invalid_api_key",
      404: "not_found",
      405: "method_not_allowed",
      413: "payload_too_large",
      415: "unsupported_media_type",
      429: "rate_limited",
    };
    const code = byStatus[error.status] ?? "internal_error";
    return new AppError(code, error.message || `Request failed with status ${error.status}`);
  }
  return new AppError("internal_error", "The server could not complete the request");
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
