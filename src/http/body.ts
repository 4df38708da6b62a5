/**
 * Reading request bodies with a byte cap, for every route that reads a body (`POST
 * /api/v1/tools/recommend` and `POST /mcp`).
 *
 * A declared `Content-Length` over the cap is refused before anything is read. Otherwise the body
 * is read chunk by chunk and the stream is cancelled at the first chunk that crosses the cap, so a
 * chunked upload of any size costs at most the cap plus one chunk of memory (`Deno.serve` hands
 * over chunks of at most 64 KiB: 65,529 bytes was the largest seen on loopback).
 *
 * @module
 */
import { AppError } from "../errors.ts";

/** Largest body of `POST /api/v1/tools/recommend`, in bytes (its input is one short query). */
export const MAX_REST_BODY_BYTES = 16 * 1024;

/**
 * Largest body of `POST /mcp`, in bytes. The largest legitimate message is a `tools/call` whose
 * arguments the tools' schemas bound to a few KiB; a batch of 100 small messages fits too.
 */
export const MAX_MCP_BODY_BYTES = 32 * 1024;

/**
 * Reads a request body as UTF-8 text, refusing it once it grows past `maxBytes`.
 *
 * @param request the request (its body is consumed, or cancelled on overflow)
 * @param maxBytes largest accepted body in bytes, e.g. {@link MAX_REST_BODY_BYTES}
 * @returns the text (`""` for a request without a body)
 * @throws {AppError} `payload_too_large` when `Content-Length` or the bytes received exceed
 *   `maxBytes` (the message names the cap); `invalid_parameter` when the body is not valid UTF-8
 *   or the client aborts the upload
 * @example
 * ```ts
 * const text = await readBodyCapped(c.req.raw, MAX_REST_BODY_BYTES);
 * ```
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<string> {
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
  try {
    for (;;) {
      const { done, value } = await reader.read();
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
    reader.releaseLock();
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
