/**
 * Configuration from the environment, validated with zod.
 *
 * | variable | meaning | default |
 * | --- | --- | --- |
 * | `PORT` | TCP port the server listens on (0 = any free port) | `8000` |
 * | `HOSTNAME` | interface to listen on | `0.0.0.0` |
 * | `PUBLIC_BASE_URL` | base of every `svcUrl` and problem `type` | `http://localhost:{PORT}` |
 * | `TOOLATLAS_SOURCES` | folder with the raw public dumps | `../shared/data` |
 * | `TOOLATLAS_CATALOG` | the built catalog database | `data/catalog.db` |
 * | `TOOLATLAS_EMBED` | `0` builds the catalog without embeddings (lexical search only) | `1` |
 * | `TOOLATLAS_EMBED_CACHE` | embedding cache file | `data/embed-cache.db` |
 * | `TOOLATLAS_EMBED_RUNTIME` | runtime of the embedding model: `onnx` (ONNX Runtime), `tfjs` (TensorFlow.js on WebAssembly), `auto` (`onnx`, else `tfjs`); read by each embedding worker (`src/embed/embedder.ts`) | `auto` |
 * | `TOOLATLAS_SNAPSHOT` | a catalog snapshot to verify and serve (as `serve --snapshot FILE`) | none |
 * | `TOOLATLAS_SNAPSHOT_PUBLIC_KEY` | Ed25519 public key (PEM file) a snapshot's detached signature must verify with | none |
 * | `TOOLATLAS_SNAPSHOT_SHA256` | SHA-256 (hex) the snapshot archive must have, given out of band | none |
 * | `TOOLATLAS_READ_TIMEOUT` | seconds a client has to send a request's head (and its body, once read); 0 turns the deadline off | `10` |
 * | `TOOLATLAS_KV` | Deno KV for keys and quotas: path, `:memory:` or remote URL | `data/kv.sqlite3` |
 * | `TOOLATLAS_TIERS` | JSON override of the tier table (`src/access/tiers.ts`) | none |
 * | `TRUST_PROXY` | proxies whose `X-Forwarded-For` is honoured (IPv4/IPv6 addresses and CIDRs, `loopback`); a bad entry stops startup | none |
 * | `TOOLATLAS_FAIR_USE_BURST` | uncounted requests (site search, MCP list/initialize, health) a client may send at once | `60` |
 * | `TOOLATLAS_FAIR_USE_RATE` | uncounted requests per second a client may sustain | `1` |
 * | `MCP_ALLOWED_ORIGINS` | comma-separated extra origins `/mcp` accepts when local | none |
 *
 * @module
 */
import { z } from "zod";
import { AppError } from "./errors.ts";
import { parseTrustedProxies } from "./access/client_ip.ts";
import { DEFAULT_FAIR_USE } from "./access/fair_use.ts";
import { EMBED_RUNTIMES } from "./embed/embedding.ts";
import { READ_TIMEOUT_MS } from "./http/read_deadline.ts";

/** Validated configuration of one process. */
export interface Config {
  /** TCP port, 0-65535 (0 lets the OS pick one). */
  port: number;
  /** Interface to listen on. */
  hostname: string;
  /** Public base URL without a trailing slash, e.g. `https://toolatlas.dev`. */
  publicBaseUrl: string;
  /** Folder of the raw source dumps. */
  sourcesDir: string;
  /** Path of the catalog SQLite database. */
  catalogPath: string;
  /** Deno KV location for keys and quota counters. */
  kvPath: string;
  /** Tier table override (JSON), if any. */
  tiersJson: string | undefined;
  /** Trusted proxies (`TRUST_PROXY`), if any; already checked to parse. */
  trustProxy: string | undefined;
  /** Fair-use token bucket of uncounted requests, per client. */
  fairUse: { burst: number; ratePerSecond: number };
  /** Embed entries at ingest for semantic search. */
  embed: boolean;
  /** Embedding cache file path. */
  embedCachePath: string;
  /** A catalog snapshot (`.tar.gz`) to verify, install and serve, if any. */
  snapshot: string | undefined;
  /** Path of the Ed25519 public key (PEM) a snapshot's signature must verify with, if any. */
  snapshotPublicKey: string | undefined;
  /** SHA-256 (lowercase hex) the snapshot archive must have, if given. */
  snapshotSha256: string | undefined;
  /** Read deadline for request heads and bodies, milliseconds (0: none). */
  readTimeoutMs: number;
  /** Extra `Origin` values `/mcp` accepts when the service is local (DNS-rebinding protection). */
  mcpAllowedOrigins: string[];
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOSTNAME: z.string().min(1).default("0.0.0.0"),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TOOLATLAS_SOURCES: z.string().min(1).default("../shared/data"),
  TOOLATLAS_CATALOG: z.string().min(1).default("data/catalog.db"),
  MCP_ALLOWED_ORIGINS: z.string().default(""),
  TOOLATLAS_EMBED: z.enum(["0", "1"]).default("1"),
  TOOLATLAS_KV: z.string().min(1).default("data/kv.sqlite3"),
  TOOLATLAS_TIERS: z.string().optional(),
  TRUST_PROXY: z.string().optional().superRefine((value, ctx) => {
    try {
      parseTrustedProxies(value);
    } catch (error) {
      const message = (error as Error).message.replace(/^Cannot parse TRUST_PROXY /, "");
      ctx.addIssue({ code: "custom", message });
    }
  }),
  TOOLATLAS_FAIR_USE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(
    DEFAULT_FAIR_USE.burst,
  ),
  TOOLATLAS_FAIR_USE_RATE: z.coerce.number().positive().max(1_000_000).default(
    DEFAULT_FAIR_USE.ratePerSecond,
  ),
  TOOLATLAS_EMBED_CACHE: z.string().min(1).default("data/embed-cache.db"),
  // Read by the embedding workers themselves; validated here so a typo stops startup.
  TOOLATLAS_EMBED_RUNTIME: z.enum(EMBED_RUNTIMES).default("auto"),
  TOOLATLAS_SNAPSHOT: z.string().min(1).optional(),
  TOOLATLAS_SNAPSHOT_PUBLIC_KEY: z.string().min(1).optional(),
  TOOLATLAS_SNAPSHOT_SHA256: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex digits")
    .optional(),
  TOOLATLAS_READ_TIMEOUT: z.coerce.number().min(0).max(3600).default(READ_TIMEOUT_MS / 1000),
});

/**
 * Reads the configuration from an environment map.
 *
 * @param env variables to read (defaults to `Deno.env.toObject()`)
 * @returns the validated configuration
 * @throws {AppError} `invalid_parameter` naming every bad variable
 * @example
 * ```ts
 * const config = loadConfig({ PORT: "9000" });
 * config.publicBaseUrl; // "http://localhost:9000"
 * ```
 */
export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      field: issue.path.join("."),
      message: issue.message,
    }));
    throw new AppError(
      "invalid_parameter",
      `Cannot read configuration: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}`,
      { errors },
    );
  }
  const { PORT, HOSTNAME, PUBLIC_BASE_URL, TOOLATLAS_SOURCES, TOOLATLAS_CATALOG } = parsed.data;
  const origins = parsed.data.MCP_ALLOWED_ORIGINS.split(",").map((s) => s.trim()).filter(Boolean);
  return {
    port: PORT,
    hostname: HOSTNAME,
    publicBaseUrl: (PUBLIC_BASE_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, ""),
    sourcesDir: TOOLATLAS_SOURCES,
    catalogPath: TOOLATLAS_CATALOG,
    mcpAllowedOrigins: origins,
    embed: parsed.data.TOOLATLAS_EMBED === "1",
    kvPath: parsed.data.TOOLATLAS_KV,
    tiersJson: parsed.data.TOOLATLAS_TIERS,
    trustProxy: parsed.data.TRUST_PROXY,
    fairUse: {
      burst: parsed.data.TOOLATLAS_FAIR_USE_BURST,
      ratePerSecond: parsed.data.TOOLATLAS_FAIR_USE_RATE,
    },
    embedCachePath: parsed.data.TOOLATLAS_EMBED_CACHE,
    snapshot: parsed.data.TOOLATLAS_SNAPSHOT,
    snapshotPublicKey: parsed.data.TOOLATLAS_SNAPSHOT_PUBLIC_KEY,
    snapshotSha256: parsed.data.TOOLATLAS_SNAPSHOT_SHA256?.toLowerCase(),
    readTimeoutMs: Math.round(parsed.data.TOOLATLAS_READ_TIMEOUT * 1000),
  };
}
