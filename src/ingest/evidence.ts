/**
 * Dated statements and the rule that resolves them: **the newest explicit statement wins**.
 *
 * Every source record states facts at a date: its own updated or checked time, else the date of
 * its dump (`SourceInfo.asOf`, from the folder's SOURCES.md). For one field of one entry:
 *
 * 1. Explicit statements count before coarse ones: a coarse statement (a list's blanket label, a
 *    flag a source sets for nearly every record) decides only when no explicit one exists.
 * 2. The newest statement's value wins when every statement of about its age
 *    ({@link SAME_AGE_DAYS} days) agrees (`newest`; `only` when there is one statement).
 * 3. Statements of about the same age that disagree go by **agreement**: the value stated by the
 *    most sources among them wins (`agreement`); a tie goes to the best source priority for the
 *    field, then to the newest (`priority`).
 * 4. Every other statement stays in the evidence: `agrees` when it states the winning value,
 *    `superseded` when it is older and states another, `overruled` when it is of the same age and
 *    lost by agreement.
 *
 * @module
 */

/** Statements this many days apart or closer are "of about the same age" (one quarter). */
export const SAME_AGE_DAYS = 92;

/** One source's statement of one field. */
export interface Statement<T> {
  /** Source id, e.g. `"autoventure"`. */
  source: string;
  /** The record's id in the source. */
  sourceId: string;
  /** The stated value. */
  value: T;
  /** When it was stated: `YYYY-MM-DD` (a longer ISO 8601 time is cut to its date). */
  statedAt: string;
  /** False for a coarse statement (see the module doc); default true. */
  explicit?: boolean;
  /** The source's priority for the field (lower wins; only breaks ties). */
  rank: number;
}

/** How a field's value was decided (counted in the ingest report). */
export type DecisionRule = "only" | "newest" | "agreement" | "priority";

/** What became of one statement. */
export type StatementStatus = "chosen" | "agrees" | "superseded" | "overruled";

/** A statement with what became of it. */
export interface JudgedStatement<T> extends Statement<T> {
  /** What became of it. */
  status: StatementStatus;
}

/** The resolution of one field. */
export interface Resolution<T> {
  /** The winning value. */
  value: T;
  /** The statement it comes from. */
  chosen: JudgedStatement<T>;
  /** How it was decided. */
  rule: DecisionRule;
  /** Every statement, newest first, each with its status. */
  statements: JudgedStatement<T>[];
}

/**
 * The date part of a time: `2025-04-11T20:24:14+05:30` → `2025-04-11` (the UTC date of an ISO
 * 8601 time with an offset; a bare date is kept).
 *
 * @param time `YYYY-MM-DD` or an ISO 8601 date-time
 * @returns `YYYY-MM-DD`, or `undefined` when it cannot be read
 * @example
 * ```ts
 * dateOf("2024-07-22T20:00:27.141Z"); // "2024-07-22"
 * ```
 */
export function dateOf(time: string | undefined): string | undefined {
  if (time === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(time)) return time;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().slice(0, 10);
}

/**
 * Days from one date to another.
 *
 * @param a `YYYY-MM-DD`
 * @param b `YYYY-MM-DD`
 * @returns `a - b` in days (negative when `a` is earlier)
 */
export function daysBetween(a: string, b: string): number {
  return (Date.parse(a) - Date.parse(b)) / 86_400_000;
}

/**
 * Resolves one field from its statements by the rule of the module doc.
 *
 * @param statements the field's statements, any order (at least one)
 * @param keyOf the comparison key of a value: equal keys state the same fact (default
 *   `String(value)`)
 * @returns the winning value, its statement, the rule and every statement judged; `undefined`
 *   when there is no statement
 * @example
 * ```ts
 * resolveNewest([
 *   { source: "a", sourceId: "1", value: "paid", statedAt: "2023-08-05", rank: 0 },
 *   { source: "b", sourceId: "2", value: "free", statedAt: "2026-08-07", rank: 1 },
 * ])?.value; // "free" (rule "newest"; a's statement is "superseded")
 * ```
 */
export function resolveNewest<T>(
  statements: readonly Statement<T>[],
  keyOf: (value: T) => string = (v) => String(v),
): Resolution<T> | undefined {
  if (statements.length === 0) return undefined;
  const explicit = statements.filter((s) => s.explicit !== false);
  const pool = explicit.length > 0 ? explicit : [...statements];
  const byAge = (a: Statement<T>, b: Statement<T>) =>
    (a.statedAt < b.statedAt ? 1 : a.statedAt > b.statedAt ? -1 : 0) || a.rank - b.rank ||
    (a.source < b.source ? -1 : a.source > b.source ? 1 : 0) ||
    (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0);
  pool.sort(byAge);
  const newest = pool[0]!;
  const front = pool.filter((s) => daysBetween(newest.statedAt, s.statedAt) <= SAME_AGE_DAYS);
  const keys = new Set(front.map((s) => keyOf(s.value)));
  let chosen = newest;
  let rule: DecisionRule = statements.length === 1 ? "only" : "newest";
  if (keys.size > 1) {
    // Agreement: distinct sources per value among the statements of about the newest's age.
    const support = new Map<string, Set<string>>();
    for (const s of front) {
      const k = keyOf(s.value);
      support.set(k, (support.get(k) ?? new Set()).add(s.source));
    }
    const best = Math.max(...[...support.values()].map((set) => set.size));
    const tied = [...support.entries()].filter(([, set]) => set.size === best).map(([k]) => k);
    // A tie of agreement goes to the best source priority, then to the newest (`front` is newest
    // first): days apart within one quarter say less than which source states the field best.
    const contenders = front.filter((s) => tied.includes(keyOf(s.value)));
    const bestRank = Math.min(...contenders.map((s) => s.rank));
    chosen = contenders.find((s) => s.rank === bestRank)!;
    rule = tied.length > 1 ? "priority" : "agreement";
  }
  const winner = keyOf(chosen.value);
  const frontSet = new Set(front);
  const judged = [...statements].sort(byAge).map((s): JudgedStatement<T> => {
    const status: StatementStatus = s === chosen
      ? "chosen"
      : keyOf(s.value) === winner
      ? "agrees"
      : frontSet.has(s)
      ? "overruled"
      : "superseded";
    return { ...s, status };
  });
  return {
    value: chosen.value,
    chosen: judged.find((s) => s.status === "chosen")!,
    rule,
    statements: judged,
  };
}
