/**
 * A launch probe as the probe store keeps it (`data/probes.jsonl`, one {@link ProbeRecord} per
 * line): written by `deno task probe` (`src/probe/`), read by the ingest, which keeps a summary on
 * each server (`ProbeSummary` of `./server.ts`).
 *
 * @module
 */
import { z } from "zod";

/**
 * Why a probe did not list tools:
 * - `install_failed`: the package could not be installed (not on the registry, a dependency
 *   missing, download too slow);
 * - `no_executable`: it installs but has no executable (`bin`): a library, not a server;
 * - `needs_secret`: the server stopped, saying a key, token or setting is missing or invalid;
 * - `sandbox_denied`: the server stopped when the sandbox denied it access (network, files
 *   outside its folder, subprocesses, native code);
 * - `crashed`: the server exited before answering, for another reason;
 * - `not_mcp`: it wrote something other than JSON-RPC and never answered `initialize`;
 * - `timed_out`: it kept running without answering in time;
 * - `tools_list_failed`: it answered `initialize` but `tools/list` failed;
 * - for HTTP endpoints: `needs_auth` (401/403), `unreachable` (no connection).
 */
export const PROBE_ERROR_CLASSES = [
  "install_failed",
  "no_executable",
  "needs_secret",
  "sandbox_denied",
  "crashed",
  "not_mcp",
  "timed_out",
  "tools_list_failed",
  "needs_auth",
  "unreachable",
] as const;

/** One of {@link PROBE_ERROR_CLASSES}. */
export const ProbeErrorClass = z.enum(PROBE_ERROR_CLASSES);
/** See {@link ProbeErrorClass}. */
export type ProbeErrorClass = z.infer<typeof ProbeErrorClass>;

/** A tool a probed server listed (`tools/list`). */
export const ProbeTool = z.object({
  name: z.string(),
  title: z.string().exactOptional(),
  description: z.string().exactOptional(),
  inputSchema: z.unknown().exactOptional(),
});
/** See {@link ProbeTool}. */
export type ProbeTool = z.infer<typeof ProbeTool>;

/**
 * What a probe keeps of a server's tool list at most: a server is free to list anything, so the
 * record is bounded. The largest inventories seen were 302 tools (a catalog's), descriptions of
 * 10,462 characters and input schemas of 43,602 bytes of JSON (`data/probes.jsonl` and the built
 * catalog, 2026-11-29); the caps sit above them.
 */
export const PROBE_CAPS = {
  /** Tools kept per server; the rest are counted and dropped. */
  tools: 500,
  /** UTF-8 bytes of a tool's description or title; longer ones are cut and counted. */
  descriptionBytes: 16 * 1024,
  /** UTF-8 bytes of a tool's input schema as JSON; a larger schema is dropped and counted. */
  schemaBytes: 64 * 1024,
} as const;

/** What {@link capProbeTools} cut from a tool list (all zero when nothing was). */
export const ProbeCapped = z.object({
  /** Tools listed beyond {@link PROBE_CAPS}.tools, not kept. */
  tools: z.number().int().nonnegative(),
  /** Descriptions and titles cut to {@link PROBE_CAPS}.descriptionBytes. */
  descriptions: z.number().int().nonnegative(),
  /** Input schemas over {@link PROBE_CAPS}.schemaBytes, not kept. */
  schemas: z.number().int().nonnegative(),
});
/** See {@link ProbeCapped}. */
export type ProbeCapped = z.infer<typeof ProbeCapped>;

/** `text` cut to at most `bytes` UTF-8 bytes, on a character boundary. */
function _cut(text: string, bytes: number): string {
  if (text.length * 3 <= bytes) return text;
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(bytes));
  return text.slice(0, read);
}

/**
 * Bounds a tool list by {@link PROBE_CAPS}: the first `tools` tools, each description and title
 * cut to `descriptionBytes`, each input schema over `schemaBytes` dropped; what was cut is
 * counted. Linear in the list's size.
 *
 * @example
 * ```ts
 * const { tools, capped } = capProbeTools(listed);
 * capped.tools; // tools not kept
 * ```
 *
 * @param listed the tools as a server listed them
 * @param capped counts to add to (default: zeros)
 * @returns the kept tools (new objects; `listed` is not changed) and the counts
 */
export function capProbeTools(
  listed: readonly ProbeTool[],
  capped: ProbeCapped = { tools: 0, descriptions: 0, schemas: 0 },
): { tools: ProbeTool[]; capped: ProbeCapped } {
  const out = { ...capped };
  const kept = listed.slice(0, PROBE_CAPS.tools);
  out.tools += listed.length - kept.length;
  const tools = kept.map((tool) => {
    const t: ProbeTool = { name: _cut(tool.name, PROBE_CAPS.descriptionBytes) };
    for (const key of ["title", "description"] as const) {
      const text = tool[key];
      if (text === undefined) continue;
      t[key] = _cut(text, PROBE_CAPS.descriptionBytes);
      if (t[key] !== text) out.descriptions++;
    }
    if (tool.inputSchema !== undefined) {
      const json = JSON.stringify(tool.inputSchema) ?? "";
      if (
        json.length <= PROBE_CAPS.schemaBytes / 3 || _cut(json, PROBE_CAPS.schemaBytes) === json
      ) {
        t.inputSchema = tool.inputSchema;
      } else out.schemas++;
    }
    return t;
  });
  return { tools, capped: out };
}

/** One probe as stored. */
export const ProbeRecord = z.object({
  /** `npm:@scope/name` (lowercase, no version) or `remote:<url>`. */
  target: z.string(),
  /** `npm` or `remote`. */
  registryType: z.string(),
  /** Package name as published, or the endpoint URL. */
  identifier: z.string(),
  /** What was run: `name@version` as the config pins it, or `name` for the newest release. */
  requested: z.string(),
  /** The version that ran, or `null`. */
  version: z.string().nullable(),
  /** The package's own `repository` (package.json), or `null`. */
  repository: z.string().nullable(),
  /** Catalog servers that list this package when it was probed. */
  servers: z.array(z.string()),
  /** The server's arguments as run, with `<name>` for a placeholder. */
  args: z.array(z.string()),
  /** Environment variables set to placeholders. */
  env: z.array(z.string()),
  /** ISO 8601 time of the probe. */
  probedAt: z.string(),
  /** Wall time of install plus launch, milliseconds. */
  durationMs: z.number(),
  /** True when the server answered `initialize`. */
  launched: z.boolean(),
  /** `null` on success, else the error class. */
  errorClass: ProbeErrorClass.nullable(),
  /** One line explaining a failure, or `null`. */
  detail: z.string().nullable(),
  /** Protocol version the server chose, or `null`. */
  protocolVersion: z.string().nullable(),
  /** `serverInfo` from `initialize`, or `null`. */
  serverInfo: z.object({ name: z.string(), version: z.string() }).nullable(),
  /** Capabilities the server declared. */
  capabilities: z.array(z.string()),
  /** Tools from `tools/list`, bounded by {@link PROBE_CAPS}. */
  tools: z.array(ProbeTool),
  /** What the caps cut from the listed tools; absent when nothing was. */
  capped: ProbeCapped.exactOptional(),
});
/** See {@link ProbeRecord}. */
export type ProbeRecord = z.infer<typeof ProbeRecord>;
