/**
 * The trust score of an MCP server, computed at ingest from the merged {@link CatalogServer} and
 * stored with it (its shape is `TrustScore` of `src/model/trust.ts`): provenance, repository and
 * licence, independent catalogs, pinned packages, HTTPS remotes, declared secrets, popularity,
 * freshness, and the tool-description safety scan (`./safety_scan.ts`).
 *
 * The score is the sum of the points of a fixed list of components, rounded and clamped to 0-100,
 * and graded A (≥ 80), B (≥ 65), C (≥ 50), D (≥ 35) or E. Every component is listed with its
 * points, the most it can add, and the evidence behind it, so a reader can check the figure.
 *
 * | id | max | rule |
 * |---|---|---|
 * | `official_registry` | 12 | listed in the official MCP registry |
 * | `namespace` | 8 | the registry namespace matches the repository owner (`io.github.<owner>/…`) or a homepage/remote domain (reverse-DNS); 4 when only the domain's label is in the repository owner; 0 on a mismatch |
 * | `vendor_official` | 10 | published by the product's vendor, from evidence (`vendor.ts`: registry namespace, repository owner, npm scope, endpoint domain, or the modelcontextprotocol.io official-integrations list) |
 * | `repository` | 20 | a source repository is known |
 * | `license` | 7 | OSI-approved licence 7, any other stated licence 4 |
 * | `catalogs` | 22 | independent catalog families listing it (each source's `family` in the source registry, `sources/mod.ts`): 1 → 10, 2 → 15, 3 → 18, 4 → 20, 5 → 21, 6+ → 22 |
 * | `pinned_packages` | 7 | every package pinned to a version 4 (some 2), a SHA-256 for a package file or image 3 |
 * | `remote_https` | 3 | every remote on HTTPS 3; a plain-HTTP non-local remote −10 |
 * | `declared_secrets` | 2 | the publisher marks credentials as secrets |
 * | `popularity` | 10 | stars (≤ 6), Smithery uses (≤ 3), monthly downloads (≤ 3) on log10 scales |
 * | `freshness` | 8 | updated ≤ 90 days ago 8, ≤ 1 year 4, ≤ 2 years 0, older −5 |
 * | `status` | 0 | deprecated or deleted −20 |
 * | `safety_scan` | 0 | hidden-instruction scan of the description and tools: −25/−10/−3 per rule id by severity, at most −60 |
 *
 * The weights ({@link TRUST_WEIGHTS}) are tuned on the real merged catalog (about 33,000
 * servers, three quarters listed by a single source) so that scores spread over the range: a
 * famous vendor server with a verified namespace, licence, many listings and stars lands at 85-100;
 * an official-registry entry with a matching repository around 50-55 (C); a repository one
 * directory lists around 30 (E, just under D); a bare listing without repository or licence
 * around 10-15. The maxima add up to 109, so a server can miss a few points and still reach 100.
 * On that catalog (with `now` = 2026-11-22) about 0.2% grade A, 1% B, 28% C, 20% D, 51% E.
 *
 * @module
 */
import { type CatalogServer, isPinned, type ServerPackage } from "../model/server.ts";
import type { TrustComponent, TrustFinding, TrustGrade, TrustScore } from "../model/trust.ts";
import {
  hostOf,
  isHostingHandle,
  isHostingNamespace,
  registryNamespace,
  repoOwner,
} from "./namespace.ts";
import { scanServer } from "./safety_scan.ts";
import { recordFamily } from "./sources/mod.ts";

/** Version of the scoring rules; bump it whenever a weight or rule changes. */
export const TRUST_VERSION = 3;

/** Points of each component (see the module table). Every figure is a number of score points. */
export const TRUST_WEIGHTS = {
  /**
   * In the official registry: publishing there requires proving control of the namespace (GitHub
   * login for `io.github.*`, DNS or HTTP proof for a domain), the strongest provenance signal the
   * sources carry.
   */
  officialRegistry: 12,
  /**
   * The namespace names the same owner as the code or endpoint we list: without it, anybody may
   * have registered someone else's repository. Half when only the domain's first label appears in
   * the repository owner (`com.acme` ↔ `github.com/acme-labs`), a weak hint.
   */
  namespace: 8,
  /** Namespace only weakly consistent: the domain's first label is in the repository owner. */
  namespaceWeak: 4,
  /**
   * The company that owns the product publishes the server (`vendorOfficial`), or it is a
   * reference server of the MCP project: who answers for the code is the first thing a user asks
   * (calibrated on `tests/eval/trust_labels.json`, issue 28).
   */
  vendorOfficial: 25,
  /** A company's server for its own service (`firstParty`): accountable, but nothing else vouches. */
  firstParty: 12,
  /**
   * No repository, but the product's vendor runs the endpoint on its own domain (a hosted
   * service whose operator answers for it): part of what a repository gives.
   */
  vendorEndpoint: 12,
  /** A package or a remote endpoint exists: the server can be installed as listed. */
  installable: 5,
  /**
   * A gateway's or catalog's re-listing of another vendor's product (`io.github.pipeworx-io/…`):
   * nobody vouches for the wrapper.
   */
  relistingPenalty: -15,
  /**
   * The code can be read and audited. The largest single weight: most of the catalog has no other
   * evidence, and an auditable repository is the difference between "unknown" and "checkable".
   */
  repository: 20,
  /** Licence terms are known; an OSI licence also means anyone may fork and fix it. */
  licenseOsi: 7,
  /** Any other stated licence ("other", proprietary, source-available): terms known, fewer rights. */
  licenseOther: 4,
  /**
   * Points by number of independent catalog families (index = min(n, 6)): each directory that
   * chose to list the server is a separate witness; returns diminish after three.
   */
  catalogs: [0, 10, 15, 18, 20, 21, 22] as readonly number[],
  /** Every package pinned to an exact version: what was reviewed is what runs (2 when some are). */
  pinnedAll: 4,
  /** Some but not all packages pinned. */
  pinnedSome: 2,
  /** A SHA-256 for a package file or an image digest: the artifact cannot be swapped. */
  sha256: 3,
  /** Remotes over HTTPS protect tokens in transit. */
  remoteHttps: 3,
  /** Plain HTTP to a public host sends tokens in clear text: a penalty. */
  remoteHttpPenalty: -10,
  /** Inputs marked secret: credential handling is documented. Small: it documents, not protects. */
  declaredSecrets: 2,
  /** Popularity cap; stars ≤ 6 (1.5·log10), uses ≤ 3 and downloads ≤ 3 (0.75·log10 each). */
  popularity: 10,
  /** Updated within 90 days: maintained, gets security fixes. */
  fresh90d: 8,
  /** Updated within a year. */
  fresh1y: 4,
  /** Not updated for over two years: probably abandoned, a penalty. */
  stalePenalty: -5,
  /** Deprecated or deleted in the registry, or archived upstream: no longer maintained. */
  deprecatedPenalty: -20,
  /**
   * Most a listing with no package, no remote and no repository can score: below the 25 that an
   * entry with a repository listed by one catalog gets at the least before penalties.
   */
  bareCap: 20,
  /**
   * Safety-scan penalty per rule id for a high-severity finding: a phrase that only makes sense
   * as an attack costs more than a whole grade (grades are 15 points apart).
   */
  findingHigh: 25,
  /** Penalty per rule id for a medium-severity finding (wording with rare legitimate uses). */
  findingMedium: 10,
  /** Penalty per rule id for a low-severity finding (workflow hints attackers also use). */
  findingLow: 3,
  /** Most the safety scan can take off, so the other evidence still ranks poisoned servers. */
  safetyCap: 60,
} as const;

/**
 * Letter grade of a score: A ≥ 80, B ≥ 65, C ≥ 50, D ≥ 35, else E.
 *
 * @param score a 0-100 score
 * @returns the grade
 */
export function gradeOf(score: number): TrustGrade {
  if (score >= 80) return "A";
  if (score >= 65) return "B";
  if (score >= 50) return "C";
  if (score >= 35) return "D";
  return "E";
}

/**
 * Facts of a whole repository that each live folder of a monorepo shares: sources often give the
 * repository's stars, licence and last push only on some of its entries (the reference
 * monorepo's 51k stars and MIT licence sat on the archived folders, not on `filesystem`).
 */
export interface RepositoryFacts {
  /** Most stars any entry of the repository states. */
  stars?: number;
  /** The licence an entry of the repository states (the most common one). */
  license?: string;
  /** The latest update time any entry of the repository states (ISO 8601). */
  updatedAt?: string;
}

/** What the score of one server may use from the rest of the catalog. */
export interface TrustContext {
  /** Facts of the server's repository, when it is a folder of a monorepo. */
  repository?: RepositoryFacts;
}

/**
 * Repository facts of every repository with folder entries, keyed by the repository URL.
 *
 * @param servers every merged server
 * @returns repository URL → shared facts (only repositories with at least one folder entry)
 */
export function repositoryFacts(servers: readonly CatalogServer[]): Map<string, RepositoryFacts> {
  const byRepo = new Map<string, CatalogServer[]>();
  for (const s of servers) {
    if (s.repositoryUrl === null) continue;
    const list = byRepo.get(s.repositoryUrl);
    if (list) list.push(s);
    else byRepo.set(s.repositoryUrl, [s]);
  }
  const out = new Map<string, RepositoryFacts>();
  for (const [repo, list] of byRepo) {
    if (!list.some((s) => s.subfolder !== undefined)) continue;
    const facts: RepositoryFacts = {};
    const stars = Math.max(...list.map((s) => s.stars ?? 0));
    if (stars > 0) facts.stars = stars;
    const licences = new Map<string, number>();
    for (const s of list) {
      if (s.license?.trim()) {
        licences.set(s.license.trim(), (licences.get(s.license.trim()) ?? 0) + 1);
      }
    }
    const license = [...licences].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
    if (license !== undefined) facts.license = license;
    const updated = list.map((s) => s.updatedAt).filter((d): d is string => d !== undefined).sort()
      .pop();
    if (updated !== undefined) facts.updatedAt = updated;
    out.set(repo, facts);
  }
  return out;
}

/**
 * Scores every server (sets `trust`), crediting each live monorepo folder with its repository's
 * facts ({@link repositoryFacts}).
 *
 * @param servers merged servers after the vendor and probe steps (changed in place)
 * @param now the reference time for freshness
 */
export function scoreAll(servers: CatalogServer[], now: Date): void {
  const repos = repositoryFacts(servers);
  for (const s of servers) {
    const repository = s.repositoryUrl === null ? undefined : repos.get(s.repositoryUrl);
    s.trust = scoreServer(s, now, repository === undefined ? {} : { repository });
  }
}

/** Penalty of one rule by severity (charged once per rule id per server). */
const SEVERITY_PENALTY = {
  high: TRUST_WEIGHTS.findingHigh,
  medium: TRUST_WEIGHTS.findingMedium,
  low: TRUST_WEIGHTS.findingLow,
} as const;
/** Most the safety scan can take off. */
const SAFETY_CAP = TRUST_WEIGHTS.safetyCap;
const _round1 = (n: number) => Math.round(n * 10) / 10;

/** Verdict on one official name: points out of {@link TRUST_WEIGHTS.namespace} and the reason. */
function _checkNamespace(name: string, s: CatalogServer): { points: number; why: string } {
  const ns = registryNamespace(name);
  const repo = repoOwner(s.repositoryUrl);
  if (ns.kind === "account") {
    const { host, owner } = ns;
    if (repo === undefined) return { points: 0, why: `${name}: no repository to compare` };
    if (repo.host !== host) {
      return { points: 0, why: `${name}: repository is on ${repo.host}, not ${host}` };
    }
    if (repo.owner === owner) {
      return {
        points: TRUST_WEIGHTS.namespace,
        why: `${name}: namespace owner ${owner} = repository owner`,
      };
    }
    return {
      points: 0,
      why: `${name}: mismatch, namespace owner ${owner} ≠ repository owner ${repo.owner}`,
    };
  }
  if (ns.kind === "other") return { points: 0, why: `${name}: namespace is not reverse-DNS` };
  const domain = ns.domain;
  const hosts = [s.homepage, ...s.remotes.map((r) => r.url)]
    .map(hostOf).filter((h): h is string => h !== undefined);
  const hit = hosts.find((h) => h === domain || h.endsWith(`.${domain}`));
  if (hit !== undefined) {
    return { points: TRUST_WEIGHTS.namespace, why: `${name}: domain ${domain} serves ${hit}` };
  }
  const label = domain.split(".")[0]!;
  if (
    repo !== undefined && label.length >= 4 && repo.owner.replace(/[-_.]/g, "").includes(
      label.replace(/[-_]/g, ""),
    )
  ) {
    return {
      points: TRUST_WEIGHTS.namespaceWeak,
      why: `${name}: repository owner ${repo.owner} contains the domain label ${label} (weak)`,
    };
  }
  if (hosts.length === 0) {
    return {
      points: 0,
      why: `${name}: no homepage or remote to check ${domain} against` +
        (repo ? `, repository owner ${repo.owner} differs` : ""),
    };
  }
  return { points: 0, why: `${name}: mismatch, ${domain} serves none of ${hosts.join(", ")}` };
}

/** SPDX ids (lowercase) of common OSI-approved licences. */
const _OSI = new Set([
  "mit",
  "mit-0",
  "apache-2.0",
  "gpl-2.0",
  "gpl-3.0",
  "lgpl-2.1",
  "lgpl-3.0",
  "agpl-3.0",
  "bsd-2-clause",
  "bsd-3-clause",
  "0bsd",
  "isc",
  "mpl-2.0",
  "epl-2.0",
  "epl-1.0",
  "unlicense",
  "zlib",
  "eupl-1.2",
  "mulanpsl-2.0",
  "bsl-1.0",
  "artistic-2.0",
  "upl-1.0",
  "ms-pl",
  "postgresql",
  "ncsa",
  "cddl-1.0",
  "osl-3.0",
  "afl-3.0",
  "mpl-1.1",
]);

/** Licence names as sources write them → SPDX id (lowercase). */
const _LICENSE_NAMES: [RegExp, string][] = [
  [/^mit(?: license)?$/, "mit"],
  [/^apache(?: license)?,? (?:version )?2(?:\.0)?(?: license)?$/, "apache-2.0"],
  [/^apache-2\.0 license$/, "apache-2.0"],
  [/^gnu (?:general public license|gpl) v?3(?:\.0)?$/, "gpl-3.0"],
  [/^gnu (?:general public license|gpl) v?2(?:\.0)?$/, "gpl-2.0"],
  [/^gnu affero general public license v?3(?:\.0)?$/, "agpl-3.0"],
  [/^gnu lesser general public license v?2\.1$/, "lgpl-2.1"],
  [/^gnu lesser general public license v?3(?:\.0)?$/, "lgpl-3.0"],
  [/^bsd 3-clause(?: "new" or "revised")?(?: license)?$/, "bsd-3-clause"],
  [/^bsd 2-clause(?: "simplified")?(?: license)?$/, "bsd-2-clause"],
  [/^bsd zero clause license$/, "0bsd"],
  [/^mozilla public license 2\.0$/, "mpl-2.0"],
  [/^eclipse public license 2\.0$/, "epl-2.0"],
  [/^isc license$/, "isc"],
  [/^the unlicense$/, "unlicense"],
  [/^boost software license 1\.0$/, "bsl-1.0"],
];

/**
 * Normalizes a stated licence: `"MIT License"` → `mit`, `"AGPL-3.0-only"` → `agpl-3.0`.
 *
 * @returns the lowercase id and whether it is OSI-approved
 */
function _license(raw: string): { id: string; osi: boolean } {
  let id = raw.trim().toLowerCase().replace(/\s+/g, " ");
  id = id.replace(/-(?:only|or-later)$/, "").replace(/\+$/, "");
  for (const [re, spdx] of _LICENSE_NAMES) {
    if (re.test(id)) {
      id = spdx;
      break;
    }
  }
  return { id, osi: _OSI.has(id) };
}

/** Loopback or private-network hosts, where plain HTTP is expected. */
function _isLocal(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "0.0.0.0" ||
    host === "[::1]" || /^127\./.test(host) || /^10\./.test(host) || /^192\.168\./.test(host) ||
    /^172\.(?:1[6-9]|2\d|3[01])\./.test(host) || host.endsWith(".local");
}

const _DAY_MS = 86_400_000;

/**
 * Computes the trust score of one merged server. Pure: the same server and `now` give the same
 * score.
 *
 * @param server a merged server
 * @param now the reference time for freshness (the ingest time); stored as `computedAt`
 * @returns the score with every component and finding
 */
export function scoreServer(
  server: CatalogServer,
  now: Date,
  context: TrustContext = {},
): TrustScore {
  const W = TRUST_WEIGHTS;
  // A live folder of a monorepo shares its repository's stars, licence and activity.
  const shared = server.subfolder !== undefined && server.archived !== true
    ? context.repository
    : undefined;
  const c: TrustComponent[] = [];
  const push = (id: string, label: string, points: number, max: number, evidence: string) =>
    c.push({ id, label, points: _round1(points), max, evidence });

  // 1. Official registry presence and namespace. Presence means the publisher went through the
  // registry's namespace authentication (GitHub login or DNS/HTTP proof for a domain); the
  // namespace check adds that the name points at the same owner as the code or endpoint we list.
  const official = server.officialNames;
  push(
    "official_registry",
    "Official MCP registry",
    official.length > 0 ? W.officialRegistry : 0,
    W.officialRegistry,
    official.length > 0 ? `listed as ${official.join(", ")}` : "not in the official MCP registry",
  );
  if (official.length === 0) {
    push("namespace", "Registry namespace matches", 0, W.namespace, "no registry name to verify");
  } else {
    const verdicts = official.map((n) => _checkNamespace(n, server));
    const best = verdicts.reduce((a, b) => (b.points > a.points ? b : a));
    push(
      "namespace",
      "Registry namespace matches",
      best.points,
      W.namespace,
      verdicts.map((v) => v.why).join("; "),
    );
  }

  // 2. Vendor-official: the vendor of the product or API publishes it (evidence from
  // `vendor.ts`: its registry namespace, repository owner, npm scope, endpoint or an official
  // list).
  const vendorEvidence = server.vendorEvidence ?? [];
  const publisherPoints = server.vendorOfficial || (server.reference === true && !server.archived)
    ? W.vendorOfficial
    : server.firstParty === true
    ? W.firstParty
    : 0;
  push(
    "vendor_official",
    "Publisher",
    publisherPoints,
    W.vendorOfficial,
    server.reference === true && !server.archived && !server.vendorOfficial
      ? "a reference server of the MCP project (github.com/modelcontextprotocol)"
      : publisherPoints > 0
      ? (server.firstParty ? "the company's server for its own service: " : "") +
        (vendorEvidence.length > 0
          ? vendorEvidence.map((e) => e.detail).join("; ")
          : "named by the modelcontextprotocol.io official integrations list")
      : server.publisherNote ?? "no evidence that the product's vendor publishes it",
  );

  // 3. Repository and licence: the code can be read and audited, and its terms are known.
  const vendorHost = vendorEvidence.find((e) => e.kind === "remote_domain");
  push(
    "repository",
    "Source repository",
    server.repositoryUrl !== null
      ? W.repository
      : vendorHost !== undefined && publisherPoints > 0
      ? W.vendorEndpoint
      : 0,
    W.repository,
    server.repositoryUrl !== null
      ? server.repositoryUrl + (server.subfolder ? ` (${server.subfolder})` : "")
      : vendorHost !== undefined && publisherPoints > 0
      ? `no repository, but the vendor runs the endpoint: ${vendorHost.detail}`
      : "no repository in any source",
  );
  // A package only a catalog vouches for (`evidence.level` unverified) is no install method yet.
  const usable = server.packages.filter((p) => p.evidence?.level !== "unverified");
  const installable = usable.length > 0 || server.remotes.length > 0;
  push(
    "installable",
    "Install method",
    installable ? W.installable : 0,
    W.installable,
    installable
      ? `${usable.length} package(s), ${server.remotes.length} remote endpoint(s)`
      : server.packages.length > 0
      ? `only unverified packages (${server.packages.length})`
      : "no package or remote endpoint known yet",
  );
  const relisting = publisherPoints === 0 &&
    ((server.officialNames.length > 0 && server.officialNames.every(isHostingNamespace)) ||
      isHostingHandle(repoOwner(server.repositoryUrl)?.owner ?? ""));
  if (relisting) {
    push(
      "relisting",
      "Gateway re-listing",
      W.relistingPenalty,
      0,
      "a gateway's or catalog's re-listing of another product's server: nobody vouches for the wrapper",
    );
  }
  const ownLicense = server.license?.trim() || undefined;
  const licenseText = ownLicense ?? shared?.license;
  if (licenseText === undefined) {
    push("license", "Licence", 0, W.licenseOsi, "no licence in any source");
  } else {
    const lic = _license(licenseText);
    const whose = ownLicense === undefined ? ", the monorepo's" : "";
    push(
      "license",
      "Licence",
      lic.osi ? W.licenseOsi : W.licenseOther,
      W.licenseOsi,
      lic.osi
        ? `${lic.id} (OSI-approved${whose})`
        : `${licenseText} (not an OSI licence id${whose})`,
    );
  }

  // 4. Independent catalogs: each family that chose to list the server is a separate witness.
  const families = [...new Set(server.sources.map(recordFamily))].sort();
  push(
    "catalogs",
    "Independent catalogs",
    W.catalogs[Math.min(families.length, W.catalogs.length - 1)]!,
    W.catalogs[W.catalogs.length - 1]!,
    `${families.length} ${families.length === 1 ? "family" : "families"}: ${families.join(", ")}`,
  );

  // 5. Pinned packages: an exact version or a hash means what is reviewed is what runs.
  if (server.packages.length === 0) {
    push("pinned_packages", "Pinned packages", 0, W.pinnedAll + W.sha256, "no package");
  } else {
    const pinned = server.packages.filter(isPinned);
    const hashed = server.packages.filter((p) =>
      p.fileSha256 !== undefined || /@sha256:[0-9a-f]{64}$/i.test(p.identifier)
    );
    const pinPts = pinned.length === server.packages.length
      ? W.pinnedAll
      : pinned.length > 0
      ? W.pinnedSome
      : 0;
    const names = (ps: ServerPackage[]) => ps.map((p) => `${p.registryType}:${p.identifier}`);
    const unpinned = server.packages.filter((p) => !pinned.includes(p));
    push(
      "pinned_packages",
      "Pinned packages",
      pinPts + (hashed.length > 0 ? W.sha256 : 0),
      W.pinnedAll + W.sha256,
      `${pinned.length}/${server.packages.length} pinned` +
        (unpinned.length > 0 ? ` (unpinned: ${names(unpinned).slice(0, 3).join(", ")})` : "") +
        (hashed.length > 0
          ? `; sha256 for ${names(hashed).slice(0, 3).join(", ")}`
          : "; no sha256"),
    );
  }

  // 6. Remote transport: HTTPS protects tokens in transit; plain HTTP to a public host leaks them.
  if (server.remotes.length === 0) {
    push("remote_https", "Remote over HTTPS", 0, W.remoteHttps, "no remote endpoint");
  } else {
    const http = server.remotes.filter((r) => /^http:/i.test(r.url.trim()));
    const publicHttp = http.filter((r) => !_isLocal(hostOf(r.url) ?? ""));
    if (publicHttp.length > 0) {
      push(
        "remote_https",
        "Remote over HTTPS",
        W.remoteHttpPenalty,
        W.remoteHttps,
        `plain HTTP to a public host: ${publicHttp.map((r) => r.url).slice(0, 3).join(", ")}`,
      );
    } else if (http.length === server.remotes.length) {
      push("remote_https", "Remote over HTTPS", 0, W.remoteHttps, "local HTTP endpoint only");
    } else {
      push(
        "remote_https",
        "Remote over HTTPS",
        W.remoteHttps,
        W.remoteHttps,
        `HTTPS: ${
          server.remotes.filter((r) => !http.includes(r)).map((r) => r.url).slice(0, 3).join(", ")
        }`,
      );
    }
  }

  // 7. Declared secrets: the publisher says which inputs are credentials, so clients can prompt
  // for them and keep them out of plain-text config. Small: it documents, it does not protect.
  const secrets = [
    ...server.packages.flatMap((p) => p.environmentVariables ?? []),
    ...server.remotes.flatMap((r) => r.headers ?? []),
  ].filter((i) => i.isSecret === true).map((i) => i.name);
  const secretNames = [...new Set(secrets)];
  push(
    "declared_secrets",
    "Declared secrets",
    secretNames.length > 0 ? W.declaredSecrets : 0,
    W.declaredSecrets,
    secretNames.length > 0
      ? `marked secret: ${secretNames.slice(0, 8).join(", ")}`
      : "no input marked secret",
  );

  // 8. Popularity: many users means many eyes; log scales so 10x more counts the same each time.
  const stars = Math.max(server.stars ?? 0, shared?.stars ?? 0);
  const uses = server.useCount ?? 0;
  const downloads = server.monthlyDownloads ?? 0;
  const pop = Math.min(6, 1.5 * Math.log10(1 + stars)) +
    Math.min(3, 0.75 * Math.log10(1 + uses)) +
    Math.min(3, 0.75 * Math.log10(1 + downloads));
  const popParts = [
    server.stars !== undefined || shared?.stars !== undefined
      ? `${stars} stars${(shared?.stars ?? 0) > (server.stars ?? 0) ? " (the monorepo's)" : ""}`
      : "",
    server.useCount !== undefined ? `${uses} Smithery uses` : "",
    server.monthlyDownloads !== undefined ? `${downloads} downloads/month` : "",
  ].filter((p) => p !== "");
  push(
    "popularity",
    "Popularity",
    Math.min(W.popularity, pop),
    W.popularity,
    popParts.length > 0 ? popParts.join(", ") : "no stars, uses or downloads in any source",
  );

  // 9. Freshness: a maintained server gets security fixes; an abandoned one does not.
  const updatedAt = [server.updatedAt, shared?.updatedAt].filter((d): d is string =>
    d !== undefined
  ).sort().pop();
  const updated = updatedAt === undefined ? NaN : Date.parse(updatedAt);
  if (Number.isNaN(updated)) {
    push("freshness", "Freshness", 0, W.fresh90d, "no update time in any source");
  } else {
    const days = Math.max(0, Math.floor((now.getTime() - updated) / _DAY_MS));
    const pts = days <= 90
      ? W.fresh90d
      : days <= 365
      ? W.fresh1y
      : days <= 730
      ? 0
      : W.stalePenalty;
    push(
      "freshness",
      "Freshness",
      pts,
      W.fresh90d,
      `updated ${updatedAt!.slice(0, 10)}${
        updatedAt !== server.updatedAt ? " (the monorepo)" : ""
      } (${days} days before ${now.toISOString().slice(0, 10)})`,
    );
  }

  // 10. Status: a deprecated entry is no longer maintained by its publisher.
  const status = server.status?.trim().toLowerCase();
  const dead = status === "deprecated" || status === "deleted";
  push(
    "status",
    "Status",
    dead || server.archived ? W.deprecatedPenalty : 0,
    0,
    dead
      ? `status ${status}`
      : server.archived
      ? "archived upstream: no longer maintained"
      : status
      ? `status ${status}`
      : "no status given",
  );

  // 11. Safety scan: hidden instructions in text the model reads are the direct attack vector.
  const findings = scanServer(server);
  const worst = new Map<string, TrustFinding["severity"]>();
  for (const f of findings) {
    const prev = worst.get(f.rule);
    if (prev === undefined || SEVERITY_PENALTY[f.severity] > SEVERITY_PENALTY[prev]) {
      worst.set(f.rule, f.severity);
    }
  }
  const penalty = Math.min(
    SAFETY_CAP,
    [...worst.values()].reduce((n, s) => n + SEVERITY_PENALTY[s], 0),
  );
  const scanned = 1 + server.tools.length;
  push(
    "safety_scan",
    "Tool-description safety",
    -penalty,
    0,
    findings.length === 0
      ? `no finding in the description and ${server.tools.length} tool(s)`
      : `${findings.length} finding(s) in ${scanned} text(s): ` +
        [...worst.entries()].map(([r, s]) => `${r} (${s})`).join(", "),
  );

  // Evidence adds up to at most 100; penalties come off after that cap, so a famous server that
  // turns malicious loses its whole penalty.
  const positive = Math.min(100, c.reduce((n, x) => n + Math.max(0, x.points), 0));
  let sum = positive + c.reduce((n, x) => n + Math.min(0, x.points), 0);
  // Nothing to install or inspect: no package, no remote, no repository. Such a listing cannot
  // score above an entry that has them, whatever catalogs and registries say about it.
  if (
    server.packages.length === 0 && server.remotes.length === 0 && server.repositoryUrl === null
  ) {
    const cap = W.bareCap;
    if (sum > cap) {
      c.push({
        id: "nothing_installable",
        label: "Nothing to install or inspect",
        points: _round1(cap - sum),
        max: 0,
        evidence: `no package, remote or repository: capped at ${cap}`,
      });
      sum = cap;
    }
  }
  const score = Math.max(0, Math.min(100, Math.round(sum)));
  return {
    version: TRUST_VERSION,
    score,
    grade: gradeOf(score),
    components: c,
    findings,
    computedAt: now.toISOString(),
  };
}
