/**
 * Use-case results cached per process (`ResultCache`, `result_cache.ts`): the catalog is read-only
 * while a process runs, so a result computed once for the same validated input stays correct until
 * the process restarts with a new catalog. A result seen once is kept as its UTF-8 JSON; the first
 * hit decodes it and later hits share that object. A decoded result carries the bytes it came
 * from, so the REST adapter sends them as they are ({@link encodedJson}).
 *
 * @module
 */
import type { CatalogContext } from "./context.ts";

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
 * @param compute produces the result on a miss: a JSON value (what it holds beyond JSON, such as
 *   `undefined` properties, is not kept); a result without a JSON form is not cached
 * @returns the result: the computed one on a miss (shared by the callers that waited for it), on
 *   hits one object decoded from its JSON and shared by every later hit: never mutate it
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
  const hit = cache.get(key);
  if (hit) {
    if (typeof hit.value === "object" && hit.value !== null) _encoded.set(hit.value, hit.bytes);
    return hit.value as T;
  }
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
      const bytes = _json(value);
      if (bytes) cache.admit(key, bytes);
      return value;
    } finally {
      running.delete(key);
    }
  })();
  running.set(key, computing);
  return await computing;
}

/** The UTF-8 JSON of a result, or `undefined` when it has none that decodes to it. */
function _json(value: unknown): Uint8Array | undefined {
  if (typeof value === "object" && value !== null) {
    try {
      return encodedJson(value);
    } catch {
      return undefined;
    }
  }
  if (
    value === null || typeof value === "string" || typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  ) {
    return _encoder.encode(JSON.stringify(value));
  }
  return undefined;
}

/** Computations in progress per result cache, by key. */
const _inflight = new WeakMap<object, Map<string, Promise<unknown>>>();

/** UTF-8 JSON of result objects, made once per object (and known for objects decoded from it). */
const _encoded = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const _encoder = new TextEncoder();

/**
 * The UTF-8 JSON of a result object, serialized once per object: a result {@link memo} returns on
 * a hit is decoded from the bytes it keeps and carries them, so a hit skips `JSON.stringify` and
 * the encoding.
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
