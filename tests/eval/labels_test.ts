import assert from "node:assert/strict";
import { realCatalog } from "../_helpers.ts";
import { CORPORA, type EvalQuery, loadQueries } from "./run_eval.ts";

const queries = Object.fromEntries(
  await Promise.all(CORPORA.map(async (c) => [c, await loadQueries(c)] as const)),
) as Record<(typeof CORPORA)[number], EvalQuery[]>;

for (const corpus of CORPORA) {
  Deno.test(`${corpus} labels: at least 60 well-formed queries with unique ids`, () => {
    const list = queries[corpus];
    assert.ok(list.length >= 60, `${list.length} queries`);
    const ids = list.map((q) => q.id);
    assert.equal(new Set(ids).size, ids.length, "duplicate query ids");
    const texts = list.map((q) => q.query.trim().toLowerCase());
    assert.equal(new Set(texts).size, texts.length, "duplicate query texts");
    for (const q of list) {
      assert.ok(q.query.trim().length > 0, `${q.id}: empty query`);
      assert.ok(
        q.style === undefined || q.style === "keyword" || q.style === "paraphrase",
        `${q.id}: style ${q.style}`,
      );
      const entries = Object.entries(q.relevant);
      assert.ok(entries.length >= 1 && entries.length <= 20, `${q.id}: ${entries.length} labels`);
      for (const [id, grade] of entries) {
        assert.ok(Number.isInteger(grade) && grade >= 1 && grade <= 3, `${q.id}: ${id}=${grade}`);
      }
      assert.ok(entries.some(([, g]) => g >= 2), `${q.id}: no label of grade ≥ 2`);
    }
  });
}

Deno.test("every labelled id exists in the real catalog", async () => {
  const { ctx } = await realCatalog();
  const missing: string[] = [];
  for (const q of queries.tools) {
    for (const slug of Object.keys(q.relevant)) {
      if (!ctx.store.toolBySlug(slug)) missing.push(`${q.id}: tool ${slug}`);
    }
  }
  for (const q of queries.servers) {
    for (const name of Object.keys(q.relevant)) {
      if (!ctx.store.serverByName(name)) missing.push(`${q.id}: server ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});
