/**
 * A per-process LRU cache of use-case results. The catalog is read-only while a process runs, so a
 * result computed once for the same validated input stays correct until the process restarts with
 * a new catalog.
 *
 * A new result is kept as its UTF-8 JSON only; the first hit decodes it, and from then on the
 * entry keeps that object too (admission on second use, as the probation and protected segments
 * of a 2Q or segmented LRU cache). The bytes live outside the JavaScript heap: kept as objects from
 * the start, every result of a long tail of distinct searches was promoted to the old generation
 * and dropped from it a few hundred searches later (12-17 KB of old-generation garbage per
 * search, a full mark-compact of the serving thread every second or so under a single client,
 * each holding it 2-8 ms), while decoding on every hit halved the rate of cached searches. A
 * decoded result carries the bytes it came from, so the REST adapter sends them as they are
 * ({@link encodedJson}).
 *
 * @module
 */
import type { CatalogContext } from "./context.ts";
import type { ByteLru } from "./lru.ts";

/**
 * Budget of the per-process result cache, bytes (least recently used evicted first): an entry
 * counts its UTF-8 JSON, its key and 200 bytes, and three times its JSON once it holds the decoded
 * object too. A search result is 5-15 KB of JSON: some 800 results seen once, 300 in use.
 */
export const RESULT_CACHE_BYTES = 8 * 1024 * 1024;
/** Longest cache key kept, in characters: bigger inputs are computed every time (bounds memory). */
export const MAX_KEY_LENGTH = 2048;

/**
 * A result as the cache keeps it: the UTF-8 JSON of an object (and the object, once it was asked
 * for again), or a primitive as it is.
 */
type _Entry =
  | { bytes: Uint8Array<ArrayBuffer>; value?: object }
  | { primitive: string | number | boolean | null };

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
 * @returns the result: the computed object on a miss (shared by the callers that waited for it),
 *   on hits one object decoded from its JSON and shared by every later hit: never mutate it
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
  const hit = cache.get(key) as _Entry | undefined;
  if (hit !== undefined) return _reused(cache, key, hit) as T;
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
      const entry = _admitted(value);
      if (entry) cache.set(key, entry, _size(key, entry));
      return value;
    } finally {
      running.delete(key);
    }
  })();
  running.set(key, computing);
  return await computing;
}

/** What the cache keeps of a new result: an object's UTF-8 JSON, a JSON primitive as it is. */
function _admitted(value: unknown): _Entry | undefined {
  if (typeof value === "object" && value !== null) {
    try {
      return { bytes: encodedJson(value) };
    } catch {
      return undefined;
    }
  }
  if (
    value === null || typeof value === "string" || typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  ) {
    return { primitive: value };
  }
  return undefined;
}

/** The result of a hit: the entry's object, decoded (and kept in the entry) on its first hit. */
function _reused(cache: ByteLru<string, unknown>, key: string, entry: _Entry): unknown {
  if ("primitive" in entry) return entry.primitive;
  if (entry.value === undefined) {
    entry.value = JSON.parse(_decoder.decode(entry.bytes)) as object;
    _encoded.set(entry.value, entry.bytes);
    cache.set(key, entry, _size(key, entry));
  }
  return entry.value;
}

/** Bytes an entry counts against {@link RESULT_CACHE_BYTES}. */
function _size(key: string, entry: _Entry): number {
  const json = "bytes" in entry ? entry.bytes.byteLength : 64;
  return ("value" in entry && entry.value !== undefined ? 3 * json : json) + key.length * 2 + 200;
}

/** Computations in progress per result cache, by key. */
const _inflight = new WeakMap<object, Map<string, Promise<unknown>>>();

/** UTF-8 JSON of result objects, made once per object (and known for objects decoded from it). */
const _encoded = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const _encoder = new TextEncoder();
const _decoder = new TextDecoder();

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

/**
 * The UTF-8 JSON already made for a result object ({@link encodedJson}, or the bytes a cache hit
 * was decoded from), without making it.
 *
 * @param value a result object
 * @returns its bytes, or `undefined` when none were made
 */
export function knownEncoding(value: object): Uint8Array<ArrayBuffer> | undefined {
  return _encoded.get(value);
}
