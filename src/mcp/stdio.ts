/**
 * `toolatlas mcp`: the same MCP server as `/mcp` (the twelve `svc_*` tools of the operation table,
 * `./server.ts`) over standard input and output, from the local catalog, for clients that start
 * a local process (a `command` plus `args` in their config) and for offline use.
 *
 * - Stdout carries only JSON-RPC messages (the SDK's `StdioServerTransport`: one JSON object per
 *   line); every log line goes to stderr, and `console.log` is sent there too.
 * - No quota and no key: the user runs it. Every tool is allowed.
 * - `initialize` and `tools/list` are answered at once; the catalog opens in the background
 *   (about 2.6 s for the real catalog with vectors: the vectors are read and the query model
 *   loads) and tool calls wait for it. Searches are semantic (hybrid) when the catalog holds
 *   vectors of the query model, lexical otherwise; the server's `instructions` say which.
 * - No catalog: one line on stderr naming `deno task ingest` and `--snapshot`, exit code 1.
 * - Ends on stdin's end (the client closed the pipe), SIGTERM or SIGINT: the server, the store
 *   and the query embedder's workers are closed, and the process exits 0.
 *
 * @module
 */
import process from "node:process";
import { fileURLToPath } from "node:url";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { type CatalogContext, closeContext, openContext } from "../catalog/context.ts";
import { CatalogStore } from "../catalog/store.ts";
import { USE_LITE_ID } from "../embed/embedding.ts";
import { findSnapshot, prepareSnapshot } from "../snapshot/cli.ts";
import { createMcpServer, INSTRUCTIONS } from "./server.ts";

const USAGE = `Usage:
  deno task mcp [--catalog PATH] [--snapshot FILE]
  deno run --allow-read --allow-write --allow-env --allow-ffi --allow-sys main.ts mcp [...]

Serves the MCP tools over stdin/stdout from the local catalog (no quota, no key).
  --catalog PATH    the catalog (default: TOOLATLAS_CATALOG, else data/catalog.db of this checkout)
  --snapshot FILE   verify a snapshot and install it at the catalog path first (as serve does)`;

/** How the stdio server searches: `semantic` (hybrid, with vectors) or `lexical` (BM25 only). */
export type SearchKind = "semantic" | "lexical";

/** Options of {@link serveStdio}. */
export interface StdioOptions {
  /** Path of the catalog to serve. */
  catalogPath: string;
  /** Base of every `svcUrl`, e.g. `http://localhost:8000`. */
  baseUrl: string;
  /** A snapshot to verify and install at `catalogPath` first, if any. */
  snapshot?: string | undefined;
  /** Log sink (default: stderr). */
  log?: (line: string) => void;
}

/**
 * The default catalog of `toolatlas mcp`: `data/catalog.db` of this checkout (not of the folder
 * the client starts the process in), or next to a compiled executable.
 *
 * @returns an absolute path
 * @example
 * ```ts
 * defaultStdioCatalog(); // "/home/me/toolatlas/data/catalog.db"
 * ```
 */
export function defaultStdioCatalog(): string {
  const here = import.meta.url;
  // A compiled executable runs its modules from a virtual folder: use the executable's folder.
  if (!here.startsWith("file:") || here.includes("/deno-compile-")) {
    return `${dirname(Deno.execPath())}/data/catalog.db`;
  }
  return fileURLToPath(new URL("../../data/catalog.db", here));
}

/**
 * Which search a catalog gets: semantic when it holds vectors of the query model
 * (`embedding_model` is USE-lite), lexical otherwise.
 *
 * @param catalogPath the catalog
 * @returns `semantic` or `lexical`
 * @throws {Error} when the catalog cannot be opened or has another schema version
 */
export function searchKind(catalogPath: string): SearchKind {
  const store = CatalogStore.open(catalogPath);
  try {
    return store.meta("embedding_model") === USE_LITE_ID ? "semantic" : "lexical";
  } finally {
    store.close();
  }
}

/**
 * The `instructions` of the stdio server: the service's, plus how it searches.
 *
 * @param kind how searches are ranked
 * @returns the text
 * @example
 * ```ts
 * stdioInstructions("lexical").includes("lexical"); // true
 * ```
 */
export function stdioInstructions(kind: SearchKind): string {
  const search = kind === "semantic"
    ? "Search is semantic (sentence embeddings fused with BM25) over the local catalog; the first " +
      "tool call may wait about 3 s while the catalog's vectors and the query model load."
    : "Search is lexical only (BM25): this local catalog holds no vectors of the query model " +
      "(it was built with --no-embed).";
  return `${INSTRUCTIONS} ${search} This local server has no quota and needs no key.`;
}

/** Sends everything `console` would print on stdout to stderr: stdout is the JSON-RPC channel. */
function _keepStdoutForJsonRpc(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.dir = (item: unknown) => console.error(item);
  console.table = (data: unknown) => console.error(data);
}

async function _exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/**
 * Serves the MCP tools over stdin/stdout until stdin ends or SIGTERM/SIGINT arrives.
 *
 * @param options the catalog, the base URL of links, a snapshot to install first
 * @returns the exit code: 0 after a clean end, 1 when there is no catalog (or it cannot be opened)
 * @example
 * ```ts
 * Deno.exit(await serveStdio({ catalogPath: "data/catalog.db", baseUrl: "http://localhost:8000" }));
 * ```
 */
export async function serveStdio(options: StdioOptions): Promise<number> {
  _keepStdoutForJsonRpc();
  const log = options.log ?? ((line: string) => console.error(line));
  const { catalogPath } = options;
  if (options.snapshot !== undefined) {
    await prepareSnapshot(
      options.snapshot,
      catalogPath,
      (line) => log(line.replace("[serve]", "[mcp]")),
    );
  }
  if (!await _exists(catalogPath)) {
    log(
      `toolatlas mcp: no catalog at ${catalogPath}: build it with \`deno task ingest\` ` +
        "(or pass --catalog PATH), or start with --snapshot FILE",
    );
    return 1;
  }
  let kind: SearchKind;
  try {
    kind = searchKind(catalogPath);
  } catch (error) {
    log(`toolatlas mcp: cannot open the catalog: ${(error as Error).message}`);
    return 1;
  }

  const { promise: ended, resolve: end } = Promise.withResolvers<number>();
  // Ranked on a search thread, as `serve` ranks: its vectors load there, off this thread, so
  // `initialize` and `tools/list` are answered while they load.
  const context: Promise<CatalogContext> = openContext(catalogPath, options.baseUrl, {
    searchThread: true,
  });
  context.then(
    (ctx) => log(`[mcp] catalog open: ${kind} search (${ctx.embedder?.id ?? "no query model"})`),
    (error) => {
      log(`toolatlas mcp: cannot open the catalog: ${(error as Error).message}`);
      end(1);
    },
  );
  const server = createMcpServer(context, { instructions: stdioInstructions(kind) });
  const transport = new StdioServerTransport();
  transport.onerror = (error: Error) => log(`[mcp] ${error.message}`);
  await server.connect(transport);
  log(`[mcp] toolatlas MCP server on stdio, catalog ${catalogPath}`);

  const onEnd = () => end(0);
  process.stdin.once("end", onEnd);
  process.stdin.once("close", onEnd);
  const signals: Deno.Signal[] = Deno.build.os === "windows" ? ["SIGINT"] : ["SIGTERM", "SIGINT"];
  for (const signal of signals) Deno.addSignalListener(signal, onEnd);

  const code = await ended;
  for (const signal of signals) Deno.removeSignalListener(signal, onEnd);
  process.stdin.off("end", onEnd);
  process.stdin.off("close", onEnd);
  await server.close().catch(() => {});
  process.stdin.destroy();
  await context.then((ctx) => closeContext(ctx), () => {});
  return code;
}

/**
 * Runs `toolatlas mcp [--catalog PATH] [--snapshot FILE]`.
 *
 * @param args the arguments after `mcp`
 * @param env the configuration it reads: `TOOLATLAS_CATALOG` (when set, the default catalog),
 *   the public base URL of links, `TOOLATLAS_SNAPSHOT`
 * @returns the exit code: 0 after a clean end, 1 without a catalog, 2 for bad usage
 * @example
 * ```ts
 * Deno.exit(await mcpCommand(["--catalog", "/data/catalog.db"], config));
 * ```
 */
export async function mcpCommand(
  args: string[],
  env: { catalogFromEnv: string | undefined; publicBaseUrl: string; snapshot: string | undefined },
): Promise<number> {
  let values: { catalog?: string; snapshot?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        catalog: { type: "string" },
        snapshot: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const snapshot = values.snapshot ?? env.snapshot;
  return await serveStdio({
    catalogPath: values.catalog ?? env.catalogFromEnv ?? defaultStdioCatalog(),
    baseUrl: env.publicBaseUrl,
    // A snapshot shipped next to a compiled executable is found as `serve` finds it.
    snapshot: snapshot ?? await findSnapshot(undefined),
  });
}
