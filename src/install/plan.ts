/**
 * Which way a client installs a server, with the reason and the alternatives.
 *
 * Every usable method becomes a candidate; candidates are ranked, best first:
 *
 * 1. a **vendor remote** (an endpoint the server's own publisher hosts, not a hosting gateway
 *    such as Smithery or MCPHub) that the client speaks natively: nothing to install;
 * 2. a **package run by npx, uvx or dnx** (npm before PyPI before NuGet; among equals, one a
 *    launch probe started first, then the one in the server's official registry record), since
 *    those need only the runtime;
 * 3. an **MCP bundle** (`.mcpb`), for Claude Desktop only;
 * 4. a vendor remote the client lacks the transport for, through the `mcp-remote` bridge (needs
 *    Node.js only); then a package only other catalogs list for a server whose own official
 *    registry record lists only hosted endpoints (such packages are often older or libraries);
 * 5. an **OCI image** (`docker run`), which needs Docker;
 * 6. a gateway-hosted remote natively, then 7. through the bridge.
 *
 * Refused, with a note: packages that serve HTTP themselves (`transport` other than stdio),
 * unknown registry types, endpoints that are not HTTPS (plain HTTP only on localhost), packages a
 * launch probe found not installable or not an MCP server, and (at merge time,
 * `src/ingest/merge_packages.ts`) packages that do not belong to the server's repository. The
 * repository is never used to guess a method.
 *
 * @module
 */
import type { ClientInfo } from "./client_table.ts";
import {
  bridgeLaunch,
  PACKAGE_ORDER,
  packageLaunch,
  type RemoteLaunch,
  remoteLaunch,
  remoteUrlKind,
  RUNNERS,
  type StdioLaunch,
} from "./launch.ts";
import { serverKey } from "./server_key.ts";
import {
  type CatalogServer,
  packageKey,
  type ProbeSummary,
  type ServerPackage,
  type ServerRemote,
} from "../model/server.ts";
import type { InstallMethod } from "../model/install.ts";

/**
 * What to configure: a local process (`stdio`, from a package or a bridged remote), a remote
 * endpoint the client speaks natively (`remote`), or Claude Desktop bundles (`bundle`).
 */
export type Plan =
  & { method: InstallMethod; notes: string[]; evidence: PlanEvidence }
  & (
    | { kind: "stdio"; launch: StdioLaunch; bridged: RemoteLaunch | null }
    | { kind: "remote"; remote: RemoteLaunch }
    | { kind: "bundle"; bundles: ServerPackage[] }
  );

/**
 * How sure the catalog is that a plan installs this server: `verified` (a launch probe started
 * it), `checked` (evidence it belongs: see `src/ingest/package_evidence.ts`, or the vendor's own
 * endpoint), `unverified` (a catalog's say-so only). `text` is one line for people, e.g.
 * `"package checked: npm's repository field names the server's repository"`.
 */
export interface PlanEvidence {
  level: "verified" | "checked" | "unverified";
  text: string;
}

/** The evidence of a package plan, from the package's `evidence` (ingest) or its probe. */
function _packageEvidence(pkg: ServerPackage, probe: ProbeSummary | undefined): PlanEvidence {
  if (probe?.launched && probe.errorClass === null) {
    return {
      level: "verified",
      text: `verified: a launch probe on ${probe.probedAt.slice(0, 10)} started it and listed ` +
        `${probe.toolCount} tools`,
    };
  }
  const ev = pkg.evidence;
  if (ev === undefined) return { level: "checked", text: "package checked: listed by the catalog" };
  if (ev.level === "unverified") {
    return { level: "unverified", text: `unverified: ${ev.reasons[0]}` };
  }
  return { level: ev.level, text: `package checked: ${ev.reasons.join("; ")}` };
}

/**
 * 0 when a package is the author's own (unscoped, under the repository owner's scope, or tied to
 * the repository by npm's metadata), 1 for a copy under another scope (`@iflow-mcp/...`).
 */
function _copyRank(server: CatalogServer, pkg: ServerPackage): number {
  if (pkg.registryType !== "npm" || !pkg.identifier.startsWith("@")) return 0;
  if (
    pkg.evidence?.reasons.some((r) => r.startsWith("npm's") || r.startsWith("the server's own"))
  ) {
    return 0;
  }
  const scope = pkg.identifier.slice(1).split("/")[0]!.toLowerCase().replace(/[^a-z0-9]/g, "");
  const owner = (server.repositoryUrl?.replace(/^https?:\/\/[^/]+\//, "").split("/")[0] ?? "")
    .toLowerCase().replace(/[^a-z0-9]/g, "");
  return owner !== "" && (owner.includes(scope) || scope.includes(owner)) ? 0 : 1;
}

/** Reason given when a server lists neither a package nor a remote endpoint. */
export const NO_METHOD_REASON =
  "No install method known: no source lists a package or a remote endpoint for this server";

/** Hosts that run other people's servers (a gateway, not the vendor's own endpoint). */
const _GATEWAY_HOSTS: readonly RegExp[] = [
  /(^|\.)smithery\.ai$/,
  /(^|\.)mcphub\.com$/,
  /(^|\.)composio\.dev$/,
  /(^|\.)pipedream\.net$/,
  /(^|\.)glama\.ai$/,
  /(^|\.)mcp\.run$/,
];

/** Sources whose remotes are published by the server's own vendor. */
const _VENDOR_REMOTE_SOURCES: readonly string[] = ["official-server-json", "docker"];

/**
 * Probe outcomes that show a package cannot run as an MCP server at all. (`install_failed` is not
 * among them: the probes' registry may lack a version the real one has.)
 */
const _UNUSABLE_PROBES: readonly string[] = ["no_executable", "not_mcp"];

/** Human names of sources, for reasons and notes. */
const _SOURCE_NAMES: Readonly<Record<string, string>> = {
  "official-server-json": "the official MCP registry record",
  "official-registry": "the official MCP registry",
  docker: "Docker's MCP catalog",
};

function _sourceName(source: string | null | undefined): string {
  if (source === null || source === undefined) return "the catalog";
  return _SOURCE_NAMES[source] ?? source;
}

/** Lowercase words of at least 4 letters that name the project (owner, repository, namespace). */
function _projectWords(server: CatalogServer): string[] {
  const texts = [
    server.repositoryUrl?.replace(/^https?:\/\/[^/]+\//, "") ?? "",
    server.name,
    ...server.officialNames,
  ];
  const words = texts.join(" ").toLowerCase().split(/[^a-z0-9]+/);
  const generic = new Set(["github", "com", "mcp", "server", "servers", "http", "https", "www"]);
  return words.filter((w) => w.length >= 4 && !generic.has(w));
}

/** `vendor` for an endpoint the server's publisher hosts, `gateway` for a hosting gateway. */
function _remoteOwner(server: CatalogServer, remote: ServerRemote): "vendor" | "gateway" | "other" {
  let host: string;
  try {
    host = new URL(remote.url).hostname.toLowerCase();
  } catch {
    return "other";
  }
  if (_GATEWAY_HOSTS.some((re) => re.test(host))) return "gateway";
  if (_VENDOR_REMOTE_SOURCES.includes(server.provenance.remotes ?? "")) return "vendor";
  const compactHost = host.replace(/[^a-z0-9]/g, "");
  return _projectWords(server).some((w) => compactHost.includes(w)) ? "vendor" : "other";
}

/**
 * The probe of a package, if one was run (matched by `packageKey`: registry type and lowercase
 * identifier, any version).
 *
 * @param server the server whose probes to look in
 * @param pkg the package
 * @returns the probe summary, or `undefined`
 */
export function probeOfPackage(
  server: CatalogServer,
  pkg: Pick<ServerPackage, "registryType" | "identifier">,
): ProbeSummary | undefined {
  const key = packageKey(pkg);
  return server.probes?.find((p) => packageKey(p) === key);
}

/** One ranked way to install. */
interface _Candidate {
  /** Rank tuple: tier first (see the module comment), then tie-breakers. */
  rank: number[];
  build: () => Plan;
}

/** Compares rank tuples. */
function _byRank(a: _Candidate, b: _Candidate): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The package method of a plan. */
function _packageMethod(pkg: ServerPackage, reason: string): InstallMethod {
  return {
    kind: "package",
    registryType: pkg.registryType,
    identifier: pkg.identifier,
    version: pkg.version ?? null,
    transport: "stdio",
    url: null,
    reason,
    source: pkg.source ?? null,
  };
}

/** Result of {@link planInstalls}. */
export interface Plans {
  /** Every usable plan, best first (empty when none). */
  plans: Plan[];
  /** What could not be used and why, e.g. `the endpoint http://x is not HTTPS`. */
  refused: string[];
}

/**
 * Every way a client can install a server, best first (see the module comment for the order).
 *
 * @example
 * ```ts
 * const { plans } = planInstalls(server, clientInfo("cursor"));
 * plans[0]?.method.reason; // "Hosted by the vendor ..."
 * ```
 *
 * @param server the catalog server
 * @param client the client
 * @returns the plans and what was refused
 */
export function planInstalls(server: CatalogServer, client: ClientInfo): Plans {
  const refused: string[] = [];
  const candidates: _Candidate[] = [];
  const key = serverKey(server);

  // Packages.
  const hostedOnly = server.sources.some((s) => s.source === "official-server-json") &&
    server.remotes.length > 0 && server.provenance.remotes === "official-server-json" &&
    !server.packages.some((p) => p.source === "official-server-json");
  const bundles: ServerPackage[] = [];
  let lightCount = 0;
  server.packages.forEach((pkg, index) => {
    const transport = pkg.transport?.type ?? "stdio";
    if (transport !== "stdio") {
      refused.push(`the ${pkg.registryType} package ${pkg.identifier} serves ${transport} itself`);
      return;
    }
    if (pkg.registryType === "mcpb") {
      bundles.push(pkg);
      return;
    }
    const runner = RUNNERS[pkg.registryType];
    if (runner === undefined) {
      refused.push(`package type "${pkg.registryType}" (${pkg.identifier}) is not supported`);
      return;
    }
    const probe = probeOfPackage(server, pkg);
    if (
      probe !== undefined && probe.errorClass !== null &&
      _UNUSABLE_PROBES.includes(probe.errorClass)
    ) {
      refused.push(
        `${runner.command} ${pkg.identifier}: a launch probe on ${probe.probedAt.slice(0, 10)} ` +
          `found ${
            probe.errorClass === "not_mcp"
              ? "it is not an MCP server"
              : "no executable in it (a library, not a server)"
          }` +
          (probe.detail ? ` (${probe.detail})` : ""),
      );
      return;
    }
    const light = pkg.registryType !== "oci";
    if (light) lightCount++;
    const evidence = _packageEvidence(pkg, probe);
    const official = pkg.source === "official-server-json" ? 0 : 1;
    // A package only other catalogs list, for a server whose own registry record lists only
    // hosted endpoints, comes after the vendor's endpoint (even through the bridge).
    const unlisted = hostedOnly && official === 1;
    candidates.push({
      rank: [
        // A package only a catalog vouches for comes after every other way.
        evidence.level === "unverified" ? 7 : light ? (unlisted ? 3.5 : 1) : 4,
        PACKAGE_ORDER.indexOf(pkg.registryType),
        // Among equals, a package a probe started first, one that failed its probe last.
        probe === undefined ? 1 : probe.launched && probe.errorClass === null ? 0 : 2,
        // The author's own package before a copy republished under another scope.
        _copyRank(server, pkg),
        official,
        index,
      ],
      build: () => {
        const { launch, notes } = packageLaunch(pkg);
        if (pkg.inputsFrom !== undefined) {
          notes.push(
            "No catalog source declares every setting this package needs; toolatlas completed " +
              `them from its README (${pkg.inputsFrom}).`,
          );
        }
        const from = pkg.source ? `, listed by ${_sourceName(pkg.source)}` : "";
        const why = light
          ? `runs with ${runner.command}, which needs only ${runner.needs.replace(/ \(.*\)$/, "")}`
          : lightCount > 0
          ? "runs in Docker, which needs Docker installed and running"
          : "runs in Docker (no package that runs without Docker is known)";
        const after = unlisted
          ? "; ranked after the vendor's endpoint, since the server's official registry record " +
            "lists only hosted endpoints"
          : "";
        const verified = probe?.launched
          ? `; a launch probe on ${probe.probedAt.slice(0, 10)} started it and listed ` +
            `${probe.toolCount} tools`
          : "";
        return {
          kind: "stdio",
          launch,
          bridged: null,
          evidence,
          method: _packageMethod(
            pkg,
            `The ${pkg.registryType} package ${pkg.identifier}${from}: it ${why}${verified}${after}.`,
          ),
          notes,
        };
      },
    });
  });
  if (bundles.length > 0) {
    if (client.bundles) {
      candidates.push({
        rank: [2],
        build: () => ({
          kind: "bundle",
          bundles,
          evidence: _packageEvidence(bundles[0]!, undefined),
          method: _packageMethod(
            bundles[0]!,
            `An MCP bundle (.mcpb): ${client.name} installs it from the file, with no runtime to set up.`,
          ),
          notes: [],
        }),
      });
    } else {
      refused.push(
        `the MCP bundle (.mcpb) ${bundles[0]!.identifier}: only Claude Desktop installs bundles`,
      );
    }
  }

  // Remotes.
  server.remotes.forEach((remote, index) => {
    if (remoteUrlKind(remote.url) === "rejected") {
      refused.push(`the endpoint ${remote.url} is not HTTPS`);
      return;
    }
    const owner = _remoteOwner(server, remote);
    const native = client.remotes[remote.type] !== undefined;
    const transportRank = remote.type === "streamable-http" ? 0 : 1;
    const tier = owner === "vendor" ? (native ? 0 : 3) : (native ? 5 : 6);
    const evidence: PlanEvidence = owner === "vendor"
      ? { level: "checked", text: "endpoint checked: hosted by the server's own publisher" }
      : owner === "gateway"
      ? {
        level: "unverified",
        text: "unverified: hosted by a gateway, not by the server's publisher",
      }
      : {
        level: "unverified",
        text: `unverified: only ${_sourceName(server.provenance.remotes)} lists this endpoint`,
      };
    candidates.push({
      rank: [tier, transportRank, index],
      build: () => {
        const { launch, notes } = remoteLaunch(remote, key);
        const host = new URL(remote.url).host;
        const who = owner === "vendor"
          ? `Hosted by the vendor (${host}, listed by ${_sourceName(server.provenance.remotes)})`
          : owner === "gateway"
          ? `Hosted by the gateway ${host}, not by the vendor`
          : `A hosted endpoint (${host})`;
        const method: InstallMethod = {
          kind: "remote",
          registryType: null,
          identifier: null,
          version: null,
          transport: remote.type,
          url: remote.url,
          reason: "",
          source: server.provenance.remotes ?? null,
        };
        if (native) {
          method.reason = `${who}: ${client.name} connects to its ${
            remote.type === "sse" ? "SSE" : "streamable HTTP"
          } endpoint directly, with nothing to install.`;
          return { kind: "remote", remote: launch, method, notes, evidence };
        }
        const what = remote.type === "sse" ? "SSE endpoints" : "remote endpoints in this file";
        method.reason = `${who}, reached through the mcp-remote bridge: ${client.name} does not ` +
          `connect to ${what}.`;
        notes.push(
          `${client.name} does not connect to ${what}, so this runs the mcp-remote bridge ` +
            `(npx -y mcp-remote, needs Node.js), which connects to ${remote.url} and serves it ` +
            "over stdio.",
        );
        return {
          kind: "stdio",
          launch: bridgeLaunch(launch, client.bridgeHeaders),
          bridged: launch,
          method,
          notes,
          evidence,
        };
      },
    });
  });

  candidates.sort(_byRank);
  return { plans: candidates.map((c) => c.build()), refused };
}

/**
 * The best way a client installs a server ({@link planInstalls}), or why there is none.
 *
 * @example
 * ```ts
 * const plan = planInstall(server, clientInfo("cursor"));
 * if (plan.kind !== "unavailable") console.log(plan.method.reason);
 * ```
 *
 * @param server the catalog server
 * @param client the client
 * @returns the plan, or `{ kind: "unavailable", reason }`
 */
export function planInstall(
  server: CatalogServer,
  client: ClientInfo,
): Plan | { kind: "unavailable"; reason: string } {
  if (server.packages.length === 0 && server.remotes.length === 0) {
    return { kind: "unavailable", reason: NO_METHOD_REASON };
  }
  const { plans, refused } = planInstalls(server, client);
  return plans[0] ?? {
    kind: "unavailable",
    reason: `No install method for ${client.name}: ${refused.join("; ")}`,
  };
}
