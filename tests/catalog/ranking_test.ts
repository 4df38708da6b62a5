import assert from "node:assert/strict";
import { embedQuery, rrf, RRF_K, topIndices } from "../../src/catalog/ranking.ts";
import { recommendTools, searchTools } from "../../src/catalog/tools.ts";
import { searchServers } from "../../src/catalog/servers.ts";
import { AGREEMENT_PENALTY, confidenceOf, evidenceOf } from "../../src/catalog/confidence.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { newCaches } from "../../src/catalog/context.ts";

const ctx = await fixtureContext({ embed: true });
const slugs = (r: { results: { slug: string }[] }) => r.results.map((t) => t.slug);

Deno.test("rrf() sums 1/(k + rank) over the lists an id appears in", () => {
  const scores = rrf([[10, 20, 30], [20, 40]]);
  assert.equal(scores.get(10), 1 / (RRF_K + 1));
  assert.equal(scores.get(20), 1 / (RRF_K + 2) + 1 / (RRF_K + 1));
  assert.equal(scores.get(40), 1 / (RRF_K + 2));
  assert.ok(scores.get(20)! > scores.get(10)!);
  assert.equal(rrf([[1]], 0).get(1), 1);
});

Deno.test("semantic search finds tools whose words differ from the query", async () => {
  const lexical = await searchTools(ctx, {
    q: "speech recognition for phone calls",
    mode: "lexical",
  });
  assert.equal(lexical.total, 0);
  const semantic = await searchTools(ctx, {
    q: "speech recognition for phone calls",
    mode: "semantic",
  });
  assert.ok(["scribe", "notetaker"].includes(slugs(semantic)[0]!), slugs(semantic).join());
});

Deno.test("hybrid search keeps exact name matches first", async () => {
  for (const mode of ["lexical", "semantic", "hybrid"]) {
    const r = await searchTools(ctx, { q: "image", mode });
    assert.equal(slugs(r)[0], "image", mode);
  }
});

Deno.test("hybrid and semantic search respect filters", async () => {
  for (const mode of ["semantic", "hybrid"]) {
    const paid = await searchTools(ctx, { q: "transcribe meetings", pricing: "paid", mode });
    assert.ok(paid.results.every((t) => t.pricing === "paid"), mode);
    assert.ok(slugs(paid).includes("notetaker"), mode);
    assert.ok(!slugs(paid).includes("scribe"), mode);
    const remote = await searchServers(ctx, { q: "search the web", hosting: "remote", mode });
    assert.deepEqual(remote.results.map((s) => s.name), ["com.example/remote-search"], mode);
  }
});

Deno.test("an unknown mode is a 400-class error", async () => {
  await assert.rejects(searchTools(ctx, { q: "x", mode: "fuzzy" }), /mode/);
});

Deno.test("recommendations cite what matched and carry a confidence level", async () => {
  const r = await recommendTools(ctx, { query: "transcribe meeting recordings", limit: 3 });
  assert.equal(r.recommendations[0]!.slug, "scribe");
  assert.match(r.recommendations[0]!.reason, /transcri/i);
  assert.ok(["high", "medium", "low"].includes(r.recommendations[0]!.confidence));
  assert.match(r.summary, /Scribe/);
});

Deno.test("a query with no real match says the evidence is thin", async () => {
  const r = await recommendTools(ctx, { query: "quantum chromodynamics lattice simulation" });
  assert.ok(r.recommendations.every((x) => x.confidence === "low"));
  assert.match(r.summary, /weak matches|No tools/);
});

Deno.test("server search results say why they matched", async () => {
  const r = await searchServers(ctx, { q: "let my agent query postgres" });
  assert.equal(r.results[0]!.name, "io.github.acme/postgres");
  assert.match(r.results[0]!.match!.reason, /postgres/i);
  assert.match(r.summary, /Postgres/);
  const browse = await searchServers(ctx, {});
  assert.equal(browse.results[0]!.match, null);
});

Deno.test("confidence grows with similarity and lexical agreement", () => {
  assert.equal(confidenceOf({ similarity: 0.75, exact: false }), "high");
  assert.equal(confidenceOf({ similarity: 0.6, exact: false }), "medium");
  assert.equal(confidenceOf({ similarity: 0.2, exact: false }), "low");
  assert.ok(
    evidenceOf({ similarity: 0.5, lexicalRank: 1, exact: false }) >
      evidenceOf({ similarity: 0.5, exact: false }),
  );
  assert.equal(confidenceOf(undefined), "low");
});

Deno.test("confidence falls for an entry outside the leaf the first results agree on", () => {
  const agreed = { similarity: 0.75, exact: false, agreement: 1 };
  assert.equal(confidenceOf(agreed), "high");
  assert.equal(confidenceOf({ ...agreed, agreement: 0 }), "medium");
  assert.ok(
    Math.abs(evidenceOf(agreed) - evidenceOf({ ...agreed, agreement: 0 }) - AGREEMENT_PENALTY) <
      1e-9,
  );
});

Deno.test("a tool task described in ten words or more is at most medium", () => {
  const strong = { similarity: 0.9, exact: false };
  assert.equal(confidenceOf(strong, "tools", "write Excel formulas for me"), "high");
  assert.equal(
    confidenceOf(strong, "tools", "one search box that answers from the wiki, chat and drives"),
    "medium",
  );
  // Servers and weaker levels are not changed by the query's length.
  const long = "one search box that answers from the wiki, chat and drives";
  assert.equal(confidenceOf(strong, "servers", long), "high");
  assert.equal(confidenceOf({ similarity: 0.2, exact: false }, "tools", long), "low");
});

Deno.test("with the query's leaf known, a tool outside it is low and one inside it at least medium", () => {
  const long = "one search box that answers from the wiki, chat and drives";
  const strong = { similarity: 0.9, exact: false };
  const weak = { similarity: 0.2, exact: false };
  // Inside the leaf: evidence lifts to high, even for a long description of a task.
  assert.equal(confidenceOf({ ...strong, inQueryLeaf: true }, "tools", long), "high");
  assert.equal(confidenceOf({ ...weak, inQueryLeaf: true }, "tools", long), "medium");
  // Outside it (or no leaf likely enough), however close the match.
  assert.equal(
    confidenceOf({ ...strong, inQueryLeaf: false }, "tools", "write Excel formulas"),
    "low",
  );
  // Servers keep their thresholds.
  assert.equal(confidenceOf({ ...strong, inQueryLeaf: false }, "servers"), "high");
});

Deno.test("query vectors are cached per process under exactly the text embedded", async () => {
  const texts: string[] = [];
  const embedder = ctx.embedder!;
  const counting = {
    id: embedder.id,
    dimension: embedder.dimension,
    embed: (batch: string[]) => {
      texts.push(...batch);
      return embedder.embed(batch);
    },
  };
  const local = { ...ctx, embedder: counting, ...newCaches() };
  await searchTools(local, { q: "make logos" });
  await searchTools(local, { q: " make logos " });
  assert.deepEqual(texts, ["make logos"]);
  // The model is case-sensitive, so another casing is embedded on its own, never served the
  // vector of the first one.
  const upper = await embedQuery(local, "Make Logos");
  assert.deepEqual(texts, ["make logos", "Make Logos"]);
  const [direct] = await embedder.embed(["Make Logos"]);
  assert.deepEqual([...upper], [...direct!]);
  assert.notDeepEqual([...upper], [...(await embedQuery(local, "make logos"))]);
  assert.equal(texts.length, 2);
});

Deno.test("the model loads and embeds with the network denied", async () => {
  const script = new URL("../../src/embed/embedder.ts", import.meta.url).href;
  const code = `import { loadUseLite } from "${script}";
    const e = await loadUseLite();
    const [v] = await e.embed(["let my agent query Postgres"]);
    console.log(v.length, Math.round(v.reduce((s, x) => s + x * x, 0) * 1000));`;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--deny-net", "--allow-read", "--allow-env", "--allow-sys", code],
    cwd: new URL("../..", import.meta.url).pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout).trim();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  assert.equal(stdout, "512 1000");
});

Deno.test("topIndices keeps the k first indices in the comparator's order, as a full sort would", () => {
  const values = [3, 9, 1, 9, 7, 3, 0, 9];
  const order = (a: number, b: number) => values[b]! - values[a]! || a - b;
  const sorted = values.map((_, i) => i).sort(order);
  for (const k of [0, 1, 2, 3, 5, 8, 10]) {
    assert.deepEqual(topIndices(values.length, k, order), sorted.slice(0, k), `k=${k}`);
  }
});

Deno.test("a search reads each term list it lacks once, then finds every list in memory", async () => {
  const fresh = await fixtureContext();
  const q = "postgres database backups";
  assert.deepEqual(fresh.store.uncachedTerms("servers", q), [
    '"postgres"',
    '"database"',
    '"backups"',
  ]);
  fresh.store.readTermList("servers", '"database"');
  assert.deepEqual(fresh.store.uncachedTerms("servers", q), ['"postgres"', '"backups"']);
  const before = await searchServers(fresh, { q, mode: "lexical" });
  assert.deepEqual(fresh.store.uncachedTerms("servers", q), []);
  assert.deepEqual(fresh.store.uncachedTerms("tools", q).length, 3, "tables keep their own lists");
  // Reading the lists first changes nothing in the ranking.
  const again = await searchServers({ ...fresh, ...newCaches() }, { q, mode: "lexical" });
  assert.deepEqual(again.results.map((r) => r.name), before.results.map((r) => r.name));
  assert.equal(again.total, before.total);
});

Deno.test("words with one stem share one term list, read once", async () => {
  const fresh = await fixtureContext();
  // `generate`, `generation` and `generated` are all the index term `gener`.
  assert.deepEqual(fresh.store.uncachedTerms("servers", "generate generation images"), [
    '"generate"',
    '"images"',
  ]);
  fresh.store.readTermList("servers", '"generation"');
  assert.deepEqual(fresh.store.uncachedTerms("servers", "generated images"), ['"images"']);
  const shared = await searchServers(fresh, { q: "generated images", mode: "lexical" });
  const alone = await searchServers(await fixtureContext(), {
    q: "generated images",
    mode: "lexical",
  });
  assert.deepEqual(shared.results.map((r) => r.name), alone.results.map((r) => r.name));
});
