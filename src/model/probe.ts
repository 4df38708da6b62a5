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
  /** Tools from `tools/list`. */
  tools: z.array(ProbeTool),
});
/** See {@link ProbeRecord}. */
export type ProbeRecord = z.infer<typeof ProbeRecord>;
