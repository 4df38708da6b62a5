/**
 * Markdown of the project's own pages (`docs/*.md`) for the site: rendered to HTML by `marked`
 * (GitHub Flavored Markdown), headings given GitHub's anchors (`github-slugger`: lower case,
 * punctuation dropped, spaces to `-`, a repeated heading gets `-1`, `-2`), so a link written for
 * the repository (`docs/install-configs.md#toolatlas-in-your-mcp-client`) finds the same section on
 * the site. The links test (`tests/docs_links_test.ts`) reads links and anchors with these same
 * functions.
 *
 * Raw HTML in the Markdown is never passed through: a tag is shown as text (escaped) and an HTML
 * comment (the markers of generated sections) is dropped. Link targets other than `http:`,
 * `https:`, `mailto:`, the install links of Cursor and VS Code (`cursor:`, `vscode:`,
 * `vscode-insiders:`), relative paths and `#` anchors are shown as plain text.
 *
 * @module
 */
import GithubSlugger from "github-slugger";
import { decodeHTML } from "entities";
import { Marked, Renderer, type Token, type Tokens } from "marked";

/** One heading of a Markdown page. */
export interface MarkdownHeading {
  /** 1 for `#`, 2 for `##` ... 6. */
  depth: number;
  /** Its text without Markdown, e.g. `The q parameter` for ``## The `q` parameter``. */
  text: string;
  /** Its anchor, as GitHub makes it, e.g. `the-q-parameter`. */
  id: string;
}

/** A rendered page. */
export interface RenderedMarkdown {
  /** The HTML body (headings carry their `id`); raw HTML of the source escaped. */
  html: string;
  /** Every heading in document order (those in lists and quotes included). */
  headings: MarkdownHeading[];
  /** Text of the first paragraph, without Markdown (a page's summary), or `""`. */
  summary: string;
}

/**
 * Where a link of the page should point on the site: the new target, or `null` to show the
 * link's text without a link.
 */
export type LinkRewrite = (href: string) => string | null;

const _SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Schemes a link may have: the web, mail, and the MCP clients' install links (`install-configs.md`). */
const _SAFE_SCHEME = /^(?:https?|mailto|cursor|vscode|vscode-insiders):/i;

/** One parser, no options changed globally (`marked`'s shared instance stays untouched). */
const _marked = new Marked({ gfm: true });

function _escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * The text of inline tokens without Markdown or HTML tags, entities decoded (what a browser shows
 * of a heading, and what GitHub makes its anchor from).
 */
function _plain(tokens: readonly Token[]): string {
  let out = "";
  for (const t of tokens) {
    if (t.type === "html") continue;
    if ("tokens" in t && Array.isArray(t.tokens) && t.type !== "codespan") {
      out += _plain(t.tokens as Token[]);
    } else if (t.type === "codespan" || t.type === "escape") out += (t as Tokens.Codespan).text;
    else if (t.type === "br") out += " ";
    else if ("text" in t && typeof t.text === "string") out += decodeHTML(t.text);
  }
  return out;
}

/** The tokens of a page and its headings (anchors in document order, each unique). */
function _lex(markdown: string): {
  tokens: Token[];
  headings: MarkdownHeading[];
  ids: WeakMap<Token, string>;
  summary: string;
} {
  const tokens = _marked.lexer(markdown);
  const slugger = new GithubSlugger();
  const headings: MarkdownHeading[] = [];
  const ids = new WeakMap<Token, string>();
  let summary: string | undefined;
  _marked.walkTokens(tokens, (t) => {
    if (t.type === "heading") {
      const text = _plain(t.tokens ?? []).trim();
      const id = slugger.slug(text);
      ids.set(t, id);
      headings.push({ depth: t.depth, text, id });
    } else if (t.type === "paragraph" && summary === undefined) {
      summary = _plain(t.tokens ?? []).replace(/\s+/g, " ").trim();
    }
  });
  return { tokens, headings, ids, summary: summary ?? "" };
}

/**
 * The headings of a Markdown page with their GitHub anchors.
 *
 * @param markdown the page
 * @returns every heading in document order
 * @example
 * ```ts
 * markdownHeadings("# Install\n## Cursor\n## Cursor")
 *   .map((h) => h.id); // ["install", "cursor", "cursor-1"]
 * ```
 */
export function markdownHeadings(markdown: string): MarkdownHeading[] {
  return _lex(markdown).headings;
}

/**
 * Every link and image target of a Markdown page as written (reference-style links resolved;
 * nothing inside code).
 *
 * @param markdown the page
 * @returns the targets in document order, e.g. `["mcp.md", "#limits", "https://..."]`
 */
export function markdownLinks(markdown: string): string[] {
  const out: string[] = [];
  _marked.walkTokens(_marked.lexer(markdown), (t) => {
    if (t.type === "link" || t.type === "image") out.push(t.href);
  });
  return out;
}

/**
 * True for a link target that names no scheme and is no site path: a path relative to the page
 * (`mcp.md`, `../README.md#run`) or an anchor of the page itself (`#limits`).
 *
 * @param href a link target as written
 * @returns whether it is relative
 */
export function isRelativeLink(href: string): boolean {
  return !_SCHEME.test(href) && !href.startsWith("/");
}

/**
 * Renders a Markdown page to HTML: headings with GitHub's anchors, raw HTML escaped (comments
 * dropped), tables wrapped to scroll sideways, link targets passed through `rewrite` and unsafe
 * schemes (`javascript:`, `data:` ...) shown as text.
 *
 * @param markdown the page
 * @param rewrite where each link or image target should point (default: as written)
 * @returns the HTML, the headings and the first paragraph's text
 * @example
 * ```ts
 * renderMarkdown("## Limits <b>\n").html; // '<h2 id="limits-b">Limits &lt;b&gt;</h2>\n'
 * ```
 */
export function renderMarkdown(
  markdown: string,
  rewrite: LinkRewrite = (href) => href,
): RenderedMarkdown {
  const { tokens, headings, ids, summary } = _lex(markdown);
  const target = (href: string): string | null => {
    if (_SCHEME.test(href) && !_SAFE_SCHEME.test(href)) return null;
    const to = rewrite(href);
    return to === null || (_SCHEME.test(to) && !_SAFE_SCHEME.test(to)) ? null : to;
  };
  const base = new Renderer();
  const renderer = new Renderer();
  renderer.heading = function (token) {
    const id = ids.get(token) ?? "";
    const body = this.parser.parseInline(token.tokens);
    return `<h${token.depth} id="${_escape(id)}">${body}</h${token.depth}>\n`;
  };
  renderer.html = (token) => {
    if (token.text.trimStart().startsWith("<!--")) return "";
    return token.block ? `<p>${_escape(token.text.trim())}</p>\n` : _escape(token.text);
  };
  renderer.link = function (token) {
    const href = target(token.href);
    if (href === null) return this.parser.parseInline(token.tokens);
    return base.link.call(this, { ...token, href });
  };
  renderer.image = function (token) {
    const href = target(token.href);
    return href === null ? _escape(token.text) : base.image.call(this, { ...token, href });
  };
  renderer.table = function (token) {
    return `<div class="table-scroll">${base.table.call(this, token)}</div>\n`;
  };
  const html = _marked.parser(tokens, { ..._marked.defaults, renderer });
  return { html, headings, summary };
}
