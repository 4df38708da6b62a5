/**
 * The app the review tests run against: the fixture catalog, access control on a fresh in-memory
 * KV (keys, quotas and reviews share it, as in a serving process), and request helpers.
 *
 * @module
 */
import { type Access, openAccess } from "../../src/access/access.ts";
import { createApp } from "../../src/http/app.ts";
import type { CatalogContext } from "../../src/catalog/context.ts";
import { ReviewStore, type ReviewStoreOptions } from "../../src/reviews/review_store.ts";
import { fixtureContext } from "../fixtures/catalog.ts";

/** Options of {@link reviewApp}. */
export interface ReviewAppOptions extends ReviewStoreOptions {
  /** The catalog (default: a fresh fixture catalog). */
  ctx?: CatalogContext;
  /** The access services (default: new ones over `:memory:` KV). */
  access?: Access;
  /** The KV the review store uses (default: the access KV). */
  kv?: Deno.Kv;
}

/**
 * Builds the app with a review store of its own.
 *
 * @param options catalog, access, store clock and write limit
 * @returns the app, its services, a Pro key's secret and helpers
 */
export async function reviewApp(options: ReviewAppOptions = {}) {
  const ctx = options.ctx ?? await fixtureContext();
  const access = options.access ?? await openAccess({ kvPath: ":memory:" });
  const store = new ReviewStore(options.kv ?? access.kv, options);
  const app = createApp({ ctx, access, reviews: store });
  const pro = (await access.keys.create("pro", "Reviewer")).secret;
  /** Request options with a key (`Authorization: Bearer`). */
  const withKey = (secret: string, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...init.headers as Record<string, string>, authorization: `Bearer ${secret}` },
  });
  /** Sends a review body as JSON with a key. */
  const post = (path: string, body: unknown, secret: string | null = pro) =>
    app.request(`/api/v1${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(secret !== null && { authorization: `Bearer ${secret}` }),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const del = (path: string, secret: string | null = pro) =>
    app.request(`/api/v1${path}`, {
      method: "DELETE",
      ...(secret !== null && { headers: { authorization: `Bearer ${secret}` } }),
    });
  /** A new key of a tier. */
  const key = async (tier: "pro" | "enterprise" = "pro", name = "Another") =>
    (await access.keys.create(tier, name)).secret;
  return { ctx, access, store, app, pro, withKey, post, del, key, close: () => access.kv.close() };
}
