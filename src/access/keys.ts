/**
 * API keys in Deno KV: `sk_svc_` + 32 base62 characters from a CSPRNG, shown once at creation and
 * stored only as a SHA-256 hash with tier, name, creation time and status.
 *
 * KV layout (tuple keys):
 * - `["keys", "id", id]` → {@link ApiKeyRecord}
 * - `["keys", "hash", sha256hex]` → key id (lookup on each request)
 *
 * Rotation gives the same id a new secret (the old hash is removed), so usage history, which is
 * counted per id, carries over.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "../errors.ts";
import type { TierName } from "./tiers.ts";

/** Prefix of every API key: `sk_svc_` (sent as `Authorization: Bearer sk_svc_...`). */
export const KEY_PREFIX = "sk_svc_";
/** A well-formed API key. */
export const KEY_PATTERN = /^sk_svc_[0-9A-Za-z]{32}$/;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** What the KV keeps for a key: never the secret itself. */
export interface ApiKeyRecord {
  /** Public id, e.g. `key_3fT9...`, used by `keys revoke|rotate` and as the quota subject. */
  id: string;
  /** SHA-256 of the secret, lowercase hex. */
  hash: string;
  tier: TierName;
  name: string;
  /** ISO 8601 creation time. */
  createdAt: string;
  status: "active" | "revoked";
  /** ISO 8601 time of the last rotation. */
  rotatedAt?: string;
  /** ISO 8601 time of revocation. */
  revokedAt?: string;
}

/**
 * Random base62 text from the CSPRNG (rejection sampling, so every character is uniform).
 *
 * @param length characters wanted
 * @returns the text
 */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const b of bytes) {
      if (b < 248 && out.length < length) out += BASE62[b % 62];
    }
  }
  return out;
}

/** SHA-256 of a secret, lowercase hex. */
export function hashKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Key management and lookup over one KV. */
export class KeyStore {
  #kv: Deno.Kv;

  /** @param kv an open Deno KV */
  constructor(kv: Deno.Kv) {
    this.#kv = kv;
  }

  /**
   * Creates a key.
   *
   * @param tier `pro` or `enterprise` (a free key makes no sense: free is per IP)
   * @param name label for the owner, 1-100 characters
   * @returns the record and the secret, which is not stored and cannot be shown again
   * @throws {AppError} `invalid_parameter` for a bad tier or name
   */
  async create(tier: TierName, name: string): Promise<{ record: ApiKeyRecord; secret: string }> {
    if (tier === "free") {
      throw new AppError(
        "invalid_parameter",
        "Cannot create a free-tier key: free access is per IP",
      );
    }
    const label = name.trim();
    if (label.length === 0 || label.length > 100) {
      throw new AppError("invalid_parameter", "Cannot use that name: give 1-100 characters");
    }
    const secret = KEY_PREFIX + randomBase62(32);
    const record: ApiKeyRecord = {
      id: `key_${randomBase62(16)}`,
      hash: hashKey(secret),
      tier,
      name: label,
      createdAt: new Date().toISOString(),
      status: "active",
    };
    const result = await this.#kv.atomic()
      .check({ key: ["keys", "id", record.id], versionstamp: null })
      .set(["keys", "id", record.id], record)
      .set(["keys", "hash", record.hash], record.id)
      .commit();
    if (!result.ok) throw new Error("Cannot store the new key: id collision, try again");
    return { record, secret };
  }

  /** Every key record, oldest first (no secrets exist to list). */
  async list(): Promise<ApiKeyRecord[]> {
    const out: ApiKeyRecord[] = [];
    for await (const e of this.#kv.list<ApiKeyRecord>({ prefix: ["keys", "id"] })) {
      out.push(e.value);
    }
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** The record of a key id, or `undefined`. */
  async get(id: string): Promise<ApiKeyRecord | undefined> {
    return (await this.#kv.get<ApiKeyRecord>(["keys", "id", id])).value ?? undefined;
  }

  /**
   * Revokes a key: it answers 401 from then on. The record is written only if it did not change
   * since it was read (a rotation meanwhile would otherwise keep its new hash working); a lost race
   * is read and tried again, a few times.
   *
   * @param id key id
   * @returns the updated record
   * @throws {AppError} `not_found` for an unknown id
   * @throws {Error} when the record keeps changing under the revocation (nothing was revoked)
   */
  async revoke(id: string): Promise<ApiKeyRecord> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const entry = await this.#kv.get<ApiKeyRecord>(["keys", "id", id]);
      if (!entry.value) throw new AppError("not_found", `Cannot find key "${id}"`);
      const record: ApiKeyRecord = {
        ...entry.value,
        status: "revoked",
        revokedAt: entry.value.revokedAt ?? new Date().toISOString(),
      };
      const result = await this.#kv.atomic().check(entry).set(["keys", "id", id], record)
        .delete(["keys", "hash", entry.value.hash]).commit();
      if (result.ok) return record;
    }
    throw new Error(`Cannot revoke key "${id}": it kept changing meanwhile, try again`);
  }

  /**
   * Gives a key a new secret; the old one stops working at once. Usage history stays (it is
   * counted per id).
   *
   * @param id key id
   * @returns the updated record and the new secret (shown once)
   * @throws {AppError} `not_found` for an unknown id; `invalid_parameter` for a revoked key
   */
  async rotate(id: string): Promise<{ record: ApiKeyRecord; secret: string }> {
    const entry = await this.#kv.get<ApiKeyRecord>(["keys", "id", id]);
    if (!entry.value) throw new AppError("not_found", `Cannot find key "${id}"`);
    if (entry.value.status !== "active") {
      throw new AppError("invalid_parameter", `Cannot rotate key "${id}": it is revoked`);
    }
    const secret = KEY_PREFIX + randomBase62(32);
    const record = { ...entry.value, hash: hashKey(secret), rotatedAt: new Date().toISOString() };
    const result = await this.#kv.atomic().check(entry)
      .set(["keys", "id", id], record)
      .delete(["keys", "hash", entry.value.hash])
      .set(["keys", "hash", record.hash], id)
      .commit();
    if (!result.ok) throw new Error(`Cannot rotate key "${id}": it changed meanwhile, try again`);
    return { record, secret };
  }

  /**
   * Finds the active key for a presented secret.
   *
   * @param secret the bearer token as sent
   * @returns the record
   * @throws {AppError} `invalid_api_key` when the secret is malformed, unknown or revoked
   */
  async verify(secret: string): Promise<ApiKeyRecord> {
    if (!KEY_PATTERN.test(secret)) {
      throw new AppError(
        "invalid_api_key",
        "The API key is malformed: expected sk_svc_ + 32 characters",
      );
    }
    const hash = hashKey(secret);
    const id = (await this.#kv.get<string>(["keys", "hash", hash])).value;
    const record = id ? await this.get(id) : undefined;
    // Constant-time comparison of the stored and presented hashes.
    const ok = record !== undefined && record.status === "active" &&
      timingSafeEqual(Buffer.from(record.hash, "hex"), Buffer.from(hash, "hex"));
    if (!ok) throw new AppError("invalid_api_key", "The API key is unknown or revoked");
    return record;
  }
}
