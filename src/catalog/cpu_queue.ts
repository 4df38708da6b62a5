/**
 * Runs the synchronous, CPU-heavy parts of searches in slices of the event loop, so that a burst
 * of searches never holds the thread for long: jobs run first in, first out until a slice of
 * {@link SLICE_MS} is used, then the queue yields with `setTimeout(0)`, and timers, other requests
 * (health, cached results, pages) and worker messages are handled before the next slice.
 *
 * Without it, 32 concurrent searches each ran their lexical pass in the same turn, and a health
 * check waited behind all of them (event-loop lag of hundreds of milliseconds at 32 connections).
 * The yield is a timer on purpose: measured with 32 clients queueing 5 ms jobs, an HTTP request
 * waited about 520 ms when the queue yielded with `setImmediate`, 8 s with a `MessageChannel`
 * (both run before Deno polls for new requests), and 1-13 ms with `setTimeout(0)`.
 *
 * @module
 */

/**
 * Milliseconds of queued work run before the queue yields to the event loop. Measured with
 * `deno task bench` (32 connections of distinct server searches): 10 ms gave an event-loop lag p99
 * of 23-29 ms, 3 ms 11-20 ms.
 */
export const SLICE_MS = 3;

/** A job waiting for its turn. */
interface _Job {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const _queue: _Job[] = [];
let _scheduled = false;
/** Milliseconds of jobs run at once (not queued) since the event loop last went round. */
let _inlineMs = 0;
let _resetScheduled = false;
/** When the last job run at once ended (`performance.now()`). */
let _inlineEnded = -Infinity;

/**
 * A pause between jobs run at once longer than this, milliseconds, starts a new budget of
 * {@link SLICE_MS}: the thread was free (or busy with other work) in between, so the jobs are not
 * one long stretch. Without it, the budget came back only when a 0 ms timer fired (about 2 ms
 * later in Deno 2.9), and a single client's next search, arriving within that time, had its jobs
 * queued behind that timer: 2 ms more for nothing.
 */
export const TURN_GAP_MS = 0.3;

function _drain(): void {
  _scheduled = false;
  // The next slice's timer is set before this slice runs: a 0 ms timer fires about 2 ms after it
  // is set (measured in Deno 2.9), so set after the slice it left the thread idle for that long.
  _schedule();
  const started = performance.now();
  while (_queue.length > 0 && performance.now() - started < SLICE_MS) {
    const job = _queue.shift()!;
    try {
      job.resolve(job.run());
    } catch (error) {
      job.reject(error);
    }
  }
}

function _schedule(): void {
  if (_scheduled || _queue.length === 0) return;
  _scheduled = true;
  setTimeout(_drain, 0);
}

/**
 * Runs `work` in a later slice of the event loop, after the jobs queued before it (first in, first
 * out); when nothing is queued and this turn of the event loop has run less than a slice of jobs,
 * at once.
 *
 * @param work synchronous work (a few milliseconds at most)
 * @returns its result
 * @throws whatever `work` throws
 * @example
 * ```ts
 * const hits = await inTurn(() => store.lexicalServers(q, {}));
 * ```
 */
export function inTurn<T>(work: () => T): Promise<T> {
  // An idle server runs the job at once (a yield costs 1-4 ms of latency); within one turn of
  // the event loop, at most a slice of jobs runs that way, the rest wait for the next slices.
  // (A slice's timer may be pending with nothing queued: it then finds nothing to run.)
  const now = performance.now();
  if (_queue.length === 0 && now - _inlineEnded > TURN_GAP_MS) _inlineMs = 0;
  if (_queue.length === 0 && _inlineMs < SLICE_MS) {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error);
    } finally {
      _inlineEnded = performance.now();
      _inlineMs += _inlineEnded - now;
      if (!_resetScheduled) {
        _resetScheduled = true;
        setTimeout(() => {
          _inlineMs = 0;
          _resetScheduled = false;
        }, 0);
      }
    }
  }
  return new Promise<T>((resolve, reject) => {
    _queue.push({ run: work, resolve: resolve as (value: unknown) => void, reject });
    _schedule();
  });
}

/** Jobs waiting for their turn. */
export function queuedJobs(): number {
  return _queue.length;
}
