/**
 * Project identity: which catalog entries are listings of one and the same MCP server project,
 * which of them is the canonical entry, and which projects are forks of another.
 *
 * The merge step (`merge_servers.ts`) already joins records that share a repository, an official
 * name or a package. What is left are listings it cannot join by those keys. This step links
 * them with the rules below (each link records its reason), then picks one canonical entry per
 * group. Nothing is dropped: variants stay entries of their own (`GET /servers/{name}` answers
 * for them), search shows the canonical entry once with `variantCount`, and `collapse=false`
 * shows every listing.
 *
 * | rule | links |
 * |---|---|
 * | `same_official_name` | entries that carry the same official registry name (a `~2` copy after a repository move) |
 * | `moved_repository` | a folder of `owner/x-archived` and the same folder of `owner/x` (reference servers moved to `servers-archived`); one repository name under two accounts of the same vendor (`neondatabase` and `neondatabase-labs`; a folder entry when it is its repository's only entry) |
 * | `mirror` | `github.com/mcp-mirror/{owner}_{repo}` and `github.com/{owner}/{repo}` |
 * | `same_repository` | a listing of a bare repository and the only server folder that repository has |
 * | `renamed_repository` | two or three repositories of one account whose names have the same core (`mcp-server-elasticsearch`, `elasticsearch-mcp-server`): a renamed or re-created repository |
 * | `namespace_owner` | an `io.github.{owner}/{x}` registry entry without a repository and `github.com/{owner}/{repo}` whose name is `x` |
 * | `catalog_relisting` | a listing without a repository (Smithery `@owner/name`, an ever-works link to `github.com/owner`, a vendor-list entry's homepage domain) and the one repository of that owner with that name (or the owner's only server, when the listing names no repository); Smithery's `@smithery-ai/{x}` deployments and the reference server `x` |
 * | `same_listing` | two listings without a repository whose owner and name are the same but for spelling (`@dev-assistant-ai/github`, `@devassistantai/github`) |
 *
 * Names are compared by their core ({@link coreKey}: `mcp-server-github` = `GitHub MCP Server` =
 * `github`); a rule links only when exactly one candidate matches.
 *
 * **Canonical entry** of a group, by a documented order: a gateway's or catalog's re-listing
 * (every registry name under a hosting namespace such as `ai.smithery`) comes last; then
 * vendor-published (`vendorOfficial` or `firstParty`) or a reference server > in the official
 * registry with a verified namespace > the upstream
 * repository (a repository that is neither a mirror nor an archive) > in the official registry
 * without a verifiable namespace > a mirror or archive > re-listings without a repository; ties go
 * to the entry outside an archive repository, then the official-registry entry with a verified
 * namespace, then the one listed by more independent catalogs,
 * then more stars, then one with an install method, then the shorter, then the alphabetically
 * first name.
 *
 * **Forks** stay separate entries and get `forkOf`: a repository whose description says "fork of
 * owner/repo", or one with another owner, the same repository name and a near-identical
 * description (word overlap ≥ 0.7 over at least 6 words); the upstream is the one with more
 * stars, then the vendor-published one, then the one more catalogs list, then the earlier
 * published.
 *
 * @module
 */
import { recordFamily } from "./sources/mod.ts";
import { brandOfDomain, hostOf, isHostingNamespace, repoOwner } from "./namespace.ts";
import { UnionFind } from "./union_find.ts";
import type { CatalogServer, ServerVariant } from "../model/server.ts";
import { coreKey } from "../model/text.ts";

/** Rules that link listings of one project (see the module doc). */
export const IDENTITY_RULES = [
  "same_official_name",
  "moved_repository",
  "mirror",
  "same_repository",
  "renamed_repository",
  "namespace_owner",
  "catalog_relisting",
  "same_listing",
] as const;
/** One identity rule. */
export type IdentityRule = typeof IDENTITY_RULES[number];

/** Accounts that publish mirrors of other people's repositories, named `{owner}_{repo}`. */
const MIRROR_ACCOUNTS = new Set(["mcp-mirror"]);

/** Smithery's account that deploys the reference servers (`@smithery-ai/github`). */
const REFERENCE_REHOSTER = "smithery-ai";

/** Counts of {@link groupProjects}, stored in the ingest report. */
export interface IdentityStats {
  /** Groups with two or more entries. */
  groups: number;
  /** Entries that are variants of a canonical entry (hidden when search collapses). */
  variants: number;
  /** Links made per rule. */
  byRule: Record<string, number>;
  /** Entries linked to an upstream by `forkOf`. */
  forks: number;
}

/** Alphanumeric key of an account name: `dev-assistant-ai` = `devassistantai`. */
function _account(owner: string): string {
  return owner.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The repository key `host/owner/repo` of an entry, or `undefined`. */
function _repoKey(s: CatalogServer): string | undefined {
  return s.repositoryUrl?.replace(/^https:\/\//, "").toLowerCase();
}

/** Core keys an entry can be named by: repository name or folder, title, registry name parts. */
function _names(s: CatalogServer): Set<string> {
  const r = repoOwner(s.repositoryUrl);
  const keys = new Set<string>();
  if (s.subfolder) keys.add(coreKey(s.subfolder.split("/").pop()!));
  else if (r?.repo) keys.add(coreKey(r.repo));
  keys.delete("");
  return keys;
}

/**
 * Rank of an entry as the canonical one of its group (higher is better): see the module doc.
 */
function _tier(s: CatalogServer): number {
  const repo = repoOwner(s.repositoryUrl);
  const archive = repo !== undefined && repo.repo.endsWith("-archived");
  const mirror = repo !== undefined && MIRROR_ACCOUNTS.has(repo.owner);
  // A gateway's or catalog's re-listing (`ai.smithery/…`, `io.github.pipeworx-io/…`) is never
  // canonical when the group has an upstream.
  if (s.officialNames.length > 0 && s.officialNames.every(isHostingNamespace)) return 0;
  if (s.vendorOfficial || s.firstParty || s.reference) return 5;
  const ns = s.trust?.components.find((c) => c.id === "namespace");
  if (s.officialNames.length > 0 && ns !== undefined && ns.max > 0 && ns.points >= ns.max) return 4;
  if (repo !== undefined && !archive && !mirror) return 3;
  if (s.officialNames.length > 0) return 2;
  if (repo !== undefined) return 1;
  return 0;
}

/** Compares two entries as canonical candidates: negative when `a` should be canonical. */
function _better(a: CatalogServer, b: CatalogServer): number {
  const families = (s: CatalogServer) => new Set(s.sources.map(recordFamily)).size;
  const installable = (s: CatalogServer) => s.packages.length + s.remotes.length > 0 ? 1 : 0;
  const archive = (s: CatalogServer) =>
    repoOwner(s.repositoryUrl)?.repo.endsWith("-archived") ? 1 : 0;
  // Within a tier, the publisher's own official-registry entry (namespace verified against its
  // repository or endpoint) beats an older repository listing of the same project.
  const verified = (s: CatalogServer) => {
    const ns = s.trust?.components.find((c) => c.id === "namespace");
    return s.officialNames.length > 0 && ns !== undefined && ns.max > 0 && ns.points >= ns.max
      ? 1
      : 0;
  };
  return _tier(b) - _tier(a) || archive(a) - archive(b) || verified(b) - verified(a) ||
    families(b) - families(a) ||
    (b.stars ?? 0) - (a.stars ?? 0) ||
    installable(b) - installable(a) || a.name.length - b.name.length ||
    a.name.localeCompare(b.name);
}

/** Lowercase words of a description for the fork test. */
function _wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3));
}

/** Word overlap (Jaccard) of two word sets. */
function _overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared || 1);
}

/**
 * Groups listings of the same project, picks each group's canonical entry and links forks.
 * Sets `canonicalName` and `variantReason` on variants, `variants` on canonical entries and
 * `forkOf` on forks; clears them everywhere else (so a rebuild is idempotent).
 *
 * @param servers merged servers with their vendor flags and trust scores (changed in place)
 * @returns counts for the ingest report
 */
export function groupProjects(servers: CatalogServer[]): IdentityStats {
  for (const s of servers) {
    delete s.canonicalName;
    delete s.variantReason;
    delete s.variants;
    delete s.forkOf;
  }
  const uf = new UnionFind(servers.length);
  const reasons = new Map<number, string>();
  const byRule: Record<string, number> = {};
  const link = (a: number, b: number, rule: IdentityRule, why: string) => {
    const ra = uf.find(a);
    const rb = uf.find(b);
    if (ra === rb) return;
    uf.joinRoots(ra, rb);
    byRule[rule] = (byRule[rule] ?? 0) + 1;
    if (!reasons.has(a)) reasons.set(a, why);
    if (!reasons.has(b)) reasons.set(b, why);
  };

  // Indexes: official name → entries; repository key → entries; owner → entries with a repo.
  const byOfficial = new Map<string, number[]>();
  const byRepo = new Map<string, number[]>();
  const byOwner = new Map<string, number[]>();
  servers.forEach((s, i) => {
    for (const n of s.officialNames) _push(byOfficial, n.toLowerCase(), i);
    const key = _repoKey(s);
    if (key !== undefined) _push(byRepo, key, i);
    const r = repoOwner(s.repositoryUrl);
    if (r !== undefined) _push(byOwner, `${r.host}/${_account(r.owner)}`, i);
  });
  /**
   * The entry of an owner's repositories whose name core is `core`, when all matches belong to
   * one group (already linked, e.g. a reference server and its archive), else `undefined`.
   */
  const ownerEntry = (host: string, owner: string, core: string): number | undefined => {
    if (core === "") return undefined;
    const hits = (byOwner.get(`${host}/${_account(owner)}`) ?? [])
      .filter((i) => _names(servers[i]!).has(core));
    return hits.length > 0 && new Set(hits.map((i) => uf.find(i))).size === 1 ? hits[0] : undefined;
  };

  /** The one group of an account's entries, when the account has exactly one. */
  const soleEntry = (host: string, owner: string): number | undefined => {
    const hits = byOwner.get(`${host}/${_account(owner)}`) ?? [];
    return hits.length > 0 && new Set(hits.map((i) => uf.find(i))).size === 1 ? hits[0] : undefined;
  };

  // same_official_name
  for (const [name, members] of byOfficial) {
    for (const m of members.slice(1)) {
      link(members[0]!, m, "same_official_name", `same official registry name ${name}`);
    }
  }
  // moved_repository, mirror, same_repository
  servers.forEach((s, i) => {
    const r = repoOwner(s.repositoryUrl);
    if (r === undefined) return;
    if (r.repo.endsWith("-archived") && s.subfolder !== undefined) {
      const target = `${r.host}/${r.owner}/${r.repo.slice(0, -"-archived".length)}`;
      const hit = (byRepo.get(target) ?? []).find((j) => servers[j]!.subfolder === s.subfolder);
      if (hit !== undefined) {
        link(hit, i, "moved_repository", `moved from ${target} to ${r.owner}/${r.repo}`);
      }
    }
    if (MIRROR_ACCOUNTS.has(r.owner) && r.repo.includes("_")) {
      const cut = r.repo.indexOf("_");
      const target = `${r.host}/${r.repo.slice(0, cut)}/${r.repo.slice(cut + 1)}`;
      const hits = byRepo.get(target) ?? [];
      if (hits.length === 1) {
        link(hits[0]!, i, "mirror", `mirror of ${target} by ${r.owner}`);
      }
    }
  });
  // moved_repository across accounts: one vendor's repository of one name under two of its
  // accounts (`neondatabase/mcp-server-neon`, `neondatabase-labs/mcp-server-neon`). A folder
  // entry takes part when it is the only entry of its repository (the repository's one server,
  // e.g. `ppl-ai/modelcontextprotocol/perplexity-ask` and the renamed
  // `perplexityai/modelcontextprotocol`).
  const byRepoName = new Map<string, number[]>();
  servers.forEach((s, i) => {
    const r = repoOwner(s.repositoryUrl);
    if (r === undefined || !(s.vendorOfficial || s.firstParty)) return;
    if (s.subfolder !== undefined && byRepo.get(_repoKey(s)!)?.length !== 1) return;
    _push(byRepoName, `${r.host}/${r.repo}`, i);
  });
  for (const members of byRepoName.values()) {
    if (members.length < 2 || members.length > 3) continue;
    const products = (i: number) =>
      new Set((servers[i]!.vendorEvidence ?? []).flatMap((e) => e.product.split(" ")));
    // Every pair that shares a product (a third account's repository of that name may be
    // another vendor's).
    for (const [x, a] of members.entries()) {
      const ofA = products(a);
      for (const b of members.slice(x + 1)) {
        const shared = [...products(b)].find((p) => p !== "" && ofA.has(p));
        if (shared === undefined) continue;
        link(
          a,
          b,
          "moved_repository",
          `the vendor of "${shared}" publishes ${
            repoOwner(servers[b]!.repositoryUrl)!.repo
          } under ${[a, b].map((i) => repoOwner(servers[i]!.repositoryUrl)!.owner).join(" and ")}`,
        );
      }
    }
  }
  // renamed_repository: one account's repositories whose names have the same core
  // (`elastic/mcp-server-elasticsearch`, `elastic/elasticsearch-mcp-server`), at most three.
  const byCore = new Map<string, number[]>();
  for (const members of byRepo.values()) {
    const s = servers[members[0]!]!;
    const r = repoOwner(s.repositoryUrl)!;
    const core = coreKey(r.repo);
    if (core.length < 3) continue;
    for (const i of members) {
      if (servers[i]!.subfolder === undefined) _push(byCore, `${r.host}/${r.owner}/${core}`, i);
    }
  }
  for (const [key, members] of byCore) {
    const repos = new Set(members.map((i) => _repoKey(servers[i]!)));
    if (repos.size < 2 || repos.size > 3) continue;
    for (const m of members.slice(1)) {
      link(
        members[0]!,
        m,
        "renamed_repository",
        `repositories of ${key.split("/").slice(0, 2).join("/")} named alike: ${
          [...repos].map((x) => x!.split("/").pop()).join(", ")
        }`,
      );
    }
  }
  for (const [key, members] of byRepo) {
    const bare = members.filter((i) => servers[i]!.subfolder === undefined);
    const folders = members.filter((i) => servers[i]!.subfolder !== undefined);
    if (bare.length === 1 && folders.length === 1) {
      link(
        folders[0]!,
        bare[0]!,
        "same_repository",
        `listing of ${key} without its folder ${servers[folders[0]!]!.subfolder}`,
      );
    }
  }
  // Smithery's own deployments of reference servers that carry its monorepo as repository.
  servers.forEach((s, i) => {
    const r = repoOwner(s.repositoryUrl);
    if (r?.owner !== REFERENCE_REHOSTER || s.reference) return;
    const core = coreKey(s.subfolder?.split("/").pop() ?? s.title);
    const hit = ownerEntry("github.com", "modelcontextprotocol", core);
    if (hit !== undefined && servers[hit]!.reference) {
      link(
        hit,
        i,
        "catalog_relisting",
        `Smithery deployment of the reference server ${servers[hit]!.subfolder?.split("/").pop()}`,
      );
    }
  });
  // namespace_owner, catalog_relisting, same_listing: entries without a repository.
  const listings = new Map<string, number[]>();
  servers.forEach((s, i) => {
    if (s.repositoryUrl !== null) return;
    for (const n of s.officialNames) {
      const m = /^io\.github\.([^/]+)\/(.+)$/i.exec(n);
      if (!m) continue;
      const hit = ownerEntry("github.com", m[1]!, coreKey(m[2]!));
      if (hit !== undefined) {
        link(
          hit,
          i,
          "namespace_owner",
          `registry namespace io.github.${m[1]!.toLowerCase()} publishes ${
            _repoKey(servers[hit]!)
          }`,
        );
        break;
      }
    }
    // A vendor-list listing with only a homepage (`developer.hubspot.com/mcp`) names the vendor
    // by its domain: the account of that name, when it publishes one server.
    const homepageHint = (s.vendorOfficial || s.firstParty) && s.homepage !== undefined
      ? `github.com/${brandOfDomain(hostOf(s.homepage) ?? "")}`
      : undefined;
    for (const hint of [...(s.hints ?? []), ...(homepageHint ? [homepageHint] : [])]) {
      const [host, owner, repo] = hint.split("/");
      if (host === undefined || owner === undefined || owner === "") continue;
      const core = coreKey(repo ?? s.title);
      if (repo !== undefined) _push(listings, `${host}/${_account(owner)}/${core}`, i);
      let hit = ownerEntry(host, owner, core);
      if (hit === undefined && repo === undefined) hit = soleEntry(host, owner);
      let why = `catalog listing of ${hint} matches ${hit === undefined ? "" : servers[hit]!.name}`;
      if (hit === undefined && owner === REFERENCE_REHOSTER) {
        hit = ownerEntry("github.com", "modelcontextprotocol", core);
        if (hit !== undefined) {
          why = `Smithery deployment @${owner}/${repo} of the reference server ${
            servers[hit]!.subfolder?.split("/").pop()
          }`;
        }
      }
      if (hit !== undefined) {
        link(hit, i, "catalog_relisting", why);
        break;
      }
    }
  });
  for (const [key, members] of listings) {
    for (const m of members.slice(1)) {
      link(members[0]!, m, "same_listing", `same listing ${key} under another spelling`);
    }
  }

  // Canonical entries.
  const groups = new Map<number, number[]>();
  servers.forEach((_, i) => _push(groups, uf.find(i), i));
  let groupCount = 0;
  let variantCount = 0;
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    groupCount++;
    members.sort((a, b) => _better(servers[a]!, servers[b]!));
    const canonical = servers[members[0]!]!;
    const variants: ServerVariant[] = [];
    for (const i of members.slice(1)) {
      const v = servers[i]!;
      const reason = reasons.get(i) ?? "listing of the same project";
      v.canonicalName = canonical.name;
      v.variantReason = reason;
      variants.push({
        name: v.name,
        sources: [...new Set(v.sources.map((x) => x.source))],
        reason,
      });
      variantCount++;
    }
    canonical.variants = variants;
  }

  const forks = _linkForks(servers);
  return { groups: groupCount, variants: variantCount, byRule, forks };
}

/** Links forks to their upstream (see the module doc); returns how many were linked. */
function _linkForks(servers: CatalogServer[]): number {
  const byRepo = new Map<string, number>();
  const byName = new Map<string, number[]>();
  servers.forEach((s, i) => {
    if (s.canonicalName !== undefined) return;
    const r = repoOwner(s.repositoryUrl);
    if (r === undefined || s.subfolder !== undefined) return;
    byRepo.set(`${r.owner}/${r.repo}`, i);
    const core = coreKey(r.repo);
    if (core.length >= 5) _push(byName, `${r.host}/${core}`, i);
  });
  let forks = 0;
  const setFork = (fork: CatalogServer, upstream: CatalogServer) => {
    if (fork.forkOf !== undefined || fork === upstream) return;
    fork.forkOf = upstream.name;
    forks++;
  };
  // Stated: "fork of owner/repo" or "forked from owner/repo".
  for (const s of servers) {
    if (s.canonicalName !== undefined) continue;
    const m = /\bfork(?:ed)? (?:of|from) (?:https?:\/\/github\.com\/)?([\w.-]+\/[\w.-]+)/i.exec(
      s.description,
    );
    const up = m
      ? byRepo.get(m[1]!.toLowerCase().replace(/\.git$/, "").replace(/\.$/, ""))
      : undefined;
    if (up !== undefined) setFork(s, servers[up]!);
  }
  // Same repository name, another owner, near-identical description.
  for (const members of byName.values()) {
    if (members.length < 2 || members.length > 20) continue;
    const words = members.map((i) => _wordSet(servers[i]!.description));
    for (let a = 0; a < members.length; a++) {
      for (let b = a + 1; b < members.length; b++) {
        if (words[a]!.size < 6 || words[b]!.size < 6) continue;
        if (_overlap(words[a]!, words[b]!) < 0.7) continue;
        const [x, y] = [servers[members[a]!]!, servers[members[b]!]!];
        if (repoOwner(x.repositoryUrl)!.owner === repoOwner(y.repositoryUrl)!.owner) continue;
        const families = (s: CatalogServer) => new Set(s.sources.map(recordFamily)).size;
        const upstreamFirst = (y.stars ?? 0) - (x.stars ?? 0) ||
          Number(y.vendorOfficial || y.firstParty) - Number(x.vendorOfficial || x.firstParty) ||
          families(y) - families(x) ||
          (x.publishedAt ?? "9999").localeCompare(y.publishedAt ?? "9999");
        if (upstreamFirst <= 0) setFork(y, x);
        else setFork(x, y);
      }
    }
  }
  return forks;
}

function _push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
