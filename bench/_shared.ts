/**
 * What the benchmarks share: the flags of a server process, waiting for a server to start, and
 * samplers of repeated measurements.
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
 * Calls `step` over and over (with the call number, from 0), pausing `everyMs` after each call,
 * until `stop()`. A `step` that throws ends the loop; `stop()` then rejects with its error.
 *
 * @param step one round of work
 * @param everyMs the pause between rounds, milliseconds
 * @returns `stop()`, resolving once the round in flight has ended
 */
export function pollEvery(
  step: (i: number) => Promise<void>,
  everyMs: number,
): { stop: () => Promise<void> } {
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      await step(i);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  // Handled here so a failed step is not an unhandled rejection; `stop()` rethrows it.
  loop.catch(() => {});
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

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
  let max = floor;
  const poll = pollEvery(async () => {
    max = Math.max(max, await sample());
  }, everyMs);
  return {
    stop: async () => {
      await poll.stop();
      return max;
    },
  };
}

/**
 * Reads a child process's output until its text so far matches `pattern` (e.g. `READY <port>` or
 * `listening on`), then keeps draining it in the background so the child never blocks on a full
 * pipe.
 *
 * @param stream the child's stdout or stderr
 * @param pattern what the output says once the server is up
 * @param timeoutMs how long to wait, milliseconds
 * @returns the match
 * @throws {Error} when the output ends first (the child exited) or the time runs out; the error
 *   carries the output read so far
 */
export async function waitForOutput(
  stream: ReadableStream<Uint8Array>,
  pattern: RegExp,
  timeoutMs: number,
): Promise<RegExpMatchArray> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const timer = setTimeout(() => reader.cancel("timeout").catch(() => {}), timeoutMs);
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`The server stopped before it said ${pattern}:\n${text}`);
      text += value;
      const match = text.match(pattern);
      if (match) {
        (async () => {
          while (!(await reader.read().catch(() => ({ done: true }))).done) { /* drain */ }
        })();
        return match;
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
