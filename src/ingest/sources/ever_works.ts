/**
 * Adapter for the Ever Works MCP server directory (ever-works/awesome-mcp-servers-data):
 * `mcp-servers/ever-works/data/<slug>/<slug>.yml` plus `categories.yml`, `tags.yml` and
 * `collections.yml` at the top of the folder.
 *
 * An item file has `name`, `description` (short), `markdown` (long markdown body), `source_url`
 * (GitHub repository, or a page on another directory or vendor site), `category` (a category
 * display name, a category id, or a label found in neither list), `tags` (mostly tag ids),
 * `featured`, `brand`, `brand_logo_url`, `images` and `updated_at` (`"YYYY-MM-DD HH:MM"`, no time
 * zone: read as UTC). `categories.yml` and `tags.yml` are lists of `{ id, name }`; ids are
 * resolved to names, unknown labels kept verbatim. `collections.yml` is empty in this snapshot and
 * is not needed.
 *
 * `source_url` becomes `repositoryUrl` when it points at a code host (GitHub, GitLab, Bitbucket,
 * Codeberg, Gitee), else `homepage`. The long `markdown` is used as the description only when the
 * short one is missing. A file that is not valid YAML is skipped as `invalid_yaml`.
 *
 * @module
 */
import { parse as parseYaml } from "yaml";
import {
  classifySourceUrl,
  cleanDate,
  cleanLongText,
  cleanText,
  dropUndefined,
  isRecord,
  nonEmpty,
  stripBom,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import { REFERENCE_SERVERS } from "../reference_servers.ts";

/** Folder of the directory relative to the sources root. */
const PATH = "mcp-servers/ever-works";
/** Files read in parallel. */
const BATCH = 128;

/** Parses YAML, throwing on errors and staying silent on warnings. */
function _yaml(text: string, report?: SourceReport): unknown {
  return parseYaml(stripBom(text, report), { logLevel: "error" });
}

/** `id → name` of a `[{ id, name }]` list file. */
async function _names(path: string, report: SourceReport): Promise<Map<string, string>> {
  const data = _yaml(await Deno.readTextFile(path), report);
  report.file();
  const out = new Map<string, string>();
  for (const item of Array.isArray(data) ? data : []) {
    if (!isRecord(item)) continue;
    const id = cleanText(item.id);
    const name = cleanText(item.name);
    if (id !== undefined && name !== undefined) out.set(id, name);
  }
  return out;
}

/** Labels with ids resolved to display names, duplicates (case-insensitive) dropped. */
function _resolve(value: unknown, names: Map<string, string>, report: SourceReport): string[] {
  const items = Array.isArray(value) ? value : [value];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const label = cleanText(item, report);
    if (label === undefined) continue;
    const name = names.get(label) ?? label;
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

/** `"YYYY-MM-DD HH:MM[:SS]"` (read as UTC) or any {@link cleanDate} input, as ISO 8601. */
function _date(value: unknown): string | undefined {
  if (typeof value === "string") {
    const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(value.trim());
    if (m) return cleanDate(`${m[1]}T${m[2]}Z`);
  }
  return cleanDate(value);
}

/**
 * ever-works links 368 items to `.../modelcontextprotocol/servers/tree/main/src/<slug>` folders
 * that never existed; a link to a folder that is not one of the `REFERENCE_SERVERS` is dropped
 * (counted as `invented_monorepo_path`) rather than turned into a fake subfolder entry.
 */
const REFERENCE_PATH =
  /github\.com\/modelcontextprotocol\/servers\/(?:tree|blob)\/[^/]+\/(?:src|servers|servers-archived)\/([^/?#]+)/i;

/** ever-works spellings of reference folders that differ from the real folder name. */
const REFERENCE_ALIASES: Record<string, string> = {
  "google-drive": "gdrive",
  "sequential-thinking": "sequentialthinking",
};

/**
 * Sorts a source URL into a repository URL or a homepage. A code-host URL that is not a
 * repository (a GitHub search or an organization page) is neither: it is dropped and counted as a
 * `not_a_repository` repair.
 */
function _classifyUrl(
  url: string | undefined,
  report: SourceReport,
): { repositoryUrl?: string; homepage?: string; ownerHint?: string } {
  if (url === undefined) return {};
  const reference = REFERENCE_PATH.exec(url);
  if (reference) {
    const raw = reference[1]!.toLowerCase();
    const folder = REFERENCE_ALIASES[raw] ?? raw;
    if (!REFERENCE_SERVERS.has(folder)) {
      report.clean("invented_monorepo_path");
      return {};
    }
    return {
      repositoryUrl: `https://github.com/modelcontextprotocol/servers/tree/main/src/${folder}`,
    };
  }
  return classifySourceUrl(url, report);
}

/** Maps one parsed item file to a record, or returns the skip reason. */
function _toServer(
  slug: string,
  doc: unknown,
  categories: Map<string, string>,
  tags: Map<string, string>,
  report: SourceReport,
): SourceServer | string {
  if (!isRecord(doc)) return "not_an_object";
  const name = cleanText(doc.name, report);
  if (name === undefined) return "missing_name";
  const links = _classifyUrl(cleanText(doc.source_url, report), report);
  return dropUndefined<SourceServer>({
    source: "ever-works",
    sourceId: slug,
    name,
    description: cleanText(doc.description, report) ?? cleanLongText(doc.markdown, report),
    ...links,
    categories: nonEmpty(_resolve(doc.category, categories, report)),
    tags: nonEmpty(_resolve(doc.tags, tags, report)),
    updatedAt: _date(doc.updated_at),
  });
}

/** Reads and maps one item folder; counts the file and the record. */
async function _readItem(
  base: string,
  slug: string,
  categories: Map<string, string>,
  tags: Map<string, string>,
  report: SourceReport,
): Promise<SourceServer | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(`${base}/data/${slug}/${slug}.yml`);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  report.file();
  report.read();
  let doc: unknown;
  try {
    doc = _yaml(text, report);
  } catch {
    report.skip("invalid_yaml");
    return undefined;
  }
  return report.take(_toServer(slug, doc, categories, tags, report));
}

/**
 * The Ever Works MCP directory (ever-works/awesome-mcp-servers-data, 2026-06-16): 4,066 item
 * files, one of which is not valid YAML. `read` throws `Deno.errors.NotFound` when the `data`
 * folder, `categories.yml` or `tags.yml` is missing, and a YAML error when one of the two lists
 * cannot be parsed.
 */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "ever-works",
      name: "Ever Works awesome MCP servers",
      kind: "mcp-servers",
      publisher: "ever-works/awesome-mcp-servers-data @ 5a38897e (2026-06-16)",
      license: "CC-BY-SA-4.0",
      path: PATH,
      role: "catalog",
      priority: { default: 6 },
      family: "ever-works",
    },
    async read(root: string, report: SourceReport): Promise<SourceServer[]> {
      const base = `${root}/${PATH}`;
      const [categories, tags] = await Promise.all([
        _names(`${base}/categories.yml`, report),
        _names(`${base}/tags.yml`, report),
      ]);
      const slugs: string[] = [];
      for await (const entry of Deno.readDir(`${base}/data`)) {
        if (entry.isDirectory) slugs.push(entry.name);
      }
      slugs.sort();
      const out: SourceServer[] = [];
      for (let i = 0; i < slugs.length; i += BATCH) {
        const batch = await Promise.all(
          slugs.slice(i, i + BATCH).map((slug) => _readItem(base, slug, categories, tags, report)),
        );
        for (const server of batch) if (server) out.push(server);
      }
      return out;
    },
  },
];
