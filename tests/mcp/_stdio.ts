/**
 * A raw client of `main.ts mcp` for tests and benches: starts the process, writes JSON-RPC
 * messages to its stdin one per line, and keeps every byte of its stdout, so a test can check
 * that stdout held nothing but JSON-RPC frames.
 *
 * @module
 */

/** `main.ts` of this checkout. */
export const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** The permissions `deno task mcp` runs with. */
export const MCP_PERMISSIONS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-ffi",
  "--allow-sys",
];

/** A JSON-RPC response. */
export interface RpcResponse {
  jsonrpc: "2.0";
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A running `main.ts mcp` process. */
export class StdioProcess {
  readonly child: Deno.ChildProcess;
  /** Every byte the process wrote to stdout, decoded. */
  stdout = "";
  /** Every byte the process wrote to stderr, decoded. */
  stderr = "";
  /** Resolves with the exit status once the process ended and its pipes are read. */
  readonly status: Promise<Deno.CommandStatus>;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #waiting = new Map<number, (r: RpcResponse) => void>();
  #nextId = 1;
  #lineStart = 0;

  /**
   * Starts `deno run <permissions> main.ts mcp <args>`.
   *
   * @param args arguments after `mcp`, e.g. `["--catalog", path]`
   * @param env extra environment variables
   */
  constructor(args: string[], env: Record<string, string> = {}) {
    this.child = new Deno.Command(Deno.execPath(), {
      args: ["run", ...MCP_PERMISSIONS, MAIN, "mcp", ...args],
      env,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#writer = this.child.stdin.getWriter();
    const out = this.#read(this.child.stdout, (text) => {
      this.stdout += text;
      this.#dispatch();
    });
    const err = this.#read(this.child.stderr, (text) => (this.stderr += text));
    this.status = Promise.all([out, err]).then(() => this.child.status);
  }

  async #read(stream: ReadableStream<Uint8Array>, sink: (text: string) => void): Promise<void> {
    for await (const text of stream.pipeThrough(new TextDecoderStream())) sink(text);
  }

  /** Hands each complete stdout line that answers a request to its waiter. */
  #dispatch(): void {
    let end: number;
    while ((end = this.stdout.indexOf("\n", this.#lineStart)) !== -1) {
      const line = this.stdout.slice(this.#lineStart, end);
      this.#lineStart = end + 1;
      let message: RpcResponse;
      try {
        message = JSON.parse(line);
      } catch {
        continue; // A test reads `stdout` itself to see such a line.
      }
      this.#waiting.get(message.id)?.(message);
      this.#waiting.delete(message.id);
    }
  }

  /** Writes one message as a line of stdin. */
  async send(message: unknown): Promise<void> {
    await this.#writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
  }

  /**
   * Sends a request and waits for its response.
   *
   * @param method e.g. `tools/list`
   * @param params its params
   * @returns the response
   */
  async request(method: string, params: unknown = {}): Promise<RpcResponse> {
    const id = this.#nextId++;
    const { promise, resolve } = Promise.withResolvers<RpcResponse>();
    this.#waiting.set(id, resolve);
    await this.send({ jsonrpc: "2.0", id, method, params });
    return await promise;
  }

  /** `initialize` then `notifications/initialized`; returns the `initialize` result. */
  async initialize(): Promise<Record<string, unknown>> {
    const response = await this.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "stdio-test", version: "1" },
    });
    await this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return response.result!;
  }

  /** A `tools/call`; returns its result. */
  async call(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const response = await this.request("tools/call", { name, arguments: args });
    if (response.error) throw new Error(`${name}: ${response.error.message}`);
    return response.result!;
  }

  /** Closes stdin (the client hangs up) and waits for the process to end. */
  async close(): Promise<Deno.CommandStatus> {
    await this.#writer.close().catch(() => {});
    return await this.status;
  }
}
