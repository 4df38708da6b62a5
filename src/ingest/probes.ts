/**
 * Reading the probe store (`data/probes.jsonl`, written by `deno task probe`) and merging it into
 * the catalog at ingest: every server that lists a probed package
 * gets the probe's summary (`probes`), and a probe that launched the server and listed its tools
 * becomes the server's tool inventory (source `probe`, preferred to the inventories of catalogs
 * because it is what the package lists today, with the date it was checked). A probe never stops
 * the ingest: an unreadable store is reported and ignored. A probe's tools are bounded again here
 * by `PROBE_CAPS` (a store written before the caps, or edited by hand, cannot put 100,000 tools or
 * a megabyte description into the catalog); what was cut is counted in the report (`capped`).
 *
 * @module
 */
import { capProbeTools, PROBE_CAPS, type ProbeCapped, ProbeRecord } from "../model/probe.ts";
import {
  type CatalogServer,
  packageKey,
  type ProbeSummary,
  type ServerTool,
} from "../model/server.ts";

/** Default path of the store, next to the other project-authored data. */
export const PROBE_STORE_URL: URL = new URL("../../data/probes.jsonl", import.meta.url);

/** True when a parsed line is a whole probe record (the schema of `src/model/probe.ts`). */
function _valid(value: unknown): value is ProbeRecord {
  return ProbeRecord.safeParse(value).success;
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

/** Counts of {@link applyProbes}, for the ingest report. */
export interface ProbeApplyStats {
  /** Records in the store. */
  records: number;
  /** Servers that got at least one probe summary. */
  serversProbed: number;
  /** Servers whose inventory now comes from a probe. */
  inventories: number;
  /** Of those, servers that had no inventory from any catalog. */
  inventoriesAdded: number;
  /** What `PROBE_CAPS` cut from the inventories taken from probes. */
  capped: ProbeCapped;
}

/**
 * The catalog's summary of a stored probe (everything but the tools, which become the
 * inventory).
 *
 * @example
 * ```ts
 * probeSummary(record).toolCount; // record.tools.length
 * ```
 *
 * @param record a stored probe
 * @returns the summary kept on the server
 */
export function probeSummary(record: ProbeRecord): ProbeSummary {
  return {
    target: record.target,
    registryType: record.registryType,
    identifier: record.identifier,
    version: record.version,
    probedAt: record.probedAt,
    launched: record.launched,
    errorClass: record.errorClass,
    detail: record.detail,
    toolCount: Math.min(record.tools.length, PROBE_CAPS.tools),
    serverInfo: record.serverInfo,
  };
}

/**
 * Attaches probes to the servers that list the probed packages (matched by package key, see
 * `packageKey`) or endpoints, and uses a successful probe's tools as the inventory.
 *
 * @example
 * ```ts
 * const stats = applyProbes(servers, (await readProbeStore(PROBE_STORE_URL)).records);
 * stats.inventoriesAdded; // servers that had no tool inventory before
 * ```
 *
 * @param servers the merged servers (changed in place)
 * @param records the probe store
 * @returns counts
 */
export function applyProbes(
  servers: CatalogServer[],
  records: readonly ProbeRecord[],
): ProbeApplyStats {
  const byTarget = new Map(records.map((r) => [r.target, r]));
  const stats: ProbeApplyStats = {
    records: records.length,
    serversProbed: 0,
    inventories: 0,
    inventoriesAdded: 0,
    capped: { tools: 0, descriptions: 0, schemas: 0 },
  };
  for (const server of servers) {
    const found: ProbeRecord[] = [];
    for (const pkg of server.packages) {
      const record = byTarget.get(packageKey(pkg));
      if (record !== undefined && !found.includes(record)) found.push(record);
    }
    for (const remote of server.remotes) {
      const record = byTarget.get(`remote:${remote.url}`);
      if (record !== undefined && !found.includes(record)) found.push(record);
    }
    if (found.length === 0) continue;
    stats.serversProbed++;
    server.probes = found.map(probeSummary);
    const listed = found.find((r) => r.launched && r.errorClass === null && r.tools.length > 0);
    if (listed === undefined) continue;
    if (server.tools.length === 0) stats.inventoriesAdded++;
    stats.inventories++;
    const bounded = capProbeTools(listed.tools, stats.capped);
    stats.capped = bounded.capped;
    server.tools = bounded.tools.map((t) => {
      const tool: ServerTool = { name: t.name };
      if (t.description !== undefined) tool.description = t.description;
      if (t.inputSchema !== undefined) tool.inputSchema = t.inputSchema;
      return tool;
    });
    server.toolsSource = "probe";
    server.provenance.tools = "probe";
  }
  return stats;
}
