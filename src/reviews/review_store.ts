/**
 * Users' reviews in Deno KV: one review per API key and entry, exact aggregates under
 * concurrency, a hide flag, and an in-memory index of every entry's rating for search.
 *
 * KV layout (tuple keys, never joined strings; `kind` is `tool` or `server`, `entryId` the
 * entry's stable id from change tracking, so a catalog rebuild or rename never touches them):
 *
 * | key | value |
 * | --- | --- |
 * | `["reviews", "entry", kind, entryId, keyId]` | {@link StoredReview} |
 * | `["reviews", "newest", kind, entryId, updatedMs, reviewId]` | `Review` (visible reviews only) |
 * | `["reviews", "count", kind, entryId, "1"…"5" \| "yes" \| "no"]` | `Deno.KvU64` counters of visible reviews |
 * | `["reviews", "id", reviewId]` | `[kind, entryId, keyId]` |
 * | `["reviews", "writes", keyId, "YYYY-MM-DD"]` | writes of that key that UTC day (expires after 2 days) |
 *
 * **Exact aggregates without conflicts.** A write is one `atomic()` that checks the versionstamp
 * of the author's own review (and of their write counter), sets the review and its `newest`
 * index entry, and moves the counters with `sum`: `+1` on the new star and `-1` (added as
 * 2^64 - 1: `Deno.KvU64` sums wrap around modulo 2^64) on the old one. Writes of different keys
 * touch no key another checks, so they never conflict; a conflict (the same key writing twice at
 * once, or an operator hiding it meanwhile) is read and decided again, at most
 * {@link MAX_COMMIT_ATTEMPTS} times. Each commit applies all of it or nothing: a failed KV leaves
 * the review and the counters as they were.
 *
 * **Failures** are `AppError`s: `reviews_unavailable` (503, `retryAfter` 5 s) when the KV throws
 * or keeps refusing; `rate_limited` (429) over {@link REVIEW_WRITES_PER_DAY} writes per key and
 * UTC day.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { ReviewsView } from "../catalog/user_reviews.ts";
import { CLIENT_IDS } from "../model/install.ts";
import {
  type RatingSummary,
  type Review,
  type ReviewAggregate,
  type ReviewFields,
  type ReviewKind,
  type UserReviews,
} from "../model/review.ts";

/** Review writes (creates, replacements and deletions) one API key may make per UTC day. */
export const REVIEW_WRITES_PER_DAY = 20;
/** Commit attempts of one write before it is refused with `reviews_unavailable`. */
export const MAX_COMMIT_ATTEMPTS = 8;
/** Seconds a client is told to wait when the store is unavailable (`Retry-After`). */
export const REVIEWS_RETRY_AFTER = 5;
/** How often a serving process re-reads every rating (other replicas' and the operator's writes). */
export const RATINGS_REFRESH_MS = 30_000;

const _DAY_MS = 86_400_000;
/** `-1` as a `Deno.KvU64` summand (sums wrap around modulo 2^64). */
const _MINUS = (1n << 64n) - 1n;
const _COUNTERS = ["1", "2", "3", "4", "5", "yes", "no"] as const;
type _Counter = typeof _COUNTERS[number];

/** A review as the store keeps it: the public review plus its author's key, entry and flag. */
export const StoredReview = z.object({
  id: z.string(),
  kind: z.enum(["tool", "server"]),
  entryId: z.string(),
  /** The author's API key id (`key_...`), or `imported:...` for a review imported without one. */
  keyId: z.string(),
  /** The entry's catalog key (slug or name) when the review was last written. */
  key: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  text: z.string().nullable(),
  worked: z.boolean().nullable(),
  client: z.enum(CLIENT_IDS).nullable(),
  version: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Hidden by an operator: out of the aggregates and the lists, kept for the record. */
  hidden: z.boolean(),
});
/** See {@link StoredReview}. */
export type StoredReview = z.infer<typeof StoredReview>;

/** Options of {@link ReviewStore}. */
export interface ReviewStoreOptions {
  /** Clock of review times and write-limit days (tests). */
  clock?: () => Date;
  /** Writes per key per UTC day (default {@link REVIEW_WRITES_PER_DAY}). */
  writesPerDay?: number;
}

/** What a write is about and who makes it. */
export interface ReviewTarget {
  kind: ReviewKind;
  /** Stable entry id (`entryIdOf` in `src/catalog/user_reviews.ts`). */
  entryId: string;
  /** The author's API key id. */
  keyId: string;
}

/**
 * The id of the review one key writes about one entry: `rv_` and 16 hex digits of SHA-256 of
 * `kind:entryId:keyId` (stable across replacements; it does not reveal the key id).
 *
 * @param t entry and author
 * @returns e.g. `rv_3f1c0d9a2b4e6f70`
 */
export function reviewId(t: ReviewTarget): string {
  const digest = createHash("sha256").update(`${t.kind}:${t.entryId}:${t.keyId}`).digest("hex");
  return `rv_${digest.slice(0, 16)}`;
}

/**
 * The public form of a stored review (no author, no flag).
 *
 * @param r the stored review
 * @returns the review readers see
 */
export function publicReview(r: StoredReview): Review {
  return {
    id: r.id,
    rating: r.rating,
    title: r.title,
    text: r.text,
    worked: r.worked,
    client: r.client,
    version: r.version,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/**
 * The error of a store that cannot be used: `reviews_unavailable` (503), logged once per cause.
 *
 * @param what what could not be done, e.g. `save the review`
 * @param error the cause, if any
 * @returns the error to throw
 */
export function reviewsUnavailable(what: string, error?: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error !== undefined) console.error(`[reviews] cannot ${what}: ${error}`);
  return new AppError(
    "reviews_unavailable",
    `Cannot ${what}: the review store is unavailable; nothing was changed; retry in ${REVIEWS_RETRY_AFTER} s`,
    { details: { retryAfter: REVIEWS_RETRY_AFTER } },
  );
}

/** Counts of an entry's visible reviews, read from its counters, and their newest versionstamp. */
interface _Counts {
  stars: [number, number, number, number, number];
  yes: number;
  no: number;
  versionstamp: string;
}

const _entryKey = (t: ReviewTarget) => ["reviews", "entry", t.kind, t.entryId, t.keyId];
const _idKey = (id: string) => ["reviews", "id", id];
const _countKey = (kind: ReviewKind, entryId: string, c: _Counter) => [
  "reviews",
  "count",
  kind,
  entryId,
  c,
];
const _newestKey = (r: StoredReview) => [
  "reviews",
  "newest",
  r.kind,
  r.entryId,
  Date.parse(r.updatedAt),
  r.id,
];

/** The counters a visible review adds to. */
function _countersOf(r: StoredReview | null): _Counter[] {
  if (r === null || r.hidden) return [];
  const out: _Counter[] = [String(r.rating) as _Counter];
  if (r.worked !== null) out.push(r.worked ? "yes" : "no");
  return out;
}

/** A KvU64 counter as a number (a value past 2^63 would be a negative count: 0, logged). */
function _count(value: unknown): number {
  if (!(value instanceof Deno.KvU64)) return 0;
  if (value.value >= 1n << 63n) {
    console.error(`[reviews] a counter reads ${value.value}: counted as 0`);
    return 0;
  }
  return Number(value.value);
}

/**
 * The aggregate of an entry's counts.
 *
 * @param kind tool or server (only servers have a `worked` figure)
 * @param c the counts
 * @returns count, mean (2 decimals), distribution, worked
 */
function _aggregate(kind: ReviewKind, c: _Counts): ReviewAggregate {
  const count = c.stars.reduce((a, b) => a + b, 0);
  const sum = c.stars.reduce((a, n, i) => a + n * (i + 1), 0);
  const [s1, s2, s3, s4, s5] = c.stars;
  return {
    count,
    mean: count === 0 ? null : Math.round((sum / count) * 100) / 100,
    distribution: { "1": s1, "2": s2, "3": s3, "4": s4, "5": s5 },
    worked: kind === "server" ? { yes: c.yes, of: c.yes + c.no } : null,
  };
}

/** Stores that share a KV (one per KV, so every app of a process shares one rating index). */
const _stores = new WeakMap<Deno.Kv, ReviewStore>();

/**
 * The review store of a KV, made on first use and shared after (the apps a serving process builds
 * for each catalog it swaps in keep one rating index).
 *
 * @param kv the KV (`TOOLATLAS_KV`, the same as keys and quotas)
 * @returns its store
 */
export function reviewStoreFor(kv: Deno.Kv): ReviewStore {
  let store = _stores.get(kv);
  if (!store) _stores.set(kv, store = new ReviewStore(kv));
  return store;
}

/** Users' reviews in Deno KV (see the module documentation). */
export class ReviewStore implements ReviewsView {
  #kv: Deno.Kv;
  #clock: () => Date;
  #limit: number;
  /** Rated entries by kind: entry id → rating, and the versionstamp it was read at. */
  #ratings = new Map<ReviewKind, Map<string, RatingSummary>>([
    ["tool", new Map()],
    ["server", new Map()],
  ]);
  #stamps = new Map<string, string>();
  #loading: Promise<void> | undefined;
  #failing = false;
  #version = 0;

  /**
   * @param kv the KV
   * @param options clock and write limit
   * @example
   * ```ts
   * const store = new ReviewStore(await Deno.openKv(":memory:"));
   * ```
   */
  constructor(kv: Deno.Kv, options: ReviewStoreOptions = {}) {
    this.#kv = kv;
    this.#clock = options.clock ?? (() => new Date());
    this.#limit = options.writesPerDay ?? REVIEW_WRITES_PER_DAY;
  }

  /** Writes one key may make per UTC day. */
  get writesPerDay(): number {
    return this.#limit;
  }

  /** Changes with every change of the rating index ({@link ReviewStore.ratings}). */
  get ratingsVersion(): number {
    return this.#version;
  }

  /**
   * Creates or replaces the author's review of an entry (a hidden review stays hidden). Counts
   * one write of the author's daily limit.
   *
   * @param t entry and author
   * @param key the entry's catalog key now (slug or name), kept with the review
   * @param fields the validated review
   * @returns the stored review, whether it replaced one, and the aggregate after the write
   *   (`null` if it could not be read back)
   * @throws {AppError} `rate_limited` over the daily limit; `reviews_unavailable`
   */
  async put(
    t: ReviewTarget,
    key: string,
    fields: ReviewFields,
  ): Promise<{ review: StoredReview; replaced: boolean; aggregate: ReviewAggregate | null }> {
    const { old, next, counts } = await this.#mutate(t, "save the review", true, (old, now) => ({
      id: reviewId(t),
      kind: t.kind,
      entryId: t.entryId,
      keyId: t.keyId,
      key,
      ...fields,
      createdAt: old?.createdAt ?? now,
      updatedAt: now,
      hidden: old?.hidden ?? false,
    }));
    return {
      review: next!,
      replaced: old !== null,
      aggregate: counts && _aggregate(t.kind, counts),
    };
  }

  /**
   * Deletes the author's review of an entry. Counts one write of the author's daily limit when
   * there was a review.
   *
   * @param t entry and author
   * @returns the deleted review and the aggregate after, or `undefined` when there was none
   * @throws {AppError} `rate_limited`; `reviews_unavailable`
   */
  async remove(
    t: ReviewTarget,
  ): Promise<{ review: StoredReview; aggregate: ReviewAggregate | null } | undefined> {
    const { old, counts } = await this.#mutate(
      t,
      "delete the review",
      true,
      (old) => old === null ? undefined : null,
    );
    return old === null ? undefined : {
      review: old,
      aggregate: counts && _aggregate(t.kind, counts),
    };
  }

  /**
   * Hides a review (out of the aggregates and lists) or shows it again (operator).
   *
   * @param id the review id (`rv_...`)
   * @param hidden true to hide
   * @returns the review after the change, or `undefined` for an unknown id
   * @throws {AppError} `reviews_unavailable`
   */
  async setHidden(id: string, hidden: boolean): Promise<StoredReview | undefined> {
    const target = await this.#target(id);
    if (!target) return undefined;
    const { next } = await this.#mutate(
      target,
      hidden ? "hide the review" : "show the review",
      false,
      (old) => old === null ? undefined : { ...old, hidden },
    );
    return next ?? undefined;
  }

  /**
   * Writes a review as it is, times and flag included, without counting a write (imports and
   * restores).
   *
   * @param r the review (its `id` is recomputed from entry and key)
   * @returns `added` or `replaced`
   * @throws {AppError} `reviews_unavailable`
   */
  async restore(r: StoredReview): Promise<"added" | "replaced"> {
    const { old } = await this.#mutate(
      r,
      "import the review",
      false,
      () => ({ ...r, id: reviewId(r) }),
    );
    return old === null ? "added" : "replaced";
  }

  /**
   * One review by id (operator).
   *
   * @param id `rv_...`
   * @returns the review, or `undefined`
   * @throws {AppError} `reviews_unavailable`
   */
  async byId(id: string): Promise<StoredReview | undefined> {
    const target = await this.#target(id);
    if (!target) return undefined;
    try {
      const entry = await this.#kv.get<StoredReview>(_entryKey(target));
      return entry.value ?? undefined;
    } catch (error) {
      throw reviewsUnavailable("read the review", error);
    }
  }

  /**
   * The author's review of an entry.
   *
   * @param t entry and author
   * @returns the review, or `undefined`
   * @throws {AppError} `reviews_unavailable`
   */
  async get(t: ReviewTarget): Promise<StoredReview | undefined> {
    try {
      return (await this.#kv.get<StoredReview>(_entryKey(t))).value ?? undefined;
    } catch (error) {
      throw reviewsUnavailable("read the review", error);
    }
  }

  /**
   * Every stored review, hidden ones included, in key order (entry by entry).
   *
   * @param filter only one kind, or one entry of it
   * @returns the reviews
   * @throws {AppError} `reviews_unavailable`
   */
  async *list(
    filter: { kind?: ReviewKind; entryId?: string } = {},
  ): AsyncGenerator<StoredReview> {
    const prefix: Deno.KvKeyPart[] = ["reviews", "entry"];
    if (filter.kind) prefix.push(filter.kind);
    if (filter.kind && filter.entryId) prefix.push(filter.entryId);
    try {
      for await (const e of this.#kv.list<StoredReview>({ prefix }, { batchSize: 200 })) {
        yield e.value;
      }
    } catch (error) {
      throw reviewsUnavailable("list the reviews", error);
    }
  }

  /**
   * The aggregate of an entry's visible reviews (read from the KV: exact).
   *
   * @param kind tool or server
   * @param entryId the entry's stable id
   * @returns the aggregate
   * @throws {Error} when the KV cannot be read
   */
  async aggregate(kind: ReviewKind, entryId: string): Promise<ReviewAggregate> {
    return _aggregate(kind, await this.#counts(kind, entryId));
  }

  /**
   * The newest visible reviews of an entry, newest first.
   *
   * @param kind tool or server
   * @param entryId the entry's stable id
   * @param limit how many
   * @returns the reviews
   * @throws {Error} when the KV cannot be read
   */
  async newest(kind: ReviewKind, entryId: string, limit: number): Promise<Review[]> {
    if (limit <= 0) return [];
    const out: Review[] = [];
    const it = this.#kv.list<Review>({ prefix: ["reviews", "newest", kind, entryId] }, {
      reverse: true,
      limit,
    });
    for await (const e of it) out.push(e.value);
    return out;
  }

  /**
   * The aggregate and newest reviews of an entry (what details show), read in parallel.
   *
   * @param kind tool or server
   * @param entryId the entry's stable id
   * @param newest how many of the newest reviews
   * @returns the users' reviews
   * @throws {Error} when the KV cannot be read
   */
  async userReviews(kind: ReviewKind, entryId: string, newest: number): Promise<UserReviews> {
    const [counts, list] = await Promise.all([
      this.#counts(kind, entryId),
      this.newest(kind, entryId, newest),
    ]);
    this.#note(kind, entryId, counts);
    return { source: "toolatlas users", aggregate: _aggregate(kind, counts), newest: list };
  }

  /**
   * Writes a key made today (UTC).
   *
   * @param keyId the API key id
   * @returns the count
   * @throws {AppError} `reviews_unavailable`
   */
  async writesToday(keyId: string): Promise<number> {
    try {
      const e = await this.#kv.get<number>(this.#writesKey(keyId, this.#clock()));
      return e.value ?? 0;
    } catch (error) {
      throw reviewsUnavailable("read the write count", error);
    }
  }

  /**
   * Every rated entry of a kind with its rating, from memory (read whole on first use, kept
   * exact for this process's writes; {@link ReviewStore.refreshRatings} reads others').
   *
   * @param kind tool or server
   * @returns entry id → rating (shared: do not change it)
   */
  async ratings(kind: ReviewKind): Promise<ReadonlyMap<string, RatingSummary>> {
    this.#loading ??= this.refreshRatings().then(() => {
      this.#failing = false;
    }, (error) => {
      // Tried again at the next search; logged once per outage.
      this.#loading = undefined;
      if (!this.#failing) console.error(`[reviews] cannot read the ratings: ${error}`);
      this.#failing = true;
    });
    await this.#loading;
    return this.#ratings.get(kind)!;
  }

  /**
   * Reads every counter again and takes what changed since (writes of other replicas and of the
   * operator's command line); a count read at an older versionstamp than the one held is kept.
   *
   * @throws {Error} when the KV cannot be read
   */
  async refreshRatings(): Promise<void> {
    const read = new Map<string, { kind: ReviewKind; entryId: string; counts: _Counts }>();
    for await (const e of this.#kv.list({ prefix: ["reviews", "count"] }, { batchSize: 500 })) {
      const [, , kind, entryId, counter] = e.key as [string, string, ReviewKind, string, _Counter];
      const id = `${kind}\u0000${entryId}`;
      let r = read.get(id);
      if (!r) {
        read.set(
          id,
          r = {
            kind,
            entryId,
            counts: { stars: [0, 0, 0, 0, 0], yes: 0, no: 0, versionstamp: "" },
          },
        );
      }
      _addCounter(r.counts, counter, _count(e.value), e.versionstamp);
    }
    for (const r of read.values()) this.#note(r.kind, r.entryId, r.counts);
  }

  /**
   * Re-reads every rating each `ms` milliseconds until stopped (a serving process; the timer
   * does not keep the process alive).
   *
   * @param ms interval (default {@link RATINGS_REFRESH_MS})
   * @returns a function that stops it
   */
  startRefresh(ms: number = RATINGS_REFRESH_MS): () => void {
    const timer = setInterval(() => {
      this.refreshRatings().catch((error) =>
        console.error(`[reviews] cannot refresh the ratings: ${error}`)
      );
    }, ms);
    Deno.unrefTimer(timer);
    return () => clearInterval(timer);
  }

  // ---------------------------------------------------------------- internals

  #writesKey(keyId: string, now: Date): Deno.KvKey {
    return ["reviews", "writes", keyId, now.toISOString().slice(0, 10)];
  }

  async #target(id: string): Promise<ReviewTarget | undefined> {
    try {
      const e = await this.#kv.get<[ReviewKind, string, string]>(_idKey(id));
      if (!e.value) return undefined;
      const [kind, entryId, keyId] = e.value;
      return { kind, entryId, keyId };
    } catch (error) {
      throw reviewsUnavailable("find the review", error);
    }
  }

  async #counts(kind: ReviewKind, entryId: string): Promise<_Counts> {
    const entries = await this.#kv.getMany(_COUNTERS.map((c) => _countKey(kind, entryId, c)));
    const counts: _Counts = { stars: [0, 0, 0, 0, 0], yes: 0, no: 0, versionstamp: "" };
    entries.forEach((e, i) => _addCounter(counts, _COUNTERS[i]!, _count(e.value), e.versionstamp));
    return counts;
  }

  /** Takes counts into the rating index unless it holds a newer reading. */
  #note(kind: ReviewKind, entryId: string, counts: _Counts): void {
    const id = `${kind}\u0000${entryId}`;
    const held = this.#stamps.get(id);
    if (held !== undefined && held > counts.versionstamp) return;
    if (held === undefined && counts.versionstamp === "") return;
    this.#stamps.set(id, counts.versionstamp);
    const agg = _aggregate(kind, counts);
    const map = this.#ratings.get(kind)!;
    const before = map.get(entryId);
    if (agg.count === 0) {
      if (!before) return;
      map.delete(entryId);
    } else {
      if (before?.count === agg.count && before.mean === agg.mean) return;
      map.set(entryId, { mean: agg.mean!, count: agg.count });
    }
    this.#version++;
  }

  /**
   * One write: reads the author's review (and write count), lets `change` decide the new state
   * (`undefined`: nothing to do; `null`: delete), commits it with the counter moves, retrying on
   * conflicts. Returns the old and new review and the counts read back after the commit.
   */
  async #mutate(
    t: ReviewTarget,
    what: string,
    countWrite: boolean,
    change: (old: StoredReview | null, now: string) => StoredReview | null | undefined,
  ): Promise<{ old: StoredReview | null; next: StoredReview | null; counts: _Counts | null }> {
    for (let attempt = 1; attempt <= MAX_COMMIT_ATTEMPTS; attempt++) {
      const now = this.#clock();
      const writesKey = this.#writesKey(t.keyId, now);
      let current: Deno.KvEntryMaybe<StoredReview>;
      let writes: Deno.KvEntryMaybe<number> | undefined;
      try {
        [current, writes] = countWrite
          ? await this.#kv.getMany<[StoredReview, number]>([_entryKey(t), writesKey])
          : [await this.#kv.get<StoredReview>(_entryKey(t)), undefined];
      } catch (error) {
        throw reviewsUnavailable(what, error);
      }
      const old = current.value;
      const next = change(old, now.toISOString());
      if (next === undefined) return { old, next: old, counts: null };
      const used = writes?.value ?? 0;
      if (countWrite && used >= this.#limit) throw this.#overLimit(now);
      const op = this.#kv.atomic().check(current);
      if (writes) {
        op.check(writes).set(writesKey, used + 1, {
          expireIn: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) +
            2 * _DAY_MS - now.getTime(),
        });
      }
      if (next === null) op.delete(_entryKey(t)).delete(_idKey(reviewId(t)));
      else op.set(_entryKey(t), next).set(_idKey(next.id), [t.kind, t.entryId, t.keyId]);
      const added = next && !next.hidden ? _newestKey(next) : undefined;
      if (old && !old.hidden) {
        const removed = _newestKey(old);
        if (added === undefined || JSON.stringify(removed) !== JSON.stringify(added)) {
          op.delete(removed);
        }
      }
      if (added) op.set(added, publicReview(next!));
      const delta = new Map<_Counter, number>();
      for (const c of _countersOf(old)) delta.set(c, (delta.get(c) ?? 0) - 1);
      for (const c of _countersOf(next)) delta.set(c, (delta.get(c) ?? 0) + 1);
      for (const [c, d] of delta) {
        if (d !== 0) op.sum(_countKey(t.kind, t.entryId, c), d > 0 ? BigInt(d) : _MINUS);
      }
      let result: Deno.KvCommitResult | Deno.KvCommitError;
      try {
        result = await op.commit();
      } catch (error) {
        throw reviewsUnavailable(what, error);
      }
      if (result.ok) {
        let counts: _Counts | null = null;
        try {
          counts = await this.#counts(t.kind, t.entryId);
          this.#note(t.kind, t.entryId, counts);
        } catch (error) {
          console.error(`[reviews] saved, but cannot read the counts back: ${error}`);
        }
        return { old, next, counts };
      }
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
    throw reviewsUnavailable(`${what} (${MAX_COMMIT_ATTEMPTS} conflicting attempts)`);
  }

  #overLimit(now: Date): AppError {
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + _DAY_MS;
    const retryAfter = Math.max(1, Math.ceil((next - now.getTime()) / 1000));
    return new AppError(
      "rate_limited",
      `An API key may write ${this.#limit} reviews per UTC day (creates, replacements and deletions); retry in ${retryAfter} s`,
      { details: { retryAfter, limit: this.#limit, window: "day" } },
    );
  }
}

/** Adds one counter's value to counts, keeping the newest versionstamp. */
function _addCounter(counts: _Counts, counter: _Counter, n: number, versionstamp: string | null) {
  if (counter === "yes") counts.yes = n;
  else if (counter === "no") counts.no = n;
  else counts.stars[Number(counter) - 1] = n;
  if (versionstamp !== null && versionstamp > counts.versionstamp) {
    counts.versionstamp = versionstamp;
  }
}
