/**
 * What the benchmarks start a server process with.
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
