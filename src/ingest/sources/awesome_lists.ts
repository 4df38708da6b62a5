/**
 * Adapters for markdown "awesome lists" of AI tools:
 * - `mahseema-awesome-ai-tools` (mahseema/awesome-ai-tools @ b55186e9, MIT): `README.md`;
 * - `steven2358-awesome-generative-ai` (steven2358/awesome-generative-ai @ 63d86341, CC0):
 *   `README.md` and `DISCOVERIES.md`.
 *
 * Format: `#`-headings form sections; tools are bullets `- [Name](url) - description`, sometimes
 * bold (`- **[Name](url)** - ...`), with an em dash, with a review link first
 * (`- [Name](url) - *[reviews](...)* - description`) and a `#opensource` (or
 * `[#opensource](repo)`) marker at the end. The category of a tool is the nearest heading (its
 * parent heading second).
 *
 * Every bullet is one record read. Skipped, by reason:
 * - `toc`: table-of-contents bullets (links to `#anchors`, or any bullet under "Contents");
 * - `article`: bullets under reading or milestone sections (news articles, announcements);
 * - `learning_resource`: courses, books, guides, cookbooks, videos (under learning sections, or
 *   anywhere when the link is a course or book site or the name says "Course");
 * - `other_list`: links to other lists and directories (awesome lists anywhere; list-like entries
 *   under "More lists" / "Related Awesome Lists");
 * - `paper`: links to arXiv papers;
 * - `no_link` / `not_a_tool_link`: bullets without a link, or with a relative link;
 * - `duplicate`: the same link again in the same source (its heading is added to the first);
 * - `missing_name`: a link without text.
 *
 * @module
 */
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceTool } from "../types.ts";
import { cleanText, cleanUrl, stripBom } from "../clean.ts";
import type { SourceInfo } from "../../model/source.ts";

/** Kind of section, from its heading; `tools` unless a pattern below matches. */
type SectionKind = "tools" | "toc" | "meta" | "article" | "learning" | "lists";

const SECTION_PATTERNS: [RegExp, SectionKind][] = [
  [/^(contents|table of contents|index)$/i, "toc"],
  [/contribut|licen[cs]e|sponsor|code of conduct|acknowledg/i, "meta"],
  [/reading|milestones|articles|papers|news/i, "article"],
  [
    /learning resources|learn ai|courses|tutorials|books|machine learning|deep learning/i,
    "learning",
  ],
  [/more lists|related .*lists|other .*lists|lists on|^lists$|directories/i, "lists"],
];

/**
 * Headings that are sections but say nothing about the tool's category ("Editor's Choice",
 * "Services", "Other text generators"): left out, so the parent heading becomes the category.
 */
const NOT_A_CATEGORY =
  /^(editor'?s choice|featured|top picks|other\b.*|services|misc.*|contents)$/i;

/** Hosts of course and book sites, video channels and blogs: never a tool. */
const RESOURCE_HOST =
  /(^|\.)(manning\.com|coursera\.org|udacity\.com|udemy\.com|edx\.org|deeplearning\.ai|scrimba\.com|youtube\.com|fast\.ai|medium\.com|oreilly\.com)$/i;

/** Words that make an entry under a learning section a resource, not a tool. */
const RESOURCE_WORDS =
  /\b(books?|courses?|guides?|cookbook|tutorials?|roadmaps?|notes|certificates?|nanodegree|visuali[sz]ations?|explainer|by example|introduction|community|publication|newsletter|blog|podcast)\b/i;

/** Words that make an entry under a lists section a list, not a tool. */
const LIST_WORDS =
  /\b(awesome|lists?|directory|directories|landscape|index|tracker|market maps?|showcase|collection|curated|catalog|infographic|notebooks|papers|demos?|ai tools|frontpage|find best)\b/i;

/** Hosts whose links under a lists section are lists (repositories, spreadsheets, threads). */
const LIST_HOST = /(^|\.)(github\.com|airtable\.com|twitter\.com|x\.com|notion\.site)$/i;

/** One bullet as found in the file. */
interface Bullet {
  /** The text after the bullet marker. */
  text: string;
  /** Section heading texts (levels 2 and deeper) from outermost to innermost at the bullet. */
  headings: string[];
}

/** Heading text without emoji, badges and markup. */
function headingText(raw: string): string {
  return (cleanText(
    raw.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, "").replace(/[*_`]/g, ""),
  ) ?? "").replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}).!?]+$/gu, "");
}

/** Splits a markdown file into bullets with their heading chain; skips fenced code. */
function bullets(markdown: string): Bullet[] {
  const out: Bullet[] = [];
  const stack: string[] = [];
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      stack.length = level - 1;
      stack[level - 1] = headingText(heading[2]!);
      continue;
    }
    const item = /^\s*[-*+]\s+(.*)$/.exec(line);
    if (item) {
      const headings = stack.slice(1).filter((h) => h !== undefined && h !== "");
      out.push({ text: item[1]!, headings });
    }
  }
  return out;
}

/** The kind of the innermost classified section among `headings`. */
function sectionKind(headings: string[]): SectionKind {
  for (let i = headings.length - 1; i >= 0; i--) {
    for (const [pattern, kind] of SECTION_PATTERNS) {
      if (pattern.test(headings[i]!)) return kind;
    }
  }
  return "tools";
}

/** Strips inline markdown: links to their text, emphasis and code marks. */
function plain(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(.*?)\1/g, "$2")
    .replace(/(^|\W)[*_]([^*_]+)[*_](?=\W|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1");
}

/** Parsed link bullet. */
interface LinkItem {
  name: string;
  link: string;
  description?: string;
  openSource: boolean;
}

/** Parses `[Name](url) - description` (optionally bold), or returns a skip reason. */
function parseItem(text: string, report: SourceReport): LinkItem | string {
  const match = /^\*{0,2}\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*(\S*?)\s*\)\*{0,2}(.*)$/.exec(
    text.trim(),
  );
  if (match === null) return "no_link";
  const name = cleanText(plain(match[1]!), report);
  let link = match[2]!;
  let rest = match[3]!;
  const nested = /^\[[^\]]*\]\((\S+)$/.exec(link);
  if (nested) {
    // `[Name]([text](url))`: a link pasted inside the link target; the inner target wins.
    link = nested[1]!;
    rest = rest.replace(/^\)/, "");
    report.clean("broken_link_markup");
  }
  if (link.startsWith("#")) return "toc";
  if (name === undefined) return "missing_name";
  let openSource = false;
  rest = rest.replace(/\[\s*#open[- ]?source\s*\]\([^)]*\)|#open[- ]?source\b/gi, () => {
    openSource = true;
    return "";
  });
  rest = rest.replace(/^\s*[-–—:]+\s*/, "");
  rest = rest.replace(
    /^\*?\s*\[(?:reviews?|review on [^\]]*)\]\([^)]*\)\s*\*?\s*[-–—:]*\s*|^reviews?\s*[-–—:]+\s*/i,
    "",
  );
  const description = cleanText(plain(rest).replace(/\s*[-–—]\s*$/, ""), report);
  const item: LinkItem = { name, link, openSource };
  if (description !== undefined) item.description = description;
  return item;
}

/** Decides whether a parsed item is a tool, or why not. */
function classify(item: LinkItem, url: URL, kind: SectionKind): string | undefined {
  const host = url.hostname.toLowerCase();
  const words = `${item.name} ${item.description ?? ""}`;
  if (kind === "toc") return "toc";
  if (kind === "meta") return "not_a_tool_link";
  if (kind === "article") return "article";
  if (
    /^awesome\b/i.test(item.name) || (host === "github.com" && /\/awesome[-_]/i.test(url.pathname))
  ) {
    return "other_list";
  }
  if (
    /^(a |an )?(curated |large |comprehensive |huge )?lists? of\b/i.test(item.description ?? "")
  ) {
    return "other_list";
  }
  if (/(^|\.)arxiv\.org$/.test(host)) return "paper";
  if (RESOURCE_HOST.test(host) || /\bcourses?\b/i.test(item.name)) return "learning_resource";
  if (kind === "learning" && RESOURCE_WORDS.test(words)) return "learning_resource";
  if (kind === "lists" && (LIST_WORDS.test(words) || LIST_HOST.test(host))) return "other_list";
  return undefined;
}

/** Identity of a link inside one source: host without `www.` + path without trailing slash. */
function linkKey(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const path = url.pathname.replace(/\/+$/, "").toLowerCase();
  return `${host}${path}${url.search}`;
}

/** Categories of a kept item: nearest heading, then its parent. */
function categoriesOf(headings: string[], kind: SectionKind): string[] {
  if (kind !== "tools") return [];
  const out: string[] = [];
  for (const h of [...headings].reverse()) {
    if (NOT_A_CATEGORY.test(h) || out.some((c) => c.toLowerCase() === h.toLowerCase())) continue;
    out.push(h);
    if (out.length === 2) break;
  }
  return out;
}

/**
 * Reads awesome-list markdown files into tools.
 *
 * @param sourceId source id of the records
 * @param paths absolute file paths, read in order (first sighting of a link wins)
 * @param report the counter
 * @returns the tools, in file order
 * @throws {Deno.errors.NotFound} when a file is missing
 */
async function readAwesome(
  sourceId: string,
  paths: string[],
  report: SourceReport,
): Promise<SourceTool[]> {
  const byKey = new Map<string, SourceTool>();
  for (const path of paths) {
    const markdown = stripBom(await Deno.readTextFile(path), report);
    report.file();
    for (const bullet of bullets(markdown)) {
      report.read();
      const kind = sectionKind(bullet.headings);
      const item = parseItem(bullet.text, report);
      if (typeof item === "string") {
        report.skip(kind === "toc" && item === "no_link" ? "toc" : item);
        continue;
      }
      const absolute = /^(https?:\/\/|www\.)/i.test(item.link);
      const cleaned = absolute ? cleanUrl(item.link, report) : undefined;
      if (cleaned === undefined) {
        report.skip(kind === "toc" ? "toc" : "not_a_tool_link");
        continue;
      }
      const url = new URL(cleaned);
      const reason = classify(item, url, kind);
      if (reason !== undefined) {
        report.skip(reason);
        continue;
      }
      const key = linkKey(url);
      const categories = categoriesOf(bullet.headings, kind);
      const existing = byKey.get(key);
      if (existing !== undefined) {
        const merged = [...(existing.categories ?? [])];
        for (const c of categories) {
          if (!merged.some((m) => m.toLowerCase() === c.toLowerCase())) merged.push(c);
        }
        if (merged.length > 0) existing.categories = merged;
        if (existing.description === undefined && item.description !== undefined) {
          existing.description = item.description;
        }
        report.skip("duplicate");
        continue;
      }
      const tool: SourceTool = { source: sourceId, sourceId: key, name: item.name, url: cleaned };
      if (item.description !== undefined) tool.description = item.description;
      if (categories.length > 0) tool.categories = categories;
      if (item.openSource) {
        tool.pricing = "open_source";
        tool.hasFreeTier = true;
        tool.features = ["Open Source"];
      }
      byKey.set(key, tool);
      report.keep();
    }
  }
  return [...byKey.values()];
}

/** Builds an adapter for one awesome list from its info and file names (relative to the folder). */
function awesomeAdapter(info: SourceInfo, files: string[]): SourceAdapter<SourceTool> {
  return {
    info,
    read: (root, report) =>
      readAwesome(info.id, files.map((f) => `${root}/${info.path}/${f}`), report),
  };
}

/**
 * The two awesome-list adapters: `mahseema-awesome-ai-tools` (README.md) and
 * `steven2358-awesome-generative-ai` (README.md, then DISCOVERIES.md). Records carry `url` (the
 * bullet's link, tracking parameters stripped), `description`, `categories` (nearest heading,
 * then parent) and, for `#opensource` entries, pricing `open_source` with feature `Open Source`.
 */
export const adapters: SourceAdapter<SourceTool>[] = [
  awesomeAdapter({
    id: "mahseema-awesome-ai-tools",
    name: "Awesome AI Tools (mahseema/awesome-ai-tools)",
    kind: "ai-tools",
    publisher: "mahseema/awesome-ai-tools @ b55186e9",
    license: "MIT",
    path: "ai-tools/mahseema-awesome-ai-tools",
    asOf: "2025-08-24",
    role: "catalog",
    priority: { default: 5, url: 3, description: 3, pricing: 4, category: 5 },
    family: "mahseema-awesome-ai-tools",
  }, ["README.md"]),
  awesomeAdapter({
    id: "steven2358-awesome-generative-ai",
    name: "Awesome Generative AI (steven2358/awesome-generative-ai)",
    kind: "ai-tools",
    publisher: "steven2358/awesome-generative-ai @ 63d86341",
    license: "CC0",
    path: "ai-tools/steven2358-awesome-generative-ai",
    asOf: "2026-08-03",
    role: "catalog",
    priority: { default: 4, url: 2, description: 2, pricing: 3, category: 4 },
    family: "steven2358-awesome-generative-ai",
  }, ["README.md", "DISCOVERIES.md"]),
];
