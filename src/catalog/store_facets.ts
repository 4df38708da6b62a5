/**
 * Facets and counts of the catalog store: the numbers of tools, servers and prices, the tool
 * categories and the server filter dimensions with their counts. Counts are of the entries a
 * search shows by default (adult entries and server variants left out), so a value's count
 * equals its search total. Each is read once per open catalog.
 *
 * @module
 */
import type { StoreFilters } from "./store_filters.ts";
import type { StoreSql } from "./store_sql.ts";

/** Counts per value of one filter dimension. */
export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

/** The server filter dimensions that have counts. */
export type ServerFacetKey = "category" | "hosting" | "transport" | "registryType";

/** Facets and counts of one open catalog (part of `CatalogStore`). */
export class StoreFacets {
  #sql: StoreSql;
  #filters: StoreFilters;

  /**
   * @param sql the store's SQL access
   * @param filters the store's filters (the default exclusions)
   */
  constructor(sql: StoreSql, filters: StoreFilters) {
    this.#sql = sql;
    this.#filters = filters;
  }

  /**
   * Numbers of tools, servers and prices in the catalog (every row, adult ones included).
   *
   * @returns the three counts
   */
  counts(): { tools: number; servers: number; prices: number } {
    return this.#sql.memo("counts", () => {
      const n = (t: string) => Number(this.#sql.get(`SELECT count(*) AS n FROM ${t}`)!.n);
      return { tools: n("tools"), servers: n("servers"), prices: n("prices") };
    });
  }

  /**
   * Main categories with their tool counts, most tools first. Counts are of the tools a search
   * shows by default (adult tools left out), so a category's count equals its search total.
   *
   * @returns one count per category key (`value`), with the category's name (`label`)
   */
  toolCategories(): FacetCount[] {
    return this.#sql.memo("toolCategories", () =>
      this.#sql.all(
        `SELECT category_key AS value, min(category) AS label, count(*) AS count FROM tools
         WHERE adult = 0 GROUP BY category_key ORDER BY count DESC, label`,
      ).map((r) => ({
        value: r.value as string,
        label: r.label as string,
        count: Number(r.count),
      })));
  }

  /**
   * Counts of servers per value of each filter dimension, of the servers a search shows by
   * default (canonical entries, adult ones left out).
   *
   * @returns `category`, `hosting`, `transport` and `registryType` counts, largest first
   */
  serverFacets(): Record<ServerFacetKey, FacetCount[]> {
    return this.#sql.memo("serverFacets", () => this.#serverFacets());
  }

  #serverFacets(): Record<ServerFacetKey, FacetCount[]> {
    const out = { category: [], hosting: [], transport: [], registryType: [] } as Record<
      ServerFacetKey,
      FacetCount[]
    >;
    const visible = this.#filters.withDefaults("servers", [], [], false, false).sql;
    for (
      const r of this.#sql.all(
        `SELECT f.key AS key, f.value AS value, min(f.label) AS label, count(*) AS count
         FROM server_facets f JOIN servers t ON t.id = f.server_id WHERE ${visible}
         GROUP BY f.key, f.value ORDER BY f.key, count DESC, f.value`,
      )
    ) {
      const key = r.key as keyof typeof out;
      out[key]?.push({
        value: r.value as string,
        label: r.label as string,
        count: Number(r.count),
      });
    }
    return out;
  }
}
