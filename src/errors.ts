/**
 * The one error type of toolatlas and the registry of its stable codes.
 *
 * Every failure a caller can act on is an {@link AppError} with a `code` from {@link ERROR_CODES}.
 * The REST adapter renders it as an RFC 9457 problem document (`application/problem+json`); the MCP
 * adapter returns it as a tool result with `isError: true` carrying the same `code` and message.
 *
 * @module
 */

/**
 * Stable, public error codes with their HTTP status and RFC 9457 `title`. Codes never change
 * meaning; new ones may be added.
 */
export const ERROR_CODES = {
  invalid_parameter: { status: 400, title: "Invalid parameter" },
  /** A parameter out of its bounds or of the wrong type on the MCP Registry API (as its 422). */
  validation_failed: { status: 422, title: "Unprocessable Entity" },
  missing_parameter: { status: 400, title: "Missing parameter" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  invalid_api_key: { status: 401, title: "Invalid API key" },
  entitlement_required: { status: 403, title: "Entitlement required" },
  rate_limited: { status: 429, title: "Rate limited" },
  payload_too_large: { status: 413, title: "Payload too large" },
  /** A request's head or body did not arrive within the read deadline (`TOOLATLAS_READ_TIMEOUT`). */
  request_timeout: { status: 408, title: "Request timeout" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  internal_error: { status: 500, title: "Internal error" },
  quota_unavailable: { status: 503, title: "Quota service unavailable" },
  not_implemented: { status: 501, title: "Not implemented" },
  key_required: { status: 401, title: "API key required" },
  reviews_unavailable: { status: 503, title: "Review store unavailable" },
} as const;

/** One of the stable error codes of {@link ERROR_CODES}. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** A problem with one input field, listed in the `errors[]` member of a problem document. */
export interface FieldProblem {
  /** Name of the parameter or body member, e.g. `"limit"` or `"slugs"`. */
  field: string;
  /** Sentence-case description of what is wrong with it. */
  message: string;
  /**
   * Where the value was read, `query.limit` or `path.serverName` (the MCP Registry API's error
   * detail, as its Huma framework writes it).
   */
  location?: string;
  /** The value given, when the problem is about one (MCP Registry API). */
  value?: unknown;
}

/**
 * A domain error with a stable code, an HTTP status and a safe message.
 *
 * @example
 * ```ts
 * throw new AppError("not_found", `Cannot find tool "${slug}"`);
 * ```
 */
export class AppError extends Error {
  /** Stable snake_case code from {@link ERROR_CODES}. */
  readonly code: ErrorCode;
  /** HTTP status the REST adapter answers with. */
  readonly status: number;
  /** Field-level problems (RFC 9457 extension member `errors`). */
  readonly errors: FieldProblem[];
  /** Extra members merged into the problem document (e.g. `retryAfter`). */
  readonly details: Record<string, unknown>;

  /**
   * @param code stable error code
   * @param message safe, sentence-case message shown to the caller as `detail`
   * @param options field problems and extra details
   */
  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldProblem[]; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errors = options.errors ?? [];
    this.details = options.details ?? {};
  }
}

/** The RFC 9457 problem document toolatlas returns for every error. */
export interface ProblemDocument {
  /** URI reference naming the problem type: `https://toolatlas.dev/problems/{code}` style. */
  type: string;
  /** Short summary of the problem type (stable per code). */
  title: string;
  /** HTTP status code. */
  status: number;
  /** Human-readable explanation of this occurrence. */
  detail: string;
  /** Stable machine-readable error code. */
  code: ErrorCode;
  /** Field problems, when the error is about input. */
  errors?: FieldProblem[];
  [extension: string]: unknown;
}

/**
 * Renders an {@link AppError} as an RFC 9457 problem document.
 *
 * @param error the error to render
 * @param baseUrl public base URL used to build the `type` URI (e.g. `http://localhost:8000`)
 * @returns the problem document, ready to serialize as `application/problem+json`
 */
export function toProblem(error: AppError, baseUrl: string): ProblemDocument {
  const problem: ProblemDocument = {
    type: `${baseUrl}/problems/${error.code}`,
    title: ERROR_CODES[error.code].title,
    status: error.status,
    detail: error.message,
    code: error.code,
    ...error.details,
  };
  if (error.errors.length > 0) problem.errors = error.errors;
  return problem;
}

/**
 * Maps a thrown value to an {@link AppError}: app errors pass through; anything else is
 * `internal_error` with a generic message (the original is for the log only). The HTTP layer
 * maps Hono's own errors first (`src/http/errors.ts`).
 *
 * @param error the thrown value
 * @returns the error to render
 * @example
 * ```ts
 * toAppError(new TypeError("x")).code; // "internal_error"
 * ```
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError("internal_error", "The server could not complete the request");
}
