/**
 * What to probe: the npm packages of the catalog, each with the servers that list it, and how
 * to start it as its stdio config would (its arguments and environment, with placeholders).
 *
 * @module
 */
import { serverPopularity } from "../catalog/popularity.ts";
import type { Value, Variable } from "../install/inputs.ts";
import { packageLaunch, packageSpec } from "../install/launch.ts";
import { type CatalogServer, packageKey, type ServerPackage } from "../model/server.ts";

/** One package to probe. */
export interface ProbeTarget {
  /** `npm:@scope/name` (see `packageKey`). */
  target: string;
  /** The package as the best source declares it. */
  pkg: ServerPackage;
  /** Catalog names of the servers that list it. */
  servers: string[];
  /** True when one of those servers already has a tool inventory from a catalog. */
  hasInventory: boolean;
  /** Largest popularity of those servers (`serverPopularity`). */
  popularity: number;
}

/** Options of {@link selectTargets}. */
export interface SelectOptions {
  /** At most this many targets. */
  limit: number;
  /** Only packages whose key, identifier or server name is in this list. */
  only?: readonly string[];
  /** Targets already probed (skipped unless `refresh`). */
  done?: ReadonlySet<string>;
  /** Probe again what was already probed. */
  refresh?: boolean;
}

/**
 * The npm packages of the catalog to probe, best first: packages of servers without a tool
 * inventory first (a probe adds one), then by popularity, then by key. Packages on a registry
 * other than npmjs are left out (they cannot be installed here).
 *
 * @example
 * ```ts
 * const targets = selectTargets(servers, { limit: 300 });
 * ```
 *
 * @param servers the merged catalog servers
 * @param options limit, filters, what was already probed
 * @returns the targets
 */
export function selectTargets(
  servers: readonly CatalogServer[],
  options: SelectOptions,
): ProbeTarget[] {
  const byKey = new Map<string, ProbeTarget>();
  for (const server of servers) {
    for (const pkg of server.packages) {
      if (pkg.registryType !== "npm") continue;
      if ((pkg.transport?.type ?? "stdio") !== "stdio") continue;
      const base = pkg.registryBaseUrl;
      if (base !== undefined && !/^https?:\/\/registry\.npmjs\.(org|com)\/?$/.test(base)) continue;
      const key = packageKey(pkg);
      let t = byKey.get(key);
      if (t === undefined) {
        byKey.set(key, t = { target: key, pkg, servers: [], hasInventory: false, popularity: 0 });
      }
      t.servers.push(server.name);
      t.hasInventory ||= server.tools.length > 0 && server.toolsSource !== "probe";
      t.popularity = Math.max(t.popularity, serverPopularity(server));
    }
  }
  const only = options.only?.map((o) => o.toLowerCase());
  return [...byKey.values()]
    .filter((t) =>
      only === undefined || only.length === 0 ||
      only.some((o) =>
        t.target === o || t.target === `npm:${o}` || t.pkg.identifier.toLowerCase() === o ||
        t.servers.some((s) => s.toLowerCase() === o)
      )
    )
    .filter((t) => options.refresh || !options.done?.has(t.target))
    .sort((a, b) =>
      Number(a.hasInventory) - Number(b.hasInventory) || b.popularity - a.popularity ||
      a.target.localeCompare(b.target)
    )
    .slice(0, options.limit);
}

/** URL schemes of connection strings, by a word in the variable's name or description. */
const _URL_SCHEMES: readonly [RegExp, string][] = [
  [/postgres/i, "postgresql://placeholder:placeholder@127.0.0.1:5432/placeholder"],
  [/mongo/i, "mongodb://127.0.0.1:27017/placeholder"],
  [/mysql|mariadb/i, "mysql://placeholder:placeholder@127.0.0.1:3306/placeholder"],
  [/redis/i, "redis://127.0.0.1:6379"],
];

/**
 * A placeholder value for a variable the probe must fill: the first choice, a folder for a path,
 * `1`, `false`, a local URL for a URL or connection string (servers parse them at start), else a
 * marker text.
 */
function _placeholder(v: Variable, dataDir: string): string {
  if (v.choices !== undefined && v.choices.length > 0) return v.choices[0]!;
  if (v.format === "filepath") return dataDir;
  if (v.format === "number") return "1";
  if (v.format === "boolean") return "false";
  const about = `${v.name} ${v.label} ${v.description ?? ""}`;
  if (/url|uri|dsn|endpoint|connection string|host/i.test(`${v.name} ${v.label}`)) {
    return _URL_SCHEMES.find(([re]) => re.test(about))?.[1] ?? "http://127.0.0.1:9/placeholder";
  }
  return v.secret ? "toolatlas-probe-placeholder" : "placeholder";
}

/** Renders a value with placeholders. */
function _render(value: Value, render: (v: Variable) => string): string {
  return value.map((p) => typeof p === "string" ? p : render(p.ref)).join("");
}

/**
 * The server's own arguments and environment as the stdio config passes them
 * (`packageLaunch`), with placeholders: a path is the probe's data folder, a number `1`, a
 * boolean `false`, a choice the first one, a URL or connection string a local one that answers
 * nothing, a secret `toolatlas-probe-placeholder`.
 *
 * @example
 * ```ts
 * launchInputs(pkg, "/tmp/p/x/data").args; // ["/tmp/p/x/data"] for the filesystem server
 * ```
 *
 * @param pkg the npm package
 * @param dataDir the folder a path placeholder points to
 * @returns `spec` (what npx runs), `args` (as run and as shown, `<name>` for placeholders),
 *   and `env` (placeholder values by name)
 */
export function launchInputs(
  pkg: ServerPackage,
  dataDir: string,
): { spec: string; args: string[]; shownArgs: string[]; env: Record<string, string> } {
  const { launch } = packageLaunch(pkg);
  const spec = packageSpec(pkg);
  const at = launch.args.findIndex((a) => a.length === 1 && a[0] === spec);
  const own = at < 0 ? [] : launch.args.slice(at + 1);
  const env: Record<string, string> = {};
  for (const e of launch.env) env[e.name] = _render(e.value, (v) => _placeholder(v, dataDir));
  return {
    spec,
    args: own.map((a) => _render(a, (v) => _placeholder(v, dataDir))),
    shownArgs: own.map((a) => _render(a, (v) => `<${v.label}>`)),
    env,
  };
}
