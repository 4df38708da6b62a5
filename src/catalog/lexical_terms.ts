/**
 * How a free-text query becomes the terms of the lexical (FTS5 BM25) search: its words, the
 * stopwords left out, the quoted FTS terms, and the BM25 column weights of each table. Pure
 * functions, shared by the store, the writer (common words) and the rankers.
 *
 * @module
 */

/** BM25 column weights for `tools_fts(name, tags, category, description, features)`. */
export const TOOL_WEIGHTS = [10, 3, 3, 1, 2] as const;
/** BM25 column weights for `servers_fts(title, name, tags, categories, description, tools)`. */
export const SERVER_WEIGHTS = [10, 6, 3, 3, 1, 0.5] as const;

/** Words that carry no meaning in a search for a tool (dropped unless nothing else is left). */
const STOPWORDS = new Set(
  ("a an and are as at be by can do for from get has have help how i in into is it its let me my " +
    "of on or our that the their them then this to tool tools us want we what which will with " +
    "you your need needs something some any app apps server servers mcp")
    .split(" "),
);

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
