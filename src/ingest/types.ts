/**
 * Normalized record shapes produced by the source adapters (`src/ingest/sources/*.ts`), before
 * the merge steps turn them into the catalog's entries (`src/model/`) with per-field provenance.
 * Field names follow the MCP `server.json` schema
 * (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json) where one exists.
 *
 * @module
 */
import type {
  ServerIcon,
  ServerPackage,
  ServerRemote,
  ServerTool,
  ServerVersion,
} from "../model/server.ts";
import type { SourceInfo } from "../model/source.ts";
import type { PricingModel } from "../model/tool.ts";
import type { SourceReport } from "./report.ts";

/** An MCP server as one source describes it. Only `source`, `sourceId` and `name` are required. */
export interface SourceServer {
  /** {@link SourceInfo.id} of the source. */
  source: string;
  /** The record's id inside the source (official name, slug, file name ...), unique per source. */
  sourceId: string;
  /** Display name (required: a record without one is skipped as `missing_name`). */
  name: string;
  /** Official MCP registry reverse-DNS name, e.g. `"io.github.owner/server"`. */
  officialName?: string;
  description?: string;
  /** Repository URL as given by the source (normalized by the merge step). */
  repositoryUrl?: string;
  /**
   * A repository the record probably belongs to, inferred from an id (Smithery `@owner/repo` →
   * `https://github.com/owner/repo`). Used only to join an entry that some other source already
   * gives that repository; never shown and never a merge key on its own.
   */
  repositoryHint?: string;
  /**
   * The code-host account a listing points at without naming a repository (`github.com/github`
   * from ever-works' `source_url: https://github.com/github`). Used only to recognize the listing
   * as one of that account's servers (`src/ingest/identity.ts`); never shown.
   */
  ownerHint?: string;
  /** Folder of the server inside a monorepo (server.json `repository.subfolder`). */
  subfolder?: string;
  /** Project site, when different from the repository. */
  homepage?: string;
  /** Icons the publisher declared (server.json `icons`). */
  icons?: ServerIcon[];
  packages?: ServerPackage[];
  remotes?: ServerRemote[];
  /** Source's own category labels, verbatim. */
  categories?: string[];
  tags?: string[];
  /** SPDX id or licence name as given. */
  license?: string;
  /** GitHub stars. */
  stars?: number;
  forks?: number;
  /** Smithery use count (calls). */
  useCount?: number;
  /** Package downloads per month. */
  monthlyDownloads?: number;
  version?: string;
  /** Registry status, e.g. `active`, `deprecated`. */
  status?: string;
  /** ISO 8601 time the record was first published in the source. */
  publishedAt?: string;
  /** ISO 8601 time of the last update the source knows of (release, push, edit). */
  updatedAt?: string;
  /** Hosting hint from the source: runs locally (stdio package) or is hosted (remote). */
  hosting?: "local" | "remote";
  /** Transports named by the source, e.g. `["stdio"]`. */
  transports?: string[];
  /** True when a vendor-official list (modelcontextprotocol.io official integrations) names it. */
  vendorOfficial?: boolean;
  /** Tool inventory, when the source knows it. */
  tools?: ServerTool[];
  /** Source-specific validation mark (toolsdk `validated`). */
  validated?: boolean;
  /**
   * server.json `_meta` as the publisher gave it (the official registry's server.json records;
   * the registry's own `io.modelcontextprotocol.registry/official` block is not part of it).
   */
  meta?: Record<string, unknown>;
  /**
   * Every version of the record's official name that the source lists, this record's included
   * (the official registry exports; `sources/_newest.ts`). `isLatest` is the source's own mark.
   */
  versions?: ServerVersion[];
}

/** An AI tool as one source describes it. */
export interface SourceTool {
  source: string;
  sourceId: string;
  name: string;
  /** The tool's own site, tracking parameters (`utm_*`, `ref`) stripped. */
  url?: string;
  description?: string;
  /** Longer text when the source has one (kept for search and the details page). */
  longDescription?: string;
  pricing?: PricingModel;
  /** Price as the source writes it, e.g. `"20/mo"`. */
  priceText?: string;
  hasFreeTier?: boolean;
  /** Source's category labels, verbatim (first is the main one). */
  categories?: string[];
  tags?: string[];
  /** Feature flags or bullets, e.g. `"API"`, `"Browser Extension"`. */
  features?: string[];
  /** Use-case bullets (topai.tools). */
  useCases?: string[];
  /** Average rating on a 0-5 scale. */
  rating?: number;
  reviewCount?: number;
  /** Link to a review page in the source. */
  reviewUrl?: string;
  verified?: boolean;
  /** ISO 8601 times. */
  createdAt?: string;
  updatedAt?: string;
  socialLinks?: string[];
  /**
   * When the record's statements were made (`YYYY-MM-DD` or ISO 8601), when it differs from its
   * `updatedAt` and from its source's dump date (`SourceInfo.asOf`): a record that one snapshot
   * of a list carries is dated by that snapshot.
   */
  statedAt?: string;
  /**
   * Dates of single fields that an older snapshot stated (ai-collection's free-version flag comes
   * from its 2024 table while the name and description are from 2026), by field name.
   */
  fieldDates?: Partial<Record<"hasFreeTier" | "pricing" | "description" | "url", string>>;
}

/**
 * A source adapter: reads one public format under the sources root and returns normalized records,
 * counting everything it reads, keeps, skips and cleans in `report`. It never throws for a broken
 * record (it counts it and goes on); it throws only when the source as a whole is missing.
 */
export interface SourceAdapter<T> {
  info: SourceInfo;
  /**
   * @param root the sources root (default `../shared/data`), e.g. `/work/shared/data`
   * @param report the counter for this source
   * @returns every readable record of the source
   * @throws {Deno.errors.NotFound} when the source's files are missing
   */
  read(root: string, report: SourceReport): Promise<T[]>;
}

/** Counts of a merge step, stored in the ingest report. */
export interface MergeStats {
  /** Records that went in. */
  input: number;
  /** Entries that came out. */
  output: number;
  /** Records folded into an entry that already existed. */
  merged: number;
  /** Entries built from two or more sources. */
  multiSource: number;
  /** Free-form extra counts (e.g. `byKey: { repo: 100, name: 20 }`). */
  [extra: string]: unknown;
}
