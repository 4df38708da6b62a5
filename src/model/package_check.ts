/**
 * What the npm registry says about a package a catalog server lists: whether it exists there,
 * whether it has an executable (`bin`), which repository it names, whether it is deprecated. One
 * line per package in `data/package_checks.jsonl`, written by `deno task packages`
 * (`src/probe/package_check.ts`) and merged by the ingest (`src/ingest/package_evidence.ts`).
 *
 * @module
 */
import { z } from "zod";

/**
 * One registry check of one npm package.
 *
 * Source of the fields: the registry's version document `GET {registry}/{name}/latest` (npm
 * registry API, "package version" manifest: `version`, `bin`, `repository`, `deprecated`,
 * `mcpName`).
 */
export const PackageCheck = z.object({
  /** `npm:<name>`, lowercase. */
  key: z.string(),
  /** The package name as checked, e.g. `@modelcontextprotocol/server-filesystem`. */
  identifier: z.string(),
  /** ISO 8601 time of the check. */
  checkedAt: z.string(),
  /**
   * `found`: the registry has it; `missing`: 404 here (on a partial mirror this means unknown,
   * not wrong); `error`: the registry did not answer usefully (kept to retry).
   */
  status: z.enum(["found", "missing", "error"]),
  /** The latest version, when found. */
  latest: z.string().nullable(),
  /** Executable names of the latest version (`bin`); empty when it has none. */
  bin: z.array(z.string()),
  /**
   * The file each executable of {@link bin} runs, in the same order (`bin`'s values). Absent in
   * checks made before it was stored. Tells aliases (several names, one file: `npx` runs the
   * first) from different programs (`npx` cannot tell which to run unless one is named after the
   * package).
   */
  binFiles: z.array(z.string()).optional(),
  /** `repository.url` of the latest version, normalized to `https://host/owner/repo`. */
  repositoryUrl: z.string().nullable(),
  /** `repository.directory` (the package's folder in a monorepo). */
  directory: z.string().nullable(),
  /** The deprecation message of the latest version, if deprecated. */
  deprecated: z.string().nullable(),
  /** `mcpName`: the official registry name the package declares as its own. */
  mcpName: z.string().nullable(),
  /** What went wrong, for `error`. */
  detail: z.string().nullable(),
});
/** See {@link PackageCheck}. */
export type PackageCheck = z.infer<typeof PackageCheck>;
