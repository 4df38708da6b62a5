/**
 * Access control use cases: who is calling (tier, quota subject) and how much they have used.
 *
 * @module
 */
import { AppError } from "../errors.ts";
import { type ApiKeyRecord, KeyStore } from "./keys.ts";
import { QuotaCounter, type QuotaDecision, quotaUnavailable, type Subject } from "./quota.ts";
import { FairUseLimiter, type FairUseOptions } from "./fair_use.ts";
import {
  clientAddress,
  parseTrustedProxies,
  subjectIdOf,
  type TrustedProxies,
} from "./client_ip.ts";
import { loadTiers, type Tier, type TierName } from "./tiers.ts";

/** Everything access control needs, opened once per process. */
export interface Access {
  kv: Deno.Kv;
  keys: KeyStore;
  quota: QuotaCounter;
  /** The MCP Registry API's own allowance per tier (`Tier.registry`), counted apart. */
  registryQuota: QuotaCounter;
  tiers: Record<TierName, Tier>;
  trusted: TrustedProxies;
  /** Token buckets for the requests the quotas do not count. */
  fairUse: FairUseLimiter;
}

/** Options of {@link openAccess}. */
export interface AccessOptions {
  /** KV location: a file path, `:memory:`, or a remote KV URL (with `DENO_KV_ACCESS_TOKEN`). */
  kvPath: string;
  /** `TOOLATLAS_TIERS` override JSON. */
  tiersJson?: string | undefined;
  /** `TRUST_PROXY` value. */
  trustProxy?: string | undefined;
  /** Clock for quota windows (tests). */
  clock?: () => Date;
  /** Fair-use limiter settings (defaults: `DEFAULT_FAIR_USE`). */
  fairUse?: Partial<FairUseOptions>;
}

/**
 * Opens the KV and builds the access services.
 *
 * @param options KV location, tier overrides, trusted proxies, clock
 * @returns the services; close with `access.kv.close()`
 * @throws {Error} when the KV cannot be opened or the tier override is invalid
 * @throws {RangeError} for a `TRUST_PROXY` entry that is not an address, a range or `loopback`,
 *   or fair-use settings out of range
 */
export async function openAccess(options: AccessOptions): Promise<Access> {
  // Settings first: a bad value stops startup before anything is opened.
  const trusted = parseTrustedProxies(options.trustProxy);
  const tiers = loadTiers(options.tiersJson);
  const fairUse = new FairUseLimiter(options.fairUse);
  if (options.kvPath !== ":memory:" && !/^https?:/.test(options.kvPath)) {
    const dir = options.kvPath.includes("/")
      ? options.kvPath.slice(0, options.kvPath.lastIndexOf("/"))
      : ".";
    await Deno.mkdir(dir, { recursive: true });
  }
  const kv = await Deno.openKv(options.kvPath);
  return {
    kv,
    keys: new KeyStore(kv),
    quota: new QuotaCounter(kv, options.clock),
    registryQuota: new QuotaCounter(kv, options.clock, "registry_quota"),
    tiers,
    trusted,
    fairUse,
  };
}

/** The caller of one request. */
export interface Caller {
  tier: Tier;
  subject: Subject;
  /** Present for Pro and Enterprise callers. */
  key?: ApiKeyRecord;
}

/**
 * Identifies the caller: a valid `Authorization: Bearer sk_svc_...` key gives its tier; no
 * Authorization header gives the free tier, counted by client address. Any Authorization header
 * that is present, an empty one included, must hold a valid key.
 *
 * A request whose key fails takes a token from its client address's `key_failures` fair-use
 * bucket; once that bucket is empty, requests with a key from that address get 429 before the
 * key is hashed or looked up (a valid key is charged nothing).
 *
 * @param access the services
 * @param authorization the `Authorization` header, if any
 * @param socketAddress TCP peer address
 * @param forwardedFor `X-Forwarded-For`, honoured only behind trusted proxies
 * @returns the caller
 * @throws {AppError} `invalid_api_key` for a malformed, unknown or revoked key, or an
 *   Authorization header that is empty or not a Bearer token (never a silent free-tier
 *   fallback); `rate_limited` (fair use) for a client whose keys kept failing;
 *   `quota_unavailable` when the key store cannot be read
 */
export async function identify(
  access: Access,
  authorization: string | null,
  socketAddress: string,
  forwardedFor: string | null,
): Promise<Caller> {
  const address = clientAddress(socketAddress, forwardedFor, access.trusted);
  const client: Subject = { kind: "ip", id: subjectIdOf(address) };
  if (authorization === null) return { tier: access.tiers.free, subject: client };
  const admitted = access.fairUse.peek(client, 1, "key_failures");
  if (!admitted.allowed) throw access.fairUse.refusal(admitted, "key_failures");
  const failed = (error: AppError) => {
    access.fairUse.take(client, 1, "key_failures");
    return error;
  };
  const token = bearerToken(authorization);
  if (token === undefined) {
    throw failed(
      new AppError("invalid_api_key", "Send the key as Authorization: Bearer sk_svc_..."),
    );
  }
  let key: ApiKeyRecord;
  try {
    key = await access.keys.verify(token);
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid_api_key") throw failed(error);
    throw quotaUnavailable(error, "read the API key store");
  }
  return { tier: access.tiers[key.tier], subject: { kind: "key", id: key.id }, key };
}

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), read without
 * a regular expression so that header length never costs more than one pass.
 *
 * @param authorization the header value
 * @returns the token, or `undefined` when the header is not one Bearer token
 */
export function bearerToken(authorization: string): string | undefined {
  const value = authorization.trim();
  const space = value.search(/\s/);
  if (space === -1 || value.slice(0, space).toLowerCase() !== "bearer") return undefined;
  const token = value.slice(space + 1).trim();
  return token === "" || /\s/.test(token) ? undefined : token;
}

/** A window of the usage report. */
export interface UsageWindow {
  used: number;
  limit: number;
  remaining: number;
  /** ISO 8601 reset time. */
  resetsAt: string;
}

/** The usage report of `GET /api/v1/usage`. */
export interface Usage {
  tier: TierName;
  /** `ip` (free tier; IPv6 per /64) or `key`. */
  subject: { kind: "ip" | "key"; id: string };
  key: { id: string; name: string; createdAt: string } | null;
  day: UsageWindow;
  month: UsageWindow;
  entitlements: Tier["entitlements"];
  /** Requests per UTC day for the last 30 days (key holders with `usageHistory`), else null. */
  history: { date: string; requests: number }[] | null;
}

function _window(s: QuotaDecision["day"]): UsageWindow {
  return {
    used: s.used,
    limit: s.limit,
    remaining: s.remaining,
    resetsAt: s.resetAt.toISOString(),
  };
}

/**
 * The caller's usage after this request.
 *
 * @param access the services
 * @param caller who is asking
 * @param decision the quota decision of this request (its counts include it)
 * @returns the report
 */
export async function getUsage(
  access: Access,
  caller: Caller,
  decision: QuotaDecision,
): Promise<Usage> {
  return {
    tier: caller.tier.name,
    subject: caller.subject,
    key: caller.key
      ? { id: caller.key.id, name: caller.key.name, createdAt: caller.key.createdAt }
      : null,
    day: _window(decision.day),
    month: _window(decision.month),
    entitlements: caller.tier.entitlements,
    history: caller.key && caller.tier.entitlements.usageHistory
      ? await access.quota.history(caller.subject, 30)
      : null,
  };
}

/**
 * Rate-limit response headers for a decision: IETF `RateLimit-Policy` and `RateLimit`
 * (draft-ietf-httpapi-ratelimit-headers, structured-field form) plus the common
 * `X-RateLimit-Limit/Remaining/Reset` (Reset in seconds until the window resets), describing the
 * window with the fewest remaining requests.
 *
 * @param decision the quota decision
 * @returns header name → value
 */
export function rateLimitHeaders(decision: QuotaDecision): Record<string, string> {
  const { day, month } = decision;
  const tight = decision.blockedBy
    ? decision[decision.blockedBy]
    : month.remaining < day.remaining
    ? month
    : day;
  const headers: Record<string, string> = {
    "RateLimit-Policy":
      `"day";q=${day.limit};w=86400, "month";q=${month.limit};w=${month.windowSeconds}`,
    "RateLimit": `"${tight.window}";r=${tight.remaining};t=${tight.resetSeconds}`,
    "X-RateLimit-Limit": String(tight.limit),
    "X-RateLimit-Remaining": String(tight.remaining),
    "X-RateLimit-Reset": String(tight.resetSeconds),
  };
  if (decision.retryAfter !== undefined) headers["Retry-After"] = String(decision.retryAfter);
  return headers;
}
