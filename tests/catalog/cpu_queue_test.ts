import assert from "node:assert/strict";
import { inTurn, SLICE_MS, TURN_GAP_MS } from "../../src/catalog/cpu_queue.ts";

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

Deno.test("a job runs at once after a pause, and waits its turn right after a full slice", async () => {
  const pause = () => new Promise((r) => setTimeout(r, 5));
  await pause();
  // A job that uses the whole slice, then one asked for straight after it: it is queued.
  inTurn(() => spin(SLICE_MS + 0.5));
  let second = false;
  const queued = inTurn(() => (second = true));
  assert.equal(second, false, "the job right after a full slice waits for the next one");
  await queued;
  assert.equal(second, true);
  await pause();
  // The same, with other work on the thread in between (a response being written, the next
  // request of a single client): the second job runs at once.
  inTurn(() => spin(SLICE_MS + 0.5));
  spin(TURN_GAP_MS + 0.5);
  let third = false;
  const atOnce = inTurn(() => (third = true));
  assert.equal(third, true, `a pause of more than ${TURN_GAP_MS} ms starts a new slice`);
  await atOnce;
});
