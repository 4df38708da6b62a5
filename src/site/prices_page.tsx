// Server-rendered only: no reconciliation needs keys, and hono/jsx would print `key` as an attribute.
// deno-lint-ignore-file jsx-key
/**
 * First-party LLM list prices (`/llm-prices`) as a table sorted on the server (by the prices use
 * case): `?sort=input|output|cached|context|provider&dir=asc|desc`, filterable by provider and
 * model.
 *
 * @module
 */
import {
  PRICE_SORTS,
  type PriceRecord,
  type PriceSort,
  type SortDir,
} from "../catalog/price_schemas.ts";
import { formatDate, safeUrl } from "./layout.tsx";

/** A price row as `findPrices` returns it. */
export type Price = PriceRecord;

/** Parameters of the prices page. */
export interface PriceParams {
  sort: PriceSort;
  dir: SortDir;
  /** Provider id filter ("" for all). */
  provider: string;
  /** Model id or name substring ("" for all). */
  q: string;
}

/**
 * Formats USD: two decimals from one dollar up, else up to six decimals (at least two).
 *
 * @param n amount (null gives an en dash)
 * @returns e.g. `$2.50`, `$0.075`
 */
export function formatUsd(n: number | null | undefined): string {
  if (n === null || n === undefined) return "–";
  if (n === 0) return "$0";
  if (n >= 1) return `$${n.toFixed(2)}`;
  const s = n.toFixed(6).replace(/0+$/, "");
  return `$${(s.split(".")[1] ?? "").length < 2 ? n.toFixed(2) : s}`;
}

/**
 * Formats a token count: `128K`, `1M`, `1.05M`.
 *
 * @param n tokens (null gives an en dash)
 * @returns the short form
 */
export function formatTokens(n: number | null | undefined): string {
  if (n === null || n === undefined) return "–";
  if (n >= 1_000_000) return `${Number((n / 1_000_000).toFixed(2))}M`;
  if (n >= 1000) return `${Number((n / 1000).toFixed(1))}K`;
  return String(n);
}

/**
 * URL of the prices page with the given parameters.
 *
 * @param p parameters (defaults left out)
 * @returns a path with query string
 */
export function pricesHref(p: PriceParams): string {
  const qs = new URLSearchParams();
  if (p.provider) qs.set("provider", p.provider);
  if (p.q) qs.set("q", p.q);
  if (p.sort !== "provider") qs.set("sort", p.sort);
  if (p.dir !== "asc") qs.set("dir", p.dir);
  const s = qs.toString();
  return s ? `/llm-prices?${s}` : "/llm-prices";
}

function SortHeader(props: { label: string; sort: PriceSort; params: PriceParams; num?: boolean }) {
  const active = props.params.sort === props.sort;
  const nextDir: SortDir = active && props.params.dir === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      class={props.num ? "num" : undefined}
      aria-sort={active ? (props.params.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <a
        href={pricesHref({ ...props.params, sort: props.sort, dir: nextDir })}
        title={`Sort by ${props.label.toLowerCase()}, ${
          nextDir === "asc" ? "ascending" : "descending"
        }`}
      >
        {props.label}
        {active ? (props.params.dir === "asc" ? " ▲" : " ▼") : ""}
      </a>
    </th>
  );
}

/**
 * The tooltip listing a record's superseded statements: source, figure and date.
 *
 * @param r a price record
 * @returns e.g. `simonw-llm-prices 2 / 6 (synced 2026-08-05)`, one per line
 */
export function supersededTitle(r: Price): string {
  return r.statements.filter((s) => s.status === "superseded" && !s.crossCheck).map((s) =>
    `${s.source} ${s.inputPerMTok ?? "–"} / ${s.outputPerMTok ?? "–"} (${s.dateKind ?? "undated"} ${
      s.statedAt ?? ""
    })`
  ).join("\n");
}

/**
 * The date cell: "checked" with the day only for a real price check; otherwise the kind of the
 * date (effective, released, synced) with the day, so no row reads as verified without a check.
 *
 * @param props the record
 * @returns the cell content
 */
export function PriceDate(props: { record: Price }) {
  const r = props.record;
  if (r.verifiedAt !== null) {
    return (
      <>
        <strong>checked</strong> {formatDate(r.verifiedAt)}
      </>
    );
  }
  if (r.asOf === null) return <span class="muted">not known</span>;
  return (
    <>
      <em>{r.dateKind ?? "dated"}</em> {formatDate(r.asOf)}
    </>
  );
}

/** Props of {@link PricesPage}. */
export interface PricesPageProps {
  params: PriceParams;
  /** Rows, already filtered and sorted. */
  prices: Price[];
  /** Every provider for the filter: id and display name. */
  providers: { id: string; name: string }[];
  /** Number of models before filtering. */
  total: number;
}

/**
 * The prices page body.
 *
 * @param props parameters, sorted rows and providers
 * @returns the page content (inside the layout)
 */
export function PricesPage(props: PricesPageProps) {
  const { params: p, prices } = props;
  return (
    <>
      <header class="page-head">
        <h1>LLM list prices</h1>
        <p class="lead">
          First-party list prices of {props.total}{" "}
          models (no reseller rates), in USD per million tokens; web search in USD per call, billed
          on top of tokens. Each price is the newest dated figure among the sources, and its date
          says what it is: <strong>checked</strong>{" "}
          (a source checked the price against the provider's page that day), <em>effective</em>{" "}
          (the day the price took effect), <em>released</em>{" "}
          (the model's release or update date, not a price check) or <em>synced</em>{" "}
          (the day a source file was synced; not a check). Deprecated and retired models are listed
          after current ones.
        </p>
      </header>
      <form class="search prices-form card" method="get" action="/llm-prices" role="search">
        <div>
          <label for="p-q">Model</label>
          <input id="p-q" type="search" name="q" value={p.q} placeholder="e.g. gpt-4o, claude" />
        </div>
        <div>
          <label for="p-provider">Provider</label>
          <select id="p-provider" name="provider">
            <option value="">All providers</option>
            {props.providers.map((pr) => (
              <option value={pr.id} selected={pr.id === p.provider}>{pr.name}</option>
            ))}
          </select>
        </div>
        <div>
          <label for="p-sort">Sort by</label>
          <select id="p-sort" name="sort">
            {PRICE_SORTS.map((s) => <option value={s} selected={s === p.sort}>{s}</option>)}
          </select>
        </div>
        <div>
          <label for="p-dir">Order</label>
          <select id="p-dir" name="dir">
            <option value="asc" selected={p.dir === "asc"}>Ascending</option>
            <option value="desc" selected={p.dir === "desc"}>Descending</option>
          </select>
        </div>
        <div>
          <button type="submit">Show</button>
        </div>
      </form>
      <p class="results-meta">
        {prices.length} of {props.total} models · sorted by {p.sort},{" "}
        {p.dir === "asc" ? "ascending" : "descending"}
      </p>
      <div class="table-wrap">
        <table id="prices">
          <caption class="small muted">
            Column headers sort the table; figures without a value sort last.
          </caption>
          <thead>
            <tr>
              <SortHeader label="Provider" sort="provider" params={p} />
              <th scope="col">Model</th>
              <SortHeader label="Input" sort="input" params={p} num />
              <SortHeader label="Output" sort="output" params={p} num />
              <SortHeader label="Cached input" sort="cached" params={p} num />
              <SortHeader label="Context" sort="context" params={p} num />
              <th scope="col">Long context</th>
              <th scope="col" class="num">Web search</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {prices.map((r) => (
              <tr>
                <td>{r.providerName}</td>
                <td>
                  {safeUrl(r.pricingUrl) !== null
                    ? (
                      <a href={safeUrl(r.pricingUrl)!} rel="nofollow noopener external">
                        {r.name ?? r.model}
                      </a>
                    )
                    : (r.name ?? r.model)}
                  <div class="small muted">
                    {r.name !== null && r.name !== r.model && <code>{r.model}</code>}
                    {r.retired
                      ? <span class="badge" title={r.lifecycleEvidence.join("; ")}>retired</span>
                      : r.deprecated && (
                        <span class="badge" title={r.lifecycleEvidence.join("; ")}>
                          deprecated
                        </span>
                      )}
                    {r.statements.some((s) => s.status === "superseded" && !s.crossCheck) && (
                      <span title={supersededTitle(r)}>· older figures superseded</span>
                    )}
                    {r.disagreements.length > 0 && (
                      <span title={r.disagreements.map((d) => d.field).join(", ")}>
                        {" "}· sources disagree
                      </span>
                    )}
                  </div>
                </td>
                <td class="num">{formatUsd(r.inputPerMTok)}</td>
                <td class="num">{formatUsd(r.outputPerMTok)}</td>
                <td class="num">{formatUsd(r.cacheReadPerMTok)}</td>
                <td class="num">{formatTokens(r.contextWindow)}</td>
                <td class="small">
                  {r.tiers.length === 0 ? "–" : r.tiers.map((t) => (
                    <div>
                      &gt; {formatTokens(t.thresholdTokens)}: {formatUsd(t.inputPerMTok)} in
                      {t.outputPerMTok !== undefined && ` / ${formatUsd(t.outputPerMTok)} out`}
                    </div>
                  ))}
                </td>
                <td class="num">{formatUsd(r.webSearchPerCall)}</td>
                <td class="small nowrap" title={r.dateMeaning ?? r.verifiedMeaning ?? undefined}>
                  <PriceDate record={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
