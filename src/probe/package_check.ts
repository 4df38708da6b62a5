/**
 * `deno task packages`: asks the npm registry about every npm package the catalog lists (kept or
 * refused) and stores what it says in `data/package_checks.jsonl`, which the ingest merges
 * (`src/ingest/package_evidence.ts`). Like the launch probe, it is a separate step that may use the
 * network; it never runs at serve time.
 *
 * Per package one request, `GET {registry}/{name}/latest` (the registry's version document), gives
 * the latest version, `bin`, `repository`, `deprecated` and `mcpName`. A 404 is `missing`: on a
 * partial mirror that means unknown, not wrong. A timeout or 5xx is `error` and is retried on the
 * next run. A package already `found` or `missing` is not asked again unless `--refresh`, so a
 * second run changes nothing. The file is rewritten sorted by key, one JSON object per line.
 *
 * @module
 */
import type { PackageCheck } from "../model/package_check.ts";
import { packageKey } from "../model/server.ts";
import { PACKAGE_CHECKS_URL, readPackageChecks } from "../ingest/package_evidence.ts";

export { PACKAGE_CHECKS_URL };

/** Default registry: the one npm itself uses here (`npm config get registry`). */
export const DEFAULT_REGISTRY = "https://registry.npmjs.org/";

/**
 * The store key of an npm package: `npm:` and its lowercase name without a version.
 *
 * @param identifier e.g. `@Scope/Name@1.2.0`
 * @returns e.g. `npm:@scope/name`
 */
export function packageCheckKey(identifier: string): string {
  return packageKey({ registryType: "npm", identifier });
}

/** Options of {@link checkPackage}. */
export interface CheckOptions {
  /** Registry base URL with a trailing slash (default {@link DEFAULT_REGISTRY}). */
  registry?: string;
  /** Per-request timeout, milliseconds (default 15,000). */
  timeoutMs?: number;
  /** The fetch to use (tests pass a fake registry). */
  fetch?: typeof fetch;
  /** Reference time of the check (default now). */
  now?: () => Date;
}

/** `repository` of a manifest as a URL and a folder. */
function _repository(value: unknown): { url: string | null; directory: string | null } {
  if (typeof value === "string") return { url: value, directory: null };
  if (value !== null && typeof value === "object") {
    const r = value as Record<string, unknown>;
    return {
      url: typeof r.url === "string" ? r.url : null,
      directory: typeof r.directory === "string" ? r.directory : null,
    };
  }
  return { url: null, directory: null };
}

/**
 * Executable names of a manifest's `bin` and the file each runs (a string means one, named after
 * the package).
 */
function _bin(value: unknown, name: string): { bin: string[]; binFiles: string[] } {
  if (typeof value === "string" && value !== "") {
    return { bin: [name.split("/").pop()!], binFiles: [value] };
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      bin: entries.map(([k]) => k),
      binFiles: entries.map(([, v]) => typeof v === "string" ? v : ""),
    };
  }
  return { bin: [], binFiles: [] };
}

/**
 * Asks the registry about one package (see the module comment). Never throws.
 *
 * @param identifier the package name as a source lists it (a version suffix is ignored)
 * @param options registry, timeout, fetch
 * @returns the check to store
 */
export async function checkPackage(
  identifier: string,
  options: CheckOptions = {},
): Promise<PackageCheck> {
  const key = packageCheckKey(identifier);
  const name = key.slice(4);
  const base: PackageCheck = {
    key,
    identifier: identifier.replace(/(.)@[^@/]+$/, "$1"),
    checkedAt: (options.now ?? (() => new Date()))().toISOString(),
    status: "error",
    latest: null,
    bin: [],
    binFiles: [],
    repositoryUrl: null,
    directory: null,
    deprecated: null,
    mcpName: null,
    detail: null,
  };
  const registry = options.registry ?? DEFAULT_REGISTRY;
  const url = `${registry.replace(/\/?$/, "/")}${name.replace("/", "%2f")}/latest`;
  try {
    const res = await (options.fetch ?? fetch)(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      headers: { accept: "application/json" },
    });
    if (res.status === 404) {
      await res.body?.cancel();
      return { ...base, status: "missing" };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { ...base, detail: `HTTP ${res.status}` };
    }
    const doc = await res.json() as Record<string, unknown>;
    const repo = _repository(doc.repository);
    return {
      ...base,
      status: "found",
      latest: typeof doc.version === "string" ? doc.version : null,
      ..._bin(doc.bin, name),
      repositoryUrl: repo.url,
      directory: repo.directory,
      deprecated: typeof doc.deprecated === "string" && doc.deprecated !== ""
        ? doc.deprecated
        : null,
      mcpName: typeof doc.mcpName === "string" ? doc.mcpName : null,
    };
  } catch (error) {
    return { ...base, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Writes the store sorted by key, one JSON object per line, through a temporary file.
 *
 * @param checks every check to keep
 * @param path the store
 */
export async function writePackageChecks(
  checks: Map<string, PackageCheck>,
  path: string | URL = PACKAGE_CHECKS_URL,
): Promise<void> {
  const lines = [...checks.values()].sort((a, b) => a.key.localeCompare(b.key))
    .map((c) => JSON.stringify(c));
  const tmp = `${path instanceof URL ? path.pathname : path}.tmp-${Deno.pid}`;
  await Deno.writeTextFile(tmp, lines.join("\n") + (lines.length > 0 ? "\n" : ""));
  await Deno.rename(tmp, path);
}

/** Progress of {@link runPackageChecks}, reported after each package. */
export interface CheckProgress {
  done: number;
  total: number;
  /** Packages per second so far. */
  rate: number;
  /** Seconds left at that rate. */
  etaSeconds: number;
}

/** Options of {@link runPackageChecks}. */
export interface RunOptions extends CheckOptions {
  /** Ask again about packages already `found` or `missing` (default false). */
  refresh?: boolean;
  /** Requests in flight (default 8). */
  concurrency?: number;
  /** Called after each package. */
  onProgress?: (p: CheckProgress) => void;
  /** Where to store (default {@link PACKAGE_CHECKS_URL}). */
  store?: string | URL;
}

/**
 * Checks every package not yet known (or all with `refresh`), saving the store every 200 packages
 * and at the end, so an interrupted run keeps what it learnt.
 *
 * @param identifiers npm package names (duplicates and versions are folded by key)
 * @param options see {@link RunOptions}
 * @returns counts of distinct packages: `asked`, per status among the asked, and `known` (already
 *   checked, not asked)
 */
export async function runPackageChecks(
  identifiers: Iterable<string>,
  options: RunOptions = {},
): Promise<{ asked: number; found: number; missing: number; error: number; known: number }> {
  const store = options.store ?? PACKAGE_CHECKS_URL;
  const { checks } = await readPackageChecks(store);
  const todo = new Map<string, string>();
  const known = new Set<string>();
  for (const id of identifiers) {
    const key = packageCheckKey(id);
    const prior = checks.get(key);
    if (!options.refresh && prior !== undefined && prior.status !== "error") {
      known.add(key);
      continue;
    }
    if (!todo.has(key)) todo.set(key, id);
  }
  const queue = [...todo.values()];
  const counts = { asked: queue.length, found: 0, missing: 0, error: 0, known: known.size };
  const started = performance.now();
  let done = 0;
  const worker = async () => {
    while (queue.length > 0) {
      const id = queue.shift()!;
      const check = await checkPackage(id, options);
      checks.set(check.key, check);
      counts[check.status]++;
      done++;
      const seconds = (performance.now() - started) / 1000;
      const rate = done / Math.max(seconds, 0.001);
      options.onProgress?.({
        done,
        total: counts.asked,
        rate,
        etaSeconds: (counts.asked - done) / rate,
      });
      if (done % 200 === 0) await writePackageChecks(checks, store);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  if (counts.asked > 0 || known.size === 0) await writePackageChecks(checks, store);
  return counts;
}
