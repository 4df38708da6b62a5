import assert from "node:assert/strict";
import type { CatalogContext } from "../../src/catalog/context.ts";
import { FEEDBACK, fuseScores, HYBRID, type Signal } from "../../src/catalog/ranking.ts";
import { AUTHORITY_WEIGHT } from "../../src/catalog/authority.ts";
import { VectorIndex } from "../../src/catalog/vector_index.ts";

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

/** A context whose store holds hand-made 3-d vectors, leaves and placements. */
function context(
  vectors: Record<number, Float32Array>,
  leafOf: Record<number, string>,
  leaves: Record<string, Float32Array>,
  authority: Record<number, number> = {},
): CatalogContext {
  const ids = Object.keys(vectors).map(Number);
  const index = new VectorIndex(
    Int32Array.from(ids),
    Float32Array.from(ids.flatMap((id) => [...vectors[id]!])),
    3,
  );
  const store = {
    vectorIndex: () => index,
    leafIds: () => new Map(Object.entries(leafOf).map(([id, l]) => [Number(id), l])),
    leafVectors: () => new Map(Object.entries(leaves)),
    authorities: () => new Map(Object.entries(authority).map(([id, a]) => [Number(id), a])),
  };
  return { store } as unknown as CatalogContext;
}

const signalsFor = (ids: number[]) =>
  new Map<number, Signal>(ids.map((id) => [id, { exact: false }]));

Deno.test("fuseScores adds normalized lexical score, weighted cosine and the leaf prior", () => {
  const q = unit(1, 0, 0);
  // Entry 1 matched words only and points away from the query; entry 2 only by meaning.
  const ctx = context(
    { 1: unit(0, 1, 0), 2: unit(1, 0, 0) },
    { 1: "other", 2: "near" },
    { near: unit(1, 0, 0), mid: unit(1, 1, 0), mid2: unit(1, 2, 0), other: unit(0, 0, 1) },
  );
  const signals = signalsFor([1, 2]);
  const scores = new Map(
    fuseScores(ctx, "servers", q, [{ id: 1, relevance: 1.5 }], [{ id: 2, similarity: 1 }], signals),
  );
  const w = HYBRID.servers;
  // Feedback mixes in entry 2 and entry 1 (the top 2 of 2 candidates): q' = norm(q + mean).
  const expanded = unit(1 + FEEDBACK.weight * 0.5, FEEDBACK.weight * 0.5, 0);
  assert.ok(Math.abs(scores.get(1)! - (1 + w.semantic * expanded[1]!)) < 1e-6);
  assert.ok(Math.abs(scores.get(2)! - (w.semantic * expanded[0]! + w.taxonomy * 1)) < 1e-6);
  // Signals keep the similarity to the original query, for confidence.
  assert.ok(Math.abs(signals.get(1)!.similarity! - 0) < 1e-6);
});

Deno.test("the taxonomy prior ranks an entry of the query's nearest leaf above an equal one", () => {
  const q = unit(1, 0, 0);
  const same = unit(1, 1, 1);
  const ctx = context(
    { 1: same, 2: same },
    { 1: "far", 2: "near" },
    { near: unit(1, 0.1, 0), a: unit(1, 1, 0), b: unit(1, 2, 0), far: unit(0, 0, 1) },
  );
  const scores = new Map(
    fuseScores(
      ctx,
      "tools",
      q,
      [{ id: 1, relevance: 1 }, { id: 2, relevance: 1 }],
      [],
      signalsFor([1, 2]),
    ),
  );
  assert.ok(Math.abs(scores.get(2)! - scores.get(1)! - HYBRID.tools.taxonomy) < 1e-6);
});

Deno.test("pseudo-relevance feedback lifts an entry like the best matches above a query-only one", () => {
  // Entry 1 is the clear lexical winner. Entry 2 resembles it, entry 3 resembles the query a bit
  // more than entry 2 does; after feedback, entry 2 overtakes entry 3.
  const q = unit(1, 0, 0);
  const ctx = context(
    { 1: unit(0.2, 1, 0), 2: unit(0.2, 1, 0.1), 3: unit(0.3, 0, 1) },
    {},
    {},
  );
  const hits = [{ id: 1, relevance: 1.5 }, { id: 2, relevance: 0.1 }, { id: 3, relevance: 0.1 }];
  const scores = new Map(fuseScores(ctx, "servers", q, hits, [], signalsFor([1, 2, 3])));
  const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
  assert.ok(cos(q, unit(0.3, 0, 1)) > cos(q, unit(0.2, 1, 0.1)), "3 is closer to the raw query");
  assert.ok(scores.get(2)! > scores.get(3)!, "but 2 wins after feedback");
});

Deno.test("fuseScores adds the authority prior, weighted, to every candidate", () => {
  const q = unit(1, 0, 0);
  const same = unit(1, 1, 0);
  const ctx = context({ 1: same, 2: same }, {}, {}, { 1: 0.8, 2: -0.2 });
  const scores = new Map(
    fuseScores(
      ctx,
      "servers",
      q,
      [{ id: 1, relevance: 1 }, { id: 2, relevance: 1 }],
      [],
      signalsFor([1, 2]),
    ),
  );
  assert.ok(Math.abs(scores.get(1)! - scores.get(2)! - AUTHORITY_WEIGHT.servers * 1) < 1e-6);
});
