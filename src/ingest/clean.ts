/**
 * Cleaning helpers every source adapter uses: text, placeholders, URLs, numbers, dates, icons and
 * remotes, the objects of nested JSON lists, and reading JSON files that start with a byte-order
 * mark (or are not JSON at all).
 *
 * Every helper that repairs a value takes an optional {@link SourceReport} and counts the repair,
 * so the ingest report says how much real-world mess each source had.
 *
 * @module
 */
import { decodeHTML } from "entities";
import type { SourceReport } from "./report.ts";
import { ICON_MIME_TYPES, type ServerIcon, type ServerRemote } from "../model/server.ts";

/** Values sources use to mean "no value": compared lowercase after trimming. */
const PLACEHOLDERS = new Set([
  "",
  "unknown",
  "n/a",
  "na",
  "none",
  "null",
  "undefined",
  "-",
  "--",
  "nan",
  "tbd",
  "not specified",
  "not available",
]);

/** True when `value` is a placeholder such as `"unknown"`, `"N/A"` or an empty string. */
export function isPlaceholder(value: string): boolean {
  return PLACEHOLDERS.has(value.trim().toLowerCase());
}

const ENTITY = /&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i;
/** Invisible or control characters that never belong in display text (tags, zero-width, BOM). */
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u2060-\u2064\ufeff]/g;

/**
 * Cleans a display string: decodes HTML entities (`&amp;` → `&`), removes control and zero-width
 * characters, collapses runs of whitespace, trims, and maps placeholders (`"unknown"`) to
 * `undefined`.
 *
 * @param value anything a source put in a text field
 * @param report counts `html_entities` and `placeholder` repairs when given
 * @returns the clean string, or `undefined` when there is no real text
 * @example
 * ```ts
 * cleanText("Tom &amp; Jerry  ") // "Tom & Jerry"
 * cleanText("unknown") // undefined
 * ```
 */
export function cleanText(value: unknown, report?: SourceReport): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const text = _decoded(value, report).replace(CONTROL, "").replace(/\s+/g, " ").trim();
  if (isPlaceholder(text)) {
    if (value.trim() !== "") report?.clean("placeholder");
    return undefined;
  }
  return text;
}

/** A text with its HTML entities decoded (counted as an `html_entities` repair when any was). */
function _decoded(text: string, report: SourceReport | undefined): string {
  if (!ENTITY.test(text)) return text;
  const decoded = decodeHTML(text);
  if (decoded === text) return text;
  report?.clean("html_entities");
  return decoded;
}

/**
 * Like {@link cleanText} but keeps line breaks (for long markdown descriptions).
 *
 * @param value text field of a source
 * @param report counts repairs when given
 * @returns the clean multi-line string or `undefined`
 */
export function cleanLongText(value: unknown, report?: SourceReport): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = _decoded(value, report).replace(CONTROL, "").replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n").trim();
  return isPlaceholder(text) ? undefined : text;
}

/**
 * Cleans a list of labels (tags, categories): each through {@link cleanText}, empty and duplicate
 * (case-insensitive) ones dropped, order kept. Accepts an array or a comma-separated string.
 *
 * @param value array of strings or `"a, b, c"`
 * @param report counts repairs when given
 * @returns the labels, possibly empty
 */
export function cleanList(value: unknown, report?: SourceReport): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const text = cleanText(item, report);
    if (text === undefined) continue;
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(text);
  }
  return out;
}

/** Words a catalog writes in title case that are acronyms or brands (`Ai` → `AI`). */
const _LABEL_CASE: Record<string, string> = {
  ai: "AI",
  api: "API",
  apis: "APIs",
  iot: "IoT",
  devops: "DevOps",
  mcp: "MCP",
  llm: "LLM",
  ide: "IDE",
  crm: "CRM",
  seo: "SEO",
  sql: "SQL",
};

/**
 * Cleans a category label as catalogs write it: HTML entities and their mangled remains
 * (`Developer Tools "Developer Tools"amp; IDE MCP Servers` → `Developer Tools & IDE`), a trailing
 * "MCP Servers" (every label here is about MCP servers), and acronyms in title case
 * (`Ai Integration` → `AI Integration`).
 *
 * @param label a label after {@link cleanText}
 * @returns the clean label, or `undefined` when nothing is left
 * @example
 * ```ts
 * cleanCategory("Finance & Market Data Mcp Servers"); // "Finance & Market Data"
 * ```
 */
export function cleanCategory(label: string): string | undefined {
  const text = label
    // A quoted fragment glued to the remains of `&amp;`: the `&` was lost in two encodings.
    .replace(/\s*"[^"]*"\s*amp;\s*/g, " & ")
    .replace(/&amp;|(^|\s)amp;/g, "$1&")
    .replace(/["<>]/g, "")
    .replace(/(?:^|\s+)mcp\s+servers?$/i, "")
    .replace(/\b[A-Za-z]+\b/g, (w) => _LABEL_CASE[w.toLowerCase()] ?? w)
    .replace(/\s+/g, " ")
    .replace(/^[\s&,]+|[\s&,]+$/g, "");
  return text === "" ? undefined : text;
}

/** Query parameters that only track where a visitor came from (stripped before matching). */
const TRACKING_PARAM = /^(utm_[a-z_]+|ref|ref_src|source|via|fbclid|gclid|mc_cid|mc_eid)$/i;

/**
 * Cleans server icons (server.json `icons[]`): an icon needs an `https://` `src` of at most 255
 * characters that parses as a URL; `mimeType`, `sizes` and `theme` are kept only when they are
 * values server.json allows. A lone URL string is one icon without details.
 *
 * @param value an `icons` array from a source, or one icon URL
 * @param report counts text repairs when given
 * @returns the valid icons (empty when none)
 * @example
 * ```ts
 * cleanIcons("https://x.example/icon.png"); // [{ src: "https://x.example/icon.png" }]
 * ```
 */
export function cleanIcons(value: unknown, report?: SourceReport): ServerIcon[] {
  const items = typeof value === "string" ? [{ src: value }] : Array.isArray(value) ? value : [];
  const out: ServerIcon[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const src = cleanText(item.src, report);
    if (
      src === undefined || src.length > 255 || !/^https:\/\/\S+$/.test(src) || !URL.canParse(src)
    ) continue;
    const mime = cleanText(item.mimeType, report);
    const sizes = Array.isArray(item.sizes)
      ? item.sizes.filter((x): x is string => typeof x === "string" && /^(\d+x\d+|any)$/.test(x))
      : [];
    const theme = cleanText(item.theme, report);
    out.push(dropUndefined<ServerIcon>({
      src,
      mimeType: (ICON_MIME_TYPES as readonly string[]).includes(mime ?? "")
        ? mime as ServerIcon["mimeType"]
        : undefined,
      sizes: nonEmpty(sizes),
      theme: theme === "light" || theme === "dark" ? theme : undefined,
    }));
  }
  return out;
}

/**
 * A server's remote endpoint from the transport type and URL a source gives: only a
 * `streamable-http` or `sse` endpoint with a URL is a remote (`stdio`, unknown types and a
 * missing URL give `undefined`).
 *
 * @example
 * ```ts
 * cleanRemote("sse", "https://x.example/sse"); // { type: "sse", url: "https://x.example/sse" }
 * cleanRemote("stdio", "https://x.example/"); // undefined
 * ```
 *
 * @param type the transport type as the source writes it
 * @param url the endpoint URL
 * @param report counts text repairs when given
 * @returns `{ type, url }` (no headers), or `undefined`
 */
export function cleanRemote(
  type: unknown,
  url: unknown,
  report?: SourceReport,
): ServerRemote | undefined {
  const kind = cleanText(type, report);
  const endpoint = cleanText(url, report);
  if ((kind !== "streamable-http" && kind !== "sse") || endpoint === undefined) return undefined;
  return { type: kind, url: endpoint };
}

/**
 * Parses an absolute web address.
 *
 * @param text URL text, e.g. `"https://x.example/sse"`
 * @returns the parsed URL, or `undefined` when it cannot be parsed or its scheme is not http(s)
 */
export function parseWebUrl(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
}

/**
 * Parses and cleans a web URL: adds `https://` when the scheme is missing, keeps only http(s),
 * strips tracking parameters (`utm_*`, `ref`, ...) and the fragment.
 *
 * @param value URL text from a source
 * @param report counts `tracking_params` repairs when given
 * @returns the cleaned absolute URL, or `undefined` when it is not a usable http(s) URL
 * @example
 * ```ts
 * cleanUrl("https://leonardo.ai/?utm_source=x") // "https://leonardo.ai/"
 * ```
 */
export function cleanUrl(value: unknown, report?: SourceReport): string | undefined {
  const text = cleanText(value);
  if (text === undefined || /\s/.test(text)) return undefined;
  const url = parseWebUrl(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  if (url === undefined) return undefined;
  if (!url.hostname.includes(".") && url.hostname !== "localhost") return undefined;
  let stripped = false;
  for (const key of [...url.searchParams.keys()]) {
    if (TRACKING_PARAM.test(key)) {
      url.searchParams.delete(key);
      stripped = true;
    }
  }
  if (stripped) report?.clean("tracking_params");
  url.hash = "";
  return url.toString();
}

/**
 * The website domain of a URL, lowercase, without `www.`; used to deduplicate AI tools.
 *
 * @param url an absolute URL
 * @returns e.g. `"leonardo.ai"`, or `undefined` when `url` cannot be parsed
 */
export function domainOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return undefined;
  }
}

/**
 * Normalizes a source-code repository URL into the merge key of MCP servers.
 *
 * Rules from `shared/data/mcp-servers/SOURCES.md`: lowercase host and path, no `.git`, no trailing
 * slash, no `/tree/<branch>` (or `/blob/<branch>`) suffix. Also: `http` → `https`, `www.` dropped,
 * `git+`/`git@host:` forms accepted, query and fragment dropped. For GitHub, GitLab and Bitbucket
 * only `owner/repo` is kept (deeper paths point inside the repository).
 *
 * @param value repository URL text from a source
 * @returns e.g. `"github.com/owner/repo"` (no scheme), or `undefined` when it is not a repository URL
 * @example
 * ```ts
 * normalizeRepoUrl("https://GitHub.com/Owner/Repo.git/") // "github.com/owner/repo"
 * normalizeRepoUrl("https://github.com/o/r/tree/main/src/x") // "github.com/o/r"
 * ```
 */
export function normalizeRepoUrl(value: unknown): string | undefined {
  let text = cleanText(value);
  if (text === undefined) return undefined;
  text = text.replace(/^git\+/, "").replace(/^git@([^:]+):/, "https://$1/");
  if (!/^[a-z]+:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (!host.includes(".")) return undefined;
  let segments = url.pathname.split("/").filter((s) => s !== "").map((s) =>
    decodeURIComponentSafe(s).toLowerCase()
  );
  const treeAt = segments.findIndex((s, i) => i >= 2 && (s === "tree" || s === "blob"));
  if (treeAt >= 0) segments = segments.slice(0, treeAt);
  if (["github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com"].includes(host)) {
    segments = segments.slice(0, 2);
    if (segments.length < 2) return undefined;
  }
  if (segments.length === 0) return undefined;
  const last = segments.length - 1;
  segments[last] = segments[last]!.replace(/\.git$/, "");
  if (segments[last] === "") return undefined;
  return `${host}/${segments.join("/")}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Parses a count or amount: numbers pass through, strings like `"1,234"`, `"1.2k"` or `" 42 "`
 * are parsed, placeholders and negatives give `undefined`.
 *
 * @param value number or numeric text
 * @returns a finite, non-negative number, or `undefined`
 */
export function cleanNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value === "bigint") return Number(value);
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase().replace(/,/g, "");
  const match = /^(\d+(?:\.\d+)?)\s*([km]?)$/.exec(text);
  if (!match) return undefined;
  const n = Number(match[1]) * (match[2] === "k" ? 1e3 : match[2] === "m" ? 1e6 : 1);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Parses a date or time into ISO 8601 (UTC). Accepts ISO strings, `YYYY-MM-DD`, epoch seconds or
 * milliseconds, and `Date` objects (as YAML parsers produce).
 *
 * @param value date text or number
 * @returns ISO 8601 string (e.g. `"2025-04-11T14:54:14.212Z"`), or `undefined` when unreadable
 */
export function cleanDate(value: unknown): string | undefined {
  let date: Date | undefined;
  if (value instanceof Date) date = value;
  else if (typeof value === "number" && Number.isFinite(value)) {
    date = new Date(value < 1e11 ? value * 1000 : value);
  } else if (typeof value === "string") {
    const text = value.trim();
    if (text === "" || isPlaceholder(text)) return undefined;
    date = new Date(text);
  }
  if (date === undefined || Number.isNaN(date.getTime())) return undefined;
  const year = date.getUTCFullYear();
  if (year < 1990 || year > 2100) return undefined;
  return date.toISOString();
}

/**
 * Strips a UTF-8 byte-order mark from the start of a text.
 *
 * @param text file content
 * @param report counts a `bom` repair when one was found
 * @returns the text without a leading U+FEFF
 */
export function stripBom(text: string, report?: SourceReport): string {
  if (text.charCodeAt(0) === 0xfeff) {
    report?.clean("bom");
    return text.slice(1);
  }
  return text;
}

/**
 * Reads and parses a JSON file, tolerating a leading byte-order mark.
 *
 * @param path file path
 * @param report counts the file and a `bom` repair when given
 * @returns the parsed value
 * @throws {Deno.errors.NotFound} when the file is missing
 * @throws {SyntaxError} when the content is not valid JSON (callers count it and go on)
 */
export async function readJsonFile(path: string, report?: SourceReport): Promise<unknown> {
  const text = await Deno.readTextFile(path);
  report?.file();
  return JSON.parse(stripBom(text, report));
}

/**
 * Reads a JSON file that holds a whole source's records, for an adapter that counts a broken file
 * instead of failing: a file that is not valid JSON counts as one record read and skipped as
 * `invalid_json`. With `anyReadError`, so does a file that cannot be read for any other reason
 * than being missing (the price adapters' rule).
 *
 * @example
 * ```ts
 * const data = await readJsonOrSkip(`${root}/${FILE}`, report);
 * if (data === undefined) return [];
 * ```
 *
 * @param path file path
 * @param report counts the file, a `bom` repair, and the `invalid_json` skip
 * @param options `anyReadError`: skip on every error but `NotFound` (default false: only on
 *   invalid JSON)
 * @returns the parsed value (never `undefined`), or `undefined` when the file was skipped
 * @throws {Deno.errors.NotFound} when the file is missing (and, without `anyReadError`, any other
 *   error reading it)
 */
export async function readJsonOrSkip(
  path: string,
  report: SourceReport,
  options: { anyReadError?: boolean } = {},
): Promise<unknown> {
  try {
    return await readJsonFile(path, report);
  } catch (error) {
    const skip = options.anyReadError
      ? !(error instanceof Deno.errors.NotFound)
      : error instanceof SyntaxError;
    if (!skip) throw error;
    report.read();
    report.skip("invalid_json");
    return undefined;
  }
}

/** Type guard: a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Maps the objects of a JSON array, the usual shape of a nested list in a source record
 * (`packages`, `remotes`, `tools` ...): a value that is not an array gives `[]`; elements that are
 * not plain objects, and those `map` turns into `undefined`, are dropped.
 *
 * @example
 * ```ts
 * mapRecords([{ name: "a" }, 3, { id: 1 }], (r) => cleanText(r.name)) // ["a"]
 * ```
 *
 * @param value any parsed JSON value
 * @param map converts one object, or returns `undefined` to drop it
 * @returns the converted elements, in array order
 */
export function mapRecords<T>(
  value: unknown,
  map: (item: Record<string, unknown>) => T | undefined,
): T[] {
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (const item of value) {
    if (!isRecord(item)) continue;
    const mapped = map(item);
    if (mapped !== undefined) out.push(mapped);
  }
  return out;
}

/**
 * Copies an object without its `undefined` properties, so optional fields stay absent (as
 * `exactOptionalPropertyTypes` requires) instead of being present with the value `undefined`.
 *
 * @param value the object to build, where any property may be `undefined`
 * @returns a shallow copy holding only the defined properties
 * @example
 * ```ts
 * dropUndefined<{ a: number; b?: string }>({ a: 1, b: undefined }) // { a: 1 }
 * ```
 */
export function dropUndefined<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) out[key] = item;
  }
  return out as T;
}

/**
 * Maps an empty array to `undefined`, so an optional list property is left out instead of `[]`.
 *
 * @param list any array
 * @returns `list` when it has at least one element, else `undefined`
 */
export function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}

/** A Latin-1 lead byte of a 2-4 byte UTF-8 sequence followed by a continuation byte. */
const MOJIBAKE = /[\u00c2-\u00f4][\u0080-\u00bf]/;
/** The same, where continuation bytes 0x80-0x9f may also appear as their Windows-1252 characters. */
const MOJIBAKE_1252 = /[\u00c2-\u00f4][\u0080-\u00bf\u0152-\u2122]/;

/** Windows-1252 characters of bytes 0x80-0x9f, by code point: byte value. */
const CP1252_BYTES = new Map<number, number>(
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
 * Repairs UTF-8 text that was decoded as Latin-1 (mojibake such as `"Ã©"` for `"é"` or
 * `"æ\u0090\u009c"` for `"搜"`), or, with `codepage` `windows-1252`, as Windows-1252 (`"â€”"` for
 * `"—"`). The text is re-encoded byte for byte and decoded as UTF-8; it is changed only when every
 * character maps back to one byte of the code page and the bytes are valid UTF-8.
 *
 * @param text a text field of a source
 * @param report counts a `mojibake` repair when given
 * @param codepage how the text was wrongly decoded (default `latin1`)
 * @returns the repaired text, or `text` unchanged when it is not mojibake
 * @example
 * ```ts
 * fixMojibake("cafÃ©") // "café"
 * fixMojibake("café") // "café"
 * fixMojibake("a â€” b", undefined, "windows-1252") // "a — b"
 * ```
 */
export function fixMojibake(
  text: string,
  report?: SourceReport,
  codepage: "latin1" | "windows-1252" = "latin1",
): string {
  const cp1252 = codepage === "windows-1252";
  if (!(cp1252 ? MOJIBAKE_1252 : MOJIBAKE).test(text)) return text;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const byte = code <= 0xff ? code : cp1252 ? CP1252_BYTES.get(code) : undefined;
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
  report?.clean("mojibake");
  return fixed;
}

/** Code hosts whose `owner/repo` URLs are repositories. */
const CODE_HOST =
  /^(?:https?:\/\/)?(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com)(?:[/?#]|$)/i;
/** A code-host URL naming `owner/repo` (not a search, topic or organization page). */
const REPO_URL =
  /^(?:https?:\/\/)?(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com)\/(?!(?:search|topics|orgs|marketplace|collections|features|sponsors|apps|settings)[/?#]|(?:search|topics|orgs|marketplace|collections|features|sponsors|apps|settings)$)[^/?#]+\/[^/?#]+/i;

/** A code-host account page: `github.com/owner` and nothing after the owner. */
const ACCOUNT_URL =
  /^(?:https?:\/\/)?(?:www\.)?(github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com)\/(?!(?:search|topics|orgs|marketplace|collections|features|sponsors|apps|settings)(?:[/?#]|$))([A-Za-z0-9][A-Za-z0-9_.-]*)\/?(?:[?#].*)?$/i;

/**
 * Sorts a source URL into a repository URL or a homepage. A code-host URL naming `owner/repo`
 * (GitHub, GitLab, Bitbucket, Codeberg, Gitee) is a repository; one that is not (a search or an
 * organization page) is neither, dropped and counted as a `not_a_repository` repair; an account
 * page (`https://github.com/github`) is kept as `ownerHint` (`github.com/github`), which only
 * helps to recognize the listing as one of that account's servers; any other URL is a homepage
 * (cleaned with {@link cleanUrl}).
 *
 * @param url cleaned URL text, or `undefined`
 * @param report counts repairs
 * @returns `{ repositoryUrl }`, `{ homepage }`, `{ ownerHint }` or `{}`
 */
export function classifySourceUrl(
  url: string | undefined,
  report: SourceReport,
): { repositoryUrl?: string; homepage?: string; ownerHint?: string } {
  if (url === undefined) return {};
  if (REPO_URL.test(url)) return { repositoryUrl: url };
  if (CODE_HOST.test(url)) {
    report.clean("not_a_repository");
    const account = ACCOUNT_URL.exec(url);
    return account
      ? { ownerHint: `${account[1]!.toLowerCase()}/${account[2]!.toLowerCase()}` }
      : {};
  }
  const homepage = cleanUrl(url, report);
  return homepage === undefined ? {} : { homepage };
}

/**
 * Collects items, keeping only the first item of each key, in the order they were added.
 *
 * @example
 * ```ts
 * const inputs = firstOfEachKey((input: ServerInput) => input.name);
 * inputs.add(a); // a second input of the same name is dropped
 * return inputs.items;
 * ```
 *
 * @param keyOf the key of an item, e.g. an input's name or a finding's rule
 * @returns `items` (the kept items, in order) and `add` (keeps an item unless its key was seen)
 */
export function firstOfEachKey<T>(
  keyOf: (item: T) => string,
): { items: T[]; add: (item: T) => void } {
  const items: T[] = [];
  const seen = new Set<string>();
  return {
    items,
    add: (item) => {
      const key = keyOf(item);
      if (seen.has(key)) return;
      seen.add(key);
      items.push(item);
    },
  };
}
