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
import { cleanDate, cleanText, dropUndefined, isRecord, stripBom } from "../clean.ts";
import type { SourceReport } from "../report.ts";
import { NewestVersions, type VersionCandidate } from "./_newest.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";

/** Path of the export relative to the sources root. */
const PATH = "mcp-servers/official-registry/rosmur_official_mcp_registry_2026-06-12.servers.jsonl";

/** Windows-1252 characters of bytes 0x80-0x9f, by code point: byte value. */
const _CP1252 = new Map<number, number>(
  [
    0x20ac,
    0,
    0x201a,
    0x0192,
    0x201e,
    0x2026,
    0x2020,
    0x2021,
    0x02c6,
    0x2030,
    0x0160,
    0x2039,
    0x0152,
    0,
    0x017d,
    0,
    0,
    0x2018,
    0x2019,
    0x201c,
    0x201d,
    0x2022,
    0x2013,
    0x2014,
    0x02dc,
    0x2122,
    0x0161,
    0x203a,
    0x0153,
    0,
    0x017e,
    0x0178,
  ].flatMap((code, i) => code === 0 ? [] : [[code, 0x80 + i] as [number, number]]),
);

/**
 * Repairs UTF-8 text that was decoded as Windows-1252 (`"â€”"` for `"—"`, as in 18 descriptions
 * of the 2026-06-12 export). The text is changed only when every character maps back to one byte
 * and the bytes are valid UTF-8; the repair is counted as `mojibake`.
 */
function _fixMojibake(text: string | undefined, report: SourceReport): string | undefined {
  if (text === undefined || !/[\u00c2-\u00f4][\u0080-\u00bf\u0152-\u2122]/.test(text)) return text;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code <= 0xff ? code : _CP1252.get(code);
    if (byte === undefined) return text;
    bytes[i] = byte;
  }
  let fixed: string;
  try {
    fixed = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return text;
  }
  if (fixed === text) return text;
  report.clean("mojibake");
  return fixed;
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
  const publishedAt = cleanDate(row.published_at);
  const updatedAt = cleanDate(row.updated_at);
  const server = dropUndefined<SourceServer>({
    source: "official-registry",
    sourceId: officialName,
    name,
    officialName,
    description: _fixMojibake(cleanText(row.description, report), report),
    repositoryUrl: repo ? cleanText(repo.url, report) : undefined,
    subfolder: repo ? cleanText(repo.subfolder, report) : undefined,
    version: cleanText(row.version, report),
    status: cleanText(row.status, report),
    publishedAt,
    updatedAt,
    hosting: serverType === "local" || serverType === "remote" ? serverType : undefined,
  });
  const when = updatedAt ?? publishedAt;
  return {
    server,
    cleaned: report.counts.cleaned,
    latest: row.is_latest === true || row.is_latest === 1,
    time: when === undefined ? -Infinity : Date.parse(when),
  };
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
    },
    async read(root: string, report: SourceReport): Promise<SourceServer[]> {
      const text = await Deno.readTextFile(`${root}/${PATH}`);
      report.file();
      return _parse(text, report);
    },
  },
];
