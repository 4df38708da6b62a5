import assert from "node:assert/strict";
import { closeContext, openContext } from "../../src/catalog/context.ts";
import { rank, type SearchMode } from "../../src/catalog/ranking.ts";
import { fromThreadError, SearchThread, toThreadError } from "../../src/catalog/search_thread.ts";
import { searchServers } from "../../src/catalog/servers.ts";
import { searchTools } from "../../src/catalog/tools.ts";
import { searchStatus } from "../../src/catalog/prices.ts";
import { AppError } from "../../src/errors.ts";
import { fixtureContext } from "../fixtures/catalog.ts";

const local = await fixtureContext({ embed: true });
/** The query that ends the search worker of `tests/fixtures/crashing_search_worker.ts`. */
const CRASH_QUERY = "crash the search thread";
const path = local.store.path!;

Deno.test("a search thread ranks every mode, kind and filter as the serving thread does", async () => {
  const threaded = await openContext(path, "http://test.local", { searchThread: true });
  try {
    assert.ok(threaded.search instanceof SearchThread);
    assert.equal(threaded.embedder?.id, local.embedder!.id, "it embeds with the same model");
    const cases = [
      ["tools", "image generator", {}],
      ["tools", "write blog posts", {}],
      ["tools", "pixelforge", { category: "Image generator" }],
      ["servers", "postgres database", {}],
      ["servers", "send messages to slack", { hosting: "local" }],
      ["servers", "github", {}],
    ] as const;
    let compared = 0;
    for (const [kind, q, filter] of cases) {
      for (const mode of ["lexical", "semantic", "hybrid"] as SearchMode[]) {
        const want = await rank(local, kind, q, filter, mode, 5, 0);
        const got = await rank(threaded, kind, q, filter, mode, 5, 0);
        const label = `${kind} "${q}" ${mode}`;
        assert.deepEqual(got.ids, want.ids, label);
        assert.equal(got.total, want.total, label);
        assert.equal(got.mode, mode, label);
        // The page's signals cross over; the other candidates' stay behind.
        assert.deepEqual(
          [...got.signals],
          want.ids.map((id) => [id, want.signals.get(id)]),
          label,
        );
        compared += got.ids.length;
      }
    }
    assert.ok(compared > 40, `${compared} entries compared`);
    // Whole answers too: the pages are built on this thread from the ranked ids.
    assert.deepEqual(
      await searchServers(threaded, { q: "postgres", limit: 3 }),
      await searchServers(local, { q: "postgres", limit: 3 }),
    );
    assert.deepEqual(
      await searchTools(threaded, { q: "generate images" }),
      await searchTools(local, { q: "generate images" }),
    );
    assert.equal(searchStatus(threaded).mode, "hybrid");
  } finally {
    closeContext(threaded);
  }
});

Deno.test("a search thread embeds with the query model of the catalog", async () => {
  const threaded = await openContext(path, "http://test.local", { searchThread: true });
  try {
    const [got] = await threaded.embedder!.embed(["find a postgres server"]);
    const [want] = await local.embedder!.embed(["find a postgres server"]);
    assert.equal(got!.length, 512);
    for (let j = 0; j < 512; j++) assert.ok(Math.abs(got![j]! - want![j]!) < 1e-5, `at ${j}`);
  } finally {
    closeContext(threaded);
  }
});

Deno.test("without vectors the search thread ranks lexically and the context has no embedder", async () => {
  const plain = await fixtureContext();
  const threaded = await openContext(plain.store.path!, "http://test.local", {
    searchThread: true,
  });
  try {
    assert.equal(threaded.embedder, undefined);
    assert.equal(searchStatus(threaded).mode, "lexical");
    const got = await rank(threaded, "servers", "postgres", {}, "hybrid", 5, 0);
    const want = await rank(plain, "servers", "postgres", {}, "hybrid", 5, 0);
    assert.equal(got.mode, "lexical");
    assert.ok(got.ids.length > 0);
    assert.deepEqual(got.ids, want.ids);
  } finally {
    closeContext(threaded);
    closeContext(plain);
  }
});

Deno.test("closing the context stops its search thread: later searches fail with a clear error", async () => {
  const threaded = await openContext(path, "http://test.local", { searchThread: true });
  const thread = threaded.search as SearchThread;
  const running = rank(threaded, "servers", "postgres database", {}, "hybrid", 5, 0);
  closeContext(threaded);
  // The search under way either finished first or is told the thread closed; never left hanging.
  await running.catch((error) => assert.match(String(error), /search thread is closed/));
  assert.equal(thread.pending, 0);
  await assert.rejects(
    () =>
      thread.rank({
        kind: "tools",
        q: "image",
        filter: {},
        mode: "hybrid",
        limit: 5,
        offset: 0,
        fusion: "score",
      }),
    /search thread is closed/,
  );
  thread.close();
});

Deno.test("a search thread that fails is started again and answers the next searches", async () => {
  const thread = await SearchThread.start(path, "http://test.local", {
    warmTermLists: false,
    workerUrl: new URL("../fixtures/crashing_search_worker.ts", import.meta.url).href,
  });
  const search = (q: string) =>
    thread.rank({
      kind: "servers",
      q,
      filter: {},
      mode: "hybrid",
      limit: 5,
      offset: 0,
      fusion: "score",
    });
  try {
    const before = await search("postgres database");
    assert.ok(before.ids.length > 0);
    // The search under way when the thread fails is either answered first or told why.
    await search(CRASH_QUERY).catch((error) =>
      assert.match(String(error), /search thread failed: Uncaught Error: crashed on purpose/)
    );
    for (let i = 0; i < 200 && thread.restarts === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal(thread.restarts, 1, "started again once");
    // The next search waits for the new thread to open the catalog, then gets the same answer.
    assert.deepEqual(await search("postgres database"), before);
    assert.equal(thread.embedding?.id, local.embedder!.id);
    // Closed while a new thread opens: the search waiting for it is told, not left hanging.
    await search(CRASH_QUERY).catch(() => {});
    for (let i = 0; i < 200 && thread.restarts === 1; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.equal(thread.restarts, 2);
    const waiting = search("postgres database");
    thread.close();
    await assert.rejects(() => waiting, /search thread is closed/);
  } finally {
    thread.close();
  }
});

Deno.test("a search thread that cannot open its catalog stops and says why", async () => {
  await assert.rejects(
    () =>
      SearchThread.start("/nonexistent/toolatlas/catalog.db", "http://test.local", {
        warmTermLists: false,
      }),
    /search thread cannot open \/nonexistent\/toolatlas\/catalog\.db/,
  );
});

Deno.test("errors cross threads with their code, field problems and details", () => {
  const original = new AppError("invalid_parameter", "Bad filter", {
    errors: [{ field: "hosting", message: "Unknown hosting" }],
    details: { retryAfter: 3 },
  });
  const back = fromThreadError(structuredClone(toThreadError(original)));
  assert.ok(back instanceof AppError);
  assert.equal(back.code, "invalid_parameter");
  assert.equal(back.status, original.status);
  assert.equal(back.message, "Bad filter");
  assert.deepEqual(back.errors, original.errors);
  assert.deepEqual(back.details, { retryAfter: 3 });
  const plain = fromThreadError(toThreadError(new TypeError("boom")));
  assert.ok(!(plain instanceof AppError));
  assert.equal(plain.message, "boom");
  // A code this build does not know is not trusted as an AppError.
  assert.ok(!(fromThreadError({ message: "x", code: "made_up" }) instanceof AppError));
});
