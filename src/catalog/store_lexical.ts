/**
 * The lexical index of the catalog store: FTS5 BM25 with per-column weights (name highest),
 * summed in memory from cached per-term lists (the same scores as `bm25()`), candidates taken
 * twice (all terms, then any term) and re-ranked in {@link rankLexical}: entries that carry the
 * query as one of their names (the exact tier) come first, ordered by the authority prior; then
 * documents matching every term; the authority prior (`authority.ts`) breaks near-ties; spam
 * comes last.
 *
 * @module
 */
import { FtsStemmer } from "./db.ts";
import { ByteLru } from "./lru.ts";
import { AUTHORITY_WEIGHT } from "./authority.ts";
import { toolNameKeys } from "./name_keys.ts";
import { coreKey, matchKey } from "../model/text.ts";
import { queryTerms, SERVER_WEIGHTS, TOOL_WEIGHTS } from "./lexical_terms.ts";
import type { EntryTable, StoreFilters, StoreWhere } from "./store_filters.ts";
import type { StoreSql } from "./store_sql.ts";
import {
  type Candidate,
  kthLargest,
  type LexicalHit,
  type LexicalResult,
  rankLexical,
} from "./lexical_rank.ts";

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
/** How many entries named by the query (the exact tier) are taken beyond the FTS candidates. */
const EXACT_CANDIDATES = 100;

/** One FTS term's postings: the rows matching it and their BM25 contributions. */
interface _TermList {
  ids: Int32Array;
  scores: Float64Array;
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

/** The lexical index of one open catalog, with its term lists (part of `CatalogStore`). */
export class StoreLexical {
  #sql: StoreSql;
  #filters: StoreFilters;
  #terms = new Map<string, ByteLru<string, _TermList>>();
  #stemmer: FtsStemmer | undefined;
  #stems = new ByteLru<string, string>(STEM_CACHE_BYTES);
  #scratchOf = new Map<string, _Scratch>();
  #authority = new Map<string, Map<number, number>>();

  /**
   * @param sql the store's SQL access
   * @param filters the store's filters (the ids a search may return)
   */
  constructor(sql: StoreSql, filters: StoreFilters) {
    this.#sql = sql;
    this.#filters = filters;
  }

  /** Closes the stemmer's in-memory database. */
  close(): void {
    this.#stemmer?.close();
    this.#stemmer = undefined;
  }

  /**
   * The FTS terms of the table's most common words (`common_words` in `meta`, written by the
   * catalog writer: `COMMON_WORD_MIN_DOCS` in `writer.ts`; most common first),
   * whose BM25 lists are the slowest to read; empty for a catalog written before it existed.
   *
   * @param table `tools` or `servers`
   * @returns quoted terms, as {@link queryTerms} gives them
   */
  commonTerms(table: EntryTable): string[] {
    const all = this.#sql.memo("common_words", () => {
      const raw = this.#sql.meta("common_words");
      return raw === undefined ? {} : JSON.parse(raw) as Record<string, string[]>;
    });
    return (all[table] ?? []).map((w) => `"${w}"`);
  }

  /**
   * Bytes held by the table's in-memory BM25 term lists (see {@link StoreLexical.readTermList}).
   *
   * @param table `tools` or `servers`
   * @returns bytes, as the cache counts them (12 per posting)
   */
  termListBytes(table: EntryTable): number {
    return this.#terms.get(table)?.bytes ?? 0;
  }

  /**
   * The terms of a query whose per-term BM25 lists are not in memory: the lexical pass reads each
   * of them from the FTS index first (a common word's list is up to about 15,000 rows and 5-15 ms
   * to read). `rank` reads them one job at a time with {@link StoreLexical.readTermList}, so one
   * search never holds the event loop for all its reads at once.
   *
   * @param table `tools` or `servers`
   * @param q free-text query
   * @returns FTS terms (as `queryTerms` gives them), in query order
   */
  uncachedTerms(table: EntryTable, q: string): string[] {
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
   * {@link StoreLexical.uncachedTerms}). Does nothing when it is already there.
   *
   * @param table `tools` or `servers`
   * @param term an FTS term from {@link StoreLexical.uncachedTerms}
   */
  readTermList(table: EntryTable, term: string): void {
    this.#termScores(table, term);
  }

  /**
   * The rows each distinct term of a query matches (its BM25 list's ids, read into memory when
   * needed), for the term likelihoods of the leaf posterior (`query_leaves.ts`). Words with one
   * stem give one list.
   *
   * @param table `tools` or `servers`
   * @param q free-text query
   * @returns one id list per distinct index term, in query order (empty for a query of
   *   stopwords only)
   */
  termPostings(table: EntryTable, q: string): Int32Array[] {
    const seen = new Set<string>();
    const out: Int32Array[] = [];
    for (const term of queryTerms(q)) {
      const key = this.#termKey(term);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(this.#termScores(table, term).ids);
    }
    return out;
  }

  /**
   * The authority prior of every row of a table (`authority.ts`), read once.
   *
   * @param table `tools` or `servers`
   * @returns row id → prior
   */
  authorities(table: EntryTable): Map<number, number> {
    let map = this.#authority.get(table);
    if (map) return map;
    map = new Map();
    for (const r of this.#sql.all(`SELECT id, authority FROM ${table}`)) {
      map.set(Number(r.id), Number(r.authority));
    }
    this.#authority.set(table, map);
    return map;
  }

  /**
   * Lexical search: BM25 candidates of all terms, then of any term, re-ranked.
   *
   * @param table `tools` or `servers`
   * @param q free-text query (non-blank)
   * @param where the filter applied before ranking
   * @returns ranked candidates (at most about 800, plus the entries the query names) and the
   *   number of entries matching any term
   */
  search(table: EntryTable, q: string, where: StoreWhere): LexicalResult {
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
    const { mask } = this.#filters.filterIds(table, where);
    const { ranked, total } = this.#lexicalPlain(table, terms, queryKeys, mask);
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
    table: EntryTable,
    terms: string[],
    queryKeys: string,
    mask: Uint8Array,
  ): { ranked: LexicalHit[]; total: number } {
    const keys = table === "tools" ? "tool_keys" : "server_keys";
    const idCol = table === "tools" ? "tool_id" : "server_id";
    const authority = this.authorities(table);
    const spam = this.#filters.flagged(table).spam;
    const named = new Map<number, number>();
    for (
      const r of this.#sql.all(
        `SELECT ${idCol} AS id, max(strength) AS strength FROM ${keys}
         WHERE key IN (SELECT value FROM json_each(?)) GROUP BY ${idCol}`,
        queryKeys,
      )
    ) {
      const id = Number(r.id);
      if (mask[id] === 1) named.set(id, Number(r.strength));
    }
    const lists = terms.map((t) => this.#termScores(table, t));
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
  #termScores(table: EntryTable, term: string): _TermList {
    const weights = table === "tools" ? TOOL_WEIGHTS : SERVER_WEIGHTS;
    let cache = this.#terms.get(table);
    if (!cache) this.#terms.set(table, cache = new ByteLru(TERM_CACHE_BYTES));
    const key = this.#termKey(term);
    const hit = cache.get(key);
    if (hit) return hit;
    const sql = `SELECT rowid, -bm25(${table}_fts, ${weights.join(", ")})
       FROM ${table}_fts WHERE ${table}_fts MATCH ?`;
    // Rows as arrays, not objects: about twice as fast for the thousands of rows of a common
    // word (JSON aggregation was faster still, but prints doubles with 15 digits).
    const rows = this.#sql.arrayStatement(sql).all(term) as unknown as [number, number][];
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

  /** Per-row accumulators of a table for {@link StoreLexical.#lexicalPlain} (zero between uses). */
  #scratch(table: EntryTable): _Scratch {
    let s = this.#scratchOf.get(table);
    if (!s) {
      const span = this.#filters.idSpan(table);
      s = {
        score: new Float64Array(span),
        hits: new Uint16Array(span),
        values: new Float64Array(1024),
        touched: new Int32Array(span),
        every: new Int32Array(span),
      };
      this.#scratchOf.set(table, s);
    }
    return s;
  }
}
