/**
 * Counting what an ingest read, kept, skipped and cleaned, per source.
 *
 * @module
 */

/** Counts for one source, as stored in the ingest report. */
export interface SourceCounts {
  /** {@link import("./types.ts").SourceInfo.id}. */
  source: string;
  /** Records (rows, objects, files, bullets) the adapter looked at. */
  read: number;
  /** Records the adapter yielded. */
  kept: number;
  /** Skipped records by reason, e.g. `{ missing_name: 3, invalid_json: 1 }`. */
  skipped: Record<string, number>;
  /** Kept records that needed a repair, by kind, e.g. `{ html_entities: 12, bom: 1 }`. */
  cleaned: Record<string, number>;
  /** Files of the source that were read. */
  files: number;
  /** Wall time spent reading, in milliseconds. */
  ms: number;
}

/**
 * Mutable counter one adapter updates while it reads its source.
 *
 * @example
 * ```ts
 * const report = new SourceReport("toolsdk");
 * report.read();
 * report.skip("missing_name");
 * ```
 */
export class SourceReport {
  readonly counts: SourceCounts;
  #started = performance.now();

  /** @param source the source id being counted */
  constructor(source: string) {
    this.counts = { source, read: 0, kept: 0, skipped: {}, cleaned: {}, files: 0, ms: 0 };
  }

  /** Counts `n` records looked at (default 1). */
  read(n = 1): void {
    this.counts.read += n;
  }

  /** Counts `n` records yielded (default 1). */
  keep(n = 1): void {
    this.counts.kept += n;
  }

  /**
   * Keeps a converted record (counted as kept, and appended to `into` when given) or, for a
   * string, counts the reason it was skipped.
   *
   * @param result the converted record, or the snake_case reason it is skipped
   * @param into the list kept records go to
   * @returns the record, or `undefined` when it was skipped
   */
  take<T extends object>(result: T | string, into?: T[]): T | undefined {
    if (typeof result === "string") {
      this.skip(result);
      return undefined;
    }
    this.keep();
    into?.push(result);
    return result;
  }

  /** Counts one skipped record under `reason` (snake_case, e.g. `invalid_json`). */
  skip(reason: string, n = 1): void {
    this.counts.skipped[reason] = (this.counts.skipped[reason] ?? 0) + n;
  }

  /** Counts one repair of a kept record under `kind` (snake_case, e.g. `html_entities`). */
  clean(kind: string, n = 1): void {
    this.counts.cleaned[kind] = (this.counts.cleaned[kind] ?? 0) + n;
  }

  /** Counts `n` files read (default 1). */
  file(n = 1): void {
    this.counts.files += n;
  }

  /** Stops the clock and returns the counts. */
  finish(): SourceCounts {
    this.counts.ms = Math.round(performance.now() - this.#started);
    return this.counts;
  }

  /** Total number of skipped records over all reasons. */
  get skippedTotal(): number {
    return Object.values(this.counts.skipped).reduce((a, b) => a + b, 0);
  }
}

/**
 * Converts raw items into records while counting them: every item is counted as read, an item
 * the converter turns into `{ skip: reason }` is skipped under that reason, an item whose
 * `sourceId` was already kept is skipped as `duplicate` (the first copy wins), and every other
 * item is kept.
 *
 * @example
 * ```ts
 * const report = new SourceReport("smithery");
 * const servers = collectRecords(items, (raw) => toServer(raw, report), report);
 * ```
 *
 * @param items the raw items of the source, in source order
 * @param convert turns one raw item into a record, or says why it is skipped
 * @param report the counter for this source
 * @returns the kept records, in source order, with unique `sourceId`s
 */
export function collectRecords<T extends { sourceId: string }>(
  items: Iterable<unknown>,
  convert: (raw: unknown) => T | { skip: string },
  report: SourceReport,
): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (const raw of items) {
    report.read();
    const record = convert(raw);
    if ("skip" in record) {
      report.skip(record.skip);
      continue;
    }
    if (seen.has(record.sourceId)) {
      report.skip("duplicate");
      continue;
    }
    seen.add(record.sourceId);
    out.push(record);
    report.keep();
  }
  return out;
}
