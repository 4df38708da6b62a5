/**
 * Adapter for `mcp-servers/smithery/Smithery_Servers_2025-04.json`, a dump of the Smithery registry
 * published by pratikjadhav2726/Unified-MCP-Tool-Graph @ bd634fd1 (file of 2025-04-26).
 *
 * Format: `{ "servers": [ { qualifiedName, displayName, description, createdAt, useCount,
 * homepage } ] }`. `qualifiedName` is Smithery's id, usually `@owner/name` (not always a GitHub
 * path, so no repository URL is derived from it); `useCount` is Smithery's tool-call count
 * (popularity); `createdAt` is when the server was added to Smithery.
 *
 * `homepage` is always the Smithery listing page `https://smithery.ai/server/<qualifiedName>`, not
 * the project's own site, so it is not mapped to {@link SourceServer.homepage} (it can be rebuilt
 * from `sourceId`).
 *
 * @module
 */
import {
  cleanDate,
  cleanNumber,
  cleanText,
  dropUndefined,
  isRecord,
  readJsonOrSkip,
} from "../clean.ts";
import { collectRecords, type SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";

/** Path of the dump relative to the sources root. */
const FILE = "mcp-servers/smithery/Smithery_Servers_2025-04.json";

/**
 * Maps one element of `servers` to a {@link SourceServer}.
 *
 * @param raw one array element
 * @param report counter for cleaning repairs
 * @returns the server, or a skip reason
 */
function toServer(raw: unknown, report: SourceReport): SourceServer | { skip: string } {
  if (!isRecord(raw)) return { skip: "not_an_object" };
  const sourceId = cleanText(raw.qualifiedName);
  if (sourceId === undefined) return { skip: "missing_id" };
  if (cleanText(raw.displayName) === undefined) return { skip: "missing_name" };
  const name = cleanText(raw.displayName, report)!;
  return dropUndefined<SourceServer>({
    source: "smithery",
    sourceId,
    name,
    description: cleanText(raw.description, report),
    useCount: cleanNumber(raw.useCount),
    publishedAt: cleanDate(raw.createdAt),
    repositoryHint: _repositoryHint(sourceId),
  });
}

/**
 * The GitHub repository a Smithery id `@owner/repo` most likely names. Only a hint: the merge uses
 * it to join an entry whose repository another source states, never to create one.
 */
function _repositoryHint(qualifiedName: string): string | undefined {
  const m = /^@([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)$/.exec(qualifiedName);
  return m ? `https://github.com/${m[1]}/${m[2]}` : undefined;
}

/**
 * Reads the Smithery dump. A record without `qualifiedName` is skipped as `missing_id`, one without
 * a display name as `missing_name`, a repeated `qualifiedName` as `duplicate`.
 *
 * @param root the sources root
 * @param report the counter for this source
 * @returns one {@link SourceServer} per readable record (`sourceId` = `qualifiedName`)
 * @throws {Deno.errors.NotFound} when the file is missing
 */
async function read(root: string, report: SourceReport): Promise<SourceServer[]> {
  const data = await readJsonOrSkip(`${root}/${FILE}`, report);
  if (data === undefined) return [];
  const items = isRecord(data) && Array.isArray(data.servers)
    ? data.servers
    : Array.isArray(data)
    ? data
    : [data];
  return collectRecords(items, (raw) => toServer(raw, report), report);
}

/** Smithery registry dump (April 2025): display name, description and use count per server. */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "smithery",
      name: "Smithery registry (Unified-MCP-Tool-Graph dump, April 2025)",
      kind: "mcp-servers",
      publisher: "pratikjadhav2726/Unified-MCP-Tool-Graph @ bd634fd1 (file of 2025-04-26)",
      license: "MIT",
      path: FILE,
      role: "catalog",
      priority: { default: 7 },
      family: "smithery",
    },
    read,
  },
];
