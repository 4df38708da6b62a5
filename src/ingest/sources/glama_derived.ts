/**
 * Adapter for `mcp-servers/glama-derived-yksanjo/mcp_servers_complete.json`, the server list of
 * yksanjo/mcp-discovery @ b88c76c7 (2026-02-09), mostly taken from Glama.
 *
 * Format: one JSON array of objects
 * `{ name, slug, description, npm_package, github_url, install_command, docs_url, homepage_url,
 * category, source, author, stars, downloads }`, where `github_url` is either `{ url }` (records
 * from Glama), a plain string (npm `repository` field or awesome-list link, possibly `git+ssh://`)
 * or `null`, and `source` names where the publisher found the record (`glama`, `awesome-list`,
 * `npm`, `github`, `official`).
 *
 * Ignored on purpose (SOURCES.md): `install_command` is synthesised from the repository name, and
 * `stars`/`downloads` are always 0. `category` is `"other"` for all but four records: that default
 * is dropped, real labels are kept. The awesome-list records all carry the synthesised description
 * `"MCP server from awesome list"`, and a few others `"MCP server: <name>"`; both are dropped
 * (counted as `synthetic_description`).
 *
 * The folder's `data_massive_summary.json` is only a summary of the publisher's full crawl
 * (`total_servers`, per-source counts, `last_updated`); it holds no records and is not read.
 *
 * @module
 */
import {
  cleanList,
  cleanText,
  cleanUrl,
  dropUndefined,
  isRecord,
  nonEmpty,
  normalizeRepoUrl,
  readJsonOrSkip,
} from "../clean.ts";
import { collectRecords, type SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import type { ServerPackage } from "../../model/server.ts";

/** Path of the list relative to the sources root. */
const FILE = "mcp-servers/glama-derived-yksanjo/mcp_servers_complete.json";

/** Description the publisher generated for every awesome-list record (not a real description). */
const AWESOME_DESCRIPTION = "mcp server from awesome list";

/** Category the publisher gives every record it did not classify. */
const DEFAULT_CATEGORY = "other";

/**
 * Maps one record of `mcp_servers_complete.json` to a {@link SourceServer}.
 *
 * @param raw one array element
 * @param report counter for cleaning repairs
 * @returns the server, or a skip reason
 */
function toServer(raw: unknown, report: SourceReport): SourceServer | { skip: string } {
  if (!isRecord(raw)) return { skip: "not_an_object" };
  if (cleanText(raw.name) === undefined) return { skip: "missing_name" };
  const name = cleanText(raw.name, report)!;
  const origin = cleanText(raw.source) ?? "unknown-origin";
  const npmPackage = cleanText(raw.npm_package, report);
  const slug = cleanText(raw.slug) ?? name;
  const sourceId = origin === "npm" && npmPackage !== undefined
    ? `npm/${npmPackage}`
    : `${origin}/${slug}`;

  let description = cleanText(raw.description, report);
  const lower = description?.toLowerCase();
  if (lower === AWESOME_DESCRIPTION || lower === `mcp server: ${name.toLowerCase()}`) {
    report.clean("synthetic_description");
    description = undefined;
  }

  const repoField = isRecord(raw.github_url) ? raw.github_url.url : raw.github_url;
  let repositoryUrl = cleanText(repoField, report);
  if (repositoryUrl !== undefined && normalizeRepoUrl(repositoryUrl) === undefined) {
    report.clean("invalid_repo_url");
    repositoryUrl = undefined;
  }

  let homepage = cleanUrl(raw.homepage_url, report);
  if (
    homepage !== undefined && repositoryUrl !== undefined &&
    normalizeRepoUrl(homepage) === normalizeRepoUrl(repositoryUrl)
  ) {
    homepage = undefined; // npm `homepage` is usually the repository's README anchor
  }

  const packages: ServerPackage[] = npmPackage === undefined
    ? []
    : [{ registryType: "npm", identifier: npmPackage }];
  const categories = cleanList([raw.category], report).filter((c) =>
    c.toLowerCase() !== DEFAULT_CATEGORY
  );

  return dropUndefined<SourceServer>({
    source: "glama",
    sourceId,
    name,
    description,
    repositoryUrl,
    homepage,
    packages: nonEmpty(packages),
    categories: nonEmpty(categories),
  });
}

/**
 * Reads `mcp_servers_complete.json`. Records without a real name (one `"Unknown"` entry) are
 * skipped as `missing_name`; a repeated `sourceId` (`<origin>/<slug>`, or `npm/<package>` for npm
 * records) is skipped as `duplicate` after the first.
 *
 * @param root the sources root
 * @param report the counter for this source
 * @returns one {@link SourceServer} per readable record
 * @throws {Deno.errors.NotFound} when the file is missing
 */
async function read(root: string, report: SourceReport): Promise<SourceServer[]> {
  const data = await readJsonOrSkip(`${root}/${FILE}`, report);
  if (data === undefined) return [];
  const items = Array.isArray(data) ? data : [data];
  return collectRecords(items, (raw) => toServer(raw, report), report);
}

/**
 * The Glama-derived list (yksanjo/mcp-discovery): name, description, repository URL, and the npm
 * package for records found on npm.
 */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "glama",
      name: "Glama-derived MCP server list (yksanjo/mcp-discovery)",
      kind: "mcp-servers",
      publisher: "yksanjo/mcp-discovery @ b88c76c7 (2026-02-09)",
      license: "MIT",
      path: FILE,
      role: "catalog",
      priority: { default: 10 },
      family: "glama",
    },
    read,
  },
];
