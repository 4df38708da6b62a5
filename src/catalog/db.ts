/**
 * Opening `catalog.db` and its schema. The only place besides the catalog store and writer that
 * holds SQL.
 *
 * The catalog is a plain SQLite file (via Deno's built-in `node:sqlite`) with FTS5 tables for
 * lexical search and the `sqlite-vec` extension loaded for vector search. Each record is stored as
 * its JSON document plus the columns needed to filter and rank it. Table `changes` holds the
 * change history of every entry across builds, tombstones included (`changes.ts`).
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { load as loadSqliteVec } from "sqlite-vec";

/** Version of the table layout below; a catalog with another version is rebuilt. */
export const SCHEMA_VERSION = 6;

/** FTS5 tokenizer: Porter stemming over Unicode words, diacritics folded. */
const TOKENIZER = "porter unicode61 remove_diacritics 2";

/** DDL of a catalog database, applied by the writer to a fresh file. */
export const SCHEMA_SQL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE tools (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  category TEXT NOT NULL,
  category_key TEXT NOT NULL,
  pricing TEXT NOT NULL,
  has_free_tier INTEGER NOT NULL,
  popularity REAL NOT NULL,
  authority REAL NOT NULL,
  adult INTEGER NOT NULL,
  spam INTEGER NOT NULL,
  facet_id TEXT,
  subcategory_id TEXT,
  leaf_id TEXT,
  doc TEXT NOT NULL
);
CREATE TABLE tool_keys (
  key TEXT NOT NULL,
  tool_id INTEGER NOT NULL REFERENCES tools(id),
  strength INTEGER NOT NULL,
  PRIMARY KEY (key, tool_id)
) WITHOUT ROWID;
CREATE INDEX tools_category ON tools(category_key);
CREATE INDEX tools_name ON tools(name_key);
CREATE INDEX tools_leaf ON tools(leaf_id);
CREATE INDEX tools_facet ON tools(facet_id);
CREATE VIRTUAL TABLE tools_fts USING fts5(
  name, tags, category, description, features, tokenize = '${TOKENIZER}'
);

CREATE TABLE servers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  title TEXT NOT NULL,
  title_key TEXT NOT NULL,
  hosting TEXT NOT NULL,
  popularity REAL NOT NULL,
  authority REAL NOT NULL,
  canonical_id INTEGER,
  adult INTEGER NOT NULL,
  spam INTEGER NOT NULL,
  facet_id TEXT,
  subcategory_id TEXT,
  leaf_id TEXT,
  doc TEXT NOT NULL
);
CREATE INDEX servers_title ON servers(title_key);
CREATE TABLE server_keys (
  key TEXT NOT NULL,
  server_id INTEGER NOT NULL REFERENCES servers(id),
  strength INTEGER NOT NULL,
  PRIMARY KEY (key, server_id)
) WITHOUT ROWID;
CREATE TABLE server_facets (
  server_id INTEGER NOT NULL REFERENCES servers(id),
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  label TEXT NOT NULL,
  PRIMARY KEY (key, value, server_id)
) WITHOUT ROWID;
CREATE INDEX server_facets_server ON server_facets(server_id);
CREATE VIRTUAL TABLE servers_fts USING fts5(
  title, name, tags, categories, description, tools, tokenize = '${TOKENIZER}'
);

CREATE TABLE prices (
  id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  doc TEXT NOT NULL
);
CREATE INDEX prices_provider ON prices(provider);

CREATE TABLE changes (
  kind TEXT NOT NULL,
  key TEXT NOT NULL COLLATE NOCASE,
  id TEXT NOT NULL,
  first_seen_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  hash TEXT NOT NULL,
  deleted_at TEXT,
  renamed_to TEXT,
  summary TEXT NOT NULL,
  PRIMARY KEY (kind, key)
) WITHOUT ROWID;
CREATE INDEX changes_updated ON changes(kind, updated_at);
`;

/**
 * DDL of the vector tables (sqlite-vec `vec0`), created only when the catalog is built with
 * embeddings. Row ids equal `tools.id` / `servers.id`; cosine distance. `leaf_vectors` holds the
 * embedding of each taxonomy leaf (233 rows, read whole into memory by the store). (A
 * binary-quantized first pass was measured and dropped: the same top 10, but 2-3x slower because
 * of the rescoring lookups.)
 *
 * @param dimension vector length of the embedding model (512 for USE-lite)
 * @returns the SQL
 */
export function vectorSchemaSql(dimension: number): string {
  return `
CREATE VIRTUAL TABLE tools_vec USING vec0(embedding float[${dimension}] distance_metric=cosine);
CREATE VIRTUAL TABLE servers_vec USING vec0(embedding float[${dimension}] distance_metric=cosine);
CREATE TABLE leaf_vectors (leaf_id TEXT PRIMARY KEY, embedding BLOB NOT NULL);`;
}

/** Options of {@link openCatalog}. */
export interface OpenOptions {
  /** Open for reading only (`PRAGMA query_only`), as the server does. Default true. */
  readOnly?: boolean;
}

/**
 * Opens a catalog database with the `sqlite-vec` extension loaded.
 *
 * @param path file path of the database (`:memory:` for tests)
 * @param options `readOnly` (default true) opens the file read-only
 * @returns the open database
 * @throws {Error} when the file cannot be opened (missing, not a database)
 */
export function openCatalog(path: string, options: OpenOptions = {}): DatabaseSync {
  const readOnly = options.readOnly ?? true;
  const db = new DatabaseSync(path, { allowExtension: true, readOnly });
  loadSqliteVec(db);
  disableExtensionLoading(db);
  if (readOnly) db.exec("PRAGMA query_only = 1");
  return db;
}

/**
 * Turns extension loading off on a connection once its extensions are loaded, so nothing (an
 * injected `load_extension()` call, or code holding the handle) can load another shared library
 * into the serving process.
 *
 * - SQL `load_extension()` is refused ("not authorized") on every `node:sqlite` connection of
 *   Deno 2.9, even one opened with `allowExtension: true`: Deno enables loading only for the
 *   duration of a `loadExtension()` call (measured; `tests/catalog/db_test.ts` keeps it true).
 * - Node's `enableLoadExtension(false)` is called where the runtime has it (Deno 2.9 does not).
 * - `loadExtension` on this handle is replaced by a function that throws.
 *
 * @param db an open connection
 * @returns nothing
 */
export function disableExtensionLoading(db: DatabaseSync): void {
  (db as { enableLoadExtension?: (allow: boolean) => void }).enableLoadExtension?.(false);
  Object.defineProperty(db, "loadExtension", {
    value: () => {
      throw new Error("Cannot load an extension: loading is off on this connection");
    },
    configurable: false,
    writable: false,
  });
}
