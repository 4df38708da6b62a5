/**
 * Runs the synchronous, CPU-heavy parts of searches one per turn of the event loop, so that a
 * burst of searches never holds the thread for more than one of them at a time: between two of
 * them, timers fire and other requests (health, cached results, pages) are read and answered.
 *
 * Without it, 32 concurrent searches each ran their lexical pass in the same turn, and a health
 * check waited behind all of them (event-loop lag of hundreds of milliseconds at 32 connections).
 *
 * @module
 */
import { setImmediate } from "node:timers";

/** A job waiting for its turn. */
interface _Job {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const _queue: _Job[] = [];
let _scheduled = false;

function _drain(): void {
  _scheduled = false;
  const job = _queue.shift();
  if (!job) return;
  try {
    job.resolve(job.run());
  } catch (error) {
    job.reject(error);
  }
  if (_queue.length > 0) _schedule();
}

function _schedule(): void {
  if (_scheduled) return;
  _scheduled = true;
  setImmediate(_drain);
}

/**
 * Runs `work` in its own turn of the event loop, after the jobs queued before it (first in, first
 * out; one job per turn).
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
  return new Promise<T>((resolve, reject) => {
    _queue.push({ run: work, resolve: resolve as (value: unknown) => void, reject });
    _schedule();
  });
}

/** Jobs waiting for their turn. */
export function queuedJobs(): number {
  return _queue.length;
}
