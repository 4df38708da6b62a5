/**
 * Shared request helpers for the HTTP tests: JSON answers, answers that must be a 200, and
 * problem documents.
 *
 * @module
 */
import assert from "node:assert/strict";

/** Anything that answers requests in process: an app of `createApp`, or a server's client. */
export interface Requester {
  /** Answers one request. */
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * Requests `path` and reads the answer as JSON.
 *
 * @param app what answers
 * @param path the path (with query)
 * @param init request options
 * @returns the response and its parsed body
 */
export async function getJson(app: Requester, path: string, init?: RequestInit) {
  const res = await app.request(path, init);
  const body = await res.json();
  return { res, body };
}

/**
 * Requests `path`, asserts that it answers 200 (naming the path when not), and reads the JSON.
 *
 * @param app what answers
 * @param path the path (with query)
 * @returns the parsed body
 */
export async function okJson(app: Requester, path: string) {
  const res = await app.request(path);
  assert.equal(res.status, 200, path);
  return await res.json();
}

/**
 * Requests `path` and asserts that the answer is an RFC 9457 problem document with this status
 * and code.
 *
 * @param app what answers
 * @param path the path (with query)
 * @param status the expected HTTP status (also the body's `status`)
 * @param code the expected `code`
 * @param init request options
 * @returns the response and the problem document
 */
export async function expectProblem(
  app: Requester,
  path: string,
  status: number,
  code: string,
  init?: RequestInit,
) {
  const { res, body } = await getJson(app, path, init);
  assert.equal(res.status, status, `${path}: ${JSON.stringify(body)}`);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  assert.equal(body.code, code, path);
  assert.equal(body.status, status);
  return { res, body };
}

/**
 * Sends one HTTP/1.1 request to 127.0.0.1 over a raw TCP connection, its header lines exactly as
 * given (`fetch` trims header values), with a `Content-Length` and `Connection: close`, and reads
 * the answer to its end.
 *
 * @param port the server's port
 * @param method the request method
 * @param path the request target
 * @param headers header names and values, in order
 * @param body the request body
 * @returns the raw answer (status line, headers, body); what was read before the connection
 *   failed, or `error: …` when nothing was
 */
export async function sendRaw(
  port: number,
  method: string,
  path: string,
  headers: [string, string][],
  body = "",
): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    ...headers.map(([k, v]) => `${k}: ${v}`),
    `Content-Length: ${new TextEncoder().encode(body).length}`,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  let text = "";
  try {
    await conn.write(new TextEncoder().encode(head + body));
    const buf = new Uint8Array(65536);
    const decoder = new TextDecoder();
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += decoder.decode(buf.subarray(0, n), { stream: true });
    }
  } catch (error) {
    text ||= `error: ${String(error).slice(0, 60)}`;
  } finally {
    try {
      conn.close();
    } catch { /* already closed */ }
  }
  return text;
}
