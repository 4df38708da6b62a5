/**
 * Change rows of the catalog store: the `changes` table the writer keeps (`changes.ts`): each
 * entry's stable id, first-seen and updated times, tombstones of removed entries, the keys
 * changed since a time, and what the next build's writer reads of the last one (every change
 * row; the source records behind every entry).
 *
 * @module
 */
import { type ChangeKind, type ChangeRow, newEntryId } from "./changes.ts";
import type { StoreSql } from "./store_sql.ts";

type _SourceRefLike = { source: string; sourceId: string };

/** The columns of a change row, in the order {@link _changeRow} reads them. */
const _COLUMNS = "kind, key, id, first_seen_at, updated_at, hash, deleted_at, renamed_to, summary";

function _changeRow(r: Record<string, unknown>): ChangeRow {
  return {
    kind: r.kind as ChangeKind,
    key: r.key as string,
    id: r.id as string,
    firstSeenAt: r.first_seen_at as string,
    updatedAt: r.updated_at as string,
    hash: r.hash as string,
    deletedAt: (r.deleted_at as string | null) ?? null,
    renamedTo: (r.renamed_to as string | null) ?? null,
    summary: JSON.parse(r.summary as string) as Record<string, unknown>,
  };
}

/** The table and key column of a kind of entry. */
function _tableOf(kind: "tool" | "server"): [table: string, col: string] {
  return kind === "tool" ? ["tools", "slug"] : ["servers", "name"];
}

/** Change rows of one open catalog (part of `CatalogStore`). */
export class StoreChanges {
  #sql: StoreSql;

  /**
   * @param sql the store's SQL access
   */
  constructor(sql: StoreSql) {
    this.#sql = sql;
  }

  /** True when the catalog holds change history (built with the `changes` table). */
  get hasChangeHistory(): boolean {
    return this.#sql.memo("hasChangeHistory", () =>
      this.#sql.get(
        "SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'changes'",
      ) !== undefined);
  }

  /**
   * The change history row of one entry, live or tombstone (`changes.ts`).
   *
   * @param kind `server`, `tool` or `price`
   * @param key its name, slug or id (case-insensitive)
   * @returns the row, or `undefined`
   */
  changeRow(kind: ChangeKind, key: string): ChangeRow | undefined {
    const r = this.#sql.get(
      `SELECT ${_COLUMNS} FROM changes WHERE kind = ? AND key = ?`,
      kind,
      key,
    );
    return r ? _changeRow(r) : undefined;
  }

  /**
   * The stable id of a live tool or server (`changes.ts`): its change history id, or, for a
   * catalog built without history, the id the first build with history gives a new entry. User
   * reviews are keyed by it (`user_reviews.ts`).
   *
   * @param kind `tool` or `server`
   * @param key the tool's slug or the server's name (case-insensitive)
   * @returns e.g. `tool_1f3a9c0d2b4e6f70`
   */
  entryId(kind: "tool" | "server", key: string): string {
    if (this.hasChangeHistory) {
      const r = this.#sql.get(
        "SELECT id FROM changes WHERE kind = ? AND key = ? AND deleted_at IS NULL",
        kind,
        key,
      );
      if (r) return r.id as string;
    }
    return newEntryId(kind, key);
  }

  /**
   * The stable ids ({@link StoreChanges.entryId}) of tools or servers by row id, in one query.
   *
   * @param kind `tool` or `server`
   * @param ids row ids
   * @returns the entry id of each row id, in order (`""` for an unknown row id)
   */
  entryIdsOfRows(kind: "tool" | "server", ids: readonly number[]): string[] {
    if (ids.length === 0) return [];
    const [table, col] = _tableOf(kind);
    const rows = this.hasChangeHistory
      ? this.#sql.all(
        `SELECT t.id AS id, t.${col} AS key, c.id AS entry_id FROM ${table} t
         LEFT JOIN changes c ON c.kind = ? AND c.key = t.${col} AND c.deleted_at IS NULL
         WHERE t.id IN (SELECT value FROM json_each(?))`,
        kind,
        JSON.stringify(ids),
      )
      : this.#sql.all(
        `SELECT id, ${col} AS key, NULL AS entry_id FROM ${table}
         WHERE id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(ids),
      );
    const byRow = new Map<number, string>();
    for (const r of rows) {
      byRow.set(
        Number(r.id),
        (r.entry_id as string | null) ?? newEntryId(kind, r.key as string),
      );
    }
    return ids.map((id) => byRow.get(id) ?? "");
  }

  /**
   * Every tool slug or server name in key order, with the time its public record last changed
   * (`changes.updated_at`; `null` in a catalog built without change history): the rows of the
   * site's sitemap. One query; no record is parsed.
   *
   * @param kind `tool` or `server`
   * @returns `{key, updatedAt}` per entry
   */
  sitemapRows(kind: "tool" | "server"): { key: string; updatedAt: string | null }[] {
    const [table, col] = _tableOf(kind);
    const rows = this.hasChangeHistory
      ? this.#sql.all(
        `SELECT t.${col} AS key, c.updated_at AS updated_at FROM ${table} t
         LEFT JOIN changes c ON c.kind = ? AND c.key = t.${col} AND c.deleted_at IS NULL
         ORDER BY t.${col}`,
        kind,
      )
      : this.#sql.all(`SELECT ${col} AS key, NULL AS updated_at FROM ${table} ORDER BY ${col}`);
    return rows.map((r) => ({
      key: r.key as string,
      updatedAt: (r.updated_at as string | null) ?? null,
    }));
  }

  /**
   * The catalog key of every live tool or server by its stable id ({@link StoreChanges.entryId}),
   * for listing reviews with the entries they are about (an export, the operator's list).
   *
   * @param kind `tool` or `server`
   * @returns entry id → slug or name
   */
  entryKeys(kind: "tool" | "server"): Map<string, string> {
    const [table, col] = _tableOf(kind);
    const out = new Map<string, string>();
    if (this.hasChangeHistory) {
      for (
        const r of this.#sql.all(
          `SELECT c.id AS entry_id, t.${col} AS key FROM ${table} t
           JOIN changes c ON c.kind = ? AND c.key = t.${col} AND c.deleted_at IS NULL`,
          kind,
        )
      ) out.set(r.entry_id as string, r.key as string);
      return out;
    }
    for (const r of this.#sql.all(`SELECT ${col} AS key FROM ${table}`)) {
      out.set(newEntryId(kind, r.key as string), r.key as string);
    }
    return out;
  }

  /**
   * Every change history row, live entries and tombstones (for the next build's writer).
   *
   * @returns the rows, in table order
   */
  changeRows(): ChangeRow[] {
    return this.#sql.all(`SELECT ${_COLUMNS} FROM changes`).map(_changeRow);
  }

  /**
   * The source records of every server or tool: `source:sourceId` → names (or slugs) of the
   * entries merged from that record (for rename detection, `changes.ts`).
   *
   * @param kind `server` or `tool`
   * @returns the index
   */
  sourceRecordIndex(kind: "server" | "tool"): Map<string, string[]> {
    const sql = kind === "server"
      ? "SELECT name AS key, json_extract(doc, '$.sources') AS refs FROM servers"
      : "SELECT slug AS key, json_extract(doc, '$.sources') AS refs FROM tools";
    const map = new Map<string, string[]>();
    for (const r of this.#sql.all(sql)) {
      for (const ref of JSON.parse((r.refs as string | null) ?? "[]") as _SourceRefLike[]) {
        const k = `${ref.source}:${ref.sourceId}`;
        const keys = map.get(k);
        if (keys) keys.push(r.key as string);
        else map.set(k, [r.key as string]);
      }
    }
    return map;
  }

  /**
   * Keys of the live entries of one kind whose public record changed after a time (exports with
   * `updated_since`).
   *
   * @param kind `server`, `tool` or `price`
   * @param since ISO 8601 UTC time (`…Z`), compared with each entry's `updatedAt`
   * @returns server names, tool slugs or price ids, sorted
   */
  changedKeys(kind: ChangeKind, since: string): string[] {
    return this.#sql.all(
      `SELECT key FROM changes WHERE kind = ? AND deleted_at IS NULL AND updated_at > ?
       ORDER BY key`,
      kind,
      since,
    ).map((r) => r.key as string);
  }

  /**
   * Tombstones of one kind: entries that left the catalog within the retention period.
   *
   * @param kind `server`, `tool` or `price`
   * @returns the rows, oldest removal first
   */
  tombstones(kind: ChangeKind): ChangeRow[] {
    return this.#sql.all(
      `SELECT ${_COLUMNS} FROM changes WHERE kind = ? AND deleted_at IS NOT NULL
       ORDER BY deleted_at, key`,
      kind,
    ).map(_changeRow);
  }
}
