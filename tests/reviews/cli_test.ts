import assert from "node:assert/strict";
import * as tar from "tar";
import { DatabaseSync } from "node:sqlite";
import type { ReviewFields } from "../../src/model/review.ts";
import { ReviewStore } from "../../src/reviews/review_store.ts";
import { reviewNdjson } from "../../src/reviews/reviews.ts";
import { reviewsCommand } from "../../src/reviews/reviews_cli.ts";
import {
  createSnapshot,
  installSnapshot,
  SnapshotError,
  snapshotReviews,
  verifySnapshot,
} from "../../src/snapshot/archive.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const ctx = await fixtureContext();
const catalog = ctx.store;
const TOOL = { kind: "tool" as const, entryId: catalog.entryId("tool", "scribe") };
const SERVER = {
  kind: "server" as const,
  entryId: catalog.entryId("server", "io.github.acme/postgres"),
};

function fields(rating: number, extra: Partial<ReviewFields> = {}): ReviewFields {
  return { rating, title: null, text: null, worked: null, client: null, version: null, ...extra };
}

/** A store with three reviews, one of them hidden. */
async function seeded() {
  const kv = await Deno.openKv(":memory:");
  const store = new ReviewStore(kv);
  await store.put({ ...TOOL, keyId: "key_a" }, "scribe", fields(5, { title: "Great" }));
  const spam = await store.put({ ...TOOL, keyId: "key_b" }, "scribe", fields(1, { text: "spam" }));
  await store.put(
    { ...SERVER, keyId: "key_a" },
    "io.github.acme/postgres",
    fields(4, { worked: true, client: "cursor" }),
  );
  await store.setHidden(spam.review.id, true);
  return { kv, store, spamId: spam.review.id };
}

/** Runs a reviews command and captures its output. */
async function run(store: ReviewStore, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await reviewsCommand(store, catalog, args, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    snapshotReviews: (file) => snapshotReviews(file),
  });
  return { code, out, err };
}

Deno.test("reviews list names entries by their catalog key and filters by kind, entry and flag", async () => {
  const { kv, store, spamId } = await seeded();
  const all = await run(store, ["list"]);
  assert.equal(all.code, 0);
  assert.equal(all.out.length, 3);
  assert.ok(all.out.some((l) => l.includes("tool scribe") && l.includes("key_a")));
  assert.ok(all.out.some((l) => l.startsWith(`${spamId}  HIDDEN`)));
  assert.deepEqual(all.err, ["3 of 3 reviews"]);
  const servers = await run(store, ["list", "--kind", "server"]);
  assert.deepEqual(servers.out.map((l) => l.includes("server io.github.acme/postgres")), [true]);
  assert.equal((await run(store, ["list", "--entry", "scribe"])).out.length, 2);
  assert.equal((await run(store, ["list", "--entry", SERVER.entryId])).out.length, 1);
  assert.equal((await run(store, ["list", "--hidden"])).out.length, 1);
  assert.equal((await run(store, ["list", "--limit", "1"])).out.length, 1);
  assert.equal((await run(store, ["list", "--kind", "price"])).code, 2);
  assert.equal((await run(store, ["frobnicate"])).code, 2);
  kv.close();
});

Deno.test("reviews hide and unhide move a review out of and back into the aggregate", async () => {
  const { kv, store, spamId } = await seeded();
  const shown = await run(store, ["unhide", spamId]);
  assert.equal(shown.code, 0);
  assert.match(shown.out[0]!, /shown \(tool scribe, tool_/);
  assert.equal((await store.aggregate("tool", TOOL.entryId)).count, 2);
  assert.match((await run(store, ["hide", spamId])).out[0]!, /hidden/);
  assert.deepEqual(await store.aggregate("tool", TOOL.entryId), {
    count: 1,
    mean: 5,
    distribution: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 1 },
    worked: null,
  });
  const missing = await run(store, ["hide", "rv_0000000000000000"]);
  assert.equal(missing.code, 1);
  kv.close();
});

Deno.test("reviews export and import restore every review, flag and author as it was", async () => {
  const { kv, store } = await seeded();
  const backup = await run(store, ["export"]);
  assert.equal(backup.out.length, 3);
  const lines = backup.out.map((l) => JSON.parse(l));
  assert.ok(lines.every((l) => typeof l.keyId === "string" && typeof l.hidden === "boolean"));
  const publicForm = await run(store, ["export", "--public"]);
  assert.equal(publicForm.out.length, 2, "hidden reviews are not public");
  assert.ok(publicForm.out.every((l) => !("keyId" in JSON.parse(l))));

  const dir = await tempDir({ prefix: "toolatlas-reviews-cli-" });
  await Deno.writeTextFile(`${dir}/backup.ndjson`, backup.out.join("\n") + "\n");
  const fresh = new ReviewStore(await Deno.openKv(":memory:"));
  const imported = await run(fresh, ["import", `${dir}/backup.ndjson`]);
  assert.deepEqual([imported.code, imported.out], [0, ["3 added, 0 replaced, 0 skipped"]]);
  for (const e of [TOOL, SERVER]) {
    assert.deepEqual(
      await fresh.aggregate(e.kind, e.entryId),
      await store.aggregate(e.kind, e.entryId),
    );
  }
  assert.deepEqual((await run(fresh, ["export"])).out, backup.out);
  const again = await run(fresh, ["import", `${dir}/backup.ndjson`]);
  assert.deepEqual(again.out, ["0 added, 3 replaced, 0 skipped"]);
  await Deno.writeTextFile(`${dir}/bad.ndjson`, '{"kind":"tool"}\nnot json\n');
  const bad = await run(fresh, ["import", `${dir}/bad.ndjson`]);
  assert.deepEqual([bad.code, bad.out], [1, ["0 added, 0 replaced, 2 skipped"]]);
  assert.equal(bad.err.length, 2);
  kv.close();
});

Deno.test("a snapshot carries reviews as a file of their own; installing it leaves the KV alone", async () => {
  const { kv, store } = await seeded();
  const dir = await tempDir({ prefix: "toolatlas-reviews-snapshot-" });
  const { path, manifest } = await createSnapshot(catalog.path!, {
    outDir: `${dir}/out`,
    reviews: reviewNdjson(ctx, store),
  });
  assert.equal(manifest.reviewCount, 2);
  assert.deepEqual(manifest.files.map((f) => f.path), [
    "catalog.db",
    "NOTICE.md",
    "reviews.ndjson",
  ]);
  assert.equal((await verifySnapshot(path, dir)).reviewCount, 2);
  const lines = (await snapshotReviews(path, dir)).trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((l) => [l.kind, l.key, l.rating]).sort(), [
    ["server", "io.github.acme/postgres", 4],
    ["tool", "scribe", 5],
  ]);
  // Installing puts the catalog in place; the catalog holds no reviews, the KV keeps its own.
  const installed = `${dir}/served/catalog.db`;
  await installSnapshot(path, installed);
  const db = new DatabaseSync(installed, { readOnly: true });
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()
    .map((r) => String(r.name));
  db.close();
  assert.ok(tables.includes("tools") && !tables.some((t) => t.includes("review")));
  assert.equal((await store.aggregate("tool", TOOL.entryId)).count, 1);
  // An air-gapped machine imports them into its own KV from the snapshot.
  const fresh = new ReviewStore(await Deno.openKv(":memory:"));
  const imported = await run(fresh, ["import", path]);
  assert.deepEqual(imported.out, ["2 added, 0 replaced, 0 skipped"]);
  assert.equal((await fresh.aggregate("server", SERVER.entryId)).worked?.yes, 1);
  // Without reviews the snapshot is as before: no file, no count.
  const bare = await createSnapshot(catalog.path!, {
    outDir: `${dir}/bare`,
    reviews: reviewNdjson(ctx, new ReviewStore(await Deno.openKv(":memory:"))),
  });
  assert.deepEqual(bare.manifest.files.map((f) => f.path), ["catalog.db", "NOTICE.md"]);
  assert.equal(bare.manifest.reviewCount, undefined);
  // A reviews file the manifest does not list is refused.
  const unpacked = `${dir}/unpacked`;
  await Deno.mkdir(unpacked);
  await tar.extract({ file: bare.path, cwd: unpacked });
  await Deno.writeTextFile(
    `${unpacked}/reviews.ndjson`,
    lines.map((l) => JSON.stringify(l)).join("\n"),
  );
  const forged = `${dir}/forged.tar.gz`;
  await tar.create({ gzip: true, file: forged, cwd: unpacked, portable: true }, [
    "manifest.json",
    "NOTICE.md",
    "reviews.ndjson",
    "catalog.db",
  ]);
  await assert.rejects(
    verifySnapshot(forged, dir),
    (e) => e instanceof SnapshotError && e.problem === "unexpected_file",
  );
  kv.close();
});
