/**
 * Whether each package of a server belongs to it and can be launched, from evidence: the server's
 * own official registry record, a source that verifies packages (Docker's catalog builds from the
 * repository), the npm registry's own metadata (`data/package_checks.jsonl`, written by
 * `deno task packages`: a `repository` field naming the server's repository, an `mcpName` naming
 * one of its registry names, `bin`), a launch probe that started it, or a source that validated it
 * (toolsdk's `validated`). Runs at ingest after the launch probes are merged.
 *
 * Each package gets `evidence`:
 *
 * | level | means |
 * |---|---|
 * | `verified` | a launch probe started it and listed its tools |
 * | `checked` | evidence that it belongs to the server (the reasons say which) |
 * | `unverified` | only a catalog's say-so, with why (npm has no such package here, npm names another repository, no repository field) |
 *
 * Three signs weaken npm's own metadata (`repository`, `mcpName`), which a copy keeps and which a
 * project's other programs share:
 * - a **republished copy**: a scoped package whose scope is not the repository owner's or the
 *   product's, and whose scope republishes other owners' repositories (at least
 *   {@link REPUBLISHER_OWNERS} of them in the catalog), whose name carries the owner
 *   (`@iflow-mcp/cameroncooke_xcodebuildmcp`) or whose executable keeps the original's scoped name
 *   (`@mseep/linear-mcp` runs `@ibraheem4/linear-mcp`): npm's metadata is then no evidence;
 * - **not a server**: the package's name says client, adapter, SDK, eval or inspector
 *   (`@huggingface/mcp-client`, `pi-mcp-adapter`, `mcp-evals`), the server's title ends as one
 *   ("mcp-use Framework") or its description opens as one (a client, adapter, SDK, library,
 *   framework, evaluation or testing tool): only a launch
 *   probe, an official registry record, Docker's build or npm's `mcpName` then shows it serves MCP;
 *   npm's repository field and a catalog's validation do not.
 *
 * A package the npm registry knows with no executable (`bin`) cannot be launched with `npx`: it is
 * moved to `refusedPackages` with that reason, and so is one with several executables that run
 * different files, none named after the package (`npx` then stops: "could not determine
 * executable to run"); aliases of one file are fine (`npx` runs the first). A package the merge
 * refused (its name did not match the repository) comes back when npm's `repository` field names
 * the server's repository, unless it is a republished copy.
 *
 * @module
 */
import {
  type CatalogServer,
  packageKey,
  type ServerInput,
  type ServerPackage,
} from "../model/server.ts";
import { PackageCheck } from "../model/package_check.ts";
import { normalizeRepoUrl } from "./clean.ts";
import { ownScope, verifiesPackages } from "./merge_packages.ts";

/** Default store of `deno task packages`, next to the probe store. */
export const PACKAGE_CHECKS_URL: URL = new URL("../../data/package_checks.jsonl", import.meta.url);

/**
 * Reads the store: one check per key (a later line replaces an earlier one). Lines that are not
 * valid checks are skipped and counted; a missing file is an empty store.
 *
 * @param path the store
 * @returns the checks by key and the number of skipped lines
 */
export async function readPackageChecks(
  path: string | URL = PACKAGE_CHECKS_URL,
): Promise<{ checks: Map<string, PackageCheck>; skipped: number }> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { checks: new Map(), skipped: 0 };
    throw error;
  }
  const checks = new Map<string, PackageCheck>();
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const check = PackageCheck.parse(JSON.parse(line));
      checks.set(check.key, check);
    } catch {
      skipped++;
    }
  }
  return { checks, skipped };
}

/** Counts of {@link applyPackageEvidence}, stored in the ingest report. */
export interface PackageEvidenceStats {
  /** Packages per evidence level. */
  byLevel: Record<string, number>;
  /** Checked packages per kind of evidence (a package may count under several). */
  byEvidence: Record<string, number>;
  /** npm packages refused because the registry shows no executable. */
  refusedNoBin: number;
  /** npm packages refused because npx cannot tell which of several executables to run. */
  refusedNoPick: number;
  /** Packages left unverified as copies republished under another scope. */
  copies: number;
  /** Packages left unverified because their name or description says they are no server. */
  notServers: number;
  /** Refused packages brought back by npm's repository field. */
  rescued: number;
  /** npm packages with a registry check (found or missing here). */
  checked: number;
  /** Environment variables added from launch probes' messages (`probeRequiredInputs`). */
  settingsFromProbes: number;
}

/** `https://github.com/o/r` form of an npm `repository` value (also `github:o/r` and `o/r`). */
export function npmRepository(value: string | null): string | null {
  if (value === null) return null;
  let v = value.trim();
  if (/^github:/i.test(v)) v = `https://github.com/${v.slice(7)}`;
  else if (/^gitlab:/i.test(v)) v = `https://gitlab.com/${v.slice(7)}`;
  else if (/^[\w.-]+\/[\w.-]+$/.test(v)) v = `https://github.com/${v}`;
  const n = normalizeRepoUrl(v);
  return n === undefined ? null : `https://${n}`;
}

/** The folder a monorepo package lives in, lowercase, without `./` or trailing slashes. */
function _folder(path: string | null | undefined): string | null {
  if (path === null || path === undefined) return null;
  const f = path.trim().replace(/^\.?\/+/, "").replace(/\/+$/, "").toLowerCase();
  return f === "" ? null : f;
}

/**
 * The evidence for one package of a server.
 *
 * @param server the server (its repository, folder, registry names, probes, `validated`)
 * @param pkg one of its packages
 * @param check the npm registry's answer for it, if `deno task packages` asked
 * @returns the level, the reasons, and whether npm says it has no executable
 */
export function packageEvidence(
  server:
    & Pick<
      CatalogServer,
      "repositoryUrl" | "subfolder" | "officialNames" | "probes" | "validated"
    >
    & Partial<Pick<CatalogServer, "description" | "title">>,
  pkg: ServerPackage,
  check: PackageCheck | undefined,
  republishers: ReadonlySet<string> = new Set(),
): { level: "verified" | "checked" | "unverified"; reasons: string[]; noBin: boolean } {
  const reasons: string[] = [];
  const found0 = check?.status === "found" ? check : undefined;
  // A copy keeps the original's repository field and mcpName: they say nothing about the copy.
  const copy = republishedCopy(server, pkg, found0, republishers);
  const probe = server.probes?.find((p) => packageKey(p) === packageKey(pkg));
  if (probe?.launched && probe.errorClass === null) {
    reasons.push(
      `a launch probe on ${probe.probedAt.slice(0, 10)} started it (${probe.toolCount} tools)`,
    );
  }
  if (pkg.source !== undefined && verifiesPackages(pkg.source)) {
    reasons.push(
      pkg.source === "docker"
        ? "Docker's catalog builds it from the server's repository"
        : "the server's own official registry record lists it",
    );
  }
  const found = check?.status === "found" ? check : undefined;
  if (
    copy === null && found?.mcpName &&
    server.officialNames.some((n) => n.toLowerCase() === found.mcpName!.toLowerCase())
  ) {
    reasons.push(`npm's mcpName is the server's registry name ${found.mcpName}`);
  }
  const npmRepo = npmRepository(found?.repositoryUrl ?? null);
  const repo = server.repositoryUrl?.toLowerCase() ?? null;
  if (copy === null && npmRepo !== null && repo !== null && npmRepo === repo) {
    const dir = _folder(found?.directory);
    const sub = _folder(server.subfolder);
    if (
      dir === null || sub === null || dir === sub || dir.endsWith(`/${sub}`) ||
      sub.endsWith(`/${dir}`)
    ) {
      reasons.push(`npm's repository field names the server's repository${dir ? ` (${dir})` : ""}`);
    }
  }
  if (pkg.source === "toolsdk" && server.validated) reasons.push("toolsdk validated it");
  const noBin = pkg.registryType === "npm" && found !== undefined && found.bin.length === 0;
  if (probe?.launched && probe.errorClass === null) return { level: "verified", reasons, noBin };
  const sign = nonServerSign(server, pkg);
  if (sign !== null && reasons.length > 0 && !reasons.some((r) => _STRONG.test(r))) {
    return {
      level: "unverified",
      reasons: [
        `${sign}, not a server to run, and only this vouches for it: ${
          reasons.join(" and ")
        } (a launch probe, ` +
        "an official registry record or npm's mcpName would show it serves MCP)",
      ],
      noBin,
    };
  }
  if (reasons.length > 0) return { level: "checked", reasons, noBin };
  if (copy !== null) {
    return {
      level: "unverified",
      reasons: [
        `a copy republished under another scope (${copy}); npm's repository field and mcpName ` +
        "are copied with it, so they do not show it belongs to the server",
      ],
      noBin,
    };
  }
  const who = pkg.source ? `only ${pkg.source} lists it` : "no source vouches for it";
  const why = pkg.registryType !== "npm"
    ? "and nothing shows it belongs to the server"
    : check === undefined
    ? "and the npm registry was not asked (run deno task packages)"
    : check.status === "missing"
    ? "and the npm registry here has no such package"
    : check.status === "error"
    ? "and the npm registry did not answer"
    : npmRepo !== null && repo !== null
    ? `and npm says its repository is ${npmRepo.replace(/^https:\/\//, "")}, not the server's`
    : "and npm names no repository for it";
  return { level: "unverified", reasons: [`${who}, ${why}`], noBin };
}

/**
 * Evidence that shows a package serves MCP even when its name says otherwise: a launch probe, the
 * official record, Docker's build, npm's `mcpName` (reasons as {@link packageEvidence} words them).
 */
const _STRONG =
  /^(a launch probe|the server's own official registry record|Docker's catalog|npm's mcpName)/;

/** Words of a package name that say it is no server: a client, adapter, SDK, eval or inspector. */
const _NON_SERVER_WORDS: Readonly<Record<string, string>> = {
  client: "an MCP client",
  clients: "an MCP client",
  adapter: "an adapter",
  adapters: "an adapter",
  sdk: "an SDK",
  eval: "an evaluation tool",
  evals: "an evaluation tool",
  inspector: "an inspector",
};

/**
 * A description that opens by saying what the project is, when that is no server: "Client for the
 * Model Context Protocol", "Evaluation library for MCP servers", "A TypeScript framework for
 * building MCP servers".
 */
const _NON_SERVER_OPENING =
  /^(?:an? |the )?(?:(?:mcp|model context protocol|typescript|javascript|node(?:\.js)?|python|official|simple|lightweight|minimal|full[- ]stack)\s+)*(client|adapter|sdk|library|framework|evaluation|eval|testing)\b/i;

/** A title that ends by saying what the project is, when that is no server: "mcp-use Framework". */
const _NON_SERVER_TITLE = /\b(framework|sdk|library)$/i;

/**
 * Whether a package's name or its server's description says it is no MCP server to run (a client,
 * an adapter, an SDK, an evaluation or testing tool, a framework), as one phrase for reasons, or
 * `null`. The name counts by its words (`@huggingface/mcp-client`, `pi-mcp-adapter`,
 * `mcp-evals`); the title by its last word (framework, SDK or library: "mcp-use Framework"); the
 * description only by how it opens, since server descriptions often mention clients ("for MCP
 * clients such as Claude").
 *
 * @example
 * ```ts
 * nonServerSign({ description: "" }, { registryType: "npm", identifier: "pi-mcp-adapter" });
 * // "its name (pi-mcp-adapter) says it is an adapter"
 * ```
 *
 * @param server the server (its title and description)
 * @param pkg the package
 * @returns the sign, or `null`
 */
export function nonServerSign(
  server: Partial<Pick<CatalogServer, "description" | "title">>,
  pkg: Pick<ServerPackage, "registryType" | "identifier">,
): string | null {
  const name = pkg.identifier.replace(/^@[^/]+\//, "").replace(/(.)@[^@]*$/, "$1").toLowerCase();
  for (const word of name.split(/[^a-z0-9]+/)) {
    const what = _NON_SERVER_WORDS[word];
    if (what !== undefined) return `its name (${name}) says it is ${what}`;
  }
  const ending = _NON_SERVER_TITLE.exec((server.title ?? "").trim());
  if (ending !== null) {
    return `its title (${server.title!.trim()}) says it is a ${ending[1]!.toLowerCase()}`;
  }
  const opening = _NON_SERVER_OPENING.exec((server.description ?? "").trim());
  if (opening !== null) {
    const what = opening[1]!.toLowerCase();
    const noun = what === "eval" || what === "evaluation" || what === "testing"
      ? `${what} tool`
      : what;
    return `the server's description opens by calling it ${
      /^[aeiou]/.test(noun) ? "an" : "a"
    } ${noun} ("${(server.description ?? "").trim().slice(0, 60)}")`;
  }
  return null;
}

/**
 * Scopes that republish other owners' repositories: a scope counts as a republisher when its
 * packages (kept or refused) appear on servers of at least this many repository owners it does
 * not name (`@mseep`: copies of `ibraheem4/linear-mcp`, `merajmehrabi/...`,
 * `modelcontextprotocol/...`).
 */
export const REPUBLISHER_OWNERS = 3;

/** The owner of a repository URL, lowercase (`https://github.com/O/r` → `o`), or `""`. */
function _owner(repositoryUrl: string | null): string {
  return (repositoryUrl?.replace(/^https?:\/\/[^/]+\//, "").split("/")[0] ?? "").toLowerCase();
}

/** The npm scope of an identifier without `@`, lowercase, or `null` when unscoped. */
function _scope(identifier: string): string | null {
  return /^@([^/]+)\//.exec(identifier)?.[1]?.toLowerCase() ?? null;
}

/**
 * npm scopes that republish other owners' repositories (see {@link REPUBLISHER_OWNERS}): for each
 * scope, the repository owners of the servers listing its packages under a scope that does not
 * name them ({@link ownScope}).
 *
 * @param servers merged servers (their kept and refused packages)
 * @returns the republishing scopes, lowercase, without `@`
 */
export function republisherScopes(
  servers: readonly Pick<
    CatalogServer,
    "repositoryUrl" | "subfolder" | "packages" | "refusedPackages"
  >[],
): Set<string> {
  const owners = new Map<string, Set<string>>();
  for (const s of servers) {
    const owner = _owner(s.repositoryUrl);
    if (owner === "") continue;
    for (const p of [...s.packages, ...(s.refusedPackages ?? []).map((r) => r.package)]) {
      const scope = p.registryType === "npm" ? _scope(p.identifier) : null;
      if (scope === null || ownScope(p, s.repositoryUrl, s.subfolder)) continue;
      let set = owners.get(scope);
      if (set === undefined) owners.set(scope, set = new Set());
      set.add(owner);
    }
  }
  return new Set([...owners].filter(([, o]) => o.size >= REPUBLISHER_OWNERS).map(([s]) => s));
}

/**
 * Why a package is a copy republished under another scope, or `null` (see the module doc): its
 * scope names neither the repository owner nor the product, and the scope republishes other
 * owners' repositories, or its name carries the owner, or an executable keeps another scope's
 * name.
 *
 * @param server the server (repository, folder)
 * @param pkg the package
 * @param check the npm registry's answer, when found
 * @param republishers scopes from {@link republisherScopes}
 * @returns the reason, e.g. `"@mseep/linear-mcp runs @ibraheem4/linear-mcp"`, or `null`
 */
export function republishedCopy(
  server: Pick<CatalogServer, "repositoryUrl" | "subfolder">,
  pkg: Pick<ServerPackage, "registryType" | "identifier">,
  check: PackageCheck | undefined,
  republishers: ReadonlySet<string>,
): string | null {
  const scope = pkg.registryType === "npm" ? _scope(pkg.identifier) : null;
  if (scope === null || ownScope(pkg, server.repositoryUrl, server.subfolder)) return null;
  const owner = _owner(server.repositoryUrl);
  const name = pkg.identifier.slice(scope.length + 2).toLowerCase();
  if (republishers.has(scope)) {
    return `@${scope} republishes packages of at least ${REPUBLISHER_OWNERS} other owners`;
  }
  const compact = (t: string) => t.replace(/[^a-z0-9]/g, "");
  if (owner.length >= 4 && compact(name).includes(compact(owner))) {
    return `the name carries the repository owner ${owner}`;
  }
  const kept = check?.bin.find((b) => _scope(b) !== null && _scope(b) !== scope);
  if (kept !== undefined) return `its executable keeps the original's name ${kept}`;
  return null;
}

/**
 * Why `npx -y <package>` cannot pick the executable to run, or `null` when it can: npm runs the
 * only program (one `bin`, or several names for one file: the first), else the one named after
 * the package without its scope (a scoped `bin` name counts by its last part, as npm links it);
 * otherwise it stops ("could not determine executable to run"). Checks without `binFiles`
 * (older ones) are taken as runnable.
 *
 * @example
 * ```ts
 * npxCannotPick({ identifier: "bitbucket-mcp-server", bin: ["bitbucket-mcp", "bb"],
 *   binFiles: ["./build/index.js", "./build/cli/index.js"] } as PackageCheck);
 * // "npx cannot tell which of its executables to run (bitbucket-mcp, bb): ..."
 * ```
 *
 * @param check a found npm registry check
 * @returns the reason, or `null`
 */
export function npxCannotPick(check: PackageCheck): string | null {
  if (check.bin.length < 2 || check.binFiles === undefined) return null;
  if (new Set(check.binFiles).size <= 1) return null;
  const name = check.identifier.replace(/^@[^/]+\//, "").toLowerCase();
  if (check.bin.some((b) => b.split("/").pop()!.toLowerCase() === name)) return null;
  return `npx cannot tell which of its executables to run (${check.bin.join(", ")}): they run ` +
    "different files and none is named after the package";
}

/** An environment variable's name in a message: upper case with at least one underscore. */
const _ENV_TOKEN = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/**
 * Settings a launch probe found the package needs: the variables its `needs_secret` or crash
 * message names (`"Please set ASANA_ACCESS_TOKEN environment variable"`). Required unless the
 * message offers a choice ("either ... or").
 *
 * @param pkg a package (its declared variables are not repeated)
 * @param probe the package's probe summary, if any
 * @returns environment inputs to add, empty when none
 */
export function probeRequiredInputs(
  pkg: ServerPackage,
  probe: CatalogServer["probes"] extends (infer P)[] | undefined ? P | undefined : never,
): ServerInput[] {
  if (probe === undefined || probe.detail === null) return [];
  if (probe.errorClass !== "needs_secret" && probe.errorClass !== "crashed") return [];
  const declared = new Set((pkg.environmentVariables ?? []).map((e) => e.name.toUpperCase()));
  const names = [...new Set(probe.detail.match(_ENV_TOKEN) ?? [])].filter((n) =>
    !declared.has(n) && !/^(?:ERR|ERROR|HTTP|MCP|NODE|PATH|HOME)_?/.test(n)
  );
  const choice = /\beither\b/i.test(probe.detail);
  const excerpt = probe.detail.length > 160 ? `${probe.detail.slice(0, 157)}...` : probe.detail;
  return names.map((name) => ({
    name,
    description: `A launch probe on ${
      probe.probedAt.slice(0, 10)
    } stopped without it: "${excerpt}"`,
    isRequired: !choice,
  }));
}

/**
 * Sets `evidence` on every package of every server, refuses npm packages without an executable
 * and brings back refused packages that npm ties to the server (see the module doc).
 *
 * @param servers merged servers after the probe step (changed in place)
 * @param checks npm registry checks by key (`npm:<name>`)
 * @returns counts for the ingest report
 */
export function applyPackageEvidence(
  servers: CatalogServer[],
  checks: ReadonlyMap<string, PackageCheck>,
): PackageEvidenceStats {
  const stats: PackageEvidenceStats = {
    byLevel: {},
    byEvidence: {},
    refusedNoBin: 0,
    refusedNoPick: 0,
    copies: 0,
    notServers: 0,
    rescued: 0,
    checked: 0,
    settingsFromProbes: 0,
  };
  const kindOf = (reason: string) =>
    reason.startsWith("a launch probe")
      ? "probe"
      : reason.startsWith("Docker") || reason.startsWith("the server's own")
      ? "registry_or_docker"
      : reason.startsWith("npm's mcpName")
      ? "npm_mcp_name"
      : reason.startsWith("npm's repository")
      ? "npm_repository"
      : "validated_source";
  const republishers = republisherScopes(servers);
  for (const s of servers) {
    // Refused by name, but npm ties it to this repository: it belongs after all (unless a copy).
    const back = (s.refusedPackages ?? []).filter((r) => {
      if (r.package.registryType !== "npm") return false;
      const c = checks.get(packageKey(r.package));
      return c?.status === "found" && s.repositoryUrl !== null &&
        npmRepository(c.repositoryUrl) === s.repositoryUrl.toLowerCase() &&
        republishedCopy(s, r.package, c, republishers) === null;
    });
    if (back.length > 0) {
      s.refusedPackages = s.refusedPackages!.filter((r) => !back.includes(r));
      if (s.refusedPackages.length === 0) delete s.refusedPackages;
      for (const r of back) s.packages.push({ ...r.package, source: r.source });
      stats.rescued += back.length;
    }
    const kept: ServerPackage[] = [];
    for (const pkg of s.packages) {
      const check = pkg.registryType === "npm" ? checks.get(packageKey(pkg)) : undefined;
      if (check !== undefined) stats.checked++;
      const ev = packageEvidence(s, pkg, check, republishers);
      if (ev.noBin && ev.level !== "verified") {
        (s.refusedPackages ??= []).push({
          source: pkg.source ?? "unknown",
          package: pkg,
          reason: `the npm registry shows no executable (no bin) in ${pkg.identifier}: ` +
            "a library, not a server to run",
        });
        stats.refusedNoBin++;
        continue;
      }
      const noPick = check?.status === "found" ? npxCannotPick(check) : null;
      if (noPick !== null && ev.level !== "verified") {
        (s.refusedPackages ??= []).push({
          source: pkg.source ?? "unknown",
          package: pkg,
          reason: `${pkg.identifier}: ${noPick}`,
        });
        stats.refusedNoPick++;
        continue;
      }
      if (ev.level === "unverified" && ev.reasons[0]!.startsWith("a copy republished")) {
        stats.copies++;
      } else if (ev.level === "unverified" && / not a server to run, /.test(ev.reasons[0]!)) {
        stats.notServers++;
      }
      pkg.evidence = { level: ev.level, reasons: ev.reasons };
      const added = probeRequiredInputs(
        pkg,
        s.probes?.find((p) => packageKey(p) === packageKey(pkg)),
      );
      if (added.length > 0) {
        pkg.environmentVariables = [...(pkg.environmentVariables ?? []), ...added];
        stats.settingsFromProbes += added.length;
      }
      stats.byLevel[ev.level] = (stats.byLevel[ev.level] ?? 0) + 1;
      if (ev.level !== "unverified") {
        for (const k of new Set(ev.reasons.map(kindOf))) {
          stats.byEvidence[k] = (stats.byEvidence[k] ?? 0) + 1;
        }
      }
      kept.push(pkg);
    }
    s.packages = kept;
    if (s.packages.length === 0 && s.hosting !== "unknown") {
      // Hosting is what an install method backs (`merge_servers.ts`).
      const was = s.hosting;
      s.hosting = s.remotes.length > 0 ? "remote" : "unknown";
      if (s.hosting === "unknown" && s.statedHosting === undefined) s.statedHosting = was;
    } else if (s.packages.length === 0 && s.remotes.length > 0) s.hosting = "remote";
  }
  return stats;
}
