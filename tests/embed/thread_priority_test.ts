import assert from "node:assert/strict";
import { EmbedderPool } from "../../src/embed/pool.ts";
import { lowerThreadPriority } from "../../src/embed/thread_priority.ts";

/** Nice value of every thread of this process (Linux `/proc/self/task/<tid>/stat`, field 19). */
function _niceValues(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of Deno.readDirSync("/proc/self/task")) {
    const stat = Deno.readTextFileSync(`/proc/self/task/${entry.name}/stat`);
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    out.set(Number(entry.name), Number(fields[16]));
  }
  return out;
}

const linux = Deno.build.os === "linux";

Deno.test({
  name: "a pool's workers run at the nice value asked for; the calling thread is untouched",
  ignore: !linux,
  fn: async () => {
    const before = _niceValues();
    const pool = new EmbedderPool(2, 11);
    try {
      // The nice message is handled before the first batch.
      await Promise.all([pool.embed(["one"]), pool.embed(["two"])]);
      const after = _niceValues();
      const fresh = [...after].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      assert.equal(fresh.filter((n) => n === 11).length, 2, `new threads' nice: ${fresh}`);
      assert.equal(after.get(Deno.pid), before.get(Deno.pid));
    } finally {
      pool.close();
    }
  },
});

Deno.test("lowerThreadPriority refuses values outside 1-19 without touching the thread", () => {
  const before = _niceValues().get(Deno.pid);
  for (const bad of [0, -5, 20, 2.5, Number.NaN]) assert.equal(lowerThreadPriority(bad), false);
  assert.equal(_niceValues().get(Deno.pid), before);
});
