/**
 * A least-recently-used cache bounded by bytes: every entry is stored with its size (estimated by
 * the caller), and the oldest entries are evicted while the total is over the budget. The
 * per-process caches of the catalog (results, query vectors, filter subsets) use it, so their
 * memory stays bounded whatever the queries are.
 *
 * @module
 */

/** An LRU map whose total size, in bytes as the caller counts them, stays within a budget. */
export class ByteLru<K, V> {
  /** The budget, bytes. */
  readonly maxBytes: number;
  #map = new Map<K, { value: V; bytes: number }>();
  #bytes = 0;

  #onEvict: ((key: K, value: V) => void) | undefined;

  /**
   * @param maxBytes the budget in bytes (an entry larger than it is never kept)
   * @param onEvict called with each entry evicted to keep the budget (not for entries deleted,
   *   replaced or cleared, nor for a value too large to be stored)
   * @throws {RangeError} when `maxBytes` is not a non-negative number
   * @example
   * ```ts
   * const cache = new ByteLru<string, Float32Array>(4 * 1024 * 1024);
   * cache.set("q", vector, vector.byteLength);
   * ```
   */
  constructor(maxBytes: number, onEvict?: (key: K, value: V) => void) {
    if (!(maxBytes >= 0)) throw new RangeError(`Cannot use a byte budget of "${maxBytes}"`);
    this.maxBytes = maxBytes;
    this.#onEvict = onEvict;
  }

  /** Number of entries. */
  get size(): number {
    return this.#map.size;
  }

  /** Total bytes of the entries, as given to {@link ByteLru.set}. */
  get bytes(): number {
    return this.#bytes;
  }

  /** True when the key is cached (does not refresh it). */
  has(key: K): boolean {
    return this.#map.has(key);
  }

  /**
   * The cached value, marked most recently used, or `undefined`.
   *
   * @param key the key
   * @returns the value
   */
  get(key: K): V | undefined {
    const entry = this.#map.get(key);
    if (entry === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, entry);
    return entry.value;
  }

  /**
   * Stores a value with its size, then evicts the least recently used entries until the total is
   * within the budget. A value larger than the whole budget is not stored.
   *
   * @param key the key
   * @param value the value
   * @param bytes its size in bytes (an estimate the caller makes: keys, payload, object overhead)
   * @returns this cache
   */
  set(key: K, value: V, bytes: number): this {
    this.delete(key);
    if (bytes > this.maxBytes) return this;
    this.#map.set(key, { value, bytes });
    this.#bytes += bytes;
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#map.entries().next();
      if (oldest.done) break;
      const [oldKey, { value: oldValue }] = oldest.value;
      this.delete(oldKey);
      this.#onEvict?.(oldKey, oldValue);
    }
    return this;
  }

  /** Removes an entry; returns whether it was there. */
  delete(key: K): boolean {
    const entry = this.#map.get(key);
    if (entry === undefined) return false;
    this.#map.delete(key);
    this.#bytes -= entry.bytes;
    return true;
  }

  /** Removes every entry. */
  clear(): void {
    this.#map.clear();
    this.#bytes = 0;
  }
}
