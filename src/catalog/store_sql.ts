/**
 * The SQL access shared by the parts of the catalog store (`store.ts`): prepared statements,
 * cached per SQL text, rows as objects or as arrays, values computed once per open catalog, and
 * the `meta` table. Only the store's files use it; everything else goes through `CatalogStore`.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";

/** A prepared statement of `node:sqlite`. */
export type Statement = ReturnType<DatabaseSync["prepare"]>;

/** The shared SQL access of one open catalog (one per `CatalogStore`). */
export class StoreSql {
  /** The open catalog database (read-only when opened by `CatalogStore.open`). */
  readonly db: DatabaseSync;
  #statements = new Map<string, Statement>();
  #arrayStatements = new Map<string, Statement>();
  #once = new Map<string, unknown>();

  /**
   * @param db an open catalog database
   */
  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /**
   * A value computed once per open catalog (the catalog is read-only while it is open).
   *
   * @param key a name unique within the store, e.g. `counts`
   * @param compute computes the value the first time
   * @returns the value (shared between callers)
   */
  memo<T>(key: string, compute: () => T): T {
    if (this.#once.has(key)) return this.#once.get(key) as T;
    const value = compute();
    this.#once.set(key, value);
    return value;
  }

  /**
   * A prepared statement whose rows come as arrays, not objects (prepared once per SQL text).
   *
   * @param sql the statement
   * @returns the prepared statement (shared)
   */
  arrayStatement(sql: string): Statement {
    let st = this.#arrayStatements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      (st as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
      this.#arrayStatements.set(sql, st);
    }
    return st;
  }

  /**
   * A prepared statement, prepared once per SQL text.
   *
   * @param sql the statement
   * @returns the prepared statement (shared)
   */
  prepare(sql: string): Statement {
    let st = this.#statements.get(sql);
    if (!st) this.#statements.set(sql, st = this.db.prepare(sql));
    return st;
  }

  /**
   * Every row of a query, as objects keyed by column name.
   *
   * @param sql the query
   * @param params its bound parameters
   * @returns the rows
   */
  all(sql: string, ...params: SQLInputValue[]): Record<string, unknown>[] {
    return this.prepare(sql).all(...params) as Record<string, unknown>[];
  }

  /**
   * The first row of a query, as an object keyed by column name.
   *
   * @param sql the query
   * @param params its bound parameters
   * @returns the row, or `undefined` when there is none
   */
  get(sql: string, ...params: SQLInputValue[]): Record<string, unknown> | undefined {
    return this.prepare(sql).get(...params) as Record<string, unknown> | undefined;
  }

  /**
   * A value of the `meta` table (`built_at`, `report`, `schema_version`, …).
   *
   * @param key the key
   * @returns the value, or `undefined` when absent
   */
  meta(key: string): string | undefined {
    return this.get("SELECT value FROM meta WHERE key = ?", key)?.value as string | undefined;
  }
}
