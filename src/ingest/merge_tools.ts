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
 *      records (`domain`). A record without a URL whose name is a domain ("Krock.io") is on
 *      that site.
 *    - One name on two sites joins when the sites are one registrable domain, or share a brand
 *      (`kling.ai`, `klingai.com`; `github.com/ollama/ollama`, `ollama.com`; a repository moved
 *      to another owner) and the records' descriptions share a content word (`brand_name`:
 *      `cohere.com` and `cohere.io` stay apart); one name with one description at two
 *      addresses joins too (`same_text`).
 * 2. **Name**, for records without a usable URL (ai-collection, topai.tools): records with equal
 *    name keys ({@link nameKey}) are one tool (`name_only`), and join the website-matched tool
 *    of that name when exactly one exists (`name_to_url`). When several tools with different
 *    websites carry the name, the URL-less records are attached to none (counted in
 *    `nameAmbiguous`): equal names with different websites are different tools.
 *
 * URL, name, description, pricing model and free tier take the newest explicit statement
 * (`evidence.ts`, `tool_pricing.ts`; a renamed product keeps its slug and its old names as
 * aliases); the other fields come from one record by a per-field source priority (the source
 * registry, `sources/mod.ts`). The winning source of each field is recorded in `provenance`, the
 * dated statements of a field more than one source states in `evidence`. Output is independent
 * of the input order: records are sorted first, and every tie is broken by source id.
 *
 * @module
 */
import type { MergeStats, SourceTool } from "./types.ts";
import { SOURCE_INFOS, sourceRank } from "./sources/mod.ts";
import { UnionFind } from "./union_find.ts";
import { normalizeName, slugify } from "../model/text.ts";
import type { CatalogTool, ToolReview } from "../model/tool.ts";
import type { FieldStatement } from "../model/source.ts";
import {
  daysBetween,
  type DecisionRule,
  type JudgedStatement,
  type Resolution,
  resolveNewest,
  SAME_AGE_DAYS,
} from "./evidence.ts";
import { pricingFacts, statedAtOf } from "./tool_pricing.ts";

/** Longest short description, in characters (cut at a word boundary, with "…"). */
export const SHORT_DESCRIPTION_MAX = 300;
/** At most this many key features and use cases per tool. */
export const MAX_FEATURES = 12;

/** Subdomains of referral and affiliate links. */
const REFERRAL_SUBDOMAIN =
  /^(?:www\.)?(get|try|go|join|affiliate|affiliates|partners?|ref|refer)\./;

/** Subdomains that are marketing, app or referral entry points of the same site. */
const ENTRY_SUBDOMAIN = /^(www|m|app|get|try|go|join|beta|affiliate|affiliates|partners?)\./;

/**
 * Products whose site moved for good: old host → current host (each a permanent redirect of the
 * vendor's, 2023-2025). A chosen URL on an old host is shown at the current host (same path, or
 * its root for {@link MOVED_TO_ROOT}), and both spellings match as one site.
 */
const MOVED_HOSTS: Record<string, string> = {
  "chat.openai.com": "chatgpt.com",
  "bard.google.com": "gemini.google.com",
  "beta.character.ai": "character.ai",
  "v0.dev": "v0.app",
  "suno.ai": "suno.com",
  "app.suno.ai": "suno.com",
  "elicit.org": "elicit.com",
  "playgroundai.com": "playground.com",
  "kimi.moonshot.cn": "kimi.com",
  "heypi.com": "pi.ai",
  "deepmind.com": "deepmind.google",
  "ai.facebook.com": "ai.meta.com",
  "twitter.com": "x.com",
  "useblackbox.io": "blackbox.ai",
  "typeset.io": "scispace.com",
};

/** Moved hosts whose old paths mean nothing at the new host (`chat.openai.com/chat`). */
const MOVED_TO_ROOT = new Set(["chat.openai.com", "bard.google.com", "beta.character.ai"]);

/** Hosts that are one site for matching: old → current, so both spellings match. */
const HOST_ALIASES: Record<string, string> = {
  ...MOVED_HOSTS,
  "chromewebstore.google.com": "chrome.google.com",
  "perplexity.com": "perplexity.ai",
};

/** A status word stated this many days before the catalog's newest dump is stale. */
const STATUS_MAX_AGE_DAYS = 365;

/** Status words that go stale: a product that left its waitlist or beta is not stated so again. */
const STATUS_WORDS =
  /^(?:waitlist|wait ?list|beta|open beta|closed beta|coming soon|early access)$/i;

/**
 * The URL at its product's current host when its host moved for good ({@link MOVED_HOSTS}).
 *
 * @param url an absolute URL
 * @returns the URL at the current host (at its root for a host whose old paths mean nothing
 *   there), or `undefined` when the host did not move
 * @example
 * ```ts
 * movedUrl("https://chat.openai.com/chat"); // "https://chatgpt.com/"
 * ```
 */
export function movedUrl(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return undefined;
  }
  const moved = MOVED_HOSTS[host];
  if (moved === undefined) return undefined;
  const { pathname, search } = new URL(url);
  return MOVED_TO_ROOT.has(host) ? `https://${moved}/` : `https://${moved}${pathname}${search}`;
}

/**
 * Comparison key of a URL: its matching host ({@link normalizeHost}) and path without a trailing
 * slash, lowercase, no query (`https://www.claude.ai/` and `https://claude.ai` are one).
 *
 * @param url an absolute URL
 * @returns the key; the URL itself when it cannot be parsed
 */
export function urlKey(url: string): string {
  try {
    const u = new URL(url);
    return `${normalizeHost(u.hostname)}${u.pathname.replace(/\/+$/, "").toLowerCase()}`;
  } catch {
    return url;
  }
}

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

/**
 * The newest name of a tool: the names that records of the tool's own site (its main page, not
 * a product page on it) or URL-less records of the same name state, resolved by the newest
 * explicit statement.
 *
 * @returns the resolution and whether it renames the product: `rename` when the newest name is
 *   another name ({@link nameKey}), two sources state it and the current one was stated earlier;
 *   `respell` when it is the same name spelled otherwise ("SciSpace" for "Scispace"), stated
 *   later by two sources; `undefined` when the current name stands
 */
function _newestName(
  records: SourceTool[],
  url: string | null,
  current: string,
): { resolution: Resolution<string>; change: "rename" | "respell" } | undefined {
  const site = url === null ? undefined : siteOf(url, current);
  const onSite = records.filter((r) => {
    if (r.url === undefined) return nameKey(r.name) === nameKey(current);
    const own = siteOf(r.url, r.name);
    return site !== undefined && own !== undefined && !own.product && own.key === site.key;
  });
  const resolution = resolveNewest(
    onSite.map((r) => ({
      source: r.source,
      sourceId: r.sourceId,
      value: r.name.trim(),
      statedAt: statedAtOf(r, "name"),
      rank: rank("name", r.source),
    })),
    nameKey,
  );
  if (resolution === undefined || nameKey(resolution.value) === "") return undefined;
  // The current name must have been stated.
  const old = resolution.statements.find((st) => st.value === current) ??
    resolution.statements.find((st) => nameKey(st.value) === nameKey(current));
  if (old === undefined) return undefined;
  // A name one list gives alone ("Whisper (OpenAI)", "v0 by Vercel", "Claude Artifacts" for
  // claude.ai) is its own wording: a new name or spelling needs two sources, and must be newer.
  const sources = (same: (value: string) => boolean) =>
    new Set(resolution.statements.filter((st) => same(st.value)).map((st) => st.source)).size;
  const key = nameKey(resolution.value);
  if (
    key !== nameKey(current) && resolution.rule !== "priority" &&
    old.statedAt < resolution.chosen.statedAt && sources((v) => nameKey(v) === key) >= 2
  ) {
    return { resolution, change: "rename" };
  }
  // The newest spelling of the current name.
  const spelled = resolution.statements.find((st) => nameKey(st.value) === nameKey(current))!;
  if (spelled.value === current || spelled.statedAt <= old.statedAt) return undefined;
  if (sources((v) => v === spelled.value) < 2) return undefined;
  return {
    resolution: { ...resolution, value: spelled.value, chosen: spelled },
    change: "respell",
  };
}

/** `https://{name}/` when a name is itself a product domain ("Krock.io"), not a listing host. */
function _nameDomainUrl(name: string): string | undefined {
  const own = NAME_DOMAIN.exec(name.trim());
  return own && !LISTING_HOSTS.has(own[0].toLowerCase())
    ? `https://${own[0].toLowerCase()}/`
    : undefined;
}

/** A description's first 80 letters and digits, lowercase: `""` when shorter than 24. */
function _textKey(text: string | undefined): string {
  const flat = (text ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "").slice(0, 80);
  return flat.length >= 24 ? flat : "";
}

/** True when every word of a name is a generic one ("AI Music Generator"): never an identity. */
function _genericName(name: string): boolean {
  const words = name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "" && w !== "ai");
  return words.length === 0 || words.every((w) => GENERIC_WORDS.has(w) || w.length < 3);
}

/**
 * The brands a site speaks for, for matching one product across sites (each prefixed by the
 * rule): the host's brand label without a trailing `ai`/`app`/`hq` (`klingai.com` → `kling`); on
 * a code or model host, the owner account (`github.com/ollama/ollama` → `ollama`) and the
 * repository name (`repo:metagpt`). A site named after the product is no brand of its vendor:
 * `whisper.ai` (a hearing aid) and `openai.com/index/whisper` share only the name.
 */
function _brandKeys(site: Site): string[] {
  const keys: string[] = [];
  const path = site.key.slice(site.host.length + 1).split("/").filter((p) => p !== "");
  if (site.shared) {
    if (!OWNER_HOSTS.has(site.host) || path.length === 0) return keys;
    const [owner, repo] = site.host === "huggingface.co" && path[0] === "spaces"
      ? [path[1] ?? "", path[2] ?? ""]
      : [path[0]!, path[1] ?? ""];
    keys.push(`brand:${_brandKey(owner)}`);
    if (repo !== "") keys.push(`repo:${_brandKey(repo)}`);
    return keys.filter((k) => k.length > "brand:".length + 2);
  }
  const sub = /^([a-z0-9-]+)\.(?:github\.io|grsm\.io|netlify\.app|pages\.dev)$/.exec(site.host);
  const brand = _brandKey(sub?.[1] ?? brandOf(site.host));
  if (brand.length >= 3) keys.push(`brand:${brand}`);
  // One registrable domain (`forefront.ai` and `chat.forefront.ai`) needs no more evidence.
  if (sub === null) keys.push(`domain:${_registrable(site.host)}`);
  return keys;
}

/** The registrable domain of a host: `chat.forefront.ai` → `forefront.ai`, `x.co.uk` kept. */
function _registrable(host: string): string {
  const labels = host.split(".");
  const n = labels.length > 2 && SECOND_LEVEL.has(labels[labels.length - 2]!) ? 3 : 2;
  return labels.slice(-n).join(".");
}

/** A brand label or account name without a company suffix (`comet-ml` → `comet`). */
function _brandKey(label: string): string {
  const flat = nameKey(squash(label));
  for (const suffix of NAME_SUFFIXES) {
    if (flat.endsWith(suffix) && flat.length - suffix.length >= 3) {
      return flat.slice(0, -suffix.length);
    }
  }
  return flat;
}

/** Words too common in descriptions to show that two records describe one thing. */
const FILLER_WORDS = new Set([
  "with",
  "your",
  "that",
  "this",
  "from",
  "into",
  "using",
  "powered",
  "based",
  "tool",
  "tools",
  "platform",
  "generated",
  "generate",
  "create",
  "free",
  "online",
  "best",
  "more",
  "easy",
  "help",
  "helps",
  "make",
  "made",
  "available",
  "tier",
  "than",
  "ever",
  "before",
  "faster",
]);

/**
 * True when two records describe one thing: a content word (4+ letters, no filler) in both
 * descriptions (a record without a description proves nothing).
 */
function _describeOneThing(a: SourceTool, b: SourceTool): boolean {
  const words = (r: SourceTool) =>
    new Set(
      `${r.description ?? ""} ${r.longDescription ?? ""}`.toLowerCase().split(/[^a-z0-9]+/)
        .filter((w) => w.length >= 4 && !FILLER_WORDS.has(w)).map((w) => w.replace(/(s|ing)$/, "")),
    );
  const wa = words(a);
  const wb = words(b);
  for (const w of wa) if (wb.has(w)) return true;
  return false;
}

/** Code and model hosts whose first path segment is the owner account. */
const OWNER_HOSTS = new Set(["github.com", "gitlab.com", "huggingface.co"]);

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
function groupBy<T, K>(indexes: T[], key: (i: T) => K | undefined): Map<K, T[]> {
  const groups = new Map<K, T[]>();
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

/** A merged tool before its slug is assigned, with what the ingest report counts of it. */
interface BuiltTool {
  tool: Omit<CatalogTool, "slug"> & { slugName: string };
  /** How each resolved field was decided (`src/ingest/evidence.ts`). */
  decisions: Record<string, DecisionRule>;
  /** Stale status labels dropped. */
  staleDropped: number;
  /** True when the product was renamed (its newest name is another product name). */
  renamed: boolean;
}

/** Builds the merged tool of one component (slug assigned later). */
function buildTool(records: SourceTool[], asOf: string): BuiltTool {
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

  const notes: string[] = [];
  const evidence: Record<string, FieldStatement[]> = {};
  const rules: Record<string, DecisionRule> = {};
  /** Keeps a field's statements as evidence when more than one source stated it. */
  const keepEvidence = <T extends string | boolean>(
    field: string,
    statements: JudgedStatement<T>[] | undefined,
    rule: DecisionRule | undefined,
  ) => {
    if (rule !== undefined) rules[field] = rule;
    if (statements === undefined || statements.length < 2) return;
    evidence[field] = statements.map((st) => ({
      source: st.source,
      sourceId: st.sourceId,
      value: typeof st.value === "string" ? shortDescription(st.value, 120) : st.value,
      statedAt: st.statedAt,
      status: st.status,
    }));
  };

  // URL: the newest statement (a 2026 list's chatgpt.com over a 2025 scrape's chat.openai.com),
  // then a host known to have moved is shown at its new address (MOVED_HOSTS).
  const urlResolution = resolveNewest(
    records.filter((r) => r.url !== undefined).map((r) => ({
      source: r.source,
      sourceId: r.sourceId,
      value: r.url!,
      statedAt: statedAtOf(r, "url"),
      // A URL with a query string only wins a tie when nothing better is stated.
      rank: rank("url", r.source) + (new URL(r.url!).search !== "" ? 0.5 : 0),
    })),
    urlKey,
  );
  keepEvidence("url", urlResolution?.statements, urlResolution?.rule);
  let url = urlResolution?.value ?? null;
  if (urlResolution !== undefined) provenance["url"] = urlResolution.chosen.source;
  if (url !== null) {
    const moved = movedUrl(url);
    if (moved !== undefined) {
      notes.push(`url: ${new URL(url).hostname} moved to ${new URL(moved).hostname}`);
      url = moved;
    }
  }

  // Name: the slug keeps coming from the name by source priority (stable links), even for a
  // renamed product; the display name is the site's own when a record names the tool after its
  // domain ("Canva" for canva.com, where aitoolhouse lists the page as "Canva Text to Image").
  const slugName = pick("name", (r) => r.name)!;
  let name = slugName;
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
  const newest = _newestName(records, url, name);
  const renamed = newest?.change === "rename" ? newest.resolution : undefined;
  if (newest !== undefined) {
    const { chosen } = newest.resolution;
    notes.push(
      newest.change === "rename"
        ? `name: "${chosen.value}" as ${chosen.source} states it on ${chosen.statedAt}; "${name}" is an older name`
        : `name: spelled "${chosen.value}" as ${chosen.source} states it on ${chosen.statedAt}`,
    );
    // The slug stays: links to the tool keep working, and no other tool takes its old slug.
    name = chosen.value;
    provenance["name"] = chosen.source;
    keepEvidence("name", newest.resolution.statements, newest.resolution.rule);
  }
  if (url === null) {
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
  keepEvidence("pricing", fact.evidence.pricing, fact.rules.pricing);
  keepEvidence("hasFreeTier", fact.evidence.hasFreeTier, fact.rules.hasFreeTier);
  const pricing = fact.pricing;
  const hasFreeTier = fact.hasFreeTier;

  // Description: the newest (a 2026 "Talk to Claude" over a 2024 text naming "Claude 2"); one
  // that calls a tool without a free tier "free" ("Free AI image generator" for a trial-only
  // tool) yields to the next, when there is one.
  const claimsFree = (text: string) => !hasFreeTier && /\bfree\b(?!\s+trial)/i.test(text);
  let short: string | undefined;
  const described = resolveNewest(
    describing.filter((r) => r.description).map((r) => ({
      source: r.source,
      sourceId: r.sourceId,
      value: r.description!,
      statedAt: statedAtOf(r, "description"),
      rank: rank("description", r.source),
    })),
  );
  const candidates = described?.statements ?? [];
  const honest = candidates.find((st) => !claimsFree(st.value)) ?? candidates[0];
  if (honest !== undefined) {
    short = honest.value;
    provenance["description"] = honest.source;
    rules["description"] = described!.rule;
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
  // Status words ("Waitlist", "Beta") of a record older than another record of the tool are
  // stale: the product has been stated since without them. So is one stated more than a year
  // before the catalog's newest dump: a 2023 waitlist says nothing of the product today.
  const newestStatement = records.map((r) => statedAtOf(r, "features")).sort().at(-1)!;
  let staleDropped = 0;
  const current = (r: SourceTool, labels: readonly string[] | undefined) => {
    if (labels === undefined) return undefined;
    const stated = statedAtOf(r, "features");
    const stale = daysBetween(newestStatement, stated) > SAME_AGE_DAYS ||
      daysBetween(asOf, stated) > STATUS_MAX_AGE_DAYS;
    if (!stale) return labels;
    const kept = labels.filter((l) => !STATUS_WORDS.test(l));
    staleDropped += labels.length - kept.length;
    return kept;
  };
  for (const r of byPriority(records, "name")) {
    unionLabels(tags, current(r, r.tags));
    unionLabels(keyFeatures, current(r, r.features), MAX_FEATURES);
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
  // A renamed product keeps its older names ("Google Bard" for Gemini), also without the vendor's
  // brand in front ("Bard"), so the old name still finds it.
  const brand = url === null ? "" : brandOf(normalizeHost(new URL(url).hostname));
  const formerNames = renamed?.statements.filter((st) =>
    st.status !== "chosen" &&
    st.status !== "agrees"
  ).flatMap((st) => {
    const [first, ...rest] = st.value.split(/\s+/);
    return brand !== "" && squash(first ?? "") === brand && rest.length > 0
      ? [st.value, rest.join(" ")]
      : [st.value];
  }) ?? [];
  const aliases = [
    ...new Set(
      [...describing.map((r) => r.name.trim()), ...formerNames].filter((n) =>
        n !== name && n !== ""
      ),
    ),
  ];
  if (aliases.length > 0) tool.aliases = aliases;
  if (notes.length > 0) tool.factNotes = notes;
  if (fact.changed.length > 0) tool.ruleChanges = fact.changed;
  if (Object.keys(evidence).length > 0) tool.evidence = evidence;
  if (createdAt !== undefined) {
    tool.createdAt = createdAt.value;
    provenance["createdAt"] = createdAt.source;
  }
  if (updatedAt !== undefined) {
    tool.updatedAt = updatedAt.value;
    provenance["updatedAt"] = updatedAt.source;
  }
  return {
    tool: { ...tool, slugName },
    decisions: rules,
    staleDropped,
    renamed: renamed !== undefined,
  };
}

/** Counts of decisions by field and rule: `{ pricing: { newest: 120, agreement: 4 }, ... }`. */
function _countDecisions(
  all: Record<string, DecisionRule>[],
): Record<string, Partial<Record<DecisionRule, number>>> {
  const counts: Record<string, Partial<Record<DecisionRule, number>>> = {};
  for (const decisions of all) {
    for (const [field, rule] of Object.entries(decisions)) {
      const byRule = counts[field] ??= {};
      byRule[rule] = (byRule[rule] ?? 0) + 1;
    }
  }
  return counts;
}

/**
 * Deduplicates AI-tool records across and within sources and merges each group into one
 * {@link CatalogTool} (see the module doc for the identity rules and field priorities).
 *
 * @param records every record of every `ai-tools` source, in any order
 * @returns `tools` sorted by slug, and `stats`: `input` records, `output` tools, `merged`
 *   (= input − output), `multiSource` (tools with records from ≥ 2 sources), `byRule` (unions
 *   made per rule: `domain`, `domain_product`, `domain_name`, `host_path`, `brand_name`,
 *   `same_text`, `name_to_url`, `name_only`), `nameAmbiguous` (URL-less records left unattached because their name belongs to
 *   several websites), `withUrl` (tools with a URL), `urlFromText` (of them, URLs taken from a
 *   name or description that names the product's domain), `pricingChanged` and
 *   `freeTierChanged` (tools whose pricing model or free tier the pricing rules changed, see
 *   {@link pricingFacts}), `describedByOwnRecords` (tools whose description and category skip a
 *   record of another product on the same site), `urlMoved` (URLs shown at a moved host's new
 *   address), `renamed` (products given their newest name), `staleStatusDropped` (status labels
 *   dropped), `decisions` (fields decided per rule of `evidence.ts`: `{ url: { newest: n, ... } }`)
 *   and `bySourceCount` (tools per number of sources)
 */
export function mergeTools(records: SourceTool[]): { tools: CatalogTool[]; stats: MergeStats } {
  const sorted = [...records].sort(compareRecords);
  const n = sorted.length;
  const uf = new _RuleSets(n);
  const all = sorted.map((_, i) => i);
  // A record without a URL whose name is a domain ("Krock.io") is on that site.
  const sites = sorted.map((r) => {
    const url = r.url ?? _nameDomainUrl(r.name);
    return url === undefined ? undefined : siteOf(url, r.name);
  });
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
    // One name on one host is one product, on its main page or a product page of its own
    // (`bing.com/create` and `bing.com/images/create` for "Bing Image Creator").
    const named = members.filter((i) => names[i] !== "");
    unionGroups(uf, groupBy(named, (i) => names[i]), "domain_name");
  }
  // 1b. One product on two sites: the same name where the sites share a brand (`kling.ai` and
  // `klingai.com`), the vendor's repository or model page and its own site
  // (`github.com/ollama/ollama` and `ollama.com`), a repository that moved to another owner
  // (`github.com/geekan/MetaGPT` and `github.com/FoundationAgents/MetaGPT`), or a vendor's page
  // and the product's own domain (`stability.ai/dreamstudio` and `dreamstudio.ai`).
  // Two companies may share a name and a brand (`cohere.com`, a model API, and `cohere.io`, a
  // support desk): the records must also describe one thing (a content word in common).
  for (const members of groupBy(withSite, (i) => names[i] || undefined).values()) {
    if (members.length < 2 || _genericName(sorted[members[0]!]!.name)) continue;
    const brands = groupBy(
      members.flatMap((i) => _brandKeys(sites[i]!).map((b) => ({ i, b }))),
      (x) => x.b,
    );
    for (const group of brands.values()) {
      const ids = [...new Set(group.map((x) => x.i))];
      for (const [k, m] of ids.entries()) {
        const partner = ids.slice(0, k).find((e) =>
          group[0]!.b.startsWith("domain:") || _describeOneThing(sorted[e]!, sorted[m]!)
        );
        if (partner !== undefined) uf.union(partner, m, "brand_name");
      }
    }
  }

  // 1c. The same name and the same description: one product listed at two addresses
  // (`merlin.foyer.work` and `getmerlin.in`, both "ChatGPT Plus extension on all websites.").
  const texts = sorted.map((r) => _textKey(r.description));
  unionGroups(
    uf,
    groupBy(
      all.filter((i) => names[i] !== "" && texts[i] !== ""),
      (i) => `${names[i]} ${texts[i]}`,
    ),
    "same_text",
  );

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

  // 3. Build tools. The catalog's date: the newest dump date among the records' sources.
  const asOf =
    [...new Set(sorted.map((r) => SOURCE_INFOS.get(r.source)?.asOf ?? ""))].sort().at(-1) ||
    new Date().toISOString().slice(0, 10);
  const components = groupBy(all, (i) => uf.find(i));
  const built = [...components.values()].map((members) => {
    const recs = members.map((i) => sorted[i]!);
    return {
      ...buildTool(recs, asOf),
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
    urlFromText: tools.filter((t) => t.factNotes?.some((n) => / is the product domain /.test(n)))
      .length,
    urlMoved: tools.filter((t) => t.factNotes?.some((n) => / moved to /.test(n))).length,
    renamed: built.filter((b) => b.renamed).length,
    staleStatusDropped: built.reduce((sum, b) => sum + b.staleDropped, 0),
    decisions: _countDecisions(built.map((b) => b.decisions)),
    pricingChanged: tools.filter((t) => t.ruleChanges?.includes("pricing")).length,
    freeTierChanged: tools.filter((t) => t.ruleChanges?.includes("hasFreeTier")).length,
    describedByOwnRecords:
      tools.filter((t) => t.factNotes?.some((n) => n.startsWith("description and category")))
        .length,
    bySourceCount,
  };
  return { tools, stats };
}
