/**
 * A per-process LRU cache of use-case results. The catalog is read-only while a process runs, so a
 * result computed once for the same validated input stays correct until the process restarts with
 * a new catalog.
 *
 * @module
 */
import type { CatalogContext } from "./context.ts";

/**
 * Budget of the per-process result cache, bytes (least recently used evicted first). An entry
 * counts three times its UTF-8 JSON (the object graph, and the encoded body the REST adapter keeps
 * with it); a search result is 5-15 KB of JSON, so some 300 results are kept.
 */
export const RESULT_CACHE_BYTES = 8 * 1024 * 1024;
/** Longest cache key kept, in characters: bigger inputs are computed every time (bounds memory). */
export const MAX_KEY_LENGTH = 2048;

/**
 * Returns the cached result for `(name, input)` or computes, caches and returns it; callers asking
 * for the same input while it is computed wait for that computation. Errors are not cached (every
 * waiter of a failed computation gets the error).
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
  if (cache.has(key)) return cache.get(key) as T;
  // Concurrent requests for the same input share one computation (a burst of the same search
  // computed it once per request before it was cached).
  let running = _inflight.get(cache);
  if (!running) _inflight.set(cache, running = new Map());
  const pending = running.get(key);
  if (pending) return await pending as T;
  const computing = (async () => {
    // Registered below before any of this runs, so a synchronous failure is cleared too.
    await null;
    try {
      const value = await compute();
      const bytes = typeof value === "object" && value !== null
        ? encodedJson(value).byteLength * 3
        : 64;
      cache.set(key, value, bytes + key.length * 2 + 200);
      return value;
    } finally {
      running.delete(key);
    }
  })();
  running.set(key, computing);
  return await computing;
}

/** Computations in progress per result cache, by key. */
const _inflight = new WeakMap<object, Map<string, Promise<unknown>>>();

/** UTF-8 JSON of result objects, made once per object (cached results are shared objects). */
const _encoded = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const _encoder = new TextEncoder();

/**
 * The UTF-8 JSON of a result object, serialized once per object: use cases return the same object
 * for repeated inputs, so a cache hit skips `JSON.stringify` and the encoding.
 *
 * @param value a JSON-serializable object (never mutate it afterwards)
 * @returns its UTF-8 encoded JSON
 * @throws {TypeError} when the value cannot be serialized (a `BigInt`, a cycle)
 */
export function encodedJson(value: object): Uint8Array<ArrayBuffer> {
  let body = _encoded.get(value);
  if (body === undefined) {
    body = _encoder.encode(JSON.stringify(value));
    _encoded.set(value, body);
  }
  return body;
}
