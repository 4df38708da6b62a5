/**
 * Helpers shared by the source adapter tests: one memoized read of the real source per adapter,
 * reads of temporary source fixtures, record lookup by source id, and the checks every adapter
 * test makes (source description, read/kept/skipped counts and their balance, repair counts,
 * field values, placeholder scans, first-party price providers).
 *
 * @module
 */
import assert from "node:assert/strict";
import { isPlaceholder } from "../../../src/ingest/clean.ts";
import {
  FIRST_PARTY,
  type PriceSourceId,
  SOURCE_PROVIDER_IDS,
} from "../../../src/ingest/first_party.ts";
import { SourceReport } from "../../../src/ingest/report.ts";
import type { SourceAdapter, SourceServer } from "../../../src/ingest/types.ts";
import type { SourcePrice } from "../../../src/model/price.ts";
import type { SourceInfo } from "../../../src/model/source.ts";
import { SOURCES_DIR } from "../../_helpers.ts";
import { tempDir } from "../../_temp.ts";

/** What one adapter read from a sources root, with the counts it reported. */
export interface AdapterRead<T> {
  records: T[];
  report: SourceReport;
}

// deno-lint-ignore no-explicit-any
const realReads = new WeakMap<SourceAdapter<any>, Promise<AdapterRead<unknown>>>();

/**
 * Reads the real source of `adapter` from {@link SOURCES_DIR} once per test module (see
 * {@link readSource}). Later calls for the same adapter share the
 * first read (do not mutate the records).
 *
 * @param adapter the adapter under test
 * @returns the records and the report of the one real read
 */
export function realRead<T>(adapter: SourceAdapter<T>): Promise<AdapterRead<T>> {
  let read = realReads.get(adapter) as Promise<AdapterRead<T>> | undefined;
  if (read === undefined) {
    read = readSource(adapter);
    realReads.set(adapter, read);
  }
  return read;
}

/**
 * Reads a sources root with `adapter` (not memoized), counting into a fresh
 * {@link SourceReport} named after the adapter's id.
 *
 * @param adapter the adapter under test
 * @param root the sources root (default {@link SOURCES_DIR})
 * @returns the records and the report of this read
 */
export async function readSource<T>(
  adapter: SourceAdapter<T>,
  root: string = SOURCES_DIR,
): Promise<AdapterRead<T>> {
  const report = new SourceReport(adapter.info.id);
  return { records: await adapter.read(root, report), report };
}

/**
 * Finds the record with `sourceId` `id`, failing the test when there is none.
 *
 * @param records the records an adapter kept
 * @param id the source id looked for
 * @param message the failure message (default `record <id> is kept`)
 * @returns the record
 */
export function recordById<T extends { sourceId: string }>(
  records: T[],
  id: string,
  message = `record ${id} is kept`,
): T {
  const record = records.find((r) => r.sourceId === id);
  assert.ok(record, message);
  return record;
}

/**
 * Fails unless every record the report counted as read was either kept or skipped.
 *
 * @param report the report of one adapter read
 * @param message the failure message, e.g. the source id when several sources are checked
 */
export function assertBalanced(report: SourceReport, message?: string): void {
  // `undefined` keeps node:assert's own message; the cast fits both shapes of @types/node's
  // `assert.equal` (newer versions accept `string`, or nothing, but not `string | undefined`).
  assert.equal(report.counts.read, report.counts.kept + report.skippedTotal, message as string);
}

/** The counts one adapter read is expected to report. */
export interface ExpectedCounts {
  /** Records looked at. */
  read: number;
  /** Records kept (and returned). */
  kept: number;
  /** Skipped records by reason, all of them (`{}` when none was skipped). */
  skipped: Record<string, number>;
  /** Files read, when the test checks them. */
  files?: number;
}

/**
 * Fails unless a read reported exactly the `expected` read, kept and skipped counts (and files,
 * when given), returned as many records as it counted kept, with distinct source ids, and
 * balanced read = kept + skipped.
 *
 * @example
 * ```ts
 * assertCounts(await realRead(adapter), { read: 405, kept: 405, skipped: {}, files: 2 });
 * ```
 *
 * @param read the records and the report of one adapter read
 * @param expected the counts the report must hold
 * @param message the failure message, e.g. the source id when several sources are checked
 */
export function assertCounts(
  { records, report }: AdapterRead<{ sourceId: string }>,
  expected: ExpectedCounts,
  message?: string,
): void {
  const m = message as string; // as in assertBalanced
  assert.equal(report.counts.read, expected.read, m);
  assert.equal(report.counts.kept, expected.kept, m);
  assert.deepEqual(report.counts.skipped, expected.skipped, m);
  if (expected.files !== undefined) assert.equal(report.counts.files, expected.files, m);
  assert.equal(records.length, expected.kept, m);
  assertBalanced(report, message);
  assert.equal(new Set(records.map((r) => r.sourceId)).size, records.length, m);
}

/**
 * Fails unless the report counted each repair of `exact` exactly that many times and each of
 * `atLeast` at least that many times; other repairs may be counted too.
 *
 * @param report the report of one adapter read
 * @param exact repair counts by kind, e.g. `{ bom: 1 }`
 * @param atLeast lower bounds of repair counts by kind, e.g. `{ html_entities: 2 }`
 */
export function assertCleaned(
  report: SourceReport,
  exact: Record<string, number>,
  atLeast: Record<string, number> = {},
): void {
  for (const [kind, n] of Object.entries(exact)) assert.equal(report.counts.cleaned[kind], n, kind);
  for (const [kind, n] of Object.entries(atLeast)) {
    assert.ok((report.counts.cleaned[kind] ?? 0) >= n, `${kind} >= ${n}`);
  }
}

/**
 * Fails unless `adapters` (a source module's export) holds exactly one adapter, and its source
 * info has every field of `expected`, as the source folder's SOURCES.md states it.
 *
 * @param adapters the adapters a source module exports
 * @param expected the info fields to check, e.g. `{ id, publisher, license }`
 */
export function assertOnlyAdapterDescribedAs(
  adapters: SourceAdapter<unknown>[],
  expected: Partial<SourceInfo>,
): void {
  assert.equal(adapters.length, 1);
  const info = adapters[0]!.info;
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(info[key as keyof SourceInfo], value, `info.${key}`);
  }
}

/**
 * Fails unless `record` has every field of `expected` with that value (deep equality; a field
 * expected `undefined` must be absent or undefined). Fields not named are not checked.
 *
 * @param record a record an adapter kept
 * @param expected the field values to check
 */
export function assertFields<T extends object>(
  record: T,
  expected: { [K in keyof T]?: T[K] | undefined },
): void {
  for (const [key, value] of Object.entries(expected)) {
    assert.deepEqual(record[key as keyof T], value, key);
  }
}

/**
 * Fails unless every server has a name that is neither empty nor "unknown", and no field that is
 * present but `undefined` or an empty list.
 *
 * @param servers the servers an adapter kept
 */
export function assertNamedWithoutEmptyFields(servers: SourceServer[]): void {
  for (const s of servers) {
    assert.ok(s.name.trim() !== "" && s.name.toLowerCase() !== "unknown", s.sourceId);
    for (const [key, value] of Object.entries(s)) {
      assert.notEqual(value, undefined, `${s.sourceId}.${key}`);
      if (Array.isArray(value)) assert.ok(value.length > 0, `${s.sourceId}.${key}`);
    }
  }
}

/**
 * Fails unless every price is from a first-party maker under one of the provider folders the
 * price source is allowed ({@link SOURCE_PROVIDER_IDS}), and none is under a reseller's folder.
 *
 * @param records the prices a price adapter kept, with `provider/model` source ids
 * @param source the price source
 * @param resellers provider folders of resellers, clouds or aggregators, e.g. `"openrouter"`
 */
export function assertFirstPartyFolders(
  records: SourcePrice[],
  source: PriceSourceId,
  resellers: string[],
): void {
  const allowed = new Set(Object.keys(SOURCE_PROVIDER_IDS[source]));
  for (const r of records) {
    assert.ok(FIRST_PARTY.has(r.provider), r.sourceId);
    assert.ok(allowed.has(r.sourceId.split("/")[0]!), r.sourceId);
  }
  for (const reseller of resellers) {
    assert.ok(!records.some((r) => r.sourceId.startsWith(`${reseller}/`)), reseller);
  }
}

/** Fields of a price record, as {@link assertFields} checks them. */
type PriceFields = { [K in keyof SourcePrice]?: SourcePrice[K] };

const CLAUDE_SONNET_4_5: PriceFields = {
  inputPerMTok: 3,
  outputPerMTok: 15,
  cacheReadPerMTok: 0.3,
  cacheWritePerMTok: 3.75,
};

/**
 * Makers' list prices (USD per million tokens) that several price sources give alike, so that
 * every source's test checks the same figures.
 */
export const LIST_PRICES: {
  /** GPT-4o: $2.50 input, $10 output, $1.25 cached input. */
  gpt4o: PriceFields;
  /** Claude Sonnet 4.5: $3 input, $15 output, $0.30 cache reads, $3.75 5-minute cache writes. */
  claudeSonnet45: PriceFields;
  /**
   * Claude Sonnet 4.5 with its $6 1-hour cache writes, $10 per thousand web searches and its
   * tier above 200k input tokens (twice the input and cache prices, 1.5 times the output price).
   */
  claudeSonnet45Full: PriceFields;
  /** Gemini 2.5 Pro's tier above 200k input tokens. */
  gemini25ProTiers: NonNullable<SourcePrice["tiers"]>;
} = {
  gpt4o: { inputPerMTok: 2.5, outputPerMTok: 10, cacheReadPerMTok: 1.25 },
  claudeSonnet45: CLAUDE_SONNET_4_5,
  claudeSonnet45Full: {
    ...CLAUDE_SONNET_4_5,
    cacheWrite1hPerMTok: 6,
    webSearchPerCall: 0.01,
    tiers: [{
      thresholdTokens: 200000,
      inputPerMTok: 6,
      outputPerMTok: 22.5,
      cacheReadPerMTok: 0.6,
      cacheWritePerMTok: 7.5,
    }],
  },
  gemini25ProTiers: [
    { thresholdTokens: 200000, inputPerMTok: 2.5, outputPerMTok: 15, cacheReadPerMTok: 0.25 },
  ],
};

/** The time the price adapter tests read the real price lists at (dated prices, deprecations). */
export const PRICES_NOW: Date = new Date("2026-11-22T12:00:00Z");

/**
 * Reads the real source with a price adapter made to take `now` as the current time (not
 * memoized).
 *
 * @param makeAdapter the price adapter's factory, e.g. `litellmAdapter`
 * @param now the current time for the adapter (default {@link PRICES_NOW})
 * @returns the records and the report of this read
 */
export function readPricesAt(
  makeAdapter: (options: { now: Date }) => SourceAdapter<SourcePrice>,
  now: Date = PRICES_NOW,
): Promise<AdapterRead<SourcePrice>> {
  return readSource(makeAdapter({ now }));
}

/**
 * Fails when any string anywhere in the records is empty or a placeholder such as "unknown", or
 * when any property is present but `undefined`.
 *
 * @param records the records an adapter kept
 */
export function assertNoPlaceholders(records: { sourceId: string }[]): void {
  const walk = (value: unknown, where: string): void => {
    if (typeof value === "string") assert.ok(!isPlaceholder(value), `placeholder at ${where}`);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        assert.notEqual(v, undefined, `undefined property ${where}.${k}`);
        walk(v, `${where}.${k}`);
      }
    }
  };
  records.forEach((r) => walk(r, r.sourceId));
}

/**
 * Like {@link assertNoPlaceholders}, but checks only the record fields of servers and the names
 * of their tools: input schemas are the servers' own JSON Schemas and may say anything.
 *
 * @param records the servers an adapter kept
 */
export function assertNoPlaceholderFields(records: SourceServer[]): void {
  assertNoPlaceholders(
    records.map(({ tools, ...fields }) => ({
      ...fields,
      toolNames: tools?.map((t) => t.name) ?? [],
    })),
  );
}

/**
 * Runs `fn` on a temporary sources root holding `files` (paths relative to the root, parent
 * folders created; a path ending in `/` makes an empty folder), and removes the root afterwards,
 * also when `fn` throws.
 *
 * @example
 * ```ts
 * await withSourceFixture({ "mcp-servers/x/data.json": "[]" }, async (root) => {
 *   await adapter.read(root, new SourceReport("x"));
 * });
 * ```
 *
 * @param files file text by path relative to the root (`""` for a folder path); `{}` for an
 * empty root
 * @param fn the test body, given the root
 * @returns what `fn` returns
 */
export async function withSourceFixture<R>(
  files: Record<string, string>,
  fn: (root: string) => Promise<R>,
): Promise<R> {
  const root = await tempDir();
  try {
    for (const [path, text] of Object.entries(files)) {
      const slash = path.lastIndexOf("/");
      if (slash > 0) await Deno.mkdir(`${root}/${path.slice(0, slash)}`, { recursive: true });
      if (slash < path.length - 1) await Deno.writeTextFile(`${root}/${path}`, text);
    }
    return await fn(root);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

/**
 * Reads a temporary sources root holding `files` (see {@link withSourceFixture}) with `adapter`,
 * counting into a fresh report named after the adapter's id.
 *
 * @example
 * ```ts
 * const { records, report } = await readFixture(adapter, { "mcp-servers/x/data.json": "[]" });
 * ```
 *
 * @param adapter the adapter under test
 * @param files file text by path relative to the root
 * @returns the records and the report of this read
 */
export function readFixture<T>(
  adapter: SourceAdapter<T>,
  files: Record<string, string>,
): Promise<AdapterRead<T>> {
  return withSourceFixture(files, (root) => readSource(adapter, root));
}

/**
 * Fails unless `adapter` throws `NotFound` on a sources root without its source.
 *
 * @param adapter the adapter under test
 */
export async function assertMissingSourceThrows(adapter: SourceAdapter<unknown>): Promise<void> {
  await assert.rejects(readFixture(adapter, {}), Deno.errors.NotFound);
}
