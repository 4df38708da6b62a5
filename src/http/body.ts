/**
 * Reading request bodies with a byte cap, for every route that reads a body (`POST
 * /api/v1/tools/recommend` and `POST /mcp`).
 *
 * A declared `Content-Length` over the cap is refused before anything is read. Otherwise the body
 * is read chunk by chunk and the stream is cancelled at the first chunk that crosses the cap, so a
 * chunked upload of any size costs at most the cap plus one chunk of memory (`Deno.serve` hands
 * over chunks of at most 64 KiB: 65,529 bytes was the largest seen on loopback).
 *
 * The body must also arrive within a deadline ({@link READ_TIMEOUT_MS}, `TOOLATLAS_READ_TIMEOUT`,
 * which `createApp` puts in the request context as `readTimeoutMs`): a client that trickles its
 * body gets 408 `request_timeout`, and the read-deadline relay (`./read_deadline.ts`) closes its
 * connection after that answer.
 *
 * @module
 */
import type { Context } from "hono";
import { AppError } from "../errors.ts";
import { READ_TIMEOUT_MS } from "./read_deadline.ts";

/** Largest body of `POST /api/v1/tools/recommend`, in bytes (its input is one short query). */
export const MAX_REST_BODY_BYTES = 16 * 1024;

/**
 * Largest body of `POST /mcp`, in bytes. The largest legitimate message is a `tools/call` whose
 * arguments the tools' schemas bound to a few KiB; a batch of 100 small messages fits too.
 */
export const MAX_MCP_BODY_BYTES = 32 * 1024;

/**
 * The body read deadline of a request, milliseconds: the context's `readTimeoutMs` (set by
 * `createApp`), else {@link READ_TIMEOUT_MS}; 0 means none.
 *
 * @param c the request context
 * @returns milliseconds
 */
export function bodyDeadline(c: Context): number {
  const ms: unknown = c.get("readTimeoutMs");
  return typeof ms === "number" ? ms : READ_TIMEOUT_MS;
}

/**
 * Reads a request body as UTF-8 text, refusing it once it grows past `maxBytes` or takes longer
 * than `timeoutMs`.
 *
 * @param request the request (its body is consumed, or cancelled on overflow or timeout)
 * @param maxBytes largest accepted body in bytes, e.g. {@link MAX_REST_BODY_BYTES}
 * @param timeoutMs time the whole body may take to arrive, milliseconds (0: no deadline)
 * @returns the text (`""` for a request without a body)
 * @throws {AppError} `payload_too_large` when `Content-Length` or the bytes received exceed
 *   `maxBytes` (the message names the cap); `request_timeout` when the body is not all there
 *   after `timeoutMs`; `invalid_parameter` when the body is not valid UTF-8 or the client aborts
 *   the upload
 * @example
 * ```ts
 * const text = await readBodyCapped(c.req.raw, MAX_REST_BODY_BYTES, bodyDeadline(c));
 * ```
 */
export async function readBodyCapped(
  request: Request,
  maxBytes: number,
  timeoutMs: number = READ_TIMEOUT_MS,
): Promise<string> {
  const tooLarge = () =>
    new AppError(
      "payload_too_large",
      `Cannot accept a request body over ${maxBytes} bytes`,
      { details: { maxBytes } },
    );
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const deadline = timeoutMs > 0 ? performance.now() + timeoutMs : Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    for (;;) {
      const late = new Promise<"late">((resolve) => {
        if (deadline !== Infinity) {
          timer = setTimeout(() => resolve("late"), Math.max(0, deadline - performance.now()));
        }
      });
      const next = await Promise.race([reader.read(), late]);
      clearTimeout(timer);
      if (next === "late") {
        await reader.cancel().catch(() => {});
        throw new AppError(
          "request_timeout",
          `Cannot read the request body: it did not arrive within ${timeoutMs / 1000} s`,
          { details: { timeoutSeconds: timeoutMs / 1000 } },
        );
      }
      const { done, value } = next;
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        // Stop the upload here: nothing more is read or buffered.
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("invalid_parameter", "Cannot read the request body: the upload failed");
  } finally {
    clearTimeout(timer);
    try {
      reader.releaseLock();
    } catch {
      // a read was still pending (the upload timed out)
    }
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("invalid_parameter", "Cannot read the request body: it is not valid UTF-8");
  }
}
