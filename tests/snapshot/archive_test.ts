import assert from "node:assert/strict";
import * as tar from "tar";
import {
  createSnapshot,
  digestFile,
  installSnapshot,
  SnapshotError,
  type SnapshotProblem,
  verifySnapshot,
} from "../../src/snapshot/archive.ts";
import { findSnapshot, prepareSnapshot } from "../../src/snapshot/cli.ts";
import { SNAPSHOT_FORMAT_VERSION, SnapshotManifest } from "../../src/snapshot/manifest.ts";
import { SCHEMA_VERSION } from "../../src/catalog/db.ts";
import { CatalogStore } from "../../src/catalog/store.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const ctx = await fixtureContext();
const catalog = ctx.store.path!;
const work = await tempDir({ prefix: "toolatlas-snapshot-test-" });
const { path: good, manifest } = await createSnapshot(catalog, { outDir: `${work}/out` });

/** Asserts that `promise` fails with a SnapshotError of `problem` (or one of several). */
async function refused(
  promise: Promise<unknown>,
  problem: SnapshotProblem | readonly SnapshotProblem[],
): Promise<void> {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof SnapshotError, String(e));
    assert.ok([problem].flat().includes(e.problem), `${e.problem}: ${e.message}`);
    return true;
  });
}

/**
 * A snapshot rebuilt from the good one's files after `change` edits them in a folder (the
 * manifest first, as `snapshot create` writes it).
 */
async function tampered(name: string, change: (dir: string) => Promise<void>): Promise<string> {
  const dir = await tempDir({ dir: work });
  await tar.extract({ file: good, cwd: dir });
  await change(dir);
  const file = `${work}/${name}.tar.gz`;
  const entries = [...Deno.readDirSync(dir)].map((e) => e.name)
    .sort((a, b) =>
      Number(b === "manifest.json") - Number(a === "manifest.json") || (a < b ? -1 : 1)
    );
  await tar.create({ gzip: true, file, cwd: dir, portable: true }, entries);
  return file;
}

Deno.test("a snapshot holds the manifest, the licence notices and the catalog, and verifies", async () => {
  assert.match(good, /toolatlas-snapshot-20261122T000000Z\.tar\.gz$/);
  assert.equal(manifest.formatVersion, SNAPSHOT_FORMAT_VERSION);
  assert.equal(manifest.schemaVersion, SCHEMA_VERSION);
  assert.equal(manifest.builtAt, "2026-11-22T00:00:00.000Z");
  assert.deepEqual(manifest.counts, ctx.store.counts());
  assert.deepEqual(manifest.files.map((f) => f.path), ["catalog.db", "NOTICE.md"]);
  assert.deepEqual(manifest.files[0], { path: "catalog.db", ...await digestFile(catalog) });
  const listed: string[] = [];
  await tar.list({ file: good, onReadEntry: (e) => void listed.push(e.path) });
  assert.deepEqual(listed, ["manifest.json", "NOTICE.md", "catalog.db"]);
  assert.deepEqual(await verifySnapshot(good, work), manifest);
  // No partial archive or staging folder is left behind.
  assert.deepEqual([...Deno.readDirSync(`${work}/out`)].map((e) => e.name), [
    good.split("/").pop(),
  ]);
});

Deno.test("install puts the verified catalog in place, and says when it already is", async () => {
  const dir = await tempDir({ dir: work });
  const target = `${dir}/catalog.db`;
  const first = await installSnapshot(good, target);
  assert.equal(first.installed, true);
  const store = CatalogStore.open(target);
  assert.deepEqual(store.counts(), manifest.counts);
  store.close();
  assert.equal((await installSnapshot(good, target)).installed, false);
  // Only the catalog is left next to it: the verification folder is gone.
  assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["catalog.db"]);
});

Deno.test("damaged, truncated and mismatched snapshots are refused and change nothing", async () => {
  const bytes = await Deno.readFile(good);
  const flipped = bytes.slice();
  flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
  await Deno.writeFile(`${work}/flipped.tar.gz`, flipped);
  await Deno.writeFile(`${work}/truncated.tar.gz`, bytes.slice(0, Math.floor(bytes.length * 0.6)));
  const schema = await tampered("schema", async (dir) => {
    const m = SnapshotManifest.parse(JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`)));
    await Deno.writeTextFile(
      `${dir}/manifest.json`,
      JSON.stringify({ ...m, schemaVersion: SCHEMA_VERSION + 1 }),
    );
  });
  const format = await tampered("format", async (dir) => {
    const m = JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`));
    await Deno.writeTextFile(`${dir}/manifest.json`, JSON.stringify({ ...m, formatVersion: 99 }));
  });
  const edited = await tampered("edited", async (dir) => {
    await Deno.writeTextFile(`${dir}/NOTICE.md`, "no licences here\n");
  });
  const extra = await tampered("extra", async (dir) => {
    await Deno.writeTextFile(`${dir}/run.sh`, "rm -rf /\n");
  });
  const missing = await tampered("missing", async (dir) => {
    await Deno.remove(`${dir}/catalog.db`);
  });

  const dir = await tempDir({ dir: work });
  const target = `${dir}/catalog.db`;
  await Deno.writeTextFile(target, "the previous catalog");
  for (
    const [file, problem] of [
      // A flipped byte in the compressed catalog shows as the catalog's digest (checked as it is
      // written), or as a broken gzip stream, whichever comes first.
      [`${work}/flipped.tar.gz`, ["corrupt", "checksum"]],
      [`${work}/truncated.tar.gz`, "corrupt"],
      [schema, "schema_version"],
      [format, "format_version"],
      [edited, "checksum"],
      [extra, "unexpected_file"],
      [missing, "missing_file"],
      [`${work}/no-such.tar.gz`, "unreadable"],
    ] as const
  ) {
    await refused(installSnapshot(file, target), problem);
    assert.equal(await Deno.readTextFile(target), "the previous catalog", file);
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["catalog.db"], file);
  }
  const lines: string[] = [];
  assert.equal(await prepareSnapshot(schema, target, (l) => lines.push(l)), "refused");
  assert.match(lines.at(-1)!, /refused snapshot: .*schema version/);
});

Deno.test("serve finds a snapshot given, next to the executable, or none", async () => {
  const dir = await tempDir({ dir: work });
  const exec = `${dir}/toolatlas`;
  const none = new URL(`file://${dir}/not-bundled.tar.gz`);
  assert.equal(await findSnapshot("given.tar.gz", exec, none), "given.tar.gz");
  assert.equal(await findSnapshot(undefined, exec, none), undefined);
  await Deno.copyFile(good, `${dir}/toolatlas-snapshot.tar.gz`);
  assert.equal(await findSnapshot(undefined, exec, none), `${dir}/toolatlas-snapshot.tar.gz`);
});
