// Server-rendered only: no reconciliation needs keys, and hono/jsx would print `key` as an attribute.
// deno-lint-ignore-file jsx-key
/**
 * The page of one AI tool (`/tools/{slug}`, the tool's `svcUrl`).
 *
 * @module
 */
import type { z } from "zod";
import type { ToolDetailsOutput } from "../catalog/tool_schemas.ts";
import {
  Breadcrumbs,
  formatCount,
  formatDate,
  type PathNode,
  pricingLabel,
  safeUrl,
  TableHead,
  TaxonomyTrail,
} from "./layout.tsx";
import type { UserReviews } from "../model/review.ts";
import { UserReviewsSection } from "./user_reviews.tsx";

/** Details of a tool as `getTool` returns them. */
export type ToolDetails = z.infer<typeof ToolDetailsOutput>;

/** A taxonomy node on the tool's path, facet first. */
export type { PathNode };

/**
 * schema.org `SoftwareApplication` of a tool, for JSON-LD.
 *
 * @param tool the tool's details
 * @returns the JSON-LD object
 */
export function toolJsonLd(tool: ToolDetails): Record<string, unknown> {
  const best = [...tool.reviews]
    .filter((r) => r.rating !== null && (r.count ?? 0) > 0)
    .sort((a, b) => (b.count ?? 0) - (a.count ?? 0))[0];
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: tool.name,
    description: tool.description,
    url: tool.svcUrl,
    ...(safeUrl(tool.url) !== null && { sameAs: safeUrl(tool.url) }),
    applicationCategory: tool.category,
    ...(tool.tags.length > 0 && { keywords: tool.tags.join(", ") }),
    ...(tool.hasFreeTier && {
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD", description: "Free tier" },
    }),
    ...(best && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: best.rating,
        reviewCount: best.count,
      },
    }),
  };
}

function Section(props: { title: string; children?: unknown }) {
  const id = `s-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section class="card" aria-labelledby={id}>
      <h2 id={id}>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** A section listing `items` (one `<li>` each), left out when there are none. */
/** A source's display name among the tool's sources (its id when not listed). */
function sourceName(tool: ToolDetails, id: string): string {
  return tool.sources.find((s) => s.source === id)?.name ?? id;
}

function ListSection(props: { title: string; items: string[]; class: string }) {
  if (props.items.length === 0) return null;
  return (
    <Section title={props.title}>
      <ul class={props.class}>{props.items.map((item) => <li>{item}</li>)}</ul>
    </Section>
  );
}

/**
 * The tool page body.
 *
 * @param props the tool's details, its taxonomy path and secondary leaves, and its users' reviews
 *   (`null`: cannot be read now; absent: no review store, no section)
 * @returns the page content (inside the layout)
 */
export function ToolPage(
  props: {
    tool: ToolDetails;
    path: PathNode[];
    also: PathNode[];
    userReviews?: UserReviews | null;
  },
) {
  const { tool: t } = props;
  const site = safeUrl(t.url);
  const longText = t.longDescription && t.longDescription !== t.description
    ? t.longDescription
    : null;
  return (
    <article>
      <Breadcrumbs
        items={[
          { label: "Search", href: "/" },
          { label: t.category, href: `/?category=${encodeURIComponent(t.category)}` },
          { label: t.name },
        ]}
      />
      <header class="page-head">
        <h1>{t.name}</h1>
        <p class="lead">{t.description}</p>
        <ul class="chips" aria-label="Summary">
          <li class="badge accent">{t.category}</li>
          <li class="badge">{pricingLabel(t.pricing)}</li>
          {t.hasFreeTier
            ? <li class="badge ok">Free tier</li>
            : <li class="badge">No free tier</li>}
        </ul>
        {site !== null && (
          <p>
            <a class="button" href={site} rel="nofollow noopener external">
              Visit {t.name} ↗
            </a>
          </p>
        )}
      </header>
      <div class="detail">
        <div>
          {longText && (
            <Section title="About">
              <p>{longText}</p>
            </Section>
          )}
          <Section title="Key features">
            {t.keyFeatures.length > 0
              ? <ul class="ticks">{t.keyFeatures.map((f) => <li>{f}</li>)}</ul>
              : <p class="muted">No source lists features.</p>}
          </Section>
          <ListSection title="Use cases" items={t.useCases} class="ticks" />
          <Section title="Pricing">
            <dl class="facts">
              <dt>Model</dt>
              <dd>{pricingLabel(t.pricing)}</dd>
              <dt>Free tier</dt>
              <dd>{t.hasFreeTier ? "Yes" : "No"}</dd>
              {t.priceText !== null && (
                <>
                  <dt>Price</dt>
                  <dd>{t.priceText}</dd>
                </>
              )}
            </dl>
            {t.pricingTiers.length > 0 && (
              <table>
                <TableHead caption="Plans" columns={["Plan", "Price"]} />
                <tbody>
                  {t.pricingTiers.map((tier) => (
                    <tr>
                      <td>{tier.name}</td>
                      <td>{tier.price ?? "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {t.pricingTiers.some((tier) => tier.derived) && (
              <p class="small muted">
                Plans are derived from the pricing model and price text; no source lists plans.
              </p>
            )}
          </Section>
          <ListSection
            title="How these facts were chosen"
            items={t.notes}
            class="small muted notes"
          />
          {Object.keys(t.evidence).length > 0 && (
            <Section title="Dated statements">
              <table class="small evidence">
                <thead>
                  <tr>
                    <th>Field</th>
                    <th>Stated</th>
                    <th>Source</th>
                    <th>On</th>
                    <th></th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(t.evidence).flatMap(([field, statements]) =>
                    statements.map((st) => (
                      <tr class={st.status}>
                        <td>{field}</td>
                        <td>{String(st.value)}</td>
                        <td>{sourceName(t, st.source)}</td>
                        <td>{st.statedAt}</td>
                        <td>{st.status}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
              <p class="small muted">
                Each field takes the newest explicit statement; older ones that say otherwise are
                superseded.
              </p>
            </Section>
          )}
          <Section title="Alternatives">
            {t.competitors.items.length > 0
              ? (
                <ul class="plain">
                  {t.competitors.items.map((c) => (
                    <li>
                      <a href={new URL(c.svcUrl).pathname}>{c.name}</a>
                      <div class="small muted">{c.reason}</div>
                    </li>
                  ))}
                </ul>
              )
              : <p class="muted">No alternatives found in the catalog.</p>}
            {t.competitors.derived && (
              <p class="small muted">
                Derived (no source lists competitors): tools of the same taxonomy leaf and close in
                meaning, ranked by similarity and how many sources list them, without this tool's
                vendor's other products and plug-ins ({t.competitors.method}).
              </p>
            )}
          </Section>
          {props.userReviews !== undefined && (
            <UserReviewsSection
              kind="tool"
              api={`/api/v1/tools/${encodeURIComponent(t.slug)}/reviews`}
              reviews={props.userReviews}
            />
          )}
          {t.reviews.length > 0 && (
            <Section title="Ratings from other sites">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Source</th>
                    <th scope="col" class="num">Rating</th>
                    <th scope="col" class="num">Reviews</th>
                  </tr>
                </thead>
                <tbody>
                  {t.reviews.map((r) => (
                    <tr>
                      <td>
                        {safeUrl(r.url) !== null
                          ? (
                            <a href={safeUrl(r.url)!} rel="nofollow noopener external">
                              {r.source}
                            </a>
                          )
                          : r.source}
                      </td>
                      <td class="num">{r.rating ?? "–"}</td>
                      <td class="num">{formatCount(r.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
          )}
        </div>
        <aside>
          <Section title="Details">
            <dl class="facts">
              <dt>Category</dt>
              <dd>
                <a href={`/?category=${encodeURIComponent(t.category)}`}>{t.category}</a>
                {t.categories.length > 1 && (
                  <span class="muted small">
                    {` (also ${t.categories.filter((c) => c !== t.category).join(", ")})`}
                  </span>
                )}
              </dd>
              <dt>Taxonomy</dt>
              <dd>
                <TaxonomyTrail path={props.path} also={props.also} />
              </dd>
              <dt>Website</dt>
              <dd>
                {site !== null
                  ? <a href={site} rel="nofollow noopener external">{site}</a>
                  : t.url ?? <span class="muted">Unknown</span>}
              </dd>
              <dt>Integrations</dt>
              <dd>
                {t.integrations.items.length > 0 ? t.integrations.items.join(", ") : "–"}
                <div class="small muted">Derived: {t.integrations.method}</div>
              </dd>
              <dt>Added</dt>
              <dd>{formatDate(t.createdAt)}</dd>
              <dt>Updated</dt>
              <dd>{formatDate(t.updatedAt)}</dd>
            </dl>
          </Section>
          {t.tags.length > 0 && (
            <Section title="Tags">
              <ul class="chips">{t.tags.map((tag) => <li class="chip">{tag}</li>)}</ul>
            </Section>
          )}
          <Section title="Sources">
            <ul class="plain small">
              {t.sources.map((s) => (
                <li>
                  <strong>{s.name}</strong>
                  <div class="muted">Licence: {s.license}</div>
                </li>
              ))}
            </ul>
            <p class="small muted">
              As JSON:{" "}
              <a href={`/api/v1/tools/${encodeURIComponent(t.slug)}`}>/api/v1/tools/{t.slug}</a>
            </p>
          </Section>
        </aside>
      </div>
    </article>
  );
}
