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
import { serverDetails } from "../catalog/servers.ts";
import { toolDetails } from "../catalog/tool_details.ts";
import type { CatalogPrice } from "../model/price.ts";
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
  const lines = since === undefined ? _everything(ctx, kind) : _incremental(ctx, kind, since);
  return ReadableStream.from(_batches(lines));
}

/**
 * The NDJSON bytes of `lines` in batches of {@link EXPORT_BATCH} lines, yielding to the event loop
 * before each batch so that other requests run between them.
 */
async function* _batches(lines: Iterable<string>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let batch: string[] = [];
  const flush = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const bytes = encoder.encode(batch.join("\n") + "\n");
    batch = [];
    return bytes;
  };
  for (const line of lines) {
    batch.push(line);
    if (batch.length === EXPORT_BATCH) yield await flush();
  }
  if (batch.length > 0) yield await flush();
}

/** Every record of one kind, as JSON lines, read from the store a batch of ids at a time. */
function* _everything(ctx: CatalogContext, kind: ExportKind): Generator<string> {
  if (kind === "prices") {
    for (const p of ctx.store.prices()) yield JSON.stringify(toPriceRecord(p));
    return;
  }
  for (let after = 0;;) {
    const ids = ctx.store.idsAfter(kind, after, EXPORT_BATCH);
    if (ids.length === 0) return;
    after = ids[ids.length - 1]!;
    if (kind === "tools") {
      for (const t of ctx.store.toolsByIds(ids)) yield JSON.stringify(toolDetails(ctx, t));
    } else {
      for (const s of ctx.store.serversByIds(ids)) yield JSON.stringify(serverDetails(ctx, s));
    }
  }
}

/** The details record of one entry by key, as a JSON line (`undefined` when it is gone). */
function _record(
  ctx: CatalogContext,
  kind: ExportKind,
  key: string,
  prices: ReadonlyMap<string, CatalogPrice>,
): string | undefined {
  if (kind === "tools") {
    const tool = ctx.store.toolBySlug(key);
    return tool === undefined ? undefined : JSON.stringify(toolDetails(ctx, tool));
  }
  if (kind === "servers") {
    const server = ctx.store.serverByName(key);
    return server === undefined ? undefined : JSON.stringify(serverDetails(ctx, server));
  }
  const price = prices.get(key);
  return price === undefined ? undefined : JSON.stringify(toPriceRecord(price));
}

/**
 * The incremental lines: changed records by key, then tombstones (see {@link exportStream}).
 *
 * @throws {AppError} `invalid_parameter` when the catalog has no change history (at once, before
 *   any line)
 */
function _incremental(ctx: CatalogContext, kind: ExportKind, since: string): Iterable<string> {
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
  const prices = new Map(kind === "prices" ? ctx.store.prices().map((p) => [p.id, p]) : []);
  return (function* () {
    for (const key of keys) {
      const line = _record(ctx, kind, key, prices);
      if (line !== undefined) yield line;
    }
    for (const t of tombstones) {
      const line: z.infer<typeof ExportTombstone> = {
        status: "deleted",
        key: t.key,
        id: t.id,
        deletedAt: t.deletedAt!,
        renamedTo: t.renamedTo,
      };
      yield JSON.stringify(line);
    }
  })();
}
