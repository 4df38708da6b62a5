/**
 * The per-process cache of use-case results (the store of `memo` in `memo.ts`): a segmented LRU
 * cache in two parts, as the probation and protected segments of SLRU or the A1 and Am queues of
 * 2Q.
 *
 * - **Probation**: a result seen once is kept as its UTF-8 JSON in a ring buffer of bytes
 *   allocated once, written in turn; the oldest results are overwritten first (first in, first
 *   out). Nothing of it is a JavaScript object but its index (key, offset, length), which the ring
 *   counts too: each result takes its bytes, twice its key's length and 64 bytes of the ring.
 * - **Protected**: a result asked for again is decoded once, and the object (with its bytes) is
 *   kept in a {@link ByteLru}, least recently used evicted first; an evicted result goes back to
 *   the ring as bytes.
 *
 * Why: a long tail of distinct searches fills a cache with results that are never asked for
 * again. Kept as objects, each was promoted to V8's old generation and dropped a few hundred
 * searches later (12-17 KB of old-generation garbage per search); kept in a buffer of their own,
 * each was dropped the same way, and their bytes outside the heap count towards V8's next full
 * collection all the same. Either way the serving thread ran a full mark-compact every second
 * or two under one client, each holding it 2-8 ms. Written into one buffer allocated once, a
 * result seen once leaves nothing to collect but its index entry.
 *
 * @module
 */
import { ByteLru } from "./lru.ts";

/**
 * Budget of the results asked for more than once (decoded), bytes: each counts three times its
 * UTF-8 JSON, its key and 200 bytes. A search result is 5-15 KB of JSON: some 300 results.
 */
export const RESULT_CACHE_BYTES = 8 * 1024 * 1024;
/**
 * Size of the ring of results seen once, bytes (their UTF-8 JSON only): some 400 results, so a
 * query asked again within about 400 distinct ones is a hit.
 */
export const RESULT_PROBATION_BYTES = 4 * 1024 * 1024;

/** Where a result seen once sits in the ring. */
interface _Slot {
  key: string;
  offset: number;
  length: number;
}

/** A result asked for again: the decoded object and the bytes it was decoded from. */
export interface CachedResult {
  /** The decoded result (shared by every hit: never mutate it). */
  value: unknown;
  /** Its UTF-8 JSON. */
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Results by key in two segments (see the module documentation).
 *
 * @example
 * ```ts
 * const cache = new ResultCache(4 << 20, 8 << 20);
 * cache.admit("searchTools:{\"q\":\"pdf\"}", new TextEncoder().encode('{"total":3}'));
 * cache.get("searchTools:{\"q\":\"pdf\"}"); // { value: { total: 3 }, bytes: Uint8Array(11) }
 * ```
 */
export class ResultCache {
  /** Bytes of the ring of results seen once. */
  readonly probationBytes: number;
  /** Budget of the decoded results, bytes as {@link ResultCache.protectedSize} counts them. */
  readonly protectedBytes: number;
  #ring: Uint8Array<ArrayBuffer> | undefined;
  #head = 0;
  /** Results seen once, by key. */
  #index = new Map<string, _Slot>();
  /** The ring's slots, oldest first (a slot no longer in the index is skipped). */
  #slots: _Slot[] = [];
  #first = 0;
  #protected: ByteLru<string, CachedResult>;
  #decoder = new TextDecoder();

  /**
   * @param probationBytes size of the ring, bytes (allocated at the first result; a result taking
   *   more than a quarter of it is not kept as seen once)
   * @param protectedBytes budget of the decoded results, bytes
   * @throws {RangeError} for a negative or non-numeric size
   */
  constructor(probationBytes: number, protectedBytes: number) {
    if (!(probationBytes >= 0)) {
      throw new RangeError(`Cannot use a ring of "${probationBytes}" bytes`);
    }
    this.probationBytes = Math.floor(probationBytes);
    this.protectedBytes = protectedBytes;
    // A decoded result evicted goes back to the ring as bytes.
    this.#protected = new ByteLru(protectedBytes, (key, entry) => this.#write(key, entry.bytes));
  }

  /** Results kept, in both segments. */
  get size(): number {
    return this.#index.size + this.#protected.size;
  }

  /** Results seen once (in the ring). */
  get probationSize(): number {
    return this.#index.size;
  }

  /** Bytes the decoded results count (three times their JSON, their key and 200 bytes each). */
  get protectedSize(): number {
    return this.#protected.bytes;
  }

  /** True when the key is kept in either segment (does not count as a use). */
  has(key: string): boolean {
    return this.#index.has(key) || this.#protected.has(key);
  }

  /**
   * The result of a key: a decoded result as it is (marked most recently used); a result seen once
   * decoded now, and moved to the decoded results.
   *
   * @param key the key
   * @returns the result and its bytes, or `undefined`
   * @throws {SyntaxError} when the bytes admitted for the key were not JSON
   */
  get(key: string): CachedResult | undefined {
    const hit = this.#protected.get(key);
    if (hit) return hit;
    const slot = this.#index.get(key);
    if (!slot) return undefined;
    this.#index.delete(key);
    // A copy: the ring's bytes are overwritten later.
    const bytes = this.#ring!.slice(slot.offset, slot.offset + slot.length);
    const entry = { value: JSON.parse(this.#decoder.decode(bytes)), bytes };
    this.#protect(key, entry);
    return entry;
  }

  /**
   * Keeps a new result as seen once: its bytes are copied into the ring, over the oldest results
   * there. A result taking more than a quarter of the ring is not kept.
   *
   * @param key the key
   * @param bytes the result's UTF-8 JSON (copied)
   */
  admit(key: string, bytes: Uint8Array): void {
    this.#protected.delete(key);
    this.#index.delete(key);
    this.#write(key, bytes);
  }

  /** Empties both segments (the ring stays allocated). */
  clear(): void {
    this.#index.clear();
    this.#slots = [];
    this.#first = 0;
    this.#head = 0;
    this.#protected.clear();
  }

  #protect(key: string, entry: CachedResult): void {
    this.#protected.set(key, entry, 3 * entry.bytes.byteLength + key.length * 2 + 200);
  }

  #write(key: string, bytes: Uint8Array): void {
    const length = bytes.byteLength;
    // The index entry counts against the ring too, so tiny results cannot pile up without bound.
    const span = length + 2 * key.length + 64;
    if (span > this.probationBytes / 4) return;
    this.#ring ??= new Uint8Array(this.probationBytes);
    if (this.#head + span > this.probationBytes) {
      this.#dropUpTo(this.probationBytes);
      this.#head = 0;
    }
    this.#dropUpTo(this.#head + span);
    this.#ring.set(bytes, this.#head);
    const slot = { key, offset: this.#head, length };
    this.#head += span;
    this.#index.set(key, slot);
    this.#slots.push(slot);
  }

  /** Drops the oldest slots that start before `end` and at or after the head. */
  #dropUpTo(end: number): void {
    while (this.#first < this.#slots.length) {
      const slot = this.#slots[this.#first]!;
      if (slot.offset < this.#head || slot.offset >= end) break;
      if (this.#index.get(slot.key) === slot) this.#index.delete(slot.key);
      this.#first++;
    }
    // The array of slots is compacted now and then, not at every drop.
    if (this.#first > 1024 && this.#first * 2 > this.#slots.length) {
      this.#slots = this.#slots.slice(this.#first);
      this.#first = 0;
    }
  }
}
