/**
 * Adapter for the official MCP registry as exported by rosmur/official-mcp-registry-database:
 * `mcp-servers/official-registry/rosmur_official_mcp_registry_2026-06-12.servers.jsonl`.
 *
 * Format: one JSON object per line, exported from that repository's SQLite dump of the registry's
 * `/v0/servers` endpoint. Each line has `entry_name` (the reverse-DNS official name, e.g.
 * `"io.github.owner/server"`), `developer` and `mcp_name` (the two halves of `entry_name`),
 * `description`, `status` (`active` / `deprecated`), `version`, `server_type` (`local`, `remote`
 * or `unknown`), `published_at` / `updated_at` (ISO 8601), `is_latest` (0/1) and `repositories`
 * (`[{ url, source, subfolder, repo_id }]`, at most one in the 2026-06-12 export).
 *
 * One record is kept per official name: the one marked `is_latest`, else the most recently updated;
 * the others are counted as skipped `older_version` (or `duplicate` when they carry the same
 * version). Lines that are not JSON are skipped as `invalid_json`.
 *
 * @module
 */
import { cleanDate, cleanText, dropUndefined, fixMojibake, isRecord, stripBom } from "../clean.ts";
import type { SourceReport } from "../report.ts";
import { NewestVersions, type VersionCandidate, versionCandidate } from "./_newest.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";

/** Path of the export relative to the sources root. */
const PATH = "mcp-servers/official-registry/rosmur_official_mcp_registry_2026-06-12.servers.jsonl";

/**
 * Repairs a description that was decoded as Windows-1252 (`"â€”"` for `"—"`, as in 18 descriptions
 * of the 2026-06-12 export); see `fixMojibake`.
 */
function _mojibake1252(text: string | undefined, report: SourceReport): string | undefined {
  return text === undefined ? undefined : fixMojibake(text, report, "windows-1252");
}

/** Maps one parsed line to a record, or returns the skip reason; `report` is a scratch counter. */
function _toServer(row: unknown, report: SourceReport): VersionCandidate | string {
  if (!isRecord(row)) return "not_an_object";
  const developer = cleanText(row.developer, report);
  const mcpName = cleanText(row.mcp_name, report);
  const officialName = cleanText(row.entry_name, report) ??
    (developer !== undefined && mcpName !== undefined ? `${developer}/${mcpName}` : undefined);
  if (officialName === undefined) return "missing_name";
  const name = mcpName ?? officialName.slice(officialName.indexOf("/") + 1);
  if (name === "") return "missing_name";
  const repos = Array.isArray(row.repositories) ? row.repositories.filter(isRecord) : [];
  const repo = repos.find((r) => cleanText(r.url) !== undefined);
  const serverType = cleanText(row.server_type, report);
  const server = dropUndefined<SourceServer>({
    source: "official-registry",
    sourceId: officialName,
    name,
    officialName,
    description: _mojibake1252(cleanText(row.description, report), report),
    repositoryUrl: repo ? cleanText(repo.url, report) : undefined,
    subfolder: repo ? cleanText(repo.subfolder, report) : undefined,
    version: cleanText(row.version, report),
    status: cleanText(row.status, report),
    publishedAt: cleanDate(row.published_at),
    updatedAt: cleanDate(row.updated_at),
    hosting: serverType === "local" || serverType === "remote" ? serverType : undefined,
  });
  return versionCandidate(server, row.is_latest === true || row.is_latest === 1, report);
}

/**
 * Parses the JSONL text into one record per official name, in the order names first appear.
 * Counts one `read` per non-blank line.
 */
function _parse(text: string, report: SourceReport): SourceServer[] {
  const newest = new NewestVersions(report);
  for (const line of stripBom(text, report).split("\n")) {
    if (line.trim() === "") continue;
    report.read();
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      report.skip("invalid_json");
      continue;
    }
    newest.offer(_toServer(row, newest.scratch()));
  }
  return newest.finish();
}

/**
 * The official MCP registry (rosmur export, 2026-06-12): 11,978 lines, one per official name.
 * `read` throws `Deno.errors.NotFound` when the file is missing.
 */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "official-registry",
      name: "Official MCP Registry (rosmur export)",
      kind: "mcp-servers",
      publisher: "rosmur/official-mcp-registry-database @ baa3dcf5 (2026-06-12)",
      license: "GPL-3.0",
      path: PATH,
      role: "catalog",
      priority: { default: 1 },
      family: "official-registry",
    },
    async read(root: string, report: SourceReport): Promise<SourceServer[]> {
      const text = await Deno.readTextFile(`${root}/${PATH}`);
      report.file();
      return _parse(text, report);
    },
  },
];
