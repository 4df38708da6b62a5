/**
 * The pricing model and free tier of an AI tool from its source records, by the newest explicit
 * statement (`src/ingest/evidence.ts`): a 2026 record that states a free plan ("5 Zaps and 100
 * tasks/month on free tier") overrules a record last updated in 2023 that says `Paid`.
 *
 * What each record states:
 * - **free tier**: its pricing label (`free`, `freemium`, `open_source` → yes; `free_trial`,
 *   `paid`, `contact` → no); words of its own description that name a free plan ("free tier",
 *   "free plan", "free version", "free forever", "free credits") → yes, whatever its label says;
 *   else its free-version flag (ai-collection's "Offer Free Version", dated by the 2024 table: a
 *   list's checkbox, coarse, so it decides only where no record states a model or a free plan).
 * - **model**: its pricing label (explicit), or `open_source` where its description says the
 *   product is open source ("Free open-source workflow automation"). A free-version flag states
 *   no model: "offers a free version" fits a free and a freemium tool alike, so a tool with only
 *   the flag keeps `unknown` (shown as "plans not stated") next to its free tier.
 *
 * Then the two are made consistent: a free tier with a newest model of `paid`, `free_trial` or
 * `contact` is `freemium` (a free plan next to paid ones); a newest model of `free` is `freemium`
 * when any record states a paying option (another model, a price with an amount) or the
 * descriptions speak of a free tier next to paid plans.
 *
 * @module
 */
import type { PricingModel } from "../model/tool.ts";
import type { SourceTool } from "./types.ts";
import { SOURCE_INFOS, sourceRank } from "./sources/mod.ts";
import {
  dateOf,
  type DecisionRule,
  type JudgedStatement,
  resolveNewest,
  type Statement,
} from "./evidence.ts";

/** Words of a description that say a tool has a free tier next to paid ones. */
const FREE_TIER_TEXT =
  /\bfree (?:tier|plan|version)s?\b|\b(?:pro|premium|paid|team|business) (?:plan|tier|subscription)s?\b/i;

/** Words of one record's description that state a free plan ("free tier includes 300K tokens"). */
const STATES_FREE_PLAN =
  /\bfree (?:tier|plan|version|account|forever)s?\b|\bforever free\b|\bfree credits\b|\bfree (?:up to|for up to) \d/i;

/** Models that include a free plan. */
const FREE_MODELS: ReadonlySet<string> = new Set(["free", "freemium", "open_source"]);

/** The oldest date: a statement with no date at all sorts after every dated one. */
const UNDATED = "1970-01-01";

/**
 * When a record stated a field: the field's own date, else the record's, else its update time,
 * else its dump's date (`SourceInfo.asOf`).
 *
 * @param record a source record
 * @param field the field, e.g. `"hasFreeTier"`
 * @returns `YYYY-MM-DD` (`1970-01-01` when nothing dates it)
 */
export function statedAtOf(record: SourceTool, field: string): string {
  const own = record.fieldDates?.[field as keyof NonNullable<SourceTool["fieldDates"]>];
  return dateOf(own) ?? dateOf(record.statedAt) ?? dateOf(record.updatedAt) ??
    SOURCE_INFOS.get(record.source)?.asOf ?? UNDATED;
}

/** A statement of `field` by `record`. */
function _statement<T>(
  record: SourceTool,
  field: string,
  value: T,
  explicit = true,
): Statement<T> {
  return {
    source: record.source,
    sourceId: record.sourceId,
    value,
    statedAt: statedAtOf(record, field),
    explicit,
    rank: sourceRank(record.source, "pricing"),
  };
}

/** Merged pricing facts of one tool, with the evidence behind them. */
export interface PricingFacts {
  /** The pricing model, `unknown` when no source states one. */
  pricing: PricingModel | "unknown";
  /** True when the newest statement, or the model, says a free plan exists. */
  hasFreeTier: boolean;
  /** Source of the model's winning statement. */
  pricingSource?: string;
  /** Source whose statement decided `hasFreeTier`. */
  freeTierSource?: string;
  /** What the rules decided where sources disagree, in words. */
  notes: string[];
  /** Fields whose value differs from a merge by source priority alone (for the ingest report). */
  changed: ("pricing" | "hasFreeTier")[];
  /** How each field was decided (see `DecisionRule`), for the ingest report. */
  rules: { pricing?: DecisionRule; hasFreeTier?: DecisionRule };
  /** Every statement of each field, newest first, with its status. */
  evidence: {
    pricing?: JudgedStatement<string>[];
    hasFreeTier?: JudgedStatement<boolean>[];
  };
}

/** One record's free-tier statement, if it makes one. */
function _freeTierStatement(r: SourceTool): Statement<boolean> | undefined {
  const text = `${r.description ?? ""} ${r.longDescription ?? ""}`;
  if (STATES_FREE_PLAN.test(text) && !/\bno free (?:tier|plan|version)\b/i.test(text)) {
    return _statement(r, "description", true);
  }
  if (r.pricing !== undefined) return _statement(r, "pricing", FREE_MODELS.has(r.pricing));
  if (r.hasFreeTier !== undefined) return _statement(r, "hasFreeTier", r.hasFreeTier, false);
  return undefined;
}

/** A description that says what the product is: open source ("Free open-source workflow ..."). */
const IS_OPEN_SOURCE =
  /^(?:free,? )?open[- ]source\b|\bis (?:a |an )?(?:free,? )?open[- ]source\b/i;

/** One record's model statement, if it makes one. */
function _modelStatement(r: SourceTool): Statement<string> | undefined {
  if (
    r.pricing !== undefined && r.pricing !== "open_source" &&
    IS_OPEN_SOURCE.test(r.description ?? "")
  ) {
    return _statement(r, "description", "open_source");
  }
  if (r.pricing !== undefined) return _statement(r, "pricing", r.pricing);
  return undefined;
}

/** `source (date)` of a statement, for notes. */
function _cite(s: Statement<unknown>): string {
  return `${s.source} (${s.statedAt})`;
}

/**
 * Pricing model and free tier of a tool from its records, by the rules of the module doc.
 *
 * @param records the tool's source records
 * @param description every record's description texts joined (pricing is the site's: a record of
 *   another product on the same site counts here)
 * @returns the facts, the evidence, notes on what the rules decided and the fields that differ
 *   from a merge by source priority alone
 * @example
 * ```ts
 * pricingFacts([zapierPaid2025, zapierFreeTier2026], "").pricing; // "freemium"
 * ```
 */
export function pricingFacts(records: SourceTool[], description: string): PricingFacts {
  const notes: string[] = [];
  const model = resolveNewest(records.map(_modelStatement).filter((s) => s !== undefined));
  const free = resolveNewest(records.map(_freeTierStatement).filter((s) => s !== undefined));
  let pricing = (model?.value ?? "unknown") as PricingModel | "unknown";
  const hasFreeTier = free?.value ?? false;
  const out: PricingFacts = { pricing, hasFreeTier, notes, changed: [], rules: {}, evidence: {} };
  if (model !== undefined) {
    out.pricingSource = model.chosen.source;
    out.rules.pricing = model.rule;
    out.evidence.pricing = model.statements;
  }
  if (free !== undefined) {
    out.freeTierSource = free.chosen.source;
    out.rules.hasFreeTier = free.rule;
    out.evidence.hasFreeTier = free.statements;
  }

  if (hasFreeTier && (pricing === "paid" || pricing === "free_trial" || pricing === "contact")) {
    notes.push(
      `pricing: freemium, since ${_cite(free!.chosen)} states a free plan and ${
        _cite(model!.chosen)
      } says ${pricing}`,
    );
    pricing = "freemium";
  } else if (!hasFreeTier && free !== undefined && (pricing === "free" || pricing === "freemium")) {
    // The free-tier statement is newer than the model's (a flag or a trial label said no).
    pricing = "paid";
    notes.push(`pricing: paid, since ${_cite(free.chosen)} states no free plan`);
  } else if (pricing === "free") {
    const paying = records.find((r) =>
      (r.pricing !== undefined && r.pricing !== "free" && r.pricing !== "open_source") ||
      (r.priceText !== undefined && /\d/.test(r.priceText))
    );
    if (paying !== undefined) {
      pricing = "freemium";
      notes.push(
        `pricing: freemium, since ${_cite(model!.chosen)} says free and ${paying.source} states ` +
          `a paying option (${paying.pricing ?? paying.priceText})`,
      );
    } else if (FREE_TIER_TEXT.test(description)) {
      pricing = "freemium";
      notes.push(
        `pricing: freemium, since ${
          _cite(model!.chosen)
        } says free and the description speaks of a free tier next to paid plans`,
      );
    }
  }
  out.pricing = pricing;
  out.hasFreeTier = hasFreeTier || FREE_MODELS.has(pricing);
  // Older statements of another model than the one given, named once.
  const superseded =
    model?.statements.filter((s) => s.status === "superseded" && s.value !== pricing) ?? [];
  if (superseded.length > 0) {
    notes.unshift(
      `pricing: ${model!.value} as ${_cite(model!.chosen)} states it; ${
        superseded.map((s) => `${s.value} by ${_cite(s)}`).join(", ")
      } superseded`,
    );
  }

  // What a merge by source priority alone gave (the rules before dates counted), for counts.
  const byPriority = [...records].sort((a, b) =>
    sourceRank(a.source, "default") - sourceRank(b.source, "default")
  );
  const naivePricing = byPriority.find((r) => r.pricing !== undefined)?.pricing ?? "unknown";
  const naiveFree = records.some((r) =>
    r.hasFreeTier === true || (r.pricing !== undefined && FREE_MODELS.has(r.pricing))
  );
  if (naivePricing !== out.pricing) out.changed.push("pricing");
  if (naiveFree !== out.hasFreeTier) out.changed.push("hasFreeTier");
  return out;
}
