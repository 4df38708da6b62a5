/**
 * Adapter for best-of-mcp-servers (tolkonepiu/best-of-mcp-servers @ 5ac38b19, 2026-07-01): the
 * project list `projects.yaml` and the metrics export `2026-07-01_projects.csv` of the best-of-lists
 * generator.
 *
 * Formats:
 *
 * - `2026-07-01_projects.csv`: a header row then one row per project; columns used here:
 *   `name`, `github_id` (`owner/repo`), `description` (cut at about 120 characters, ending `..`),
 *   `category` (id), `github_url`, `homepage`, `license` (SPDX), `last_commit_pushed_at`
 *   (`YYYY-MM-DD HH:MM:SS`, UTC), `fork_count`, `star_count`, `monthly_downloads`,
 *   `pypi_monthly_downloads`, `latest_stable_release_number`, `pypi_id`. Counts are written as
 *   floats (`"79442.0"`); missing values are empty cells.
 * - `projects.yaml`: `categories: [{ category, title, subtitle }]` and
 *   `projects: [{ name, github_id, description, category, pypi_id? }]` with the full description.
 *
 * Mapping: `sourceId` and `name` = `github_id`; `repositoryUrl` = `github_url`, or
 * `https://github.com/<github_id>` when the cell is empty (`github_id` is the repository path);
 * `updatedAt` = last push; `stars`, `forks`, `license`, `version` (latest stable release),
 * `monthlyDownloads` (package downloads per month, `monthly_downloads` else
 * `pypi_monthly_downloads`); `categories` = the category's title from `projects.yaml`;
 * `pypi_id` = a PyPI package. Not mapped (no field): contributor, commit, issue and dependent
 * counts, `projectrank`, `trending`, `show`, and `updated_github_id` (the repository's new path
 * after a rename).
 *
 * @module
 */
import { parse as parseCsv } from "csv-parse/sync";
import { parse as parseYaml } from "yaml";
import {
  cleanDate,
  cleanNumber,
  cleanText,
  cleanUrl,
  dropUndefined,
  isRecord,
  nonEmpty,
  normalizeRepoUrl,
  stripBom,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import type { ServerPackage } from "../../model/server.ts";

/** Folder of the source relative to the sources root. */
const DIR = "mcp-servers/best-of-mcp-servers";
const CSV_FILE = "2026-07-01_projects.csv";
const YAML_FILE = "projects.yaml";

/** What `projects.yaml` adds to a CSV row. */
interface YamlProject {
  description?: unknown;
  category?: unknown;
  pypiId?: unknown;
}

/** The contents of `projects.yaml` that the adapter uses. */
interface YamlData {
  /** Category id → display title. */
  titles: Map<string, string>;
  /** Lowercase `github_id` → project. */
  projects: Map<string, YamlProject>;
}

/**
 * Parses `projects.yaml`; an unreadable file gives empty maps (the CSV alone is enough).
 *
 * @param text file content
 * @returns category titles and projects by `github_id`
 */
function parseProjectsYaml(text: string): YamlData {
  const titles = new Map<string, string>();
  const projects = new Map<string, YamlProject>();
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch {
    return { titles, projects };
  }
  if (!isRecord(data)) return { titles, projects };
  for (const c of Array.isArray(data.categories) ? data.categories : []) {
    if (isRecord(c) && typeof c.category === "string" && typeof c.title === "string") {
      titles.set(c.category, c.title);
    }
  }
  for (const p of Array.isArray(data.projects) ? data.projects : []) {
    if (!isRecord(p) || typeof p.github_id !== "string") continue;
    projects.set(p.github_id.toLowerCase(), {
      description: p.description,
      category: p.category,
      pypiId: p.pypi_id,
    });
  }
  return { titles, projects };
}

/**
 * Parses the CSV's `YYYY-MM-DD HH:MM:SS` times as UTC (as the generator writes them).
 *
 * @param value a time cell
 * @returns ISO 8601, or `undefined` when empty or unreadable
 */
function utcTime(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return cleanDate(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? `${text.replace(" ", "T")}Z` : text,
  );
}

/**
 * Maps one CSV row (and its YAML project) to a {@link SourceServer}.
 *
 * @param row the row, keyed by header
 * @param yaml the parsed `projects.yaml`
 * @param report counter for cleaning repairs
 * @returns the server, or a skip reason
 */
function toServer(
  row: unknown,
  yaml: YamlData,
  report: SourceReport,
): SourceServer | { skip: string } {
  if (!isRecord(row)) return { skip: "not_an_object" };
  const githubId = cleanText(row.github_id);
  if (cleanText(row.name) === undefined && githubId === undefined) return { skip: "missing_name" };
  const name = cleanText(row.name, report) ?? githubId!;
  const sourceId = githubId ?? name;
  const project = githubId === undefined ? undefined : yaml.projects.get(githubId.toLowerCase());

  let repositoryUrl = cleanText(row.github_url, report);
  if (
    repositoryUrl === undefined && githubId !== undefined && /^[\w.-]+\/[\w.-]+$/.test(githubId)
  ) {
    repositoryUrl = `https://github.com/${githubId}`;
  }
  let homepage = cleanUrl(row.homepage, report);
  if (
    homepage !== undefined && repositoryUrl !== undefined &&
    normalizeRepoUrl(homepage) === normalizeRepoUrl(repositoryUrl)
  ) {
    homepage = undefined;
  }

  const categoryId = cleanText(project?.category ?? row.category);
  const category = categoryId === undefined ? undefined : yaml.titles.get(categoryId) ?? categoryId;
  const pypiId = cleanText(project?.pypiId ?? row.pypi_id, report);
  const packages: ServerPackage[] = pypiId === undefined
    ? []
    : [{ registryType: "pypi", identifier: pypiId }];

  return dropUndefined<SourceServer>({
    source: "best-of",
    sourceId,
    name,
    description: cleanText(project?.description, report) ?? cleanText(row.description, report),
    repositoryUrl,
    homepage,
    packages: nonEmpty(packages),
    categories: category === undefined ? undefined : [category],
    license: cleanText(row.license, report),
    stars: cleanNumber(row.star_count),
    forks: cleanNumber(row.fork_count),
    monthlyDownloads: cleanNumber(row.monthly_downloads) ?? cleanNumber(row.pypi_monthly_downloads),
    version: cleanText(row.latest_stable_release_number, report),
    updatedAt: utcTime(row.last_commit_pushed_at),
  });
}

/**
 * Reads the CSV export joined with `projects.yaml` on `github_id`. A row without name and
 * `github_id` is skipped as `missing_name`, a repeated `github_id` as `duplicate`; a CSV that
 * cannot be parsed counts one `invalid_csv` skip.
 *
 * @param root the sources root
 * @param report the counter for this source
 * @returns one {@link SourceServer} per project
 * @throws {Deno.errors.NotFound} when the CSV file is missing
 */
async function read(root: string, report: SourceReport): Promise<SourceServer[]> {
  const csvText = await Deno.readTextFile(`${root}/${DIR}/${CSV_FILE}`);
  report.file();
  let yaml: YamlData = { titles: new Map(), projects: new Map() };
  try {
    yaml = parseProjectsYaml(stripBom(await Deno.readTextFile(`${root}/${DIR}/${YAML_FILE}`)));
    report.file();
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }

  let rows: unknown[];
  try {
    rows = parseCsv(stripBom(csvText, report), {
      columns: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown[];
  } catch {
    report.read();
    report.skip("invalid_csv");
    return [];
  }

  const out: SourceServer[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    report.read();
    const server = toServer(row, yaml, report);
    if ("skip" in server) {
      report.skip(server.skip);
      continue;
    }
    const key = server.sourceId.toLowerCase();
    if (seen.has(key)) {
      report.skip("duplicate");
      continue;
    }
    seen.add(key);
    out.push(server);
    report.keep();
  }
  return out;
}

/** best-of-mcp-servers: GitHub metrics (stars, forks, last push, downloads) per project. */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "best-of",
      name: "best-of-mcp-servers",
      kind: "mcp-servers",
      publisher: "tolkonepiu/best-of-mcp-servers @ 5ac38b19 (2026-07-01)",
      license: "CC-BY-SA-4.0",
      path: DIR,
      role: "catalog",
      priority: { default: 4 },
      family: "best-of",
    },
    read,
  },
];
