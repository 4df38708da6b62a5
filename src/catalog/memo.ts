/**
 * A per-process LRU cache of use-case results. The catalog is read-only while a process runs, so a
 * result computed once for the same validated input stays correct until the process restarts with
 * a new catalog.
 *
 * @module
 */
import type { CatalogContext } from "./context.ts";

/** Results kept per process (least recently used evicted first). */
export const RESULT_CACHE_SIZE = 5000;
/** Longest cache key kept, in characters: bigger inputs are computed every time (bounds memory). */
export const MAX_KEY_LENGTH = 2048;

/**
 * Returns the cached result for `(name, input)` or computes, caches and returns it. Errors are not
 * cached.
 *
 * @param ctx catalog context holding the cache
 * @param name use-case name, e.g. `searchTools`
 * @param input the input, raw or validated (its JSON is the key; an input that has no JSON form,
 *   such as one holding a `BigInt`, or whose key exceeds {@link MAX_KEY_LENGTH}, is computed
 *   without caching)
 * @param compute produces the result on a miss
 * @returns the result (shared between callers: never mutate it)
 */
export async function memo<T>(
  ctx: CatalogContext,
  name: string,
  input: unknown,
  compute: () => T | Promise<T>,
): Promise<T> {
  let key: string;
  try {
    key = `${name}:${JSON.stringify(input)}`;
  } catch {
    return await compute();
  }
  if (key.length > MAX_KEY_LENGTH) return await compute();
  const cache = ctx.results;
  if (cache.has(key)) {
    const hit = cache.get(key);
    cache.delete(key);
    cache.set(key, hit);
    return hit as T;
  }
  const value = await compute();
  cache.set(key, value);
  if (cache.size > RESULT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return value;
}
