/**
 * Launch probes: connect to an MCP server with the SDK `Client`, call `initialize` and
 * `tools/list` with timeouts, and record what happened ({@link ProbeOutcome}).
 *
 * - {@link probeProcess}: a local server over stdio (a child process; see `./sandbox.ts` for the
 *   permission sandbox the npm probes run in);
 * - {@link probeRemote}: a remote endpoint over streamable HTTP (or SSE), recording reachable /
 *   needs auth / not MCP / unreachable.
 *
 * A probe never throws for what the server does; it always ends the process it started. What it
 * keeps of a tool list is bounded (`PROBE_CAPS` of `src/model/probe.ts`: at most 500 tools, cut
 * descriptions, no oversized schemas; what was cut is counted in `capped`), and so is what it reads
 * of a local server's output (`./process_transport.ts`).
 *
 * @module
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  capProbeTools,
  PROBE_CAPS,
  type ProbeCapped,
  type ProbeErrorClass,
  type ProbeTool,
} from "../model/probe.ts";
import { classifyFailure, cleanLines, DENIED, excerpt } from "./classify.ts";
import { type ProcessSpec, ProcessTransport } from "./process_transport.ts";

/** What one probe found. */
export interface ProbeOutcome {
  /** True when the server answered `initialize`. */
  launched: boolean;
  /** `null` when the tools were listed (or the server has no tools capability). */
  errorClass: ProbeErrorClass | null;
  /** One line explaining a failure, or `null`. */
  detail: string | null;
  /** Protocol version the server chose, or `null`. */
  protocolVersion: string | null;
  /** `serverInfo` from `initialize`, or `null`. */
  serverInfo: { name: string; version: string } | null;
  /** Capabilities the server declared, e.g. `["tools", "resources"]`. */
  capabilities: string[];
  /** Tools from `tools/list` (every page, up to `PROBE_CAPS.tools`). */
  tools: ProbeTool[];
  /** What the caps cut from the listed tools, when they cut anything. */
  capped?: ProbeCapped;
  /** Wall time of the probe, milliseconds. */
  durationMs: number;
}

/** Timeouts of a probe, milliseconds, and a hook for the process id. */
export interface ProbeTimeouts {
  /** For the `initialize` answer (default 30,000). */
  initMs?: number;
  /** For each `tools/list` page (default 15,000). */
  listMs?: number;
  /** Called with the id of the process a stdio probe starts (tests check it is gone after). */
  onSpawn?: (pid: number) => void;
}

/** Most `tools/list` pages read. */
const _MAX_PAGES = 20;

const _CLIENT_INFO = { name: "toolatlas-probe", version: "1.0.0" };

/**
 * Lists the pages of tools, keeping what `PROBE_CAPS` allows; once the tool cap is reached no
 * further page is asked for (its tools are not counted, only those of the pages read).
 */
async function _listTools(
  client: Client,
  listMs: number,
): Promise<{ tools: ProbeTool[]; capped: ProbeCapped }> {
  const tools: ProbeTool[] = [];
  let capped: ProbeCapped = { tools: 0, descriptions: 0, schemas: 0 };
  let cursor: string | undefined;
  for (let page = 0; page < _MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
      timeout: listMs,
    });
    const room = PROBE_CAPS.tools - tools.length;
    const pageTools: {
      name: string;
      title?: string;
      description?: string;
      inputSchema?: unknown;
    }[] = result.tools;
    const listed = pageTools.map((tool) => {
      const t: ProbeTool = { name: tool.name };
      if (tool.title !== undefined) t.title = tool.title;
      if (tool.description !== undefined) t.description = tool.description;
      if (tool.inputSchema !== undefined) t.inputSchema = tool.inputSchema;
      return t;
    });
    const kept = capProbeTools(listed.slice(0, Math.max(0, room)), capped);
    tools.push(...kept.tools);
    capped = { ...kept.capped, tools: kept.capped.tools + Math.max(0, listed.length - room) };
    cursor = result.nextCursor;
    if (cursor === undefined || tools.length >= PROBE_CAPS.tools) break;
  }
  return { tools, capped };
}

/** After a successful `initialize`: server info, capabilities and the tool list. */
async function _afterInit(
  client: Client,
  listMs: number,
): Promise<Omit<ProbeOutcome, "durationMs" | "launched">> {
  const info = client.getServerVersion();
  const caps = client.getServerCapabilities() ?? {};
  const out: Omit<ProbeOutcome, "durationMs" | "launched"> = {
    errorClass: null,
    detail: null,
    protocolVersion: null,
    serverInfo: info ? { name: info.name, version: info.version } : null,
    capabilities: Object.keys(caps).sort(),
    tools: [],
  };
  if (caps.tools === undefined) {
    out.detail = "The server declares no tools capability";
    return out;
  }
  try {
    const listed = await _listTools(client, listMs);
    out.tools = listed.tools;
    const { tools, descriptions, schemas } = listed.capped;
    if (tools + descriptions + schemas > 0) out.capped = listed.capped;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A tool list the server could not build because the sandbox denied it (network, files).
    out.errorClass = DENIED.test(message) ? "sandbox_denied" : "tools_list_failed";
    out.detail = excerpt(message);
  }
  return out;
}

/**
 * Probes a local MCP server: starts the process, sends `initialize` and `tools/list`, and ends
 * the process. A launch that never answers is classified from its exit, stderr and stdout
 * (`./classify.ts`).
 *
 * @example
 * ```ts
 * const out = await probeProcess({ command: Deno.execPath(), args: ["run", "server.ts"], env: {}, cwd: "/tmp" });
 * out.tools.map((t) => t.name);
 * ```
 *
 * @param spec the command, arguments, whole environment and working directory
 * @param timeouts `initMs` (default 30,000), `listMs` (default 15,000)
 * @returns the outcome; never throws for what the server does
 */
export async function probeProcess(
  spec: ProcessSpec,
  timeouts: ProbeTimeouts = {},
): Promise<ProbeOutcome> {
  const started = performance.now();
  const transport = new ProcessTransport(spec);
  const client = new Client(_CLIENT_INFO, { capabilities: {} });
  const done = (o: Omit<ProbeOutcome, "durationMs">): ProbeOutcome => ({
    ...o,
    durationMs: Math.round(performance.now() - started),
  });
  const failed = (errorClass: ProbeErrorClass, detail: string | null): ProbeOutcome =>
    done({
      launched: false,
      errorClass,
      detail,
      protocolVersion: null,
      serverInfo: null,
      capabilities: [],
      tools: [],
    });
  try {
    try {
      const connecting = client.connect(transport, { timeout: timeouts.initMs ?? 30_000 });
      if (transport.pid !== null) timeouts.onSpawn?.(transport.pid);
      await connecting;
    } catch (error) {
      if (transport.pid === null) {
        return failed("crashed", excerpt(`cannot start ${spec.command}: ${String(error)}`));
      }
      // Give a dying process a moment, so a crash is not taken for a timeout. (The SDK closes
      // the transport when initialize fails: a process ended by that close did not exit itself.)
      const exited = await transport.exited(300) && !transport.killed;
      const { errorClass, detail } = classifyFailure({
        exited,
        code: transport.status?.code ?? null,
        stderr: transport.stderr,
        noise: transport.noise,
        messages: transport.messages,
      }, spec.cwd);
      return failed(errorClass, detail);
    }
    const after = await _afterInit(client, timeouts.listMs ?? 15_000);
    after.protocolVersion = transport.protocolVersion;
    if (after.errorClass !== null) {
      const last = cleanLines(transport.stderr).at(-1);
      if (last !== undefined) after.detail = `${after.detail}; stderr: ${excerpt(last, spec.cwd)}`;
    }
    return done({ launched: true, ...after });
  } finally {
    try {
      await client.close();
    } catch {
      // already closed
    }
    await transport.close();
  }
}

/** The HTTP status inside an SDK transport error, if any. */
function _status(error: unknown): number | null {
  if (typeof error === "object" && error !== null && "code" in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === "number" && code >= 100 && code < 600) return code;
  }
  const m = /HTTP (\d{3})\b|\((\d{3})\)|status(?: code)? (\d{3})/i.exec(String(error));
  const text = m?.[1] ?? m?.[2] ?? m?.[3];
  return text === undefined ? null : Number(text);
}

/**
 * Probes a remote MCP endpoint: `initialize` and `tools/list` over streamable HTTP (or SSE),
 * classified as reachable (`errorClass: null`), `needs_auth` (401/403), `not_mcp` (another
 * answer), `unreachable` (no connection) or `timed_out`.
 *
 * @example
 * ```ts
 * const out = await probeRemote("http://127.0.0.1:8300/mcp");
 * out.launched; // true when it answered initialize
 * ```
 *
 * @param url the endpoint
 * @param options `headers` to send, `transport` (`streamable-http` default, or `sse`), timeouts
 * @returns the outcome; never throws for what the endpoint does
 */
export async function probeRemote(
  url: string,
  options: {
    headers?: Record<string, string>;
    transport?: "streamable-http" | "sse";
  } & ProbeTimeouts = {},
): Promise<ProbeOutcome> {
  const started = performance.now();
  const init: RequestInit = { headers: options.headers ?? {} };
  const transport: Transport = options.transport === "sse"
    ? new SSEClientTransport(new URL(url), { requestInit: init })
    : new StreamableHTTPClientTransport(new URL(url), { requestInit: init });
  const client = new Client(_CLIENT_INFO, { capabilities: {} });
  const base = { protocolVersion: null, serverInfo: null, capabilities: [], tools: [] };
  const initMs = options.initMs ?? 30_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), initMs);
    });
    let result: "ok" | "timeout";
    try {
      result = await Promise.race([
        client.connect(transport, { timeout: initMs }).then(() => "ok" as const),
        timeout,
      ]);
    } catch (error) {
      const status = _status(error);
      const message = String(error instanceof Error ? error.message : error);
      const errorClass: ProbeErrorClass = status === 401 || status === 403 ||
          /unauthori[sz]ed|forbidden/i.test(message)
        ? "needs_auth"
        : status !== null
        ? "not_mcp"
        : /timed? ?out/i.test(message)
        ? "timed_out"
        : error instanceof TypeError ||
            /connect|refused|ECONN|dns|network|fetch failed/i.test(message)
        ? "unreachable"
        : "not_mcp";
      return {
        launched: false,
        errorClass,
        detail: excerpt(status !== null ? `HTTP ${status}: ${message}` : message),
        ...base,
        durationMs: Math.round(performance.now() - started),
      };
    }
    if (result === "timeout") {
      return {
        launched: false,
        errorClass: "timed_out",
        detail: `No answer to initialize within ${initMs} ms`,
        ...base,
        durationMs: Math.round(performance.now() - started),
      };
    }
    const after = await _afterInit(client, options.listMs ?? 15_000);
    return { launched: true, ...after, durationMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
    try {
      await client.close();
    } catch {
      // already closed
    }
  }
}
