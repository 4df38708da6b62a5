/**
 * Users' reviews as the catalog use cases read them: the read side the review store
 * (`src/reviews/review_store.ts`) offers ({@link ReviewsView}), the entry id reviews are keyed
 * by ({@link entryIdOf}), the detail and comparison outputs with reviews, the `rating` of search
 * results and the `sort=rating` order.
 *
 * Reviews live in Deno KV, keyed by the entry's stable id from change tracking (`changes.ts`), so
 * a rebuild keeps them and a rename carries them over. The catalog never writes them; when no
 * review store is attached to the context (tests of the catalog alone, the stdio MCP server) the
 * outputs say `null` and searches carry no ratings.
 *
 * @module
 */
import { z } from "zod";
import type { CatalogContext } from "./context.ts";
import { MAX_OFFSET } from "./schemas.ts";
import { CompareServersOutput, ServerDetailsOutput } from "./server_schemas.ts";
import { CompareToolsOutput, ToolDetailsOutput } from "./tool_schemas.ts";
import {
  type RatingSummary,
  type ReviewKind,
  UserReviews,
  type UserReviews as UserReviewsType,
} from "../model/review.ts";

// The review store's read side is a model type (the context holds one); re-exported for the
// review store and the use cases.
export type { ReviewsView } from "../model/review.ts";

/** Newest reviews shown in details (REST, MCP and the site pages). */
export const NEWEST_IN_DETAILS = 5;
/** Newest reviews shown per entry in a comparison. */
export const NEWEST_IN_COMPARE = 3;
/**
 * How many of the best matches `sort=rating` orders by rating: every page a search can reach
 * (`MAX_OFFSET` plus the largest page).
 */
export const RATING_WINDOW = MAX_OFFSET + 50;
/**
 * Prior of the rating order: an entry's score is its mean with {@link RATING_PRIOR_WEIGHT}
 * pseudo-reviews of {@link RATING_PRIOR_MEAN} stars added (a Bayesian average), so one 5-star
 * review does not outrank fifty 4.8-star ones.
 */
export const RATING_PRIOR_MEAN = 3;
/** See {@link RATING_PRIOR_MEAN}. */
export const RATING_PRIOR_WEIGHT = 2;

/**
 * The stable id reviews of an entry are kept under: its change-tracking id (`changes.ts`), which
 * a rebuild keeps and a rename carries over; for a catalog built without change history, the id
 * the first build with history gives a new entry.
 *
 * @param ctx catalog context
 * @param kind tool or server
 * @param key the tool's slug or the server's name, as the catalog has it
 * @returns e.g. `tool_1f3a9c0d2b4e6f70`
 */
export function entryIdOf(ctx: CatalogContext, kind: ReviewKind, key: string): string {
  return ctx.store.entryId(kind, key);
}

const _USER_REVIEWS_NOTE =
  "Reviews by toolatlas API key holders (aggregate of the visible ones and the newest); null when the review store cannot be read. Source ratings are in `reviews`.";

/** Details of a tool with its users' reviews (`svc_tools_details`, `GET /tools/{slug}`). */
export const ToolDetailsWithReviews = ToolDetailsOutput.extend({
  userReviews: UserReviews.nullable().describe(_USER_REVIEWS_NOTE),
});

/** Details of a server with its users' reviews (`svc_server_details`, `GET /servers/{name}`). */
export const ServerDetailsWithReviews = ServerDetailsOutput.extend({
  userReviews: UserReviews.nullable().describe(_USER_REVIEWS_NOTE),
});

/** A comparison of tools with each tool's users' reviews. */
export const CompareToolsWithReviews = CompareToolsOutput.extend({
  userReviews: z.array(UserReviews.extend({ slug: z.string() })).nullable().describe(
    `One per compared tool, in order. ${_USER_REVIEWS_NOTE}`,
  ),
});

/** A comparison of servers with each server's users' reviews. */
export const CompareServersWithReviews = CompareServersOutput.extend({
  userReviews: z.array(UserReviews.extend({ name: z.string() })).nullable().describe(
    `One per compared server, in order. ${_USER_REVIEWS_NOTE}`,
  ),
});

/**
 * Reads the users' reviews of one entry, or `null` without a review store or when it cannot be
 * read (logged): a catalog answer never fails because reviews are unavailable.
 *
 * @param ctx catalog context
 * @param kind tool or server
 * @param key the tool's slug or the server's name
 * @param newest how many of the newest reviews
 * @returns the reviews, or `null`
 */
export async function readUserReviews(
  ctx: CatalogContext,
  kind: ReviewKind,
  key: string,
  newest: number,
): Promise<UserReviewsType | null> {
  if (!ctx.reviews) return null;
  try {
    return await ctx.reviews.userReviews(kind, entryIdOf(ctx, kind, key), newest);
  } catch (error) {
    console.error(`[reviews] cannot read the reviews of ${kind} "${key}": ${error}`);
    return null;
  }
}

/**
 * Adds `userReviews` to the details of a tool or a server.
 *
 * @param ctx catalog context
 * @param kind tool or server
 * @param details the details (`getTool` or `getServer`)
 * @returns the details with `userReviews` ({@link NEWEST_IN_DETAILS} newest)
 */
export async function withUserReviews<T extends { slug: string } | { name: string }>(
  ctx: CatalogContext,
  kind: ReviewKind,
  details: T,
): Promise<T & { userReviews: UserReviewsType | null }> {
  const key = "slug" in details ? details.slug : details.name;
  return { ...details, userReviews: await readUserReviews(ctx, kind, key, NEWEST_IN_DETAILS) };
}

/**
 * Adds `userReviews` to a comparison: one entry per compared tool (`slug`) or server (`name`),
 * or `null` when any of them cannot be read.
 *
 * @param ctx catalog context
 * @param kind tool or server
 * @param field the name of the key member: `slug` for tools, `name` for servers
 * @param keys the compared slugs or names, in order
 * @returns the list, or `null`
 */
export async function comparedReviews<F extends "slug" | "name">(
  ctx: CatalogContext,
  kind: ReviewKind,
  field: F,
  keys: string[],
): Promise<(UserReviewsType & Record<F, string>)[] | null> {
  const all = await Promise.all(keys.map((k) => readUserReviews(ctx, kind, k, NEWEST_IN_COMPARE)));
  if (all.some((r) => r === null)) return null;
  return all.map((r, i) => ({ [field]: keys[i]!, ...r! }) as UserReviewsType & Record<F, string>);
}

/** The ratings of a kind, or an empty map without a store or when it fails. */
async function _ratings(
  ctx: CatalogContext,
  kind: ReviewKind,
): Promise<ReadonlyMap<string, RatingSummary>> {
  if (!ctx.reviews) return _NONE;
  try {
    return await ctx.reviews.ratings(kind);
  } catch {
    return _NONE;
  }
}
const _NONE: ReadonlyMap<string, RatingSummary> = new Map();

/**
 * Sets the `rating` of each search result from the users' ratings. The result object is returned
 * unchanged (its cached JSON reused) when no result is rated.
 *
 * @param ctx catalog context
 * @param kind tool or server
 * @param out a search output whose results carry `rating` (`null` as computed)
 * @param keyOf a result's slug or name
 * @returns the output with ratings
 */
export async function withRatings<T extends { results: { rating: RatingSummary | null }[] }>(
  ctx: CatalogContext,
  kind: ReviewKind,
  out: T,
  keyOf: (result: T["results"][number]) => string,
): Promise<T> {
  const ratings = await _ratings(ctx, kind);
  if (ratings.size === 0) return out;
  let changed = false;
  const results = out.results.map((r) => {
    const rating = ratings.get(entryIdOf(ctx, kind, keyOf(r))) ?? null;
    if (rating === null && r.rating === null) return r;
    changed = true;
    return { ...r, rating };
  });
  return changed ? { ...out, results } : out;
}

/**
 * The score `sort=rating` orders by: the mean with {@link RATING_PRIOR_WEIGHT} reviews of
 * {@link RATING_PRIOR_MEAN} stars added.
 *
 * @param r an entry's rating
 * @returns stars, 1-5
 */
export function ratingScore(r: RatingSummary): number {
  return (r.mean * r.count + RATING_PRIOR_MEAN * RATING_PRIOR_WEIGHT) /
    (r.count + RATING_PRIOR_WEIGHT);
}

/**
 * Orders row ids by users' rating: rated entries first, by {@link ratingScore} then review count
 * (higher first), then the others in their given (relevance or browse) order.
 *
 * @param ctx catalog context
 * @param kind tool or server
 * @param ids row ids in relevance order
 * @returns the ids reordered (a new array)
 */
export async function orderByRating(
  ctx: CatalogContext,
  kind: ReviewKind,
  ids: readonly number[],
): Promise<number[]> {
  const ratings = await _ratings(ctx, kind);
  if (ratings.size === 0) return [...ids];
  const entryIds = ctx.store.entryIdsOfRows(kind, ids);
  const scored = ids.map((id, i) => {
    const r = ratings.get(entryIds[i]!);
    return { id, i, score: r ? ratingScore(r) : -1, count: r?.count ?? 0 };
  });
  scored.sort((a, b) => b.score - a.score || b.count - a.count || a.i - b.i);
  return scored.map((s) => s.id);
}

/**
 * A page of a search sorted by rating: the best {@link RATING_WINDOW} matches (from `window`)
 * ordered by {@link orderByRating}, then `offset` and `limit` applied.
 *
 * @param ctx catalog context
 * @param kind tool or server
 * @param window the relevance (or browse) page of the first `size` matches
 * @param limit page size
 * @param offset entries to skip
 * @returns the page: ids, the number of matches and the window's other fields
 */
export async function ratingPage<P extends { ids: number[]; total: number }>(
  ctx: CatalogContext,
  kind: ReviewKind,
  window: (size: number) => P | Promise<P>,
  limit: number,
  offset: number,
): Promise<P> {
  const page = await window(RATING_WINDOW);
  const ordered = await orderByRating(ctx, kind, page.ids);
  return { ...page, ids: ordered.slice(offset, offset + limit) };
}

/**
 * The cache key of a search input: with `sort=rating`, the ratings version is part of it, so a
 * new rating gives a new order.
 *
 * @param ctx catalog context
 * @param input the raw search input
 * @returns the key input for `memo`
 */
export function ratingsKey(ctx: CatalogContext, input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  if ((input as { sort?: unknown }).sort !== "rating") return input;
  return { ...input, "~ratings": ctx.reviews?.ratingsVersion ?? 0 };
}
