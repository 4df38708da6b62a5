/**
 * Exact request quotas in Deno KV, per day and per month, safe under concurrency and across
 * replicas that share one KV.
 *
 * Counters are `Deno.KvU64` values under tuple keys
 * `["quota", "ip" | "key", subjectId, "day" | "month", bucket]` (bucket `2026-11-22` or `2026-11`,
 * UTC); a counter of another meter (the registry API's allowance) uses its own first key part,
 * `["registry_quota", …]`.
 *
 * - **One commit per burst, not per request.** Within a process, the requests of one subject
 *   queue behind each other: while one commit is in flight, the requests that arrive meanwhile
 *   wait, and the next round decides all of them against one read of both counters and writes the
 *   new totals in one `atomic().check(day).check(month).set(...)`. So n concurrent requests cost
 *   a handful of KV round trips instead of about n²/2 conflicting retries, and the counts stay
 *   exact: the decisions of a round are taken in arrival order against the counters as read, and
 *   are released only once their commit succeeded.
 * - **Across replicas** the versionstamp checks make a concurrent change fail the commit; the
 *   round is then read and decided again (at most {@link MAX_ATTEMPTS} times, with jittered
 *   backoff), so no increment is lost and no limit is overshot.
 * - **Buckets expire.** Every write is a `set(..., { expireIn })` of the new total, never a `sum`:
 *   a KV `sum` on a key that was set with `expireIn` resets its expiry to none (observed on Deno
 *   2.9's SQLite-backed KV: `expiration_ms` goes back to -1), so counters written with `sum` would
 *   live forever. The expiry is fixed per bucket, counted from the bucket's start: day buckets
 *   {@link DAY_BUCKET_TTL_MS} (30 days of history are shown), month buckets
 *   {@link MONTH_BUCKET_TTL_MS}.
 * - **Failures are an {@link AppError}** `quota_unavailable` (503, `retryAfter` in its details):
 *   the KV failing or refusing every attempt; never an uncaught error.
 *
 * @module
 */
import { AppError } from "../errors.ts";

/** Who is counted: a client IP (free tier; IPv6 per /64) or an API key id. */
export interface Subject {
  kind: "ip" | "key";
  id: string;
}

/** Limits of the subject's tier. */
export interface Limits {
  perDay: number;
  perMonth: number;
}

/** State of one window after (or without) counting a request. */
export interface WindowState {
  window: "day" | "month";
  limit: number;
  used: number;
  remaining: number;
  /** When the window resets (00:00 UTC; the 1st of the month for months). */
  resetAt: Date;
  /** Whole seconds until the reset, at least 1. */
  resetSeconds: number;
  /** Length of a full window, seconds (86,400 or the month's length). */
  windowSeconds: number;
}

/** The outcome of {@link QuotaCounter.consume} or {@link QuotaCounter.peek}. */
export interface QuotaDecision {
  allowed: boolean;
  day: WindowState;
  month: WindowState;
  /** The window that refused the request (the one resetting last, when both are full). */
  blockedBy?: "day" | "month";
  /** Seconds to wait: until the reset of the blocking window. */
  retryAfter?: number;
}

const DAY_MS = 86_400_000;
/** Day buckets live this long (30 days of history shown, plus margin). */
export const DAY_BUCKET_TTL_MS = 35 * DAY_MS;
/** Month buckets live this long. */
export const MONTH_BUCKET_TTL_MS = 62 * DAY_MS;
/** Commit attempts of one round before giving up (conflicts come only from other replicas). */
export const MAX_ATTEMPTS = 20;
/** Most requests decided in one round (the rest wait for the next). */
const MAX_ROUND = 1000;
/** `retryAfter` (seconds) of a `quota_unavailable` error. */
export const UNAVAILABLE_RETRY_AFTER = 5;

let _lastLog = -Infinity;
let _suppressed = 0;

/** Logs a KV failure, at most once every 10 s (an outage fails every request). */
function _logFailure(message: string): void {
  const now = performance.now();
  if (now - _lastLog < 10_000) {
    _suppressed++;
    return;
  }
  console.error(
    `[quota] ${message}${_suppressed > 0 ? ` (${_suppressed} similar failures not shown)` : ""}`,
  );
  _lastLog = now;
  _suppressed = 0;
}

/**
 * Maps a KV failure to `quota_unavailable` (an {@link AppError} passes through).
 *
 * @param error the thrown value
 * @param what what could not be done, e.g. `count the request`
 * @returns the error to throw
 */
export function quotaUnavailable(error: unknown, what: string): AppError {
  if (error instanceof AppError) return error;
  _logFailure(`Cannot ${what}: ${error instanceof Error ? error.message : String(error)}`);
  return new AppError(
    "quota_unavailable",
    `Cannot ${what}: the quota store is unavailable; retry in ${UNAVAILABLE_RETRY_AFTER} s`,
    { details: { retryAfter: UNAVAILABLE_RETRY_AFTER } },
  );
}

/** UTC day bucket, e.g. `2026-11-22`. */
export function dayBucket(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** UTC month bucket, e.g. `2026-11`. */
export function monthBucket(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** Start of the current day or month bucket, ms since the epoch (UTC). */
function _bucketStart(window: "day" | "month", now: Date): number {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return window === "day" ? Date.UTC(y, m, now.getUTCDate()) : Date.UTC(y, m, 1);
}

/**
 * The `expireIn` (ms) of a bucket written at `now`: the bucket lives `ttl` from its start, so
 * every write of it sets the same expiry.
 *
 * @param window `day` or `month`
 * @param now the current time
 * @returns milliseconds, at least one minute
 */
export function bucketExpireIn(window: "day" | "month", now: Date): number {
  const ttl = window === "day" ? DAY_BUCKET_TTL_MS : MONTH_BUCKET_TTL_MS;
  return Math.max(60_000, _bucketStart(window, now) + ttl - now.getTime());
}

function _window(window: "day" | "month", limit: number, used: number, now: Date): WindowState {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const start = _bucketStart(window, now);
  const resetAt = new Date(
    window === "day" ? start + DAY_MS : Date.UTC(y, m + 1, 1),
  );
  return {
    window,
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resetAt,
    resetSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
    windowSeconds: Math.round((resetAt.getTime() - start) / 1000),
  };
}

/** A request waiting for its round. */
interface _Waiter {
  limits: Limits;
  resolve: (decision: QuotaDecision) => void;
  reject: (error: unknown) => void;
}

/** Counts requests per subject in a Deno KV. */
export class QuotaCounter {
  #kv: Deno.Kv;
  #clock: () => Date;
  #prefix: string;
  /** Waiting requests per subject; an entry exists while that subject's rounds run. */
  #queues = new Map<string, _Waiter[]>();

  /**
   * @param kv an open Deno KV (shared by every replica for exact global limits)
   * @param clock the current time (injectable for tests)
   * @param prefix first part of every key: `quota` (the API quota), `registry_quota` (the
   *   registry API's allowance)
   */
  constructor(kv: Deno.Kv, clock: () => Date = () => new Date(), prefix = "quota") {
    this.#kv = kv;
    this.#clock = clock;
    this.#prefix = prefix;
  }

  #keys(subject: Subject, now: Date): [Deno.KvKey, Deno.KvKey] {
    return [
      [this.#prefix, subject.kind, subject.id, "day", dayBucket(now)],
      [this.#prefix, subject.kind, subject.id, "month", monthBucket(now)],
    ];
  }

  #decide(limits: Limits, dayUsed: number, monthUsed: number, now: Date, allowed: boolean) {
    const day = _window("day", limits.perDay, dayUsed, now);
    const month = _window("month", limits.perMonth, monthUsed, now);
    const decision: QuotaDecision = { allowed, day, month };
    if (!allowed) {
      const dayFull = day.used >= day.limit;
      const monthFull = month.used >= month.limit;
      const blockedBy = monthFull && (!dayFull || month.resetSeconds >= day.resetSeconds)
        ? "month"
        : "day";
      decision.blockedBy = blockedBy;
      decision.retryAfter = blockedBy === "day" ? day.resetSeconds : month.resetSeconds;
    }
    return decision;
  }

  /**
   * Counts one request if both windows have room.
   *
   * @param subject who is counted
   * @param limits the subject's tier limits
   * @returns the decision with both windows' state after counting
   * @throws {AppError} `quota_unavailable` when the KV fails or keeps refusing the commit
   */
  consume(subject: Subject, limits: Limits): Promise<QuotaDecision> {
    const id = `${subject.kind}\u0000${subject.id}`;
    return new Promise((resolve, reject) => {
      const waiter = { limits, resolve, reject };
      const queue = this.#queues.get(id);
      if (queue) {
        queue.push(waiter);
        return;
      }
      const fresh = [waiter];
      this.#queues.set(id, fresh);
      void this.#drain(id, subject, fresh);
    });
  }

  /** Runs rounds for one subject until nobody waits, then forgets the subject. */
  async #drain(id: string, subject: Subject, queue: _Waiter[]): Promise<void> {
    try {
      while (queue.length > 0) {
        const round = queue.splice(0, MAX_ROUND);
        try {
          const decisions = await this.#round(subject, round.map((w) => w.limits));
          round.forEach((w, i) => w.resolve(decisions[i]!));
        } catch (error) {
          const failure = quotaUnavailable(
            error,
            `count the request of ${subject.kind} ${subject.id}`,
          );
          for (const w of round) w.reject(failure);
        }
      }
    } finally {
      // No await between the empty check and this line: a request arriving now starts a new drain.
      this.#queues.delete(id);
    }
  }

  /**
   * Decides one round of requests (in arrival order) against one read of both counters and
   * commits the new totals.
   */
  async #round(subject: Subject, round: Limits[]): Promise<QuotaDecision[]> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const now = this.#clock();
      const [dayKey, monthKey] = this.#keys(subject, now);
      const [day, month] = await this.#kv.getMany<[Deno.KvU64, Deno.KvU64]>([dayKey, monthKey]);
      let dayUsed = Number(day.value?.value ?? 0n);
      let monthUsed = Number(month.value?.value ?? 0n);
      let counted = 0;
      const decisions = round.map((limits) => {
        if (dayUsed >= limits.perDay || monthUsed >= limits.perMonth) {
          return this.#decide(limits, dayUsed, monthUsed, now, false);
        }
        counted++;
        return this.#decide(limits, ++dayUsed, ++monthUsed, now, true);
      });
      if (counted === 0) return decisions;
      const result = await this.#kv.atomic().check(day).check(month)
        .set(dayKey, new Deno.KvU64(BigInt(dayUsed)), { expireIn: bucketExpireIn("day", now) })
        .set(monthKey, new Deno.KvU64(BigInt(monthUsed)), {
          expireIn: bucketExpireIn("month", now),
        })
        .commit();
      if (result.ok) return decisions;
      // Another replica counted meanwhile: back off a little and decide the round again.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
    }
    throw new AppError(
      "quota_unavailable",
      `Cannot count the request of ${subject.kind} ${subject.id}: the quota store is too busy; ` +
        `retry in ${UNAVAILABLE_RETRY_AFTER} s`,
      { details: { retryAfter: UNAVAILABLE_RETRY_AFTER } },
    );
  }

  /**
   * The current state without counting (for requests that are not counted, e.g. MCP `initialize`).
   *
   * @param subject who is asking
   * @param limits the subject's tier limits
   * @returns the decision (`allowed` says whether a counted request would pass)
   * @throws {AppError} `quota_unavailable` when the KV fails
   */
  async peek(subject: Subject, limits: Limits): Promise<QuotaDecision> {
    const now = this.#clock();
    let entries;
    try {
      entries = await this.#kv.getMany<[Deno.KvU64, Deno.KvU64]>(this.#keys(subject, now));
    } catch (error) {
      throw quotaUnavailable(error, `read the quota of ${subject.kind} ${subject.id}`);
    }
    const [day, month] = entries;
    const dayUsed = Number(day.value?.value ?? 0n);
    const monthUsed = Number(month.value?.value ?? 0n);
    const allowed = dayUsed < limits.perDay && monthUsed < limits.perMonth;
    return this.#decide(limits, dayUsed, monthUsed, now, allowed);
  }

  /**
   * Requests per UTC day for the last `days` days, oldest first (days without requests are 0).
   *
   * @param subject who
   * @param days how many days, today included (default 30)
   * @returns `{date, requests}` per day
   * @throws {AppError} `quota_unavailable` when the KV fails
   */
  async history(subject: Subject, days = 30): Promise<{ date: string; requests: number }[]> {
    const now = this.#clock().getTime();
    const dates = Array.from(
      { length: days },
      (_, i) => dayBucket(new Date(now - (days - 1 - i) * DAY_MS)),
    );
    const counts = new Map<string, number>();
    try {
      const prefix = [this.#prefix, subject.kind, subject.id, "day"];
      for await (const e of this.#kv.list<Deno.KvU64>({ prefix })) {
        counts.set(String(e.key[4]), Number(e.value.value));
      }
    } catch (error) {
      throw quotaUnavailable(error, `read the usage history of ${subject.kind} ${subject.id}`);
    }
    return dates.map((date) => ({ date, requests: counts.get(date) ?? 0 }));
  }
}
