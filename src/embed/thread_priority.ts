/**
 * Scheduling priority of the calling thread. A background build (`ingest/staged_build.ts`)
 * embeds the catalog on every core for minutes while the same process serves requests; at equal
 * priority the kernel shares the cores evenly and a request waits for a time slice. Measured on
 * this 2-core machine, a 2-worker pool embedding flat out, a 5 ms task every 20 ms on the
 * serving thread: p50 8.0 → 6.4 ms, p90 13.6 → 9.5 ms with the workers at nice 10 (1 ms task:
 * p90 5.2 → 2.5 ms). The query worker runs at nice 5 (`QUERY_WORKER_NICE`).
 *
 * On Linux, the nice value is a property of each thread: `setpriority(PRIO_PROCESS, 0, n)`
 * (`node:os` `setPriority(0, n)`, which needs `--allow-sys`) changes the calling thread's only
 * (`setpriority(2)`, "Bugs"). On other systems it would lower the whole process, so nothing is
 * done there; without the permission nothing changes either.
 *
 * @module
 */
import { setPriority } from "node:os";

/**
 * Lowers the calling thread's priority to a nice value (0 normal, 19 lowest). Never raises it
 * (that needs privileges) and never throws.
 *
 * @param nice nice value, 1-19
 * @returns true when the thread's nice value was set
 * @example
 * ```ts
 * // In a Web Worker that embeds texts in the background:
 * lowerThreadPriority(10);
 * ```
 */
export function lowerThreadPriority(nice: number): boolean {
  if (Deno.build.os !== "linux" || !Number.isInteger(nice) || nice < 1 || nice > 19) return false;
  try {
    setPriority(0, nice);
    return true;
  } catch {
    return false;
  }
}
