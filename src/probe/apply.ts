/**
 * Merges the probe store into the catalog at ingest: every server that lists a probed package
 * gets the probe's summary (`probes`), and a probe that launched the server and listed its tools
 * becomes the server's tool inventory (source `probe`, preferred to the inventories of catalogs
 * because it is what the package lists today, with the date it was checked). A probe never stops
 * the ingest: an unreadable store is reported and ignored.
 *
 * @module
 */
import type { CatalogServer } from "../ingest/merge_servers.ts";
import { packageKey } from "../ingest/merge_packages.ts";
import type { ProbeSummary, ServerTool } from "../ingest/types.ts";
import type { ProbeRecord } from "./store.ts";

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
    toolCount: record.tools.length,
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
    server.tools = listed.tools.map((t) => {
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
