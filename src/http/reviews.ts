/**
 * The review write routes under `/api/v1` (reading is part of details, comparisons and search):
 *
 * | route | answer |
 * | --- | --- |
 * | `POST /tools/{slug}/reviews`, `POST /servers/{name}/reviews` | create or replace the caller's review (`ReviewWriteResult`) |
 * | `DELETE /tools/{slug}/reviews`, `DELETE /servers/{name}/reviews` | delete it (`ReviewDeleteResult`) |
 *
 * They need an API key (401 `key_required` without one) and count as one request each, like
 * every `/api/v1` route (the access middleware); the review store adds its per-key daily write
 * limit (`src/reviews/review_store.ts`).
 *
 * @module
 */
import { type Context, Hono } from "hono";
import type { CatalogContext } from "../catalog/context.ts";
import type { ReviewKind } from "../model/review.ts";
import type { ReviewStore } from "../reviews/review_store.ts";
import { deleteReview, requireAuthor, writeReview } from "../reviews/reviews.ts";
import type { AppEnv } from "./access.ts";
import { json, jsonBody } from "./rest.ts";

/** Route patterns of the review routes, by kind (a server name keeps its `/`). */
export const REVIEW_ROUTES: Readonly<Record<ReviewKind, { pattern: string; param: string }>> = {
  tool: { pattern: "/tools/:slug/reviews", param: "slug" },
  server: { pattern: "/servers/:name{.+}/reviews", param: "name" },
};

/** The API key id of the caller, or `null` (keyless, or no access control). */
function _keyId(c: Context<AppEnv>): string | null {
  return c.get("caller")?.key?.id ?? null;
}

/**
 * Builds the review write routes.
 *
 * @param ctx the catalog context (entries are looked up in it)
 * @param store the review store
 * @returns a Hono app to mount at `/api/v1` (before the catalog routes)
 */
export function reviewRoutes(ctx: CatalogContext, store: ReviewStore): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  for (const kind of ["tool", "server"] as const) {
    const { pattern, param } = REVIEW_ROUTES[kind];
    api.post(pattern, async (c) => {
      // A keyless caller is refused before its body is read.
      const keyId = requireAuthor(_keyId(c));
      const body = await jsonBody(c);
      return json(c, await writeReview(ctx, store, keyId, kind, c.req.param(param)!, body));
    });
    api.delete(
      pattern,
      async (c) => json(c, await deleteReview(ctx, store, _keyId(c), kind, c.req.param(param)!)),
    );
  }
  return api;
}
