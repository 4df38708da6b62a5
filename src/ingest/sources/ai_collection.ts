/**
 * Adapter for the AI Collection list (ai-collection/ai-collection, MIT): two snapshots of its
 * README in `ai-tools/ai-collection/`.
 *
 * - `FULL_README_2024-06-20_2b96f77d.md` (@ 2b96f77d): one markdown table per `## Category`,
 *   rows `| [Name](redirect) | Title | Description | Offer Free Version |` where the last cell is
 *   `:white_check_mark:` (yes), `:x:` (no) or `:grey_question:` (unknown). Texts carry SQL-style
 *   doubled apostrophes (`''`).
 * - `README_HEAD.md` (@ 159180df): one block per entry under `## Category`: `### Name`, a
 *   screenshot, `#### Title`, `[Visit](redirect)`, a description paragraph and
 *   `[More Information and Pricing](https://thataicollection.com/en/application/<slug>)`. The
 *   first section, "Latest Additions to AI Collection", is not a category.
 *
 * Links go through `thataicollection.com/redirect/<slug>`, not to the tool's site, so they are
 * never put in `url` (only a direct link to another host is). The `<slug>` is the same in both
 * files and identifies an entry: the head README's 590 entries are the current list, 408 of them
 * also rows of the 2024 table, so each slug is yielded once (counted `duplicate` for the second
 * sighting) with the newer name and description, the 2024 free-version flag and both categories.
 *
 * @module
 */
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceTool } from "../types.ts";
import { cleanText, cleanUrl, stripBom } from "../clean.ts";
import { slugify } from "../../model/text.ts";

const DIR = "ai-tools/ai-collection";
const FULL_FILE = "FULL_README_2024-06-20_2b96f77d.md";
const HEAD_FILE = "README_HEAD.md";
/** Date of the 2024 table (commit 2b96f77d, SOURCES.md). */
const FULL_DATE = "2024-06-20";
/** Date of the head README (commit 159180df, SOURCES.md): the source's dump date. */
const HEAD_DATE = "2026-07-13";

/** Sections of the head README that are not categories. */
const NOT_A_CATEGORY = /^(index|latest additions\b.*)$/i;

/** One entry as read from one file, before the two files are combined. */
interface Entry {
  slug: string;
  name: string;
  url?: string;
  title?: string;
  description?: string;
  category?: string;
  hasFreeTier?: boolean;
}

/** Cleans a text cell: {@link cleanText} plus `''` → `'` (counted `doubled_quotes`). */
function text(value: string | undefined, report: SourceReport): string | undefined {
  const cleaned = cleanText(value, report);
  if (cleaned === undefined || !cleaned.includes("''")) return cleaned;
  report.clean("doubled_quotes");
  return cleaned.replace(/''/g, "'");
}

/** The entry slug of a thataicollection.com link (`/redirect/<slug>` or `/application/<slug>`). */
function slugOf(link: string | undefined): string | undefined {
  if (link === undefined) return undefined;
  const match = /thataicollection\.com\/(?:[a-z]{2}\/)?(?:redirect|application)\/([^?#/]+)/i.exec(
    link,
  );
  if (match === null) return undefined;
  try {
    return decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return match[1]!.toLowerCase();
  }
}

/** A link to the tool's own site, i.e. anything not on thataicollection.com. */
function directUrl(link: string | undefined, report: SourceReport): string | undefined {
  const url = cleanUrl(link);
  if (url === undefined || /(^|\.)thataicollection\.com$/i.test(new URL(url).hostname)) {
    return undefined;
  }
  return cleanUrl(link, report);
}

/** Parses the 2024 tables. Every `| [` row inside a category section is one record read. */
function parseFull(markdown: string, report: SourceReport): (Entry | string)[] {
  const out: (Entry | string)[] = [];
  let category: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading) {
      category = NOT_A_CATEGORY.test(heading[1]!) ? undefined : cleanText(heading[1]);
      continue;
    }
    if (category === undefined || !line.startsWith("| [")) continue;
    report.read();
    const row = /^\|\s*\[(.*?)\]\((\S*?)\)\s*\|(.*)$/s.exec(line);
    if (row === null) {
      out.push("invalid_row");
      continue;
    }
    const name = text(row[1], report);
    if (name === undefined) {
      out.push("missing_name");
      continue;
    }
    const cells = row[3]!.replace(/\|\s*$/, "").split("|");
    const flag = cells.length >= 3 ? cells.pop()!.trim() : "";
    const description = cells.length >= 2 ? cells.pop() : undefined;
    const title = cells.join("|");
    const entry: Entry = {
      slug: slugOf(row[2]) ?? (slugify(name) || name.toLowerCase()),
      name,
      category,
    };
    const url = directUrl(row[2], report);
    if (url !== undefined) entry.url = url;
    const cleanTitle = text(title, report);
    if (cleanTitle !== undefined) entry.title = cleanTitle;
    const cleanDescription = text(description, report);
    if (cleanDescription !== undefined) entry.description = cleanDescription;
    if (flag === ":white_check_mark:") entry.hasFreeTier = true;
    else if (flag === ":x:") entry.hasFreeTier = false;
    out.push(entry);
  }
  return out;
}

/** Parses the head README's `### Name` blocks. Every block inside a section is one record read. */
function parseHead(markdown: string, report: SourceReport): (Entry | string)[] {
  const out: (Entry | string)[] = [];
  let inSections = false;
  let category: string | undefined;
  let block: { name: string; lines: string[] } | undefined;
  const flush = () => {
    if (block === undefined) return;
    out.push(headEntry(block.name, block.lines, category, report));
    block = undefined;
  };
  for (const line of markdown.split(/\r?\n/)) {
    const h2 = /^##\s+(.+?)\s*$/.exec(line);
    if (h2) {
      flush();
      inSections = true;
      category = NOT_A_CATEGORY.test(h2[1]!) ? undefined : cleanText(h2[1]);
      continue;
    }
    const h3 = /^###\s+(.*?)\s*$/.exec(line);
    if (h3) {
      flush();
      if (!inSections) continue;
      report.read();
      block = { name: h3[1]!, lines: [] };
      continue;
    }
    if (/^\[See All .*\]\(/.test(line)) {
      flush();
      continue;
    }
    block?.lines.push(line);
  }
  flush();
  return out;
}

/** Builds an entry from a head README block (lines after `### Name`). */
function headEntry(
  rawName: string,
  lines: string[],
  category: string | undefined,
  report: SourceReport,
): Entry | string {
  const name = text(rawName, report);
  if (name === undefined) return "missing_name";
  let visit: string | undefined;
  let info: string | undefined;
  let title: string | undefined;
  const paragraph: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    const link = /^\[([^\]]*)\]\((\S+?)\)$/.exec(trimmed);
    if (link) {
      if (/^visit$/i.test(link[1]!)) visit = link[2];
      else if (/more information/i.test(link[1]!)) info = link[2];
      continue;
    }
    const h4 = /^####\s+(.*)$/.exec(trimmed);
    if (h4) {
      title = h4[1];
      continue;
    }
    if (trimmed === "" || trimmed.startsWith("<") || /^\*\*\[/.test(trimmed)) continue;
    paragraph.push(trimmed);
  }
  const entry: Entry = {
    slug: slugOf(info) ?? slugOf(visit) ?? (slugify(name) || name.toLowerCase()),
    name,
  };
  if (category !== undefined) entry.category = category;
  const url = directUrl(visit, report);
  if (url !== undefined) entry.url = url;
  const cleanTitle = text(title, report);
  if (cleanTitle !== undefined) entry.title = cleanTitle;
  const description = text(paragraph.join(" "), report);
  if (description !== undefined) entry.description = description;
  return entry;
}

/** Turns a combined entry into a {@link SourceTool}. */
function toTool(entry: Entry, older: Entry | undefined): SourceTool {
  const tool: SourceTool = { source: "ai-collection", sourceId: entry.slug, name: entry.name };
  const url = entry.url ?? older?.url;
  if (url !== undefined) tool.url = url;
  const description = entry.description ?? older?.description ?? entry.title ?? older?.title;
  if (description !== undefined) {
    tool.description = description;
    const olderText = older?.description;
    if (olderText !== undefined && olderText.length > description.length) {
      tool.longDescription = olderText;
    }
  }
  const hasFreeTier = entry.hasFreeTier ?? older?.hasFreeTier;
  if (hasFreeTier !== undefined) tool.hasFreeTier = hasFreeTier;
  // The free-version flag exists only in the 2024 table.
  if (hasFreeTier !== undefined) tool.fieldDates = { hasFreeTier: FULL_DATE };
  const categories: string[] = [];
  for (const c of [entry.category, older?.category]) {
    if (c !== undefined && !categories.some((x) => x.toLowerCase() === c.toLowerCase())) {
      categories.push(c);
    }
  }
  if (categories.length > 0) tool.categories = categories;
  return tool;
}

/**
 * The AI Collection adapter (source id `ai-collection`). Reads both READMEs under
 * `${root}/ai-tools/ai-collection/`; read = 2024 table rows + head README entries. Skips:
 * `duplicate` (a slug seen in the other file or earlier, folded into the first record),
 * `missing_name`, `invalid_row` (a table row without a `[Name](link)` cell). Records have `url`
 * only when the list links the tool directly; `hasFreeTier` comes from "Offer Free Version".
 */
export const adapters: SourceAdapter<SourceTool>[] = [
  {
    info: {
      id: "ai-collection",
      name: "AI Collection (ai-collection/ai-collection)",
      kind: "ai-tools",
      publisher: "ai-collection/ai-collection @ 2b96f77d and @ 159180df",
      license: "MIT",
      path: DIR,
      asOf: HEAD_DATE,
      role: "catalog",
      priority: { default: 3, url: 4, description: 4, pricing: 5, category: 1 },
      family: "ai-collection",
    },
    async read(root: string, report: SourceReport): Promise<SourceTool[]> {
      const head = stripBom(await Deno.readTextFile(`${root}/${DIR}/${HEAD_FILE}`), report);
      report.file();
      const full = stripBom(await Deno.readTextFile(`${root}/${DIR}/${FULL_FILE}`), report);
      report.file();
      const newer = new Map<string, Entry>();
      const older = new Map<string, Entry>();
      const order: string[] = [];
      for (
        const [entries, target] of [
          [parseHead(head, report), newer],
          [parseFull(full, report), older],
        ] as const
      ) {
        for (const entry of entries) {
          if (typeof entry === "string") {
            report.skip(entry);
            continue;
          }
          if (target.has(entry.slug) || (target === older && newer.has(entry.slug))) {
            const first = target.get(entry.slug) ?? newer.get(entry.slug)!;
            if (first.hasFreeTier === undefined && entry.hasFreeTier !== undefined) {
              first.hasFreeTier = entry.hasFreeTier;
            }
            if (target === older && !older.has(entry.slug)) older.set(entry.slug, entry);
            report.skip("duplicate");
            continue;
          }
          target.set(entry.slug, entry);
          order.push(entry.slug);
          report.keep();
        }
      }
      return order.map((slug) => {
        const current = newer.get(slug);
        if (current !== undefined) return toTool(current, older.get(slug));
        // A row of the 2024 table only: every statement is as old as that table.
        return { ...toTool(older.get(slug)!, undefined), statedAt: FULL_DATE };
      });
    },
  },
];
