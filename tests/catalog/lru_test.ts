import assert from "node:assert/strict";
import { ByteLru } from "../../src/catalog/lru.ts";

Deno.test("ByteLru evicts the least recently used entries once over its byte budget", () => {
  const cache = new ByteLru<string, number>(100);
  cache.set("a", 1, 40).set("b", 2, 40);
  assert.equal(cache.get("a"), 1); // a is now the most recent
  cache.set("c", 3, 40);
  assert.deepEqual([cache.has("a"), cache.has("b"), cache.has("c")], [true, false, true]);
  assert.equal(cache.bytes, 80);
  cache.set("a", 4, 10); // replacing an entry replaces its size
  assert.equal(cache.bytes, 50);
  assert.equal(cache.get("a"), 4);
});

Deno.test("ByteLru never keeps an entry larger than its budget", () => {
  const cache = new ByteLru<string, number>(100);
  cache.set("small", 1, 10).set("huge", 2, 101);
  assert.equal(cache.has("huge"), false);
  assert.equal(cache.get("small"), 1);
  assert.equal(cache.bytes, 10);
  assert.throws(() => new ByteLru(-1), RangeError);
});

Deno.test("ByteLru tells what it evicts for its budget, not what is deleted or replaced", () => {
  const evicted: [string, number][] = [];
  const cache = new ByteLru<string, number>(30, (k, v) => evicted.push([k, v]));
  cache.set("a", 1, 10).set("b", 2, 10).set("c", 3, 10);
  cache.set("a", 4, 10); // replaced
  cache.delete("b");
  assert.deepEqual(evicted, []);
  cache.set("d", 5, 10).set("e", 6, 10);
  assert.deepEqual(evicted, [["c", 3]]);
  cache.set("huge", 7, 31); // never stored
  assert.deepEqual(evicted, [["c", 3]]);
});
