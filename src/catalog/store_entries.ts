/**
 * Entry reads of the catalog store: tools, servers and prices by key or row id (their JSON
 * documents), pages of row ids for exports, the tools similar to a tool within its category, the
 * facts alternatives are chosen by, and what the registry index reads of every server.
 *
 * @module
 */
import type { CatalogPrice } from "../model/price.ts";
import type { CatalogServer } from "../model/server.ts";
import type { CatalogTool } from "../model/tool.ts";
import { queryTerms, TOOL_WEIGHTS } from "./lexical_terms.ts";
import type { EntryTable } from "./store_filters.ts";
import type { StoreSql } from "./store_sql.ts";

/** The facts of one tool that its alternatives are chosen by ({@link StoreEntries.toolSummaries}). */
export interface ToolSummary {
  id: number;
  slug: string;
  name: string;
  /** The main category, as `matchKey` makes it. */
  categoryKey: string;
  /** The tool's own site, or `null`. */
  url: string | null;
  description: string;
  /** What the sources state about its job: its tags, its key features, then its categories. */
  about: string[];
  /** Taxonomy leaves: the primary leaf first, then the secondary ones; empty when unclassified. */
  leafIds: string[];
  /** Subcategory of the primary leaf, or `null`. */
  subcategoryId: string | null;
  /** The authority prior (`authority.ts`). */
  authority: number;
  adult: boolean;
  spam: boolean;
  /** Number of distinct sources listing the tool. */
  sources: number;
  /** Number of reviews behind the sources' ratings, summed. */
  reviews: number;
}

/** A server as the registry index reads it ({@link StoreEntries.serverIndexRows}). */
export interface ServerIndexRow {
  /** Row id (`servers.id`). */
  id: number;
  /** toolatlas name. */
  name: string;
  title: string;
  adult: boolean;
  /** A listing of a project whose canonical entry is another one. */
  variant: boolean;
  officialNames: string[];
  /** Version a source states, or `null`. */
  version: string | null;
  /** Registry status a source states (`active`, `deprecated`), or `null`. */
  status: string | null;
  /** The first 200 characters of the description. */
  description: string;
  /** Stable id of the change history, or `null` for a catalog built without it. */
  entryId: string | null;
  firstSeenAt: string | null;
  updatedAt: string | null;
}

/** The install methods and official versions of one server as JSON text (`null` when none). */
export interface RegistryDocFields {
  id: number;
  packages: string | null;
  remotes: string | null;
  versions: string | null;
}

/** Entry reads of one open catalog (part of `CatalogStore`). */
export class StoreEntries {
  #sql: StoreSql;

  /**
   * @param sql the store's SQL access
   */
  constructor(sql: StoreSql) {
    this.#sql = sql;
  }

  /**
   * Row ids of a table in order, after a given id: the pages of a full scan (exports).
   *
   * @param table `tools` or `servers`
   * @param after the last id of the previous page (0 for the first)
   * @param limit page size
   * @returns up to `limit` ids greater than `after`, ascending
   */
  idsAfter(table: EntryTable, after: number, limit: number): number[] {
    return this.#sql.all(
      `SELECT id FROM ${table} WHERE id > ? ORDER BY id LIMIT ?`,
      after,
      limit,
    ).map((r) => Number(r.id));
  }

  /**
   * The tool with this slug.
   *
   * @param slug the slug (case-insensitive)
   * @returns the tool, or `undefined`
   */
  toolBySlug(slug: string): CatalogTool | undefined {
    const row = this.#sql.get("SELECT doc FROM tools WHERE slug = ?", slug.toLowerCase());
    return row ? JSON.parse(row.doc as string) as CatalogTool : undefined;
  }

  /**
   * Row id of the tool with this slug.
   *
   * @param slug the slug (case-insensitive)
   * @returns the row id, or `undefined`
   */
  toolId(slug: string): number | undefined {
    const row = this.#sql.get("SELECT id FROM tools WHERE slug = ?", slug.toLowerCase());
    return row ? Number(row.id) : undefined;
  }

  /**
   * The server with this name.
   *
   * @param name the name (case-insensitive: the column's collation)
   * @returns the server, or `undefined`
   */
  serverByName(name: string): CatalogServer | undefined {
    const row = this.#sql.get("SELECT doc FROM servers WHERE name = ?", name);
    return row ? JSON.parse(row.doc as string) as CatalogServer : undefined;
  }

  /**
   * Row id of the server with this name.
   *
   * @param name the name (case-insensitive: the column's collation)
   * @returns the row id, or `undefined`
   */
  serverId(name: string): number | undefined {
    const row = this.#sql.get("SELECT id FROM servers WHERE name = ?", name);
    return row ? Number(row.id) : undefined;
  }

  /**
   * The parsed documents of rows of a table by id, in the order given.
   *
   * @param table `tools` or `servers`
   * @param ids row ids
   * @returns the documents (unknown ids left out)
   */
  docsByIds<T>(table: EntryTable, ids: number[]): T[] {
    if (ids.length === 0) return [];
    const rows = this.#sql.all(
      `SELECT id, doc FROM ${table} WHERE id IN (${ids.map(() => "?").join(",")})`,
      ...ids,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r.doc as string]));
    return ids.flatMap((id) => {
      const doc = byId.get(id);
      return doc === undefined ? [] : [JSON.parse(doc) as T];
    });
  }

  /**
   * Every price record, sorted by provider then model (parsed once per open catalog).
   *
   * @returns the records (shared, do not modify)
   */
  prices(): readonly CatalogPrice[] {
    return this.#sql.memo(
      "prices",
      () =>
        this.#sql.all("SELECT doc FROM prices ORDER BY provider, model").map((r) =>
          JSON.parse(r.doc as string) as CatalogPrice
        ),
    );
  }

  /**
   * Tools in the same category as `slug`, most similar first by lexical overlap of name, tags and
   * description (BM25 of the tool's own words within its category), then popularity. Adult
   * tools are left out unless `adult` is true.
   *
   * @param slug the tool
   * @param limit how many
   * @param adult include adult tools (`safe=off`)
   * @returns row ids, best first (the tool itself excluded)
   */
  similarTools(slug: string, limit: number, adult = false): number[] {
    const row = this.#sql.get(
      "SELECT id, category_key FROM tools WHERE slug = ?",
      slug.toLowerCase(),
    );
    if (!row) return [];
    const tool = this.toolBySlug(slug)!;
    const terms = queryTerms([tool.name, ...tool.tags, tool.description].join(" ")).slice(0, 12);
    const id = Number(row.id);
    const ranked = terms.length === 0 ? [] : this.#sql.all(
      `SELECT f.rowid AS id FROM tools_fts f JOIN tools t ON t.id = f.rowid
       WHERE tools_fts MATCH ? AND t.category_key = ? AND t.id != ? AND (t.adult = 0 OR ?)
       ORDER BY bm25(tools_fts, ${TOOL_WEIGHTS.join(", ")}) - 0.3 * t.popularity LIMIT ?`,
      terms.join(" OR "),
      row.category_key as string,
      id,
      adult ? 1 : 0,
      limit,
    ).map((r) => Number(r.id));
    if (ranked.length >= limit) return ranked;
    const more = this.#sql.all(
      `SELECT id FROM tools WHERE category_key = ? AND id != ? AND (adult = 0 OR ?)
       ORDER BY popularity DESC, name_key LIMIT ?`,
      row.category_key as string,
      id,
      adult ? 1 : 0,
      limit + ranked.length,
    ).map((r) => Number(r.id)).filter((x) => !ranked.includes(x));
    return [...ranked, ...more].slice(0, limit);
  }

  /**
   * The facts of every tool that the alternatives of a tool are chosen by (`alternatives.ts`),
   * read in one pass: name, site, description, tags, features and categories, taxonomy leaves,
   * authority, adult and spam flags, number of sources and reviews. Not kept here: the caller
   * keeps what it derives from them.
   *
   * @returns one summary per tool, by row id
   */
  toolSummaries(): ToolSummary[] {
    // One json_extract of several paths parses each document once (one per path: twice as slow).
    return this.#sql.all(
      `SELECT id, slug, name, category_key, authority, adult, spam,
         json_extract(doc, '$.url', '$.description', '$.tags', '$.keyFeatures', '$.categories',
           '$.taxonomy', '$.sources', '$.reviews') AS facts
       FROM tools ORDER BY id`,
    ).map((r) => {
      const [url, description, tags, features, categories, taxonomy, sources, reviews] = JSON
        .parse(r.facts as string) as [
          string | null,
          string | null,
          string[] | null,
          string[] | null,
          string[] | null,
          {
            primary: { subcategoryId: string; leafId: string };
            secondary: { leafId: string }[];
          } | null,
          { source: string }[] | null,
          { count?: number }[] | null,
        ];
      return {
        id: Number(r.id),
        slug: r.slug as string,
        name: r.name as string,
        categoryKey: r.category_key as string,
        url: url ?? null,
        description: description ?? "",
        about: [...tags ?? [], ...features ?? [], ...categories ?? []],
        leafIds: taxonomy
          ? [taxonomy.primary.leafId, ...taxonomy.secondary.map((s) => s.leafId)]
          : [],
        subcategoryId: taxonomy?.primary.subcategoryId ?? null,
        authority: Number(r.authority),
        adult: Number(r.adult) === 1,
        spam: Number(r.spam) === 1,
        sources: new Set((sources ?? []).map((s) => s.source)).size,
        reviews: (reviews ?? []).reduce((n, x) => n + (x.count ?? 0), 0),
      };
    });
  }

  /**
   * The install methods and official versions of every server that has any, as JSON text, for
   * the registry index (`registry.ts`: which entries a client can install, which versions to
   * list). About 1 s for 33,000 servers (`json_extract` over the documents, measured).
   *
   * @returns `{id, packages, remotes, versions}` per server with a non-empty array among them
   *   (each `null` when empty or absent), in row-id order
   */
  registryDocFields(): RegistryDocFields[] {
    return this.#sql.all(
      `SELECT id, packages, remotes, versions FROM (
         SELECT id,
           CASE WHEN json_array_length(doc, '$.packages') > 0
             THEN json_extract(doc, '$.packages') END AS packages,
           CASE WHEN json_array_length(doc, '$.remotes') > 0
             THEN json_extract(doc, '$.remotes') END AS remotes,
           CASE WHEN json_array_length(doc, '$.versions') > 0
             THEN json_extract(doc, '$.versions') END AS versions
         FROM servers)
       WHERE packages IS NOT NULL OR remotes IS NOT NULL OR versions IS NOT NULL
       ORDER BY id`,
    ).map((r) => ({
      id: Number(r.id),
      packages: (r.packages as string | null) ?? null,
      remotes: (r.remotes as string | null) ?? null,
      versions: (r.versions as string | null) ?? null,
    }));
  }

  /**
   * Every server with what the registry index needs (`registry.ts`): row id, name, title, adult
   * and variant flags, and its change history with the summary kept there (official names,
   * stated version and status, the first 200 characters of the description; `changes.ts`), read
   * from the small `changes` rows rather than the documents (0.25-0.55 s for 33,000 servers,
   * measured; 0.5-0.7 s with `json_extract` over the documents).
   *
   * @returns one row per server, in row-id order
   */
  serverIndexRows(): ServerIndexRow[] {
    return this.#sql.all(
      `SELECT s.id AS id, s.name AS name, s.title AS title, s.adult AS adult,
         s.canonical_id AS canonical_id, c.id AS entry_id, c.first_seen_at AS first_seen_at,
         c.updated_at AS updated_at, c.summary AS summary
       FROM servers s LEFT JOIN changes c ON c.kind = 'server' AND c.key = s.name
       ORDER BY s.id`,
    ).map((r) => {
      const summary = JSON.parse((r.summary as string | null) ?? "{}") as Record<string, unknown>;
      const text = (k: string) => typeof summary[k] === "string" ? summary[k] as string : null;
      return {
        id: Number(r.id),
        name: r.name as string,
        title: r.title as string,
        adult: Number(r.adult) === 1,
        variant: r.canonical_id !== null,
        officialNames: Array.isArray(summary.officialNames)
          ? summary.officialNames as string[]
          : [],
        version: text("version"),
        status: text("status"),
        description: text("description") ?? "",
        entryId: (r.entry_id as string | null) ?? null,
        firstSeenAt: (r.first_seen_at as string | null) ?? null,
        updatedAt: (r.updated_at as string | null) ?? null,
      };
    });
  }
}
