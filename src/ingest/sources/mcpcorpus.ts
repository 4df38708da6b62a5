/**
 * Adapter for `mcp-servers/mcpcorpus/mcpso_servers_TRUNCATED.json`, a crawl of mcp.so published by
 * Snakinya/MCPCorpus @ 8a1e764c (2025-07-16).
 *
 * The file is **cut off mid-record** (invalid JSON). It is read with a streaming JSON parser
 * (`@streamparser/json`, path `$.*`) that emits each element of the top-level array as soon as it
 * is complete, so every record before the cut is recovered; the cut-off tail counts as one
 * `truncated` skip (a syntax error before the end counts as one `invalid_json` skip instead).
 *
 * Format of one element: `{ href, name, url, metadata, github }` where
 * - `href` is the mcp.so page (`/server/<name>/<author>`, sometimes with `?tab=comments`);
 * - `url` is the repository URL (GitHub, sometimes a `/tree/<branch>/<dir>` path or only an org);
 * - `metadata` is mcp.so's row: `title` (display name), `description`, `author_name`, `tags`
 *   (comma-separated string, or `"[]"`), `category` (id), `created_at`, `updated_at`,
 *   `is_official`, `tools` (a JSON string of `{ name, description, inputSchema }`, or a `"$2d"`
 *   reference to data the crawl did not capture), `server_config` (a JSON string of a client
 *   config), `metadata` (a JSON string `{ star, license, language, is_official,
 *   latest_commit_time }`), and `content`/`summary` (markdown or `"$2b"`-style references);
 * - `github` is the GitHub API's view (`full_name`, `stargazers_count`, `forks_count`, `license`,
 *   `last_commit`, ...) or `null`.
 *
 * Thirteen elements are crawl stubs holding only `href`: they are skipped as `missing_name`.
 * Text fields partly hold Latin-1 mojibake of Chinese text, which is repaired (`mojibake`).
 * Not mapped: `author_name`, `is_official` (mcp.so's own mark, not a vendor-official list),
 * `content`/`summary`, `sse_url` (internal cluster URLs), `server_command`, `language`,
 * `contributors_count`.
 *
 * @module
 */
import { JSONParser } from "@streamparser/json";
import {
  cleanDate,
  cleanList,
  cleanNumber,
  cleanText,
  dropUndefined,
  fixMojibake,
  isRecord,
  mapRecords,
  nonEmpty,
  stripBom,
} from "../clean.ts";
import { collectRecords, type SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import { installFromClientConfig } from "./mcp_flow.ts";
import type { ServerTool } from "../../model/server.ts";

/** Path of the crawl relative to the sources root. */
const FILE = "mcp-servers/mcpcorpus/mcpso_servers_TRUNCATED.json";

/**
 * Parses a JSON string field; `undefined` for references like `"$2d"` and broken JSON.
 *
 * @param value a field holding JSON text
 * @returns the parsed value or `undefined`
 */
function parseEmbedded(value: unknown): unknown {
  if (typeof value !== "string") return value ?? undefined;
  const text = value.trim();
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Cleans a text field, repairing mojibake first. */
function text(value: unknown, report?: SourceReport): string | undefined {
  return typeof value === "string" ? cleanText(fixMojibake(value, report), report) : undefined;
}

/**
 * Repairs mojibake in every string of a JSON value (tool input schemas).
 *
 * @param value parsed JSON
 * @param report counts one `mojibake` repair per value that changed
 * @returns the repaired copy, or `value` itself when nothing changed
 */
function fixMojibakeDeep(value: unknown, report: SourceReport): unknown {
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const fixed = fixMojibake(v);
      if (fixed !== v) changed = true;
      return fixed;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value);
  if (!changed) return value;
  report.clean("mojibake");
  return out;
}

/** Maps mcp.so's `tools` JSON to {@link ServerTool}s (tools without a name are dropped). */
function toTools(value: unknown, report: SourceReport): ServerTool[] | undefined {
  const list = parseEmbedded(value);
  if (!Array.isArray(list)) return undefined;
  const tools = mapRecords(list, (raw) => {
    const name = cleanText(raw.name);
    if (name === undefined) return undefined;
    return dropUndefined<ServerTool>({
      name,
      description: text(raw.description, report),
      inputSchema: fixMojibakeDeep(raw.inputSchema ?? raw.parameters ?? undefined, report),
    });
  });
  return nonEmpty(tools);
}

/** mcp.so tags: a comma-separated string, or a JSON array text such as `"[]"`. */
function toTags(value: unknown, report: SourceReport): string[] | undefined {
  const parsed = typeof value === "string" && value.trim().startsWith("[")
    ? parseEmbedded(value)
    : value;
  const list = typeof parsed === "string" ? fixMojibake(parsed, report) : parsed;
  return nonEmpty(cleanList(list, report));
}

/**
 * Maps one array element to a {@link SourceServer}.
 *
 * @param raw one element
 * @param report counter for cleaning repairs
 * @returns the server, or a skip reason
 */
function toServer(raw: unknown, report: SourceReport): SourceServer | { skip: string } {
  if (!isRecord(raw)) return { skip: "not_an_object" };
  const meta = isRecord(raw.metadata) ? raw.metadata : {};
  const github = isRecord(raw.github) ? raw.github : {};
  const stats = parseEmbedded(meta.metadata);
  const extra = isRecord(stats) ? stats : {};

  if (text(meta.title) === undefined && text(raw.name) === undefined) {
    return { skip: "missing_name" };
  }
  const name = text(meta.title, report) ?? text(raw.name, report)!;
  const href = cleanText(raw.href);
  const sourceId = href?.split("?")[0]?.replace(/^\/server\//, "") ?? cleanText(raw.name) ?? name;

  let repositoryUrl = cleanText(raw.url, report);
  const fullName = cleanText(github.full_name);
  if (repositoryUrl === undefined && fullName !== undefined) {
    repositoryUrl = `https://github.com/${fullName}`;
  }
  const install = installFromClientConfig(parseEmbedded(meta.server_config), report);
  if (repositoryUrl === undefined) repositoryUrl = install.repositoryUrl;

  let description = text(meta.description, report);
  if (description !== undefined && /^mirror of$/i.test(description)) {
    report.clean("truncated_description");
    description = undefined;
  }

  return dropUndefined<SourceServer>({
    source: "mcp-so",
    sourceId,
    name,
    description,
    repositoryUrl,
    packages: nonEmpty(install.packages),
    remotes: nonEmpty(install.remotes),
    categories: nonEmpty(cleanList([meta.category], report)),
    tags: toTags(meta.tags, report),
    license: cleanText(github.license, report) ?? cleanText(extra.license, report),
    stars: cleanNumber(github.stargazers_count) ?? cleanNumber(extra.star),
    forks: cleanNumber(github.forks_count),
    publishedAt: cleanDate(meta.created_at),
    updatedAt: cleanDate(github.last_commit) ?? cleanDate(meta.updated_at),
    tools: toTools(meta.tools, report),
  });
}

/**
 * Streams the truncated crawl and maps every complete element. Records without a title or name
 * are skipped as `missing_name`, a repeated page (`sourceId` = `href` without `/server/` and the
 * query) as `duplicate`, and the cut-off tail as `truncated`.
 *
 * @param root the sources root
 * @param report the counter for this source
 * @returns one {@link SourceServer} per complete, named record
 * @throws {Deno.errors.NotFound} when the file is missing
 */
async function read(root: string, report: SourceReport): Promise<SourceServer[]> {
  const content = stripBom(await Deno.readTextFile(`${root}/${FILE}`), report);
  report.file();

  const elements: unknown[] = [];
  let error: "truncated" | "invalid_json" | undefined;
  let writing = true;
  const parser = new JSONParser({ paths: ["$.*"], keepStack: false });
  parser.onValue = ({ value }) => {
    elements.push(value);
  };
  parser.onError = () => {
    error ??= writing ? "invalid_json" : "truncated";
  };
  parser.write(content);
  writing = false;
  if (!parser.isEnded) parser.end();
  // A document that is not an array at all: `$.*` emitted nothing useful.
  if (elements.length === 0 && error === undefined && !content.trimStart().startsWith("[")) {
    error = "invalid_json";
  }

  const out = collectRecords(elements, (raw) => toServer(raw, report), report);
  if (error !== undefined) {
    report.read();
    report.skip(error);
  }
  return out;
}

/** mcp.so crawl (MCPCorpus), recovered from a file cut off mid-record. */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "mcp-so",
      name: "mcp.so crawl (MCPCorpus, truncated file)",
      kind: "mcp-servers",
      publisher: "Snakinya/MCPCorpus @ 8a1e764c (2025-07-16)",
      license: "none stated",
      path: FILE,
      role: "catalog",
      priority: { default: 11 },
      family: "mcp-so",
    },
    read,
  },
];
