/**
 * User reviews and ratings of AI tools and MCP servers: what a caller writes, what readers see.
 *
 * Reviews are written by API key holders (REST and the site), kept in Deno KV by the entry's
 * stable id (`src/reviews/`), never in the catalog database. Review text is plain text: it is
 * normalised here ({@link normalizeReviewText}) and always shown as text, never as HTML.
 *
 * @module
 */
import { z } from "zod";
import { CLIENT_IDS } from "./install.ts";

/** What a review is about: an AI tool or an MCP server. */
export const REVIEW_KINDS = ["tool", "server"] as const;
/** One of {@link REVIEW_KINDS}. */
export type ReviewKind = typeof REVIEW_KINDS[number];

/** Longest review title, in characters (Unicode code points, after normalisation). */
export const MAX_REVIEW_TITLE = 120;
/** Longest review text, in characters (Unicode code points, after normalisation). */
export const MAX_REVIEW_TEXT = 2000;
/** Longest server version a review names, in characters. */
export const MAX_REVIEW_VERSION = 100;

/**
 * Characters a review never keeps: C0 and C1 controls other than tab and line feed, and the
 * Unicode bidirectional controls (embeddings, overrides, isolates, marks), which can make text
 * read differently from what it holds.
 */
// deno-lint-ignore no-control-regex -- removing control characters is the point
const _UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Normalises review text: lone surrogates become U+FFFD, Unicode NFC, line breaks become `\n`
 * (`\r\n`, `\r`, U+2028, U+2029), the characters of {@link _UNSAFE} are removed, trailing spaces of
 * each line and runs of more than one blank line are dropped, and the whole is trimmed. With
 * `singleLine`, every run of white space (line breaks included) becomes one space.
 *
 * @param value raw text from the caller
 * @param singleLine true for titles
 * @returns the text to store (may be empty)
 * @example
 * ```ts
 * normalizeReviewText("  Great\r\n\r\n\r\nwork\u202e  "); // "Great\n\nwork"
 * normalizeReviewText("A\n  title", true); // "A title"
 * ```
 */
export function normalizeReviewText(value: string, singleLine = false): string {
  let text = value.toWellFormed().normalize("NFC").replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(_UNSAFE, "");
  if (singleLine) return text.replace(/\s+/g, " ").trim();
  text = text.split("\n").map((line) => line.trimEnd()).join("\n").replace(/\n{3,}/g, "\n\n");
  return text.trim();
}

/** Length of a text in characters (Unicode code points). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * A free-text field of a review: at most `max` characters after normalisation; empty text counts
 * as absent (`null`).
 */
function _text(max: number, what: string, singleLine: boolean) {
  return z.string()
    .refine(
      (v) => codePointLength(normalizeReviewText(v, singleLine)) <= max,
      `${what} is longer than ${max} characters`,
    )
    .transform((v) => normalizeReviewText(v, singleLine) || null)
    .meta({
      maxLength: max,
      description: `${what}: plain text, at most ${max} characters; shown as text, never as HTML`,
    });
}

/** The star rating of a review: a whole number from 1 to 5. */
const _Rating = z.number().int().min(1).max(5).describe("Stars, a whole number from 1 to 5");

/** Body of `POST /api/v1/tools/{slug}/reviews`. */
export const ToolReviewInput = z.object({
  rating: _Rating,
  title: _text(MAX_REVIEW_TITLE, "Title", true).nullable().optional(),
  text: _text(MAX_REVIEW_TEXT, "Text", false).nullable().optional(),
}).strict();

/** Body of `POST /api/v1/servers/{name}/reviews`: a tool review plus what the server did. */
export const ServerReviewInput = ToolReviewInput.extend({
  worked: z.boolean().nullable().optional().describe(
    "Did the server work for you (it installed, started and its tools answered)?",
  ),
  client: z.enum(CLIENT_IDS).nullable().optional().describe(
    "The MCP client it was used with (an install-config client id)",
  ),
  version: z.string().trim().min(1).max(MAX_REVIEW_VERSION).nullable().optional().describe(
    "Version of the server that was used, e.g. 1.2.0",
  ),
}).strict();

/** A validated review as written: the fields of {@link ServerReviewInput}, absent ones `null`. */
export interface ReviewFields {
  rating: number;
  title: string | null;
  text: string | null;
  worked: boolean | null;
  client: typeof CLIENT_IDS[number] | null;
  version: string | null;
}

/** One review as readers see it (no author: reviews are anonymous to readers). */
export const Review = z.object({
  id: z.string().describe("Stable review id (one per API key and entry), e.g. rv_3f1c0d9a2b4e6f70"),
  rating: z.number().int().describe("Stars, 1-5"),
  title: z.string().nullable(),
  text: z.string().nullable().describe("Plain text; line breaks are \\n"),
  worked: z.boolean().nullable().describe("Servers: did it work for the reviewer (null: not said)"),
  client: z.enum(CLIENT_IDS).nullable().describe("Servers: the MCP client used"),
  version: z.string().nullable().describe("Servers: the version used"),
  createdAt: z.string().describe("ISO 8601 time of the first version of this review"),
  updatedAt: z.string().describe("ISO 8601 time of its last change"),
});
/** See {@link Review}. */
export type Review = z.infer<typeof Review>;

/** How many reviews gave each number of stars. */
export const RatingDistribution = z.object({
  "1": z.number().int(),
  "2": z.number().int(),
  "3": z.number().int(),
  "4": z.number().int(),
  "5": z.number().int(),
});

/** The aggregate of an entry's visible reviews (hidden ones are left out). */
export const ReviewAggregate = z.object({
  count: z.number().int().describe("Visible reviews"),
  mean: z.number().nullable().describe("Mean stars, 2 decimals; null without reviews"),
  distribution: RatingDistribution,
  worked: z.object({
    yes: z.number().int().describe("Reviews that said it worked"),
    of: z.number().int().describe("Reviews that said whether it worked (yes or no)"),
  }).nullable().describe('Servers: "worked for yes of of"; null for tools'),
});
/** See {@link ReviewAggregate}. */
export type ReviewAggregate = z.infer<typeof ReviewAggregate>;

/** Users' reviews of one entry: the aggregate and the newest reviews. */
export const UserReviews = z.object({
  source: z.literal("toolatlas users").describe(
    "Written by toolatlas API key holders; source ratings (e.g. aitoolhouse) are listed apart",
  ),
  aggregate: ReviewAggregate,
  newest: z.array(Review).describe("The newest visible reviews, newest first"),
});
/** See {@link UserReviews}. */
export type UserReviews = z.infer<typeof UserReviews>;

/** The users' rating of an entry in search results. */
export const RatingSummary = z.object({
  mean: z.number().describe("Mean stars of the visible reviews, 2 decimals"),
  count: z.number().int().describe("Visible reviews"),
});
/** See {@link RatingSummary}. */
export type RatingSummary = z.infer<typeof RatingSummary>;

/**
 * An aggregate with no reviews.
 *
 * @param kind tools have no `worked` figure
 * @returns count 0, mean null, all-zero distribution
 */
export function emptyAggregate(kind: ReviewKind): ReviewAggregate {
  return {
    count: 0,
    mean: null,
    distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 },
    worked: kind === "server" ? { yes: 0, of: 0 } : null,
  };
}

/** What the catalog reads of the review store. */
export interface ReviewsView {
  /**
   * The aggregate and newest visible reviews of one entry, read from the store (exact).
   *
   * @param kind tool or server
   * @param entryId the entry's stable id (`entryIdOf` in `src/catalog/user_reviews.ts`)
   * @param newest how many of the newest reviews to include
   * @throws {Error} when the store cannot be read
   */
  userReviews(kind: ReviewKind, entryId: string, newest: number): Promise<UserReviews>;
  /**
   * The ratings of every rated entry of a kind, by entry id, from memory: exact for this
   * process's writes, other replicas' within the store's refresh interval.
   *
   * @param kind tool or server
   * @returns the map (shared: do not change it); empty when nothing is rated or the store fails
   */
  ratings(kind: ReviewKind): Promise<ReadonlyMap<string, RatingSummary>>;
  /** Changes with every change of {@link ReviewsView.ratings} (cache keys of rating orders). */
  readonly ratingsVersion: number;
}
