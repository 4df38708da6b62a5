/**
 * Bulk data routes under `/api/v1/export`, for callers whose tier has the `bulkExport`
 * entitlement (Enterprise by default):
 *
 * - `GET /export/{tools|servers|prices}[?updated_since=RFC 3339]`: NDJSON, one full details
 *   record per line (`src/snapshot/export.ts`), gzip-compressed when the client accepts it; with
 *   `updated_since`, only the records changed after that time, then a tombstone line per record
 *   removed after it;
 * - `GET /export/snapshot`: the catalog snapshot archive (`src/snapshot/archive.ts`), made on the
 *   first request for a build and kept next to the catalog;
 * - `GET /export/reviews`: users' visible reviews as NDJSON (`src/reviews/reviews.ts`), read live
 *   from the review store (no `ETag`: they change between builds).
 *
 * Every answer carries an `ETag` and `Last-Modified` from the catalog build; a matching
 * `If-None-Match` gets 304. Other tiers get 403 `entitlement_required` naming the tier that has
 * the entitlement. An export counts as one request.
 *
 * @module
 */
import { type Context, Hono } from "hono";
import { dirname } from "node:path";
import type { CatalogContext } from "../catalog/context.ts";
import { AppError } from "../errors.ts";
import type { Access } from "../access/access.ts";
import type { AppEnv } from "./access.ts";
import { ifNoneMatch } from "../site/assets.ts";
import { EXPORT_KINDS, ExportInput, type ExportKind, exportStream } from "../snapshot/export.ts";
import { parseInput } from "../catalog/validate.ts";
import { queryInput } from "./rest.ts";
import { createSnapshot, snapshotFileName } from "../snapshot/archive.ts";
import type { ReviewStore } from "../reviews/review_store.ts";
import { reviewNdjson } from "../reviews/reviews.ts";

/**
 * Throws `entitlement_required` unless the caller's tier may export (without an access layer,
 * in tests of the catalog alone, everything is allowed).
 */
function _requireBulkExport(c: Context<AppEnv>, access: Access | undefined): void {
  const caller = c.get("caller");
  if (access === undefined || caller === undefined) return;
  if (caller.tier.entitlements.bulkExport) return;
  const holders = Object.values(access.tiers).filter((t) => t.entitlements.bulkExport)
    .map((t) => t.name);
  throw new AppError(
    "entitlement_required",
    `Bulk export needs the ${
      holders.join(" or ") || "enterprise"
    } tier; this key's tier is ${caller.tier.name}`,
    { details: { entitlement: "bulkExport", tiers: holders, tier: caller.tier.name } },
  );
}

/** The entity tag of an export of one build: build time and kind. */
function _etag(builtAt: string, kind: string): string {
  return `"${kind}-${builtAt.replace(/[^0-9A-Za-z]/g, "")}"`;
}

/** HTTP date of a build time (`Last-Modified`). */
function _httpDate(builtAt: string): string {
  const d = new Date(builtAt);
  return Number.isNaN(d.getTime()) ? new Date(0).toUTCString() : d.toUTCString();
}

/** Snapshot archives being made, by file path (one run per build, shared by concurrent requests). */
const _making = new Map<string, Promise<string>>();

/**
 * Builds the export routes.
 *
 * @param ctx the catalog context
 * @param access keys and tiers (for the entitlement); without it every caller may export
 * @param reviews the review store, for `/export/reviews` (404 without one)
 * @returns a Hono app to mount at `/api/v1/export`
 */
export function exportRoutes(
  ctx: CatalogContext,
  access: Access | undefined,
  reviews?: ReviewStore,
): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const builtAt = ctx.store.meta("built_at") ?? new Date(0).toISOString();

  routes.get("/reviews", (c) => {
    _requireBulkExport(c, access);
    if (!reviews) throw new AppError("not_found", "Cannot export reviews: no review store");
    let body = reviewNdjson(ctx, reviews);
    const headers: Record<string, string> = { "Vary": "Accept-Encoding" };
    if (/\bgzip\b/.test((c.req.header("accept-encoding") ?? "").toLowerCase())) {
      body = body.pipeThrough(
        new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>,
      );
      headers["Content-Encoding"] = "gzip";
    }
    return c.body(body, 200, { ...headers, "Content-Type": "application/x-ndjson" });
  });

  routes.get("/snapshot", async (c) => {
    _requireBulkExport(c, access);
    const etag = _etag(builtAt, "snapshot");
    const headers = { "ETag": etag, "Last-Modified": _httpDate(builtAt) };
    if (ifNoneMatch(c.req.header("if-none-match") ?? "", etag)) {
      return c.body(null, 304, headers);
    }
    const catalog = ctx.store.path;
    if (catalog === undefined) {
      throw new AppError("not_found", "Cannot make a snapshot: this catalog has no file");
    }
    const dir = `${dirname(catalog)}/snapshots`;
    const path = `${dir}/${snapshotFileName(builtAt)}`;
    let making = _making.get(path);
    if (!making) {
      making = (async () => {
        try {
          await Deno.stat(path);
        } catch {
          await createSnapshot(catalog, { outDir: dir });
        }
        return path;
      })();
      _making.set(path, making);
      making.catch(() => _making.delete(path));
    }
    const file = await Deno.open(await making, { read: true });
    const size = (await file.stat()).size;
    return c.body(file.readable, 200, {
      ...headers,
      "Content-Type": "application/gzip",
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${snapshotFileName(builtAt)}"`,
    });
  });

  routes.get("/:kind", (c) => {
    const kind = c.req.param("kind");
    if (!(EXPORT_KINDS as readonly string[]).includes(kind)) {
      throw new AppError(
        "not_found",
        `Cannot export "${kind}": use ${EXPORT_KINDS.join(", ")} or snapshot`,
      );
    }
    _requireBulkExport(c, access);
    const input = parseInput(ExportInput, {
      kind,
      ...queryInput(c, { names: ["updated_since"], integers: [], booleans: [], lists: [] }),
    });
    const since = input.updated_since === undefined
      ? undefined
      : new Date(Date.parse(input.updated_since.toUpperCase())).toISOString();
    const etag = _etag(builtAt, since === undefined ? kind : `${kind}-since-${since}`);
    const headers: Record<string, string> = {
      "ETag": etag,
      "Last-Modified": _httpDate(builtAt),
      "Vary": "Accept-Encoding",
    };
    if (ifNoneMatch(c.req.header("if-none-match") ?? "", etag)) {
      return c.body(null, 304, headers);
    }
    let body: ReadableStream<Uint8Array> = exportStream(ctx, kind as ExportKind, since);
    const accepts = (c.req.header("accept-encoding") ?? "").toLowerCase();
    if (/\bgzip\b/.test(accepts)) {
      body = body.pipeThrough(
        new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>,
      );
      headers["Content-Encoding"] = "gzip";
    }
    return c.body(body, 200, { ...headers, "Content-Type": "application/x-ndjson" });
  });
  return routes;
}
