import assert from "node:assert/strict";
import { writeCatalog } from "../../src/catalog/writer.ts";
import { removeCatalogLeftovers } from "../../src/catalog/work_files.ts";
import { PRICES, SERVERS, TOOLS } from "../fixtures/catalog.ts";
import { tempDir } from "../_temp.ts";

const WORK_FILES = new URL("../../src/catalog/work_files.ts", import.meta.url).href;
const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/**
 * A process that does what a catalog build or a snapshot install does first, holding the work
 * file's lock: `file` makes `<dir>/catalog.db.tmp-<its pid>`, `folder` makes `<dir>/.snapshot-<x>`
 * with its `.lock`. Resolves once it holds the lock, with the name it made and `kill()`.
 */
async function worker(dir: string, kind: "file" | "folder") {
  const code = kind === "file"
    ? `const path = "${dir}/catalog.db.tmp-" + Deno.pid;
       const lock = await holdWorkLock(path);
       await lock.write(new Uint8Array(4096));`
    : `const path = await Deno.makeTempDir({ dir: "${dir}", prefix: ".snapshot-" });
       const lock = await holdWorkLock(path + "/.lock");
       await Deno.writeFile(path + "/catalog.db", new Uint8Array(4096));`;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `import { holdWorkLock } from "${WORK_FILES}";
       ${code}
       console.log(path.split("/").pop());
       setInterval(() => {}, 1000);`,
    ],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const name = (await reader.read()).value!.trim();
  reader.releaseLock();
  return {
    name,
    kill: async () => {
      child.kill("SIGKILL");
      await child.status;
      await child.stdout.cancel().catch(() => {});
    },
  };
}

const names = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

Deno.test("the work files of killed runs are removed; those of live runs are kept", async () => {
  const dir = await tempDir({ prefix: "toolatlas-leftovers-" });
  try {
    await Deno.writeTextFile(`${dir}/catalog.db`, "the catalog");
    const killedFile = await worker(dir, "file");
    const killedFolder = await worker(dir, "folder");
    const liveFile = await worker(dir, "file");
    const liveFolder = await worker(dir, "folder");
    await killedFile.kill();
    await killedFolder.kill();
    const removed = await removeCatalogLeftovers(`${dir}/catalog.db`);
    assert.deepEqual(removed.sort(), [killedFile.name, killedFolder.name].sort());
    assert.deepEqual(names(dir), ["catalog.db", liveFile.name, liveFolder.name].sort());
    await liveFile.kill();
    await liveFolder.kill();
    assert.equal((await removeCatalogLeftovers(`${dir}/catalog.db`)).length, 2);
    assert.deepEqual(names(dir), ["catalog.db"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the next catalog build removes the temporary file a killed build left", async () => {
  const dir = await tempDir({ prefix: "toolatlas-leftovers-build-" });
  try {
    const killed = await worker(dir, "file");
    await killed.kill();
    await writeCatalog(`${dir}/catalog.db`, {
      tools: TOOLS,
      servers: SERVERS,
      prices: PRICES,
      sources: [],
      report: { fixture: true },
      builtAt: "2026-11-22T00:00:00.000Z",
    });
    assert.deepEqual(names(dir), ["catalog.db"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("serve removes the work files killed runs left next to its catalog at start", async () => {
  const dir = await tempDir({ prefix: "toolatlas-leftovers-serve-" });
  const killedFile = await worker(dir, "file");
  const killedFolder = await worker(dir, "folder");
  await killedFile.kill();
  await killedFolder.kill();
  await writeCatalog(`${dir}/catalog.db`, {
    tools: TOOLS,
    servers: SERVERS,
    prices: PRICES,
    sources: [],
    report: { fixture: true },
    builtAt: "2026-11-22T00:00:00.000Z",
  });
  // The build removed the temporary file; plant one more, as a build killed after it would.
  const late = await worker(dir, "file");
  await late.kill();
  assert.deepEqual(names(dir), ["catalog.db", killedFolder.name, late.name].sort());
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--unstable-kv", "-A", MAIN, "serve"],
    env: {
      PORT: "0",
      HOSTNAME: "127.0.0.1",
      TOOLATLAS_CATALOG: `${dir}/catalog.db`,
      TOOLATLAS_KV: `${dir}/kv/kv.sqlite3`,
      TOOLATLAS_EMBED: "0",
    },
    stdout: "null",
    stderr: "piped",
  }).spawn();
  try {
    let log = "";
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    while (!/listening on/.test(log)) {
      const { value, done } = await reader.read();
      if (done) break;
      log += value;
    }
    reader.releaseLock();
    assert.match(log, /removed the work files of stopped runs/);
    assert.deepEqual(names(dir).filter((n) => n !== "kv"), ["catalog.db"]);
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await child.stderr.cancel().catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});
