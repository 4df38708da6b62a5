/**
 * Review use cases over the catalog and the review store: write, replace and delete one's review
 * of a tool or a server (REST and the site's form), and the NDJSON records of exports and
 * snapshots.
 *
 * Who may write: callers with an API key (any tier); keyless callers read reviews in details,
 * comparisons and search results but get 401 `key_required` here. Each key has one review per
 * entry (a second write replaces it) and {@link REVIEW_WRITES_PER_DAY} writes per UTC day, on top
 * of its tier's request quota (a write is one request).
 *
 * @module
 */
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { CatalogContext } from "../catalog/context.ts";
import { entryIdOf } from "../catalog/user_reviews.ts";
import { parseInput } from "../catalog/validate.ts";
import {
  Review,
  ReviewAggregate,
  type ReviewFields,
  type ReviewKind,
  ServerReviewInput,
  ToolReviewInput,
} from "../model/review.ts";
import {
  publicReview,
  REVIEW_WRITES_PER_DAY,
  type ReviewStore,
  type StoredReview,
} from "./review_store.ts";

export { REVIEW_WRITES_PER_DAY };

/** The entry a review is about, as the answers name it. */
export const ReviewedEntry = z.object({
  kind: z.enum(["tool", "server"]),
  key: z.string().describe("The tool's slug or the server's name"),
  entryId: z.string().describe("Stable id the reviews are kept under (kept across renames)"),
});

/** Answer of `POST .../reviews`. */
export const ReviewWriteResult = z.object({
  entry: ReviewedEntry,
  review: Review,
  replaced: z.boolean().describe("True when this key's earlier review of the entry was replaced"),
  hidden: z.boolean().describe(
    "True when an operator hid this key's review of the entry: it stays out of lists and aggregates",
  ),
  aggregate: ReviewAggregate.nullable().describe(
    "The entry's aggregate after the write; null if it could not be read back",
  ),
  writesLeftToday: z.number().int().describe("Review writes this key has left today (UTC)"),
});
/** See {@link ReviewWriteResult}. */
export type ReviewWriteResult = z.infer<typeof ReviewWriteResult>;

/** Answer of `DELETE .../reviews`. */
export const ReviewDeleteResult = z.object({
  entry: ReviewedEntry,
  deleted: z.object({ id: z.string() }).describe("The review that was deleted"),
  aggregate: ReviewAggregate.nullable(),
  writesLeftToday: z.number().int(),
});
/** See {@link ReviewDeleteResult}. */
export type ReviewDeleteResult = z.infer<typeof ReviewDeleteResult>;

/** One line of a reviews export (`/api/v1/export/reviews`, snapshots, `reviews export`). */
export const ReviewExportRecord = Review.extend({
  kind: z.enum(["tool", "server"]),
  entryId: z.string(),
  key: z.string().nullable().describe(
    "The entry's slug or name in this catalog; null when it is not in this catalog",
  ),
});
/** See {@link ReviewExportRecord}. */
export type ReviewExportRecord = z.infer<typeof ReviewExportRecord>;

/** The operator's form of an export line: the author's key id and the hide flag as well. */
export const ReviewBackupRecord = ReviewExportRecord.extend({
  keyId: z.string(),
  hidden: z.boolean(),
});

/**
 * The catalog entry a write is about: its key as the catalog has it and its stable id.
 *
 * @throws {AppError} `not_found`
 */
function _entry(
  ctx: CatalogContext,
  kind: ReviewKind,
  key: string,
): z.infer<typeof ReviewedEntry> {
  const found = kind === "tool"
    ? ctx.store.toolBySlug(key)?.slug
    : ctx.store.serverByName(key)?.name;
  if (found === undefined) {
    throw new AppError(
      "not_found",
      `Cannot find ${kind === "tool" ? "tool" : "MCP server"} "${key}"`,
    );
  }
  return { kind, key: found, entryId: entryIdOf(ctx, kind, found) };
}

/**
 * The key id of a caller who may write.
 *
 * @param keyId the caller's API key id, or `null` for a keyless caller
 * @returns the key id
 * @throws {AppError} `key_required` (401) without a key
 */
export function requireAuthor(keyId: string | null): string {
  if (keyId === null) {
    throw new AppError(
      "key_required",
      "Writing a review needs an API key: send Authorization: Bearer sk_svc_... (any tier); reading needs none",
    );
  }
  return keyId;
}

/**
 * Creates or replaces the caller's review of a tool or a server.
 *
 * @param ctx catalog context
 * @param store the review store
 * @param keyId the caller's API key id, or `null` for a keyless caller
 * @param kind tool or server
 * @param key the tool's slug or the server's name (as in the path)
 * @param body the JSON body (`ToolReviewInput` or `ServerReviewInput`)
 * @returns the stored review, the aggregate after it and the writes left today
 * @throws {AppError} `key_required` (401); `not_found`; `missing_parameter` / `invalid_parameter`
 *   for the body; `rate_limited` over the daily write limit; `reviews_unavailable` (503)
 */
export async function writeReview(
  ctx: CatalogContext,
  store: ReviewStore,
  keyId: string | null,
  kind: ReviewKind,
  key: string,
  body: unknown,
): Promise<ReviewWriteResult> {
  const author = requireAuthor(keyId);
  const entry = _entry(ctx, kind, key);
  const input = parseInput(kind === "tool" ? ToolReviewInput : ServerReviewInput, body);
  const server = input as z.infer<typeof ServerReviewInput>;
  const fields: ReviewFields = {
    rating: input.rating,
    title: input.title ?? null,
    text: input.text ?? null,
    worked: server.worked ?? null,
    client: server.client ?? null,
    version: server.version ?? null,
  };
  const { review, replaced, aggregate } = await store.put(
    { kind, entryId: entry.entryId, keyId: author },
    entry.key,
    fields,
  );
  return {
    entry,
    review: publicReview(review),
    replaced,
    hidden: review.hidden,
    aggregate,
    writesLeftToday: await _left(store, author),
  };
}

/**
 * Deletes the caller's review of a tool or a server.
 *
 * @param ctx catalog context
 * @param store the review store
 * @param keyId the caller's API key id, or `null`
 * @param kind tool or server
 * @param key the tool's slug or the server's name
 * @returns the deleted review's id and the aggregate after
 * @throws {AppError} `key_required`; `not_found` (no such entry, or no review of it by this key);
 *   `rate_limited`; `reviews_unavailable`
 */
export async function deleteReview(
  ctx: CatalogContext,
  store: ReviewStore,
  keyId: string | null,
  kind: ReviewKind,
  key: string,
): Promise<ReviewDeleteResult> {
  const author = requireAuthor(keyId);
  const entry = _entry(ctx, kind, key);
  const done = await store.remove({ kind, entryId: entry.entryId, keyId: author });
  if (!done) {
    throw new AppError("not_found", `This key has no review of ${kind} "${entry.key}"`);
  }
  return {
    entry,
    deleted: { id: done.review.id },
    aggregate: done.aggregate,
    writesLeftToday: await _left(store, author),
  };
}

/** Writes left today; the limit when the count cannot be read (the write itself succeeded). */
async function _left(store: ReviewStore, keyId: string): Promise<number> {
  try {
    return Math.max(0, store.writesPerDay - await store.writesToday(keyId));
  } catch {
    return store.writesPerDay;
  }
}

/** Options of {@link reviewRecords}. */
export interface ReviewRecordsOptions {
  /**
   * `public` (default): visible reviews without authors (the API export, snapshots); `backup`:
   * every review with its key id and hide flag (the operator's export, for `reviews import`).
   */
  form?: "public" | "backup";
}

/**
 * Every review as an export line, entry by entry, with the entry's key in this catalog.
 *
 * @param ctx the catalog (entry keys), or `undefined` (keys are then those of the last write)
 * @param store the review store
 * @param options public or backup form
 * @returns the records
 * @throws {AppError} `reviews_unavailable`
 */
export async function* reviewRecords(
  ctx: Pick<CatalogContext, "store"> | undefined,
  store: ReviewStore,
  options: ReviewRecordsOptions = {},
): AsyncGenerator<ReviewExportRecord & { keyId?: string; hidden?: boolean }> {
  const keys = ctx
    ? { tool: ctx.store.entryKeys("tool"), server: ctx.store.entryKeys("server") }
    : undefined;
  const backup = options.form === "backup";
  for await (const r of store.list()) {
    if (r.hidden && !backup) continue;
    const key = keys ? keys[r.kind].get(r.entryId) ?? null : r.key;
    yield {
      kind: r.kind,
      entryId: r.entryId,
      key,
      ...publicReview(r),
      ...(backup && { keyId: r.keyId, hidden: r.hidden }),
    };
  }
}

/**
 * Reviews as an NDJSON byte stream (one {@link reviewRecords} line each), pulled in batches.
 *
 * @param ctx the catalog, or `undefined`
 * @param store the review store
 * @param options public or backup form
 * @returns the stream
 */
export function reviewNdjson(
  ctx: Pick<CatalogContext, "store"> | undefined,
  store: ReviewStore,
  options: ReviewRecordsOptions = {},
): ReadableStream<Uint8Array> {
  const records = reviewRecords(ctx, store, options);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = "";
      for (let i = 0; i < 100; i++) {
        const next = await records.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += JSON.stringify(next.value) + "\n";
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await records.return(undefined);
    },
  });
}

/**
 * The review an export line restores: a backup line keeps its key id and flag; a public line
 * (a snapshot, the API export) gets the author `imported:{id}`, so importing it twice replaces
 * it rather than adding a copy.
 *
 * @param line one parsed NDJSON line
 * @param entryIdFor the entry id to keep it under, from the line's kind, entry id and key
 *   (default: the line's entry id); an importer passes one that follows renames
 * @returns the review to store
 * @throws {AppError} `invalid_parameter` (or `missing_parameter`) for a line that is not a review
 *   record
 */
export function restoredReview(
  line: unknown,
  entryIdFor: (kind: ReviewKind, entryId: string, key: string | null) => string = (_, id) => id,
): StoredReview {
  const r = parseInput(
    ReviewExportRecord.extend({
      rating: z.number().int().min(1).max(5),
      keyId: z.string().min(1).optional(),
      hidden: z.boolean().optional(),
    }),
    line,
  );
  return {
    id: r.id,
    kind: r.kind,
    entryId: entryIdFor(r.kind, r.entryId, r.key),
    keyId: r.keyId ?? `imported:${r.id}`,
    key: r.key ?? "",
    rating: r.rating,
    title: r.title,
    text: r.text,
    worked: r.worked,
    client: r.client,
    version: r.version,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    hidden: r.hidden ?? false,
  };
}
