/**
 * Exact request quotas in Deno KV, per day and per month, safe under concurrency and across
 * replicas that share one KV.
 *
 * Counters are `Deno.KvU64` values under tuple keys
 * `["quota", "ip" | "key", subjectId, "day" | "month", bucket]` (bucket `2026-11-22` or `2026-11`,
 * UTC). A request reads both counters, refuses when either is at its limit, and otherwise commits
 * `atomic().check(day).check(month).sum(...)`: a concurrent change to either counter fails the
 * check and the request retries, so no increment is lost and no limit is overshot. A new bucket is
 * created with `set(..., { expireIn })` (a `sum` cannot carry an expiry), so old buckets disappear
 * on their own: day buckets after 35 days (30 days of history are shown), month buckets after 62.
 *
 * @module
 */

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
/** Commit attempts before giving up under extreme contention. */
const MAX_ATTEMPTS = 200;

/** UTC day bucket, e.g. `2026-11-22`. */
export function dayBucket(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** UTC month bucket, e.g. `2026-11`. */
export function monthBucket(now: Date): string {
  return now.toISOString().slice(0, 7);
}

function _window(window: "day" | "month", limit: number, used: number, now: Date): WindowState {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const start = window === "day" ? Date.UTC(y, m, now.getUTCDate()) : Date.UTC(y, m, 1);
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

/** Counts requests per subject in a Deno KV. */
export class QuotaCounter {
  #kv: Deno.Kv;
  #clock: () => Date;

  /**
   * @param kv an open Deno KV (shared by every replica for exact global limits)
   * @param clock the current time (injectable for tests)
   */
  constructor(kv: Deno.Kv, clock: () => Date = () => new Date()) {
    this.#kv = kv;
    this.#clock = clock;
  }

  #keys(subject: Subject, now: Date): [Deno.KvKey, Deno.KvKey] {
    return [
      ["quota", subject.kind, subject.id, "day", dayBucket(now)],
      ["quota", subject.kind, subject.id, "month", monthBucket(now)],
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
   * @throws {Error} when the KV keeps refusing the commit after many attempts
   */
  async consume(subject: Subject, limits: Limits): Promise<QuotaDecision> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const now = this.#clock();
      const [dayKey, monthKey] = this.#keys(subject, now);
      const [day, month] = await this.#kv.getMany<[Deno.KvU64, Deno.KvU64]>([dayKey, monthKey]);
      const dayUsed = Number(day.value?.value ?? 0n);
      const monthUsed = Number(month.value?.value ?? 0n);
      if (dayUsed >= limits.perDay || monthUsed >= limits.perMonth) {
        return this.#decide(limits, dayUsed, monthUsed, now, false);
      }
      let op = this.#kv.atomic().check(day).check(month);
      op = day.versionstamp === null
        ? op.set(dayKey, new Deno.KvU64(1n), { expireIn: DAY_BUCKET_TTL_MS })
        : op.sum(dayKey, 1n);
      op = month.versionstamp === null
        ? op.set(monthKey, new Deno.KvU64(1n), { expireIn: MONTH_BUCKET_TTL_MS })
        : op.sum(monthKey, 1n);
      if ((await op.commit()).ok) {
        return this.#decide(limits, dayUsed + 1, monthUsed + 1, now, true);
      }
      // Lost a race with a concurrent request: back off a little and read again.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 1 + attempt)));
    }
    throw new Error(`Cannot count the request of ${subject.kind} ${subject.id}: KV contention`);
  }

  /**
   * The current state without counting (for requests that are not counted, e.g. MCP `initialize`).
   *
   * @param subject who is asking
   * @param limits the subject's tier limits
   * @returns the decision (`allowed` says whether a counted request would pass)
   */
  async peek(subject: Subject, limits: Limits): Promise<QuotaDecision> {
    const now = this.#clock();
    const [day, month] = await this.#kv.getMany<[Deno.KvU64, Deno.KvU64]>(this.#keys(subject, now));
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
   */
  async history(subject: Subject, days = 30): Promise<{ date: string; requests: number }[]> {
    const now = this.#clock().getTime();
    const dates = Array.from(
      { length: days },
      (_, i) => dayBucket(new Date(now - (days - 1 - i) * DAY_MS)),
    );
    const counts = new Map<string, number>();
    for await (
      const e of this.#kv.list<Deno.KvU64>({ prefix: ["quota", subject.kind, subject.id, "day"] })
    ) counts.set(String(e.key[4]), Number(e.value.value));
    return dates.map((date) => ({ date, requests: counts.get(date) ?? 0 }));
  }
}
