/**
 * An MCP stdio transport over a child process (`Deno.Command`), for launch probes: newline-
 * delimited JSON-RPC on stdin/stdout as the MCP stdio transport specifies
 * (https://modelcontextprotocol.io/specification/2025-06-18/basic/transports#stdio).
 *
 * Unlike the SDK's `StdioClientTransport`, it keeps what a probe needs to say why a server did not
 * answer: the tail of stderr, the stdout lines that were not JSON-RPC, and the exit status; and
 * `close()` always ends the process (SIGTERM, then SIGKILL after a grace period) and waits for it,
 * so no process is left behind.
 *
 * What it reads is bounded: stdout is split into lines by scanning each chunk once for `\n` (the
 * bytes of a line are joined and decoded once, when it ends), a line over {@link MAX_LINE_BYTES}
 * is dropped as it grows (counted in `oversizedLines`), and past {@link MAX_STDOUT_BYTES} in all
 * the transport stops reading and ends the process (`outputCapped`). A server writing one endless
 * line used to grow the probe runner by 200 MB in 8 s (a string rebuilt and rescanned per chunk).
 *
 * @module
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { type JSONRPCMessage, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

/** How to start the server process. */
export interface ProcessSpec {
  /** Executable, e.g. the path of `deno`. */
  command: string;
  /** Arguments. */
  args: string[];
  /** The whole environment of the process (nothing is inherited). */
  env: Record<string, string>;
  /** Working directory. */
  cwd: string;
}

/** Every child process a probe has started and not yet seen exit. */
const _LIVE = new Set<Deno.ChildProcess>();

/**
 * Registers a child process until it exits, so {@link killLiveChildren} can end it.
 *
 * @example
 * ```ts
 * const child = trackChild(new Deno.Command("deno", { args: ["cache", "npm:x"] }).spawn());
 * ```
 *
 * @param child the process
 * @returns the same process
 */
export function trackChild(child: Deno.ChildProcess): Deno.ChildProcess {
  _LIVE.add(child);
  child.status.finally(() => _LIVE.delete(child));
  return child;
}

/**
 * Sends SIGKILL to every child process probes started that is still running (on Ctrl-C or
 * SIGTERM of the probe command) and waits for them to exit.
 *
 * @example
 * ```ts
 * Deno.addSignalListener("SIGINT", () => killLiveChildren().then(() => Deno.exit(130)));
 * ```
 *
 * @returns when they have all exited
 */
export async function killLiveChildren(): Promise<void> {
  const children = [..._LIVE];
  for (const child of children) _kill(child, "SIGKILL");
  await Promise.allSettled(children.map((c) => c.status));
}

/**
 * Longest stdout line read, in bytes: one JSON-RPC message. A `tools/list` answer of 500 tools
 * with 64 KiB schemas (the probe's caps) would be 32 MiB; real ones are under 1 MiB.
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** Most stdout bytes read from one process, in all. */
export const MAX_STDOUT_BYTES = 64 * 1024 * 1024;

/** Most stderr characters kept (the tail). */
const _STDERR_KEEP = 16_000;
/** Most non-JSON-RPC stdout lines kept. */
const _NOISE_KEEP = 20;
/** Milliseconds between SIGTERM and SIGKILL on close. */
const _KILL_GRACE_MS = 1_500;

/**
 * A client-side MCP transport over a child process's stdin and stdout.
 *
 * @example
 * ```ts
 * const transport = new ProcessTransport({ command: "deno", args: ["run", "server.ts"], env: {}, cwd: "/tmp" });
 * await client.connect(transport);
 * await transport.close(); // the process is gone when this resolves
 * ```
 */
export class ProcessTransport implements Transport {
  /** Set by the SDK: called for each JSON-RPC message the server sends. */
  onmessage?: (message: JSONRPCMessage) => void;
  /** Set by the SDK: called once when the transport closes. */
  onclose?: () => void;
  /** Set by the SDK: called on transport errors. */
  onerror?: (error: Error) => void;

  /** Tail of everything the process wrote to stderr. */
  stderr = "";
  /** Stdout lines that were not JSON-RPC messages (the first {@link _NOISE_KEEP}). */
  readonly noise: string[] = [];
  /** Number of stdout lines that were not JSON-RPC messages. */
  noiseLines = 0;
  /** Number of JSON-RPC messages received. */
  messages = 0;
  /** Stdout lines longer than {@link MAX_LINE_BYTES}, dropped unread. */
  oversizedLines = 0;
  /** Stdout bytes read so far. */
  stdoutBytes = 0;
  /** True when the process wrote more than {@link MAX_STDOUT_BYTES} and was stopped. */
  outputCapped = false;
  /** `protocolVersion` of the server's `initialize` answer, once seen. */
  protocolVersion: string | null = null;
  /** Exit status once the process has ended, else `null`. */
  status: Deno.CommandStatus | null = null;
  /** True when {@link close} had to end a running process (it did not exit on its own). */
  killed = false;

  readonly #spec: ProcessSpec;
  #child: Deno.ChildProcess | null = null;
  #writer: WritableStreamDefaultWriter<Uint8Array> | null = null;
  #readers: Promise<void>[] = [];
  #exited: Promise<Deno.CommandStatus> | null = null;
  #closed = false;

  /**
   * @param spec the command, arguments, whole environment and working directory
   */
  constructor(spec: ProcessSpec) {
    this.#spec = spec;
  }

  /** Process id, or `null` before start. */
  get pid(): number | null {
    return this.#child?.pid ?? null;
  }

  /**
   * Spawns the process and starts reading its output.
   *
   * @throws {Deno.errors.NotFound} when the command does not exist
   */
  start(): Promise<void> {
    if (this.#child !== null) throw new Error("Cannot start a ProcessTransport twice");
    const child = new Deno.Command(this.#spec.command, {
      args: this.#spec.args,
      env: this.#spec.env,
      clearEnv: true,
      cwd: this.#spec.cwd,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    trackChild(child);
    this.#child = child;
    this.#writer = child.stdin.getWriter();
    this.#readers = [this.#readStdout(child.stdout), this.#readStderr(child.stderr)];
    this.#exited = child.status.then((status) => {
      this.status = status;
      return status;
    });
    // The process ending on its own closes the transport (after its output is read).
    this.#exited.then(() => Promise.all(this.#readers)).then(() => this.#finish());
    return Promise.resolve();
  }

  /**
   * Writes one message as a JSON line.
   *
   * @param message the JSON-RPC message
   * @throws {Error} when the transport is not started or the process has closed its stdin
   */
  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#writer === null) throw new Error("Cannot send before start");
    await this.#writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n"));
  }

  /** Ends the process (SIGTERM, SIGKILL after a grace period) and waits until it has exited. */
  async close(): Promise<void> {
    const child = this.#child;
    if (child !== null && this.status === null) {
      this.killed = true;
      try {
        await this.#writer?.close();
      } catch {
        // stdin already closed by the process
      }
      _kill(child, "SIGTERM");
      const timer = setTimeout(() => _kill(child, "SIGKILL"), _KILL_GRACE_MS);
      try {
        await this.#exited;
      } finally {
        clearTimeout(timer);
      }
    }
    await Promise.all(this.#readers);
    this.#finish();
  }

  /** Waits until the process has exited, at most `ms` milliseconds; true when it has. */
  async exited(ms: number): Promise<boolean> {
    if (this.#exited === null) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), ms));
    const done = await Promise.race([this.#exited.then(() => true as const), timeout]);
    clearTimeout(timer);
    return done;
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }

  async #readStdout(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    // The bytes of the line being read (chunks are fresh arrays: kept, not copied).
    let parts: Uint8Array[] = [];
    let size = 0;
    let skipping = false;
    const append = (piece: Uint8Array) => {
      if (skipping || piece.byteLength === 0) return;
      if (size + piece.byteLength > MAX_LINE_BYTES) {
        skipping = true;
        parts = [];
        size = 0;
        this.oversizedLines++;
        this.#noise(`(a line of more than ${MAX_LINE_BYTES} bytes, dropped)`);
        return;
      }
      parts.push(piece);
      size += piece.byteLength;
    };
    const end = () => {
      if (!skipping && size > 0) {
        const bytes = parts.length === 1 ? parts[0]! : new Uint8Array(size);
        if (parts.length > 1) {
          let offset = 0;
          for (const p of parts) {
            bytes.set(p, offset);
            offset += p.byteLength;
          }
        }
        this.#line(decoder.decode(bytes).replace(/\r$/, ""));
      }
      parts = [];
      size = 0;
      skipping = false;
    };
    try {
      for await (const chunk of stream) {
        this.stdoutBytes += chunk.byteLength;
        let start = 0;
        for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
          append(chunk.subarray(start, nl));
          end();
          start = nl + 1;
        }
        append(chunk.subarray(start));
        if (this.stdoutBytes > MAX_STDOUT_BYTES) {
          this.outputCapped = true;
          this.#noise(`(more than ${MAX_STDOUT_BYTES} bytes on stdout: the process was stopped)`);
          if (this.#child !== null) _kill(this.#child, "SIGKILL");
          break;
        }
      }
    } catch {
      // the stream ends with the process
    }
    end();
  }

  /** Keeps a stdout line that is not JSON-RPC (the first {@link _NOISE_KEEP}). */
  #noise(line: string): void {
    this.noiseLines++;
    if (this.noise.length < _NOISE_KEEP) this.noise.push(line.slice(0, 300));
  }

  #line(line: string): void {
    if (line.trim() === "") return;
    let message: JSONRPCMessage | null = null;
    try {
      const parsed = JSONRPCMessageSchema.safeParse(JSON.parse(line));
      if (parsed.success) message = parsed.data;
    } catch {
      // not JSON
    }
    if (message === null) {
      this.#noise(line);
      return;
    }
    this.messages++;
    const result = (message as { result?: { protocolVersion?: unknown } }).result;
    if (this.protocolVersion === null && typeof result?.protocolVersion === "string") {
      this.protocolVersion = result.protocolVersion;
    }
    this.onmessage?.(message);
  }

  async #readStderr(stream: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream) {
        this.stderr += decoder.decode(chunk, { stream: true });
        if (this.stderr.length > 2 * _STDERR_KEEP) this.stderr = this.stderr.slice(-_STDERR_KEEP);
      }
    } catch {
      // the stream ends with the process
    }
    this.stderr = this.stderr.slice(-_STDERR_KEEP);
  }
}

/** Sends a signal, ignoring a process that is already gone. */
function _kill(child: Deno.ChildProcess, signal: Deno.Signal): void {
  try {
    child.kill(signal);
  } catch {
    // already exited
  }
}
