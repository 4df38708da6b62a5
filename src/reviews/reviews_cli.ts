/**
 * `deno task reviews ...`: the operator's commands over users' reviews in the KV
 * (`TOOLATLAS_KV`), with the catalog (when built) to name the entries.
 *
 * ```sh
 * deno task reviews list [--kind tool|server] [--entry SLUG|NAME|ID] [--hidden] [--limit N]
 * deno task reviews hide rv_...        # out of lists and aggregates, kept for the record
 * deno task reviews unhide rv_...
 * deno task reviews export [--out FILE] [--public]
 * deno task reviews import FILE        # an export (NDJSON) or a snapshot with reviews.ndjson
 * ```
 *
 * `export` writes every review with its author's key id and hide flag (the backup form, which
 * `import` restores as it was); `--public` writes what `/api/v1/export/reviews` serves. A serving
 * process takes hides and imports into its search ratings within `RATINGS_REFRESH_MS`; details
 * show them at once.
 *
 * @module
 */
import { parseArgs } from "node:util";
import type { CatalogStore } from "../catalog/store.ts";
import { AppError } from "../errors.ts";
import { REVIEW_KINDS, type ReviewKind } from "../model/review.ts";
import type { ReviewStore, StoredReview } from "./review_store.ts";
import { restoredReview, reviewNdjson } from "./reviews.ts";

const USAGE = `Usage:
  deno task reviews list [--kind tool|server] [--entry SLUG|NAME|ID] [--hidden] [--limit N]
  deno task reviews hide REVIEW_ID | unhide REVIEW_ID
  deno task reviews export [--out FILE] [--public]
  deno task reviews import FILE      (an export, or a snapshot holding reviews.ndjson)`;

/** Where the command writes (tests capture it). */
export interface ReviewsIo {
  /** Standard output: results. */
  out: (line: string) => void;
  /** Standard error: messages. */
  err: (line: string) => void;
  /** Reads a snapshot's reviews (`snapshotReviews` of `src/snapshot/archive.ts`). */
  snapshotReviews?: (file: string) => Promise<string>;
}

const _CONSOLE: ReviewsIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/**
 * Runs a reviews subcommand.
 *
 * @param store the review store
 * @param catalog the catalog, to name entries (absent: entries are named by their ids and the key
 *   of their last write)
 * @param args arguments after `reviews`, e.g. `["hide", "rv_3f1c0d9a2b4e6f70"]`
 * @param io output sinks
 * @returns the exit code: 0 done, 1 not found or failed, 2 bad usage
 */
export async function reviewsCommand(
  store: ReviewStore,
  catalog: CatalogStore | undefined,
  args: string[],
  io: ReviewsIo = _CONSOLE,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        kind: { type: "string" },
        entry: { type: "string" },
        hidden: { type: "boolean" },
        limit: { type: "string" },
        out: { type: "string" },
        public: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  const { positionals: [command, arg], values } = parsed;
  try {
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    if (command === "list") return await _list(store, catalog, values, io);
    if ((command === "hide" || command === "unhide") && arg) {
      const r = await store.setHidden(arg, command === "hide");
      if (!r) {
        io.err(`No review has the id "${arg}"`);
        return 1;
      }
      io.out(`${r.id} ${r.hidden ? "hidden" : "shown"} (${r.kind} ${r.key}, ${r.entryId})`);
      return 0;
    }
    if (command === "export") return await _export(store, catalog, values, io);
    if (command === "import" && arg) return await _import(store, catalog, arg, io);
  } catch (error) {
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  io.err(USAGE);
  return 2;
}

/** `list`: newest first, one line per review. */
async function _list(
  store: ReviewStore,
  catalog: CatalogStore | undefined,
  values: { kind?: string; entry?: string; hidden?: boolean; limit?: string },
  io: ReviewsIo,
): Promise<number> {
  const kind = values.kind;
  if (kind !== undefined && !(REVIEW_KINDS as readonly string[]).includes(kind)) {
    io.err(`Cannot list kind "${kind}": use tool or server`);
    return 2;
  }
  const limit = values.limit === undefined ? 50 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    io.err(`Cannot use limit "${values.limit}": give a whole number of at least 1`);
    return 2;
  }
  const entryId = values.entry === undefined
    ? undefined
    : _entryId(catalog, kind as ReviewKind | undefined, values.entry);
  const rows: StoredReview[] = [];
  for await (const r of store.list()) {
    if (kind !== undefined && r.kind !== kind) continue;
    if (entryId !== undefined && r.entryId !== entryId) continue;
    if (values.hidden && !r.hidden) continue;
    rows.push(r);
  }
  rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const keys = catalog && {
    tool: catalog.entryKeys("tool"),
    server: catalog.entryKeys("server"),
  };
  for (const r of rows.slice(0, limit)) {
    const key = keys?.[r.kind].get(r.entryId) ?? `${r.key} (not in this catalog)`;
    const words = [r.title, r.text].filter((t) => t !== null).join(" — ").replace(/\s+/g, " ");
    io.out(
      [
        r.id,
        r.hidden ? "HIDDEN" : "shown",
        r.updatedAt.slice(0, 16),
        `${r.rating}★`,
        `${r.kind} ${key}`,
        r.keyId,
        JSON.stringify(words.length > 80 ? `${words.slice(0, 79)}…` : words),
      ].join("  "),
    );
  }
  io.err(`${Math.min(rows.length, limit)} of ${rows.length} reviews`);
  return 0;
}

/** The entry id of `--entry`: an id as given, else the catalog entry with that slug or name. */
function _entryId(
  catalog: CatalogStore | undefined,
  kind: ReviewKind | undefined,
  entry: string,
): string {
  if (/^(tool|srv)_[0-9a-f]{16}$/.test(entry) || !catalog) return entry;
  return catalog.entryId(kind ?? (entry.includes("/") ? "server" : "tool"), entry);
}

/** `export`: NDJSON to a file or standard output. */
async function _export(
  store: ReviewStore,
  catalog: CatalogStore | undefined,
  values: { out?: string; public?: boolean },
  io: ReviewsIo,
): Promise<number> {
  const stream = reviewNdjson(catalog && { store: catalog }, store, {
    form: values.public ? "public" : "backup",
  });
  if (values.out !== undefined) {
    await stream.pipeTo((await Deno.create(values.out)).writable);
    io.err(`wrote ${values.out}`);
    return 0;
  }
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  for (const line of text.split("\n")) if (line) io.out(line);
  return 0;
}

/** `import`: restores every line of an export or of a snapshot's `reviews.ndjson`. */
async function _import(
  store: ReviewStore,
  catalog: CatalogStore | undefined,
  file: string,
  io: ReviewsIo,
): Promise<number> {
  const text = /\.tar\.gz$|\.tgz$/.test(file)
    ? await (io.snapshotReviews ?? _noSnapshots)(file)
    : await Deno.readTextFile(file);
  // A line's own id when its entry is in this catalog, else the entry now holding its key (an
  // entry renamed between the two catalogs), else its own id (kept for a later catalog).
  const live = catalog && { tool: catalog.entryKeys("tool"), server: catalog.entryKeys("server") };
  const invert = (m: Map<string, string>) =>
    new Map([...m].map(([id, key]) => [key.toLowerCase(), id]));
  const byKey = live && { tool: invert(live.tool), server: invert(live.server) };
  const entryIdFor = (kind: ReviewKind, id: string, key: string | null) =>
    !live || !byKey || live[kind].has(id) || key === null
      ? id
      : byKey[kind].get(key.toLowerCase()) ?? id;
  const counts = { added: 0, replaced: 0, skipped: 0 };
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    let review: StoredReview;
    try {
      review = restoredReview(JSON.parse(line), entryIdFor);
    } catch (error) {
      counts.skipped++;
      io.err(`line ${i + 1}: ${error instanceof Error ? error.message : error}`);
      continue;
    }
    counts[await store.restore(review)]++;
  }
  io.out(`${counts.added} added, ${counts.replaced} replaced, ${counts.skipped} skipped`);
  return counts.skipped > 0 ? 1 : 0;
}

function _noSnapshots(file: string): Promise<string> {
  return Promise.reject(new AppError("invalid_parameter", `Cannot read snapshot "${file}" here`));
}
