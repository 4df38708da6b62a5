/**
 * Writes a complete catalog database atomically: everything goes into a temporary file next to
 * the target, which is renamed over the old catalog only when the whole write succeeded. A failed
 * or killed ingest therefore leaves the previous catalog in place.
 *
 * Durability: the temporary file is written without a rollback journal (`journal_mode = OFF`:
 * a failed build is thrown away, never rolled back) and with `synchronous = NORMAL`, then
 * `fsync`ed before the rename and its folder `fsync`ed after it, so a power loss leaves either the
 * old catalog or the complete new one under the name, never a renamed file whose pages were still
 * in the page cache.
 *
 * Change history: before writing, the writer reads the `changes` table of the catalog it is
 * about to replace (or of `previousPath`) and carries every entry's id, first-seen and
 * last-updated times forward, writing tombstones of entries that left (`changes.ts`).
 *
 * @module
 */
import { basename, dirname } from "node:path";
import { holdWorkLock, removeLeftovers } from "./work_files.ts";
import { openCatalog, SCHEMA_SQL, SCHEMA_VERSION, vectorSchemaSql } from "./db.ts";
import { serverPopularity, toolPopularity } from "./popularity.ts";
import { serverAuthority, toolAuthority } from "./authority.ts";
import { serverNameKeys, toolNameKeys } from "./name_keys.ts";
import { installLevel } from "../install/mod.ts";
import { CatalogStore, isStopword, queryWords } from "./store.ts";
import {
  type ChangeRow,
  type ChangeState,
  type ChangeStats,
  trackChanges,
  trackedEntry,
} from "./changes.ts";
import type { CatalogPrice } from "../model/price.ts";
import type { CatalogServer } from "../model/server.ts";
import { familyOf, type SourceInfo, type SourceRef } from "../model/source.ts";
import { matchKey } from "../model/text.ts";
import type { CatalogTool } from "../model/tool.ts";

/** Everything a catalog file holds. */
export interface CatalogData {
  tools: CatalogTool[];
  servers: CatalogServer[];
  prices: CatalogPrice[];
  /** Every source read, for attribution (stored as JSON under `meta.sources`). */
  sources: SourceInfo[];
  /** Ingest report (stored as JSON under `meta.report`). */
  report: unknown;
  /** Build time, ISO 8601. */
  builtAt: string;
  /** Sentence embeddings, index-aligned with `tools` and `servers` (absent: lexical only). */
  vectors?: CatalogVectors;
  /**
   * The catalog whose change history is carried forward (default: the file at the target path,
   * when there is one; `null`: start a new history).
   */
  previousPath?: string | null;
}

/** What {@link writeCatalog} reports. */
export interface WriteResult {
  /** Change tracking against the previous catalog (also stored as `meta.changes`). */
  changes: ChangeStats;
}

/** Embeddings of every entry, index-aligned with the tool and server lists. */
export interface CatalogVectors {
  /** Embedder id, e.g. `use-lite-512@0.2.0`. */
  model: string;
  dimension: number;
  tools: Float32Array[];
  servers: Float32Array[];
  /** Embedding of each taxonomy leaf's text (`leafText` in `ingest/classify.ts`), by leaf id. */
  leaves?: Map<string, Float32Array>;
}

function _blob(v: Float32Array): Uint8Array {
  return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
}

/**
 * A word in at least this many entries of a table is listed in `meta.common_words`: its BM25 list
 * (the postings of its stem) is one of the slow ones to read, so a server reads them when it
 * starts (`warmTermLists` in `context.ts`) instead of on a user's first query with that word.
 */
export const COMMON_WORD_MIN_DOCS = 100;

/** Most words listed per table in `meta.common_words`. */
export const COMMON_WORDS_MAX = 1500;

/**
 * Counts, per word of {@link queryWords}, the entries whose indexed text holds it.
 */
class _WordCounter {
  #docs = new Map<string, number>();

  /** Counts one entry's indexed text (each word once). */
  add(...fields: string[]): void {
    for (const w of new Set(queryWords(fields.join(" ")))) {
      if (!isStopword(w)) this.#docs.set(w, (this.#docs.get(w) ?? 0) + 1);
    }
  }

  /** Words in at least {@link COMMON_WORD_MIN_DOCS} entries, most common first (ties by word). */
  common(): string[] {
    return [...this.#docs].filter(([, n]) => n >= COMMON_WORD_MIN_DOCS)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, COMMON_WORDS_MAX).map(([w]) => w);
  }
}

/** Splits identifiers like `io.github.owner/repo-name` into words for full-text search. */
function _words(value: string): string {
  return value.replace(/[./_@:-]+/g, " ");
}

/**
 * Writes `data` to a new database file and moves it to `path`.
 *
 * The temporary file `<path>.tmp-<pid>` is locked while it is written (`./work_files.ts`), so
 * the temporary files that killed builds left next to the catalog are told apart and removed
 * first.
 *
 * @param path target catalog path, e.g. `data/catalog.db`
 * @param data the merged catalog
 * @returns the change counts; on return the new file is in place
 * @throws {Error} when the file cannot be written; the old catalog is then untouched and the
 *   temporary file removed
 */
export async function writeCatalog(path: string, data: CatalogData): Promise<WriteResult> {
  const tmp = `${path}.tmp-${Deno.pid}`;
  await Deno.remove(tmp).catch(() => {});
  const dir = dirname(path);
  await Deno.mkdir(dir, { recursive: true });
  await removeLeftovers(dir, (name) => name.startsWith(`${basename(path)}.tmp-`));
  using _lock = await holdWorkLock(tmp);
  const previous = data.previousPath === null
    ? undefined
    : readChangeState(data.previousPath ?? path);
  const { rows: changes, stats } = trackChanges(previous, _tracked(data), data.builtAt);
  try {
    const db = openCatalog(tmp, { readOnly: false });
    try {
      db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = NORMAL;");
      db.exec(SCHEMA_SQL);
      db.exec("BEGIN");
      const words = { tools: new _WordCounter(), servers: new _WordCounter() };
      _writeTools(db, data, words.tools);
      _writeServers(db, data, words.servers);
      const price = db.prepare("INSERT INTO prices (id, provider, model, doc) VALUES (?, ?, ?, ?)");
      for (const p of data.prices) price.run(p.id, p.provider, p.model, JSON.stringify(p));
      const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
      meta.run("schema_version", String(SCHEMA_VERSION));
      meta.run("built_at", data.builtAt);
      meta.run("report", JSON.stringify(data.report));
      meta.run("sources", JSON.stringify(data.sources));
      meta.run("changes", JSON.stringify(stats));
      meta.run(
        "common_words",
        JSON.stringify({ tools: words.tools.common(), servers: words.servers.common() }),
      );
      _writeChanges(db, changes);
      if (data.vectors) {
        const v = data.vectors;
        db.exec(vectorSchemaSql(v.dimension));
        for (const [table, list] of [["tools", v.tools], ["servers", v.servers]] as const) {
          const insert = db.prepare(`INSERT INTO ${table}_vec (rowid, embedding) VALUES (?, ?)`);
          list.forEach((vec, i) => insert.run(BigInt(i + 1), _blob(vec)));
        }
        const leaf = db.prepare("INSERT INTO leaf_vectors (leaf_id, embedding) VALUES (?, ?)");
        for (const [id, vec] of v.leaves ?? []) leaf.run(id, _blob(vec));
        meta.run("embedding_model", v.model);
        meta.run("embedding_dimension", String(v.dimension));
      }
      db.exec("COMMIT");
      db.exec("INSERT INTO tools_fts(tools_fts) VALUES ('optimize')");
      db.exec("INSERT INTO servers_fts(servers_fts) VALUES ('optimize')");
      db.exec("ANALYZE");
    } finally {
      db.close();
    }
    await _fsync(tmp);
    await Deno.rename(tmp, path);
    await _fsync(dir, true);
  } catch (error) {
    await Deno.remove(tmp).catch(() => {});
    throw error;
  }
  return { changes: stats };
}

/** Every entry of the build in tracked form (servers, tools, prices). */
function _tracked(data: CatalogData) {
  return [
    ...data.servers.map((s) => trackedEntry("server", s.name, s)),
    ...data.tools.map((t) => trackedEntry("tool", t.slug, t)),
    ...data.prices.map((p) => trackedEntry("price", p.id, p)),
  ];
}

/**
 * Reads the change history of a catalog file through its store: its `changes` rows and the
 * source records of its live servers and tools (for rename detection). A missing or unreadable
 * file, or one built before change tracking, has no history (and a new one starts).
 *
 * @param path catalog path, e.g. `data/catalog.db`
 * @returns the state, or `undefined` without history
 */
export function readChangeState(path: string): ChangeState | undefined {
  let store: CatalogStore;
  try {
    Deno.statSync(path);
    store = new CatalogStore(openCatalog(path, { readOnly: true }));
  } catch {
    return undefined;
  }
  try {
    if (!store.hasChangeHistory) return undefined;
    return {
      rows: store.changeRows(),
      refs: new Map([
        ["server", store.sourceRecordIndex("server")],
        ["tool", store.sourceRecordIndex("tool")],
      ]),
    };
  } catch (error) {
    console.error(
      `[catalog] cannot read the change history of ${path}; starting a new one:`,
      error,
    );
    return undefined;
  } finally {
    store.close();
  }
}

function _writeChanges(db: _Db, rows: ChangeRow[]): void {
  const insert = db.prepare(
    `INSERT INTO changes (kind, key, id, first_seen_at, updated_at, hash, deleted_at, renamed_to,
       summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const r of rows) {
    insert.run(
      r.kind,
      r.key,
      r.id,
      r.firstSeenAt,
      r.updatedAt,
      r.hash,
      r.deletedAt,
      r.renamedTo,
      JSON.stringify(r.summary),
    );
  }
}

/**
 * Flushes a file (or a folder's entries) to the disk.
 *
 * @param path the file or folder
 * @param folder true for a folder: some systems refuse to sync one, which is then skipped
 */
async function _fsync(path: string, folder = false): Promise<void> {
  let file: Deno.FsFile | undefined;
  try {
    file = await Deno.open(path, { read: true });
    await file.sync();
  } catch (error) {
    if (!folder) throw error;
  } finally {
    file?.close();
  }
}

type _Db = ReturnType<typeof openCatalog>;

function _writeTools(db: _Db, data: CatalogData, words: _WordCounter): void {
  const row = db.prepare(
    `INSERT INTO tools (id, slug, name, name_key, category, category_key, pricing, has_free_tier,
       popularity, authority, adult, spam, doc)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const key = db.prepare(
    "INSERT OR IGNORE INTO tool_keys (key, tool_id, strength) VALUES (?, ?, 1)",
  );
  const fts = db.prepare(
    "INSERT INTO tools_fts (rowid, name, tags, category, description, features) VALUES (?, ?, ?, ?, ?, ?)",
  );
  data.tools.forEach((t, i) => {
    const id = i + 1;
    row.run(
      id,
      t.slug,
      t.name,
      matchKey(t.name),
      t.category,
      matchKey(t.category),
      t.pricing,
      t.hasFreeTier ? 1 : 0,
      toolPopularity(t),
      toolAuthority(t),
      (t.content?.adult.length ?? 0) > 0 ? 1 : 0,
      (t.content?.spam.length ?? 0) > 0 ? 1 : 0,
      JSON.stringify(t),
    );
    for (const n of [t.name, ...t.aliases ?? []]) for (const k of toolNameKeys(n)) key.run(k, id);
    const text = [
      `${t.name} ${_words(t.slug)}`,
      t.tags.join(" | "),
      t.categories.join(" | "),
      [t.description, t.longDescription ?? ""].join("\n"),
      [...t.keyFeatures, ...t.useCases].join(" | "),
    ] as const;
    fts.run(id, ...text);
    words.add(...text);
  });
}

function _writeServers(db: _Db, data: CatalogData, words: _WordCounter): void {
  const row = db.prepare(
    `INSERT INTO servers (id, name, title, title_key, hosting, popularity, authority, canonical_id,
       adult, spam, doc)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const key = db.prepare(
    "INSERT INTO server_keys (key, server_id, strength) VALUES (?, ?, ?)",
  );
  const idOf = new Map(data.servers.map((s, i) => [s.name, i + 1]));
  const sources = new Map(data.sources.map((info) => [info.id, info]));
  const family = (ref: SourceRef) => familyOf(ref, sources.get(ref.source));
  const facet = db.prepare(
    "INSERT OR IGNORE INTO server_facets (server_id, key, value, label) VALUES (?, ?, ?, ?)",
  );
  const fts = db.prepare(
    "INSERT INTO servers_fts (rowid, title, name, tags, categories, description, tools) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  data.servers.forEach((s, i) => {
    const id = i + 1;
    row.run(
      id,
      s.name,
      s.title,
      matchKey(s.title),
      s.hosting,
      serverPopularity(s),
      serverAuthority(s, family),
      s.canonicalName === undefined ? null : idOf.get(s.canonicalName) ?? null,
      (s.content?.adult.length ?? 0) > 0 ? 1 : 0,
      (s.content?.spam.length ?? 0) > 0 ? 1 : 0,
      JSON.stringify(s),
    );
    for (const [k, strength] of serverNameKeys(s)) key.run(k, id, strength);
    for (const c of s.categories) facet.run(id, "category", matchKey(c), c);
    facet.run(id, "hosting", s.hosting, s.hosting);
    if (s.hosting === "both") {
      facet.run(id, "hosting", "local", "local");
      facet.run(id, "hosting", "remote", "remote");
    }
    // How sure the recommended install is (the plan a client gets, Claude Code's): `checked` also
    // holds the `verified` ones, so `install=checked` finds every evidence-backed config.
    const install = installLevel(s);
    facet.run(id, "install", install, install);
    if (install === "verified") facet.run(id, "install", "checked", "checked");
    for (const t of s.transports) facet.run(id, "transport", t, t);
    for (const p of s.packages) facet.run(id, "registryType", p.registryType, p.registryType);
    const text = [
      s.title,
      _words(s.name),
      s.tags.join(" | "),
      s.categories.join(" | "),
      s.description,
      s.tools.map((t) => `${t.name} ${t.description ?? ""}`).join("\n").slice(0, 4000),
    ] as const;
    fts.run(id, ...text);
    words.add(...text);
  });
}
