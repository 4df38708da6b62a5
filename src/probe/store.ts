/**
 * The probe store: one JSON object per line (`data/probes.jsonl`), one line per probed package or
 * endpoint, sorted by `target`, holding what the catalog uses (ids, tools with their input
 * schemas, dates, outcome) and never any package code. Written by `deno task probe`, read by the
 * ingest (`./apply.ts`).
 *
 * @module
 */
import type { ErrorClass } from "./classify.ts";
import type { ProbeTool } from "./probe.ts";

/** Default path of the store, next to the other project-authored data. */
export const PROBE_STORE_URL: URL = new URL("../../data/probes.jsonl", import.meta.url);

/** One probe as stored. */
export interface ProbeRecord {
  /** `npm:@scope/name` (lowercase, no version) or `remote:<url>`. */
  target: string;
  /** `npm` or `remote`. */
  registryType: string;
  /** Package name as published, or the endpoint URL. */
  identifier: string;
  /** What was run: `name@version` as the config pins it, or `name` for the newest release. */
  requested: string;
  /** The version that ran, or `null`. */
  version: string | null;
  /** The package's own `repository` (package.json), or `null`. */
  repository: string | null;
  /** Catalog servers that list this package when it was probed. */
  servers: string[];
  /** The server's arguments as run, with `<name>` for a placeholder. */
  args: string[];
  /** Environment variables set to placeholders. */
  env: string[];
  /** ISO 8601 time of the probe. */
  probedAt: string;
  /** Wall time of install plus launch, milliseconds. */
  durationMs: number;
  /** True when the server answered `initialize`. */
  launched: boolean;
  /** `null` on success, else the error class (`./classify.ts`). */
  errorClass: ErrorClass | null;
  /** One line explaining a failure, or `null`. */
  detail: string | null;
  /** Protocol version the server chose, or `null`. */
  protocolVersion: string | null;
  /** `serverInfo` from `initialize`, or `null`. */
  serverInfo: { name: string; version: string } | null;
  /** Capabilities the server declared. */
  capabilities: string[];
  /** Tools from `tools/list`. */
  tools: ProbeTool[];
}

/** True when a parsed line has the fields the catalog relies on. */
function _valid(value: unknown): value is ProbeRecord {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.target === "string" && typeof r.identifier === "string" &&
    typeof r.registryType === "string" && typeof r.probedAt === "string" &&
    typeof r.launched === "boolean" && Array.isArray(r.tools);
}

/**
 * Reads the store. A missing file is an empty store; a line that is not a valid record is skipped
 * and counted.
 *
 * @example
 * ```ts
 * const { records, skipped } = await readProbeStore(PROBE_STORE_URL);
 * ```
 *
 * @param path the store file
 * @returns the records and the number of lines skipped
 * @throws {Deno.errors.PermissionDenied} when the file cannot be read for lack of permission
 */
export async function readProbeStore(
  path: string | URL,
): Promise<{ records: ProbeRecord[]; skipped: number }> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { records: [], skipped: 0 };
    throw error;
  }
  const records: ProbeRecord[] = [];
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const value = JSON.parse(line);
      if (_valid(value)) records.push(value);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { records, skipped };
}

/**
 * Writes the store atomically (a temporary file renamed over the old one), one record per line,
 * sorted by target.
 *
 * @example
 * ```ts
 * await writeProbeStore("data/probes.jsonl", records);
 * ```
 *
 * @param path the store file
 * @param records the records (later ones win for the same target)
 * @returns when the file is in place
 * @throws {Deno.errors.PermissionDenied} when the folder is not writable
 */
export async function writeProbeStore(
  path: string | URL,
  records: readonly ProbeRecord[],
): Promise<void> {
  const byTarget = new Map<string, ProbeRecord>();
  for (const r of records) byTarget.set(r.target, r);
  const lines = [...byTarget.values()]
    .sort((a, b) => a.target.localeCompare(b.target))
    .map((r) => JSON.stringify(r));
  const file = path instanceof URL ? path.pathname : path;
  const tmp = `${file}.tmp-${Deno.pid}`;
  await Deno.writeTextFile(tmp, lines.length > 0 ? lines.join("\n") + "\n" : "");
  await Deno.rename(tmp, file);
}
