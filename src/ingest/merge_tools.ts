/**
 * Merges the AI-tool records of all `ai-tools` sources into one catalog entry per tool.
 *
 * Identity (see `shared/data/ai-tools/SOURCES.md`: "matched by website domain, else by
 * normalized name"), decided with a union-find over the records:
 *
 * 1. **Website** (`host_path`, `domain`, `domain_product`, `domain_name` rules). The URL's host is
 *    normalized (lowercase; `www.`, `m.` and entry subdomains `app.`, `get.`, `try.`, `go.`,
 *    `join.`, `beta.`, `affiliate.` dropped; renamed hosts aliased, e.g. `chat.openai.com` →
 *    `chatgpt.com`).
 *    - On shared hosts, where the host names a platform and the path names the tool (GitHub,
 *      Hugging Face, app and extension stores, Telegram, Replicate, ...), the key is the host plus
 *      the identifying path part (`github.com/owner/repo`, the app id); the bare host stands for
 *      the platform itself, and a URL without the identifying part (a marketplace link without
 *      its item) does not count as a URL. Records with the same key are one tool (`host_path`).
 *    - On any other host, the first path segment that is not a container (`/products/`, `/blog/`,
 *      `/en/`, `/app/`, `/pricing` ...) decides. When it names the record (`zoho.com/desk` for
 *      "Zoho Desk"), is an id, or the record's name lacks the host's brand
 *      (`optimin.cloud/podcast-script-generator` for "PodScribe"), the page is a product of its
 *      own and groups with records of the same segment (`domain_product`; product pages with the
 *      same normalized name also join, `domain_name`). Otherwise (home, landing, pricing or
 *      referral page) the record is the host's main tool and joins the host's other main-tool
 *      records (`domain`).
 * 2. **Name**, for records without a usable URL (ai-collection, topai.tools): records with equal
 *    name keys ({@link nameKey}) are one tool (`name_only`), and join the website-matched tool
 *    of that name when exactly one exists (`name_to_url`). When several tools with different
 *    websites carry the name, the URL-less records are attached to none (counted in
 *    `nameAmbiguous`): equal names with different websites are different tools.
 *
 * Each merged field is chosen from one record by a per-field source priority (the source
 * registry, `sources/mod.ts`) and its source id recorded in `provenance`. Output is independent of
 * the input order: records are sorted first, and every tie is broken by source id.
 *
 * @module
 */
import type { MergeStats, SourceTool } from "./types.ts";
import { sourceRank } from "./sources/mod.ts";
import { UnionFind } from "./union_find.ts";
import { normalizeName, slugify } from "../model/text.ts";
import type { CatalogTool, PricingModel, ToolReview } from "../model/tool.ts";

/**
 * Sources whose pricing field names the model explicitly (aitoolhouse's labels and combinations
 * with a price text, topai.tools' labels); the others are coarse: AutoVenture says `Free` or
 * `Free Trial` for nearly every tool (381 of 449 `Free`, Midjourney and Synthesia among them),
 * the awesome lists only mark open source. They rank first for `pricing` in the source registry;
 * a note on a disagreement says when the winning statement was explicit.
 */
const EXPLICIT = new Set(["aitoolhouse", "topai-tools"]);

/** Longest short description, in characters (cut at a word boundary, with "…"). */
export const SHORT_DESCRIPTION_MAX = 300;
/** At most this many key features and use cases per tool. */
export const MAX_FEATURES = 12;

/** Subdomains of referral and affiliate links. */
const REFERRAL_SUBDOMAIN =
  /^(?:www\.)?(get|try|go|join|affiliate|affiliates|partners?|ref|refer)\./;

/** Subdomains that are marketing, app or referral entry points of the same site. */
const ENTRY_SUBDOMAIN = /^(www|m|app|get|try|go|join|beta|affiliate|affiliates|partners?)\./;

/** Hosts that moved: old → current, so both spellings match. */
const HOST_ALIASES: Record<string, string> = {
  "chat.openai.com": "chatgpt.com",
  "bard.google.com": "gemini.google.com",
  "twitter.com": "x.com",
  "chromewebstore.google.com": "chrome.google.com",
  "perplexity.com": "perplexity.ai",
  "ai.facebook.com": "ai.meta.com",
};

/**
 * Shared hosts: the path identifies the tool. Each entry returns the identifying path part,
 * `undefined` when the URL names the platform itself (then the host is the key), or `null` when the
 * URL lacks the identifying part (then the record is matched by name only).
 */
const SHARED_HOSTS: Record<string, (segments: string[], url: URL) => string | undefined | null> = {
  "github.com": (s) => take(s, 2),
  "gitlab.com": (s) => take(s, 2),
  "huggingface.co": (s) => s[0] === "spaces" ? take(s, 3) : take(s, 2),
  "replicate.com": (s) => take(s, 2),
  "apps.apple.com": (s) => s.find((x) => /^id\d+$/.test(x)) ?? take(s, 4),
  "play.google.com": (s, u) => u.searchParams.get("id")?.toLowerCase() ?? take(s, 4),
  "chrome.google.com": (s) => s.find((x) => /^[a-p]{32}$/.test(x)) ?? take(s, 3),
  "microsoftedge.microsoft.com": (s) => s.find((x) => /^[a-z]{32}$/.test(x)) ?? take(s, 4),
  "addons.mozilla.org": (s) =>
    s.filter((x) => !/^[a-z]{2}(-[a-z]{2})?$/.test(x)).slice(0, 3).join("/") || undefined,
  "marketplace.visualstudio.com": (_, u) => u.searchParams.get("itemName")?.toLowerCase() ?? null,
  "workspace.google.com": (s) => s.find((x) => /^\d{6,}$/.test(x)) ?? take(s, 3),
  "figma.com": (s) => s[0] === "community" ? take(s, 3) : take(s, 2),
  "t.me": (s) => take(s, 1),
  "x.com": (s) => take(s, 1),
  "youtube.com": (s) => take(s, 1),
  "medium.com": (s) => take(s, 2),
  "linkedin.com": (s) => take(s, 2),
  "producthunt.com": (s) => take(s, 2),
  "sites.google.com": (s) => take(s, 2),
  "docs.google.com": (s) => take(s, 3),
  "discord.com": (s) => take(s, 2),
  "discord.gg": (s) => take(s, 1),
  "poe.com": (s) => take(s, 1),
  "chatgpt.com": (s) => s[0] === "g" ? take(s, 2) : undefined,
  "notion.site": (s) => take(s, 1),
  "vercel.app": (s) => take(s, 1),
  "apps.microsoft.com": (s) => take(s, 3),
  "appsource.microsoft.com": (s) => take(s, 4),
};

/** The first `n` path segments joined, or `undefined` when there are none. */
function take(segments: string[], n: number): string | undefined {
  return segments.length === 0 ? undefined : segments.slice(0, n).join("/");
}

/** Path segments that never name a product: containers, locales, landing and app pages. */
const CONTAINER_SEGMENT = new Set([
  "app",
  "apps",
  "home",
  "index",
  "index.html",
  "index.php",
  "products",
  "product",
  "features",
  "feature",
  "tools",
  "tool",
  "solutions",
  "platform",
  "ai",
  "blog",
  "news",
  "research",
  "models",
  "technologies",
  "discover",
  "lp",
  "pricing",
  "about",
  "search",
  "start",
  "signup",
  "login",
  "welcome",
  "landing",
  "dashboard",
  "bot",
  "bots",
  "intl",
  "pages",
  "try",
  "get",
]);

/** Words too common in names and paths to show that a page is a product page. */
const GENERIC_WORDS = new Set([
  "free",
  "online",
  "tool",
  "tools",
  "with",
  "your",
  "from",
  "maker",
  "generator",
  "editor",
  "chat",
  "video",
  "image",
  "photo",
  "text",
  "voice",
  "music",
  "writer",
  "assistant",
  "chatgpt",
  "openai",
]);

/**
 * Name key used for matching: {@link normalizeName}, then a trailing `ai`, `app` or `hq` word
 * dropped when something of at least 3 characters remains ("Jasper AI" and "Jasper" match).
 *
 * @param name display name
 * @returns the key, possibly `""` (never matched)
 */
export function nameKey(name: string): string {
  const key = normalizeName(name);
  const stripped = key.replace(/(ai|app|hq)$/, "");
  return stripped.length >= 3 ? stripped : key;
}

/** Where a record's URL points, for matching. */
export interface Site {
  /** Normalized host, e.g. `zoho.com`. */
  host: string;
  /** Key of the tool on a shared host (`github.com/o/r`), or of a product page (`zoho.com/desk`). */
  key: string;
  /** True when the page is a product of its own on a non-shared host. */
  product: boolean;
  /** True for shared hosts. */
  shared: boolean;
}

/** Normalizes a hostname for matching (lowercase, entry subdomains dropped, aliases applied). */
function normalizeHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.$/, "");
  while (ENTRY_SUBDOMAIN.test(host) && host.split(".").length > 2) {
    host = host.replace(ENTRY_SUBDOMAIN, "");
  }
  host = host.replace(/^www\./, "");
  return HOST_ALIASES[host] ?? host;
}

/** Lowercase alphanumerics of a path segment. */
function squash(segment: string): string {
  return segment.toLowerCase().replace(/\.(html?|php|aspx?)$/, "").replace(/[^a-z0-9]+/g, "");
}

/** True when a path segment names the record (substring either way, or a shared word) or is an id. */
function segmentNamesTool(segment: string, name: string): boolean {
  const seg = squash(segment);
  if (seg.length === 0) return false;
  if (
    /^[0-9a-f-]{16,}$/i.test(segment) || (/\d/.test(seg) && /[a-z]/.test(seg) && seg.length >= 10)
  ) {
    return true;
  }
  const flat = normalizeName(name);
  for (const core of [nameKey(name), flat]) {
    if (seg.length >= 3 && core.length >= 3 && (core.includes(seg) || seg.includes(core))) {
      return true;
    }
  }
  return segment.toLowerCase().split(/[^a-z0-9]+/).some((token) => {
    if (token.length < 4 || GENERIC_WORDS.has(token)) return false;
    return flat.includes(token) || (token.endsWith("s") && flat.includes(token.slice(0, -1)));
  });
}

/** Second-level labels of common two-part public suffixes (`co.uk`, `com.au` ...). */
const SECOND_LEVEL = new Set(["co", "com", "org", "net", "ac", "gov", "edu"]);

/** The brand label of a host: the label before its public suffix (`optimin.cloud` → `optimin`). */
function brandOf(host: string): string {
  const labels = host.split(".");
  labels.pop();
  if (labels.length > 1 && SECOND_LEVEL.has(labels[labels.length - 1]!)) labels.pop();
  return squash(labels[labels.length - 1] ?? "");
}

/**
 * Where a record's URL points: the normalized host and the key to match on.
 *
 * On a non-shared host a page is a product of its own (`product: true`, key `host/segment`) when
 * its first identifying path segment names the record or is an id, or when the record's name does
 * not contain the host's brand (`optimin.cloud/podcast-script-generator` for "PodScribe");
 * otherwise it is the host's main tool (key `host`).
 *
 * @param url cleaned absolute URL
 * @param name the record's name
 * @returns the site; `undefined` when the URL cannot be parsed or does not identify a tool (a
 *   shared-host URL without the identifying part)
 */
export function siteOf(url: string, name: string): Site | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const host = normalizeHost(parsed.hostname);
  const segments = parsed.pathname.split("/").filter((s) => s !== "").map((s) => {
    try {
      return decodeURIComponent(s).toLowerCase();
    } catch {
      return s.toLowerCase();
    }
  });
  const shared = SHARED_HOSTS[host];
  if (shared !== undefined) {
    const part = shared(segments, parsed);
    if (part === null) return undefined;
    return {
      host,
      key: part === undefined ? host : `${host}/${part}`,
      product: false,
      shared: true,
    };
  }
  const first = segments.find((s) =>
    !CONTAINER_SEGMENT.has(s) && !/^[a-z]{2}([-_][a-z]{2,4})?$/.test(s) && !s.startsWith("@") &&
    squash(s).length >= 3
  );
  // A referral link (`get.murf.ai/nv22citenngt`, `affiliate.notion.so/9po6cx7rvdr6-4y5a7`): an
  // entry subdomain and a code for a path, where the code is not the tool's name, points at the
  // host's main tool.
  const referral = first !== undefined && REFERRAL_SUBDOMAIN.test(parsed.hostname.toLowerCase()) &&
    /\d/.test(first) && !segmentNamesTool(first.replace(/[0-9a-f-]{16,}|\d+/gi, ""), name);
  if (first !== undefined && !referral) {
    const brand = brandOf(host);
    const ownName = segmentNamesTool(first, name);
    if (ownName || (brand.length >= 3 && !normalizeName(name).includes(brand))) {
      return { host, key: `${host}/${squash(first)}`, product: true, shared: false };
    }
  }
  return { host, key: host, product: false, shared: false };
}

/** Rank of a source for a field (lower is better; see `sourceRank`). */
function rank(field: string, source: string): number {
  return sourceRank(source, field);
}

/** Deterministic record order: source (by name priority, unknown ones by id), then id. */
function compareRecords(a: SourceTool, b: SourceTool): number {
  return rank("name", a.source) - rank("name", b.source) || cmp(a.source, b.source) ||
    cmp(a.sourceId, b.sourceId) || cmp(a.name, b.name) || cmp(a.url ?? "", b.url ?? "") ||
    cmp(JSON.stringify(a), JSON.stringify(b));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Union-find over record indexes, counting merges by rule. */
class _RuleSets extends UnionFind {
  readonly byRule: Record<string, number> = {};

  /** Joins the sets of `a` and `b` (the lower root wins, for determinism). */
  union(a: number, b: number, rule: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    this.joinRoots(ra, rb);
    this.byRule[rule] = (this.byRule[rule] ?? 0) + 1;
  }
}

/** Groups indexes by a key, keeping first-seen order. */
function groupBy<K>(indexes: number[], key: (i: number) => K | undefined): Map<K, number[]> {
  const groups = new Map<K, number[]>();
  for (const i of indexes) {
    const k = key(i);
    if (k === undefined) continue;
    const list = groups.get(k);
    if (list === undefined) groups.set(k, [i]);
    else list.push(i);
  }
  return groups;
}

/** Unions every member of each group with its first member. */
function unionGroups(uf: _RuleSets, groups: Map<unknown, number[]>, rule: string): void {
  for (const members of groups.values()) {
    for (const m of members.slice(1)) uf.union(members[0]!, m, rule);
  }
}

/**
 * Cuts a description to at most `max` characters at a word boundary, ending in "…".
 *
 * @param text a clean single-line text
 * @param max maximum length in characters, "…" included (default {@link SHORT_DESCRIPTION_MAX})
 * @returns `text` when short enough, else the cut text
 */
export function shortDescription(text: string, max = SHORT_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const base = space > max / 2 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,;:.\-–—]+$/, "")}…`;
}

/**
 * Display casing of a category label: words written all in lowercase get a capital first letter
 * ("image generator" → "Image Generator"); acronyms and mixed case stay ("SEO", "3D").
 *
 * @param label a source's category label
 * @returns the display label
 */
export function displayCategory(label: string): string {
  return label.trim().replace(/\s+/g, " ").split(" ").map((word) =>
    /^[a-z]/.test(word) && word === word.toLowerCase()
      ? word[0]!.toUpperCase() + word.slice(1)
      : word
  ).join(" ");
}

/** Appends labels not yet present (case-insensitive), up to `max` items. */
function unionLabels(
  target: string[],
  labels: readonly string[] | undefined,
  max = Infinity,
): void {
  for (const label of labels ?? []) {
    if (target.length >= max) return;
    const key = label.toLowerCase();
    if (!target.some((t) => t.toLowerCase() === key)) target.push(label);
  }
}

/** The records of one component sorted by a field's priority (ties: record order). */
function byPriority(records: SourceTool[], field: string): SourceTool[] {
  return [...records].sort((a, b) => rank(field, a.source) - rank(field, b.source));
}

/**
 * True when a record's name names the same product as the merged tool's: equal name keys
 * ({@link nameKey}), or equal but for a version number ("Claude 3" and "Claude AI") or a
 * suffix such as `ml` or `labs` ("Runway" and "Runwayml"). "Claude Artifacts" is another
 * product on the same site.
 *
 * @param recordName a source record's name
 * @param toolName the merged tool's name
 * @returns whether both name one product
 */
export function sameProduct(recordName: string, toolName: string): boolean {
  const a = nameKey(recordName).replace(/\d+$/, "");
  const b = nameKey(toolName).replace(/\d+$/, "");
  if (a === "" || b === "") return false;
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.startsWith(short) &&
    NAME_SUFFIXES.has(long.slice(short.length));
}

/** Words a product's name may carry or drop without naming another product ("Runway ML"). */
const NAME_SUFFIXES = new Set(["ml", "ai", "app", "hq", "io", "labs", "lab", "inc", "online"]);

/** Top-level domains a product name or description may carry as the product's own domain. */
const PRODUCT_TLD =
  "ai|io|com|app|co|so|dev|xyz|net|org|me|tech|tools|chat|gg|in|es|pub|sh|fm|tv|cc|to|ly|art|bot|design|studio|cloud|life|page|site|run|pro|us|uk|de|fr|it|nl|ca|au|at|ch|se|no|fi|pl|cz|jp|kr|so|live|space|world|work|one|ink|im|is|vc|ws|id|lol|fun|social|email|video|audio|photo|music|codes|systems|solutions|agency|ventures";
/** A name that is itself a domain ("AskThePDF.io", "Breef.In"). */
const NAME_DOMAIN = new RegExp(`^([a-z0-9][a-z0-9-]{0,62})\\.(${PRODUCT_TLD})$`, "i");
/** A domain in running text, not part of an e-mail address or a longer host name. */
const TEXT_DOMAIN = new RegExp(
  `(?<![@\\w.-])((?:[a-z0-9][a-z0-9-]{0,62}\\.)?([a-z0-9][a-z0-9-]{0,62}))\\.(${PRODUCT_TLD})(?![\\w-]|\\.[a-z])`,
  "gi",
);
/** Listing, directory and redirect hosts: never a tool's own site. */
const LISTING_HOSTS = new Set([
  "topai.tools",
  "thataicollection.com",
  "aitoolhouse.com",
  "producthunt.com",
  "futurepedia.io",
  "theresanaiforthat.com",
  "autoventure.live",
  "github.com",
]);

/**
 * The product's own domain when no source gives a URL but the name is a domain ("AskThePDF.io")
 * or a description names a domain whose brand is the tool's name ("AITable.ai" for "AITable
 * AI"). Listing and redirect hosts never count.
 *
 * @param name the merged tool's name
 * @param records the tool's source records
 * @returns `https://{domain}/`, the source and the field it came from, or `undefined`
 */
export function productDomain(
  name: string,
  records: SourceTool[],
): { url: string; source: string; field: "name" | "description" } | undefined {
  const own = NAME_DOMAIN.exec(name.trim());
  const first = byPriority(records, "name")[0]!;
  if (own && !LISTING_HOSTS.has(own[0].toLowerCase())) {
    return { url: `https://${own[0].toLowerCase()}/`, source: first.source, field: "name" };
  }
  const key = nameKey(name);
  if (key.length < 3) return undefined;
  for (const r of byPriority(records, "description")) {
    for (const text of [r.description, r.longDescription]) {
      for (const m of (text ?? "").matchAll(TEXT_DOMAIN)) {
        const domain = `${m[1]}.${m[3]}`.toLowerCase();
        if (LISTING_HOSTS.has(domain)) continue;
        if (nameKey(m[2]!) === key || normalizeName(m[2]!) === normalizeName(name)) {
          return { url: `https://${domain}/`, source: r.source, field: "description" };
        }
      }
    }
  }
  return undefined;
}

/** Words of a description that say a tool has a free tier next to paid ones. */
const FREE_TIER_TEXT =
  /\bfree (?:tier|plan|version)s?\b|\b(?:pro|premium|paid|team|business) (?:plan|tier|subscription)s?\b/i;

/** Merged pricing facts of one tool, with what the rules changed. */
export interface PricingFacts {
  /** The pricing model, `unknown` when no source states one. */
  pricing: PricingModel | "unknown";
  hasFreeTier: boolean;
  /** Source of the model (the first explicit one). */
  pricingSource?: string;
  /** Source whose statement decided `hasFreeTier`. */
  freeTierSource?: string;
  /** What the rules decided where sources disagree, in words. */
  notes: string[];
  /** Fields whose value differs from a merge by source priority alone. */
  changed: ("pricing" | "hasFreeTier")[];
}

/**
 * Pricing model and free tier of a tool from its records, consistently:
 * 1. the model comes from the first source by `pricing` priority that states one (the explicit
 *    sources first);
 * 2. `free` becomes `freemium` when a source also states a paying option (another model, a
 *    price text with an amount) or the description speaks of a free tier next to paid plans;
 * 3. `free`, `freemium` and `open_source` have a free tier; `free_trial`, `paid` and `contact`
 *    have one only when the source of the model itself states a free plan: AutoVenture's
 *    blanket `Free`, ai-collection's "offers free version" flag and an older scrape's
 *    `Freemium` do not override an explicit trial or paid model (each overruled statement is
 *    named in the notes);
 * 4. without any model, any source's free statement counts.
 *
 * @param records the tool's source records
 * @param description every record's description texts (pricing is the site's: a record of
 *   another product on the same site counts here)
 * @returns the facts, notes on disagreements and the fields the rules changed
 */
export function pricingFacts(records: SourceTool[], description: string): PricingFacts {
  const notes: string[] = [];
  const ordered = byPriority(records, "pricing");
  const chosen = ordered.find((r) => r.pricing !== undefined);
  let pricing: PricingModel | "unknown" = chosen?.pricing ?? "unknown";
  const out: PricingFacts = { pricing, hasFreeTier: false, notes, changed: [] };
  if (chosen !== undefined) out.pricingSource = chosen.source;
  const freeSignal = (r: SourceTool) =>
    r.hasFreeTier === true ||
    (r.pricing !== undefined && ["free", "freemium", "open_source"].includes(r.pricing));

  if (pricing === "free") {
    const paying = records.find((r) =>
      (r.pricing !== undefined && r.pricing !== "free" && r.pricing !== "open_source") ||
      (r.priceText !== undefined && /\d/.test(r.priceText))
    );
    if (paying !== undefined) {
      pricing = "freemium";
      notes.push(
        `pricing: freemium, since ${
          chosen!.source
        } says free and ${paying.source} states a paying option (${
          paying.pricing ?? paying.priceText
        })`,
      );
    } else if (FREE_TIER_TEXT.test(description)) {
      pricing = "freemium";
      notes.push(
        `pricing: freemium, since ${
          chosen!.source
        } says free and the description speaks of a free tier next to paid plans`,
      );
    }
  }
  out.pricing = pricing;

  if (pricing === "free" || pricing === "freemium" || pricing === "open_source") {
    out.hasFreeTier = true;
    out.freeTierSource = chosen!.source;
  } else if (pricing === "unknown") {
    const free = ordered.find(freeSignal);
    out.hasFreeTier = free !== undefined;
    const stated = free ?? ordered.find((r) => r.hasFreeTier === false);
    if (stated !== undefined) out.freeTierSource = stated.source;
  } else {
    out.hasFreeTier = freeSignal(chosen!);
    out.freeTierSource = chosen!.source;
    const overruled = ordered.filter((r) => r !== chosen && freeSignal(r));
    if (!out.hasFreeTier && overruled.length > 0) {
      notes.push(
        `hasFreeTier: false, since ${chosen!.source} states ${pricing}${
          EXPLICIT.has(chosen!.source) ? " explicitly" : ""
        }; ${
          overruled.map((r) =>
            `${r.source} (${r.pricing === undefined ? "free version flag" : r.pricing})`
          ).join(", ")
        } overruled`,
      );
    }
  }

  // What a merge by source priority alone gave (the rules before this function), for counts.
  const naivePricing = byPriority(records, "default").find((r) => r.pricing !== undefined)
    ?.pricing ?? "unknown";
  const naiveFree = records.some(freeSignal);
  if (naivePricing !== out.pricing) out.changed.push("pricing");
  if (naiveFree !== out.hasFreeTier) out.changed.push("hasFreeTier");
  return out;
}

/** Builds the merged tool of one component (slug assigned later). */
function buildTool(records: SourceTool[]): Omit<CatalogTool, "slug"> & { slugName: string } {
  const provenance: Record<string, string> = {};
  const pick = <T>(field: string, get: (r: SourceTool) => T | undefined, order = field) => {
    for (const r of byPriority(records, order)) {
      const value = get(r);
      if (value !== undefined) {
        provenance[field] = r.source;
        return value;
      }
    }
    return undefined;
  };

  // The slug keeps coming from the name by source priority (stable links); the display name is
  // the site's own when a record names the tool after its domain ("Canva" for canva.com, where
  // aitoolhouse lists the page as "Canva Text to Image").
  const slugName = pick("name", (r) => r.name)!;
  let name = slugName;
  const notes: string[] = [];
  const urlRecords = byPriority(records.filter((r) => r.url !== undefined), "url").sort((a, b) =>
    Number(new URL(a.url!).search !== "") - Number(new URL(b.url!).search !== "")
  );
  const urlRecord = urlRecords[0];
  let url = urlRecord?.url ?? null;
  if (url !== null) {
    const parsed = new URL(url);
    const brand = brandOf(normalizeHost(parsed.hostname));
    if (parsed.pathname.replace(/\/+$/, "") === "" && brand.length >= 3) {
      const own = byPriority(records, "name").find((r) => normalizeName(r.name) === brand);
      if (own !== undefined && nameKey(own.name) !== nameKey(name)) {
        notes.push(`name: "${own.name}" (${own.source}) names the site ${parsed.hostname}`);
        name = own.name;
        provenance["name"] = own.source;
      }
    }
  }
  if (urlRecord !== undefined) provenance["url"] = urlRecord.source;
  else {
    const found = productDomain(name, records);
    if (found !== undefined) {
      url = found.url;
      provenance["url"] = found.source;
      notes.push(
        `url: ${found.url} is the product domain named in ${found.source}'s ${found.field}`,
      );
    }
  }

  // A record of another product on the same site ("Claude Artifacts" on claude.ai, merged with
  // "Claude AI") does not describe or categorize the tool while a record of the tool itself does.
  const own = records.filter((r) => sameProduct(r.name, name));
  const describing = own.length > 0 ? own : records;
  if (own.length > 0 && own.length < records.length) {
    const others = records.filter((r) => !own.includes(r)).map((r) => `${r.source} "${r.name}"`);
    notes.push(
      `description and category: from records named "${name}"; ${others.join(", ")} describe${
        others.length === 1 ? "s" : ""
      } another product on the same site`,
    );
  }
  const priceText = pick("priceText", (r) => r.priceText);
  const fact = pricingFacts(
    records,
    records.flatMap((r) => [r.description ?? "", r.longDescription ?? ""]).join(" "),
  );
  notes.push(...fact.notes);
  if (fact.pricingSource !== undefined) provenance["pricing"] = fact.pricingSource;
  if (fact.freeTierSource !== undefined) provenance["hasFreeTier"] = fact.freeTierSource;
  const pricing = fact.pricing;
  const hasFreeTier = fact.hasFreeTier;

  // A description that calls a tool without a free tier "free" ("Free AI image generator" for
  // Midjourney, a trial-only tool) yields to the next source's, when there is one.
  const claimsFree = (text: string) => !hasFreeTier && /\bfree\b(?!\s+trial)/i.test(text);
  let short: string | undefined;
  const candidates = byPriority(describing, "description").filter((r) => r.description);
  const honest = candidates.find((r) => !claimsFree(r.description!)) ?? candidates[0];
  if (honest !== undefined) {
    short = honest.description!;
    provenance["description"] = honest.source;
    if (honest !== candidates[0]) {
      notes.push(
        `description: from ${honest.source}, since ${candidates[0]!.source}'s calls the tool free`,
      );
    }
  }
  const description = short === undefined ? "" : shortDescription(short);
  let longest: { text: string; source: string } | undefined;
  for (const r of byPriority(describing, "description")) {
    for (const text of [r.longDescription, r.description]) {
      if (text !== undefined && text.length > (longest?.text.length ?? 0)) {
        longest = { text, source: r.source };
      }
    }
  }

  const categories: string[] = [];
  let category: string | undefined;
  for (const r of byPriority(describing, "category")) {
    const labels = (r.categories ?? []).map(displayCategory);
    if (category === undefined && labels[0] !== undefined) {
      category = labels[0];
      provenance["category"] = r.source;
    }
  }
  for (const r of byPriority(records, "category")) {
    const labels = (r.categories ?? []).map(displayCategory);
    unionLabels(categories, labels);
  }
  if (category !== undefined && categories[0] !== category) {
    categories.splice(categories.indexOf(category), 1);
    categories.unshift(category);
  }

  const tags: string[] = [];
  const keyFeatures: string[] = [];
  const useCases: string[] = [];
  const socialLinks: string[] = [];
  const reviews: ToolReview[] = [];
  let createdAt: { value: string; source: string } | undefined;
  let updatedAt: { value: string; source: string } | undefined;
  for (const r of byPriority(records, "name")) {
    unionLabels(tags, r.tags);
    unionLabels(keyFeatures, r.features, MAX_FEATURES);
    unionLabels(useCases, r.useCases, MAX_FEATURES);
    for (const link of r.socialLinks ?? []) if (!socialLinks.includes(link)) socialLinks.push(link);
    if (r.rating !== undefined && r.rating > 0) {
      const existing = reviews.find((x) => x.source === r.source);
      if (existing === undefined || (existing.count ?? 0) < (r.reviewCount ?? 0)) {
        const review: ToolReview = { source: r.source, rating: r.rating };
        if (r.reviewCount !== undefined) review.count = r.reviewCount;
        if (r.reviewUrl !== undefined) review.url = r.reviewUrl;
        if (existing === undefined) reviews.push(review);
        else reviews[reviews.indexOf(existing)] = review;
      }
    }
    if (r.createdAt !== undefined && (createdAt === undefined || r.createdAt < createdAt.value)) {
      createdAt = { value: r.createdAt, source: r.source };
    }
    if (r.updatedAt !== undefined && (updatedAt === undefined || r.updatedAt > updatedAt.value)) {
      updatedAt = { value: r.updatedAt, source: r.source };
    }
  }

  const sources = records.map((r) => ({ source: r.source, sourceId: r.sourceId }))
    .sort((a, b) => rank("name", a.source) - rank("name", b.source) || cmp(a.sourceId, b.sourceId));

  const tool: Omit<CatalogTool, "slug"> = {
    name,
    description,
    url,
    pricing,
    category: category ?? "Other",
    categories,
    tags,
    hasFreeTier,
    keyFeatures,
    useCases,
    reviews,
    socialLinks,
    sources,
    provenance,
  };
  if (longest !== undefined && longest.text !== description) {
    tool.longDescription = longest.text;
    provenance["longDescription"] = longest.source;
  }
  if (priceText !== undefined) tool.priceText = priceText;
  // Other names of the same product (records of another product on the site are not aliases).
  const aliases = [
    ...new Set(describing.map((r) => r.name.trim()).filter((n) => n !== name && n !== "")),
  ];
  if (aliases.length > 0) tool.aliases = aliases;
  if (notes.length > 0) tool.factNotes = notes;
  if (fact.changed.length > 0) tool.ruleChanges = fact.changed;
  if (createdAt !== undefined) {
    tool.createdAt = createdAt.value;
    provenance["createdAt"] = createdAt.source;
  }
  if (updatedAt !== undefined) {
    tool.updatedAt = updatedAt.value;
    provenance["updatedAt"] = updatedAt.source;
  }
  return { ...tool, slugName };
}

/**
 * Deduplicates AI-tool records across and within sources and merges each group into one
 * {@link CatalogTool} (see the module doc for the identity rules and field priorities).
 *
 * @param records every record of every `ai-tools` source, in any order
 * @returns `tools` sorted by slug, and `stats`: `input` records, `output` tools, `merged`
 *   (= input − output), `multiSource` (tools with records from ≥ 2 sources), `byRule` (unions
 *   made per rule: `domain`, `domain_product`, `domain_name`, `host_path`, `name_to_url`,
 *   `name_only`), `nameAmbiguous` (URL-less records left unattached because their name belongs to
 *   several websites), `withUrl` (tools with a URL), `urlFromText` (of them, URLs taken from a
 *   name or description that names the product's domain), `pricingChanged` and
 *   `freeTierChanged` (tools whose pricing model or free tier the pricing rules changed, see
 *   {@link pricingFacts}), `describedByOwnRecords` (tools whose description and category skip a
 *   record of another product on the same site) and `bySourceCount` (tools per number of
 *   sources)
 */
export function mergeTools(records: SourceTool[]): { tools: CatalogTool[]; stats: MergeStats } {
  const sorted = [...records].sort(compareRecords);
  const n = sorted.length;
  const uf = new _RuleSets(n);
  const all = sorted.map((_, i) => i);
  const sites = sorted.map((r) => r.url === undefined ? undefined : siteOf(r.url, r.name));
  const names = sorted.map((r) => nameKey(r.name));

  // 1. Website.
  const withSite = all.filter((i) => sites[i] !== undefined);
  for (const [, members] of groupBy(withSite, (i) => sites[i]!.host)) {
    const shared = sites[members[0]!]!.shared;
    if (shared) {
      unionGroups(uf, groupBy(members, (i) => sites[i]!.key), "host_path");
      continue;
    }
    unionGroups(uf, groupBy(members.filter((i) => !sites[i]!.product), () => "main"), "domain");
    unionGroups(
      uf,
      groupBy(members.filter((i) => sites[i]!.product), (i) => sites[i]!.key),
      "domain_product",
    );
    const products = members.filter((i) => sites[i]!.product && names[i] !== "");
    unionGroups(uf, groupBy(products, (i) => names[i]), "domain_name");
  }

  // 2. Name, for records without a usable URL.
  const urlRootsByName = new Map<string, Set<number>>();
  for (const i of withSite) {
    if (names[i] === "") continue;
    const set = urlRootsByName.get(names[i]!) ?? new Set<number>();
    set.add(uf.find(i));
    urlRootsByName.set(names[i]!, set);
  }
  let nameAmbiguous = 0;
  const noSite = all.filter((i) => sites[i] === undefined && names[i] !== "");
  for (const [key, members] of groupBy(noSite, (i) => names[i])) {
    const roots = [...(urlRootsByName.get(key) ?? [])].map((r) => uf.find(r));
    const distinct = [...new Set(roots)].sort((a, b) => a - b);
    for (const m of members.slice(1)) uf.union(members[0]!, m, "name_only");
    if (distinct.length === 1) uf.union(distinct[0]!, members[0]!, "name_to_url");
    else if (distinct.length > 1) nameAmbiguous += members.length;
  }

  // 3. Build tools.
  const components = groupBy(all, (i) => uf.find(i));
  const built = [...components.values()].map((members) => {
    const recs = members.map((i) => sorted[i]!);
    return {
      tool: buildTool(recs),
      first: members[0]!,
      sourceCount: new Set(recs.map((r) => r.source)).size,
    };
  });
  built.sort((a, b) =>
    b.sourceCount - a.sourceCount || Number(a.tool.url === null) - Number(b.tool.url === null) ||
    a.first - b.first
  );
  const used = new Set<string>();
  const tools: CatalogTool[] = built.map(({ tool: { slugName, ...tool } }) => {
    const host = tool.url === null ? undefined : normalizeHost(new URL(tool.url).hostname);
    const base = slugify(slugName) || (host === undefined ? "" : slugify(host)) || "tool";
    let slug = base;
    if (used.has(slug) && host !== undefined) {
      const withHost = `${base}-${slugify(host)}`;
      if (!used.has(withHost) && withHost !== base) slug = withHost;
    }
    for (let k = 2; used.has(slug); k++) slug = `${base}-${k}`;
    used.add(slug);
    return { slug, ...tool };
  }).sort((a, b) => cmp(a.slug, b.slug));

  const bySourceCount: Record<string, number> = {};
  for (const { sourceCount } of built) {
    bySourceCount[sourceCount] = (bySourceCount[sourceCount] ?? 0) + 1;
  }
  const stats: MergeStats = {
    input: n,
    output: tools.length,
    merged: n - tools.length,
    multiSource: built.filter((b) => b.sourceCount >= 2).length,
    byRule: uf.byRule,
    nameAmbiguous,
    withUrl: tools.filter((t) => t.url !== null).length,
    urlFromText: tools.filter((t) => t.factNotes?.some((n) => n.startsWith("url:"))).length,
    pricingChanged: tools.filter((t) => t.ruleChanges?.includes("pricing")).length,
    freeTierChanged: tools.filter((t) => t.ruleChanges?.includes("hasFreeTier")).length,
    describedByOwnRecords:
      tools.filter((t) => t.factNotes?.some((n) => n.startsWith("description and category")))
        .length,
    bySourceCount,
  };
  return { tools, stats };
}
