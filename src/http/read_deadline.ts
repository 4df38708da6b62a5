/**
 * A deadline for reading request heads: `Deno.serve` (hyper) waits for a request's head as long as
 * the client keeps its connection open, so 30 clients sending one header line every few seconds
 * held 30 connections for 90 s and more. {@link serveWithDeadlines} puts a small TCP relay in front
 * of `Deno.serve`: it accepts the public connections, forwards their bytes both ways to a
 * `Deno.serve` on a loopback port, and watches one thing, without parsing HTTP: whether a request
 * handler is running.
 *
 * - While no handler runs on a connection (a request's head is still coming, or the connection is
 *   idle between requests) and nothing is being sent back, the connection has `timeoutMs` to
 *   start a request. A client that sent part of a head in that time gets `408 Request Timeout`
 *   (`request_timeout`) and its connection is closed; an idle keep-alive connection is closed
 *   without an answer.
 * - A request's body is read by its handler, under the same deadline (`readBodyCapped`); a handler
 *   answering 408 (a body that did not arrive in time) or 413 (a body over its cap) has the
 *   connection closed after the answer, so the client cannot keep uploading into it.
 * - The handler sees the client's own address as `remoteAddr` (the relay keeps a map from its
 *   loopback port to the client), so quotas, fair use and `TRUST_PROXY` work as without the relay.
 *   A connection to the loopback port that did not come through the relay is refused.
 *
 * Closing is lingering: the answer is written, the sending side shut, and what the client still
 * sends is read and dropped for up to {@link LINGER_MS} before the socket closes, so the client
 * reads the 408 or 413 instead of a reset.
 *
 * @module
 */
import { type ProblemDocument, toProblem } from "../errors.ts";
import { AppError } from "../errors.ts";

/** Default deadline for a request's head and body, milliseconds (`TOOLATLAS_READ_TIMEOUT`). */
export const READ_TIMEOUT_MS = 10_000;

/** How long a closing connection's remaining input is read and dropped, milliseconds. */
export const LINGER_MS = 2_000;

/** Bytes each direction of a relayed connection reads at a time. */
const _CHUNK = 16 * 1024;

/** Options of {@link serveWithDeadlines}. */
export interface DeadlineServeOptions {
  /** Interface to listen on. */
  hostname: string;
  /** Port to listen on (0: any free port). */
  port: number;
  /** Time a connection has to start a request when no handler runs on it, milliseconds. */
  timeoutMs: number;
  /** Public base URL, for the `type` of the 408 problem document. */
  baseUrl: string;
  /** Called once the public port listens. */
  onListen?: (addr: Deno.NetAddr) => void;
}

/** A server started by {@link serveWithDeadlines}. */
export interface DeadlineServer {
  /** The public address. */
  addr: Deno.NetAddr;
  /** Resolves when the server has shut down. */
  finished: Promise<void>;
  /** Stops accepting, closes every connection and the inner server. */
  shutdown(): Promise<void>;
  /** Connections open now (for tests and benchmarks). */
  readonly connections: number;
}

/** One relayed connection. */
interface _Relay {
  client: Deno.TcpConn;
  upstream: Deno.TcpConn;
  /** Handlers running for this connection's requests. */
  inflight: number;
  /** When the connection last did something other than receive bytes (`performance.now()`). */
  activeAt: number;
  /** Bytes arrived from the client since the last handler started. */
  pendingBytes: boolean;
  /** Close after the answer now being sent (a 408 or 413). */
  closeAfterAnswer: boolean;
  closing: boolean;
}

/** The raw bytes of a 408 answer with a problem document. */
function _timeoutAnswer(baseUrl: string, timeoutMs: number): Uint8Array {
  const problem: ProblemDocument = toProblem(
    new AppError(
      "request_timeout",
      `Cannot read the request: it did not arrive within ${timeoutMs / 1000} s`,
      { details: { timeoutSeconds: timeoutMs / 1000 } },
    ),
    baseUrl,
  );
  const body = new TextEncoder().encode(JSON.stringify(problem));
  const head = "HTTP/1.1 408 Request Timeout\r\n" +
    "content-type: application/problem+json\r\n" +
    "x-content-type-options: nosniff\r\n" +
    `content-length: ${body.byteLength}\r\n` +
    "connection: close\r\n\r\n";
  const out = new Uint8Array(head.length + body.byteLength);
  out.set(new TextEncoder().encode(head));
  out.set(body, head.length);
  return out;
}

/** Closes a connection, ignoring one that is already closed. */
function _close(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // already closed
  }
}

/** Writes all of `bytes`. */
async function _writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.byteLength;) done += await conn.write(bytes.subarray(done));
}

/**
 * Serves `handler` behind a relay that enforces a read deadline (see the module comment). With
 * `timeoutMs` 0 it is plain `Deno.serve`.
 *
 * @param options address, deadline, base URL and listen callback
 * @param handler the request handler (`remoteAddr` of its `info` is the client's)
 * @returns the running server
 * @throws {Deno.errors.AddrInUse} when the port is taken
 * @example
 * ```ts
 * const server = serveWithDeadlines(
 *   { hostname: "0.0.0.0", port: 8000, timeoutMs: 10_000, baseUrl: "http://localhost:8000" },
 *   app.fetch,
 * );
 * await server.finished;
 * ```
 */
export function serveWithDeadlines(
  options: DeadlineServeOptions,
  handler: (
    request: Request,
    info: Deno.ServeHandlerInfo<Deno.NetAddr>,
  ) => Response | Promise<Response>,
): DeadlineServer {
  if (options.timeoutMs <= 0) {
    const plain = Deno.serve({
      hostname: options.hostname,
      port: options.port,
      onListen: (addr) => options.onListen?.(addr),
    }, handler);
    return {
      addr: plain.addr,
      finished: plain.finished,
      shutdown: () => plain.shutdown(),
      connections: 0,
    };
  }
  const relays = new Map<number, _Relay & { remote: Deno.NetAddr }>();
  const timeoutAnswer = _timeoutAnswer(options.baseUrl, options.timeoutMs);
  const inner = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request, info) => {
      const relay = relays.get(info.remoteAddr.port);
      if (relay === undefined) {
        // Only the relay's own connections are served here.
        return new Response(null, { status: 421, headers: { connection: "close" } });
      }
      relay.inflight++;
      relay.pendingBytes = false;
      try {
        const response = await handler(request, { ...info, remoteAddr: relay.remote });
        if (response.status === 408 || response.status === 413) relay.closeAfterAnswer = true;
        return response;
      } finally {
        relay.inflight--;
        relay.activeAt = performance.now();
      }
    },
  );
  const listener = Deno.listen({ hostname: options.hostname, port: options.port });
  const addr = listener.addr as Deno.NetAddr;
  options.onListen?.(addr);

  /** Shuts the sending side, drops what the client still sends for a while, closes. */
  const linger = async (relay: _Relay, answer?: Uint8Array) => {
    if (relay.closing) return;
    relay.closing = true;
    relays.delete(relay.upstream.localAddr.port);
    _close(relay.upstream);
    try {
      if (answer) await _writeAll(relay.client, answer);
      await relay.client.closeWrite();
    } catch {
      // the client is gone
    }
    const timer = setTimeout(() => _close(relay.client), LINGER_MS);
    try {
      const sink = new Uint8Array(_CHUNK);
      while (await relay.client.read(sink) !== null) { /* dropped */ }
    } catch {
      // closed by the timer, or reset by the client
    }
    clearTimeout(timer);
    _close(relay.client);
  };

  const sweep = setInterval(() => {
    const now = performance.now();
    for (const relay of relays.values()) {
      if (relay.inflight > 0 || relay.closing || now - relay.activeAt < options.timeoutMs) continue;
      linger(relay, relay.pendingBytes ? timeoutAnswer : undefined);
    }
  }, Math.max(50, Math.min(1_000, options.timeoutMs / 4)));

  const relay = async (client: Deno.TcpConn) => {
    let upstream: Deno.TcpConn;
    try {
      upstream = await Deno.connect({ hostname: "127.0.0.1", port: inner.addr.port });
    } catch {
      _close(client);
      return;
    }
    const state = {
      client,
      upstream,
      remote: client.remoteAddr as Deno.NetAddr,
      inflight: 0,
      activeAt: performance.now(),
      pendingBytes: false,
      closeAfterAnswer: false,
      closing: false,
    };
    relays.set(upstream.localAddr.port, state);
    const toServer = (async () => {
      const buffer = new Uint8Array(_CHUNK);
      try {
        for (;;) {
          const n = await client.read(buffer);
          if (n === null) break;
          if (state.inflight === 0) state.pendingBytes = true;
          await _writeAll(upstream, buffer.subarray(0, n));
        }
        await upstream.closeWrite();
      } catch {
        // either side closed
      }
    })();
    const toClient = (async () => {
      const buffer = new Uint8Array(_CHUNK);
      try {
        for (;;) {
          const n = await upstream.read(buffer);
          if (n === null) break;
          await _writeAll(client, buffer.subarray(0, n));
          state.activeAt = performance.now();
          if (state.closeAfterAnswer && state.inflight === 0) {
            // The whole answer (a short problem document) is out: close once it settles.
            setTimeout(() => linger(state), 50);
          }
        }
      } catch {
        // either side closed
      }
    })();
    await toClient;
    if (!state.closing) {
      relays.delete(upstream.localAddr.port);
      state.closing = true;
      _close(upstream);
      _close(client);
    }
    await toServer;
  };

  const accepting = (async () => {
    try {
      for await (const conn of listener) relay(conn);
    } catch {
      // the listener was closed
    }
  })();

  const shutdown = async () => {
    clearInterval(sweep);
    try {
      listener.close();
    } catch {
      // already closed
    }
    for (const r of relays.values()) {
      _close(r.upstream);
      _close(r.client);
    }
    relays.clear();
    await accepting;
    await inner.shutdown();
  };
  return {
    addr,
    finished: inner.finished,
    shutdown,
    get connections() {
      return relays.size;
    },
  };
}
