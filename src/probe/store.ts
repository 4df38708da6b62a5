/**
 * Writing the probe store (`data/probes.jsonl`): one JSON object per line, one line per probed
 * package or endpoint, sorted by `target`, holding what the catalog uses (ids, tools with their
 * input schemas, dates, outcome) and never any package code. The ingest reads it
 * (`src/ingest/probes.ts`).
 *
 * @module
 */
import type { ProbeRecord } from "../model/probe.ts";

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
