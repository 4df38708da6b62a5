/**
 * Taxonomy placements in the catalog store: the primary leaf of every entry, the counts of
 * entries per taxonomy node, the entries without a placement, and the leaf that holds most of
 * each tool category.
 *
 * @module
 */
import type { EntryTable, StoreFilters } from "./store_filters.ts";
import type { StoreSql } from "./store_sql.ts";

/** Taxonomy placements of one open catalog (part of `CatalogStore`). */
export class StorePlacements {
  #sql: StoreSql;
  #filters: StoreFilters;
  #leafIds = new Map<string, Map<number, string>>();

  /**
   * @param sql the store's SQL access
   * @param filters the store's filters (the default exclusions)
   */
  constructor(sql: StoreSql, filters: StoreFilters) {
    this.#sql = sql;
    this.#filters = filters;
  }

  /**
   * The primary taxonomy leaf of every row of a table, read once and kept in memory.
   *
   * @param table `tools` or `servers`
   * @returns row id → leaf id (rows without a leaf are absent)
   */
  leafIds(table: EntryTable): Map<number, string> {
    let map = this.#leafIds.get(table);
    if (map) return map;
    map = new Map();
    for (
      const r of this.#sql.all(`SELECT id, leaf_id FROM ${table} WHERE leaf_id IS NOT NULL`)
    ) {
      map.set(Number(r.id), r.leaf_id as string);
    }
    this.#leafIds.set(table, map);
    return map;
  }

  /**
   * Counts of entries per taxonomy node id (facet, subcategory and leaf ids together), of the
   * entries a search shows by default (adult ones left out; for servers, canonical entries only).
   *
   * @param table `tools` or `servers`
   * @returns node id → count (nodes without entries are absent)
   */
  placementCounts(table: EntryTable): Map<string, number> {
    const counts = new Map<string, number>();
    const visible = this.#filters.withDefaults(table, [], [], false, false).sql;
    for (const col of ["facet_id", "subcategory_id", "leaf_id"]) {
      for (
        const r of this.#sql.all(
          `SELECT ${col} AS id, count(*) AS n FROM ${table} t
           WHERE ${col} IS NOT NULL AND ${visible} GROUP BY ${col}`,
        )
      ) counts.set(r.id as string, Number(r.n));
    }
    return counts;
  }

  /**
   * Number of entries without a taxonomy placement (every row, adult ones included).
   *
   * @param table `tools` or `servers`
   * @returns the count
   */
  unclassified(table: EntryTable): number {
    return Number(this.#sql.get(`SELECT count(*) AS n FROM ${table} WHERE leaf_id IS NULL`)!.n);
  }

  /**
   * For every tool category, the taxonomy leaf holding most of its tools (primary placements).
   *
   * @returns category key (see `matchKey`) → `{leafId, count}`; ties go to the smaller leaf id
   */
  toolCategoryLeaves(): Map<string, { leafId: string; count: number }> {
    return this.#sql.memo("toolCategoryLeaves", () => {
      const out = new Map<string, { leafId: string; count: number }>();
      for (
        const r of this.#sql.all(
          `SELECT category_key, leaf_id, count(*) AS n FROM tools WHERE leaf_id IS NOT NULL
           AND adult = 0 GROUP BY category_key, leaf_id ORDER BY n DESC, leaf_id`,
        )
      ) {
        const key = r.category_key as string;
        if (!out.has(key)) out.set(key, { leafId: r.leaf_id as string, count: Number(r.n) });
      }
      return out;
    });
  }
}
