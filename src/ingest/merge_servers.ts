/**
 * Entity resolution for MCP servers: merges the records of every MCP source into one entry per
 * server, keeping every source's id and, for each field, the source its value came from.
 *
 * Keys, in order of strength (shared/data/mcp-servers/SOURCES.md):
 * 1. the normalized repository URL plus the monorepo subfolder (`github.com/o/r` + `src/github`);
 * 2. the official registry name (`io.github.o/r`);
 * 3. a package identifier (`npm:@scope/name`, `pypi:name`, `oci:image`).
 *
 * Records sharing any key are linked (union-find). A link through a name or a package is refused
 * when both sides already carry different repository keys, so a package published from two
 * repositories never glues two servers together. A monorepo whose records name two or more
 * subfolders keeps one entry per subfolder; a bare-repository record joins a subfolder entry only
 * when the repository has exactly one subfolder in all sources, or its name matches the subfolder.
 *
 * @module
 */
import { cleanCategory, cleanText, normalizeRepoUrl } from "./clean.ts";
import { mergePackages } from "./merge_packages.ts";
import { UnionFind } from "./union_find.ts";
import { sourceRank, sourcesFor } from "./sources/mod.ts";
import type { MergeStats, SourceServer } from "./types.ts";
import type { CatalogServer, Hosting } from "../model/server.ts";
import { coreKey, slugify } from "../model/text.ts";
import { brandOfDomain, hostOf, isHostingHandle, isHostingNamespace } from "./namespace.ts";

/** Sources whose tool inventory is used, best first (Docker, toolsdk, MCP-Flow). */
const TOOL_SOURCES = sourcesFor("tools");

/** Repository key and monorepo subfolder of a record. */
interface _Location {
  repo?: string;
  subfolder?: string;
}

/** Normalizes a subfolder path: lowercase, no leading `./` or slashes. */
function _normSubfolder(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const s = value.trim().replace(/^\.?\/+/, "").replace(/\/+$/, "").toLowerCase();
  return s === "" || s === "." ? undefined : s;
}

/**
 * Repository key and subfolder of a record: the subfolder is the record's own, or the path after
 * `/tree/<branch>/` in its repository URL.
 */
function _locate(record: SourceServer): _Location {
  const repo = normalizeRepoUrl(record.repositoryUrl);
  if (repo === undefined) return {};
  let subfolder = _normSubfolder(record.subfolder);
  if (subfolder === undefined && record.repositoryUrl !== undefined) {
    const m = /\/(?:tree|blob)\/[^/]+\/(.+?)\/?(?:[?#].*)?$/i.exec(record.repositoryUrl);
    if (m?.[1]) subfolder = _normSubfolder(decodeURIComponent(m[1]));
  }
  return subfolder === undefined ? { repo } : { repo, subfolder };
}

/** Package keys of a record, e.g. `npm:@scope/name`; versions and tags are ignored. */
function _packageKeys(record: SourceServer): string[] {
  const keys: string[] = [];
  for (const p of record.packages ?? []) {
    let id = p.identifier.trim().toLowerCase();
    if (p.registryType === "oci") id = id.replace(/^docker\.io\//, "").replace(/:[^/:]+$/, "");
    else id = id.replace(/(.)@[^@/]+$/, "$1").replace(/(==|>=|~=).*$/, "");
    if (id.length >= 3) keys.push(`${p.registryType}:${id}`);
  }
  return keys;
}

/** Core keys a record may name its monorepo folder by: its name, its id, its packages. */
function _recordKeys(record: SourceServer): Set<string> {
  const keys = new Set<string>();
  for (const text of [record.name, record.sourceId.split("/").pop() ?? ""]) keys.add(coreKey(text));
  for (const p of record.packages ?? []) {
    const tail = p.identifier.replace(/:[^/:]+$/, "").replace(/@[^@/]+$/, "").split("/").pop();
    if (tail) keys.add(coreKey(tail));
  }
  keys.delete("");
  return keys;
}

/** Union-find over record indices that also tracks the repository key each set holds. */
class _Clusters extends UnionFind {
  readonly repos: (string | undefined)[];
  refused = 0;

  constructor(locations: _Location[]) {
    super(locations.length);
    this.repos = locations.map((l) => l.repo === undefined ? undefined : _key(l));
  }

  /** Links two records; with `strict`, refuses when both sets carry different repository keys. */
  union(a: number, b: number, strict: boolean): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    const repoA = this.repos[ra];
    const repoB = this.repos[rb];
    if (strict && repoA !== undefined && repoB !== undefined && repoA !== repoB) {
      this.refused++;
      return;
    }
    const root = this.joinRoots(ra, rb);
    const child = root === ra ? rb : ra;
    this.repos[root] = this.repos[root] ?? this.repos[child];
  }
}

function _key(l: _Location): string {
  return l.subfolder === undefined ? l.repo! : `${l.repo}#${l.subfolder}`;
}

/**
 * Merges MCP server records from all sources into catalog entries.
 *
 * @param records every record every MCP adapter returned
 * @returns the merged servers (sorted by `name`, deterministic for the same input set) and counts:
 *   `input`, `output`, `merged`, `multiSource`, `byKey` (links made per key kind), `refusedLinks`,
 *   `monorepoEntries` (entries that are one subfolder of a repository with several servers)
 */
export function mergeServers(
  records: SourceServer[],
): { servers: CatalogServer[]; stats: MergeStats } {
  // Deterministic order: priority, then source id, then record id.
  const sorted = [...records].sort((a, b) =>
    sourceRank(a.source) - sourceRank(b.source) || a.source.localeCompare(b.source) ||
    a.sourceId.localeCompare(b.sourceId)
  );
  const locations = sorted.map(_locate);

  // Subfolders per repository, to decide where bare-repository records go.
  const subfolders = new Map<string, Set<string>>();
  for (const l of locations) {
    if (l.repo === undefined || l.subfolder === undefined) continue;
    let set = subfolders.get(l.repo);
    if (!set) subfolders.set(l.repo, set = new Set());
    set.add(l.subfolder);
  }
  for (const [i, l] of locations.entries()) {
    if (l.repo === undefined || l.subfolder !== undefined) continue;
    const set = subfolders.get(l.repo);
    if (!set) continue;
    if (set.size === 1) {
      l.subfolder = [...set][0]!;
      continue;
    }
    // A bare-repository record of a monorepo belongs to the one subfolder its name, its id or a
    // package of it names (`docker` record `github` with image `mcp/github` → `src/github`).
    const keys = _recordKeys(sorted[i]!);
    const matches = [...set].filter((sub) => keys.has(coreKey(sub.split("/").pop() ?? "")));
    if (matches.length === 1) l.subfolder = matches[0]!;
  }

  const clusters = new _Clusters(locations);
  const byKey = { repo: 0, officialName: 0, package: 0, repositoryHint: 0 };
  const firstWith = new Map<string, number>();
  const link = (key: string, i: number, kind: keyof typeof byKey, strict: boolean) => {
    const first = firstWith.get(key);
    if (first === undefined) firstWith.set(key, i);
    else if (clusters.find(first) !== clusters.find(i)) {
      clusters.union(first, i, strict);
      if (clusters.find(first) === clusters.find(i)) byKey[kind]++;
    }
  };
  for (const [i, l] of locations.entries()) if (l.repo) link(`repo:${_key(l)}`, i, "repo", false);
  for (const [i, r] of sorted.entries()) {
    if (r.officialName) link(`name:${r.officialName.toLowerCase()}`, i, "officialName", true);
  }
  for (const [i, r] of sorted.entries()) {
    for (const k of _packageKeys(r)) link(`pkg:${k}`, i, "package", true);
  }
  // A repository hint only joins an entry that another source gives that repository.
  for (const [i, r] of sorted.entries()) {
    if (locations[i]!.repo !== undefined || r.repositoryHint === undefined) continue;
    const repo = normalizeRepoUrl(r.repositoryHint);
    if (repo === undefined) continue;
    const subs = subfolders.get(repo);
    if (subs !== undefined && subs.size > 1) continue;
    const key = subs?.size === 1 ? `${repo}#${[...subs][0]}` : repo;
    const target = firstWith.get(`repo:${key}`);
    if (target !== undefined && clusters.find(target) !== clusters.find(i)) {
      clusters.union(target, i, true);
      if (clusters.find(target) === clusters.find(i)) byKey.repositoryHint++;
    }
  }

  const groups = new Map<number, number[]>();
  for (let i = 0; i < sorted.length; i++) {
    const root = clusters.find(i);
    const g = groups.get(root);
    if (g) g.push(i);
    else groups.set(root, [i]);
  }

  const servers: CatalogServer[] = [];
  let multiSource = 0;
  let monorepoEntries = 0;
  for (const members of groups.values()) {
    const server = _build(members.map((i) => sorted[i]!), members.map((i) => locations[i]!));
    if (new Set(server.sources.map((s) => s.source)).size > 1) multiSource++;
    if (server.subfolder !== undefined && (subfolders.get(_repoOf(server)!)?.size ?? 0) > 1) {
      monorepoEntries++;
    }
    servers.push(server);
  }
  _assignUniqueNames(servers);
  servers.sort((a, b) => a.name.localeCompare(b.name));
  return {
    servers,
    stats: {
      input: records.length,
      output: servers.length,
      merged: records.length - servers.length,
      multiSource,
      byKey,
      refusedLinks: clusters.refused,
      monorepoEntries,
    },
  };
}

/** True for an endpoint a hosting gateway runs (`server.smithery.ai`, `mcp.pipedream.net` ...). */
function _gatewayRemote(url: string): boolean {
  const host = hostOf(url);
  return host !== undefined && isHostingHandle(brandOfDomain(host));
}

/** Hosting from whether the server runs locally and whether it is hosted. */
function _hosting(local: boolean, remote: boolean): Hosting {
  return local && remote ? "both" : remote ? "remote" : local ? "local" : "unknown";
}

function _repoOf(s: CatalogServer): string | undefined {
  return s.repositoryUrl === null ? undefined : s.repositoryUrl.replace(/^https:\/\//, "");
}

/** Builds one catalog entry from the records of one cluster (already in priority order). */
function _build(records: SourceServer[], locations: _Location[]): CatalogServer {
  const provenance: Record<string, string> = {};
  const pick = <T>(field: string, get: (r: SourceServer) => T | undefined): T | undefined => {
    for (const r of records) {
      const v = get(r);
      if (v !== undefined && !(Array.isArray(v) && v.length === 0)) {
        provenance[field] = r.source;
        return v;
      }
    }
    return undefined;
  };
  const max = (field: string, get: (r: SourceServer) => number | undefined) => {
    let best: number | undefined;
    for (const r of records) {
      const v = get(r);
      if (v !== undefined && (best === undefined || v > best)) {
        best = v;
        provenance[field] = r.source;
      }
    }
    return best;
  };

  const loc = locations.find((l) => l.repo !== undefined);
  const officialNames = [
    ...new Set(records.map((r) => r.officialName).filter((n): n is string => n !== undefined)),
  ];
  // Official records often carry only the short part of their name ("postgres", "mcp") as a
  // display name; a name another source gives is preferred over such a derived one.
  const title = pick("title", (r) => _isDerivedName(r) ? undefined : cleanText(r.name)) ??
    pick("title", (r) => cleanText(r.name)) ?? records[0]!.name;
  // A description of a few words is a poor pick when a better source says more.
  const description = pick(
    "description",
    (r) => r.description !== undefined && r.description.length >= 20 ? r.description : undefined,
  ) ??
    pick("description", (r) => r.description) ?? "";
  const { packages, refused } = mergePackages(
    records,
    loc?.repo ? `https://${loc.repo}` : null,
    loc?.subfolder,
  );
  if (packages[0]?.source !== undefined) provenance.packages = packages[0].source;
  // A gateway's re-listing merged with its upstream (`ai.smithery/brave`) brings the gateway's
  // endpoint, which needs the gateway's own key: kept only when nothing else installs the server.
  // A gateway's endpoint (`server.smithery.ai/...`), from a re-listing or from a catalog that
  // lists the gateway's deployment, likewise.
  const relisting = (r: SourceServer) =>
    r.officialName !== undefined && isHostingNamespace(r.officialName);
  const ownRemotes = (r: SourceServer) => {
    if (relisting(r)) return undefined;
    const own = (r.remotes ?? []).filter((x) => !_gatewayRemote(x.url));
    return own.length > 0 ? own : undefined;
  };
  const remotes = pick("remotes", ownRemotes) ??
    (packages.length === 0 ? pick("remotes", (r) => r.remotes) : undefined) ?? [];
  const toolRecord = TOOL_SOURCES.map((s) => records.find((r) => r.source === s && r.tools?.length))
    .find((r) => r !== undefined);

  const transports = new Set<string>();
  for (const p of packages) if (p.transport) transports.add(p.transport.type);
  for (const r of remotes) transports.add(r.type);
  if (transports.size === 0) {
    for (const r of records) for (const t of r.transports ?? []) transports.add(_transport(t));
  }
  transports.delete("");
  // Hosting is what an install method backs: a package runs locally, a remote URL is hosted.
  // What sources claim without one (a stdio transport, a "remote" label) is kept apart as
  // `statedHosting`, shown as "not known yet" rather than filtered as a fact.
  const hosting = _hosting(packages.length > 0, remotes.length > 0);
  const stated = _hosting(
    transports.has("stdio") || records.some((r) => r.hosting === "local"),
    transports.has("sse") || transports.has("streamable-http") ||
      records.some((r) => r.hosting === "remote"),
  );

  const updatedAt = records.map((r) => r.updatedAt).filter((d): d is string => d !== undefined)
    .sort().pop();
  if (updatedAt) provenance.updatedAt = records.find((r) => r.updatedAt === updatedAt)!.source;

  const hints = [
    ...new Set(
      records.flatMap((r) => [r.repositoryHint, r.ownerHint]).map(_hintKey)
        .filter((h): h is string => h !== undefined),
    ),
  ];
  const server: CatalogServer = {
    name: "",
    title,
    description,
    officialNames,
    repositoryUrl: loc?.repo ? `https://${loc.repo}` : null,
    packages,
    remotes,
    hosting,
    transports: [...transports].sort(),
    categories: _union(
      records.map((r) => r.categories?.map(cleanCategory).filter((c) => c !== undefined)),
    ),
    tags: _union(records.map((r) => r.tags)),
    vendorOfficial: records.some((r) => r.vendorOfficial === true),
    validated: records.some((r) => r.validated === true),
    tools: toolRecord?.tools ?? [],
    sources: records.map((r) => ({ source: r.source, sourceId: r.sourceId })),
    provenance,
  };
  if (hints.length > 0 && server.repositoryUrl === null) server.hints = hints;
  if (stated !== "unknown" && stated !== hosting) server.statedHosting = stated;
  if (loc?.repo) provenance.repositoryUrl = records[locations.indexOf(loc)]!.source;
  if (refused.length > 0) server.refusedPackages = refused;
  if (toolRecord) {
    server.toolsSource = toolRecord.source;
    provenance.tools = toolRecord.source;
  }
  const optional: Record<string, unknown> = {
    subfolder: loc?.subfolder,
    homepage: pick("homepage", (r) => r.homepage),
    icons: pick("icons", (r) => r.icons),
    license: pick("license", (r) => r.license),
    stars: max("stars", (r) => r.stars),
    forks: max("forks", (r) => r.forks),
    useCount: max("useCount", (r) => r.useCount),
    monthlyDownloads: max("monthlyDownloads", (r) => r.monthlyDownloads),
    version: pick("version", (r) => r.version),
    status: pick("status", (r) => r.status),
    publishedAt: pick("publishedAt", (r) => r.publishedAt),
    updatedAt,
  };
  for (const [k, v] of Object.entries(optional)) {
    if (v !== undefined) (server as unknown as Record<string, unknown>)[k] = v;
  }
  return server;
}

/**
 * Normalized form of a repository or account hint: `host/owner[/repo]`, lowercase, or
 * `undefined` when it is not a code-host URL.
 */
function _hintKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(?:https?:\/\/)?(?:www\.)?([a-z0-9.-]+\.[a-z]+)\/([^/?#]+)(?:\/([^/?#]+))?/i.exec(
    value,
  );
  if (!m) return undefined;
  const parts = [m[1]!, m[2]!, m[3]?.replace(/\.git$/i, "")].filter((p) => p);
  return parts.join("/").toLowerCase();
}

/** True when a record's display name is just the last part of its official name. */
function _isDerivedName(r: SourceServer): boolean {
  if (r.officialName === undefined) return false;
  const tail = r.officialName.split("/").pop() ?? "";
  return r.name.toLowerCase() === tail.toLowerCase();
}

function _transport(t: string): string {
  const s = t.toLowerCase().replace(/[\s_]+/g, "-");
  if (s.includes("stdio")) return "stdio";
  if (s.includes("sse")) return "sse";
  if (s.includes("http")) return "streamable-http";
  return "";
}

function _union(lists: (string[] | undefined)[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const list of lists) {
    for (const item of list ?? []) {
      const k = item.toLowerCase();
      if (!seen.has(k)) {
        seen.add(k);
        out.push(item);
      }
    }
  }
  return out;
}

/** Gives every server its public `name`, unique across the catalog (suffix `~2`, `~3` ...). */
function _assignUniqueNames(servers: CatalogServer[]): void {
  const candidates = servers.map((s) => {
    if (s.officialNames.length > 0) {
      // The publisher's own registry name, not a gateway's re-listing of it (`ai.smithery/brave`
      // merged with `io.github.brave/brave-search-mcp-server`).
      const own = s.officialNames.filter((n) => !isHostingNamespace(n));
      const name = [...(own.length > 0 ? own : s.officialNames)].sort()[0]!;
      s.officialNames = [name, ...s.officialNames.filter((n) => n !== name)];
      return name;
    }
    if (s.repositoryUrl) {
      const base = s.repositoryUrl.replace(/^https:\/\//, "");
      return s.subfolder ? `${base}/${s.subfolder}` : base;
    }
    const p = s.packages[0];
    if (p) return `${p.registryType}/${p.identifier.toLowerCase()}`;
    const ref = s.sources[0]!;
    return `${ref.source}/${slugify(ref.sourceId) || slugify(s.title) || "server"}`;
  });
  // Stable: the entry with more sources keeps the bare name.
  const order = servers.map((_, i) => i).sort((a, b) =>
    candidates[a]!.localeCompare(candidates[b]!) ||
    servers[b]!.sources.length - servers[a]!.sources.length ||
    servers[a]!.sources[0]!.source.localeCompare(servers[b]!.sources[0]!.source) ||
    servers[a]!.sources[0]!.sourceId.localeCompare(servers[b]!.sources[0]!.sourceId)
  );
  const used = new Set<string>();
  for (const i of order) {
    let name = candidates[i]!;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${candidates[i]}~${n}`;
    used.add(name.toLowerCase());
    servers[i]!.name = name;
  }
}
