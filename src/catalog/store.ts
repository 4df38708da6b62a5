/**
 * Read-only queries over `catalog.db`: the only module that runs SQL against a built catalog.
 *
 * Lexical search is FTS5 BM25 with per-column weights (name highest), summed in memory from
 * cached per-term lists (the same scores as `bm25()`), candidates taken twice (all terms, then any
 * term) and re-ranked in {@link rankLexical}: entries that carry the query as one of their names
 * (the exact tier) come first, ordered by the authority prior; then documents matching every
 * term; the authority prior (`authority.ts`) breaks near-ties; spam comes last. Vector search is
 * the two-stage scan of `vector_index.ts`.
 *
 * Every search leaves out adult entries unless the filter asks for them (`adult: true`), and
 * server searches leave out variants (listings of a project whose canonical entry is another
 * one) unless `variants: true`.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { FtsStemmer, openCatalog, SCHEMA_VERSION } from "./db.ts";
import { ByteLru } from "./lru.ts";
import { AUTHORITY_WEIGHT } from "./authority.ts";
import { toolNameKeys } from "./name_keys.ts";
import { type ChangeKind, type ChangeRow, newEntryId } from "./changes.ts";
import type { CatalogPrice } from "../model/price.ts";
import type { CatalogServer } from "../model/server.ts";
import { coreKey, matchKey } from "../model/text.ts";
import type { CatalogTool } from "../model/tool.ts";
import { coarseCount, VectorIndex } from "./vector_index.ts";
import { categoryFilterKeys } from "./tool_categories.ts";

/** BM25 column weights for `tools_fts(name, tags, category, description, features)`. */
export const TOOL_WEIGHTS = [10, 3, 3, 1, 2] as const;
/** BM25 column weights for `servers_fts(title, name, tags, categories, description, tools)`. */
export const SERVER_WEIGHTS = [10, 6, 3, 3, 1, 0.5] as const;

/** How many candidates each FTS pass returns before re-ranking and filtering. */
const CANDIDATES = 400;
/**
 * Budget of the per-term BM25 lists of each table, bytes (12 bytes per matching row: about
 * 1.4 million postings; the most common words of the server catalog match up to 15,000 rows).
 * A server fills up to {@link WARM_TERM_BYTES} of it with the common words' lists when it
 * starts; the rest holds the lists that queries read.
 */
export const TERM_CACHE_BYTES = 24 * 1024 * 1024;

/** Budget of the query word → stem cache of the term lists' keys, bytes (about 20,000 words). */
const STEM_CACHE_BYTES = 2 * 1024 * 1024;

/** Most bytes of each table's term lists read when a server starts (`warmTermLists`). */
export const WARM_TERM_BYTES = 12 * 1024 * 1024;
/** Budget of the cached id sets of filters, bytes (about 35 KB per server filter). */
export const FILTER_CACHE_BYTES = 8 * 1024 * 1024;
/** How many entries named by the query (the exact tier) are taken beyond the FTS candidates. */
const EXACT_CANDIDATES = 100;

/** Words that carry no meaning in a search for a tool (dropped unless nothing else is left). */
const STOPWORDS = new Set(
  ("a an and are as at be by can do for from get has have help how i in into is it its let me my " +
    "of on or our that the their them then this to tool tools us want we what which will with " +
    "you your need needs something some any app apps server servers mcp")
    .split(" "),
);

/** Filters of a tool search; every field optional. */
export interface ToolFilter {
  /** Include adult entries (`safe=off`); default false. */
  adult?: boolean;
  /** Category name, slug or alias (an old source label), see `categoryFilterKeys`. */
  category?: string;
  /** `free` matches every tool with a free tier; another value matches that pricing model. */
  pricing?: string;
  facetId?: string;
  subcategoryId?: string;
  leafId?: string;
}

/** Filters of a server search; every field optional. */
export interface ServerFilter {
  /** Include adult entries (`safe=off`); default false. */
  adult?: boolean;
  /** Include variants, every listing of a project (`collapse=false`); default false. */
  variants?: boolean;
  category?: string;
  /** `local` or `remote` (servers with both match either). */
  hosting?: string;
  /** `verified`, `checked` (verified or checked), `unverified` or `none`: the install facet. */
  install?: string;
  transport?: string;
  registryType?: string;
  facetId?: string;
  leafId?: string;
}

/** A lexical candidate after re-ranking. */
export interface LexicalHit {
  id: number;
  /** {@link rankLexical} score with the authority prior (exact name matches score above 10). */
  score: number;
  /** The text relevance alone: `bm25 / max(bm25) + 0.5·[all terms matched]`. */
  relevance: number;
  /** True when one of the entry's names equals the query. */
  exact: boolean;
  /** True when the entry matched every term of the query. */
  allTerms: boolean;
  /** How strongly the query names the entry (see {@link Candidate.strength}). */
  strength: number;
  /** The entry's authority prior. */
  authority: number;
  /** True for spam, parked or placeholder entries (ranked last). */
  spam: boolean;
}

/** All lexical candidates of a query, best first, and the number of entries matching any term. */
export interface LexicalResult {
  ranked: LexicalHit[];
  total: number;
}

/** A nearest neighbour by cosine similarity (1 = same direction). */
export interface VectorHit {
  id: number;
  similarity: number;
}

/** A page of a browse listing (no query): ids by popularity, and the number of matches. */
export interface BrowsePage {
  ids: number[];
  total: number;
}

/** The facts of one tool that its alternatives are chosen by ({@link CatalogStore.toolSummaries}). */
export interface ToolSummary {
  id: number;
  slug: string;
  name: string;
  /** The main category, as {@link matchKey} makes it. */
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

/** Counts per value of one filter dimension. */
export interface FacetCount {
  value: string;
  label: string;
  count: number;
}

/**
 * The words of a text as {@link queryTerms} sees them: lowercase, diacritics removed, split at
 * every character that is not a letter or a digit.
 *
 * @param text any text
 * @returns its words in order, repeats kept, e.g. `["let", "my", "agent", "query", "postgres"]`
 */
export function queryWords(text: string): string[] {
  return text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
}

/**
 * Whether a word is a stopword, which {@link queryTerms} leaves out of a query that has other
 * words.
 *
 * @param word a lowercase word of {@link queryWords}
 * @returns true for `and`, `the`, `server`, `mcp`, …
 */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/**
 * Splits a free-text query into FTS5 terms: lowercase words of letters and digits, stopwords
 * dropped (unless nothing else is left), at most 12 terms, each quoted so FTS5 syntax characters
 * in user input are never interpreted.
 *
 * @param q the user's query, e.g. `"let my agent query Postgres"`
 * @returns quoted terms, e.g. `['"agent"', '"query"', '"postgres"']`; empty for a blank query
 */
export function queryTerms(q: string): string[] {
  const words = queryWords(q);
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  const chosen = [...new Set(meaningful.length > 0 ? meaningful : words)].slice(0, 12);
  return chosen.map((w) => `"${w}"`);
}

/** One FTS candidate before re-ranking. */
export interface Candidate {
  id: number;
  /** Negated BM25 (higher is better). */
  bm25: number;
  /** True when the document matched every term. */
  allTerms: boolean;
  /** The entry's authority prior (`authority.ts`). */
  authority: number;
  /**
   * How strongly the query names the entry (`name_keys.ts`): 0 not at all, 1 one of its names,
   * 2 the product its vendor publishes it for, or a reference server's folder.
   */
  strength: number;
  /** True for spam, parked or placeholder entries. */
  spam: boolean;
}

/**
 * Orders lexical candidates: spam last; entries the query names first (the product's vendor or
 * reference server before other entries of that name; among each, by authority); then by
 * `relevance + weight·authority`, where `relevance = bm25 / max(bm25) + 0.5·[all terms matched]`.
 *
 * @param candidates candidates from the FTS passes
 * @param weight weight of the authority prior (`AUTHORITY_WEIGHT` of the corpus)
 * @returns the candidates with their scores, best first
 */
export function rankLexical(candidates: Candidate[], weight: number): LexicalHit[] {
  const max = Math.max(1e-9, ...candidates.map((c) => c.bm25));
  return candidates
    .map((c) => {
      const relevance = c.bm25 / max + (c.allTerms ? 0.5 : 0);
      return {
        id: c.id,
        relevance,
        score: (c.strength > 0 ? 10 * c.strength + 2 * c.authority : 0) + relevance +
          weight * c.authority,
        exact: c.strength > 0,
        allTerms: c.allTerms,
        strength: c.strength,
        authority: c.authority,
        spam: c.spam,
      };
    })
    .sort((a, b) => Number(a.spam) - Number(b.spam) || b.score - a.score || a.id - b.id);
}

/** A server as the registry index reads it ({@link CatalogStore.serverIndexRows}). */
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

type SourceRefLike = { source: string; sourceId: string };

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

/** A filter's SQL, and the default exclusions as a set of row ids. */
interface _Where {
  sql: string;
  params: SQLInputValue[];
  /** True when the caller's filter has clauses of its own (beyond the default exclusions). */
  own: boolean;
  /** Row ids the default exclusions leave out. */
  exclude: ReadonlySet<number>;
  /**
   * Set when every clause of the caller's own is a server facet (`key`, `value`): the ids then
   * come from `server_facets`' primary key instead of a scan of the wide `servers` rows.
   */
  facets?: [string, string][];
  /** How many of the clauses are default exclusions (added last). */
  defaults: number;
}

/** Per-row accumulators of the lexical scorer (zero between queries) and a work buffer. */
interface _Scratch {
  score: Float64Array;
  hits: Uint16Array;
  values: Float64Array;
  /** Ids matching any term, in the order first met (the first `n`). */
  touched: Int32Array;
  /** Ids matching every term (the first `m`). */
  every: Int32Array;
}

/**
 * The k-th largest number of an array (k from 1), by quickselect; reorders the array.
 *
 * @param values the numbers (at least `k` of them)
 * @param k rank from the top
 * @returns the value
 */
export function kthLargest(values: Float64Array, k: number): number {
  let lo = 0, hi = values.length - 1;
  const target = values.length - k;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo, j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return values[target]!;
  }
  return values[target]!;
}

/** Flagged row ids of one table. */
interface _Flagged {
  adult: Set<number>;
  variants: Set<number>;
  spam: Set<number>;
}

/**
 * The read side of the catalog. Open one per process and share it; every method is synchronous
 * and safe to call concurrently from request handlers (SQLite serializes them).
 */
export class CatalogStore {
  readonly db: DatabaseSync;
  /** The file the store was opened from (`undefined` for a database handed in). */
  path: string | undefined;
  #statements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  #arrayStatements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  #indexes = new Map<string, VectorIndex>();
  #once = new Map<string, unknown>();
  #terms = new Map<string, ByteLru<string, { ids: Int32Array; scores: Float64Array }>>();
  #stemmer: FtsStemmer | undefined;
  #stems = new ByteLru<string, string>(STEM_CACHE_BYTES);
  #scratchOf = new Map<string, _Scratch>();
  #filters = new ByteLru<string, { ids: Int32Array; mask: Uint8Array }>(FILTER_CACHE_BYTES);
  #vectorSources = new Map<string, "chunks" | "rows">();
  #flags = new Map<string, _Flagged>();
  #excludedArrays = new WeakMap<ReadonlySet<number>, Int32Array>();
  #authority = new Map<string, Map<number, number>>();
  #leafVectors: Map<string, Float32Array> | undefined;
  #leafIds = new Map<string, Map<number, string>>();
  #hasVectors: boolean | undefined;

  /**
   * @param db an open catalog database (see {@link CatalogStore.open})
   */
  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /**
   * Opens a built catalog file read-only.
   *
   * @param path path of `catalog.db`
   * @returns the store
   * @throws {Error} when the file is missing, unreadable or of another schema version
   */
  static open(path: string): CatalogStore {
    const store = new CatalogStore(openCatalog(path, { readOnly: true }));
    store.path = path;
    const version = store.meta("schema_version");
    if (version !== String(SCHEMA_VERSION)) {
      store.close();
      throw new Error(
        `Cannot use catalog "${path}": schema version ${version} is not ${SCHEMA_VERSION}`,
      );
    }
    return store;
  }

  /** Closes the database. */
  close(): void {
    this.db.close();
    this.#stemmer?.close();
    this.#stemmer = undefined;
  }

  /** A value computed once per open catalog (the catalog is read-only while it is open). */
  #memo<T>(key: string, compute: () => T): T {
    if (this.#once.has(key)) return this.#once.get(key) as T;
    const value = compute();
    this.#once.set(key, value);
    return value;
  }

  /** A prepared statement whose rows come as arrays, not objects (prepared once per SQL text). */
  #arrayStatement(sql: string): ReturnType<DatabaseSync["prepare"]> {
    let st = this.#arrayStatements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      (st as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
      this.#arrayStatements.set(sql, st);
    }
    return st;
  }

  #prepare(sql: string) {
    let st = this.#statements.get(sql);
    if (!st) this.#statements.set(sql, st = this.db.prepare(sql));
    return st;
  }

  #all(sql: string, ...params: SQLInputValue[]): Record<string, unknown>[] {
    return this.#prepare(sql).all(...params) as Record<string, unknown>[];
  }

  #get(sql: string, ...params: SQLInputValue[]): Record<string, unknown> | undefined {
    return this.#prepare(sql).get(...params) as Record<string, unknown> | undefined;
  }

  /**
   * The FTS terms of the table's most common words (`common_words` in `meta`, written by the
   * catalog writer: `COMMON_WORD_MIN_DOCS` in `writer.ts`; most common first),
   * whose BM25 lists are the slowest to read; empty for a catalog written before it existed.
   *
   * @param table `tools` or `servers`
   * @returns quoted terms, as {@link queryTerms} gives them
   */
  commonTerms(table: "tools" | "servers"): string[] {
    const all = this.#memo("common_words", () => {
      const raw = this.meta("common_words");
      return raw === undefined ? {} : JSON.parse(raw) as Record<string, string[]>;
    });
    return (all[table] ?? []).map((w) => `"${w}"`);
  }

  /**
   * Bytes held by the table's in-memory BM25 term lists (see {@link CatalogStore.readTermList}).
   *
   * @param table `tools` or `servers`
   * @returns bytes, as the cache counts them (12 per posting)
   */
  termListBytes(table: "tools" | "servers"): number {
    return this.#terms.get(table)?.bytes ?? 0;
  }

  /** A value of the `meta` table (`built_at`, `report`, `schema_version`), or `undefined`. */
  meta(key: string): string | undefined {
    return this.#get("SELECT value FROM meta WHERE key = ?", key)?.value as string | undefined;
  }

  /**
   * Row ids of a table in order, after a given id: the pages of a full scan (exports).
   *
   * @param table `tools` or `servers`
   * @param after the last id of the previous page (0 for the first)
   * @param limit page size
   * @returns up to `limit` ids greater than `after`, ascending
   */
  idsAfter(table: "tools" | "servers", after: number, limit: number): number[] {
    return this.#all(`SELECT id FROM ${table} WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
      .map((r) => Number(r.id));
  }

  /** Numbers of tools, servers and prices in the catalog. */
  counts(): { tools: number; servers: number; prices: number } {
    return this.#memo("counts", () => this.#counts());
  }

  #counts(): { tools: number; servers: number; prices: number } {
    const n = (t: string) => Number(this.#get(`SELECT count(*) AS n FROM ${t}`)!.n);
    return { tools: n("tools"), servers: n("servers"), prices: n("prices") };
  }

  // ---------------------------------------------------------------- tools

  /** The tool with this slug, or `undefined`. */
  toolBySlug(slug: string): CatalogTool | undefined {
    const row = this.#get("SELECT doc FROM tools WHERE slug = ?", slug.toLowerCase());
    return row ? JSON.parse(row.doc as string) as CatalogTool : undefined;
  }

  /** Row id of the tool with this slug, or `undefined`. */
  toolId(slug: string): number | undefined {
    const row = this.#get("SELECT id FROM tools WHERE slug = ?", slug.toLowerCase());
    return row ? Number(row.id) : undefined;
  }

  /** Tools by row id, in the order given (unknown ids are left out). */
  toolsByIds(ids: number[]): CatalogTool[] {
    return this.#docsByIds<CatalogTool>("tools", ids);
  }

  /** The parsed `doc` of rows of `table` by id, in the order given (unknown ids left out). */
  #docsByIds<T>(table: "tools" | "servers", ids: number[]): T[] {
    if (ids.length === 0) return [];
    const rows = this.#all(
      `SELECT id, doc FROM ${table} WHERE id IN (${ids.map(() => "?").join(",")})`,
      ...ids,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r.doc as string]));
    return ids.flatMap((id) => {
      const doc = byId.get(id);
      return doc === undefined ? [] : [JSON.parse(doc) as T];
    });
  }

  #toolWhere(filter: ToolFilter): _Where {
    const clauses: string[] = [];
    const params: SQLInputValue[] = [];
    if (filter.category !== undefined) {
      // A canonical name, its slug or an alias (an old source label) of it.
      const keys = categoryFilterKeys(filter.category);
      clauses.push(`t.category_key IN (${keys.map(() => "?").join(", ")})`);
      params.push(...keys);
    }
    if (filter.pricing !== undefined) {
      if (filter.pricing === "free") clauses.push("t.has_free_tier = 1");
      else {
        clauses.push("t.pricing = ?");
        params.push(filter.pricing);
      }
    }
    for (
      const [col, value] of [
        ["facet_id", filter.facetId],
        ["subcategory_id", filter.subcategoryId],
        ["leaf_id", filter.leafId],
      ] as const
    ) {
      if (value !== undefined) {
        clauses.push(`t.${col} = ?`);
        params.push(value);
      }
    }
    return this.#withDefaults("tools", clauses, params, filter.adult === true, true);
  }

  /**
   * Adds the default exclusions (adult entries; server variants) to a filter's own clauses. The
   * excluded row ids are also returned as a set, so a vector search without other filters can
   * take the unfiltered index path and drop them afterwards.
   */
  #withDefaults(
    table: "tools" | "servers",
    clauses: string[],
    params: SQLInputValue[],
    adult: boolean,
    variants: boolean,
  ): _Where {
    const own = clauses.length > 0;
    const withVariants = variants || table !== "servers";
    if (!adult) clauses.push("t.adult = 0");
    if (!withVariants) clauses.push("t.canonical_id IS NULL");
    // The excluded ids do not change while the catalog is open: one shared set per combination.
    const exclude = this.#memo(`exclude:${table}:${adult}:${withVariants}`, () => {
      const ids = new Set<number>();
      if (!adult) { for (const id of this.#flagged(table).adult) ids.add(id); }
      if (!withVariants) { for (const id of this.#flagged(table).variants) ids.add(id); }
      return ids as ReadonlySet<number>;
    });
    return {
      sql: clauses.length ? clauses.join(" AND ") : "1",
      params,
      own,
      exclude,
      defaults: Number(!adult) + Number(!withVariants),
    };
  }

  /** Row ids of adult entries, variants and spam of a table, read once. */
  #flagged(table: "tools" | "servers"): _Flagged {
    let f = this.#flags.get(table);
    if (f) return f;
    const variantCol = table === "servers" ? "canonical_id IS NOT NULL" : "0";
    f = { adult: new Set(), variants: new Set(), spam: new Set() };
    for (
      const r of this.#all(
        `SELECT id, adult, spam, ${variantCol} AS variant FROM ${table}
         WHERE adult = 1 OR spam = 1 OR ${variantCol}`,
      )
    ) {
      const id = Number(r.id);
      if (Number(r.adult) === 1) f.adult.add(id);
      if (Number(r.spam) === 1) f.spam.add(id);
      if (Number(r.variant) === 1) f.variants.add(id);
    }
    this.#flags.set(table, f);
    return f;
  }

  /** Row ids of spam, parked or placeholder entries (ranked after every other match). */
  spamIds(table: "tools" | "servers"): ReadonlySet<number> {
    return this.#flagged(table).spam;
  }

  /**
   * The authority prior of every row of a table (`authority.ts`), read once.
   *
   * @param table `tools` or `servers`
   * @returns row id → prior
   */
  authorities(table: "tools" | "servers"): Map<number, number> {
    let map = this.#authority.get(table);
    if (map) return map;
    map = new Map();
    for (const r of this.#all(`SELECT id, authority FROM ${table}`)) {
      map.set(Number(r.id), Number(r.authority));
    }
    this.#authority.set(table, map);
    return map;
  }

  /**
   * Tools matching a filter, most popular first (the listing when there is no query).
   *
   * @param filter filters
   * @param limit page size
   * @param offset entries to skip
   * @returns a page of row ids and the number of matching tools
   */
  browseTools(filter: ToolFilter, limit: number, offset: number): BrowsePage {
    return this.#browse("tools", "name_key", this.#toolWhere(filter), limit, offset);
  }

  /** A page of `table`'s rows that pass `where`, most popular first, ties by `nameColumn`. */
  #browse(
    table: "tools" | "servers",
    nameColumn: "name_key" | "title_key",
    where: _Where,
    limit: number,
    offset: number,
  ): BrowsePage {
    // The filter's ids (cached per filter) walked in the table's browse order (read once), instead
    // of a count and an ORDER BY over the filter's SQL: 87-119 ms per page of servers on the event
    // loop, every time, measured on the real catalog.
    const { ids, mask } = this.#filterIds(table, where);
    const page: number[] = [];
    let skipped = 0;
    for (const id of this.#browseOrder(table, nameColumn)) {
      if (mask[id] !== 1) continue;
      if (skipped++ < offset) continue;
      page.push(id);
      if (page.length === limit) break;
    }
    return { ids: page, total: ids.length };
  }

  /** Every id of a table, most popular first, then by name key and id (read once, about 90 ms). */
  #browseOrder(table: "tools" | "servers", nameColumn: "name_key" | "title_key"): Int32Array {
    return this.#memo(`order:${table}`, () =>
      Int32Array.from(
        this.#all(`SELECT id FROM ${table} ORDER BY popularity DESC, ${nameColumn}, id`),
        (r) => Number(r.id),
      ));
  }

  /**
   * Lexical tool search: BM25 candidates of all terms, then of any term, re-ranked.
   *
   * @param q free-text query (non-blank)
   * @param filter filters applied before ranking
   * @returns ranked candidates (at most about 800) and the number of tools matching any term
   */
  lexicalTools(q: string, filter: ToolFilter): LexicalResult {
    return this.#lexical("tools", TOOL_WEIGHTS, q, this.#toolWhere(filter));
  }

  /**
   * Nearest tools to a query vector (cosine), within a filter.
   *
   * @param vector normalized query embedding
   * @param filter filters applied before ranking
   * @param k how many neighbours
   * @returns neighbours, most similar first; empty when the catalog has no vectors
   */
  knnTools(vector: Float32Array, filter: ToolFilter, k: number, rows?: Int32Array): VectorHit[] {
    return this.#knn("tools", vector, this.#toolWhere(filter), k, rows);
  }

  /**
   * Main categories with their tool counts, most tools first. Counts are of the tools a search
   * shows by default (adult tools left out), so a category's count equals its search total.
   */
  toolCategories(): FacetCount[] {
    return this.#memo("toolCategories", () => this.#toolCategories());
  }

  #toolCategories(): FacetCount[] {
    return this.#all(
      `SELECT category_key AS value, min(category) AS label, count(*) AS count FROM tools
       WHERE adult = 0 GROUP BY category_key ORDER BY count DESC, label`,
    ).map((r) => ({ value: r.value as string, label: r.label as string, count: Number(r.count) }));
  }

  /**
   * For every tool category, the taxonomy leaf holding most of its tools (primary placements).
   *
   * @returns category key (see `matchKey`) → `{leafId, count}`; ties go to the smaller leaf id
   */
  toolCategoryLeaves(): Map<string, { leafId: string; count: number }> {
    return this.#memo("toolCategoryLeaves", () => this.#toolCategoryLeaves());
  }

  #toolCategoryLeaves(): Map<string, { leafId: string; count: number }> {
    const out = new Map<string, { leafId: string; count: number }>();
    for (
      const r of this.#all(
        `SELECT category_key, leaf_id, count(*) AS n FROM tools WHERE leaf_id IS NOT NULL
         AND adult = 0 GROUP BY category_key, leaf_id ORDER BY n DESC, leaf_id`,
      )
    ) {
      const key = r.category_key as string;
      if (!out.has(key)) out.set(key, { leafId: r.leaf_id as string, count: Number(r.n) });
    }
    return out;
  }

  /**
   * Counts of tools per taxonomy node id (facet, subcategory and leaf ids together), of the tools
   * a search shows by default.
   */
  toolPlacementCounts(): Map<string, number> {
    return this.#placementCounts("tools");
  }

  /**
   * Counts of servers per taxonomy node id (facet, subcategory and leaf ids together), of the
   * servers a search shows by default (canonical entries, adult ones left out).
   */
  serverPlacementCounts(): Map<string, number> {
    return this.#placementCounts("servers");
  }

  #placementCounts(table: "tools" | "servers"): Map<string, number> {
    const counts = new Map<string, number>();
    const visible = this.#withDefaults(table, [], [], false, false).sql;
    for (const col of ["facet_id", "subcategory_id", "leaf_id"]) {
      for (
        const r of this.#all(
          `SELECT ${col} AS id, count(*) AS n FROM ${table} t
           WHERE ${col} IS NOT NULL AND ${visible} GROUP BY ${col}`,
        )
      ) counts.set(r.id as string, Number(r.n));
    }
    return counts;
  }

  /** Number of entries without a taxonomy placement. */
  unclassified(table: "tools" | "servers"): number {
    return Number(this.#get(`SELECT count(*) AS n FROM ${table} WHERE leaf_id IS NULL`)!.n);
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
    const row = this.#get("SELECT id, category_key FROM tools WHERE slug = ?", slug.toLowerCase());
    if (!row) return [];
    const tool = this.toolBySlug(slug)!;
    const terms = queryTerms([tool.name, ...tool.tags, tool.description].join(" ")).slice(0, 12);
    const id = Number(row.id);
    const ranked = terms.length === 0 ? [] : this.#all(
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
    const more = this.#all(
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
    return this.#all(
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

  // ---------------------------------------------------------------- servers

  /** The server with this name (case-insensitive), or `undefined`. */
  serverByName(name: string): CatalogServer | undefined {
    const row = this.#get("SELECT doc FROM servers WHERE name = ?", name);
    return row ? JSON.parse(row.doc as string) as CatalogServer : undefined;
  }

  /** Row id of the server with this name, or `undefined`. */
  serverId(name: string): number | undefined {
    const row = this.#get("SELECT id FROM servers WHERE name = ?", name);
    return row ? Number(row.id) : undefined;
  }

  /** Servers by row id, in the order given (unknown ids are left out). */
  serversByIds(ids: number[]): CatalogServer[] {
    return this.#docsByIds<CatalogServer>("servers", ids);
  }

  #serverWhere(filter: ServerFilter): _Where {
    const clauses: string[] = [];
    const params: SQLInputValue[] = [];
    const facets: [string, string][] = [];
    const facet = (key: string, value: string) => {
      clauses.push(
        "EXISTS (SELECT 1 FROM server_facets x WHERE x.key = ? AND x.value = ? AND x.server_id = t.id)",
      );
      params.push(key, value);
      facets.push([key, value]);
    };
    if (filter.category !== undefined) facet("category", matchKey(filter.category));
    if (filter.hosting !== undefined) facet("hosting", filter.hosting);
    if (filter.install !== undefined) facet("install", filter.install);
    if (filter.transport !== undefined) facet("transport", filter.transport);
    if (filter.registryType !== undefined) facet("registryType", filter.registryType);
    if (filter.facetId !== undefined) {
      clauses.push("t.facet_id = ?");
      params.push(filter.facetId);
    }
    if (filter.leafId !== undefined) {
      clauses.push("t.leaf_id = ?");
      params.push(filter.leafId);
    }
    const where = this.#withDefaults(
      "servers",
      clauses,
      params,
      filter.adult === true,
      filter.variants === true,
    );
    if (facets.length > 0 && facets.length === clauses.length - where.defaults) {
      where.facets = facets;
    }
    return where;
  }

  /**
   * Servers matching a filter, most popular first (the listing when there is no query).
   *
   * @param filter filters
   * @param limit page size
   * @param offset entries to skip
   * @returns a page of row ids and the number of matching servers
   */
  browseServers(filter: ServerFilter, limit: number, offset: number): BrowsePage {
    return this.#browse("servers", "title_key", this.#serverWhere(filter), limit, offset);
  }

  /**
   * Ids of the servers passing a filter (its clauses and the default exclusions), ascending;
   * computed once per filter and cached (the set lexical and filtered vector searches use).
   *
   * @param filter filters
   * @returns the ids (shared: do not change them)
   */
  serverIdsMatching(filter: ServerFilter): Int32Array {
    return this.#filterIds("servers", this.#serverWhere(filter)).ids;
  }

  /**
   * Lexical server search: BM25 candidates of all terms, then of any term, re-ranked.
   *
   * @param q free-text query (non-blank)
   * @param filter filters applied before ranking
   * @returns ranked candidates and the number of servers matching any term
   */
  lexicalServers(q: string, filter: ServerFilter): LexicalResult {
    return this.#lexical("servers", SERVER_WEIGHTS, q, this.#serverWhere(filter));
  }

  /**
   * The terms of a query whose per-term BM25 lists are not in memory: the lexical pass reads each
   * of them from the FTS index first (a common word's list is up to about 15,000 rows and 5-15 ms
   * to read). `rank` reads them one job at a time with {@link CatalogStore.readTermList}, so one
   * search never holds the event loop for all its reads at once.
   *
   * @param table `tools` or `servers`
   * @param q free-text query
   * @returns FTS terms (as `queryTerms` gives them), in query order
   */
  uncachedTerms(table: "tools" | "servers", q: string): string[] {
    const cache = this.#terms.get(table);
    const keys = new Set<string>();
    return queryTerms(q).filter((term) => {
      // Words with one stem share a list: it is read once.
      const key = this.#termKey(term);
      if (cache?.has(key) || keys.has(key)) return false;
      keys.add(key);
      return true;
    });
  }

  /**
   * Reads one term's BM25 list into memory (the first step of the lexical pass; see
   * {@link CatalogStore.uncachedTerms}). Does nothing when it is already there.
   *
   * @param table `tools` or `servers`
   * @param term an FTS term from {@link CatalogStore.uncachedTerms}
   */
  readTermList(table: "tools" | "servers", term: string): void {
    this.#termScores(table, table === "tools" ? TOOL_WEIGHTS : SERVER_WEIGHTS, term);
  }

  /**
   * Nearest servers to a query vector (cosine), within a filter.
   *
   * @param vector normalized query embedding
   * @param filter filters applied before ranking
   * @param k how many neighbours
   * @returns neighbours, most similar first; empty when the catalog has no vectors
   */
  knnServers(
    vector: Float32Array,
    filter: ServerFilter,
    k: number,
    rows?: Int32Array,
  ): VectorHit[] {
    return this.#knn("servers", vector, this.#serverWhere(filter), k, rows);
  }

  /**
   * Exact k-NN over the stored vectors with sqlite-vec (a full scan of the `vec0` table, about
   * 40 ms for the servers): the reference the two-stage scan of {@link CatalogStore.knnServers}
   * is measured against (`deno task eval` prints the recall).
   *
   * @param table `tools` or `servers`
   * @param vector normalized query embedding
   * @param k how many neighbours
   * @returns neighbours of every row (no filter, no exclusion), most similar first
   */
  exactKnn(table: "tools" | "servers", vector: Float32Array, k: number): VectorHit[] {
    if (!this.hasVectors) return [];
    const blob = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
    return this.#all(
      `SELECT rowid AS id, distance FROM ${table}_vec WHERE embedding MATCH ? AND k = ?`,
      blob,
      BigInt(k),
    ).map((r) => ({ id: Number(r.id), similarity: 1 - Number(r.distance) }));
  }

  /**
   * Nearest entries by the two-stage scan (`vector_index.ts`), over every row (no filter, no
   * exclusion): what {@link CatalogStore.exactKnn} is compared with.
   *
   * @param table `tools` or `servers`
   * @param vector normalized query embedding
   * @param k how many neighbours
   * @returns neighbours, most similar first
   */
  approximateKnn(table: "tools" | "servers", vector: Float32Array, k: number): VectorHit[] {
    return this.vectorIndex(table)?.search(vector, k) ?? [];
  }

  /**
   * How many coarse candidates the query worker should scan for a k-NN search of this filter
   * (`vector_index.ts`), or `undefined` when the filter has clauses of its own (its rows are
   * scanned here, from a cached int8 copy of them).
   *
   * @param table `tools` or `servers`
   * @param filter the search's filter
   * @param k neighbours wanted
   * @returns the count, or `undefined`
   */
  coarseCountFor(
    table: "tools" | "servers",
    filter: ToolFilter | ServerFilter,
    k: number,
  ): number | undefined {
    const where = table === "tools"
      ? this.#toolWhere(filter as ToolFilter)
      : this.#serverWhere(filter as ServerFilter);
    return where.own ? undefined : coarseCount(k, where.exclude.size);
  }

  /**
   * The entry ids a filter's default exclusions leave out (adult entries, server variants), as
   * one array per combination, made once: what the query worker drops when it rescores the rows
   * of an unfiltered vector search.
   *
   * @param table `tools` or `servers`
   * @param filter the search's filter (only its `adult` and `variants` choices matter)
   * @returns the ids (shared: do not change them)
   */
  excludedIds(table: "tools" | "servers", filter: ToolFilter | ServerFilter): Int32Array {
    const where = table === "tools"
      ? this.#toolWhere(filter as ToolFilter)
      : this.#serverWhere(filter as ServerFilter);
    let ids = this.#excludedArrays.get(where.exclude);
    if (!ids) this.#excludedArrays.set(where.exclude, ids = Int32Array.from(where.exclude));
    return ids;
  }

  /** True when the catalog was built with embeddings. */
  get hasVectors(): boolean {
    return this.#hasVectors ??= this.meta("embedding_model") !== undefined;
  }

  /**
   * The in-memory vector index of a table (`vector_index.ts`: float32 vectors and their int8
   * copy for the two-stage scan), built once from the `vec0` table.
   *
   * @param table `tools` or `servers`
   * @returns the index, or `undefined` for a catalog without vectors
   */
  vectorIndex(table: "tools" | "servers"): VectorIndex | undefined {
    if (!this.hasVectors) return undefined;
    let index = this.#indexes.get(table);
    if (index) return index;
    const dim = Number(this.meta("embedding_dimension"));
    const n = Number(this.#get(`SELECT count(*) AS n FROM ${table}_vec`)!.n);
    // In shared memory: the query worker rescores the coarse rows of unfiltered searches on the
    // same vectors (`QueryEmbedder.attachIndex`) without a copy of its own (68 MB for the servers).
    const all = new Float32Array(new SharedArrayBuffer(n * dim * 4));
    const ids = new Int32Array(n);
    const fast = this.#vectorsFromChunks(table, dim, n, all, ids);
    this.#vectorSources.set(table, fast === undefined ? "rows" : "chunks");
    if (fast !== undefined) {
      index = new VectorIndex(ids.subarray(0, fast), all.subarray(0, fast * dim), dim);
      this.#indexes.set(table, index);
      return index;
    }
    let i = 0;
    // Row by row: materializing every blob at once doubled the process's resident memory.
    const rows = this.#prepare(`SELECT rowid AS id, embedding FROM ${table}_vec`).iterate();
    for (const r of rows as Iterable<Record<string, unknown>>) {
      if (i === n) break;
      const bytes = r.embedding as Uint8Array;
      // sqlite-vec stores little-endian float32, the byte order of every platform Deno runs on.
      // A Float32Array view needs a 4-byte-aligned offset; copy the bytes first when it is not.
      const aligned = bytes.byteOffset % 4 === 0
        ? new Float32Array(bytes.buffer, bytes.byteOffset, dim)
        : new Float32Array(bytes.slice(0, dim * 4).buffer);
      all.set(aligned, i * dim);
      ids[i] = Number(r.id);
      i++;
    }
    index = new VectorIndex(ids.subarray(0, i), all.subarray(0, i * dim), dim);
    this.#indexes.set(table, index);
    return index;
  }

  /**
   * How {@link vectorIndex} read a table's vectors: `chunks` (sqlite-vec's chunk tables, the fast
   * path), `rows` (row by row, the fallback), or `undefined` before the first read.
   *
   * @param table `tools` or `servers`
   */
  vectorSource(table: "tools" | "servers"): "chunks" | "rows" | undefined {
    return this.#vectorSources.get(table);
  }

  /**
   * Every vector of a table read row by row through the `vec0` virtual table, in its order: the
   * slow reference the chunk reader of {@link vectorIndex} is tested against.
   *
   * @param table `tools` or `servers`
   * @returns `{id, vector}` per stored row (empty without vectors)
   */
  vectorRows(table: "tools" | "servers"): { id: number; vector: Float32Array }[] {
    if (!this.hasVectors) return [];
    return this.#all(`SELECT rowid AS id, embedding FROM ${table}_vec`).map((r) => {
      const bytes = (r.embedding as Uint8Array).slice();
      return { id: Number(r.id), vector: new Float32Array(bytes.buffer) };
    });
  }

  /**
   * Reads every vector of a `vec0` table from its chunk tables, one blob of 1,024 vectors at a
   * time, instead of row by row through the virtual table (about 30-50 µs a row: 1.6-10 s for the
   * servers' 33,000 vectors, which the first semantic search waited for). The layout is sqlite-vec
   * 0.1's: `{t}_chunks(chunk_id, size, validity, rowids)` with a validity bitmap and little-endian
   * int64 rowids, and `{t}_vector_chunks00(rowid = chunk_id, vectors)` with `size` float32 vectors
   * back to back. Anything else (another layout, a count that does not add up) answers
   * `undefined`, and the caller reads row by row.
   *
   * @returns the number of vectors read into `all` and `ids`, or `undefined`
   */
  #vectorsFromChunks(
    table: "tools" | "servers",
    dim: number,
    n: number,
    all: Float32Array,
    ids: Int32Array,
  ): number | undefined {
    try {
      const chunks = this.#all(
        `SELECT c.size AS size, c.validity AS validity, c.rowids AS rowids, v.vectors AS vectors
         FROM ${table}_vec_chunks c JOIN ${table}_vec_vector_chunks00 v ON v.rowid = c.chunk_id
         ORDER BY c.chunk_id`,
      );
      let i = 0;
      for (const c of chunks) {
        const size = Number(c.size);
        const validity = c.validity as Uint8Array;
        const rowids = c.rowids as Uint8Array;
        const vectors = c.vectors as Uint8Array;
        if (
          validity.byteLength * 8 < size || rowids.byteLength !== size * 8 ||
          vectors.byteLength !== size * dim * 4
        ) return undefined;
        const rowView = new DataView(rowids.buffer, rowids.byteOffset, rowids.byteLength);
        const vecView = vectors.byteOffset % 4 === 0
          ? new Float32Array(vectors.buffer, vectors.byteOffset, size * dim)
          : new Float32Array(vectors.slice().buffer);
        for (let k = 0; k < size; k++) {
          if ((validity[k >> 3]! & (1 << (k & 7))) === 0) continue;
          if (i === n) return undefined;
          ids[i] = Number(rowView.getBigInt64(k * 8, true));
          all.set(vecView.subarray(k * dim, (k + 1) * dim), i * dim);
          i++;
        }
      }
      return i === n ? i : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The stored embedding of a tool or server row (a view into the vector index, read once and
   * kept in memory: point lookups in a `vec0` table cost about 35 µs each), or `undefined`.
   */
  vectorOf(table: "tools" | "servers", id: number): Float32Array | undefined {
    return this.vectorIndex(table)?.vectorOf(id);
  }

  /**
   * Embeddings of the taxonomy leaves' texts, stored at ingest with the entries' vectors.
   *
   * @returns leaf id → unit vector; empty for a catalog without vectors
   */
  leafVectors(): Map<string, Float32Array> {
    if (this.#leafVectors) return this.#leafVectors;
    this.#leafVectors = new Map();
    if (this.hasVectors) {
      for (const r of this.#all("SELECT leaf_id, embedding FROM leaf_vectors")) {
        const bytes = r.embedding as Uint8Array;
        this.#leafVectors.set(
          r.leaf_id as string,
          new Float32Array(
            bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
          ),
        );
      }
    }
    return this.#leafVectors;
  }

  /**
   * The primary taxonomy leaf of every row of a table, read once and kept in memory.
   *
   * @param table `tools` or `servers`
   * @returns row id → leaf id (rows without a leaf are absent)
   */
  leafIds(table: "tools" | "servers"): Map<number, string> {
    let map = this.#leafIds.get(table);
    if (map) return map;
    map = new Map();
    for (const r of this.#all(`SELECT id, leaf_id FROM ${table} WHERE leaf_id IS NOT NULL`)) {
      map.set(Number(r.id), r.leaf_id as string);
    }
    this.#leafIds.set(table, map);
    return map;
  }

  /**
   * Counts of servers per value of each filter dimension, of the servers a search shows by
   * default (canonical entries, adult ones left out).
   *
   * @returns `category`, `hosting`, `transport` and `registryType` counts, largest first
   */
  serverFacets(): Record<"category" | "hosting" | "transport" | "registryType", FacetCount[]> {
    return this.#memo("serverFacets", () => this.#serverFacets());
  }

  #serverFacets(): Record<"category" | "hosting" | "transport" | "registryType", FacetCount[]> {
    const out = { category: [], hosting: [], transport: [], registryType: [] } as Record<
      "category" | "hosting" | "transport" | "registryType",
      FacetCount[]
    >;
    const visible = this.#withDefaults("servers", [], [], false, false).sql;
    for (
      const r of this.#all(
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

  // ---------------------------------------------------------------- change history

  /**
   * The install methods and official versions of every server that has any, as JSON text, for
   * the registry index (`registry.ts`: which entries a client can install, which versions to
   * list). About 1 s for 33,000 servers (`json_extract` over the documents, measured).
   *
   * @returns `{id, packages, remotes, versions}` per server with a non-empty array among them
   *   (each `null` when empty or absent), in row-id order
   */
  registryDocFields(): {
    id: number;
    packages: string | null;
    remotes: string | null;
    versions: string | null;
  }[] {
    return this.#all(
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
    return this.#all(
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

  /**
   * The change history row of one entry, live or tombstone (`changes.ts`).
   *
   * @param kind `server`, `tool` or `price`
   * @param key its name, slug or id (case-insensitive)
   * @returns the row, or `undefined`
   */
  changeRow(kind: ChangeKind, key: string): ChangeRow | undefined {
    const r = this.#get(
      `SELECT kind, key, id, first_seen_at, updated_at, hash, deleted_at, renamed_to, summary
       FROM changes WHERE kind = ? AND key = ?`,
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
      const r = this.#get(
        "SELECT id FROM changes WHERE kind = ? AND key = ? AND deleted_at IS NULL",
        kind,
        key,
      );
      if (r) return r.id as string;
    }
    return newEntryId(kind, key);
  }

  /**
   * The stable ids ({@link CatalogStore.entryId}) of tools or servers by row id, in one query.
   *
   * @param kind `tool` or `server`
   * @param ids row ids
   * @returns the entry id of each row id, in order (`""` for an unknown row id)
   */
  entryIdsOfRows(kind: "tool" | "server", ids: readonly number[]): string[] {
    if (ids.length === 0) return [];
    const [table, col] = kind === "tool" ? ["tools", "slug"] : ["servers", "name"];
    const rows = this.hasChangeHistory
      ? this.#all(
        `SELECT t.id AS id, t.${col} AS key, c.id AS entry_id FROM ${table} t
         LEFT JOIN changes c ON c.kind = ? AND c.key = t.${col} AND c.deleted_at IS NULL
         WHERE t.id IN (SELECT value FROM json_each(?))`,
        kind,
        JSON.stringify(ids),
      )
      : this.#all(
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
    const [table, col] = kind === "tool" ? ["tools", "slug"] : ["servers", "name"];
    const rows = this.hasChangeHistory
      ? this.#all(
        `SELECT t.${col} AS key, c.updated_at AS updated_at FROM ${table} t
         LEFT JOIN changes c ON c.kind = ? AND c.key = t.${col} AND c.deleted_at IS NULL
         ORDER BY t.${col}`,
        kind,
      )
      : this.#all(`SELECT ${col} AS key, NULL AS updated_at FROM ${table} ORDER BY ${col}`);
    return rows.map((r) => ({
      key: r.key as string,
      updatedAt: (r.updated_at as string | null) ?? null,
    }));
  }

  /**
   * The catalog key of every live tool or server by its stable id ({@link CatalogStore.entryId}),
   * for listing reviews with the entries they are about (an export, the operator's list).
   *
   * @param kind `tool` or `server`
   * @returns entry id → slug or name
   */
  entryKeys(kind: "tool" | "server"): Map<string, string> {
    const [table, col] = kind === "tool" ? ["tools", "slug"] : ["servers", "name"];
    const out = new Map<string, string>();
    if (this.hasChangeHistory) {
      for (
        const r of this.#all(
          `SELECT c.id AS entry_id, t.${col} AS key FROM ${table} t
           JOIN changes c ON c.kind = ? AND c.key = t.${col} AND c.deleted_at IS NULL`,
          kind,
        )
      ) out.set(r.entry_id as string, r.key as string);
      return out;
    }
    for (const r of this.#all(`SELECT ${col} AS key FROM ${table}`)) {
      out.set(newEntryId(kind, r.key as string), r.key as string);
    }
    return out;
  }

  /** True when the catalog holds change history (built with the `changes` table). */
  get hasChangeHistory(): boolean {
    return this.#memo("hasChangeHistory", () =>
      this.#get(
        "SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'changes'",
      ) !== undefined);
  }

  /** Every change history row, live entries and tombstones (for the next build's writer). */
  changeRows(): ChangeRow[] {
    return this.#all(
      `SELECT kind, key, id, first_seen_at, updated_at, hash, deleted_at, renamed_to, summary
       FROM changes`,
    ).map(_changeRow);
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
    for (const r of this.#all(sql)) {
      for (const ref of JSON.parse((r.refs as string | null) ?? "[]") as SourceRefLike[]) {
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
    return this.#all(
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
    return this.#all(
      `SELECT kind, key, id, first_seen_at, updated_at, hash, deleted_at, renamed_to, summary
       FROM changes WHERE kind = ? AND deleted_at IS NOT NULL ORDER BY deleted_at, key`,
      kind,
    ).map(_changeRow);
  }

  // ---------------------------------------------------------------- prices

  /** Every price record, sorted by provider then model (parsed once per open catalog; shared, do not modify). */
  prices(): readonly CatalogPrice[] {
    return this.#memo(
      "prices",
      () =>
        this.#all("SELECT doc FROM prices ORDER BY provider, model").map((r) =>
          JSON.parse(r.doc as string) as CatalogPrice
        ),
    );
  }

  // ---------------------------------------------------------------- shared

  #lexical(
    table: "tools" | "servers",
    weights: readonly number[],
    q: string,
    where: _Where,
  ): LexicalResult {
    const terms = queryTerms(q);
    if (terms.length === 0) return { ranked: [], total: 0 };
    // The keys a query names a product by (`name_keys.ts`), as a JSON array for `json_each`.
    const queryKeys = JSON.stringify(
      [...new Set(table === "tools" ? toolNameKeys(q) : [matchKey(q), coreKey(q)])].filter((k) =>
        k !== ""
      ),
    );
    // Rows outside the filter (its clauses and the default exclusions; the set of ids is computed
    // once per filter) are skipped while summing.
    const { mask } = this.#filterIds(table, where);
    const { ranked, total } = this.#lexicalPlain(table, weights, terms, queryKeys, mask);
    return { ranked, total: Math.max(total, ranked.length) };
  }

  /**
   * Lexical candidates of a search without filters of its own, scored from per-term lists.
   *
   * FTS5's `bm25()` of a query of several terms is the sum, term by term in query order, of each
   * term's own contribution `idf · f·(k1+1) / (f + k1·(1 − b + b·D/avgdl))` (`fts5_aux.c`; the
   * idf counts the rows matching that term, `D` is the row's length): so the score of a row for
   * the single-term query `"t"` is exactly its contribution to any query holding `t`. Those
   * per-term lists are read once from the FTS index and cached within a byte budget
   * ({@link TERM_CACHE_BYTES}); a query then sums them in memory (same additions in the same
   * order, so the same scores as `bm25()`), takes the best {@link CANDIDATES} rows of all terms and
   * of any term, and counts the rows matching any term, without ranking every match in SQLite
   * again for each query (a common word matches thousands of servers: about 15 ms per query, and
   * 3 µs more per match for the join with the table). The default exclusions are skipped while
   * summing; authority and spam come from memory; the entries the query names from one lookup of
   * the name keys.
   */
  #lexicalPlain(
    table: "tools" | "servers",
    weights: readonly number[],
    terms: string[],
    queryKeys: string,
    mask: Uint8Array,
  ): { ranked: LexicalHit[]; total: number } {
    const keys = table === "tools" ? "tool_keys" : "server_keys";
    const idCol = table === "tools" ? "tool_id" : "server_id";
    const authority = this.authorities(table);
    const spam = this.#flagged(table).spam;
    const named = new Map<number, number>();
    for (
      const r of this.#all(
        `SELECT ${idCol} AS id, max(strength) AS strength FROM ${keys}
         WHERE key IN (SELECT value FROM json_each(?)) GROUP BY ${idCol}`,
        queryKeys,
      )
    ) {
      const id = Number(r.id);
      if (mask[id] === 1) named.set(id, Number(r.strength));
    }
    const lists = terms.map((t) => this.#termScores(table, weights, t));
    const acc = this.#scratch(table);
    const { score, hits, touched, every } = acc;
    // The ids met are kept in scratch arrays, not in a new array per search: a common word meets
    // thousands of rows, and the array grown for them was most of a search's garbage.
    let n = 0;
    for (const list of lists) {
      const ids = list.ids, scores = list.scores;
      for (let j = 0; j < ids.length; j++) {
        const id = ids[j]!;
        if (mask[id] !== 1) continue;
        if (hits[id] === 0) touched[n++] = id;
        hits[id]!++;
        score[id]! += scores[j]!;
      }
    }
    let m = 0;
    for (let i = 0; i < n; i++) if (hits[touched[i]!] === terms.length) every[m++] = touched[i]!;
    const best = (ids: Int32Array) => {
      let out: number[];
      if (ids.length > CANDIDATES) {
        const values = acc.values.length >= ids.length
          ? acc.values.subarray(0, ids.length)
          : (acc.values = new Float64Array(ids.length));
        for (let i = 0; i < ids.length; i++) values[i] = score[ids[i]!]!;
        const cut = kthLargest(values, CANDIDATES);
        out = [];
        for (let i = 0; i < ids.length; i++) if (score[ids[i]!]! >= cut) out.push(ids[i]!);
      } else out = Array.from(ids);
      return out.sort((a, b) => score[b]! - score[a]! || a - b).slice(0, CANDIDATES);
    };
    const seen = new Map<number, Candidate>();
    const add = (ids: number[], all: boolean) => {
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.set(id, {
          id,
          bm25: score[id]!,
          allTerms: all,
          authority: authority.get(id) ?? 0,
          strength: named.get(id) ?? 0,
          spam: spam.has(id),
        });
      }
    };
    add(best(every.subarray(0, m)), true);
    if (terms.length > 1) add(best(touched.subarray(0, n)), false);
    for (let i = 0; i < n; i++) {
      hits[touched[i]!] = 0;
      score[touched[i]!] = 0;
    }
    // Entries named by the query that the FTS passes may have ranked below the candidate cut.
    const extra = [...named].filter(([id]) => !seen.has(id))
      .map(([id, strength]) => ({ id, strength, authority: authority.get(id) ?? 0 }))
      .sort((a, b) => b.strength - a.strength || b.authority - a.authority || a.id - b.id)
      .slice(0, EXACT_CANDIDATES);
    for (const e of extra) {
      seen.set(e.id, { ...e, bm25: 0, allTerms: true, spam: spam.has(e.id) });
    }
    return {
      ranked: rankLexical([...seen.values()], AUTHORITY_WEIGHT[table]),
      total: n,
    };
  }

  /** Every row matching one FTS term, with its BM25 contribution (`-bm25()` of `"term"`). */
  #termScores(
    table: "tools" | "servers",
    weights: readonly number[],
    term: string,
  ): { ids: Int32Array; scores: Float64Array } {
    let cache = this.#terms.get(table);
    if (!cache) this.#terms.set(table, cache = new ByteLru(TERM_CACHE_BYTES));
    const key = this.#termKey(term);
    const hit = cache.get(key);
    if (hit) return hit;
    const sql = `SELECT rowid, -bm25(${table}_fts, ${weights.join(", ")})
       FROM ${table}_fts WHERE ${table}_fts MATCH ?`;
    // Rows as arrays, not objects: about twice as fast for the thousands of rows of a common
    // word (JSON aggregation was faster still, but prints doubles with 15 digits).
    const rows = this.#arrayStatement(sql).all(term) as unknown as [number, number][];
    const list = {
      ids: Int32Array.from(rows, (r) => r[0]),
      scores: Float64Array.from(rows, (r) => r[1]),
    };
    cache.set(key, list, rows.length * 12 + key.length * 2 + 100);
    return list;
  }

  /**
   * The key of a query term's BM25 list: its index term (the Porter stem the FTS tokenizer makes
   * of it, `FtsStemmer`), so `generate` and `generation`, or `ios` and `io`, share one list; the
   * quoted word itself when the tokenizer makes more or fewer than one term of it.
   */
  #termKey(term: string): string {
    const hit = this.#stems.get(term);
    if (hit !== undefined) return hit;
    const terms = (this.#stemmer ??= new FtsStemmer()).terms(term.slice(1, -1));
    const key = terms.length === 1 ? terms[0]! : term;
    this.#stems.set(term, key, (term.length + key.length) * 2 + 64);
    return key;
  }

  /** Per-row accumulators of a table for {@link CatalogStore.#lexicalPlain} (zero between uses). */
  #scratch(table: "tools" | "servers"): _Scratch {
    let s = this.#scratchOf.get(table);
    if (!s) {
      const max = Number(this.#get(`SELECT max(id) AS n FROM ${table}`)!.n ?? 0);
      s = {
        score: new Float64Array(max + 1),
        hits: new Uint16Array(max + 1),
        values: new Float64Array(1024),
        touched: new Int32Array(max + 1),
        every: new Int32Array(max + 1),
      };
      this.#scratchOf.set(table, s);
    }
    return s;
  }

  /**
   * The row ids that pass a filter (its SQL with the default exclusions), as a list and as a
   * mask indexed by id; computed once per filter and cached within {@link FILTER_CACHE_BYTES}.
   */
  #filterIds(table: "tools" | "servers", where: _Where): { ids: Int32Array; mask: Uint8Array } {
    const key = `${table}\u0000${where.sql}\u0000${JSON.stringify(where.params)}`;
    const hit = this.#filters.get(key);
    if (hit) return hit;
    const ids = !where.own
      // Only the default exclusions: every id but the excluded ones (their set is in memory).
      ? this.#browseOrder(table, table === "servers" ? "title_key" : "name_key")
        .filter((id) => !where.exclude.has(id)).sort()
      : where.facets
      ? this.#facetIds(where.facets, where.exclude)
      : Int32Array.from(
        this.#all(`SELECT t.id AS id FROM ${table} t WHERE ${where.sql}`, ...where.params),
        (r) => Number(r.id),
      );
    const mask = new Uint8Array(this.#scratch(table).hits.length);
    for (const id of ids) mask[id] = 1;
    const entry = { ids, mask };
    this.#filters.set(key, entry, ids.byteLength + mask.byteLength + key.length * 2 + 100);
    return entry;
  }

  /**
   * Servers having every facet, minus the default exclusions, ascending: the same ids as the
   * filter's SQL, read from `server_facets`' primary key (key, value, server_id) alone. Measured
   * on the real catalog: `hosting=local` (10,954 servers) 3 ms instead of 62-72 ms for the SQL,
   * which reads every wide `servers` row; it ran on the event loop at a filter's first use.
   */
  #facetIds(facets: [string, string][], exclude: ReadonlySet<number>): Int32Array {
    const st = this.#arrayStatement(
      "SELECT server_id FROM server_facets WHERE key = ? AND value = ?",
    );
    const lists = facets.map(([key, value]) =>
      (st.all(key, value) as unknown as [number][]).map((r) => r[0])
    );
    let ids = lists[0]!.filter((id) => !exclude.has(id));
    for (const other of lists.slice(1)) {
      const has = new Set(other);
      ids = ids.filter((id) => has.has(id));
    }
    return Int32Array.from(ids);
  }

  #knn(
    table: "tools" | "servers",
    vector: Float32Array,
    where: _Where,
    k: number,
    rows?: Int32Array,
  ): VectorHit[] {
    const index = this.vectorIndex(table);
    if (!index) return [];
    // The coarse pass already done elsewhere (the query worker), for a search without filters.
    if (rows && !where.own) return index.rescore(vector, rows, k, where.exclude);
    // The two-stage scan of `vector_index.ts`. Without filters of the caller's own, every row is
    // scanned and the default exclusions (adult entries, variants: a few hundred ids) are dropped
    // from the oversampled result; a filter scans an int8 copy of the rows that pass it.
    if (!where.own) return index.search(vector, k, undefined, where.exclude);
    return index.search(vector, k, {
      key: `${where.sql}\u0000${JSON.stringify(where.params)}`,
      ids: () => this.#filterIds(table, where).ids,
    });
  }
}
