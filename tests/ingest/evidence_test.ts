import assert from "node:assert/strict";
import { dateOf, resolveNewest, type Statement } from "../../src/ingest/evidence.ts";

/** A statement with only what the test names. */
function said<T>(source: string, value: T, statedAt: string, extra: Partial<Statement<T>> = {}) {
  return { source, sourceId: source, value, statedAt, rank: 0, ...extra } as Statement<T>;
}

Deno.test("resolveNewest: the newest statement wins and the older one is superseded", () => {
  const r = resolveNewest([
    said("aitoolhouse", "paid", "2025-06-26", { rank: 0 }),
    said("autoventure", "free", "2026-08-07", { rank: 5 }),
  ])!;
  assert.equal(r.value, "free");
  assert.equal(r.rule, "newest");
  assert.deepEqual(r.statements.map((s) => [s.source, s.status]), [
    ["autoventure", "chosen"],
    ["aitoolhouse", "superseded"],
  ]);
});

Deno.test("resolveNewest: statements of about the same age that disagree go by agreement", () => {
  const r = resolveNewest([
    said("a", "https://suno.ai/", "2026-08-07"),
    said("b", "https://suno.com/", "2026-08-03"),
    said("c", "https://suno.com/", "2026-07-13"),
    said("d", "https://old.suno.ai/", "2023-01-01"),
  ])!;
  assert.equal(r.value, "https://suno.com/");
  assert.equal(r.rule, "agreement");
  assert.deepEqual(r.statements.map((s) => s.status), [
    "overruled",
    "chosen",
    "agrees",
    "superseded",
  ]);
});

Deno.test("resolveNewest: a tie of agreement goes to source priority, then to the newest", () => {
  const byRank = resolveNewest([
    said("topai-tools", "free_trial", "2023-08-05", { rank: 1 }),
    said("aitoolhouse", "contact", "2023-07-28", { rank: 0 }),
  ])!;
  assert.deepEqual([byRank.value, byRank.rule], ["contact", "priority"]);
  assert.equal(byRank.statements[0]!.status, "overruled");
  const sameRank = resolveNewest([said("a", "x", "2026-08-01"), said("b", "y", "2026-08-07")])!;
  assert.deepEqual([sameRank.value, sameRank.rule], ["y", "priority"]);
  const apart = resolveNewest([
    said("a", "x", "2025-01-01"),
    said("b", "y", "2026-08-07", { rank: 9 }),
  ])!;
  assert.deepEqual([apart.value, apart.rule], ["y", "newest"], "outside one quarter, newest wins");
});

Deno.test("resolveNewest: a coarse statement decides only where no explicit one exists", () => {
  const explicit = resolveNewest([
    said("ai-collection", "freemium", "2026-07-13", { explicit: false }),
    said("aitoolhouse", "paid", "2024-07-22"),
  ])!;
  assert.equal(explicit.value, "paid");
  assert.equal(explicit.statements.find((s) => s.source === "ai-collection")!.status, "superseded");
  const coarseOnly = resolveNewest([
    said("ai-collection", "freemium", "2024-06-20", { explicit: false }),
  ])!;
  assert.deepEqual([coarseOnly.value, coarseOnly.rule], ["freemium", "only"]);
  assert.equal(resolveNewest([]), undefined);
});

Deno.test("resolveNewest: equal keys state one fact", () => {
  const r = resolveNewest(
    [
      said("a", "Claude", "2026-08-03"),
      said("b", "Claude AI", "2026-08-07"),
      said("c", "Claude Artifacts", "2026-08-06"),
    ],
    (v) => v.replace(/ ai$/i, "").toLowerCase(),
  )!;
  assert.equal(r.value, "Claude AI");
  assert.equal(r.rule, "agreement");
});

Deno.test("dateOf: a time becomes its UTC date; a bad one is undefined", () => {
  assert.equal(dateOf("2025-04-11T20:24:14.212282+05:30"), "2025-04-11");
  assert.equal(dateOf("2024-07-22T20:00:27.141Z"), "2024-07-22");
  assert.equal(dateOf("2026-08-07"), "2026-08-07");
  assert.equal(dateOf("not a date"), undefined);
  assert.equal(dateOf(undefined), undefined);
});
