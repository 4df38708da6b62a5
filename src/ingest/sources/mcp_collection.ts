/**
 * Adapters for `mcp-servers/mcp_collection/*.json`: six directory listings scraped by
 * zhuaiballl/mcp_collection @ 106f7b8b (2025-09-30), one adapter per list.
 *
 * Every file is a JSON array of objects with at least `name`, `description` and usually
 * `github_url` and `detail_url`; per list:
 *
 * | file | source id | extra fields | record id (`sourceId`) |
 * |---|---|---|---|
 * | `mcpmarket.json` | `mcpmarket` | `metadata.categories`; `description` always `""` | slug of `detail_url` |
 * | `cursor.json` | `cursor-directory` | `alt_name`, `icon_url`, `metadata.installation_instructions` | slug of `detail_url` |
 * | `awesome.json` (mcpservers.org) | `mcpservers-org` | `categories` | path of `detail_url` after `/servers/` |
 * | `glama.json` | `glama-list` | `categories`, `stats.{tools_count, weekly_downloads, github_stars}` | path of `detail_url` after `/mcp/servers/` |
 * | `modelcontextprotocol_io_community_servers.json` | `mcp-io-community` | `metadata.{icon, links}` | `github_url` |
 * | `modelcontextprotocol_io_official_integrations.json` | `mcp-io-official` | `metadata.{icon, links}` | `github_url` |
 *
 * `github_url` is not always a repository: a link to a code host (GitHub, GitLab, Gitea, ...)
 * becomes {@link SourceServer.repositoryUrl} (kept as given), an npmjs.com or pypi.org package page
 * becomes an npm or PyPI package, and any other link (vendor docs, hosted endpoint) becomes
 * {@link SourceServer.homepage}.
 *
 * Records of the modelcontextprotocol.io official-integrations list get `vendorOfficial: true`.
 * mcpservers.org's own `"official"` category label is kept verbatim in `categories`.
 * mcpmarket includes some repositories that are not MCP servers (e.g. agent frameworks with an MCP
 * integration); there is no reliable rule to tell them apart from the listing, so all are kept.
 *
 * Duplicates: a repeated `sourceId` is skipped as `duplicate` (the record with more fields wins).
 * cursor.directory also lists some servers several times under suffixed slugs (`firecrawl`,
 * `firecrawl-2`, ...): a record with the same name and repository URL as an earlier one is skipped
 * as `duplicate` too.
 *
 * @module
 */
import {
  cleanList,
  cleanNumber,
  cleanText,
  cleanUrl,
  dropUndefined,
  isRecord,
  nonEmpty,
  normalizeRepoUrl,
  readJsonOrSkip,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import type { ServerPackage } from "../../model/server.ts";
import type { SourceInfo } from "../../model/source.ts";

/** Folder of the lists relative to the sources root. */
const DIR = "mcp-servers/mcp_collection";
const PUBLISHER = "zhuaiballl/mcp_collection @ 106f7b8b (2025-09-30)";
const LICENSE = "MIT";

/** Hosts whose links are source-code repositories. */
const CODE_HOSTS = new Set([
  "github.com",
  "gitlab.com",
  "bitbucket.org",
  "codeberg.org",
  "gitee.com",
  "gitea.com",
  "git.sr.ht",
]);

/** What one listing link is, once classified. */
interface Link {
  repositoryUrl?: string;
  homepage?: string;
  pkg?: ServerPackage;
}

/**
 * Classifies a listing's `github_url` value: repository, package page or other site.
 *
 * @param value the link text
 * @param report counter for URL repairs
 * @returns the link in the field it belongs to (empty when unusable)
 */
function classifyLink(value: unknown, report: SourceReport): Link {
  const text = cleanText(value);
  if (text === undefined) return {};
  const url = cleanUrl(text, report);
  if (url === undefined) return {};
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase().replace(/^www\./, "");
  const path = parsed.pathname.split("/").filter((s) => s !== "").map(decodeSafe);
  if (CODE_HOSTS.has(host) && normalizeRepoUrl(text) !== undefined) return { repositoryUrl: text };
  if (host === "npmjs.com" && path[0] === "package" && path.length >= 2) {
    const identifier = path[1]!.startsWith("@") && path[2] !== undefined
      ? `${path[1]}/${path[2]}`
      : path[1]!;
    return { pkg: { registryType: "npm", identifier } };
  }
  if (host === "pypi.org" && path[0] === "project" && path[1] !== undefined) {
    return { pkg: { registryType: "pypi", identifier: path[1] } };
  }
  return { homepage: url };
}

/** `decodeURIComponent` that returns its input when the escapes are malformed. */
function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Options that make one list's adapter. */
interface ListSpec {
  info: SourceInfo;
  /** Record id inside the list; `undefined` means the record cannot be identified. */
  id(raw: Record<string, unknown>, name: string): string | undefined;
  /** Category labels of a record. */
  categories?(raw: Record<string, unknown>): unknown;
  /** GitHub stars of a record. */
  stars?(raw: Record<string, unknown>): unknown;
  vendorOfficial?: boolean;
  /** Skip a record repeating the name and repository of an earlier one (cursor.directory). */
  dedupeByNameAndRepo?: boolean;
}

/**
 * The part of a detail-page URL after a prefix, e.g. `"modelcontextprotocol/fetch"`.
 *
 * @param value `detail_url` of a record
 * @param prefix path prefix to cut, e.g. `"/servers/"`
 * @returns the id, or `undefined` when the URL is missing
 */
function detailId(value: unknown, prefix: string): string | undefined {
  const text = cleanText(value);
  if (text === undefined) return undefined;
  try {
    const path = decodeSafe(new URL(text).pathname);
    return (path.startsWith(prefix) ? path.slice(prefix.length) : path).replace(/^\/+|\/+$/g, "") ||
      undefined;
  } catch {
    return text;
  }
}

/** Number of properties a record has: the richer of two duplicates is kept. */
function richness(server: SourceServer): number {
  return Object.values(server).reduce<number>(
    (n, v) => n + (Array.isArray(v) ? v.length : 1),
    0,
  );
}

/**
 * Maps one list element to a {@link SourceServer}.
 *
 * @param spec the list
 * @param raw one array element
 * @param report counter for cleaning repairs
 * @returns the server, or a skip reason
 */
function toServer(
  spec: ListSpec,
  raw: unknown,
  report: SourceReport,
): SourceServer | { skip: string } {
  if (!isRecord(raw)) return { skip: "not_an_object" };
  if (cleanText(raw.name) === undefined) return { skip: "missing_name" };
  const name = cleanText(raw.name, report)!;
  const sourceId = spec.id(raw, name);
  if (sourceId === undefined) return { skip: "missing_id" };
  const link = classifyLink(raw.github_url, report);
  return dropUndefined<SourceServer>({
    source: spec.info.id,
    sourceId,
    name,
    description: cleanText(raw.description, report),
    repositoryUrl: link.repositoryUrl,
    homepage: link.homepage,
    packages: link.pkg === undefined ? undefined : [link.pkg],
    categories: spec.categories ? nonEmpty(cleanList(spec.categories(raw), report)) : undefined,
    stars: spec.stars ? cleanNumber(spec.stars(raw)) : undefined,
    vendorOfficial: spec.vendorOfficial ? true : undefined,
  });
}

/**
 * Builds the `read` function of one list.
 *
 * @param spec the list
 * @returns a reader that throws {@link Deno.errors.NotFound} when the file is missing
 */
function reader(spec: ListSpec): (root: string, report: SourceReport) => Promise<SourceServer[]> {
  return async (root, report) => {
    const data = await readJsonOrSkip(`${root}/${spec.info.path}`, report);
    if (data === undefined) return [];
    const items = Array.isArray(data) ? data : [data];
    const out: SourceServer[] = [];
    const byId = new Map<string, number>();
    const byNameRepo = new Set<string>();
    for (const raw of items) {
      report.read();
      const server = toServer(spec, raw, report);
      if ("skip" in server) {
        report.skip(server.skip);
        continue;
      }
      const at = byId.get(server.sourceId);
      if (at !== undefined) {
        report.skip("duplicate");
        if (richness(server) > richness(out[at]!)) out[at] = server;
        continue;
      }
      const repo = normalizeRepoUrl(server.repositoryUrl);
      if (spec.dedupeByNameAndRepo && repo !== undefined) {
        const key = `${server.name.toLowerCase()}\u0000${repo}`;
        if (byNameRepo.has(key)) {
          report.skip("duplicate");
          continue;
        }
        byNameRepo.add(key);
      }
      byId.set(server.sourceId, out.length);
      out.push(server);
      report.keep();
    }
    return out;
  };
}

/**
 * Builds a list's {@link SourceInfo}.
 *
 * @param id source id
 * @param name human name
 * @param file file name inside `mcp_collection/`
 * @param priority the list's merge priority for every field (lower wins)
 * @param family the source family (default: the id), for counting independent sources
 * @returns the info
 */
function info(
  id: string,
  name: string,
  file: string,
  priority: number,
  family = id,
): SourceInfo {
  return {
    id,
    name,
    kind: "mcp-servers",
    publisher: PUBLISHER,
    license: LICENSE,
    path: `${DIR}/${file}`,
    role: "catalog",
    priority: { default: priority },
    family,
  };
}

const metadataCategories = (raw: Record<string, unknown>): unknown =>
  isRecord(raw.metadata) ? raw.metadata.categories : undefined;
const byGithubUrl = (raw: Record<string, unknown>, name: string): string =>
  cleanText(raw.github_url) ?? name;

const SPECS: ListSpec[] = [
  {
    info: info("mcpmarket", "mcpmarket.com listing (mcp_collection)", "mcpmarket.json", 15),
    id: (raw) => detailId(raw.detail_url, "/server/") ?? cleanText(raw.github_url),
    categories: metadataCategories,
  },
  {
    info: info("cursor-directory", "cursor.directory listing (mcp_collection)", "cursor.json", 12),
    id: (raw) => detailId(raw.detail_url, "/mcp/") ?? cleanText(raw.github_url),
    dedupeByNameAndRepo: true,
  },
  {
    info: info("mcpservers-org", "mcpservers.org listing (mcp_collection)", "awesome.json", 13),
    id: (raw) => detailId(raw.detail_url, "/servers/") ?? cleanText(raw.github_url),
    categories: (raw) => raw.categories,
  },
  {
    info: info("glama-list", "glama.ai listing sample (mcp_collection)", "glama.json", 14, "glama"),
    id: (raw) => detailId(raw.detail_url, "/mcp/servers/") ?? cleanText(raw.github_url),
    categories: (raw) => raw.categories,
    stars: (raw) => isRecord(raw.stats) ? raw.stats.github_stars : undefined,
  },
  {
    info: info(
      "mcp-io-community",
      "modelcontextprotocol.io community servers (mcp_collection)",
      "modelcontextprotocol_io_community_servers.json",
      9,
    ),
    id: byGithubUrl,
  },
  {
    info: info(
      "mcp-io-official",
      "modelcontextprotocol.io official integrations (mcp_collection)",
      "modelcontextprotocol_io_official_integrations.json",
      8,
    ),
    id: byGithubUrl,
    vendorOfficial: true,
  },
];

/**
 * One adapter per mcp_collection list, in this order: `mcpmarket`, `cursor-directory`,
 * `mcpservers-org`, `glama-list`, `mcp-io-community`, `mcp-io-official`.
 */
export const adapters: SourceAdapter<SourceServer>[] = SPECS.map((spec) => ({
  info: spec.info,
  read: reader(spec),
}));
