/**
 * The public site: server-rendered pages for every `svcUrl` and a search page, mounted at the root
 * of the app. Pages live outside `/api/v1` and `/mcp`, so they never count against a quota; the
 * search page asks {@link SiteOptions.searchAccess} first (fair use, the tier's entitlements). Each page sets a CDN-friendly `Cache-Control` (404s shorter),
 * a strict Content-Security-Policy (only the site's own stylesheet and script), a canonical link
 * and, on detail pages, schema.org JSON-LD.
 *
 * | path | page |
 * | --- | --- |
 * | `/` | search AI tools or MCP servers (`?q=&kind=tools|servers&category=&pricing=&hosting=&taxon=&page=&safe=off`) |
 * | `/tools/{slug}` | one AI tool |
 * | `/servers/{name}` | one MCP server (the name keeps its `/`) |
 * | `/taxonomy`, `/taxonomy/{id}` | taxonomy browsing with counts |
 * | `/llm-prices` | LLM list prices (`?sort=input|output|cached|context|provider&dir=asc|desc`) |
 * | `/docs` | the OpenAPI document rendered as HTML |
 * | `/docs/guides`, `/docs/{page}` | the guides of `docs/*.md`: their list, one page |
 * | `/static/site.css`, `/static/site.js` | the site's own assets |
 *
 * @module
 */
import { type Context, Hono } from "hono";
import type { Child } from "hono/jsx";
import type { z } from "zod";
import type { CatalogContext } from "../catalog/context.ts";
import { ALL_GRANTS, type Grants } from "../catalog/grants.ts";
import { getInstallConfig } from "../catalog/install.ts";
import { findPrices } from "../catalog/prices.ts";
import {
  MAX_OFFSET,
  MAX_QUERY_LENGTH,
  type TaxonomyOutput,
  type TaxonomyPlacement,
} from "../catalog/schemas.ts";
import { PRICE_SORTS, type PriceSort } from "../catalog/price_schemas.ts";
import { getServer, searchServers, serverFilters } from "../catalog/servers.ts";
import { getTaxonomy, getTaxonomyNode, taxonomyFilter } from "../catalog/taxonomy.ts";
import { listCategories, searchTools } from "../catalog/tools.ts";
import { getTool } from "../catalog/tool_details.ts";
import { NEWEST_IN_DETAILS, readUserReviews } from "../catalog/user_reviews.ts";
import { canonicalToolCategory } from "../catalog/tool_categories.ts";
import { AppError } from "../errors.ts";
import { assetResponse, loadAssets } from "./assets.ts";
import { type ApiDocument, DocsPage } from "./docs_page.tsx";
import {
  DocPageView,
  DOCS_DIR,
  DOCS_INDEX_PATH,
  DocsIndexView,
  loadDocPages,
} from "./docs_md_page.tsx";
import { SelfInstallSection } from "./install_links.tsx";
import { selfInstallConfigs } from "../install/self.ts";
import { Layout, type PageMeta, PRODUCT_NAME } from "./layout.tsx";
import { type PriceParams, PricesPage } from "./prices_page.tsx";
import {
  type SearchKind,
  SearchPage,
  type SearchParams,
  type SearchResults,
} from "./search_page.tsx";
import { serverJsonLd, ServerPage } from "./server_page.tsx";
import { TaxonomyNodePage, TaxonomyPage } from "./taxonomy_page.tsx";
import { type PathNode, toolJsonLd, ToolPage } from "./tool_page.tsx";

/** `Cache-Control` of pages: five minutes fresh, a day stale while a CDN revalidates. */
export const PAGE_CACHE = "public, max-age=300, stale-while-revalidate=86400";
/** `Cache-Control` of not-found pages: one minute. */
export const NOT_FOUND_CACHE = "public, max-age=60";
/** `Cache-Control` of rejected input (400). */
export const ERROR_CACHE = "no-store";

/** Content-Security-Policy of every page: the site's own files only; JSON-LD is not executed. */
export const CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Results per page of the search page. */
export const PAGE_SIZE = 20;

/** Catalog data every request would otherwise recompute; the catalog is read-only. */
interface _Cached {
  counts: { tools: number; servers: number; prices: number };
  toolCategories: { value: string; label: string; count: number }[];
  serverCategories: { value: string; label: string; count: number }[];
  tree: z.infer<typeof TaxonomyOutput>;
  /** Number of priced models. */
  priceCount: number;
  providers: { id: string; name: string }[];
}

const _cache = new WeakMap<CatalogContext, _Cached>();

function _cached(ctx: CatalogContext): _Cached {
  let c = _cache.get(ctx);
  if (!c) {
    const prices = findPrices(ctx, {});
    const providers = new Map(prices.map((p) => [p.provider, p.providerName]));
    c = {
      counts: ctx.store.counts(),
      toolCategories: listCategories(ctx, {}).categories.map((x) => ({
        value: x.slug,
        label: x.name,
        count: x.toolCount,
      })),
      serverCategories: serverFilters(ctx, {}).categories,
      tree: getTaxonomy(ctx, {}),
      priceCount: prices.length,
      providers: [...providers].map(([id, name]) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
    _cache.set(ctx, c);
  }
  return c;
}

/**
 * True for paths the site answers (everything outside `/api/` and `/mcp`), so unknown ones get
 * the HTML 404 page rather than a problem document.
 *
 * @param path URL path
 * @returns whether the path belongs to the site
 */
export function isSitePath(path: string): boolean {
  return !(path === "/api" || path.startsWith("/api/") || path === "/mcp" ||
    path.startsWith("/mcp/"));
}

async function _page(
  c: Context,
  ctx: CatalogContext,
  meta: Omit<PageMeta, "canonical"> & { path: string },
  body: Child,
  options: { status?: number; cache?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const assets = await loadAssets();
  const { path, ...rest } = meta;
  const node = (
    <Layout {...rest} canonical={`${ctx.baseUrl}${path}`} assets={assets}>
      {body}
    </Layout>
  );
  const html = `<!DOCTYPE html>${(await node).toString()}`;
  return c.body(html, (options.status ?? 200) as 200, {
    "content-type": "text/html; charset=UTF-8",
    "cache-control": options.cache ?? PAGE_CACHE,
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    ...options.headers,
  });
}

/** The notice shown instead of an adult entry's page unless the visitor asked for `safe=off`. */
function AdultNotice(props: { name: string; reasons: string[]; path: string }) {
  return (
    <section class="card">
      <h1>{props.name}</h1>
      <p class="lead">
        This entry is marked adult ({props.reasons.join("; ")}), so the site hides it by default.
      </p>
      <p>
        <a class="button" href={`${props.path}?safe=off`} rel="nofollow">Show it anyway</a>
      </p>
    </section>
  );
}

/** An adult entry's notice page (200, not indexed) unless the query has `safe=off`. */
function _adultGate(
  c: Context,
  ctx: CatalogContext,
  entry: { name: string; path: string; content: { adult: boolean; reasons: string[] } },
): Promise<Response> | undefined {
  if (!entry.content.adult || _one(c, "safe") === "off") return undefined;
  return _page(
    c,
    ctx,
    {
      title: entry.name,
      description: "An adult entry, hidden by default.",
      path: entry.path,
      noindex: true,
    },
    <AdultNotice name={entry.name} reasons={entry.content.reasons} path={entry.path} />,
  );
}

function NotFoundBody(props: { what: string }) {
  return (
    <section class="not-found">
      <div class="code" aria-hidden="true">404</div>
      <h1>Not found</h1>
      <p class="lead">{props.what}</p>
      <form method="get" action="/" role="search" class="search nf-form card">
        <div>
          <label for="nf-q">Search AI tools</label>
          <input id="nf-q" type="search" name="q" />
        </div>
        <div>
          <button type="submit">Search</button>
        </div>
      </form>
      <p>
        <a href="/">Home</a> · <a href="/taxonomy">Taxonomy</a> ·{" "}
        <a href="/llm-prices">LLM prices</a>
      </p>
    </section>
  );
}

/**
 * The HTML 404 page.
 *
 * @param c request context
 * @param ctx catalog context (for the canonical base URL)
 * @param what sentence saying what was not found
 * @returns a 404 response with a short cache lifetime
 */
export function siteNotFound(
  c: Context,
  ctx: CatalogContext,
  what = "There is no page at this address.",
): Promise<Response> {
  return _page(
    c,
    ctx,
    {
      title: "Not found",
      description: what,
      path: new URL(c.req.url).pathname,
      noindex: true,
    },
    <NotFoundBody what={what} />,
    { status: 404, cache: NOT_FOUND_CACHE },
  );
}

/** `not_found` (or an id the schema rejects) on a detail page is a 404; anything else is thrown. */
function _isMissing(error: unknown): boolean {
  return error instanceof AppError &&
    (error.code === "not_found" || error.code === "invalid_parameter" ||
      error.code === "missing_parameter");
}

/**
 * Runs the lookup of a detail page: its result, or `undefined` where the entry is missing
 * ({@link _isMissing}); any other error is thrown.
 */
function _found<T>(lookup: () => T): T | undefined {
  try {
    return lookup();
  } catch (e) {
    if (_isMissing(e)) return undefined;
    throw e;
  }
}

/**
 * The page of one tool or server at its own path (from `svcUrl`), or the adult notice in its
 * place, titled `name` ({@link _adultGate}); `body` is only rendered for the page itself.
 */
function _entryPage(
  c: Context,
  ctx: CatalogContext,
  name: string,
  entry: { svcUrl: string; content: { adult: boolean; reasons: string[] } },
  meta: { title: string; description: string; jsonLd: unknown },
  body: () => Child,
): Promise<Response> {
  const path = new URL(entry.svcUrl).pathname;
  return _adultGate(c, ctx, { name, path, content: entry.content }) ??
    _page(c, ctx, { ...meta, path, nav: "search" }, body());
}

function _one(c: Context, name: string): string {
  return (c.req.query(name) ?? "").trim();
}

function _searchParams(c: Context, ctx: CatalogContext): SearchParams {
  const kind: SearchKind = _one(c, "kind") === "servers" ? "servers" : "tools";
  const page = Number.parseInt(_one(c, "page"), 10);
  const maxPage = Math.floor(MAX_OFFSET / PAGE_SIZE) + 1;
  const p: SearchParams = {
    q: _one(c, "q").slice(0, MAX_QUERY_LENGTH),
    kind,
    category: _one(c, "category"),
    pricing: kind === "tools" ? _one(c, "pricing") : "",
    hosting: kind === "servers" ? _one(c, "hosting") : "",
    page: Number.isFinite(page) && page > 1 ? Math.min(page, maxPage) : 1,
    cursor: kind === "servers" ? _one(c, "cursor") : "",
    taxon: _one(c, "taxon"),
    safe: _one(c, "safe") === "off" ? "off" : "on",
  };
  // A category given by name (links from detail pages) selects its option; a tool category also
  // by an old source label ("Image Generators" selects "Image Generation").
  const options = kind === "tools" ? _cached(ctx).toolCategories : _cached(ctx).serverCategories;
  const find = (name: string) =>
    options.find((o) => o.value === name || o.label.toLowerCase() === name.toLowerCase());
  const canonical = kind === "tools" ? canonicalToolCategory(p.category) : undefined;
  const match = find(p.category) ?? (canonical === undefined ? undefined : find(canonical));
  if (match) p.category = match.value;
  return p;
}

async function _search(
  ctx: CatalogContext,
  p: SearchParams,
  grants: Grants = ALL_GRANTS,
): Promise<SearchResults> {
  const taxon = p.taxon ? taxonomyFilter(ctx, p.taxon, p.kind) : {};
  const base = {
    ...(p.q && { q: p.q }),
    ...(p.category && { category: p.category }),
    ...(p.safe === "off" && { safe: "off" }),
    limit: PAGE_SIZE,
  };
  if (p.kind === "tools") {
    return {
      kind: "tools",
      data: await searchTools(ctx, {
        ...base,
        ...taxon,
        ...(p.pricing && { pricing: p.pricing }),
        offset: (p.page - 1) * PAGE_SIZE,
      }, grants),
    };
  }
  return {
    kind: "servers",
    data: await searchServers(ctx, {
      ...base,
      ...taxon,
      ...(p.hosting && { hosting: p.hosting }),
      ...(p.cursor && { cursor: p.cursor }),
    }, grants),
  };
}

function _empty(kind: SearchKind): SearchResults {
  return kind === "tools"
    ? { kind, data: { results: [], total: 0 } }
    : { kind, data: { summary: "", results: [], total: 0, nextCursor: null } };
}

function _truncate(text: string, max = 160): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/** Names of a placement's facet, subcategory and leaf, and of its secondary leaves. */
function _trail(
  ctx: CatalogContext,
  placement: z.infer<typeof TaxonomyPlacement> | null,
): { path: PathNode[]; also: PathNode[] } {
  const nodes = (ids: string[]) =>
    ids.flatMap((id) => {
      const n = ctx.taxonomy.byId.get(id)?.node;
      return n ? [{ id: n.id, name: n.name }] : [];
    });
  if (placement === null) return { path: [], also: [] };
  return {
    path: nodes([placement.facetId, placement.subcategoryId, placement.leafId]),
    also: nodes(placement.secondary.map((s) => s.leafId)),
  };
}

function _priceParams(c: Context): PriceParams {
  const sort = _one(c, "sort");
  return {
    sort: (PRICE_SORTS as readonly string[]).includes(sort) ? sort as PriceSort : "provider",
    dir: _one(c, "dir") === "desc" ? "desc" : "asc",
    provider: _one(c, "provider").toLowerCase(),
    q: _one(c, "q").slice(0, 200),
  };
}

/** Options of {@link siteRoutes}. */
export interface SiteOptions {
  /**
   * Admits a search (`GET /`): fair use and the caller's entitlements. Throws an `AppError` to
   * refuse (its status and message are shown on the page, with `Retry-After` when given).
   */
  searchAccess?: (c: Context) => Promise<Grants>;
  /**
   * The OpenAPI document `/docs` renders (the HTTP layer generates it); without it `/docs` is a
   * 404.
   */
  apiDocument?: () => ApiDocument;
  /** The folder of the guides served at `/docs/{page}` (default: the repository's `docs/`). */
  docsDir?: URL;
}

/**
 * Builds the site's routes over a catalog.
 *
 * @param ctx the catalog context
 * @param options the search access check (none: every search is admitted) and the API document
 * @returns a Hono app to mount at `/`
 * @example
 * ```ts
 * app.route("/", siteRoutes(ctx));
 * const res = await app.request("/tools/scribe"); // text/html
 * ```
 */
export function siteRoutes(ctx: CatalogContext, options: SiteOptions = {}): Hono {
  const site = new Hono();
  // toolatlas's own configs for the home page, from the install generators.
  const selfConfigs = selfInstallConfigs(ctx.baseUrl);

  site.get("/static/:file", async (c) => {
    const assets = await loadAssets();
    const asset = Object.values(assets).find((a) => a.path === c.req.path);
    if (!asset) return siteNotFound(c, ctx);
    return assetResponse(asset, c.req.header("if-none-match"));
  });

  site.get("/", async (c) => {
    const p = _searchParams(c, ctx);
    const cached = _cached(ctx);
    let results: SearchResults;
    let error: { message: string; status: number; headers: Record<string, string> } | undefined;
    try {
      results = await _search(ctx, p, await options.searchAccess?.(c));
    } catch (e) {
      if (!(e instanceof AppError) || e.code === "internal_error") throw e;
      results = _empty(p.kind);
      const retry = e.details.retryAfter;
      error = {
        message: e.message,
        status: e.status,
        headers: typeof retry === "number" ? { "retry-after": String(retry) } : {},
      };
    }
    const filtered = p.q || p.category || p.pricing || p.hosting || p.taxon || p.page > 1;
    const noun = p.kind === "tools" ? "AI tools" : "MCP servers";
    const taxonName = p.taxon ? ctx.taxonomy.byId.get(p.taxon)?.node.name : undefined;
    return _page(
      c,
      ctx,
      {
        title: p.q ? `${p.q}: ${noun}` : filtered ? `Search ${noun}` : PRODUCT_NAME,
        description:
          `Search ${cached.counts.tools} AI tools and ${cached.counts.servers} MCP servers: pricing, features, alternatives, trust scores and install configs.`,
        path: "/",
        nav: "search",
        ...(filtered && { noindex: true }),
      },
      <>
        <SearchPage
          params={p}
          results={results}
          pageSize={PAGE_SIZE}
          categories={p.kind === "tools" ? cached.toolCategories : cached.serverCategories}
          counts={cached.counts}
          {...(error && { error: error.message })}
          {...(taxonName !== undefined && { taxonName })}
        />
        {!filtered && <SelfInstallSection configs={selfConfigs} />}
      </>,
      error ? { status: error.status, cache: ERROR_CACHE, headers: error.headers } : {},
    );
  });

  site.get("/tools/:slug", async (c) => {
    const slug = c.req.param("slug");
    const tool = _found(() => getTool(ctx, { slug }));
    if (tool === undefined) return siteNotFound(c, ctx, `No AI tool has the slug "${slug}".`);
    // Users' reviews, when the app has a review store (`userReviews` absent: no section).
    const reviews = ctx.reviews &&
      { userReviews: await readUserReviews(ctx, "tool", tool.slug, NEWEST_IN_DETAILS) };
    return _entryPage(c, ctx, tool.name, tool, {
      title: `${tool.name}: pricing, features and alternatives`,
      description: _truncate(tool.description || `${tool.name}, a ${tool.category} AI tool.`),
      jsonLd: toolJsonLd(tool),
    }, () => {
      const trail = _trail(ctx, tool.taxonomy);
      return <ToolPage tool={tool} path={trail.path} also={trail.also} {...reviews} />;
    });
  });

  site.get("/servers/:name{.+}", async (c) => {
    const name = c.req.param("name");
    const found = _found(() => {
      const server = getServer(ctx, { name });
      return { server, install: getInstallConfig(ctx, { name: server.name }) };
    });
    if (found === undefined) return siteNotFound(c, ctx, `No MCP server is named "${name}".`);
    const { server, install } = found;
    const reviews = ctx.reviews &&
      { userReviews: await readUserReviews(ctx, "server", server.name, NEWEST_IN_DETAILS) };
    return _entryPage(c, ctx, server.title, server, {
      title: `${server.title} MCP server: install config and trust score`,
      description: _truncate(server.description || `${server.title}, an MCP server.`),
      jsonLd: serverJsonLd(server),
    }, () => (
      <ServerPage
        server={server}
        install={install}
        {..._trail(ctx, server.taxonomy)}
        {...reviews}
      />
    ));
  });

  site.get("/taxonomy", (c) => {
    const { tree } = _cached(ctx);
    return _page(
      c,
      ctx,
      {
        title: "Taxonomy",
        description:
          `Browse AI tools and MCP servers by ${tree.counts.facets} facets, ${tree.counts.subcategories} subcategories and ${tree.counts.leaves} leaves.`,
        path: "/taxonomy",
        nav: "taxonomy",
      },
      <TaxonomyPage tree={tree} />,
    );
  });

  site.get("/taxonomy/:id", async (c) => {
    const id = c.req.param("id");
    const view = _found(() => getTaxonomyNode(ctx, id));
    if (view === undefined) return siteNotFound(c, ctx, `No taxonomy node has the id "${id}".`);
    const { node, level, ancestors } = view;
    const tools = await searchTools(ctx, { ...taxonomyFilter(ctx, id, "tools"), limit: 10 });
    const servers = level === "subcategory"
      ? null
      : await searchServers(ctx, { ...taxonomyFilter(ctx, id, "servers"), limit: 10 });
    return _page(
      c,
      ctx,
      {
        title: `${node.name}: AI tools and MCP servers`,
        description: _truncate(
          `${node.description} ${node.toolCount} AI tools and ${node.serverCount} MCP servers.`,
        ),
        path: `/taxonomy/${id}`,
        nav: "taxonomy",
      },
      <TaxonomyNodePage
        node={node}
        level={level}
        ancestors={ancestors}
        tools={tools}
        servers={servers}
      />,
    );
  });

  site.get("/llm-prices", (c) => {
    const p = _priceParams(c);
    const cached = _cached(ctx);
    const rows = findPrices(ctx, {
      ...(p.provider && { provider: p.provider }),
      ...(p.q && { q: p.q }),
      sort: p.sort,
      dir: p.dir,
    });
    return _page(
      c,
      ctx,
      {
        title: "LLM list prices",
        description:
          `First-party list prices of ${cached.priceCount} LLMs: input, output, cached input, long-context tiers and web-search fees, each dated and labelled checked, effective, released or synced.`,
        path: "/llm-prices",
        nav: "prices",
      },
      <PricesPage
        params={p}
        prices={rows}
        providers={cached.providers}
        total={cached.priceCount}
      />,
    );
  });

  const docsDir = options.docsDir ?? DOCS_DIR;
  site.get(DOCS_INDEX_PATH, async (c) => {
    const pages = [...(await loadDocPages(docsDir)).values()]
      .sort((a, b) => a.title.localeCompare(b.title, "en"));
    return _page(
      c,
      ctx,
      {
        title: "Guides",
        description:
          "toolatlas guides: running it, the REST API, MCP, install configs, search and ranking, the catalog build and operations.",
        path: DOCS_INDEX_PATH,
        nav: "docs",
      },
      <DocsIndexView pages={pages} />,
    );
  });

  site.get("/docs/:page", async (c) => {
    const name = c.req.param("page");
    const pages = await loadDocPages(docsDir);
    // `/docs/mcp.md` (a link copied from the repository) is the page `/docs/mcp`.
    const bare = name.endsWith(".md") ? name.slice(0, -3) : undefined;
    if (bare !== undefined && pages.has(bare)) return c.redirect(`/docs/${bare}`, 301);
    const page = pages.get(name);
    if (!page) return siteNotFound(c, ctx, `No guide is named "${name}".`);
    return _page(
      c,
      ctx,
      {
        title: page.title,
        description: _truncate(page.summary || `${page.title}: a toolatlas guide.`),
        path: page.path,
        nav: "docs",
      },
      <DocPageView page={page} />,
    );
  });

  const apiDocument = options.apiDocument;
  if (!apiDocument) return site;
  site.get("/docs", (c) =>
    _page(
      c,
      ctx,
      {
        title: "API documentation",
        description:
          "REST API of toolatlas: endpoints, parameters, response schemas, errors and rate limits (OpenAPI 3.1).",
        path: "/docs",
        nav: "docs",
      },
      <DocsPage doc={apiDocument()} />,
    ));

  return site;
}
