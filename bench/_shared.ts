/**
 * What the benchmarks share: the flags of a server process, and a sampler that keeps the largest
 * of repeated measurements.
 *
 * @module
 */

/** The `deno run` flags of a server process, as in `deno task start`: Deno KV and its permissions. */
export const SERVER_FLAGS: readonly string[] = [
  "--unstable-kv",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-net",
  "--allow-ffi",
  "--allow-sys",
];

/**
 * Calls `sample` over and over, pausing `everyMs` between calls, until `stop()`, which gives the
 * largest value seen.
 *
 * @param sample one measurement
 * @param everyMs the pause between measurements
 * @param floor the value to start from (the result is at least this)
 * @returns `stop()`, resolving to the largest value once the loop has ended
 */
export function pollMax(
  sample: () => Promise<number>,
  everyMs: number,
  floor = 0,
): { stop: () => Promise<number> } {
  let running = true;
  let max = floor;
  const loop = (async () => {
    while (running) {
      max = Math.max(max, await sample());
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return max;
    },
  };
}
