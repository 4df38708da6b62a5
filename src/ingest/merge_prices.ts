/**
 * Merging the LLM price sources into one first-party price per model, with per-field provenance,
 * corroboration and disagreements (`llm-prices/SOURCES.md`: "a price that two sources agree on is
 * corroborated, and a disagreement is worth showing, not hiding").
 *
 * Key: canonical provider + {@link normalizeModelId}. Each field is taken from the
 * highest-priority source that has it (priorities and roles from the source registry,
 * `sources/mod.ts`); `cross-check` sources (OpenRouter, a reseller) are never chosen, and a key
 * only they describe yields no entry.
 *
 * @module
 */
import { FIRST_PARTY, providerName } from "./first_party.ts";
import { sourceRank, sourceRole, UNKNOWN_SOURCE_RANK } from "./sources/mod.ts";
import type { MergeStats } from "./types.ts";
import type { CatalogPrice, SourcePrice } from "../model/price.ts";
import type { SourceRef } from "../model/source.ts";

/** Relative difference within which two prices agree: 0.5 %. */
export const AGREEMENT_TOLERANCE = 0.005;

/** Provenance value of a pricing URL taken from `first_party.ts` because no source gave one. */
export const FIRST_PARTY_TABLE = "first-party-table";

/**
 * Normalizes a model id for the merge key. Rules (deliberately narrow, so distinct models never
 * merge):
 *
 * 1. Trim and lowercase; drop any path prefix up to the last `/` (`openai/`, `gemini/`,
 *    `models/`, `meta_llama/`, `amazon-nova/`).
 * 2. Dated snapshots, `-latest`, `-preview` and other suffixes are kept: `claude-3-5-sonnet-20241022`
 *    and `claude-3.5-sonnet` stay different models (an alias may move to a new snapshot).
 * 3. Anthropic: API ids never contain dots, so a dot between digits becomes a hyphen
 *    (`claude-sonnet-4.5` → `claude-sonnet-4-5`, `claude-3.5-sonnet` → `claude-3-5-sonnet`); and
 *    from Claude 4 on the API puts the family before the version, so `claude-4-opus-20250514` →
 *    `claude-opus-4-20250514` and `claude-4.5-haiku` → `claude-haiku-4-5` (Claude 3.x ids keep
 *    the version first).
 * 4. Google: `gemini-<major>-<minor>-<name>` → `gemini-<major>.<minor>-<name>` (the Gemini API
 *    writes versions with a dot; simonw writes `gemini-3-1-pro-preview`).
 * 5. Amazon: `global.` (the list-price cross-region profile) and `amazon.`/`amazon-` prefixes, the
 *    `:<n>` revision and the `-v<n>` version suffix are dropped, so `amazon.nova-pro-v1:0`,
 *    `nova-pro-v1` and `amazon-nova-pro` are all `nova-pro`.
 *
 * @param provider canonical provider id
 * @param model model id as a source gives it
 * @returns the normalized id, e.g. `"claude-opus-4-20250514"`
 */
export function normalizeModelId(provider: string, model: string): string {
  let id = model.trim().toLowerCase();
  id = id.slice(id.lastIndexOf("/") + 1);
  if (provider === "anthropic") {
    id = id.replace(/(\d)\.(\d)/g, "$1-$2");
    id = id.replace(
      /^claude-(\d+)(?:-(\d))?-(opus|sonnet|haiku)/,
      (whole, major: string, minor: string | undefined, family: string) =>
        Number(major) >= 4 ? `claude-${family}-${major}${minor ? `-${minor}` : ""}` : whole,
    );
  } else if (provider === "google") {
    id = id.replace(/^gemini-(\d+)-(\d+)-(?=[a-z])/, "gemini-$1.$2-");
  } else if (provider === "amazon") {
    id = id.replace(/^global\./, "").replace(/^amazon[.-]/, "").replace(/:\d+$/, "").replace(
      /-v\d+$/,
      "",
    );
  }
  return id;
}

/**
 * The merge key (and catalog id) of a record.
 *
 * @param record a source price record
 * @returns `"{provider}/{normalized model}"`, e.g. `"openai/gpt-4o"`
 */
export function priceKey(record: Pick<SourcePrice, "provider" | "model">): string {
  return `${record.provider}/${normalizeModelId(record.provider, record.model)}`;
}

/** Fields chosen by source priority, in output order. */
const CHOSEN_FIELDS = [
  "name",
  "inputPerMTok",
  "outputPerMTok",
  "cacheReadPerMTok",
  "cacheWritePerMTok",
  "cacheWrite1hPerMTok",
  "tiers",
  "webSearchPerCall",
  "contextWindow",
  "maxOutputTokens",
  "pricingUrl",
  "deprecated",
  "releaseDate",
] as const satisfies readonly (keyof SourcePrice)[];

/** Numeric fields compared across sources for disagreements. */
export const COMPARED_FIELDS = [
  "inputPerMTok",
  "outputPerMTok",
  "cacheReadPerMTok",
  "cacheWritePerMTok",
  "cacheWrite1hPerMTok",
  "webSearchPerCall",
] as const satisfies readonly (keyof SourcePrice)[];

/**
 * True when two amounts agree within {@link AGREEMENT_TOLERANCE} of the larger one.
 *
 * @param a amount
 * @param b amount
 */
export function pricesAgree(a: number, b: number): boolean {
  return Math.abs(a - b) <= AGREEMENT_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
}

/** Rank of a source: its priority; unknown sources after known ones, cross-check ones last. */
function rank(source: string): number {
  return sourceRole(source) === "cross-check" ? UNKNOWN_SOURCE_RANK + 1 : sourceRank(source);
}

/** True for a source whose records only corroborate or contradict (see `SourceRole`). */
function crossCheckOnly(source: string): boolean {
  return sourceRole(source) === "cross-check";
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byPriority(a: SourcePrice, b: SourcePrice): number {
  return rank(a.source) - rank(b.source) || compareText(a.source, b.source) ||
    compareText(a.sourceId, b.sourceId);
}

/** Result of {@link mergePrices}. */
export interface MergePricesResult {
  /** One entry per provider + normalized model, sorted by provider then model. */
  prices: CatalogPrice[];
  /**
   * Counts: `input` records, `output` entries, `merged` records folded into an existing entry,
   * `multiSource` entries from 2+ sources, `corroborated` entries with at least one corroborating
   * source, `withDisagreement`, `withWebSearchFee`, `withLongContextTiers`, `withCachedInput`
   * (a cache-read price), `crossCheckOnlyDropped` (records of keys that only cross-check-only
   * sources describe), `byProvider` (entries per provider).
   */
  stats: MergeStats;
}

/**
 * Merges first-party price records from all sources into catalog prices.
 *
 * For each key (see {@link priceKey}):
 * - every field of {@link CHOSEN_FIELDS} comes from the highest-priority non-cross-check record
 *   that has it, and `provenance[field]` names that source; the pricing URL falls back to the
 *   provider's page in `first_party.ts` (provenance {@link FIRST_PARTY_TABLE});
 * - `verifiedAt`/`verifiedMeaning` come together from the record that gave the input price when
 *   it has a `verifiedAt`, else from the most recent `verifiedAt` of the other choosable records
 *   (`provenance.verifiedAt` names the source), so the meaning always matches the date;
 * - `corroboratedBy`: the other sources (cross-check-only ones included) whose record gives an
 *   input and an output price both within 0.5 % of the chosen ones;
 * - `disagreements`: each of {@link COMPARED_FIELDS} whose values across records (cross-check-only
 *   ones included) differ by more than 0.5 %, with every source's value in priority order.
 *   Long-context tiers, context windows and output limits are not compared.
 *
 * Pure and deterministic: the same records in any order give the same result.
 *
 * @param records first-party records from the price adapters (USD per million tokens)
 * @returns the merged prices and the merge counts
 */
export function mergePrices(records: SourcePrice[]): MergePricesResult {
  const groups = new Map<string, SourcePrice[]>();
  for (const r of records) {
    const key = priceKey(r);
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const prices: CatalogPrice[] = [];
  let crossCheckOnlyDropped = 0;
  for (const [key, group] of groups) {
    group.sort(byPriority);
    const choosable = group.filter((r) => !crossCheckOnly(r.source));
    const first = choosable[0];
    if (first === undefined) {
      crossCheckOnlyDropped += group.length;
      continue;
    }
    prices.push(buildEntry(key, first, choosable, group));
  }
  prices.sort((a, b) => compareText(a.provider, b.provider) || compareText(a.model, b.model));

  const byProvider: Record<string, number> = {};
  for (const p of prices) byProvider[p.provider] = (byProvider[p.provider] ?? 0) + 1;
  const stats: MergeStats = {
    input: records.length,
    output: prices.length,
    merged: prices.reduce((n, p) => n + p.sources.length - 1, 0),
    multiSource: prices.filter((p) => new Set(p.sources.map((s) => s.source)).size >= 2).length,
    corroborated: prices.filter((p) => p.corroboratedBy.length > 0).length,
    withDisagreement: prices.filter((p) => p.disagreements.length > 0).length,
    withWebSearchFee: prices.filter((p) => p.webSearchPerCall !== undefined).length,
    withLongContextTiers: prices.filter((p) => (p.tiers?.length ?? 0) > 0).length,
    withCachedInput: prices.filter((p) => p.cacheReadPerMTok !== undefined).length,
    crossCheckOnlyDropped,
    byProvider,
  };
  return { prices, stats };
}

/** Builds one catalog entry from a group sorted by priority. */
function buildEntry(
  key: string,
  first: SourcePrice,
  choosable: SourcePrice[],
  group: SourcePrice[],
): CatalogPrice {
  const model = key.slice(first.provider.length + 1);
  const sources: SourceRef[] = group.map((r) => ({ source: r.source, sourceId: r.sourceId }));
  const entry: CatalogPrice = {
    id: key,
    provider: first.provider,
    providerName: providerName(first.provider),
    model,
    corroboratedBy: [],
    disagreements: [],
    sources,
    provenance: {},
  };
  const target = entry as unknown as Record<string, unknown>;
  for (const field of CHOSEN_FIELDS) {
    const from = choosable.find((r) => r[field] !== undefined);
    if (from === undefined) continue;
    const value = from[field];
    target[field] = field === "tiers" ? structuredClone(value) : value;
    entry.provenance[field] = from.source;
  }
  if (entry.pricingUrl === undefined) {
    const url = FIRST_PARTY.get(entry.provider)?.pricingUrl;
    if (url !== undefined) {
      entry.pricingUrl = url;
      entry.provenance.pricingUrl = FIRST_PARTY_TABLE;
    }
  }

  const inputRecord = choosable.find((r) => r.inputPerMTok !== undefined);
  let verified: SourcePrice | undefined;
  if (inputRecord?.verifiedAt !== undefined) verified = inputRecord;
  else {
    for (const r of choosable) {
      if (r.verifiedAt === undefined) continue;
      if (verified?.verifiedAt === undefined || r.verifiedAt > verified.verifiedAt) verified = r;
    }
  }
  if (verified?.verifiedAt !== undefined) {
    entry.verifiedAt = verified.verifiedAt;
    if (verified.verifiedMeaning !== undefined) entry.verifiedMeaning = verified.verifiedMeaning;
    entry.provenance.verifiedAt = verified.source;
  }

  const input = entry.inputPerMTok;
  const output = entry.outputPerMTok;
  const inputSource = entry.provenance.inputPerMTok;
  if (input !== undefined && output !== undefined) {
    const agreeing = new Set<string>();
    for (const r of group) {
      if (
        r.source === inputSource || r.inputPerMTok === undefined || r.outputPerMTok === undefined
      ) {
        continue;
      }
      if (pricesAgree(r.inputPerMTok, input) && pricesAgree(r.outputPerMTok, output)) {
        agreeing.add(r.source);
      }
    }
    entry.corroboratedBy = [...agreeing];
  }

  for (const field of COMPARED_FIELDS) {
    const values: { source: string; value: number }[] = [];
    for (const r of group) {
      const value = r[field];
      if (value === undefined) continue;
      if (!values.some((v) => v.source === r.source && v.value === value)) {
        values.push({ source: r.source, value });
      }
    }
    if (values.length < 2) continue;
    const nums = values.map((v) => v.value);
    if (!pricesAgree(Math.min(...nums), Math.max(...nums))) {
      entry.disagreements.push({ field, values });
    }
  }
  return entry;
}
