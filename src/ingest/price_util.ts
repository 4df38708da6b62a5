/**
 * Small helpers the LLM price adapters (`src/ingest/sources/{genai_prices,litellm,models_dev,
 * openrouter,simonw_llm_prices}.ts`) share: reading money amounts, converting per-token prices to
 * USD per million tokens without float noise, and date handling for "the price in force today".
 *
 * @module
 */
import type { DateBasis, DateKind } from "../model/price.ts";

/**
 * Reads a non-negative finite amount from a number or numeric text. Unlike
 * {@link import("./clean.ts").cleanNumber} it accepts exponent notation (`"3e-06"`), which price
 * files use, and it never reads `k`/`m` suffixes (those are not money).
 *
 * @param value number or numeric text, e.g. `0.0000025`, `"0.00003"`, `"3e-06"`
 * @returns the amount, or `undefined` for anything else (negative, `NaN`, `"-1"`, placeholders)
 */
export function readAmount(value: unknown): number | undefined {
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" && /^\s*\d+(\.\d+)?(e[+-]?\d+)?\s*$/i.test(value)) {
    n = Number(value);
  } else return undefined;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * Rounds a price to 12 significant digits, so conversions such as `2.5e-6 * 1e6` give `2.5`
 * rather than `2.4999999999999996`.
 *
 * @param value a finite number
 * @returns the rounded number
 */
export function roundPrice(value: number): number {
  return value === 0 ? 0 : Number(value.toPrecision(12));
}

/**
 * Converts a USD-per-token price (LiteLLM, OpenRouter) to USD per million tokens.
 *
 * @param value price per token, number or numeric text
 * @returns USD per million tokens, or `undefined` when `value` is not a usable amount
 * @example
 * ```ts
 * perTokenToPerMTok(2.5e-6) // 2.5
 * perTokenToPerMTok("0.00003") // 30
 * ```
 */
export function perTokenToPerMTok(value: unknown): number | undefined {
  const n = readAmount(value);
  return n === undefined ? undefined : roundPrice(n * 1e6);
}

/**
 * Reads a calendar date (YAML `Date`, `"YYYY-MM-DD"` or any ISO time) as `"YYYY-MM-DD"` (UTC).
 *
 * @param value date value from a source file
 * @returns the date, or `undefined` when unreadable
 */
export function isoDay(value: unknown): string | undefined {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  }
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const d = new Date(`${text}T00:00:00Z`);
    return Number.isNaN(d.getTime()) ? undefined : text;
  }
  const d = new Date(text);
  return Number.isNaN(d.getTime()) || text === "" ? undefined : d.toISOString().slice(0, 10);
}

/**
 * The UTC calendar day of `now`, as `"YYYY-MM-DD"`: the day against which adapters resolve dated
 * prices ("the price in force now") and deprecation dates.
 *
 * @param now the reference time (adapters take it as an option so tests are reproducible)
 * @returns e.g. `"2026-11-22"`
 */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Dates a price record (one source statement): sets `statedAt` (the day part of `day`),
 * `dateKind`, `dateBasis` and `dateMeaning` together, so a date never goes without its meaning.
 *
 * @param record the record to date (modified)
 * @param day `YYYY-MM-DD` or any ISO 8601 time (cut to its UTC day)
 * @param kind what the date is: `checked`, `effective`, `released` or `synced`
 * @param basis where it comes from: the `record`, the source `file`, or only the `dump`
 * @param meaning what the date means for this source, in a sentence
 * @returns the record
 * @throws {RangeError} when `day` is not a readable date
 * @example
 * ```ts
 * dateStatement(record, "2026-07-24T18:23:43Z", "synced", "file", "LiteLLM mirror sync");
 * record.statedAt; // "2026-07-24"
 * ```
 */
export function dateStatement<
  T extends {
    statedAt?: string;
    dateKind?: DateKind;
    dateBasis?: DateBasis;
    dateMeaning?: string;
  },
>(record: T, day: string, kind: DateKind, basis: DateBasis, meaning: string): T {
  const iso = isoDay(day);
  if (iso === undefined) throw new RangeError(`Cannot read the date "${day}"`);
  record.statedAt = iso;
  record.dateKind = kind;
  record.dateBasis = basis;
  record.dateMeaning = meaning;
  return record;
}
