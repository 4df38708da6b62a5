/**
 * The search page (`/`): AI tools or MCP servers, with filters, as a plain GET form that works
 * without JavaScript (`/?q=...&kind=tools|servers&category=...&pricing=...&hosting=...&safe=off`).
 *
 * @module
 */
import type { Child } from "hono/jsx";
import type { z } from "zod";
import { MAX_OFFSET, MAX_QUERY_LENGTH } from "../catalog/schemas.ts";
import type { SearchServersOutput, ServerSummary } from "../catalog/server_schemas.ts";
import type { SearchToolsOutput } from "../catalog/tool_schemas.ts";
import { formatCount, PRICING_OPTIONS, pricingLabel, TrustBadge } from "./layout.tsx";

/** What the search page shows: tools or servers. */
export type SearchKind = "tools" | "servers";

/** The parameters of a search, as read from the query string. */
export interface SearchParams {
  q: string;
  kind: SearchKind;
  category: string;
  pricing: string;
  hosting: string;
  /** 1-based page number. */
  page: number;
  /** Server search only: `nextCursor` of the previous page. */
  cursor: string;
  /** Taxonomy node id (facet, subcategory or leaf) the results are restricted to. */
  taxon: string;
  /** `off` includes adult entries (the "Include adult results" toggle); default `on`. */
  safe: "on" | "off";
}

/** Results of one page, of either kind. */
export type SearchResults =
  | { kind: "tools"; data: z.infer<typeof SearchToolsOutput> }
  | { kind: "servers"; data: z.infer<typeof SearchServersOutput> };

/** Props of {@link SearchPage}. */
export interface SearchPageProps {
  params: SearchParams;
  results: SearchResults;
  /** Results per page. */
  pageSize: number;
  /** Category filter options of the current kind. */
  categories: { value: string; label: string; count: number }[];
  /** Catalog totals for the hero. */
  counts: { tools: number; servers: number; prices: number };
  /** A message about rejected input (status 400), shown above the results. */
  error?: string;
  /** Name of the taxonomy node of `params.taxon`. */
  taxonName?: string;
}

/**
 * Builds a search URL from parameters (empty values are left out).
 *
 * @param p parameters to encode
 * @returns a path with query string, e.g. `/?q=notes&kind=servers`
 */
export function searchHref(p: Partial<SearchParams>): string {
  const qs = new URLSearchParams();
  if (p.q) qs.set("q", p.q);
  if (p.kind && p.kind !== "tools") qs.set("kind", p.kind);
  if (p.category) qs.set("category", p.category);
  if (p.pricing) qs.set("pricing", p.pricing);
  if (p.hosting) qs.set("hosting", p.hosting);
  if (p.page && p.page > 1) qs.set("page", String(p.page));
  if (p.taxon) qs.set("taxon", p.taxon);
  if (p.cursor) qs.set("cursor", p.cursor);
  if (p.safe === "off") qs.set("safe", "off");
  const s = qs.toString();
  return s ? `/?${s}` : "/";
}

function FilterSelect(props: {
  name: string;
  label: string;
  value: string;
  any: string;
  options: { value: string; label: string }[];
}) {
  const id = `f-${props.name}`;
  return (
    <div>
      <label for={id}>{props.label}</label>
      <select id={id} name={props.name}>
        <option value="">{props.any}</option>
        {props.options.map((o) => (
          <option value={o.value} selected={o.value === props.value}>{o.label}</option>
        ))}
      </select>
    </div>
  );
}

/** One search result: a card headed by a link to the entry's page. */
function ResultCard(props: { svcUrl: string; title: string; children?: Child }) {
  return (
    <li class="card result">
      <h3>
        <a href={new URL(props.svcUrl).pathname}>{props.title}</a>
      </h3>
      {props.children}
    </li>
  );
}

function ToolResults(props: { data: z.infer<typeof SearchToolsOutput> }) {
  return (
    <ol class="grid results">
      {props.data.results.map((t) => (
        <ResultCard svcUrl={t.svcUrl} title={t.name}>
          <ul class="chips" aria-label="Facts">
            <li class="badge accent">{t.category}</li>
            <li class="badge">{pricingLabel(t.pricing)}</li>
            {t.hasFreeTier && <li class="badge ok">Free tier</li>}
          </ul>
          <p class="desc">{t.description}</p>
        </ResultCard>
      ))}
    </ol>
  );
}

/**
 * Who publishes a server, as badges: the product's vendor, a reference server, listed in the
 * official MCP registry, archived, a fork.
 *
 * @param props `s`: a server summary
 * @returns list items for a `<ul class="chips">`
 */
export function PublisherBadges(props: { s: ServerSummary }) {
  const s = props.s;
  return (
    <>
      {s.vendorOfficial && (
        <li class="badge ok" title="Published by the company that owns the product it integrates">
          Vendor
        </li>
      )}
      {s.firstParty && (
        <li class="badge ok" title="The company's server for its own service">First-party</li>
      )}
      {s.reference && (
        <li class="badge ok" title="A reference server of modelcontextprotocol/servers">
          Reference
        </li>
      )}
      {s.inOfficialRegistry && <li class="badge">In official registry</li>}
      {s.archived && <li class="badge warn">Archived</li>}
      {s.forkOf !== null && <li class="badge">Fork</li>}
    </>
  );
}

function ServerResults(props: { data: z.infer<typeof SearchServersOutput> }) {
  return (
    <ol class="grid results">
      {props.data.results.map((s) => (
        <ResultCard svcUrl={s.svcUrl} title={s.title}>
          <div class="name small muted">
            <code>{s.name}</code>
          </div>
          <ul class="chips" aria-label="Facts">
            <li>
              <TrustBadge score={s.trustScore} grade={s.trustGrade} />
            </li>
            <PublisherBadges s={s} />
            {s.hosting !== "unknown" && <li class="badge">{s.hosting}</li>}
            {s.stars !== null && s.stars > 0 && <li class="badge">★ {formatCount(s.stars)}</li>}
            {s.variantCount > 0 && (
              <li class="badge" title="Other listings of the same project">
                +{s.variantCount} {s.variantCount === 1 ? "listing" : "listings"}
              </li>
            )}
          </ul>
          <p class="desc">{s.description}</p>
          {s.match && <p class="why">Matched: {s.match.reason} ({s.match.confidence})</p>}
        </ResultCard>
      ))}
    </ol>
  );
}

/**
 * The search page body.
 *
 * @param props parameters, results, filter options and totals
 * @returns the page content (inside the layout)
 */
export function SearchPage(props: SearchPageProps) {
  const { params: p, results, counts } = props;
  const total = results.data.total;
  const shown = results.data.results.length;
  const first = (p.page - 1) * props.pageSize + 1;
  let prev: string | undefined;
  let next: string | undefined;
  if (results.kind === "tools") {
    if (p.page > 1) prev = searchHref({ ...p, page: p.page - 1 });
    if (first - 1 + shown < total && p.page * props.pageSize <= MAX_OFFSET) {
      next = searchHref({ ...p, page: p.page + 1 });
    }
  } else {
    // Server pages are reached by cursor: the previous page link goes back to the first one.
    if (p.page > 1) prev = searchHref({ ...p, page: 1, cursor: "" });
    const cursor = results.data.nextCursor;
    if (cursor !== null) next = searchHref({ ...p, page: p.page + 1, cursor });
  }
  const noun = p.kind === "tools" ? "AI tools" : "MCP servers";
  return (
    <>
      <section class="hero">
        <h1>Find AI tools and MCP servers</h1>
        <p class="lead">
          Search {formatCount(counts.tools)} AI tools and {formatCount(counts.servers)}{" "}
          MCP servers, with pricing, trust scores and ready-to-paste install configs.
        </p>
      </section>
      <nav class="tabs" aria-label="What to search">
        <a
          href={searchHref({ q: p.q, kind: "tools" })}
          aria-current={p.kind === "tools" ? "page" : undefined}
        >
          AI tools
        </a>
        <a
          href={searchHref({ q: p.q, kind: "servers" })}
          aria-current={p.kind === "servers" ? "page" : undefined}
        >
          MCP servers
        </a>
      </nav>
      <form class="search card" method="get" action="/" role="search">
        <input type="hidden" name="kind" value={p.kind} />
        {p.taxon && <input type="hidden" name="taxon" value={p.taxon} />}
        <div>
          <label for="f-q">Search {noun}</label>
          <input
            id="f-q"
            type="search"
            name="q"
            value={p.q}
            maxlength={MAX_QUERY_LENGTH}
            placeholder={p.kind === "tools"
              ? "e.g. turn meeting recordings into notes"
              : "e.g. query a Postgres database"}
            autofocus={p.q === ""}
          />
        </div>
        <FilterSelect
          name="category"
          label="Category"
          value={p.category}
          any="Any category"
          options={props.categories.map((c) => ({
            value: c.value,
            label: `${c.label} (${formatCount(c.count)})`,
          }))}
        />
        {p.kind === "tools"
          ? (
            <FilterSelect
              name="pricing"
              label="Pricing"
              value={p.pricing}
              any="Any pricing"
              options={PRICING_OPTIONS}
            />
          )
          : (
            <FilterSelect
              name="hosting"
              label="Hosting"
              value={p.hosting}
              any="Local or remote"
              options={[
                { value: "local", label: "Local (runs on your machine)" },
                { value: "remote", label: "Remote (hosted endpoint)" },
              ]}
            />
          )}
        <div class="toggle">
          <label>
            <input type="checkbox" name="safe" value="off" checked={p.safe === "off"} />{" "}
            Include adult results
          </label>
        </div>
        <div>
          <button type="submit">Search</button>
        </div>
      </form>
      {p.taxon && (
        <p class="small">
          In taxonomy: <a href={`/taxonomy/${p.taxon}`}>{props.taxonName ?? p.taxon}</a>{" "}
          <a
            href={searchHref({ ...p, taxon: "", page: 1, cursor: "" })}
            aria-label="Remove the taxonomy filter"
          >
            (remove)
          </a>
        </p>
      )}
      {props.error && (
        <p class="card" role="alert">
          <strong>Cannot search:</strong> {props.error}
        </p>
      )}
      <section aria-labelledby="results-title">
        <h2 id="results-title" class="results-meta">
          {p.q || p.category || p.pricing || p.hosting || p.taxon
            ? `${formatCount(total)} ${noun} found${
              shown > 0 ? `, showing ${first}–${first + shown - 1}` : ""
            }`
            : `Most popular ${noun}`}
        </h2>
        {results.kind === "servers" && p.q && <p class="muted small">{results.data.summary}</p>}
        {shown === 0
          ? <p class="card">Nothing matches. Try fewer words or remove a filter.</p>
          : results.kind === "tools"
          ? <ToolResults data={results.data} />
          : <ServerResults data={results.data} />}
        <nav class="pager" aria-label="Pages">
          <span>
            {prev !== undefined && (
              <a href={prev} rel="prev">
                {results.kind === "tools" ? "← Previous" : "← First page"}
              </a>
            )}
          </span>
          <span>{next !== undefined && <a href={next} rel="next">Next →</a>}</span>
        </nav>
      </section>
    </>
  );
}
