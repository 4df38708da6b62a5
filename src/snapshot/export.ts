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

/** What can be exported. */
export const EXPORT_KINDS = ["tools", "servers", "prices"] as const;
/** One export kind. */
export type ExportKind = typeof EXPORT_KINDS[number];

/** Path parameters of `GET /api/v1/export/{kind}`. */
export const ExportInput = z.object({
  kind: z.enum(EXPORT_KINDS).describe("What to export: tools, servers or prices"),
}).strict();

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

/**
 * The NDJSON stream of one kind: UTF-8 lines, each a JSON details record and `\n`.
 *
 * @param ctx catalog context
 * @param kind `tools`, `servers` or `prices`
 * @returns a byte stream, pulled batch by batch
 */
export function exportStream(ctx: CatalogContext, kind: ExportKind): ReadableStream<Uint8Array> {
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
