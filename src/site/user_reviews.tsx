// Server-rendered only: no reconciliation needs keys, and hono/jsx would print `key` as an attribute.
// deno-lint-ignore-file jsx-key
/**
 * The "User reviews" section of a tool or server page: the aggregate (mean, distribution, and for
 * servers "worked for N of M"), the newest reviews, and a form for a visitor who has an API key.
 *
 * Review text is rendered as text (`hono/jsx` escapes it; line breaks kept by CSS), so markup is
 * shown as typed and a URL in it is not a link. The form needs the site's script (it sends the
 * key in an `Authorization` header to the REST API); without it the section says how to use the
 * API instead.
 *
 * @module
 */
import { CLIENT_IDS } from "../model/install.ts";
import { MAX_REVIEW_TEXT, MAX_REVIEW_TITLE, type UserReviews } from "../model/review.ts";
import { formatDate } from "./layout.tsx";

/** Star characters of a rating, e.g. `★★★★☆` for 4. */
export function stars(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return "★".repeat(full) + "☆".repeat(5 - full);
}

/** One review of the list. */
function ReviewItem(props: { r: UserReviews["newest"][number] }) {
  const r = props.r;
  const facts = [
    r.worked === true ? "worked" : r.worked === false ? "did not work" : null,
    r.client !== null ? `with ${r.client}` : null,
    r.version !== null ? `version ${r.version}` : null,
    formatDate(r.updatedAt),
  ].filter((f) => f !== null);
  return (
    <li class="review" id={r.id}>
      <div class="stars" aria-label={`${r.rating} of 5 stars`}>{stars(r.rating)}</div>
      {r.title !== null && <h3 class="review-title">{r.title}</h3>}
      {r.text !== null && <p class="review-text">{r.text}</p>}
      <div class="small muted">{facts.join(" · ")}</div>
    </li>
  );
}

/** The aggregate: mean, count, distribution, and for servers whether it worked. */
function Aggregate(props: { a: UserReviews["aggregate"] }) {
  const a = props.a;
  if (a.count === 0) return <p class="muted">No reviews yet.</p>;
  return (
    <div class="review-summary">
      <p>
        <strong class="review-mean">{a.mean}</strong> out of 5 from{" "}
        <span class="review-count">{a.count}</span> {a.count === 1 ? "review" : "reviews"}
        {a.worked && a.worked.of > 0 && (
          <span class="review-worked">
            {` · worked for ${a.worked.yes} of ${a.worked.of} reviewers`}
          </span>
        )}
      </p>
      <table class="small distribution">
        <caption class="muted">Reviews by stars</caption>
        <tbody>
          {(["5", "4", "3", "2", "1"] as const).map((n) => (
            <tr>
              <th scope="row">{n} ★</th>
              <td>
                <meter min={0} max={a.count} value={a.distribution[n]}>
                  {a.distribution[n]}
                </meter>
              </td>
              <td class="num">{a.distribution[n]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The form for a visitor with an API key (revealed and sent by `site.js`). */
function ReviewForm(props: { kind: "tool" | "server"; api: string }) {
  const server = props.kind === "server";
  return (
    <form class="review-form" data-review-form="" data-review-api={props.api} hidden>
      <h3>Write a review</h3>
      <p class="small muted">
        Needs an API key (any tier). One review per key: saving again replaces it.
      </p>
      <label for="review-key">API key</label>
      <input
        id="review-key"
        name="key"
        type="password"
        autocomplete="off"
        placeholder="sk_svc_..."
        required
      />
      <fieldset class="review-rating">
        <legend>Rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label>
            <input type="radio" name="rating" value={String(n)} required /> {n} ★
          </label>
        ))}
      </fieldset>
      <label for="review-title">Title (optional)</label>
      <input id="review-title" name="title" type="text" maxlength={MAX_REVIEW_TITLE} />
      <label for="review-text">Review (optional, plain text)</label>
      <textarea id="review-text" name="text" rows={5} maxlength={MAX_REVIEW_TEXT}></textarea>
      {server && (
        <>
          <label for="review-worked">Did it work for you?</label>
          <select id="review-worked" name="worked">
            <option value="">Not saying</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
          <label for="review-client">MCP client used</label>
          <select id="review-client" name="client">
            <option value="">Not saying</option>
            {CLIENT_IDS.map((c) => <option value={c}>{c}</option>)}
          </select>
          <label for="review-version">Version used (optional)</label>
          <input id="review-version" name="version" type="text" maxlength={100} />
        </>
      )}
      <div class="review-actions">
        <button type="submit">Save review</button>
        <button type="button" class="secondary" data-review-delete="">Delete my review</button>
      </div>
      <p class="small" role="status" aria-live="polite" data-review-status=""></p>
    </form>
  );
}

/**
 * The "User reviews" section.
 *
 * @param props.kind tool or server
 * @param props.api the REST path of the entry's reviews, e.g. `/api/v1/tools/scribe/reviews`
 * @param props.reviews the entry's reviews, or `null` when they cannot be read now
 * @returns the section
 */
export function UserReviewsSection(
  props: { kind: "tool" | "server"; api: string; reviews: UserReviews | null },
) {
  const r = props.reviews;
  return (
    <section class="card user-reviews" id="reviews" aria-labelledby="s-user-reviews">
      <h2 id="s-user-reviews">User reviews</h2>
      {r === null ? <p class="muted">Reviews cannot be shown right now.</p> : (
        <>
          <Aggregate a={r.aggregate} />
          {r.newest.length > 0 && (
            <ol class="plain reviews">{r.newest.map((x) => <ReviewItem r={x} />)}</ol>
          )}
        </>
      )}
      <ReviewForm kind={props.kind} api={props.api} />
      <p class="small muted">
        Written by toolatlas API key holders; the newest are shown. With a key, write one with{" "}
        <code>POST {props.api}</code> (see <a href="/docs">API docs</a>).
      </p>
    </section>
  );
}
