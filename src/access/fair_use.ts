/**
 * The fair-use limiter: a per-client token bucket for the requests the quotas do not count (site
 * searches, MCP `initialize`, `tools/list`, `ping` and notifications, `/api/v1/health`), so that
 * no client can make the server work without bound for free.
 *
 * Each subject (the quota subject: client IP, IPv6 per /64, or API key id) has a bucket of
 * {@link FairUseOptions.burst} tokens, refilled continuously at {@link FairUseOptions.ratePerSecond}.
 * A request takes its cost in tokens (one per uncounted JSON-RPC message); with too few left it is
 * refused with 429 `rate_limited` and a `Retry-After` of the seconds until enough tokens are back.
 *
 * A subject has one bucket per scope: {@link FairUseScope} `requests` for uncounted requests (site
 * pages and searches, MCP messages, health), `key_failures` for requests whose API key turned out
 * malformed, unknown or revoked (each costs a hash and a KV read), so a client that keeps sending
 * bad keys is refused before that work while its own pages and searches stay allowed.
 *
 * Buckets live in process memory: each replica limits on its own (this is fair use, not billing).
 * Memory is bounded: past {@link FairUseOptions.maxSubjects} subjects, full buckets (identical to
 * a new one) are dropped first, then the least recently used.
 *
 * @module
 */
import { AppError } from "../errors.ts";
import type { Subject } from "./quota.ts";

/** Limiter settings. */
export interface FairUseOptions {
  /** Bucket size: uncounted requests a client may send at once. */
  burst: number;
  /** Tokens added per second (sustained uncounted requests per second). */
  ratePerSecond: number;
  /** Subjects kept in memory before the oldest are dropped. */
  maxSubjects: number;
}

/**
 * Default settings: a burst of 60 uncounted requests, refilled at 1 per second (3,600 an hour).
 * An MCP client session needs 3 (`initialize`, `notifications/initialized`, `tools/list`), a
 * person searching the site far fewer than one a second.
 */
export const DEFAULT_FAIR_USE: Readonly<FairUseOptions> = {
  burst: 60,
  ratePerSecond: 1,
  maxSubjects: 100_000,
};

/** Which bucket of a subject a cost is taken from (see the module comment). */
export type FairUseScope = "requests" | "key_failures";

/** Outcome of {@link FairUseLimiter.take}. */
export interface FairUseDecision {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until the refused cost would fit (0 when allowed). */
  retryAfter: number;
}

interface _Bucket {
  tokens: number;
  /** Time of the last refill, ms. */
  at: number;
}

/** Token buckets per subject, in memory. */
export class FairUseLimiter {
  readonly options: Readonly<FairUseOptions>;
  #buckets = new Map<string, _Bucket>();
  #now: () => number;

  /**
   * @param options burst, rate and memory bound (defaults: {@link DEFAULT_FAIR_USE})
   * @param now the current time in ms (injectable for tests)
   * @throws {RangeError} for a burst below 1 or a rate that is not positive
   */
  constructor(options: Partial<FairUseOptions> = {}, now: () => number = () => performance.now()) {
    this.options = { ...DEFAULT_FAIR_USE, ...options };
    if (!(this.options.burst >= 1) || !(this.options.ratePerSecond > 0)) {
      throw new RangeError(
        `Cannot build a fair-use limiter with burst ${this.options.burst} and rate ${this.options.ratePerSecond}: ` +
          "give a burst of at least 1 and a positive rate",
      );
    }
    this.#now = now;
  }

  /** Subjects currently held in memory. */
  get size(): number {
    return this.#buckets.size;
  }

  /**
   * Takes `cost` tokens from the subject's bucket if it holds that many.
   *
   * @param subject who asks
   * @param cost tokens wanted, at least 1 (capped at the burst, so any request can pass once the
   *   bucket is full)
   * @param scope which of the subject's buckets (default `requests`)
   * @returns the decision
   */
  take(subject: Subject, cost = 1, scope: FairUseScope = "requests"): FairUseDecision {
    return this.#decide(subject, cost, scope, true);
  }

  /**
   * Whether `cost` tokens would be granted now, without taking them (a request that only costs
   * something when it fails, such as one with an API key, asks this first).
   *
   * @param subject who asks
   * @param cost tokens that would be taken
   * @param scope which of the subject's buckets (default `requests`)
   * @returns the decision {@link take} would give, with nothing taken
   */
  peek(subject: Subject, cost = 1, scope: FairUseScope = "requests"): FairUseDecision {
    return this.#decide(subject, cost, scope, false);
  }

  #decide(subject: Subject, cost: number, scope: FairUseScope, take: boolean): FairUseDecision {
    const { burst, ratePerSecond } = this.options;
    const want = Math.min(burst, Math.max(1, Math.ceil(cost)));
    const id = `${scope}\u0000${subject.kind}\u0000${subject.id}`;
    const now = this.#now();
    let bucket = this.#buckets.get(id);
    if (bucket) {
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
      bucket.at = now;
      // Most recently used last, for eviction.
      this.#buckets.delete(id);
    } else {
      this.#evict(now);
      bucket = { tokens: burst, at: now };
    }
    this.#buckets.set(id, bucket);
    if (bucket.tokens >= want) {
      if (take) bucket.tokens -= want;
      return { allowed: true, remaining: Math.floor(bucket.tokens), retryAfter: 0 };
    }
    return {
      allowed: false,
      remaining: Math.floor(bucket.tokens),
      retryAfter: Math.max(1, Math.ceil((want - bucket.tokens) / ratePerSecond)),
    };
  }

  /**
   * {@link take}, throwing when refused.
   *
   * @param subject who asks
   * @param cost tokens wanted
   * @param scope which of the subject's buckets (default `requests`)
   * @throws {AppError} `rate_limited` with `retryAfter` (seconds) in its details
   */
  enforce(subject: Subject, cost = 1, scope: FairUseScope = "requests"): void {
    const decision = this.take(subject, cost, scope);
    if (!decision.allowed) throw this.refusal(decision, scope);
  }

  /**
   * The 429 of a refused decision.
   *
   * @param decision a decision with `allowed: false`
   * @param scope the bucket that refused
   * @returns `rate_limited` with `retryAfter` (seconds), `policy: "fair-use"` and the bucket's
   *   burst and rate in its details
   */
  refusal(decision: FairUseDecision, scope: FairUseScope = "requests"): AppError {
    const { burst, ratePerSecond } = this.options;
    const what = scope === "key_failures"
      ? "requests with an invalid API key from one client"
      : "requests that the quota does not count";
    return new AppError(
      "rate_limited",
      `Over the fair-use limit of ${what} (a burst of ${burst}, then ${ratePerSecond} per ` +
        `second); retry in ${decision.retryAfter} s`,
      { details: { retryAfter: decision.retryAfter, policy: "fair-use", burst, ratePerSecond } },
    );
  }

  /**
   * Makes room for new subjects once {@link FairUseOptions.maxSubjects} are held: frees a tenth of
   * the room (so the sweep runs once per that many new subjects), dropping full buckets first,
   * then the least recently used.
   */
  #evict(now: number): void {
    const { burst, ratePerSecond, maxSubjects } = this.options;
    if (this.#buckets.size < maxSubjects) return;
    const target = maxSubjects - Math.max(1, Math.floor(maxSubjects / 10));
    for (const [id, b] of this.#buckets) {
      if (b.tokens + ((now - b.at) / 1000) * ratePerSecond >= burst) this.#buckets.delete(id);
    }
    for (const id of this.#buckets.keys()) {
      if (this.#buckets.size <= target) break;
      this.#buckets.delete(id);
    }
  }
}
