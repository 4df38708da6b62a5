/**
 * The page frame of the public site (head with title, description, canonical link and JSON-LD;
 * header with the product name and navigation; footer) and small shared components.
 *
 * Everything is rendered on the server with `hono/jsx`, which escapes text and attributes. The
 * only raw HTML is the JSON-LD block, serialized by {@link jsonLdText} so it cannot close its
 * `<script>` element, and the guides' Markdown rendered by `markdown.ts` (which escapes the
 * Markdown's own raw HTML).
 *
 * @module
 */
import type { Child } from "hono/jsx";
import { PricingFilter } from "../catalog/schemas.ts";
import type { PricingModel } from "../model/tool.ts";
import type { SiteAssets } from "./assets.ts";

/** Navigation sections of the header. */
export type NavSection = "search" | "taxonomy" | "prices" | "docs";

/** What every page says about itself in `<head>`. */
export interface PageMeta {
  /** Page title without the product name. */
  title: string;
  /** Meta description (one or two sentences). */
  description: string;
  /** Canonical URL: `{baseUrl}{path}`. */
  canonical: string;
  /** schema.org data for a JSON-LD block. */
  jsonLd?: unknown;
  /** Keep the page out of search indexes (search results, error pages). */
  noindex?: boolean;
  /** Highlighted navigation entry. */
  nav?: NavSection;
}

/** Product name shown in the header and titles. */
export const PRODUCT_NAME = "toolatlas";

const _NAV: { id: NavSection; href: string; label: string }[] = [
  { id: "search", href: "/", label: "Search" },
  { id: "taxonomy", href: "/taxonomy", label: "Taxonomy" },
  { id: "prices", href: "/llm-prices", label: "LLM prices" },
  { id: "docs", href: "/docs", label: "API docs" },
];

/**
 * Serializes JSON-LD for a `<script type="application/ld+json">` element: `<`, `>` and `&` become
 * `\u003c`, `\u003e`, `\u0026` (and U+2028/2029 are escaped), so no value can end the element.
 *
 * @param data the schema.org object
 * @returns JSON text safe to place inside the script element
 * @example
 * ```ts
 * jsonLdText({ name: "</script>" }); // '{"name":"\\u003c/script\\u003e"}'
 * ```
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The page frame.
 *
 * @param props page metadata, the site assets and the page body
 * @returns the `<html>` element
 */
export function Layout(props: PageMeta & { assets: SiteAssets; children?: Child }) {
  const title = props.title === PRODUCT_NAME ? PRODUCT_NAME : `${props.title} · ${PRODUCT_NAME}`;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={props.description} />
        <link rel="canonical" href={props.canonical} />
        {props.noindex && <meta name="robots" content="noindex, follow" />}
        <meta property="og:type" content="website" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={props.description} />
        <meta property="og:url" content={props.canonical} />
        <link rel="icon" type="image/svg+xml" href={props.assets.icon.url} />
        <link rel="stylesheet" href={props.assets.css.url} />
        {props.jsonLd !== undefined && (
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: jsonLdText(props.jsonLd) }}
          />
        )}
        <script src={props.assets.js.url} defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="site-header">
          <div class="wrap">
            <a class="brand" href="/">
              <span class="brand-mark" aria-hidden="true">ta</span>
              {PRODUCT_NAME}
            </a>
            <nav class="site-nav" aria-label="Main">
              <ul>
                {_NAV.map((n) => (
                  <li>
                    <a href={n.href} aria-current={props.nav === n.id ? "page" : undefined}>
                      {n.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" class="wrap">{props.children}</main>
        <footer class="site-footer">
          <div class="wrap">
            {PRODUCT_NAME}: a directory of AI tools, MCP servers and first-party LLM list prices,
            built from public catalogs (each page names its sources and their licences). Data is
            also available as a <a href="/docs">REST API</a> and a remote MCP server at{" "}
            <code>/mcp</code>. <a href="/docs/guides">Guides</a> ·{" "}
            <a href="/docs">API reference (OpenAPI)</a>
          </div>
        </footer>
      </body>
    </html>
  );
}

/** One crumb: a label with an optional link (the last crumb is the current page). */
export interface Crumb {
  label: string;
  href?: string;
}

/**
 * Breadcrumb navigation.
 *
 * @param props the crumbs, outermost first
 * @returns a `<nav>` with an ordered list
 */
export function Breadcrumbs(props: { items: Crumb[] }) {
  return (
    <nav class="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {props.items.map((c, i) => (
          <li>
            {c.href !== undefined && i < props.items.length - 1
              ? <a href={c.href}>{c.label}</a>
              : (
                <span aria-current={i === props.items.length - 1 ? "page" : undefined}>
                  {c.label}
                </span>
              )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A taxonomy node on an entry's path, facet first. */
export interface PathNode {
  id: string;
  name: string;
}

/**
 * An entry's taxonomy path as links (facet › subcategory › leaf), plus secondary leaves.
 *
 * @param props the path and the secondary leaves
 * @returns the path, or "Unclassified"
 */
export function TaxonomyTrail(props: { path: PathNode[]; also: PathNode[] }) {
  if (props.path.length === 0) return <span class="muted">Unclassified</span>;
  return (
    <>
      <ol class="path" aria-label="Taxonomy path">
        {props.path.map((n, i) => (
          <li>
            {i > 0 && "› "}
            <a href={`/taxonomy/${n.id}`}>{n.name}</a>
          </li>
        ))}
      </ol>
      {props.also.length > 0 && (
        <div class="small muted">
          Also fits: {props.also.map((n, i) => (
            <>
              {i > 0 && ", "}
              <a href={`/taxonomy/${n.id}`}>{n.name}</a>
            </>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The trust badge of an MCP server, colored by grade (A green ... E red).
 *
 * @param props score and grade (null when unscored)
 * @returns a `<span>` badge
 */
export function TrustBadge(props: { score: number | null; grade: string | null; large?: boolean }) {
  if (props.score === null || props.grade === null) {
    return <span class="badge trust grade-none" title="No trust score">Trust: n/a</span>;
  }
  return (
    <span
      class={`badge trust grade-${props.grade}`}
      title={`Trust score ${props.score}/100, grade ${props.grade}`}
    >
      {props.large ? props.grade : `${props.grade} · ${props.score}`}
    </span>
  );
}

/** Display labels of the pricing models (and of `unknown`, when no source states one). */
const _PRICING: Readonly<Record<PricingModel | "unknown", string>> = {
  free: "Free",
  freemium: "Freemium",
  free_trial: "Free trial",
  paid: "Paid",
  contact: "Contact sales",
  open_source: "Open source",
  unknown: "Plans not stated",
};

/**
 * Display label of a pricing model.
 *
 * @param pricing model id, e.g. `free_trial`
 * @returns the label, e.g. `Free trial`
 */
export function pricingLabel(pricing: string): string {
  return _PRICING[pricing as PricingModel] ?? pricing;
}

/**
 * The pricing filter values of the search page (the values the tool search accepts), with
 * labels; `free` means any tool with a free tier.
 */
export const PRICING_OPTIONS: { value: string; label: string }[] = PricingFilter.options.map((
  value,
) => ({ value, label: value === "free" ? "Has a free tier" : _PRICING[value] }));

/**
 * A URL from catalog data that is safe to link: only `http:` and `https:` (never `javascript:`).
 *
 * @param url the URL as the catalog holds it
 * @returns the URL, or `null` when it is absent or of another scheme
 * @example
 * ```ts
 * safeUrl("javascript:alert(1)"); // null
 * ```
 */
export function safeUrl(url: string | null | undefined): string | null {
  return url && /^https?:\/\/[^\s]+$/i.test(url.trim()) ? url.trim() : null;
}

/**
 * Formats a whole number with thousands separators.
 *
 * @param n the number (null gives an en dash)
 * @returns e.g. `12,345`
 */
export function formatCount(n: number | null | undefined): string {
  return n === null || n === undefined ? "–" : n.toLocaleString("en-US");
}

/**
 * Formats the date part of an ISO 8601 time.
 *
 * @param iso time or date (null gives an en dash)
 * @returns `YYYY-MM-DD`
 */
export function formatDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 10) : "–";
}

/**
 * Text with `backtick` spans shown as code (notes of the install generators use them).
 *
 * @param text plain text
 * @returns text and `<code>` elements, escaped by the renderer
 */
export function inlineCode(text: string) {
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 === 1 ? <code>{part}</code> : part));
}

/**
 * The caption and column headers of a data table.
 *
 * @param props.caption what the table lists
 * @param props.columns the column headers, in order
 * @returns the `<caption>` and `<thead>` of the table
 */
export function TableHead(props: { caption: string; columns: string[] }) {
  // Server-rendered only: no reconciliation needs keys, and hono/jsx would print `key`.
  // deno-lint-ignore jsx-key
  const headers = props.columns.map((c) => <th scope="col">{c}</th>);
  return (
    <>
      <caption class="small muted">{props.caption}</caption>
      <thead>
        <tr>{headers}</tr>
      </thead>
    </>
  );
}
