import assert from "node:assert/strict";
import { inTurn, SLICE_MS } from "../../src/catalog/cpu_queue.ts";

const spin = (ms: number) => {
  const t = performance.now();
  while (performance.now() - t < ms) { /* busy */ }
};

Deno.test("inTurn runs queued jobs first in, first out, and passes on results and errors", async () => {
  const order: number[] = [];
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) => inTurn(() => (order.push(i), i * 2))),
  );
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(results, [0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  await assert.rejects(() =>
    inTurn(() => {
      throw new RangeError("bad job");
    }), RangeError);
});

Deno.test("a burst of queued jobs leaves the event loop free between slices", async () => {
  let done = 0;
  let doneWhenTimerFired = -1;
  // Forty jobs of 2 ms are several slices of work; a timer set now must fire between them.
  const jobs = Array.from({ length: 40 }, () => inTurn(() => (spin(2), done++)));
  setTimeout(() => (doneWhenTimerFired = done), 0);
  await Promise.all(jobs);
  assert.equal(done, 40);
  assert.ok(
    doneWhenTimerFired >= 0 && doneWhenTimerFired < 40,
    `the timer fired after ${doneWhenTimerFired} of 40 jobs (slices of ${SLICE_MS} ms)`,
  );
});
