/**
 * The reference servers of `github.com/modelcontextprotocol/servers`, by monorepo folder (from
 * that repository's README, May 2025): those still in `src/` and those moved to
 * `github.com/modelcontextprotocol/servers-archived`.
 *
 * @module
 */

/** Reference servers still maintained in the monorepo's `src/`, by folder. */
export const ACTIVE_REFERENCE_SERVERS: ReadonlySet<string> = new Set([
  "everything",
  "fetch",
  "filesystem",
  "git",
  "memory",
  "sequentialthinking",
  "time",
]);

/**
 * Reference servers moved to `github.com/modelcontextprotocol/servers-archived` (the "Archived"
 * section of the README), by folder.
 */
export const ARCHIVED_REFERENCE_SERVERS: ReadonlySet<string> = new Set([
  "aws-kb-retrieval-server",
  "brave-search",
  "everart",
  "gdrive",
  "github",
  "gitlab",
  "google-maps",
  "postgres",
  "puppeteer",
  "redis",
  "sentry",
  "slack",
  "sqlite",
]);

/** Every folder that holds (or held, before archiving) a reference server. */
export const REFERENCE_SERVERS: ReadonlySet<string> = new Set([
  ...ACTIVE_REFERENCE_SERVERS,
  ...ARCHIVED_REFERENCE_SERVERS,
]);

/** Repository keys of the reference servers' monorepo and of its archive. */
export const REFERENCE_REPOS: ReadonlySet<string> = new Set([
  "github.com/modelcontextprotocol/servers",
  "github.com/modelcontextprotocol/servers-archived",
]);
