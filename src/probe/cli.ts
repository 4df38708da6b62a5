/**
 * `deno task probe`: launch probes of the catalog's npm packages (or of one remote endpoint),
 * with progress on stderr and the results merged into the probe store (`data/probes.jsonl`).
 *
 * ```sh
 * deno task probe [--limit 50] [--concurrency 2] [--init-timeout 30] [--list-timeout 15]
 *                 [--install-timeout 180] [--only NAME ...] [--refresh] [--dry-run]
 *                 [--store data/probes.jsonl] [--cache $TMPDIR/toolatlas-probe] [--sources DIR]
 * deno task probe --remote URL [--header "Name: value" ...] [--sse]
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { mergeServers } from "../ingest/merge_servers.ts";
import { SourceReport } from "../ingest/report.ts";
import { SERVER_ADAPTERS } from "../ingest/sources/mod.ts";
import type { SourceServer } from "../ingest/types.ts";
import { probeNpm } from "./npm.ts";
import { probeRemote } from "./probe.ts";
import { killLiveChildren } from "./process_transport.ts";
import { PROBE_STORE_URL, readProbeStore } from "../ingest/probes.ts";
import type { ProbeRecord } from "../model/probe.ts";
import type { CatalogServer } from "../model/server.ts";
import { writeProbeStore } from "./store.ts";
import { type ProbeTarget, selectTargets } from "./targets.ts";

/** Usage text of the probe command. */
export const PROBE_USAGE = `Usage:
  deno task probe [options]        probe the catalog's npm packages (servers without a tool
                                   inventory first, then by popularity) and update the store
    --limit N                      packages to probe (default 50)
    --concurrency N                probes at a time (default 2)
    --init-timeout S               seconds to wait for initialize (default 30)
    --list-timeout S               seconds to wait for tools/list (default 15)
    --install-timeout S            seconds to wait for the package download (default 180)
    --only NAME                    only this package or server (repeatable)
    --refresh                      probe again what the store already has
    --dry-run                      list what would be probed, probe nothing
    --store PATH                   probe store (default data/probes.jsonl)
    --cache DIR                    downloads and work folders (default $TMPDIR/toolatlas-probe)
    --sources DIR                  raw dumps (default ../shared/data)
  deno task probe --remote URL [--header "Name: value"] [--sse]
                                   probe one remote endpoint over streamable HTTP (or SSE)`;

/** A positive number option, or the default; `RangeError` for anything else. */
function _number(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max) {
    throw new RangeError(`Cannot use --${name} "${value}": expected a number from 1 to ${max}`);
  }
  return n;
}

/** `1h02m`, `4m10s`, `12s`. */
function _duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s >= 3600) {
    return `${Math.floor(s / 3600)}h${String(Math.floor(s / 60) % 60).padStart(2, "0")}m`;
  }
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
  return `${s}s`;
}

/**
 * One progress line: done/total, rate, ETA and the outcome counts.
 *
 * @example
 * ```ts
 * progressLine(30, 300, 60_000, { launched: 2 }, "x: launched");
 * // "[probe] 30/300 (10%) · 30.0/min · ETA 9m00s · launched 2 · x: launched"
 * ```
 *
 * @param done probes finished
 * @param total probes planned
 * @param elapsedMs time since the start, milliseconds
 * @param counts outcomes so far, by error class or `launched`
 * @param last a word on the probe that just finished
 * @returns the line
 */
export function progressLine(
  done: number,
  total: number,
  elapsedMs: number,
  counts: Record<string, number>,
  last: string,
): string {
  const rate = elapsedMs > 0 ? done / (elapsedMs / 60_000) : 0;
  const eta = done > 0 ? (elapsedMs / done) * (total - done) : NaN;
  const outcome = Object.entries(counts).sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`).join(", ");
  return `[probe] ${done}/${total} (${Math.round((100 * done) / Math.max(total, 1))}%) · ` +
    `${rate.toFixed(1)}/min · ETA ${
      Number.isNaN(eta) ? "?" : _duration(eta)
    } · ${outcome} · ${last}`;
}

/**
 * The merged catalog servers, straight from the sources (no database needed).
 *
 * @param sourcesDir the raw dumps (`../shared/data`)
 * @param log where to say which source could not be read
 * @returns every merged server
 */
export async function mergedServersFromSources(
  sourcesDir: string,
  log: (line: string) => void,
): Promise<CatalogServer[]> {
  const records: SourceServer[] = [];
  for (const adapter of SERVER_ADAPTERS) {
    try {
      records.push(...await adapter.read(sourcesDir, new SourceReport(adapter.info.id)));
    } catch (error) {
      log(`[probe] cannot read source ${adapter.info.id}: ${String(error)}`);
    }
  }
  return mergeServers(records).servers;
}

/**
 * Runs the probe command.
 *
 * @example
 * ```ts
 * await probeCommand(["--limit", "10"]);
 * ```
 *
 * @param args command-line arguments after `probe`
 * @param log progress sink (default stderr)
 * @returns the process exit code (0, or 2 for bad arguments)
 */
export async function probeCommand(
  args: string[],
  log: (line: string) => void = (l) => console.error(l),
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      limit: { type: "string" },
      concurrency: { type: "string" },
      "init-timeout": { type: "string" },
      "list-timeout": { type: "string" },
      "install-timeout": { type: "string" },
      only: { type: "string", multiple: true },
      refresh: { type: "boolean" },
      "dry-run": { type: "boolean" },
      keep: { type: "boolean" },
      store: { type: "string" },
      cache: { type: "string" },
      sources: { type: "string" },
      remote: { type: "string" },
      header: { type: "string", multiple: true },
      sse: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(PROBE_USAGE);
    return 0;
  }
  let limit: number, concurrency: number, initMs: number, listMs: number, installMs: number;
  try {
    limit = Math.floor(_number(values.limit, "limit", 50, 100_000));
    concurrency = Math.floor(_number(values.concurrency, "concurrency", 2, 32));
    initMs = _number(values["init-timeout"], "init-timeout", 30, 600) * 1000;
    listMs = _number(values["list-timeout"], "list-timeout", 15, 600) * 1000;
    installMs = _number(values["install-timeout"], "install-timeout", 180, 3600) * 1000;
  } catch (error) {
    log(String(error instanceof Error ? error.message : error));
    return 2;
  }

  if (values.remote !== undefined) {
    const headers: Record<string, string> = {};
    for (const h of values.header ?? []) {
      const i = h.indexOf(":");
      if (i <= 0) {
        log(`Cannot use --header "${h}": expected "Name: value"`);
        return 2;
      }
      headers[h.slice(0, i).trim()] = h.slice(i + 1).trim();
    }
    const out = await probeRemote(values.remote, {
      headers,
      transport: values.sse ? "sse" : "streamable-http",
      initMs,
      listMs,
    });
    console.log(JSON.stringify(out, null, 2));
    return 0;
  }

  const storePath = values.store ?? PROBE_STORE_URL.pathname;
  const cacheDir = values.cache ?? `${Deno.env.get("TMPDIR") ?? "/tmp"}/toolatlas-probe`;
  const sourcesDir = values.sources ?? Deno.env.get("TOOLATLAS_SOURCES") ?? "../shared/data";
  const store = await readProbeStore(storePath);
  if (store.skipped > 0) log(`[probe] skipped ${store.skipped} unreadable lines of ${storePath}`);
  log(`[probe] reading the catalog sources from ${sourcesDir}`);
  const servers = await mergedServersFromSources(sourcesDir, log);
  const targets = selectTargets(servers, {
    limit,
    only: values.only ?? [],
    done: new Set(store.records.map((r) => r.target)),
    refresh: values.refresh ?? false,
  });
  log(
    `[probe] ${targets.length} npm packages to probe (store has ${store.records.length}); ` +
      `concurrency ${concurrency}, timeouts: install ${installMs / 1000} s, initialize ` +
      `${initMs / 1000} s, tools/list ${listMs / 1000} s; cache ${cacheDir}`,
  );
  if (values["dry-run"]) {
    for (const t of targets) {
      console.log(
        `${t.target}\t${t.hasInventory ? "has inventory" : "no inventory"}\t${t.servers.join(" ")}`,
      );
    }
    return 0;
  }
  await Deno.mkdir(`${cacheDir}/deno`, { recursive: true });

  const records = new Map(store.records.map((r) => [r.target, r]));
  let next = 0;
  // Ctrl-C or SIGTERM: end every server and installer started, keep what was stored, exit.
  let stopping = false;
  const stop = (signal: Deno.Signal) => {
    if (stopping) return;
    stopping = true;
    log(`[probe] ${signal}: stopping the running probes`);
    next = targets.length;
    killLiveChildren().then(() => saving).finally(() => Deno.exit(130));
  };
  const signals: Deno.Signal[] = ["SIGINT", "SIGTERM"];
  const handlers = signals.map((signal) => {
    const handler = () => stop(signal);
    Deno.addSignalListener(signal, handler);
    return [signal, handler] as const;
  });
  const counts: Record<string, number> = {};
  const started = performance.now();
  let done = 0;
  let saving = Promise.resolve();
  const save = () => {
    saving = saving.then(() => writeProbeStore(storePath, [...records.values()]));
    return saving;
  };
  const worker = async () => {
    while (next < targets.length) {
      const target: ProbeTarget = targets[next++]!;
      let record: ProbeRecord;
      try {
        record = await probeNpm(target, {
          cacheDir,
          initMs,
          listMs,
          installMs,
          keep: values.keep ?? false,
        });
      } catch (error) {
        log(`[probe] ${target.target}: probe failed: ${String(error)}`);
        continue;
      }
      records.set(record.target, record);
      const key = record.errorClass ?? (record.launched ? "launched" : "unknown");
      counts[key] = (counts[key] ?? 0) + 1;
      done++;
      const outcome = record.errorClass === null
        ? `launched, ${record.tools.length} tools`
        : `${record.errorClass}${record.detail ? ` (${record.detail.slice(0, 80)})` : ""}`;
      log(
        progressLine(
          done,
          targets.length,
          performance.now() - started,
          counts,
          `${record.identifier}: ${outcome} in ${(record.durationMs / 1000).toFixed(1)} s`,
        ),
      );
      await save();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  await saving;
  for (const [signal, handler] of handlers) Deno.removeSignalListener(signal, handler);
  const launched = [...records.values()].filter((r) => r.launched).length;
  log(
    `[probe] done in ${
      _duration(performance.now() - started)
    }: ${done} probed; store ${storePath} ` +
      `holds ${records.size} records, ${launched} launched`,
  );
  return 0;
}
