/**
 * Content signals found at ingest: adult (NSFW) entries, hidden from search, recommendations,
 * alternatives and the site unless the caller asks for `safe=off`; and spam, parked or
 * placeholder entries, ranked last.
 *
 * Adult, from three kinds of evidence (any one is enough):
 * - a source category for adult content (ai-collection's "Nsfw - Nudify & Ai Girlfriends");
 * - an explicit word in the name (`nsfw`, `porn`, `hentai`, `nude`, `undress`, …);
 * - explicit words in the description, twice, or once together with a companion-chat word
 *   (`girlfriend`, `roleplay`, `unfiltered`, …);
 * - a companion or dating app (`companion`, `girlfriend`, `dating`, `roleplay`, …) whose text, in
 *   any source, has a word of sexual content short of explicit (`intimate`, `sexy`, `spicy`,
 *   `uncensored`, `no restrictions`, …);
 * - a virtual romantic partner: an AI girlfriend, boyfriend, waifu, lover or soulmate, or "AI
 *   relationships" (issue 30: such apps came up for innocent companion queries such as "a
 *   companion app my elderly father can talk to").
 * A text about detecting or filtering such content ("NSFW checker", "nsfw detection") is not
 * adult. Words are matched whole, so "Stripe" is not "strip" and "adult learners" is not adult.
 *
 * Spam, from the text and the URL:
 * - `parked`: a domain-for-sale or parking page (phrases, or a parking service's host);
 * - `promotion`: gambling, loan or pharmacy promotion in an entry whose name and categories are
 *   about something else;
 * - `placeholder`: the name or the description is a template ("Test Server", "Hello World",
 *   "Description of my MCP server").
 *
 * @module
 */
import type { ContentFlags } from "../model/content.ts";
import type { SourceTool } from "./types.ts";

/** Source categories that mean adult content, lowercase. */
const ADULT_CATEGORIES = new Set(["nsfw - nudify & ai girlfriends", "nsfw", "adult", "18+"]);

/** Words that are explicit on their own (whole words, case-insensitive). */
const EXPLICIT =
  /\b(nsfw|porn\w*|xxx|nudes?|nudity|nudify\w*|naked|hentai|erotic\w*|sexting|sex chat|onlyfans|lewd|undress\w*|deepnudes?|fetish\w*|camgirls?|escorts?|horny|smut|18\+ (?:content|chat))\b/gi;

/** Words of adult companion chat that make one explicit word in a description enough. */
const COMPANION =
  /\b(girlfriends?|boyfriends?|waifus?|companions?|role-?play\w*|unfiltered|uncensored|no filter|unrestricted|fantas(?:y|ies)|spicy|flirt\w*|seductive)\b/i;

/** Words of a companion or dating app. */
const COMPANION_APP =
  /\b(girl ?friends?|boy ?friends?|waifus?|husbandos?|companions?|companionship|soul ?mates?|dating|sexting|role-?play\w*|(?:ai|virtual|digital) (?:partners?|wife|husband))\b/i;

/** Words of sexual content short of explicit: adult in the text of a companion or dating app. */
const SEXUAL_HINT =
  /\b(intima(?:te|cy)|sexy|sexual\w*|sex|seductive|spicy|steamy|naughty|kinky|sensual\w*|lust\w*|18\+|adults? only|uncensored|unfiltered|no (?:limits|limitations|restrictions|filters?|censorship)|without (?:limits|restrictions|filters?|censorship))\b/gi;

/** A simulated romantic partner. */
const VIRTUAL_PARTNER =
  /\b((?:ai|virtual|digital|anime|dream|perfect|ideal|personal) (?:girl ?friends?|boy ?friends?|gfs?|wife|wives|husbands?|lovers?|soul ?mates?|waifus?|husbandos?)|(?:girl|boy) ?friends? (?:simulator|generator|experience|app|chat)|ai (?:relationships?|romance)|soul ?mates?)\b/i;

/** Words of a text about detecting, filtering or moderating such content. */
const MODERATION =
  /\b(detect\w*|checker|check if|classif\w*|identif\w*|recogni\w*|moderat\w*|filter(?:s|ing)? (?:out )?(?:nsfw|adult|explicit|sexual)|safe for work|safety)\b/i;

/** Domain-for-sale and parking-page phrases. */
const PARKED =
  /\b(domain (?:is |may be )?for sale|buy this domain|this domain (?:is )?parked|parked (?:free|domain)|domain parking)\b/i;
/** Hosts of domain marketplaces and parking services. */
const PARKING_HOSTS =
  /(^|\.)(sedo\.com|dan\.com|afternic\.com|hugedomains\.com|bodis\.com|parkingcrew\.net|undeveloped\.com)$/i;

/** Promotion words (gambling, loans, pharmacy). */
const PROMOTION =
  /\b(casino\w*|casinò|nhà cái|slots? online|sportsbook|payday loans?|viagra|cialis|bonus codes?)\b/i;
/** Names and categories that make promotion words the entry's real subject. */
const PROMOTION_SUBJECT =
  /\b(bet\w*|casino\w*|gambl\w*|odds|poker|sports?|lotter\w*|wager\w*|predict\w*|slot\w*|loans?|pharm\w*|crypto\w*)\b/i;

/** A template name: nothing but "test", "hello world", "demo", "example" and MCP words. */
const PLACEHOLDER_NAME =
  /^(?:(?:my|mcp|simple|local|remote|basic|the|a|first)[\s_-]+)*(?:hello[\s_-]?world|test(?:ing)?|demo|example|sample|placeholder|untitled)(?:[\s_-]+(?:mcp|server|repo|project|app|\d+))*$/i;
/** Template descriptions left unchanged by the author. */
const PLACEHOLDER_DESCRIPTION =
  /^(?:description of my mcp server\.?|a simple hello world mcp server\.?|lorem ipsum dolor sit amet\b.*|todo:?\s*(?:add )?description\.?|test(?:ing)?\.?|my (?:first )?mcp server\.?)$/i;

/** The text of an entry the flags look at. */
export interface FlaggableEntry {
  /** Display name. */
  name: string;
  /** Short and long descriptions (joined with a space). */
  description: string;
  /** Source category labels. */
  categories: readonly string[];
  /** The entry's own site, if any. */
  url?: string | null;
  /**
   * Every source's text of the entry (descriptions, tags, features, use cases), read by the
   * companion rules only: a source whose description the merge did not choose still counts.
   */
  sourceTexts?: readonly string[];
}

/**
 * Explicit words in a text, lowercase, leaving out those within 40 characters of a moderation
 * word ("detect NSFW images" is about filtering such content, not such content).
 */
function _explicit(text: string): string[] {
  return [...text.matchAll(EXPLICIT)].filter((m) => {
    const around = text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40);
    return !MODERATION.test(around);
  }).map((m) => m[0].toLowerCase());
}

/** Words of sexual content in a text, leaving out those near a moderation word. */
function _sexualHints(text: string): string[] {
  return [...text.matchAll(SEXUAL_HINT)].filter((m) => {
    const around = text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40);
    return !MODERATION.test(around);
  }).map((m) => m[0].toLowerCase());
}

/**
 * Finds adult and spam signals in one entry.
 *
 * @param entry name, description, categories and URL of a tool or server
 * @returns the reasons found, per kind (both empty for an ordinary entry)
 * @example
 * ```ts
 * contentFlags({ name: "NSFW Character AI", description: "…", categories: [] }).adult;
 * // ['word "nsfw" in the name']
 * ```
 */
export function contentFlags(entry: FlaggableEntry): ContentFlags {
  const adult: string[] = [];
  const spam: string[] = [];
  const description = entry.description;
  const all = `${entry.name}\n${description}`;

  const category = entry.categories.find((c) => ADULT_CATEGORIES.has(c.trim().toLowerCase()));
  if (category !== undefined) adult.push(`source category "${category}"`);
  const inName = _explicit(entry.name);
  // A name like "NSFW Checker" is about filtering: the description says so.
  if (inName.length > 0 && !MODERATION.test(all)) {
    adult.push(`word "${inName[0]}" in the name`);
  }
  const inText = _explicit(description);
  if (inText.length >= 2) {
    adult.push(`explicit words in the description (${[...new Set(inText)].join(", ")})`);
  } else if (inText.length === 1 && COMPANION.test(all)) {
    adult.push(`"${inText[0]}" with companion-chat words in the description`);
  }
  if (adult.length === 0) {
    const every = [all, ...entry.sourceTexts ?? []].join("\n");
    const app = COMPANION_APP.exec(every);
    const hints = app === null ? [] : _sexualHints(every);
    const partner = VIRTUAL_PARTNER.exec(every);
    if (app !== null && hints.length > 0) {
      adult.push(
        `companion or dating app ("${app[0].toLowerCase()}") with sexual content ("${hints[0]}")`,
      );
    } else if (partner !== null) {
      adult.push(`virtual romantic partner ("${partner[0].toLowerCase()}")`);
    }
  }

  if (PARKED.test(all)) spam.push("parked: a domain-for-sale page");
  const host = _host(entry.url);
  if (host !== undefined && PARKING_HOSTS.test(host)) spam.push(`parked: hosted on ${host}`);
  const promo = PROMOTION.exec(description);
  if (
    promo !== null && !PROMOTION_SUBJECT.test(entry.name) &&
    !entry.categories.some((c) => PROMOTION_SUBJECT.test(c))
  ) {
    spam.push(`promotion: "${promo[0]}" unrelated to the entry`);
  }
  const bareName = entry.name.includes("/") ? entry.name.split("/").pop()! : entry.name;
  if (PLACEHOLDER_NAME.test(bareName.trim())) spam.push("placeholder: a template name");
  else if (PLACEHOLDER_DESCRIPTION.test(description.trim())) {
    spam.push("placeholder: a template description");
  }
  return { adult, spam };
}

function _host(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Counts of content flags per reason kind, stored in the ingest report. */
export interface ContentFlagStats {
  /**
   * Entries flagged adult, and per kind of evidence (`source_category`, `name`, `description`,
   * `companion`, `partner`).
   */
  adult: number;
  adultBy: Record<string, number>;
  /** Entries flagged spam, and per kind (`parked`, `promotion`, `placeholder`). */
  spam: number;
  spamBy: Record<string, number>;
}

/**
 * Flags a list of entries and counts the reasons.
 *
 * @param entries tools or servers, with a `content` field that is set in place
 * @param text how to read an entry's name, description, categories and URL
 * @returns counts per reason kind
 */
export function flagAll<T extends { content?: ContentFlags }>(
  entries: T[],
  text: (entry: T) => FlaggableEntry,
): ContentFlagStats {
  const stats: ContentFlagStats = { adult: 0, adultBy: {}, spam: 0, spamBy: {} };
  for (const e of entries) {
    const flags = contentFlags(text(e));
    if (flags.adult.length > 0 || flags.spam.length > 0) e.content = flags;
    else delete e.content;
    if (flags.adult.length > 0) stats.adult++;
    if (flags.spam.length > 0) stats.spam++;
    for (const r of flags.adult) {
      const kind = r.startsWith("source category")
        ? "source_category"
        : r.includes("in the name")
        ? "name"
        : r.startsWith("companion or dating app")
        ? "companion"
        : r.startsWith("virtual romantic partner")
        ? "partner"
        : "description";
      stats.adultBy[kind] = (stats.adultBy[kind] ?? 0) + 1;
    }
    for (const r of flags.spam) {
      const kind = r.split(":")[0]!;
      stats.spamBy[kind] = (stats.spamBy[kind] ?? 0) + 1;
    }
  }
  return stats;
}

/**
 * Every source record's text of the AI tools, by source and id, for
 * {@link FlaggableEntry.sourceTexts}: a merged tool keeps one description and the longest long
 * one, and the others would go unread.
 *
 * @param records the tool records of every source
 * @returns `source\u0000sourceId` → the record's description, long description, tags, features
 *   and use cases
 */
export function toolSourceTexts(records: readonly SourceTool[]): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const r of records) {
    const key = `${r.source}\u0000${r.sourceId}`;
    const list = texts.get(key) ?? [];
    list.push(
      ...[r.description, r.longDescription].filter((x): x is string => x !== undefined),
      ...r.tags ?? [],
      ...r.features ?? [],
      ...r.useCases ?? [],
    );
    texts.set(key, list);
  }
  return texts;
}
