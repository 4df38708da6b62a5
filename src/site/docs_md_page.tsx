/**
 * The project's guides on the site: `/docs/{page}` shows `docs/{page}.md` of the repository
 * rendered from Markdown (`markdown.ts`), with a table of contents of its sections and in-page
 * anchors as GitHub makes them; `/docs/guides` lists every page by its first heading. (`/docs`
 * itself is the OpenAPI reference, `docs_page.tsx`.)
 *
 * Only the `.md` files found in the folder when it is first read are pages: a page is looked up
 * by name in that list, never by building a path, so no request can read another file. Links
 * between pages (`mcp.md#tools`) point at the page on the site (`/docs/mcp#tools`); links to other
 * files of the repository (`../src/...`) are left as written.
 *
 * @module
 */
import { Breadcrumbs } from "./layout.tsx";
import { isRelativeLink, type MarkdownHeading, renderMarkdown } from "./markdown.ts";

/** The folder of the guides: `docs/` of the repository. */
export const DOCS_DIR: URL = new URL("../../docs/", import.meta.url);

/** Path of the list of guides (`/docs` is the OpenAPI reference). */
export const DOCS_INDEX_PATH = "/docs/guides";

/** Headings shown in a page's table of contents: `##` and `###`. */
const _TOC_DEPTHS: readonly number[] = [2, 3];

/** One guide, rendered. */
export interface DocPage {
  /** File name without `.md`, e.g. `rest-api`. */
  name: string;
  /** Its site path, e.g. `/docs/rest-api`. */
  path: string;
  /** The first heading's text, or the name when the page has none. */
  title: string;
  /** Text of the first paragraph (for the list and the meta description), or `""`. */
  summary: string;
  /** The page as HTML (raw HTML of the source escaped, see `markdown.ts`). */
  html: string;
  /** Every heading with its anchor, in document order. */
  headings: MarkdownHeading[];
}

/**
 * Where a link of a guide points on the site: a relative link to another guide (`mcp.md`,
 * `./mcp.md#tools`, `../docs/mcp.md`) becomes its page (`/docs/mcp#tools`); anything else (an
 * anchor of the page, a repository file such as `../README.md`, an absolute URL) is left as
 * written.
 *
 * @param href the target as written in `docs/{page}.md`
 * @param pages names of the guides
 * @returns the target on the site
 * @example
 * ```ts
 * docsHref("install-configs.md#cursor", new Set(["install-configs"])); // "/docs/install-configs#cursor"
 * docsHref("../src/errors.ts", new Set()); // "../src/errors.ts"
 * ```
 */
export function docsHref(href: string, pages: ReadonlySet<string>): string {
  if (!isRelativeLink(href) || href.startsWith("#")) return href;
  const hash = href.indexOf("#");
  const path = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? "" : href.slice(hash);
  const resolved = new URL(path, "file:///repository/docs/").pathname;
  const match = /^\/repository\/docs\/([^/]+)\.md$/.exec(resolved);
  const name = match ? decodeURIComponent(match[1]!) : undefined;
  return name !== undefined && pages.has(name) ? `/docs/${name}${fragment}` : href;
}

const _loaded = new Map<string, Promise<ReadonlyMap<string, DocPage>>>();

async function _read(dir: URL): Promise<ReadonlyMap<string, DocPage>> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && entry.name.endsWith(".md")) names.push(entry.name.slice(0, -3));
    }
  } catch (e) {
    // A binary compiled without the folder serves no guides rather than failing.
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  names.sort();
  const set = new Set(names);
  const pages = new Map<string, DocPage>();
  for (const name of names) {
    const markdown = await Deno.readTextFile(new URL(`${encodeURIComponent(name)}.md`, dir));
    const { html, headings, summary } = renderMarkdown(markdown, (href) => docsHref(href, set));
    const title = headings.find((h) => h.depth === 1)?.text ?? headings[0]?.text ?? name;
    pages.set(name, { name, path: `/docs/${name}`, title, summary, html, headings });
  }
  return pages;
}

/**
 * The guides of a folder, each rendered once per process (the repository's files do not change
 * while it runs).
 *
 * @param dir the folder (default {@link DOCS_DIR})
 * @returns the pages by name, in name order (none when the folder does not exist)
 * @throws {Deno.errors.PermissionDenied} when the folder may not be read
 * @example
 * ```ts
 * (await loadDocPages()).get("rest-api")?.title; // "REST API (/api/v1)"
 * ```
 */
export function loadDocPages(dir: URL = DOCS_DIR): Promise<ReadonlyMap<string, DocPage>> {
  let pages = _loaded.get(dir.href);
  if (!pages) {
    pages = _read(dir);
    _loaded.set(dir.href, pages);
    pages.catch(() => _loaded.delete(dir.href));
  }
  return pages;
}

/** The table of contents: `##` headings, each with its `###` headings nested. */
function Toc(props: { headings: MarkdownHeading[] }) {
  const items: { h: MarkdownHeading; children: MarkdownHeading[] }[] = [];
  for (const h of props.headings) {
    if (!_TOC_DEPTHS.includes(h.depth)) continue;
    const last = items.at(-1);
    if (h.depth === 3 && last) last.children.push(h);
    else items.push({ h, children: [] });
  }
  if (items.length === 0) return null;
  return (
    <nav class="docs-toc card" aria-label="On this page">
      <p class="docs-toc-title">On this page</p>
      <ol>
        {items.map(({ h, children }) => (
          <li>
            <a href={`#${h.id}`}>{h.text}</a>
            {children.length > 0 && (
              <ol>
                {children.map((c) => (
                  <li>
                    <a href={`#${c.id}`}>{c.text}</a>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Where to go from any guide: the list of guides, the OpenAPI reference, the source file. */
function DocsLinks(props: { source?: string }) {
  return (
    <p class="small muted docs-links">
      <a href={DOCS_INDEX_PATH}>All guides</a> · <a href="/docs">API reference (OpenAPI)</a>
      {props.source !== undefined && (
        <>
          {" "}· Source: <code>{props.source}</code>
        </>
      )}
    </p>
  );
}

/**
 * The body of one guide: breadcrumbs, its table of contents and the rendered page.
 *
 * @param props the page
 * @returns the page content (inside the layout)
 */
export function DocPageView(props: { page: DocPage }) {
  const { page } = props;
  return (
    <>
      <Breadcrumbs items={[{ label: "Guides", href: DOCS_INDEX_PATH }, { label: page.title }]} />
      <div class="docs-layout">
        <Toc headings={page.headings} />
        <article class="markdown card" dangerouslySetInnerHTML={{ __html: page.html }} />
      </div>
      <DocsLinks source={`docs/${page.name}.md`} />
    </>
  );
}

/**
 * The list of guides: each page's first heading, linked, with its first paragraph.
 *
 * @param props the pages
 * @returns the page content (inside the layout)
 */
export function DocsIndexView(props: { pages: DocPage[] }) {
  return (
    <>
      <header class="page-head">
        <h1>Guides</h1>
        <p class="lead">
          How toolatlas works and how to use each of its interfaces, one topic per page (the
          Markdown files of the repository's{" "}
          <code>docs/</code>). The endpoints' parameters and schemas are in the{" "}
          <a href="/docs">API reference</a>.
        </p>
      </header>
      <section class="card" aria-label="Guides">
        <ul class="plain docs-index">
          {props.pages.map((p) => (
            <li>
              <a href={p.path}>
                <strong>{p.title}</strong>
              </a>{" "}
              <span class="small muted">
                <code>docs/{p.name}.md</code>
              </span>
              {p.summary && <div class="small">{_shorten(p.summary)}</div>}
            </li>
          ))}
        </ul>
      </section>
      <DocsLinks />
    </>
  );
}

function _shorten(text: string, max = 220): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}
