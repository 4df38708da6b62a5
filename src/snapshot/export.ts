/**
 * Bulk export: every tool, server or price of the catalog as NDJSON, one full details record per
 * line (the shape of `GET /api/v1/tools/{slug}`, `GET /api/v1/servers/{name}` and the records of
 * `GET /api/v1/llm-prices`), streamed with constant memory.
 *
 * The stream is pulled: each read builds a small batch of records ({@link EXPORT_BATCH}) and
 * yields to the event loop before the next, so an export never holds more than one batch and
 * never keeps other requests waiting for long. Every entry is exported, adult ones and variants
 * included: their flags (`content`, `variantOf`) say what they are.
 *
 * @module
 */
import { z } from "zod";
import type { CatalogContext } from "../catalog/context.ts";
import { getServer } from "../catalog/servers.ts";
import { getTool } from "../catalog/tools.ts";
import { toPriceRecord } from "../catalog/prices.ts";
import { isRfc3339 } from "../catalog/registry.ts";
import { AppError } from "../errors.ts";

/** What can be exported. */
export const EXPORT_KINDS = ["tools", "servers", "prices"] as const;
/** One export kind. */
export type ExportKind = typeof EXPORT_KINDS[number];

/** Parameters of `GET /api/v1/export/{kind}`. */
export const ExportInput = z.object({
  kind: z.enum(EXPORT_KINDS).describe("What to export: tools, servers or prices"),
  updated_since: z.string().max(64).refine(isRfc3339, {
    message: "Expected an RFC 3339 date-time, e.g. 2026-11-27T01:18:55.012Z",
  }).describe(
    "RFC 3339 time: only records whose public fields changed after it, then a tombstone line " +
      "for each record removed after it",
  ).optional(),
}).strict();

/**
 * A tombstone line of an incremental export: a record removed from the catalog after the
 * requested time (kept for `TOMBSTONE_DAYS` after its removal).
 */
export const ExportTombstone = z.object({
  status: z.literal("deleted"),
  /** Server name, tool slug or price id, as it was. */
  key: z.string(),
  /** Stable id of the change history. */
  id: z.string(),
  deletedAt: z.string(),
  /** The key it lives on under, when it was renamed rather than removed. */
  renamedTo: z.string().nullable(),
});

/** Records built per read of the stream. */
export const EXPORT_BATCH = 25;

/**
 * The number of records an export of `kind` holds (equal to `/api/v1/health` counts).
 *
 * @param ctx catalog context
 * @param kind what to count
 * @returns the count
 */
export function exportCount(ctx: CatalogContext, kind: ExportKind): number {
  return ctx.store.counts()[kind];
}

/** The change-history kind of an export kind. */
const _CHANGE_KIND = { tools: "tool", servers: "server", prices: "price" } as const;

/**
 * The NDJSON stream of one kind: UTF-8 lines, each a JSON details record and `\n`. With `since`,
 * only the records whose public fields changed after it (by the catalog's change history,
 * `src/catalog/changes.ts`), then one {@link ExportTombstone} line per record removed after it.
 *
 * @param ctx catalog context
 * @param kind `tools`, `servers` or `prices`
 * @param since ISO 8601 UTC time of an incremental export, if any
 * @returns a byte stream, pulled batch by batch
 * @throws {AppError} `invalid_parameter` when `since` is given and the catalog has no change
 *   history
 */
export function exportStream(
  ctx: CatalogContext,
  kind: ExportKind,
  since?: string,
): ReadableStream<Uint8Array> {
  if (since !== undefined) return _incremental(ctx, kind, since);
  const encoder = new TextEncoder();
  const table = kind === "prices" ? undefined : kind;
  let after = 0;
  let priceIndex = 0;
  const prices = kind === "prices" ? ctx.store.prices() : [];
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Let other requests run between batches.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const lines: string[] = [];
      if (table === undefined) {
        for (const p of prices.slice(priceIndex, priceIndex + EXPORT_BATCH)) {
          lines.push(JSON.stringify(toPriceRecord(p)));
        }
        priceIndex += EXPORT_BATCH;
      } else {
        const ids = ctx.store.idsAfter(table, after, EXPORT_BATCH);
        if (ids.length > 0) after = ids[ids.length - 1]!;
        if (table === "tools") {
          for (const t of ctx.store.toolsByIds(ids)) {
            lines.push(JSON.stringify(getTool(ctx, { slug: t.slug })));
          }
        } else {
          for (const s of ctx.store.serversByIds(ids)) {
            lines.push(JSON.stringify(getServer(ctx, { name: s.name })));
          }
        }
      }
      if (lines.length === 0) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(lines.join("\n") + "\n"));
    },
  }, { highWaterMark: 1 });
}

/** The details record of one entry by key, as a JSON line (`undefined` when it is gone). */
function _record(ctx: CatalogContext, kind: ExportKind, key: string): string | undefined {
  try {
    if (kind === "tools") return JSON.stringify(getTool(ctx, { slug: key }));
    if (kind === "servers") return JSON.stringify(getServer(ctx, { name: key }));
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") return undefined;
    throw e;
  }
  const price = ctx.store.prices().find((p) => p.id === key);
  return price === undefined ? undefined : JSON.stringify(toPriceRecord(price));
}

/** The incremental stream: changed records by key, then tombstones (see {@link exportStream}). */
function _incremental(
  ctx: CatalogContext,
  kind: ExportKind,
  since: string,
): ReadableStream<Uint8Array> {
  if (!ctx.store.hasChangeHistory) {
    throw new AppError(
      "invalid_parameter",
      "Cannot export changes: this catalog was built without change history; export everything",
      { errors: [{ field: "updated_since", message: "Not available for this catalog" }] },
    );
  }
  const change = _CHANGE_KIND[kind];
  const keys = ctx.store.changedKeys(change, since);
  const tombstones = ctx.store.tombstones(change).filter((t) => (t.deletedAt ?? "") > since);
  const encoder = new TextEncoder();
  let next = 0;
  let tombstonesSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const lines: string[] = [];
      for (const key of keys.slice(next, next + EXPORT_BATCH)) {
        const line = _record(ctx, kind, key);
        if (line !== undefined) lines.push(line);
      }
      next += EXPORT_BATCH;
      if (next >= keys.length && lines.length === 0 && !tombstonesSent) {
        tombstonesSent = true;
        for (const t of tombstones) {
          const line: z.infer<typeof ExportTombstone> = {
            status: "deleted",
            key: t.key,
            id: t.id,
            deletedAt: t.deletedAt!,
            renamedTo: t.renamedTo,
          };
          lines.push(JSON.stringify(line));
        }
      }
      if (lines.length === 0) {
        if (next >= keys.length && tombstonesSent) {
          controller.close();
          return;
        }
        return;
      }
      controller.enqueue(encoder.encode(lines.join("\n") + "\n"));
    },
  }, { highWaterMark: 1 });
}
