import assert from "node:assert/strict";
import {
  canonicalJson,
  type ChangeState,
  newEntryId,
  publicRecord,
  recordHash,
  TOMBSTONE_DAYS,
  trackChanges,
  trackedEntry,
} from "../../src/catalog/changes.ts";
import { readChangeState, writeCatalog } from "../../src/catalog/writer.ts";
import { CatalogStore } from "../../src/catalog/store.ts";
import { scoreServer } from "../../src/ingest/trust.ts";
import { PRICES, server, SERVERS, TOOLS } from "../fixtures/catalog.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import { tempDir } from "../_temp.ts";

const T1 = "2026-01-01T00:00:00.000Z";
const T2 = "2026-01-02T00:00:00.000Z";
const T3 = "2026-01-03T00:00:00.000Z";

function entries(servers: CatalogServer[]) {
  return servers.map((s) => trackedEntry("server", s.name, s));
}

/** The state a build leaves, as the next build reads it. */
function stateOf(servers: CatalogServer[], built: ReturnType<typeof trackChanges>): ChangeState {
  const refs = new Map<string, string[]>();
  for (const s of servers) {
    for (const r of s.sources) {
      const k = `${r.source}:${r.sourceId}`;
      refs.set(k, [...refs.get(k) ?? [], s.name]);
    }
  }
  return { rows: built.rows, refs: new Map([["server", refs], ["tool", new Map()]]) };
}

const A = server({ name: "io.github.a/one", title: "One", officialNames: ["io.github.a/one"] });
const B = server({ name: "github.com/b/two", title: "Two" });
const C = server({ name: "github.com/c/three", title: "Three" });

Deno.test("canonicalJson() sorts keys at every depth and leaves out undefined members", () => {
  assert.equal(
    canonicalJson({ b: 1, a: [2, { d: 3, c: undefined, e: null }] }),
    '{"a":[2,{"d":3,"e":null}],"b":1}',
  );
  assert.equal(recordHash({ x: 1, y: 2 }), recordHash({ y: 2, x: 1 }));
  assert.notEqual(recordHash({ x: 1 }), recordHash({ x: 2 }));
  assert.match(recordHash({}), /^[0-9a-f]{64}$/);
});

Deno.test("publicRecord() ignores what changes with the build time alone, not the score", () => {
  const s = server({ name: "x/y", title: "Y", updatedAt: "2025-06-01T00:00:00Z" });
  const a = { ...s, trust: scoreServer(s, new Date("2026-01-01T00:00:00Z")) };
  const b = { ...s, trust: scoreServer(s, new Date("2026-01-02T00:00:00Z")) };
  assert.notDeepEqual(a.trust.computedAt, b.trust.computedAt);
  assert.notDeepEqual(a.trust.components, b.trust.components, "evidence states the day count");
  assert.equal(recordHash(publicRecord("server", a)), recordHash(publicRecord("server", b)));
  // A year later the freshness points drop, and the score with them: that is a change.
  const c = { ...s, trust: scoreServer(s, new Date("2027-06-01T00:00:00Z")) };
  assert.notEqual(c.trust.score, a.trust.score);
  assert.notEqual(recordHash(publicRecord("server", a)), recordHash(publicRecord("server", c)));
  // Hints are never shown; a description is.
  const hinted = { ...s, hints: ["github.com/x"] };
  assert.equal(recordHash(publicRecord("server", s)), recordHash(publicRecord("server", hinted)));
  const edited = { ...s, description: "Another text" };
  assert.notEqual(
    recordHash(publicRecord("server", s)),
    recordHash(publicRecord("server", edited)),
  );
});

Deno.test("publicRecord() counts a hand-labelled leaf, not a placement the retrained model moves", () => {
  const placed = (leafId: string, method: "label" | "model", score: number) =>
    ({
      ...server({ name: "x/z", title: "Z" }),
      taxonomy: {
        primary: { facetId: "build", subcategoryId: "s", leafId, method, score },
        secondary: [{ facetId: "build", subcategoryId: "s", leafId: "other", method, score }],
      },
    }) as CatalogServer;
  const hash = (s: CatalogServer) => recordHash(publicRecord("server", s));
  assert.equal(hash(placed("code-search", "model", 0.6)), hash(placed("ci-cd", "model", 0.4)));
  assert.equal(hash(placed("ci-cd", "label", 1)), hash(placed("ci-cd", "label", 1)));
  assert.notEqual(hash(placed("ci-cd", "label", 1)), hash(placed("code-search", "label", 1)));
});

Deno.test("trackChanges() without history: every entry new, ids deterministic", () => {
  const { rows, stats } = trackChanges(undefined, entries([A, B]), T1);
  assert.deepEqual(stats, {
    previous: false,
    added: 2,
    changed: 0,
    unchanged: 0,
    renamed: 0,
    revived: 0,
    removed: 0,
    tombstones: 0,
    expired: 0,
  });
  assert.deepEqual(rows.map((r) => [r.key, r.firstSeenAt, r.updatedAt, r.deletedAt]), [
    ["io.github.a/one", T1, T1, null],
    ["github.com/b/two", T1, T1, null],
  ]);
  assert.equal(rows[0]!.id, newEntryId("server", "io.github.a/one"));
  assert.match(rows[0]!.id, /^srv_[0-9a-f]{16}$/);
  assert.equal(newEntryId("server", "IO.github.A/one"), rows[0]!.id, "keys compare without case");
});

Deno.test("trackChanges() carries unchanged entries and dates exactly the changed one", () => {
  const first = trackChanges(undefined, entries([A, B, C]), T1);
  const B2 = { ...B, description: "Two, now described differently" };
  const second = trackChanges(stateOf([A, B, C], first), entries([A, B2, C]), T2);
  assert.equal(second.stats.changed, 1);
  assert.equal(second.stats.unchanged, 2);
  const byKey = new Map(second.rows.map((r) => [r.key, r]));
  assert.equal(byKey.get(B.name)!.updatedAt, T2);
  assert.equal(byKey.get(B.name)!.firstSeenAt, T1);
  assert.equal(byKey.get(A.name)!.updatedAt, T1);
  assert.equal(byKey.get(C.name)!.updatedAt, T1);
  for (const r of second.rows) assert.equal(r.id, first.rows.find((x) => x.key === r.key)!.id);
});

Deno.test("trackChanges() writes a tombstone for a removed entry, keeps it 90 days, then drops it", () => {
  const first = trackChanges(undefined, entries([A, B]), T1);
  const second = trackChanges(stateOf([A, B], first), entries([A]), T2);
  assert.equal(second.stats.removed, 1);
  const tomb = second.rows.find((r) => r.key === B.name)!;
  assert.equal(tomb.deletedAt, T2);
  assert.equal(tomb.updatedAt, T2);
  assert.equal(tomb.firstSeenAt, T1);
  assert.equal(tomb.summary.title, "Two");
  assert.equal(TOMBSTONE_DAYS, 90);
  const within = trackChanges(stateOf([A], second), entries([A]), "2026-03-30T00:00:00.000Z");
  assert.deepEqual(within.rows.find((r) => r.key === B.name), tomb, "carried unchanged");
  assert.equal(within.stats.tombstones, 1);
  const after = trackChanges(stateOf([A], within), entries([A]), "2026-04-03T00:00:00.000Z");
  assert.equal(after.rows.find((r) => r.key === B.name), undefined);
  assert.equal(after.stats.expired, 1);
});

Deno.test("trackChanges() revives a tombstoned key with its old id and first-seen time", () => {
  const first = trackChanges(undefined, entries([A, B]), T1);
  const second = trackChanges(stateOf([A, B], first), entries([A]), T2);
  const third = trackChanges(stateOf([A], second), entries([A, B]), T3);
  const b = third.rows.find((r) => r.key === B.name)!;
  assert.equal(third.stats.revived, 1);
  assert.deepEqual([b.id, b.firstSeenAt, b.updatedAt, b.deletedAt], [
    first.rows[1]!.id,
    T1,
    T3,
    null,
  ]);
});

Deno.test("trackChanges() follows a renamed entry by its source records", () => {
  const old = server({
    name: "github.com/o/r",
    title: "R",
    sources: [{ source: "glama", sourceId: "o/r" }],
  });
  const renamed = server({
    name: "io.github.o/r",
    title: "R",
    officialNames: ["io.github.o/r"],
    sources: [{ source: "glama", sourceId: "o/r" }, {
      source: "official-registry",
      sourceId: "io.github.o/r",
    }],
  });
  const first = trackChanges(undefined, entries([old]), T1);
  const second = trackChanges(stateOf([old], first), entries([renamed]), T2);
  assert.equal(second.stats.renamed, 1);
  assert.equal(second.stats.added, 0);
  const live = second.rows.find((r) => r.key === renamed.name)!;
  const tomb = second.rows.find((r) => r.key === old.name)!;
  assert.equal(live.id, first.rows[0]!.id);
  assert.equal(live.firstSeenAt, T1);
  assert.equal(live.updatedAt, T2);
  assert.equal(tomb.deletedAt, T2);
  assert.equal(tomb.renamedTo, renamed.name);
});

Deno.test("trackChanges() refuses a bad build time and duplicate keys", () => {
  assert.throws(() => trackChanges(undefined, [], "yesterday"), RangeError);
  assert.throws(
    () => trackChanges(undefined, entries([A, { ...A, name: "IO.GITHUB.A/ONE" }]), T1),
    /Cannot track two servers keyed/,
  );
});

Deno.test("writeCatalog() carries history from the catalog it replaces, and readChangeState() reads it", async () => {
  const dir = await tempDir({ prefix: "toolatlas-changes-" });
  const path = `${dir}/catalog.db`;
  const data = (servers: CatalogServer[], builtAt: string) => ({
    tools: TOOLS,
    servers,
    prices: PRICES,
    sources: [],
    report: {},
    builtAt,
  });
  const first = await writeCatalog(path, data(SERVERS, T1));
  assert.equal(first.changes.previous, false);
  assert.equal(first.changes.added, SERVERS.length + TOOLS.length + PRICES.length);
  const edited = SERVERS.map((s, i) => i === 0 ? { ...s, description: "Edited" } : s);
  const second = await writeCatalog(path, data(edited.slice(0, -1), T2));
  assert.deepEqual(
    {
      changed: second.changes.changed,
      removed: second.changes.removed,
      added: second.changes.added,
    },
    { changed: 1, removed: 1, added: 0 },
  );
  const store = CatalogStore.open(path);
  try {
    assert.equal(JSON.parse(store.meta("changes")!).changed, 1);
    assert.equal(store.changeRow("server", edited[0]!.name)!.updatedAt, T2);
    assert.equal(store.changeRow("server", edited[1]!.name)!.updatedAt, T1);
    const tombs = store.tombstones("server");
    assert.deepEqual(tombs.map((t) => [t.key, t.deletedAt]), [[SERVERS.at(-1)!.name, T2]]);
    assert.equal(store.changeRow("tool", TOOLS[0]!.slug)!.firstSeenAt, T1);
  } finally {
    store.close();
  }
  const state = readChangeState(path)!;
  assert.equal(state.rows.length, SERVERS.length + TOOLS.length + PRICES.length);
  assert.equal(readChangeState(`${dir}/missing.db`), undefined);
  await Deno.writeTextFile(`${dir}/junk.db`, "not a database at all, just text");
  assert.equal(readChangeState(`${dir}/junk.db`), undefined);
  // previousPath: null starts a new history even when a catalog is there.
  const fresh = await writeCatalog(path, { ...data(SERVERS, T3), previousPath: null });
  assert.equal(fresh.changes.previous, false);
  await Deno.remove(dir, { recursive: true });
});
