/**
 * Authenticity of a snapshot. The manifest's digests show that a snapshot's files are the ones
 * its manifest lists, not who made it: anyone can edit `catalog.db` and recompute the manifest.
 * Two checks say more, each over the SHA-256 of the whole archive:
 *
 * - a detached **Ed25519 signature** (`<archive>.sig`, {@link SnapshotSignature}) made with the
 *   operator's private key (`deno task snapshot sign FILE --key PRIVATE.pem`) and checked with the
 *   public key (`--public-key PUBLIC.pem`, or `TOOLATLAS_SNAPSHOT_PUBLIC_KEY` for `serve`);
 * - a **digest given out of band** (`--sha256 HEX`, or `TOOLATLAS_SNAPSHOT_SHA256`), e.g. from a
 *   release page reached over HTTPS.
 *
 * The operator makes the key pair once (`deno task snapshot keygen --out DIR`, or `openssl genpkey
 * -algorithm ed25519`); keys are PEM files (PKCS #8 private, SPKI public). What is signed is the
 * text `toolatlas-snapshot-signature/1 sha256:<hex>`, so the signature file is small and the
 * archive is read once, in chunks.
 *
 * @module
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from "node:crypto";
import { z } from "zod";
import { digestFile, SnapshotError } from "./snapshot_error.ts";

/** Value of `format` in a signature file. */
export const SIGNATURE_FORMAT = "toolatlas-snapshot-signature";

/** A detached signature file (`<archive>.sig`, JSON). */
export const SnapshotSignature = z.object({
  format: z.literal(SIGNATURE_FORMAT),
  version: z.literal(1),
  /** SHA-256 of the archive, lowercase hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Ed25519 signature of {@link signedText}, base64. */
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/),
});
/** See {@link SnapshotSignature}. */
export type SnapshotSignature = z.infer<typeof SnapshotSignature>;

/** What a snapshot must prove before it is used (nothing: integrity only). */
export interface SnapshotTrust {
  /** Path of the Ed25519 public key (PEM) its signature must verify with. */
  publicKey?: string | undefined;
  /** The archive's SHA-256 (hex), given out of band. */
  sha256?: string | undefined;
  /** Path of the signature file (default `<archive>.sig`). */
  signature?: string | undefined;
}

/** How a snapshot's authenticity was established. */
export interface Authenticity {
  /** `signature`, `sha256`, both, or nothing (`[]`: its origin was not checked). */
  checked: ("signature" | "sha256")[];
  /** SHA-256 of the archive, hex (computed only when something was checked). */
  sha256: string | null;
}

/**
 * The text a signature is made over.
 *
 * @param sha256 the archive's SHA-256, lowercase hex
 * @returns UTF-8 bytes of `toolatlas-snapshot-signature/1 sha256:<hex>`
 */
export function signedText(sha256: string): Uint8Array {
  return new TextEncoder().encode(`${SIGNATURE_FORMAT}/1 sha256:${sha256}`);
}

/** Reads a PEM key file, or throws a SnapshotError naming it. */
async function _key(path: string, kind: "private" | "public") {
  let pem: string;
  try {
    pem = await Deno.readTextFile(path);
  } catch (error) {
    throw new SnapshotError("signature", `Cannot read the ${kind} key "${path}": ${error}`);
  }
  try {
    const key = kind === "private" ? createPrivateKey(pem) : createPublicKey(pem);
    if (key.asymmetricKeyType !== "ed25519") throw new Error(`a ${key.asymmetricKeyType} key`);
    return key;
  } catch (error) {
    throw new SnapshotError(
      "signature",
      `Cannot use "${path}" as an Ed25519 ${kind} key (PEM): ${(error as Error).message}`,
    );
  }
}

/**
 * Makes an Ed25519 key pair for signing snapshots: `snapshot-signing.key` (PKCS #8, mode 0600)
 * and `snapshot-signing.pub` (SPKI) in `dir`. Existing files are not overwritten.
 *
 * @example
 * ```ts
 * const { privateKey, publicKey } = await generateSigningKeys("keys");
 * ```
 *
 * @param dir the folder (created when missing)
 * @returns the two paths
 * @throws {Deno.errors.AlreadyExists} when a key file is already there
 */
export async function generateSigningKeys(
  dir: string,
): Promise<{ privateKey: string; publicKey: string }> {
  await Deno.mkdir(dir, { recursive: true });
  const pair = generateKeyPairSync("ed25519");
  const privateKey = `${dir}/snapshot-signing.key`;
  const publicKey = `${dir}/snapshot-signing.pub`;
  await Deno.writeTextFile(
    privateKey,
    pair.privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    { createNew: true, mode: 0o600 },
  );
  await Deno.writeTextFile(
    publicKey,
    pair.publicKey.export({ type: "spki", format: "pem" }) as string,
    { createNew: true },
  );
  return { privateKey, publicKey };
}

/**
 * Signs a snapshot archive: writes `<archive>.sig` (or `out`).
 *
 * @example
 * ```ts
 * await signSnapshot("dist/toolatlas-snapshot-….tar.gz", "keys/snapshot-signing.key");
 * ```
 *
 * @param file the archive
 * @param privateKeyPath the Ed25519 private key (PEM)
 * @param out where to write the signature (default `<archive>.sig`)
 * @returns the signature file's path and content
 * @throws {SnapshotError} `unreadable` for a missing archive, `signature` for an unusable key
 */
export async function signSnapshot(
  file: string,
  privateKeyPath: string,
  out = `${file}.sig`,
): Promise<{ path: string; signature: SnapshotSignature }> {
  const key = await _key(privateKeyPath, "private");
  const sha256 = await _archiveDigest(file);
  const signature: SnapshotSignature = {
    format: SIGNATURE_FORMAT,
    version: 1,
    sha256,
    signature: sign(null, signedText(sha256), key).toString("base64"),
  };
  await Deno.writeTextFile(out, JSON.stringify(signature, null, 2) + "\n");
  return { path: out, signature };
}

/** SHA-256 of an archive, or `unreadable`. */
async function _archiveDigest(file: string): Promise<string> {
  try {
    return (await digestFile(file)).sha256;
  } catch {
    throw new SnapshotError("unreadable", `Cannot read snapshot "${file}": no such file`);
  }
}

/**
 * Checks what `trust` asks of an archive: the digest given out of band, and the detached signature
 * made by the given public key's private key. Nothing asked, nothing read.
 *
 * @example
 * ```ts
 * await checkAuthenticity(file, { publicKey: "keys/snapshot-signing.pub" });
 * ```
 *
 * @param file the archive
 * @param trust the public key, digest and signature path
 * @returns what was checked
 * @throws {SnapshotError} `digest` when the SHA-256 differs; `signature` when the signature file
 *   is missing or malformed, is about another archive, or was not made with the key;
 *   `unreadable` for a missing archive
 */
export async function checkAuthenticity(
  file: string,
  trust: SnapshotTrust = {},
): Promise<Authenticity> {
  if (trust.publicKey === undefined && trust.sha256 === undefined) {
    return { checked: [], sha256: null };
  }
  const sha256 = await _archiveDigest(file);
  const checked: Authenticity["checked"] = [];
  if (trust.sha256 !== undefined) {
    if (trust.sha256.toLowerCase() !== sha256) {
      throw new SnapshotError(
        "digest",
        `Cannot use snapshot "${file}": its SHA-256 is ${sha256}, not the ${trust.sha256.toLowerCase()} given`,
      );
    }
    checked.push("sha256");
  }
  if (trust.publicKey !== undefined) {
    const key = await _key(trust.publicKey, "public");
    const path = trust.signature ?? `${file}.sig`;
    let parsed: SnapshotSignature;
    try {
      parsed = SnapshotSignature.parse(JSON.parse(await Deno.readTextFile(path)));
    } catch (error) {
      throw new SnapshotError(
        "signature",
        `Cannot use snapshot "${file}": no valid signature at "${path}" (${
          error instanceof Deno.errors.NotFound ? "missing" : "malformed"
        })`,
      );
    }
    const valid = parsed.sha256 === sha256 &&
      verify(
        null,
        signedText(sha256),
        key,
        Uint8Array.from(atob(parsed.signature), (c) => c.charCodeAt(0)),
      );
    if (!valid) {
      throw new SnapshotError(
        "signature",
        `Cannot use snapshot "${file}": its signature does not verify with "${trust.publicKey}" ` +
          "(the archive was changed after signing, or signed with another key)",
      );
    }
    checked.push("signature");
  }
  return { checked, sha256 };
}

/**
 * What the environment asks of snapshots `serve` and `mcp` install: `TOOLATLAS_SNAPSHOT_PUBLIC_KEY`
 * and `TOOLATLAS_SNAPSHOT_SHA256` (validated by `src/config.ts` at start).
 *
 * @param env the variables (default: this process's)
 * @returns the trust settings
 */
export function trustFromEnv(
  env: Record<string, string | undefined> = Deno.env.toObject(),
): SnapshotTrust {
  const publicKey = env.TOOLATLAS_SNAPSHOT_PUBLIC_KEY || undefined;
  const sha256 = env.TOOLATLAS_SNAPSHOT_SHA256?.toLowerCase() || undefined;
  return { ...(publicKey && { publicKey }), ...(sha256 && { sha256 }) };
}
