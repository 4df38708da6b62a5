/**
 * Test helper of the access tests: an app whose free tier has the `semanticSearch` entitlement on
 * or off.
 *
 * @module
 */
import type { Hono } from "hono";
import { type Access, openAccess } from "../../src/access/access.ts";
import type { CatalogContext } from "../../src/catalog/context.ts";
import type { AppEnv } from "../../src/http/access.ts";
import { createApp } from "../../src/http/app.ts";

/**
 * An app over `ctx` with access control on an in-memory Deno KV, whose free tier has
 * `semanticSearch` as given (the other entitlements and limits as configured by default).
 *
 * @param ctx the catalog context
 * @param semanticSearch the free tier's `semanticSearch` entitlement
 * @returns the app and its access (close `access.kv` when done)
 */
export async function appWithSemanticSearch(
  ctx: CatalogContext,
  semanticSearch: boolean,
): Promise<{ app: Hono<AppEnv>; access: Access }> {
  const access = await openAccess({
    kvPath: ":memory:",
    tiersJson: JSON.stringify({ free: { entitlements: { semanticSearch } } }),
  });
  return { app: createApp({ ctx, access }), access };
}
