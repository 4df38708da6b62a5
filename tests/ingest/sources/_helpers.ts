/**
 * Helpers shared by the source adapter tests: one memoized read of the real source per adapter,
 * record lookup by source id, the read = kept + skipped balance, the placeholder scan, and
 * temporary source fixtures.
 *
 * @module
 */
import assert from "node:assert/strict";
import { isPlaceholder } from "../../../src/ingest/clean.ts";
import { SourceReport } from "../../../src/ingest/report.ts";
import type { SourceAdapter, SourceServer } from "../../../src/ingest/types.ts";
import { SOURCES_DIR } from "../../_helpers.ts";

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
 */
export function assertBalanced(report: SourceReport): void {
  assert.equal(report.counts.read, report.counts.kept + report.skippedTotal);
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
 * folders created), and removes the root afterwards, also when `fn` throws.
 *
 * @example
 * ```ts
 * await withSourceFixture({ "mcp-servers/x/data.json": "[]" }, async (root) => {
 *   await adapter.read(root, new SourceReport("x"));
 * });
 * ```
 *
 * @param files file text by path relative to the root; `{}` for an empty root
 * @param fn the test body, given the root
 * @returns what `fn` returns
 */
export async function withSourceFixture<R>(
  files: Record<string, string>,
  fn: (root: string) => Promise<R>,
): Promise<R> {
  const root = await Deno.makeTempDir();
  try {
    for (const [path, text] of Object.entries(files)) {
      const slash = path.lastIndexOf("/");
      if (slash > 0) await Deno.mkdir(`${root}/${path.slice(0, slash)}`, { recursive: true });
      await Deno.writeTextFile(`${root}/${path}`, text);
    }
    return await fn(root);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}
