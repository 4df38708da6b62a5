/**
 * The MCP Registry read API over the catalog (`GET /v0.1/servers`, `/versions`,
 * `/versions/{version}`, `/health`, `/version`), with the official registry's semantics
 * (modelcontextprotocol/registry: `docs/reference/api/openapi.yaml`, `official-registry-api.md`,
 * its `internal/api/handlers/v0/servers.go` and `internal/database/postgres.go`), so registry
 * clients (VS Code's MCP gallery, sub-registries, sync jobs) can use toolatlas as their registry.
 *
 * - **Rows**: one per version of each registry name (`registry_index.ts`); `version=latest`
 *   keeps the latest of each, `version=X` the rows of that exact version. Listings go by name,
 *   then version.
 * - **Installable by default**: a listing shows the rows a client can install (a package or a
 *   usable remote); `toolatlas.include_uninstallable=true` lists every row. The version routes
 *   answer for every name.
 * - **`search`**: the registry's filter, a case-insensitive substring of the name or the
 *   (served) description, in name order, with an entry named exactly the search text first.
 *   `toolatlas.ranked=true` ranks with toolatlas's search instead (hybrid or lexical as the
 *   caller's tier allows; canonical entries, then other substring matches; at most 1,000).
 * - **Cursors**: `metadata.nextCursor` is an opaque, URL-safe (base64url) token: after a name and
 *   version, or, for a search, the search text with the position, so a client that drops
 *   `search` on later pages (VS Code does) still gets the search. The registry's own
 *   `name:version` form and a bare name are accepted, and any other text counts as a name
 *   (the registry's fallback), so a cursor is never refused for its form. `nextCursor` is absent
 *   when nothing follows.
 * - **`updated_since`** (RFC 3339; malformed: 400): rows of entries whose toolatlas record
 *   changed strictly after that time, and the entries deleted since (tombstones kept 90 days,
 *   `changes.ts`; an entry hidden since, such as one flagged adult, counts as deleted);
 *   `include_deleted=true` adds deleted entries to any listing; `include_deleted=false` with
 *   `updated_since` is a 400, as in the registry.
 * - **Validation**: a parameter out of its bounds or of the wrong type is a 422
 *   `validation_failed` whose `errors[]` name the `location` (`query.limit`) and `value`, as the
 *   registry answers; an empty parameter (`limit=`) counts as absent.
 * - **Response `_meta`**: see `registry_render.ts`.
 *
 * @module
 */
import { AppError, type FieldProblem } from "../errors.ts";
import type { CatalogContext } from "./context.ts";
import { ALL_GRANTS, type Grants } from "./grants.ts";
import { memo } from "./memo.ts";
import { rank, type SearchMode } from "./ranking.ts";
import {
  compareText,
  type IndexEntry,
  type IndexRow,
  type RegistryIndex,
  registryIndex,
  type RegistryStats,
  rowAfter,
} from "./registry_index.ts";
import { renderRow } from "./registry_render.ts";
import {
  INCLUDE_UNINSTALLABLE,
  isRfc3339,
  MAX_SEARCH_RESULTS,
  RANKED,
  type RegistryEntry,
  type RegistryHealth,
  RegistryListInput,
  type RegistryPage,
  type RegistryVersionInfo,
  RegistryVersionInput,
  RegistryVersionsInput,
} from "./registry_schemas.ts";
import { queryTerms } from "./store.ts";
import type { CatalogServer } from "../model/server.ts";
import type { z } from "zod";

export * from "./registry_schemas.ts";
export type { RegistryStats } from "./registry_index.ts";

// ------------------------------------------------------------------ input

/**
 * Parses registry input; a problem is a 422 `validation_failed` listing each field with its
 * `location` and `value` (the registry's error detail).
 */
function _parse<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
  pathFields: readonly string[],
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldProblem[] = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join(".") || "(input)";
    const problem: FieldProblem = {
      field,
      message: issue.message,
      location: `${pathFields.includes(field) ? "path" : "query"}.${field}`,
    };
    if (input[field] !== undefined) problem.value = input[field];
    return problem;
  });
  const first = errors[0]!;
  throw new AppError(
    "validation_failed",
    `Validation failed: ${first.location} ${first.message}`,
    { errors },
  );
}

// ------------------------------------------------------------------ cursors

function _b64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function _unb64url(token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token) || token.length % 4 === 1) return undefined;
  try {
    const bin = atob(token.replaceAll("-", "+").replaceAll("_", "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(bin, (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

/** A position: after a name (and version); `exact`: inside the exact-name rows of a search. */
interface _Position {
  name: string;
  version?: string;
  exact?: boolean;
}

/** A decoded cursor. */
type _Cursor =
  | { kind: "list"; after: _Position }
  | { kind: "search"; text: string; after: _Position }
  | { kind: "ranked"; text: string; offset: number };

function _cursor(value: unknown[]): _Cursor | undefined {
  const [kind, a, b, c, d] = value;
  const str = (x: unknown): x is string => typeof x === "string";
  if (kind === "n" && str(a) && str(b)) return { kind: "list", after: { name: a, version: b } };
  if (kind === "s" && str(a) && (b === "x" || b === "m") && str(c) && (d === undefined || str(d))) {
    const after: _Position = { name: c, exact: b === "x" };
    if (d !== undefined) after.version = d;
    return { kind: "search", text: a, after };
  }
  if (kind === "r" && str(a) && Number.isSafeInteger(b) && (b as number) >= 0) {
    return { kind: "ranked", text: a, offset: b as number };
  }
  return undefined;
}

/**
 * Reads a cursor: one of ours, the registry's `name:version` or a bare name; anything else is a
 * name to list after, as the registry treats it.
 */
function _decodeCursor(raw: string): _Cursor {
  if (!raw.includes("/")) {
    const text = _unb64url(raw);
    if (text?.startsWith("[")) {
      try {
        const value = JSON.parse(text);
        const cursor = Array.isArray(value) ? _cursor(value) : undefined;
        if (cursor) return cursor;
      } catch {
        // Not one of ours: a name, below.
      }
    }
    // The cursor form of earlier versions of this API: `n:` + the last name served.
    if (text?.startsWith("n:") && text.length > 2) {
      return { kind: "list", after: { name: text.slice(2) } };
    }
    return { kind: "list", after: { name: raw } };
  }
  const colon = raw.indexOf(":", raw.indexOf("/"));
  return colon === -1
    ? { kind: "list", after: { name: raw } }
    : { kind: "list", after: { name: raw.slice(0, colon), version: raw.slice(colon + 1) } };
}

function _cursorError(message: string, value: string): AppError {
  return new AppError("validation_failed", `Validation failed: query.cursor ${message}`, {
    errors: [{ field: "cursor", message, location: "query.cursor", value }],
  });
}

// ------------------------------------------------------------------ listing

/** The listing filters of one request. */
interface _Filter {
  latestOnly: boolean;
  exactVersion: string | undefined;
  sinceMs: number | undefined;
  includeDeleted: boolean;
  includeUninstallable: boolean;
}

function _wanted(f: _Filter, row: IndexRow): boolean {
  if (f.latestOnly && !row.latest) return false;
  if (f.exactVersion !== undefined && row.version !== f.exactVersion) return false;
  const e = row.entry;
  if (f.sinceMs !== undefined) {
    return e.updatedMs > f.sinceMs &&
      (e.state !== "live" || row.installable || f.includeUninstallable);
  }
  if (e.state === "live") return row.installable || f.includeUninstallable;
  return f.includeDeleted && e.state === "deleted";
}

/** Up to `limit` rows from `rows`, and the position of the last one when more follow. */
function _take<P>(
  rows: Iterable<{ row: IndexRow; at: P }>,
  limit: number,
): { page: IndexRow[]; next: P | undefined } {
  const page: IndexRow[] = [];
  let last: P | undefined;
  for (const { row, at } of rows) {
    if (page.length === limit) return { page, next: last };
    page.push(row);
    last = at;
  }
  return { page, next: undefined };
}

/** Rows in listing order after a position. */
function* _listed(index: RegistryIndex, f: _Filter, after: _Position | undefined) {
  const start = after === undefined ? 0 : rowAfter(index.rows, after.name, after.version);
  for (let i = start; i < index.rows.length; i++) {
    const row = index.rows[i]!;
    if (_wanted(f, row)) {
      yield { row, at: ["n", row.entry.name, row.version] as unknown[] };
    }
  }
}

/** Rows of a substring search after a position: the exact name's rows first, then by name. */
function* _searched(index: RegistryIndex, f: _Filter, text: string, after: _Position | undefined) {
  const needle = text.toLowerCase();
  const exact = index.byName.get(needle);
  const exactLive = exact?.state === "live" ? exact : undefined;
  if (exactLive && (after === undefined || after.exact)) {
    const rows = [...exactLive.rows].sort((a, b) => compareText(a.version, b.version));
    for (const row of rows) {
      if (after?.version !== undefined && compareText(row.version, after.version) <= 0) continue;
      if (_wanted(f, row)) yield { row, at: ["s", text, "x", exactLive.name, row.version] };
    }
  }
  const main = after === undefined || after.exact ? undefined : after;
  const start = main === undefined ? 0 : rowAfter(index.rows, main.name, main.version);
  for (let i = start; i < index.rows.length; i++) {
    const row = index.rows[i]!;
    if (row.entry === exactLive || !row.entry.text.includes(needle) || !_wanted(f, row)) continue;
    yield { row, at: ["s", text, "m", row.entry.name, row.version] };
  }
}

/**
 * Entries of a ranked search (`toolatlas.ranked=true`): toolatlas's ranking of canonical
 * entries, then other canonical entries whose name or description contains the text, at most
 * {@link MAX_SEARCH_RESULTS}; cached per process like other searches.
 */
async function _ranked(
  ctx: CatalogContext,
  index: RegistryIndex,
  text: string,
  mode: SearchMode,
): Promise<IndexEntry[]> {
  const rows = await memo(ctx, "registrySearch", { text, mode }, async () => {
    const out: number[] = [];
    const seen = new Set<number>();
    if (queryTerms(text).length > 0) {
      const ranked = await rank(ctx, "servers", text, {}, mode, MAX_SEARCH_RESULTS, 0);
      for (const id of ranked.ids) {
        const e = index.byRow.get(id);
        if (e && e.state === "live" && !seen.has(id)) {
          seen.add(id);
          out.push(id);
        }
      }
    }
    const needle = text.toLowerCase();
    for (const row of index.rows) {
      const e = row.entry;
      if (out.length >= MAX_SEARCH_RESULTS) break;
      if (!row.latest || e.state !== "live" || e.variant || seen.has(e.row)) continue;
      if (!e.text.includes(needle)) continue;
      seen.add(e.row);
      out.push(e.row);
    }
    return out;
  });
  return rows.map((id) => index.byRow.get(id)!);
}

/**
 * Lists registry entries (`GET /v0.1/servers`; see the module description).
 *
 * @param ctx catalog context
 * @param input see {@link RegistryListInput}: `cursor`, `limit` (1-100, default 30), `search`,
 *   `updated_since` (RFC 3339), `version` (`latest` or exact), `include_deleted`,
 *   `toolatlas.include_uninstallable`, `toolatlas.ranked`; empty strings count as absent
 * @param grants the caller's tier: a ranked search is lexical without `semanticSearch`
 * @returns `{servers: [{server, _meta}], metadata: {nextCursor?, count}}`
 * @throws {AppError} `validation_failed` (422) for a bad limit, flag or search cursor;
 *   `invalid_parameter` (400) for a malformed `updated_since`, or `include_deleted=false` with it
 * @example
 * ```ts
 * const page = await listRegistryServers(ctx, { limit: 50, version: "latest" });
 * page.metadata.nextCursor; // pass as `cursor` for the next page
 * ```
 */
export async function listRegistryServers(
  ctx: CatalogContext,
  input: Record<string, unknown>,
  grants: Grants = ALL_GRANTS,
): Promise<RegistryPage> {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== ""));
  const since = given.updated_since;
  if (since !== undefined && (typeof since !== "string" || !isRfc3339(since))) {
    throw new AppError(
      "invalid_parameter",
      "Invalid updated_since format: expected RFC3339 timestamp (e.g., 2025-08-07T13:15:04.280Z)",
      {
        errors: [{
          field: "updated_since",
          message: "Expected an RFC 3339 date-time",
          location: "query.updated_since",
          value: since,
        }],
      },
    );
  }
  const p = _parse(RegistryListInput, given, []);
  if (p.updated_since !== undefined && p.include_deleted === false) {
    throw new AppError(
      "invalid_parameter",
      "Cannot set include_deleted=false when using updated_since (incremental sync requires " +
        "deleted servers)",
      {
        errors: [{
          field: "include_deleted",
          message: "Must not be false",
          location: "query.include_deleted",
          value: false,
        }],
      },
    );
  }
  const index = registryIndex(ctx);
  const f: _Filter = {
    latestOnly: p.version === "latest",
    exactVersion: p.version === undefined || p.version === "latest" ? undefined : p.version,
    sinceMs: p.updated_since === undefined ? undefined : Date.parse(p.updated_since.toUpperCase()),
    includeDeleted: p.updated_since !== undefined || p.include_deleted === true,
    includeUninstallable: p[INCLUDE_UNINSTALLABLE],
  };
  const cursor = p.cursor === undefined ? undefined : _decodeCursor(p.cursor);
  const search = p.search?.trim() || undefined;
  if (cursor && cursor.kind !== "list" && search !== undefined && search !== cursor.text) {
    throw _cursorError("belongs to another search", p.cursor!);
  }
  const ranked = p[RANKED] || cursor?.kind === "ranked";
  const text = search ?? (cursor && cursor.kind !== "list" ? cursor.text : undefined);

  let page: IndexRow[];
  let next: unknown[] | undefined;
  if (text !== undefined && ranked) {
    if (cursor && cursor.kind !== "ranked") {
      throw _cursorError("is not a cursor of a ranked search", p.cursor!);
    }
    const offset = cursor?.kind === "ranked" ? cursor.offset : 0;
    const mode = grants.semanticSearch ? "hybrid" : "lexical";
    const found = (await _ranked(ctx, index, text, mode)).map((e) => e.latest)
      .filter((row) => _wanted(f, row));
    page = found.slice(offset, offset + p.limit);
    const end = offset + page.length;
    if (end < found.length) next = ["r", text, end];
  } else if (text !== undefined) {
    const after = cursor === undefined || cursor.kind === "ranked" ? undefined : cursor.after;
    ({ page, next } = _take(_searched(index, f, text, after), p.limit));
  } else {
    const after = cursor === undefined || cursor.kind === "ranked" ? undefined : cursor.after;
    ({ page, next } = _take(_listed(index, f, after), p.limit));
  }
  const docs = _docs(ctx, page.map((r) => r.entry));
  return {
    servers: page.map((r) => renderRow(ctx, index, r, docs.get(r.entry.row), false)),
    metadata: next === undefined
      ? { count: page.length }
      : { nextCursor: _b64url(JSON.stringify(next)), count: page.length },
  };
}

/** The catalog records of the live entries among `entries`, by row id. */
function _docs(ctx: CatalogContext, entries: IndexEntry[]): Map<number, CatalogServer> {
  const ids = [...new Set(entries.filter((e) => e.state === "live").map((e) => e.row))];
  const docs = new Map<number, CatalogServer>();
  ctx.store.serversByIds(ids).forEach((s, i) => docs.set(ids[i]!, s));
  return docs;
}

// ------------------------------------------------------------------ one name

/** The entry of a name (registry name, other official name or toolatlas name). */
function _lookup(ctx: CatalogContext, name: string, includeDeleted: boolean): IndexEntry {
  const index = registryIndex(ctx);
  const lower = name.trim().toLowerCase();
  const entry = index.byName.get(lower) ?? index.aliases.get(lower) ?? index.byKey.get(lower);
  const shown = name.length > 200 ? `${name.slice(0, 200)}…` : name;
  if (!entry || entry.state === "hidden" || (entry.state === "deleted" && !includeDeleted)) {
    throw new AppError("not_found", `Cannot find MCP server "${shown}" in this registry`);
  }
  return entry;
}

/**
 * Every version of one entry (`GET /v0.1/servers/{serverName}/versions`), newest published
 * first, with the compact enrichment.
 *
 * @param ctx catalog context
 * @param input `{serverName, include_deleted?}`: a registry name, another official name of the
 *   entry, or its toolatlas name (case-insensitive)
 * @returns the versions, `metadata.count` their number
 * @throws {AppError} `not_found` for an unknown (or hidden, or deleted without
 *   `include_deleted`) name; `validation_failed` for bad input
 */
export function registryServerVersions(
  ctx: CatalogContext,
  input: Record<string, unknown>,
): RegistryPage {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== ""));
  const p = _parse(RegistryVersionsInput, given, ["serverName"]);
  const entry = _lookup(ctx, p.serverName, p.include_deleted);
  const index = registryIndex(ctx);
  const s = _docs(ctx, [entry]).get(entry.row);
  return {
    servers: entry.rows.map((r) => renderRow(ctx, index, r, s, false)),
    metadata: { count: entry.rows.length },
  };
}

/**
 * One version of one entry (`GET /v0.1/servers/{serverName}/versions/{version}`), with the full
 * enrichment: trust components, tool descriptions, source records, install configs per client.
 *
 * @param ctx catalog context
 * @param input `{serverName, version, include_deleted?}`; `version` is `latest` or exact
 * @returns `{server, _meta}`
 * @throws {AppError} `not_found` for an unknown name or version; `validation_failed` for bad
 *   input
 */
export function registryServerVersion(
  ctx: CatalogContext,
  input: Record<string, unknown>,
): RegistryEntry {
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== ""));
  const p = _parse(RegistryVersionInput, given, ["serverName", "version"]);
  const entry = _lookup(ctx, p.serverName, p.include_deleted);
  const row = p.version === "latest"
    ? entry.latest
    : entry.rows.find((r) => r.version === p.version);
  if (row === undefined) {
    throw new AppError(
      "not_found",
      `Cannot find version "${p.version}" of "${entry.name}": this registry holds ` +
        entry.rows.map((r) => r.version).slice(0, 10).join(", "),
    );
  }
  const s = _docs(ctx, [entry]).get(entry.row);
  return renderRow(ctx, registryIndex(ctx), row, s, true);
}

// ------------------------------------------------------------------ service

/**
 * Counts of what the registry API serves of the open catalog (see {@link RegistryStats}).
 *
 * @param ctx catalog context
 * @returns the counts (computed once per open catalog)
 */
export function registryStats(ctx: CatalogContext): RegistryStats {
  return registryIndex(ctx).stats;
}

/**
 * `GET /v0.1/health`: `{status: "ok"}` as the registry answers, and what toolatlas serves.
 *
 * @param ctx catalog context
 * @returns the health document
 */
export function registryHealth(ctx: CatalogContext): z.infer<typeof RegistryHealth> {
  const s = registryStats(ctx);
  return {
    status: "ok",
    "ai.toolatlas/registry": {
      builtAt: ctx.store.meta("built_at") ?? null,
      servers: s.installable,
      uninstallable: s.listed - s.installable,
      versions: s.versions,
      official: s.official,
      toolatlasNamespace: s.toolatlasNamespace,
      deleted: s.deleted,
    },
  };
}

/** Version of the registry API toolatlas serves, as `/v0.1/version` reports it. */
export const REGISTRY_SERVICE_VERSION = "toolatlas-registry/2026.11";

/**
 * `GET /v0.1/version`, as the registry answers it.
 *
 * @param ctx catalog context
 * @param gitCommit the deployed commit (`TOOLATLAS_GIT_COMMIT`), if known
 * @returns `{version, git_commit, build_time}`
 */
export function registryVersionInfo(
  ctx: CatalogContext,
  gitCommit?: string,
): z.infer<typeof RegistryVersionInfo> {
  return {
    version: REGISTRY_SERVICE_VERSION,
    git_commit: gitCommit ?? "unknown",
    build_time: ctx.store.meta("built_at") ?? "unknown",
  };
}
