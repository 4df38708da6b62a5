import assert from "node:assert/strict";
import { EmbedderPool } from "../../src/embed/pool.ts";
import { QueryEmbedder } from "../../src/embed/query_embedder.ts";
import { lowerThreadPriority } from "../../src/embed/thread_priority.ts";

/**
 * Nice value of every thread of this process, by thread id (Linux `/proc/<pid>/task/<tid>/stat`,
 * field 19), read by `cat` in a child process: Deno lets a program read `/proc/self` only with
 * every permission.
 */
async function _niceValues(): Promise<Map<number, number>> {
  const { stdout } = await new Deno.Command("sh", {
    args: ["-c", `cat /proc/${Deno.pid}/task/*/stat`],
    stderr: "null",
  }).output();
  const out = new Map<number, number>();
  for (const line of new TextDecoder().decode(stdout).split("\n")) {
    if (!line) continue;
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    const fields = line.slice(line.lastIndexOf(")") + 2).split(" ");
    out.set(Number(line.split(" ")[0]), Number(fields[16]));
  }
  return out;
}

const linux = Deno.build.os === "linux";

Deno.test({
  name: "pool and query workers run at the nice value asked for; the calling thread is untouched",
  ignore: !linux,
  fn: async () => {
    const before = await _niceValues();
    const pool = new EmbedderPool(2, 11);
    const query = new QueryEmbedder(1, 7);
    try {
      // The nice message is handled before the first batch.
      await Promise.all([pool.embed(["one"]), pool.embed(["two"]), query.embed(["three"])]);
      const after = await _niceValues();
      const fresh = [...after].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      assert.equal(fresh.filter((n) => n === 11).length, 2, `new threads' nice: ${fresh}`);
      assert.equal(fresh.filter((n) => n === 7).length, 1, `new threads' nice: ${fresh}`);
      assert.equal(after.get(Deno.pid), before.get(Deno.pid));
    } finally {
      pool.close();
      query.close();
    }
  },
});

Deno.test("lowerThreadPriority refuses values outside 1-19 without touching the thread", async () => {
  const before = (await _niceValues()).get(Deno.pid);
  for (const bad of [0, -5, 20, 2.5, Number.NaN]) assert.equal(lowerThreadPriority(bad), false);
  assert.equal((await _niceValues()).get(Deno.pid), before);
});
