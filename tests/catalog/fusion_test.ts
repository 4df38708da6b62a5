import assert from "node:assert/strict";
import type { CatalogContext } from "../../src/catalog/context.ts";
import {
  FEEDBACK,
  fuseScores,
  type FusionWeights,
  HYBRID,
  type Signal,
} from "../../src/catalog/ranking.ts";
import { collapseVariants, demoteInverse } from "../../src/catalog/result_order.ts";
import { AUTHORITY_WEIGHT } from "../../src/catalog/authority.ts";
import { VectorIndex } from "../../src/catalog/vector_index.ts";
import type { Taxonomy } from "../../src/model/taxonomy.ts";

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
  postings: Int32Array[] = [],
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
    termPostings: () => postings,
  };
  return { store } as unknown as CatalogContext;
}

const signalsFor = (ids: number[]) =>
  new Map<number, Signal>(ids.map((id) => [id, { exact: false }]));

/** The corpus's fusion weights without the leaf vote (to check the other parts alone). */
const noVote = (kind: "tools" | "servers"): FusionWeights => ({ ...HYBRID[kind], vote: 0 });

Deno.test("fuseScores adds normalized lexical score, weighted cosine and the leaf prior", () => {
  const q = unit(1, 0, 0);
  // Entry 1 matched words only and points away from the query; entry 2 only by meaning.
  const ctx = context(
    { 1: unit(0, 1, 0), 2: unit(1, 0, 0) },
    { 1: "other", 2: "near" },
    { near: unit(1, 0, 0), mid: unit(1, 1, 0), mid2: unit(1, 2, 0), other: unit(0, 0, 1) },
  );
  const signals = signalsFor([1, 2]);
  const w = noVote("servers");
  const scores = new Map(
    fuseScores(
      ctx,
      "servers",
      q,
      [{ id: 1, relevance: 1.5 }],
      [{ id: 2, similarity: 1 }],
      signals,
      { q: "" },
      w,
    ),
  );
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
      { q: "" },
      noVote("tools"),
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
  const scores = new Map(
    fuseScores(ctx, "servers", q, hits, [], signalsFor([1, 2, 3]), { q: "" }, noVote("servers")),
  );
  const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
  assert.ok(cos(q, unit(0.3, 0, 1)) > cos(q, unit(0.2, 1, 0.1)), "3 is closer to the raw query");
  assert.ok(scores.get(2)! > scores.get(3)!, "but 2 wins after feedback");
});

Deno.test("authority breaks ties on a topical query, capped; a query naming an entry weighs it fully", () => {
  const q = unit(1, 0, 0);
  const same = unit(1, 1, 0);
  const ctx = context({ 1: same, 2: same }, {}, {}, { 1: 1.6, 2: -0.2 });
  const w = noVote("servers");
  const topical = new Map(
    fuseScores(
      ctx,
      "servers",
      q,
      [{ id: 1, relevance: 1 }, { id: 2, relevance: 1 }],
      [],
      signalsFor([1, 2]),
      { q: "" },
      w,
    ),
  );
  // 1.6 counts as the cap (1) on a topical query.
  assert.ok(
    Math.abs(topical.get(1)! - topical.get(2)! - w.authority * (w.authorityCap + 0.2)) < 1e-6,
  );
  const named = new Map(
    fuseScores(
      ctx,
      "servers",
      q,
      [{ id: 1, relevance: 1, strength: 1 }, { id: 2, relevance: 1 }],
      [],
      signalsFor([1, 2]),
      { q: "" },
      w,
    ),
  );
  assert.ok(
    Math.abs(named.get(1)! - named.get(2)! - AUTHORITY_WEIGHT.servers * (1.6 + 0.2)) < 1e-6,
  );
});

Deno.test("the all-terms bonus is the weights' own, not the lexical pass's 0.5", () => {
  const q = unit(1, 0, 0);
  const same = unit(1, 1, 0);
  const ctx = context({ 1: same, 2: same }, {}, {});
  // Relevance 1.3 = BM25 share 0.8 + the lexical pass's bonus 0.5; entry 2 matched some terms.
  const hits = [{ id: 1, relevance: 1.3, allTerms: true }, { id: 2, relevance: 0.8 }];
  const score = (allTerms: number) =>
    new Map(
      fuseScores(ctx, "tools", q, hits, [], signalsFor([1, 2]), { q: "" }, {
        ...noVote("tools"),
        allTerms,
      }),
    );
  const none = score(0);
  assert.ok(Math.abs(none.get(1)! - none.get(2)!) < 1e-6, "without a bonus the two are equal");
  const some = score(0.2);
  // Normalized by the best (0.8 + 0.2): 1 against 0.8.
  assert.ok(Math.abs(some.get(1)! - some.get(2)! - 0.2) < 1e-6);
});

Deno.test("the leaf vote lifts the candidates of the leaf the first results agree on", () => {
  const q = unit(1, 0, 0);
  // Entries 1-3 are filed under "agreed", entry 4 under "lone"; 4 and 5 score the same before
  // the vote, 5 shares the first results' leaf.
  const ctx = context(
    {
      1: unit(1, 0.1, 0),
      2: unit(1, 0.12, 0),
      3: unit(1, 0.14, 0),
      4: unit(1, 0.5, 0.5),
      5: unit(1, 0.5, 0.5),
    },
    { 1: "agreed", 2: "agreed", 3: "agreed", 4: "lone", 5: "agreed" },
    { far: unit(0, 0, 1), far2: unit(0, 1, 1), far3: unit(0, 1, 2) },
  );
  const signals = signalsFor([1, 2, 3, 4, 5]);
  const w: FusionWeights = { ...HYBRID.tools, voteDepth: 3 };
  const hits = [1, 2, 3, 4, 5].map((id) => ({ id, similarity: 0.5 }));
  const scores = new Map(fuseScores(ctx, "tools", q, [], hits, signals, { q: "" }, w));
  assert.ok(Math.abs(scores.get(5)! - scores.get(4)! - w.vote) < 1e-6);
  assert.equal(signals.get(5)!.agreement, 1);
  assert.equal(signals.get(4)!.agreement, 0);
});

Deno.test("a keyword of a leaf in the query adds to that leaf's prior", () => {
  const q = unit(1, 0, 0);
  const same = unit(0, 1, 0);
  const taxonomy = {
    facets: [{
      id: "f",
      children: [{
        id: "s",
        children: [{ id: "crons", keywords: ["cron job"] }, { id: "other", keywords: [] }],
      }],
    }],
  } as unknown as Taxonomy;
  const ctx = context(
    { 1: same, 2: same },
    { 1: "crons", 2: "other" },
    { other: unit(1, 0, 0), a: unit(1, 1, 0), b: unit(1, 2, 0), crons: unit(0, 0, 1) },
  );
  const w = noVote("servers");
  const scores = new Map(
    fuseScores(
      ctx,
      "servers",
      q,
      [],
      [{ id: 1, similarity: 0 }, { id: 2, similarity: 0 }],
      signalsFor([1, 2]),
      {
        q: "run my cron jobs every night",
        taxonomy,
      },
      w,
    ),
  );
  // "other" is the nearest leaf (prior 1); "crons" gets the keyword prior.
  assert.ok(Math.abs(scores.get(1)! - scores.get(2)! - w.taxonomy * (w.keyword - 1)) < 1e-6);
});

Deno.test("demoteInverse moves entries for the inverse conversion after the first block", () => {
  const tools: Record<number, { name: string; description: string }> = {
    1: { name: "Img2prompt", description: "Get prompts from images." },
    2: { name: "Painter", description: "Turn text prompts into images." },
    3: { name: "Notes", description: "Take notes." },
  };
  const store = {
    toolsByIds: (ids: number[]) => ids.map((id) => tools[id]!),
  };
  const ctx = { store } as unknown as CatalogContext;
  assert.deepEqual(
    demoteInverse(ctx, "tools", "generate images from text prompts", [1, 2, 3]),
    [2, 3, 1],
  );
  // A query that names no conversion keeps the order (and reads no entry).
  assert.deepEqual(demoteInverse(ctx, "tools", "image tools", [1, 2, 3]), [1, 2, 3]);
});

Deno.test("collapseVariants shows a project once, at its best-ranked listing", () => {
  // 10 is canonical for variants 11 and 12; 20 is canonical for 21; 30 has no variants.
  const canonical = new Map([[11, 10], [12, 10], [21, 20]]);
  // The filter lets 10 and 30 through, not 20 (its variant 21 matched, the project does not pass).
  const passes = new Uint8Array(40);
  passes[10] = passes[30] = 1;
  const store = {
    canonicalOfVariants: () => canonical,
    serverMaskMatching: () => passes,
  };
  const ctx = { store } as unknown as CatalogContext;
  const signals = new Map<number, Signal>([
    [11, { similarity: 0.8, exact: false }],
    [30, { similarity: 0.5, exact: false }],
    [12, { similarity: 0.4, exact: false }],
    [21, { similarity: 0.3, exact: false }],
  ]);
  // The variant 11 ranked first lifts its project 10 to first place; 10's own later place and
  // its other variant 12 are dropped; 21's project does not pass the filter.
  assert.deepEqual(collapseVariants(ctx, [11, 30, 10, 12, 21], signals, {}), [10, 30]);
  assert.deepEqual(signals.get(10), { similarity: 0.8, exact: false });
  // An entry's own signals are kept when it matched itself.
  signals.set(10, { similarity: 0.2, exact: false });
  collapseVariants(ctx, [12, 10], signals, {});
  assert.equal(signals.get(10)!.similarity, 0.2);
});

Deno.test("the query's most probable leaf is boosted only when its probability reaches the threshold", () => {
  const q = unit(1, 0, 0);
  const same = unit(1, 0, 1);
  // Entries 1 and 2 are alike; 1, 3-5 are filed under "calendar", 2, 6-8 under "meetings". The
  // leaves are as near the query as each other; the query's word is used by calendar entries only.
  const ctx = context(
    { 1: same, 2: same },
    {
      1: "calendar",
      3: "calendar",
      4: "calendar",
      5: "calendar",
      2: "meetings",
      6: "meetings",
      7: "meetings",
      8: "meetings",
    },
    { calendar: unit(1, 1, 0), meetings: unit(1, -1, 0) },
    {},
    [Int32Array.from([1, 3, 4, 5])],
  );
  const hits = [{ id: 1, relevance: 1 }, { id: 2, relevance: 1 }];
  const score = (q2: string, leafBoostAt: number) =>
    new Map(
      fuseScores(ctx, "tools", q, hits, [], signalsFor([1, 2]), { q: q2 }, {
        ...noVote("tools"),
        taxonomy: 0,
        leafBoostAt,
      }),
    );
  // Two leaves and a weak word: "calendar" is the more probable, a little over one half.
  const boosted = score("plan my week", 0.5);
  const lift = boosted.get(1)! - boosted.get(2)!;
  assert.ok(lift > 0.5 * HYBRID.tools.leafBoost && lift < 0.6 * HYBRID.tools.leafBoost, `${lift}`);
  // Under the threshold or without words, the two stay equal; servers have no boost.
  const below = score("plan my week", 0.9);
  assert.ok(Math.abs(below.get(1)! - below.get(2)!) < 1e-9);
  const empty = score("", 0.5);
  assert.ok(Math.abs(empty.get(1)! - empty.get(2)!) < 1e-9);
  assert.equal(HYBRID.servers.leafBoost, 0);
});
