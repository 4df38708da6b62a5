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
 * A package the npm registry knows with no executable (`bin`) cannot be launched with `npx`: it is
 * moved to `refusedPackages` with that reason. A package the merge refused (its name did not match
 * the repository) comes back when npm's `repository` field names the server's repository.
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
import { verifiesPackages } from "./merge_packages.ts";

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
  server: Pick<
    CatalogServer,
    "repositoryUrl" | "subfolder" | "officialNames" | "probes" | "validated"
  >,
  pkg: ServerPackage,
  check: PackageCheck | undefined,
): { level: "verified" | "checked" | "unverified"; reasons: string[]; noBin: boolean } {
  const reasons: string[] = [];
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
    found?.mcpName &&
    server.officialNames.some((n) => n.toLowerCase() === found.mcpName!.toLowerCase())
  ) {
    reasons.push(`npm's mcpName is the server's registry name ${found.mcpName}`);
  }
  const npmRepo = npmRepository(found?.repositoryUrl ?? null);
  const repo = server.repositoryUrl?.toLowerCase() ?? null;
  if (npmRepo !== null && repo !== null && npmRepo === repo) {
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
  if (reasons.length > 0) return { level: "checked", reasons, noBin };
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
  for (const s of servers) {
    // Refused by name, but npm ties it to this repository: it belongs after all.
    const back = (s.refusedPackages ?? []).filter((r) => {
      if (r.package.registryType !== "npm") return false;
      const c = checks.get(packageKey(r.package));
      return c?.status === "found" && s.repositoryUrl !== null &&
        npmRepository(c.repositoryUrl) === s.repositoryUrl.toLowerCase();
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
      const ev = packageEvidence(s, pkg, check);
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
