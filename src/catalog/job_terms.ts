/**
 * The words of an AI tool's job, as the alternatives compare them (`alternatives.ts`): the terms
 * of its tags, features, categories and description ({@link jobTerms}), without the features that
 * are badges of a listing ({@link BADGE_FEATURES}) and the price boilerplate, and the overlap of
 * two tools' sorted term lists weighted by idf ({@link termOverlap}, {@link sharedTerms}).
 *
 * @module
 */
import { isStopword, queryWords } from "./store.ts";

/**
 * The summed idf of the terms two sorted term lists share.
 *
 * @param a term ids of one tool, ascending
 * @param b term ids of another, ascending
 * @param idf term id → its inverse document frequency
 * @returns the sum (0 when they share no term)
 * @example
 * ```ts
 * termOverlap(Int32Array.of(1, 4), Int32Array.of(4, 7), idf); // idf[4]
 * ```
 */
export function termOverlap(a: Int32Array, b: Int32Array, idf: Float64Array): number {
  let s = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      s += idf[a[i]!]!;
      i++;
      j++;
    }
  }
  return s;
}

/**
 * The terms two sorted term lists share, rarest first (largest idf; ties by id).
 *
 * @param a term ids of one tool, ascending
 * @param b term ids of another, ascending
 * @param idf term id → its inverse document frequency
 * @returns the shared term ids
 * @example
 * ```ts
 * sharedTerms(Int32Array.of(1, 4, 9), Int32Array.of(4, 9), idf); // [9, 4] when idf[9] > idf[4]
 * ```
 */
export function sharedTerms(a: Int32Array, b: Int32Array, idf: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out.sort((x, y) => idf[y]! - idf[x]! || x - y);
}

/** A light stem: `images`, `image` → `imag`; `generated`, `generating` → `generat`. */
function _stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/**
 * The terms of a tool's job words (tags, features, categories and description): lowercase words
 * of 3 letters or more, stopwords and numbers left out, a plural or verb ending cut
 * (`transcriptions` → `transcription`; `generated`, `generate` → `generat`).
 *
 * @param texts the texts
 * @param surfaces optional: filled with the first word met for each new term, for showing it
 * @returns the distinct terms
 * @example
 * ```ts
 * jobTerms(["Transcribes meetings", "Meeting notes"]); // ["transcrib", "meet", "note"]
 * ```
 */
export function jobTerms(texts: string[], surfaces?: Map<string, string>): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const word of queryWords(text)) {
      if (word.length < 3 || isStopword(word) || _PRICE_WORDS.has(word) || /^\d+$/.test(word)) {
        continue;
      }
      const term = _stem(word);
      out.add(term);
      if (surfaces && !surfaces.has(term)) surfaces.set(term, word);
    }
  }
  return [...out];
}

/**
 * Features that are badges of a listing (where a tool runs, how it is reached), not its job: the
 * catalog's most common features, lowercase. Left out of the words two tools share.
 */
export const BADGE_FEATURES: ReadonlySet<string> = new Set([
  "no signup required",
  "open source",
  "discord community",
  "api",
  "waitlist",
  "mobile app",
  "browser extension",
  "deals",
]);

/** Words of the price and sign-up boilerplate many descriptions end with ("Free tier available"). */
const _PRICE_WORDS = new Set(
  ("free freemium tier tiers available availability plan plans pricing price prices paid premium " +
    "trial subscription subscriptions credit credits card month monthly daily limit limits limited " +
    "unlimited signup sign required requires require account cost costs")
    .split(" "),
);
