import assert from "node:assert/strict";
import { AppError } from "../../src/errors.ts";
import type { ReviewFields } from "../../src/model/review.ts";
import {
  MAX_COMMIT_ATTEMPTS,
  ReviewStore,
  type ReviewTarget,
} from "../../src/reviews/review_store.ts";
import { reviewApp } from "./_setup.ts";

const ENTRY: { kind: "tool" | "server"; entryId: string } = {
  kind: "server",
  entryId: "srv_00000000000000aa",
};

function fields(rating: number, extra: Partial<ReviewFields> = {}): ReviewFields {
  return { rating, title: null, text: null, worked: null, client: null, version: null, ...extra };
}

function target(keyId: string, entry = ENTRY): ReviewTarget {
  return { ...entry, keyId };
}

/**
 * A KV whose commits can be made to throw (a failing disk or network) or to be refused as
 * conflicts, and whose reads can be made to throw.
 */
function flaky(kv: Deno.Kv) {
  const state = { commit: "ok" as "ok" | "throw" | "conflict", reads: true, commits: 0 };
  const proxy = new Proxy(kv, {
    get(t, prop) {
      if (prop === "atomic") {
        return () => {
          const op = t.atomic();
          const commit = op.commit.bind(op);
          op.commit = () => {
            state.commits++;
            if (state.commit === "throw") return Promise.reject(new Error("disk I/O error"));
            if (state.commit === "conflict") return Promise.resolve({ ok: false as const });
            return commit();
          };
          return op;
        };
      }
      if (["get", "getMany", "list"].includes(prop as string) && !state.reads) {
        return () => {
          throw new Error("KV is down");
        };
      }
      const v = Reflect.get(t, prop);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
  return { kv: proxy, state };
}

Deno.test("200 concurrent writes to one entry from distinct keys give exact aggregates", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = new ReviewStore(kv);
  const keys = Array.from({ length: 200 }, (_, i) => `key_${String(i).padStart(16, "0")}`);
  await Promise.all(
    keys.map((k, i) =>
      store.put(target(k), "io.github.acme/postgres", fields(i % 5 + 1, { worked: i % 4 !== 0 }))
    ),
  );
  assert.deepEqual(await store.aggregate(ENTRY.kind, ENTRY.entryId), {
    count: 200,
    mean: 3,
    distribution: { "1": 40, "2": 40, "3": 40, "4": 40, "5": 40 },
    worked: { yes: 150, of: 200 },
  });
  assert.equal((await store.newest(ENTRY.kind, ENTRY.entryId, 500)).length, 200);
  assert.deepEqual((await store.ratings("server")).get(ENTRY.entryId), { mean: 3, count: 200 });
  // 200 concurrent replacements move every review to 5 stars: old stars leave, new ones come.
  await Promise.all(keys.map((k) => store.put(target(k), "x", fields(5))));
  assert.deepEqual(await store.aggregate(ENTRY.kind, ENTRY.entryId), {
    count: 200,
    mean: 5,
    distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 200 },
    worked: { yes: 0, of: 0 },
  });
  assert.equal((await store.newest(ENTRY.kind, ENTRY.entryId, 500)).length, 200);
  // One key writing ten times at once still has one review (conflicts are retried).
  const one = await Promise.all(
    Array.from({ length: 10 }, (_, i) => store.put(target("key_same"), "x", fields(i % 5 + 1))),
  );
  assert.equal(one.filter((r) => !r.replaced).length, 1);
  const after = await store.aggregate(ENTRY.kind, ENTRY.entryId);
  assert.equal(after.count, 201);
  assert.equal((await store.newest(ENTRY.kind, ENTRY.entryId, 500)).length, 201);
  kv.close();
});

Deno.test("a failing KV answers reviews_unavailable and loses or half-writes nothing", async () => {
  const base = await Deno.openKv(":memory:");
  const { kv, state } = flaky(base);
  const store = new ReviewStore(kv);
  await store.put(target("key_a"), "p", fields(4, { worked: true, text: "before" }));
  const before = await store.aggregate(ENTRY.kind, ENTRY.entryId);
  const unavailable = (e: unknown) =>
    e instanceof AppError && e.code === "reviews_unavailable" && e.status === 503 &&
    e.details.retryAfter === 5;
  state.commit = "throw";
  await assert.rejects(store.put(target("key_a"), "p", fields(1, { worked: false })), unavailable);
  await assert.rejects(store.put(target("key_b"), "p", fields(2)), unavailable);
  await assert.rejects(store.remove(target("key_a")), unavailable);
  state.commit = "conflict";
  const commits = state.commits;
  await assert.rejects(store.put(target("key_b"), "p", fields(2)), unavailable);
  assert.equal(state.commits - commits, MAX_COMMIT_ATTEMPTS, "conflicts are retried, then refused");
  state.commit = "ok";
  assert.deepEqual(await store.aggregate(ENTRY.kind, ENTRY.entryId), before);
  assert.equal((await store.get(target("key_a")))?.text, "before");
  assert.equal(await store.get(target("key_b")), undefined);
  assert.deepEqual(
    (await store.newest(ENTRY.kind, ENTRY.entryId, 10)).map((r) => r.text),
    ["before"],
  );
  state.reads = false;
  await assert.rejects(store.put(target("key_b"), "p", fields(2)), unavailable);
  state.reads = true;
  // Back up, the same writes go through and the aggregates are consistent with them.
  await store.put(target("key_a"), "p", fields(1, { worked: false }));
  await store.put(target("key_b"), "p", fields(2));
  assert.deepEqual(await store.aggregate(ENTRY.kind, ENTRY.entryId), {
    count: 2,
    mean: 1.5,
    distribution: { "1": 1, "2": 1, "3": 0, "4": 0, "5": 0 },
    worked: { yes: 0, of: 1 },
  });
  base.close();
});

Deno.test("over HTTP a failing review store is a 503 with Retry-After, and reads degrade to null", async () => {
  const base = await Deno.openKv(":memory:");
  const { kv, state } = flaky(base);
  const { app, post, close } = await reviewApp({ kv });
  assert.equal((await post("/tools/scribe/reviews", { rating: 3 })).status, 200);
  state.commit = "throw";
  const res = await post("/tools/scribe/reviews", { rating: 5 });
  assert.equal(res.status, 503);
  assert.equal(res.headers.get("retry-after"), "5");
  const body = await res.json();
  assert.equal(body.code, "reviews_unavailable");
  assert.match(body.detail, /nothing was changed/);
  state.commit = "ok";
  state.reads = false;
  const details = await app.request("/api/v1/tools/scribe");
  assert.equal(details.status, 200);
  assert.equal((await details.json()).userReviews, null);
  const page = await app.request("/tools/scribe");
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Reviews cannot be shown right now/);
  state.reads = true;
  const back = await (await app.request("/api/v1/tools/scribe")).json();
  assert.deepEqual(back.userReviews.aggregate.distribution, {
    "1": 0,
    "2": 0,
    "3": 1,
    "4": 0,
    "5": 0,
  });
  close();
  base.close();
});

Deno.test("hiding takes a review out of the aggregates, lists and ratings; unhiding brings it back", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = new ReviewStore(kv);
  const spam = await store.put(target("key_spam"), "p", fields(1, { text: "buy now" }));
  await store.put(target("key_fair"), "p", fields(5, { worked: true }));
  const hidden = await store.setHidden(spam.review.id, true);
  assert.equal(hidden?.hidden, true);
  assert.deepEqual(await store.aggregate(ENTRY.kind, ENTRY.entryId), {
    count: 1,
    mean: 5,
    distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 1 },
    worked: { yes: 1, of: 1 },
  });
  assert.deepEqual((await store.newest(ENTRY.kind, ENTRY.entryId, 5)).map((r) => r.rating), [5]);
  assert.deepEqual((await store.ratings("server")).get(ENTRY.entryId), { mean: 5, count: 1 });
  // Its author replacing it does not bring it back; hiding twice changes nothing.
  const again = await store.put(target("key_spam"), "p", fields(1, { text: "buy now!!" }));
  assert.equal(again.review.hidden, true);
  assert.equal(again.aggregate?.count, 1);
  await store.setHidden(spam.review.id, true);
  assert.equal((await store.aggregate(ENTRY.kind, ENTRY.entryId)).count, 1);
  assert.equal(await store.setHidden("rv_0000000000000000", true), undefined);
  await store.setHidden(spam.review.id, false);
  const shown = await store.aggregate(ENTRY.kind, ENTRY.entryId);
  assert.deepEqual([shown.count, shown.mean], [2, 3]);
  assert.deepEqual(
    (await store.newest(ENTRY.kind, ENTRY.entryId, 5)).map((r) => r.text).sort(),
    ["buy now!!", null],
  );
  // Deleting a hidden review leaves the aggregates alone.
  await store.setHidden(spam.review.id, true);
  await store.remove(target("key_spam"));
  assert.equal((await store.aggregate(ENTRY.kind, ENTRY.entryId)).count, 1);
  assert.equal(await store.byId(spam.review.id), undefined);
  kv.close();
});

Deno.test("the rating index takes other processes' writes on refresh, never an older reading", async () => {
  const kv = await Deno.openKv(":memory:");
  const serving = new ReviewStore(kv);
  const other = new ReviewStore(kv);
  await serving.put(target("key_a"), "p", fields(4));
  assert.deepEqual((await serving.ratings("server")).get(ENTRY.entryId), { mean: 4, count: 1 });
  const version = serving.ratingsVersion;
  await other.put(target("key_b"), "p", fields(2));
  assert.deepEqual((await serving.ratings("server")).get(ENTRY.entryId), { mean: 4, count: 1 });
  await serving.refreshRatings();
  assert.deepEqual((await serving.ratings("server")).get(ENTRY.entryId), { mean: 3, count: 2 });
  assert.ok(serving.ratingsVersion > version);
  await other.remove(target("key_a"));
  await other.remove(target("key_b"));
  await serving.refreshRatings();
  assert.equal((await serving.ratings("server")).has(ENTRY.entryId), false);
  // A store opened later reads every rating at first use.
  await other.put(
    target("key_c", { kind: "tool", entryId: "tool_00000000000000bb" }),
    "t",
    fields(5),
  );
  const fresh = new ReviewStore(kv);
  assert.deepEqual((await fresh.ratings("tool")).get("tool_00000000000000bb"), {
    mean: 5,
    count: 1,
  });
  kv.close();
});

Deno.test("restore writes a review as it was, without counting a write, idempotently", async () => {
  const kv = await Deno.openKv(":memory:");
  const store = new ReviewStore(kv, { writesPerDay: 1 });
  const review = {
    id: "rv_x",
    ...ENTRY,
    keyId: "imported:rv_x",
    key: "p",
    ...fields(3, { text: "old" }),
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-02T00:00:00.000Z",
    hidden: false,
  };
  assert.equal(await store.restore(review), "added");
  assert.equal(await store.restore(review), "replaced");
  const [one] = await store.newest(ENTRY.kind, ENTRY.entryId, 5);
  assert.deepEqual([one?.updatedAt, one?.text], ["2026-01-02T00:00:00.000Z", "old"]);
  assert.equal((await store.aggregate(ENTRY.kind, ENTRY.entryId)).count, 1);
  assert.equal(await store.writesToday("imported:rv_x"), 0);
  kv.close();
});
