/**
 * Trust score v1 of an MCP server (DESIGN.md, "Trust score"), computed at ingest from the merged
 * {@link CatalogServer} and stored with it.
 *
 * The score is the sum of the points of a fixed list of components, rounded and clamped to 0-100,
 * and graded A (≥ 80), B (≥ 65), C (≥ 50), D (≥ 35) or E. Every component is listed with its
 * points, the most it can add, and the evidence behind it, so a reader can check the figure.
 *
 * | id | max | rule |
 * |---|---|---|
 * | `official_registry` | 12 | listed in the official MCP registry |
 * | `namespace` | 8 | the registry namespace matches the repository owner (`io.github.<owner>/…`) or a homepage/remote domain (reverse-DNS); 4 when only the domain's label is in the repository owner; 0 on a mismatch |
 * | `vendor_official` | 10 | published by the product's vendor, from evidence (`vendor.ts`: registry namespace, repository owner, npm scope, endpoint domain, or the modelcontextprotocol.io official-integrations list) |
 * | `repository` | 20 | a source repository is known |
 * | `license` | 7 | OSI-approved licence 7, any other stated licence 4 |
 * | `catalogs` | 22 | independent catalog families listing it: 1 → 10, 2 → 15, 3 → 18, 4 → 20, 5 → 21, 6+ → 22 |
 * | `pinned_packages` | 7 | every package pinned to a version 4 (some 2), a SHA-256 for a package file or image 3 |
 * | `remote_https` | 3 | every remote on HTTPS 3; a plain-HTTP non-local remote −10 |
 * | `declared_secrets` | 2 | the publisher marks credentials as secrets |
 * | `popularity` | 10 | stars (≤ 6), Smithery uses (≤ 3), monthly downloads (≤ 3) on log10 scales |
 * | `freshness` | 8 | updated ≤ 90 days ago 8, ≤ 1 year 4, ≤ 2 years 0, older −5 |
 * | `status` | 0 | deprecated or deleted −20 |
 * | `safety_scan` | 0 | hidden-instruction scan of the description and tools: −25/−10/−3 per rule id by severity, at most −60 |
 *
 * The weights ({@link TRUST_WEIGHTS}) are tuned on the real merged catalog (about 33,000
 * servers, three quarters listed by a single source) so that scores spread over the range: a
 * famous vendor server with a verified namespace, licence, many listings and stars lands at 85-100;
 * an official-registry entry with a matching repository around 50-55 (C); a repository one
 * directory lists around 30 (E, just under D); a bare listing without repository or licence
 * around 10-15. The maxima add up to 109, so a server can miss a few points and still reach 100.
 * On that catalog (with `now` = 2026-11-22) about 0.2% grade A, 1% B, 28% C, 20% D, 51% E.
 *
 * @module
 */
import { z } from "zod";
import type { CatalogServer } from "./merge_servers.ts";
import type { ServerPackage, SourceRef } from "./types.ts";
import { hostOf, namespaceDomain, repoOwner } from "./namespace.ts";

/** Version of the scoring rules; bump it whenever a weight or rule changes. */
export const TRUST_VERSION = 2;

/** Points of each component (see the module table). Every figure is a number of score points. */
export const TRUST_WEIGHTS = {
  /**
   * In the official registry: publishing there requires proving control of the namespace (GitHub
   * login for `io.github.*`, DNS or HTTP proof for a domain), the strongest provenance signal the
   * sources carry.
   */
  officialRegistry: 12,
  /**
   * The namespace names the same owner as the code or endpoint we list: without it, anybody may
   * have registered someone else's repository. Half when only the domain's first label appears in
   * the repository owner (`com.acme` ↔ `github.com/acme-labs`), a weak hint.
   */
  namespace: 8,
  /** Namespace only weakly consistent: the domain's first label is in the repository owner. */
  namespaceWeak: 4,
  /** The service's vendor publishes the server (modelcontextprotocol.io official integrations). */
  vendorOfficial: 10,
  /**
   * The code can be read and audited. The largest single weight: most of the catalog has no other
   * evidence, and an auditable repository is the difference between "unknown" and "checkable".
   */
  repository: 20,
  /** Licence terms are known; an OSI licence also means anyone may fork and fix it. */
  licenseOsi: 7,
  /** Any other stated licence ("other", proprietary, source-available): terms known, fewer rights. */
  licenseOther: 4,
  /**
   * Points by number of independent catalog families (index = min(n, 6)): each directory that
   * chose to list the server is a separate witness; returns diminish after three.
   */
  catalogs: [0, 10, 15, 18, 20, 21, 22] as readonly number[],
  /** Every package pinned to an exact version: what was reviewed is what runs (2 when some are). */
  pinnedAll: 4,
  /** Some but not all packages pinned. */
  pinnedSome: 2,
  /** A SHA-256 for a package file or an image digest: the artifact cannot be swapped. */
  sha256: 3,
  /** Remotes over HTTPS protect tokens in transit. */
  remoteHttps: 3,
  /** Plain HTTP to a public host sends tokens in clear text: a penalty. */
  remoteHttpPenalty: -10,
  /** Inputs marked secret: credential handling is documented. Small: it documents, not protects. */
  declaredSecrets: 2,
  /** Popularity cap; stars ≤ 6 (1.5·log10), uses ≤ 3 and downloads ≤ 3 (0.75·log10 each). */
  popularity: 10,
  /** Updated within 90 days: maintained, gets security fixes. */
  fresh90d: 8,
  /** Updated within a year. */
  fresh1y: 4,
  /** Not updated for over two years: probably abandoned, a penalty. */
  stalePenalty: -5,
  /** Deprecated or deleted in the registry: the publisher no longer maintains it. */
  deprecatedPenalty: -20,
  /**
   * Safety-scan penalty per rule id for a high-severity finding: a phrase that only makes sense
   * as an attack costs more than a whole grade (grades are 15 points apart).
   */
  findingHigh: 25,
  /** Penalty per rule id for a medium-severity finding (wording with rare legitimate uses). */
  findingMedium: 10,
  /** Penalty per rule id for a low-severity finding (workflow hints attackers also use). */
  findingLow: 3,
  /** Most the safety scan can take off, so the other evidence still ranks poisoned servers. */
  safetyCap: 60,
} as const;

/** One line of a trust score: what was checked, what it earned, and why. */
export interface TrustComponent {
  /** Stable id, e.g. `"official_registry"`, `"safety_scan"`. */
  id: string;
  /** Short human label, e.g. `"Official MCP registry"`. */
  label: string;
  /** Points earned; negative for a penalty. One decimal at most. */
  points: number;
  /** Most points the component can add (0 for pure penalties). */
  max: number;
  /** What was found, in words, e.g. `"namespace owner acme = repository owner acme"`. */
  evidence: string;
}

/** One suspicious passage found by {@link scanText}. */
export interface TrustFinding {
  /** Family of the rule: `hidden_instruction`, `instruction_tag`, `sensitive_path`, `exfiltration`, `tool_shadowing`, `invisible_unicode`. */
  kind: string;
  /** How bad the pattern is; sets the penalty (high 25, medium 10, low 3 points). */
  severity: "high" | "medium" | "low";
  /** Where the text was: `"description"` or `"tool:<name>"`. */
  where: string;
  /** At most 120 characters around the match; invisible characters shown as `\u` escapes. */
  excerpt: string;
  /** Rule id, e.g. `"hidden_instruction.ignore_previous"`, `"invisible_unicode.tag_chars"`. */
  rule: string;
}

/** Letter grade of a score, see {@link gradeOf}. */
export type TrustGrade = "A" | "B" | "C" | "D" | "E";

/** The trust score of one server, as stored in the catalog. */
export interface TrustScore {
  /** {@link TRUST_VERSION} of the rules that produced it. */
  version: number;
  /** 0-100 integer: the rounded sum of the component points, clamped. */
  score: number;
  /** Letter grade of `score`. */
  grade: TrustGrade;
  /** Every component, in a fixed order, including those that earned 0. */
  components: TrustComponent[];
  /** Every finding of the safety scan (empty when none). */
  findings: TrustFinding[];
  /** ISO 8601 time the score was computed (the `now` given to {@link scoreServer}). */
  computedAt: string;
}

/** zod schema of a {@link TrustComponent}, for API output schemas. */
export const TrustComponentSchema = z.object({
  id: z.string().describe("Component id, e.g. official_registry, catalogs, safety_scan"),
  label: z.string().describe("Human label of the component"),
  points: z.number().describe("Points earned; negative for a penalty"),
  max: z.number().describe("Most points this component can add (0 for pure penalties)"),
  evidence: z.string().describe("What was found that earned (or cost) the points"),
}).describe("One component of the trust score");

/** zod schema of a {@link TrustFinding}, for API output schemas. */
export const TrustFindingSchema = z.object({
  kind: z.string().describe(
    "Rule family: hidden_instruction, instruction_tag, sensitive_path, exfiltration, tool_shadowing, invisible_unicode",
  ),
  severity: z.enum(["high", "medium", "low"]).describe("Severity; sets the penalty"),
  where: z.string().describe('Where the text is: "description" or "tool:<name>"'),
  excerpt: z.string().describe(
    "Up to 120 characters around the match; invisible characters shown as \\u escapes",
  ),
  rule: z.string().describe("Rule id, e.g. hidden_instruction.ignore_previous"),
}).describe("A suspicious passage in the server's description or tool descriptions");

/** zod schema of a {@link TrustScore}, for API output schemas. */
export const TrustScoreSchema = z.object({
  version: z.number().int().describe("Version of the trust rules that produced the score"),
  score: z.number().int().min(0).max(100).describe("Trust score, 0-100"),
  grade: z.enum(["A", "B", "C", "D", "E"]).describe(
    "Letter grade: A >= 80, B >= 65, C >= 50, D >= 35, else E",
  ),
  components: z.array(TrustComponentSchema).describe(
    "Every component with its points, maximum and evidence",
  ),
  findings: z.array(TrustFindingSchema).describe(
    "Findings of the tool-description safety scan (hidden instructions, invisible characters)",
  ),
  computedAt: z.string().describe("ISO 8601 time the score was computed"),
}).describe("Trust score of an MCP server with its components and safety findings");

/**
 * Letter grade of a score: A ≥ 80, B ≥ 65, C ≥ 50, D ≥ 35, else E.
 *
 * @param score a 0-100 score
 * @returns the grade
 */
export function gradeOf(score: number): TrustGrade {
  if (score >= 80) return "A";
  if (score >= 65) return "B";
  if (score >= 50) return "C";
  if (score >= 35) return "D";
  return "E";
}

/**
 * Source id → independent catalog family. Two sources are one family when one is derived from the
 * other or both come from the same directory: the rosmur export and the mcp-insights `server.json`
 * dump are both the official registry; the yksanjo list is mostly Glama, as is the mcp_collection
 * Glama sample. Each mcp_collection list is its own directory (mcpmarket.com, cursor.directory,
 * mcpservers.org, the two modelcontextprotocol.io lists are curated separately).
 *
 * `mcp-flow` is a research dataset whose records were collected from seven directories; its
 * `sourceId` starts with that directory (`smithery/…`, `glama/…`, `mcpso/…`, `mcphub/…`,
 * `deepnlp/…`, `pipedream/…`, `manual/…`), so {@link familyOf} counts an MCP-Flow record as the
 * directory it came from (mcphub, deepnlp and pipedream are directories no other source covers)
 * and does not count MCP-Flow itself a second time. The `mcp-flow` family below is used only for
 * its `manual/` records. A source missing from this map is its own family.
 */
export const SOURCE_FAMILIES: Readonly<Record<string, string>> = {
  "official-registry": "official-registry",
  "official-server-json": "official-registry",
  "glama": "glama",
  "glama-list": "glama",
  "mcpmarket": "mcpmarket",
  "cursor-directory": "cursor-directory",
  "mcpservers-org": "mcpservers-org",
  "mcp-io-community": "mcp-io-community",
  "mcp-io-official": "mcp-io-official",
  "smithery": "smithery",
  "toolsdk": "toolsdk",
  "tensorblock": "tensorblock",
  "ever-works": "ever-works",
  "docker": "docker",
  "best-of": "best-of",
  "mcp-so": "mcp-so",
  "mcp-flow": "mcp-flow",
};

/** MCP-Flow's directory folder → catalog family. */
const _MCP_FLOW_DIRECTORIES: Readonly<Record<string, string>> = {
  smithery: "smithery",
  glama: "glama",
  mcpso: "mcp-so",
  mcphub: "mcphub",
  deepnlp: "deepnlp",
  pipedream: "pipedream",
};

/**
 * Catalog family of one source record, see {@link SOURCE_FAMILIES}.
 *
 * @param ref a merged server's source reference
 * @returns the family id, e.g. `"official-registry"`, `"glama"`, `"mcphub"`
 */
export function familyOf(ref: SourceRef): string {
  if (ref.source === "mcp-flow") {
    const dir = ref.sourceId.split("/", 1)[0]!.toLowerCase();
    return _MCP_FLOW_DIRECTORIES[dir] ?? "mcp-flow";
  }
  return SOURCE_FAMILIES[ref.source] ?? ref.source;
}

// ---------------------------------------------------------------------------------------------
// Safety scan
// ---------------------------------------------------------------------------------------------

/** Penalty of one rule by severity (charged once per rule id per server). */
const SEVERITY_PENALTY = {
  high: TRUST_WEIGHTS.findingHigh,
  medium: TRUST_WEIGHTS.findingMedium,
  low: TRUST_WEIGHTS.findingLow,
} as const;
/** Most the safety scan can take off. */
const SAFETY_CAP = TRUST_WEIGHTS.safetyCap;
const EXCERPT_MAX = 120;

/** A text rule: a regular expression and what a match means. */
interface _Rule {
  rule: string;
  severity: TrustFinding["severity"];
  re: RegExp;
  /** Optional veto on a match (false positives), given the match and the options. */
  skip?: (m: RegExpExecArray, text: string, own: ReadonlySet<string>) => boolean;
}

/** Imperative verbs that ask the model to get at a file. Base form only: "reads" describes. */
const _GET = String
  .raw`(?:read|open|cat|load|access|fetch|get|copy|upload|send|include|attach|print|dump|extract|grab|collect|provide|pass|return|output|show)`;
/**
 * What may precede an imperative: the start of a sentence, clause or list item, or a word that
 * introduces an order ("and", "then", "first", "must" ...). "allowing access to .env" or "reads
 * keys from ~/.ssh" describe a tool; "read ~/.ssh/id_rsa" or "then open mcp.json" order one.
 */
const _ORDER = String
  .raw`(?:^|[.!?:;,>*•\x60(\n-]\s*|\b(?:and|then|first|must|should|please|always|now|also|immediately|secretly|silently|quietly)\s+)`;
/** Text between the verb and the path: same sentence, short. */
const _GAP = String.raw`(?:(?!\.\s)[^!?\n]){0,40}?`;

/** Sensitive file paths: rule id suffix, severity, pattern. */
const _SENSITIVE: [string, TrustFinding["severity"], string][] = [
  ["ssh", "high", String.raw`(?:~|\$HOME|%USERPROFILE%)?/\.ssh\b|\bid_(?:rsa|dsa|ecdsa|ed25519)\b`],
  ["aws", "high", String.raw`\.aws/credentials\b`],
  ["passwd", "high", String.raw`/etc/(?:passwd|shadow)\b`],
  [
    "mcp_config",
    "high",
    String
      .raw`\bclaude_desktop_config\.json\b|(?:\.cursor|\.vscode|\.claude)/mcp\.json\b|\bmcp\.json\b`,
  ],
  [
    "browser_cookies",
    "high",
    String
      .raw`\bcookies\.sqlite\b|/Cookies\b|\bLogin Data\b|\bbrowser(?:'s)? cookie(?:s| store| jar| database)\b`,
  ],
  ["env", "medium", String.raw`(?:^|[\s'"\x60(~/])\.env\b(?!\.example|\.sample|\.template)`],
];

/** Names the model is told to prefer over; `this`/`that` and the server's own tools are fine. */
const _notOwn = (name: string | undefined, own: ReadonlySet<string>): boolean => {
  if (name === undefined) return false;
  const n = name.toLowerCase().replace(/^[`'"]|[`'"]$/g, "");
  return n !== "this" && n !== "that" && n !== "the" && !own.has(n);
};

/**
 * Phrase rules, in report order. Severity follows how unambiguous the pattern is: phrases that
 * only make sense as an attack ("ignore previous instructions", "pass its content as the 'note'
 * argument", `<IMPORTANT>`) are high; wording with rare legitimate uses is medium; workflow hints
 * that attackers also use ("you must first call X", `<instructions>` blocks) are low.
 */
const _PHRASE_RULES: _Rule[] = [
  // Hidden instructions addressed to the model.
  {
    rule: "hidden_instruction.ignore_previous",
    severity: "high",
    re:
      /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|former|other|original|system)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines)\b/i,
  },
  {
    rule: "hidden_instruction.disregard",
    severity: "medium",
    re:
      /\bdisregard\s+(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:instructions?|rules|guidelines|safety|polic(?:y|ies)|restrictions|the\s+user(?:'s)?\s+(?:request|instructions?))\b/i,
  },
  {
    rule: "hidden_instruction.conceal_from_user",
    severity: "high",
    re:
      /\b(?:(?:do\s+not|don'?t|never)\s+(?:tell|inform|mention\s+(?:this|it|that)\s+to|notify|alert|reveal\s+(?:this|it|that)\s+to)\s+the\s+user|without\s+(?:telling|informing|notifying|alerting)\s+the\s+user|(?:the\s+)?user\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|be\s+(?:told|informed|notified)))\b/i,
  },
  {
    rule: "hidden_instruction.must_call_first",
    severity: "low",
    re:
      /\byou\s+must\s+(?:always\s+|first\s+)+(?:call|use|invoke|run|read)\s+(?:the\s+)?([`'"]?[\w.-]+[`'"]?)(?:\s+tool\b)?/i,
    skip: (m, text, own) =>
      !_notOwn(m[1], own) ||
      /^\s*(?:parameter|param|argument|arg|field|option|flag|key|value)s?\b/i.test(
        text.slice(m.index + m[0].length),
      ),
  },
  {
    rule: "hidden_instruction.before_using",
    severity: "low",
    re:
      /\bbefore\s+using\s+this\s+tool\s*,?\s*(?:you\s+)?(?:must\s+|should\s+|need\s+to\s+|always\s+)?(?:first\s+)?(?:read|open|call|pass|send|include|access|fetch|load)\b/i,
  },
  {
    rule: "hidden_instruction.system_override",
    severity: "high",
    re:
      /\b(?:(?:override|replace|ignore|bypass|disregard)\s+(?:the\s+|your\s+|any\s+|all\s+)?(?:system\s+prompt|system\s+instructions|safety\s+(?:rules|guidelines|instructions)|guardrails)|from\s+now\s+on,?\s+you\s+(?:must|will|are|should)|new\s+system\s+(?:prompt|instructions?)\s*:|you\s+are\s+no\s+longer\s+(?:bound|restricted))\b/i,
  },
  // Tags that fake a higher-priority channel.
  {
    rule: "instruction_tag.important",
    severity: "high",
    re: /<\s*\/?\s*important\s*>/i,
  },
  {
    rule: "instruction_tag.system",
    severity: "high",
    re: /<\s*\/?\s*(?:system|system[-_ ]?(?:prompt|message|instructions?|reminder))\s*>/i,
  },
  {
    rule: "instruction_tag.hidden",
    severity: "medium",
    re: /<\s*\/?\s*(?:hidden|secret|admin|assistant[-_ ]?only)\s*>/i,
  },
  {
    rule: "instruction_tag.instructions",
    severity: "low",
    re: /<\s*\/?\s*instructions?\s*>/i,
  },
  // Requests to read sensitive files: an imperative verb shortly before the path.
  ..._SENSITIVE.map(([id, severity, path]): _Rule => ({
    rule: `sensitive_path.${id}`,
    severity,
    re: new RegExp(String.raw`${_ORDER}${_GET}\b${_GAP}(?:${path})`, "i"),
  })),
  // Exfiltration wording.
  {
    rule: "exfiltration.pass_as_argument",
    severity: "high",
    re:
      /\bpass\s+(?:its|their|the|this|that|those|these)\s+(?:full\s+|entire\s+|complete\s+|file\s+|raw\s+)?contents?\s+(?:as|in|into|via|through)\s+(?:the\s+|a\s+)?[`'"]?\w+/i,
  },
  {
    rule: "exfiltration.include_contents",
    severity: "medium",
    re:
      /\binclude\s+(?:the\s+)?(?:full\s+|entire\s+|complete\s+)?contents?\s+of\s+(?:the\s+|any\s+|all\s+|every\s+)?(?:user'?s?\s+)?(?:file|files|key|keys|credentials?|config|configuration|conversation|chat|history|env|environment|secrets?|tokens?|~|\/|\.)/i,
    skip: (m, text) =>
      /\b(?:whether\s+to|if\s+true,?|set\s+to\s+true\s+to)\s*$/i.test(
        text.slice(Math.max(0, m.index - 20), m.index),
      ),
  },
  {
    rule: "exfiltration.send_to_url",
    severity: "high",
    re:
      /\b(?:send|upload|post|forward|transmit|exfiltrate|submit|leak)\s+(?:a\s+copy\s+of\s+)?(?:the\s+|all\s+|any\s+|every\s+|its\s+|their\s+|your\s+)?(?:user'?s?\s+)?(?:contents?|conversation|chat|history|credentials?|(?:private\s+|ssh\s+|api[-_ ]?)?keys?|tokens?|secrets?|passwords?|env(?:ironment)?(?:\s+variables)?)\b[^\n]{0,60}?\bto\s+https?:\/\//i,
  },
  {
    rule: "exfiltration.base64",
    severity: "high",
    re:
      /\bbase[-_ ]?64[-_ ]?encode\s+(?:the|its|their|this|that|your|all|each|every)\b[^.\n]{0,60}?\b(?:and|then)\s+(?:pass|send|include|put|add|append|attach|embed)\b/i,
  },
  // Tool shadowing: text that changes how other tools behave.
  {
    rule: "tool_shadowing.instead_of",
    severity: "medium",
    re:
      /\binstead\s+of\s+(?:using\s+|calling\s+)?(?:the\s+|any\s+)?([`'"]?[\w.-]+[`'"]?)\s+tool\b/i,
    skip: (m, _t, own) => !_notOwn(m[1], own),
  },
  {
    rule: "tool_shadowing.redirect_recipient",
    severity: "high",
    re:
      /\b(?:always|silently|secretly)\s+(?:add\s+|include\s+)?(?:bcc|cc|blind[- ]copy|send\s+a\s+copy(?:\s+of\s+\w+)?\s+to|forward\s+(?:a\s+copy\s+)?(?:of\s+)?(?:it|them|all|every|each)?\s*to|redirect)\b[^.\n]{0,60}?[\w.+-]+@[\w-]+\.[\w.-]+/i,
  },
  {
    rule: "tool_shadowing.when_user_asks",
    severity: "high",
    re:
      /\bwhen(?:ever)?\s+the\s+user\s+(?:asks|wants|tries|requests)\s+(?:you\s+)?to\s+[^.\n]{0,80}?\b(?:use|call|invoke)\s+this\s+tool\b[^.\n]{0,80}?\b(?:bcc|cc|copy|forward|instead|also|redirect|send)/i,
  },
];
/** {@link _PHRASE_RULES} compiled with the `g` flag, so a vetoed match can be passed over. */
const RULES: _Rule[] = _PHRASE_RULES.map((r) => ({
  ...r,
  re: new RegExp(r.re.source, r.re.flags.replace("g", "") + "g"),
}));

/** Tests for invisible code points. */
const _isTag = (c: number) => c >= 0xe0000 && c <= 0xe007f;
const _isBidi = (c: number) => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
const _isZeroWidth = (c: number) =>
  (c >= 0x200b && c <= 0x200f) || (c >= 0x2060 && c <= 0x2064) || c === 0xfeff;
const _isInvisible = (c: number) => _isTag(c) || _isBidi(c) || _isZeroWidth(c);
/** Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms: where bidi marks are normal. */
const _RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/** Renders one code point for an excerpt: invisible ones as `\uXXXX` / `\u{XXXXX}`. */
function _show(cp: number): string {
  if (_isInvisible(cp)) {
    const hex = cp.toString(16).toUpperCase();
    return cp > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
  }
  return String.fromCodePoint(cp);
}

/**
 * Excerpt of at most `max` characters around `[start, end)`: up to 30 characters of context
 * before, the match, the rest after; whitespace collapsed; invisible characters escaped. A text
 * decoded from tag characters is marked `(hidden) ` by the caller.
 */
function _excerpt(text: string, start: number, end: number, max = EXCERPT_MAX): string {
  const before = [...text.slice(Math.max(0, start - 120), start)].map((ch) => ch.codePointAt(0)!);
  const match = [...text.slice(start, end)].map((ch) => ch.codePointAt(0)!);
  const after = [...text.slice(end, end + 240)].map((ch) => ch.codePointAt(0)!);
  const render = (cps: number[]) => cps.map(_show);
  const ws = (s: string) => s.replace(/\s+/g, " ");
  const pre = render(before).map(ws);
  const mid = render(match).map(ws);
  const post = render(after).map(ws);
  const out: string[] = [];
  let len = 0;
  const take = (tokens: string[]) => {
    for (const t of tokens) {
      if (len + t.length > max) return;
      out.push(t);
      len += t.length;
    }
  };
  // Context before: the last tokens that fit in 30 characters.
  const preKept: string[] = [];
  let preLen = 0;
  for (let i = pre.length - 1; i >= 0; i--) {
    const t = pre[i]!;
    if (preLen + t.length > 30) break;
    preKept.unshift(t);
    preLen += t.length;
  }
  take(preKept);
  take(mid);
  take(post);
  return out.join("").replace(/ {2,}/g, " ").trim();
}

const _OPEN_QUOTE = /["'\x60\u201c\u2018]\s*$/;
const _CLOSE_QUOTE = /^[.,!?]?["'\x60\u201d\u2019]/;

/**
 * True when a match is wrapped as a whole in quotes or backticks, as in a prompt-injection
 * scanner's description that detects "ignore previous instructions": text that names an attack
 * pattern rather than using it.
 */
function _quoted(text: string, start: number, end: number): boolean {
  return _OPEN_QUOTE.test(text.slice(Math.max(0, start - 2), start)) &&
    _CLOSE_QUOTE.test(text.slice(end, end + 2));
}

/** Options of {@link scanText}. */
export interface ScanOptions {
  /**
   * Tool names of the server itself (any case). Pointing the model at one of its own tools
   * ("instead of the prune tool", "you must first call list_tables") is a workflow hint, not
   * shadowing, and is not reported.
   */
  ownTools?: Iterable<string>;
}

/**
 * Scans a text for hidden-instruction patterns, instruction tags, requests to read sensitive
 * paths, exfiltration wording, tool shadowing and invisible Unicode. Only instruction-like or
 * hidden content is reported: a tool that reads files or sends email is not a finding, and a
 * sensitive path only counts after an imperative verb ("read ~/.ssh/id_rsa", not "path to the
 * key, default ~/.ssh/id_rsa"). Unicode tag characters are decoded and the hidden text is scanned
 * too; invisible characters are removed before the phrase rules run, so a zero-width space cannot
 * split "ignore previous instructions".
 *
 * @param text any description text
 * @param where `"description"` or `"tool:<name>"`, copied to each finding
 * @param options the server's own tool names, see {@link ScanOptions}
 * @returns one finding per rule that matched (the first match), in rule order, then the
 *   invisible-character findings
 */
export function scanText(text: string, where: string, options: ScanOptions = {}): TrustFinding[] {
  const own = new Set<string>();
  for (const t of options.ownTools ?? []) own.add(t.toLowerCase());
  const findings: TrustFinding[] = [];
  const seen = new Set<string>();
  const add = (f: TrustFinding) => {
    if (seen.has(f.rule)) return;
    seen.add(f.rule);
    findings.push(f);
  };

  // Phrase rules run on the visible text and on text smuggled in tag characters.
  const cps = [...text].map((ch) => ch.codePointAt(0)!);
  const visible = cps.filter((c) => !_isInvisible(c)).map((c) => String.fromCodePoint(c)).join(
    "",
  );
  const smuggled = cps.filter((c) => c >= 0xe0020 && c <= 0xe007e)
    .map((c) => String.fromCodePoint(c - 0xe0000)).join("");
  const bodies: [string, string][] = [[visible, ""]];
  if (smuggled !== "") bodies.push([smuggled, "(hidden) "]);
  for (const [body, prefix] of bodies) {
    for (const r of RULES) {
      const re = r.re;
      re.lastIndex = 0;
      for (let m = re.exec(body); m !== null; m = re.exec(body)) {
        if (m[0] === "") {
          re.lastIndex++;
          continue;
        }
        if (r.skip?.(m, body, own) || _quoted(body, m.index, m.index + m[0].length)) continue;
        add({
          kind: r.rule.split(".")[0]!,
          severity: r.severity,
          where,
          excerpt: prefix +
            _excerpt(body, m.index, m.index + m[0].length, EXCERPT_MAX - prefix.length),
          rule: r.rule,
        });
        break;
      }
    }
  }

  _scanInvisible(text, cps, where, add);
  return findings;
}

/** Adds findings for invisible code points, skipping their legitimate uses. */
function _scanInvisible(
  text: string,
  cps: number[],
  where: string,
  add: (f: TrustFinding) => void,
): void {
  const rtl = _RTL.test(text);
  // Offsets (in UTF-16 units) of each code point, for excerpts.
  const offsets: number[] = [];
  let off = 0;
  for (const c of cps) {
    offsets.push(off);
    off += c > 0xffff ? 2 : 1;
  }
  const report = (rule: string, severity: TrustFinding["severity"], i: number, j: number) =>
    add({
      kind: "invisible_unicode",
      severity,
      where,
      excerpt: _excerpt(text, offsets[i]!, j < offsets.length ? offsets[j]! : text.length),
      rule: `invisible_unicode.${rule}`,
    });
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i]!;
    if (_isTag(c)) {
      let j = i;
      while (j < cps.length && _isTag(cps[j]!)) j++;
      // An emoji subdivision flag (black flag U+1F3F4 + tag letters + cancel tag) is legitimate.
      const flag = i > 0 && cps[i - 1] === 0x1f3f4 && cps[j - 1] === 0xe007f;
      if (!flag) report("tag_chars", "high", i, j);
      i = j - 1;
    } else if (_isBidi(c)) {
      // Embeddings and isolates are ordinary in right-to-left text; overrides never are.
      if (!(rtl && c !== 0x202d && c !== 0x202e)) report("bidi_control", "high", i, i + 1);
    } else if (_isZeroWidth(c)) {
      if (c === 0xfeff && i === 0) continue; // byte-order mark
      const prev = i > 0 ? cps[i - 1]! : 0;
      const next = i + 1 < cps.length ? cps[i + 1]! : 0;
      // ZWJ/ZWNJ join emoji and shape Indic and Arabic script: fine between non-ASCII characters.
      if ((c === 0x200c || c === 0x200d) && prev > 0x7f && next > 0x7f) continue;
      // LRM/RLM are ordinary in right-to-left text.
      if ((c === 0x200e || c === 0x200f) && rtl) continue;
      report("zero_width", "low", i, i + 1);
    }
  }
}

/** Every string under a `description` or `title` key of a JSON Schema, depth-first. */
function _schemaTexts(schema: unknown, out: string[], depth = 0): void {
  if (depth > 20 || schema === null || typeof schema !== "object") return;
  if (Array.isArray(schema)) {
    for (const v of schema) _schemaTexts(v, out, depth + 1);
    return;
  }
  for (const [k, v] of Object.entries(schema as Record<string, unknown>)) {
    if ((k === "description" || k === "title") && typeof v === "string") out.push(v);
    else _schemaTexts(v, out, depth + 1);
  }
}

/**
 * Runs {@link scanText} over a server's description and every tool (its name, description and
 * the `description`/`title` strings inside its input schema).
 *
 * @param server a merged server
 * @returns every finding, description first, then tools in order
 */
export function scanServer(server: CatalogServer): TrustFinding[] {
  const ownTools = server.tools.map((t) => t.name);
  const findings = scanText(server.description ?? "", "description", { ownTools });
  for (const tool of server.tools) {
    const parts = [tool.name, tool.description ?? ""];
    _schemaTexts(tool.inputSchema, parts);
    findings.push(...scanText(parts.join("\n"), `tool:${tool.name}`, { ownTools }));
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Components
// ---------------------------------------------------------------------------------------------

const _round1 = (n: number) => Math.round(n * 10) / 10;

/** Verdict on one official name: points out of {@link TRUST_WEIGHTS.namespace} and the reason. */
function _checkNamespace(name: string, s: CatalogServer): { points: number; why: string } {
  const ns = (name.split("/", 1)[0] ?? "").toLowerCase();
  const repo = repoOwner(s.repositoryUrl);
  const gh = /^io\.(github|gitlab)\.(.+)$/.exec(ns);
  if (gh) {
    const host = `${gh[1]}.com`;
    const owner = gh[2]!;
    if (repo === undefined) return { points: 0, why: `${name}: no repository to compare` };
    if (repo.host !== host) {
      return { points: 0, why: `${name}: repository is on ${repo.host}, not ${host}` };
    }
    if (repo.owner === owner) {
      return {
        points: TRUST_WEIGHTS.namespace,
        why: `${name}: namespace owner ${owner} = repository owner`,
      };
    }
    return {
      points: 0,
      why: `${name}: mismatch, namespace owner ${owner} ≠ repository owner ${repo.owner}`,
    };
  }
  const domain = namespaceDomain(ns.split("."));
  if (domain === undefined) return { points: 0, why: `${name}: namespace is not reverse-DNS` };
  const hosts = [s.homepage, ...s.remotes.map((r) => r.url)]
    .map(hostOf).filter((h): h is string => h !== undefined);
  const hit = hosts.find((h) => h === domain || h.endsWith(`.${domain}`));
  if (hit !== undefined) {
    return { points: TRUST_WEIGHTS.namespace, why: `${name}: domain ${domain} serves ${hit}` };
  }
  const label = domain.split(".")[0]!;
  if (
    repo !== undefined && label.length >= 4 && repo.owner.replace(/[-_.]/g, "").includes(
      label.replace(/[-_]/g, ""),
    )
  ) {
    return {
      points: TRUST_WEIGHTS.namespaceWeak,
      why: `${name}: repository owner ${repo.owner} contains the domain label ${label} (weak)`,
    };
  }
  if (hosts.length === 0) {
    return {
      points: 0,
      why: `${name}: no homepage or remote to check ${domain} against` +
        (repo ? `, repository owner ${repo.owner} differs` : ""),
    };
  }
  return { points: 0, why: `${name}: mismatch, ${domain} serves none of ${hosts.join(", ")}` };
}

/** SPDX ids (lowercase) of common OSI-approved licences. */
const _OSI = new Set([
  "mit",
  "mit-0",
  "apache-2.0",
  "gpl-2.0",
  "gpl-3.0",
  "lgpl-2.1",
  "lgpl-3.0",
  "agpl-3.0",
  "bsd-2-clause",
  "bsd-3-clause",
  "0bsd",
  "isc",
  "mpl-2.0",
  "epl-2.0",
  "epl-1.0",
  "unlicense",
  "zlib",
  "eupl-1.2",
  "mulanpsl-2.0",
  "bsl-1.0",
  "artistic-2.0",
  "upl-1.0",
  "ms-pl",
  "postgresql",
  "ncsa",
  "cddl-1.0",
  "osl-3.0",
  "afl-3.0",
  "mpl-1.1",
]);

/** Licence names as sources write them → SPDX id (lowercase). */
const _LICENSE_NAMES: [RegExp, string][] = [
  [/^mit(?: license)?$/, "mit"],
  [/^apache(?: license)?,? (?:version )?2(?:\.0)?(?: license)?$/, "apache-2.0"],
  [/^apache-2\.0 license$/, "apache-2.0"],
  [/^gnu (?:general public license|gpl) v?3(?:\.0)?$/, "gpl-3.0"],
  [/^gnu (?:general public license|gpl) v?2(?:\.0)?$/, "gpl-2.0"],
  [/^gnu affero general public license v?3(?:\.0)?$/, "agpl-3.0"],
  [/^gnu lesser general public license v?2\.1$/, "lgpl-2.1"],
  [/^gnu lesser general public license v?3(?:\.0)?$/, "lgpl-3.0"],
  [/^bsd 3-clause(?: "new" or "revised")?(?: license)?$/, "bsd-3-clause"],
  [/^bsd 2-clause(?: "simplified")?(?: license)?$/, "bsd-2-clause"],
  [/^bsd zero clause license$/, "0bsd"],
  [/^mozilla public license 2\.0$/, "mpl-2.0"],
  [/^eclipse public license 2\.0$/, "epl-2.0"],
  [/^isc license$/, "isc"],
  [/^the unlicense$/, "unlicense"],
  [/^boost software license 1\.0$/, "bsl-1.0"],
];

/**
 * Normalizes a stated licence: `"MIT License"` → `mit`, `"AGPL-3.0-only"` → `agpl-3.0`.
 *
 * @returns the lowercase id and whether it is OSI-approved
 */
function _license(raw: string): { id: string; osi: boolean } {
  let id = raw.trim().toLowerCase().replace(/\s+/g, " ");
  id = id.replace(/-(?:only|or-later)$/, "").replace(/\+$/, "");
  for (const [re, spdx] of _LICENSE_NAMES) {
    if (re.test(id)) {
      id = spdx;
      break;
    }
  }
  return { id, osi: _OSI.has(id) };
}

/** Floating version specifiers that do not pin anything. */
const _FLOATING = /^(?:latest|next|main|master|stable|\*|x|any)$|[\^~<>*|]|\s-\s/i;

/** True when a package names one exact version, image tag or file hash. */
function _pinned(p: ServerPackage): boolean {
  if (p.fileSha256) return true;
  const version = p.version?.trim();
  if (version && !_FLOATING.test(version)) return true;
  const id = p.identifier.trim();
  switch (p.registryType) {
    case "oci": {
      if (/@sha256:[0-9a-f]{64}$/i.test(id)) return true;
      const tag = /:([^/:@]+)$/.exec(id)?.[1];
      return tag !== undefined && !_FLOATING.test(tag);
    }
    case "npm":
      return /^(?:@[^/]+\/)?[^@]+@(\d[^@]*)$/.test(id) && !_FLOATING.test(id.split("@").pop()!);
    case "pypi":
      return /==\s*\d/.test(id);
    case "mcpb":
      return /\/download\/v?\d[^/]*\//.test(id);
    default:
      return false;
  }
}

/** Loopback or private-network hosts, where plain HTTP is expected. */
function _isLocal(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "0.0.0.0" ||
    host === "[::1]" || /^127\./.test(host) || /^10\./.test(host) || /^192\.168\./.test(host) ||
    /^172\.(?:1[6-9]|2\d|3[01])\./.test(host) || host.endsWith(".local");
}

const _DAY_MS = 86_400_000;

/**
 * Computes the trust score of one merged server. Pure: the same server and `now` give the same
 * score.
 *
 * @param server a merged server
 * @param now the reference time for freshness (the ingest time); stored as `computedAt`
 * @returns the score with every component and finding
 */
export function scoreServer(server: CatalogServer, now: Date): TrustScore {
  const W = TRUST_WEIGHTS;
  const c: TrustComponent[] = [];
  const push = (id: string, label: string, points: number, max: number, evidence: string) =>
    c.push({ id, label, points: _round1(points), max, evidence });

  // 1. Official registry presence and namespace. Presence means the publisher went through the
  // registry's namespace authentication (GitHub login or DNS/HTTP proof for a domain); the
  // namespace check adds that the name points at the same owner as the code or endpoint we list.
  const official = server.officialNames;
  push(
    "official_registry",
    "Official MCP registry",
    official.length > 0 ? W.officialRegistry : 0,
    W.officialRegistry,
    official.length > 0 ? `listed as ${official.join(", ")}` : "not in the official MCP registry",
  );
  if (official.length === 0) {
    push("namespace", "Registry namespace matches", 0, W.namespace, "no registry name to verify");
  } else {
    const verdicts = official.map((n) => _checkNamespace(n, server));
    const best = verdicts.reduce((a, b) => (b.points > a.points ? b : a));
    push(
      "namespace",
      "Registry namespace matches",
      best.points,
      W.namespace,
      verdicts.map((v) => v.why).join("; "),
    );
  }

  // 2. Vendor-official: the vendor of the product or API publishes it (evidence from
  // `vendor.ts`: its registry namespace, repository owner, npm scope, endpoint or an official
  // list).
  const vendorEvidence = server.vendorEvidence ?? [];
  push(
    "vendor_official",
    "Vendor-official",
    server.vendorOfficial ? W.vendorOfficial : 0,
    W.vendorOfficial,
    server.vendorOfficial
      ? (vendorEvidence.length > 0
        ? vendorEvidence.map((e) => e.detail).join("; ")
        : "named by the modelcontextprotocol.io official integrations list")
      : "no evidence that the product's vendor publishes it",
  );

  // 3. Repository and licence: the code can be read and audited, and its terms are known.
  push(
    "repository",
    "Source repository",
    server.repositoryUrl !== null ? W.repository : 0,
    W.repository,
    server.repositoryUrl !== null
      ? server.repositoryUrl + (server.subfolder ? ` (${server.subfolder})` : "")
      : "no repository in any source",
  );
  if (server.license === undefined || server.license.trim() === "") {
    push("license", "Licence", 0, W.licenseOsi, "no licence in any source");
  } else {
    const lic = _license(server.license);
    push(
      "license",
      "Licence",
      lic.osi ? W.licenseOsi : W.licenseOther,
      W.licenseOsi,
      lic.osi ? `${lic.id} (OSI-approved)` : `${server.license.trim()} (not an OSI licence id)`,
    );
  }

  // 4. Independent catalogs: each family that chose to list the server is a separate witness.
  const families = [...new Set(server.sources.map(familyOf))].sort();
  push(
    "catalogs",
    "Independent catalogs",
    W.catalogs[Math.min(families.length, W.catalogs.length - 1)]!,
    W.catalogs[W.catalogs.length - 1]!,
    `${families.length} ${families.length === 1 ? "family" : "families"}: ${families.join(", ")}`,
  );

  // 5. Pinned packages: an exact version or a hash means what is reviewed is what runs.
  if (server.packages.length === 0) {
    push("pinned_packages", "Pinned packages", 0, W.pinnedAll + W.sha256, "no package");
  } else {
    const pinned = server.packages.filter(_pinned);
    const hashed = server.packages.filter((p) =>
      p.fileSha256 !== undefined || /@sha256:[0-9a-f]{64}$/i.test(p.identifier)
    );
    const pinPts = pinned.length === server.packages.length
      ? W.pinnedAll
      : pinned.length > 0
      ? W.pinnedSome
      : 0;
    const names = (ps: ServerPackage[]) => ps.map((p) => `${p.registryType}:${p.identifier}`);
    const unpinned = server.packages.filter((p) => !pinned.includes(p));
    push(
      "pinned_packages",
      "Pinned packages",
      pinPts + (hashed.length > 0 ? W.sha256 : 0),
      W.pinnedAll + W.sha256,
      `${pinned.length}/${server.packages.length} pinned` +
        (unpinned.length > 0 ? ` (unpinned: ${names(unpinned).slice(0, 3).join(", ")})` : "") +
        (hashed.length > 0
          ? `; sha256 for ${names(hashed).slice(0, 3).join(", ")}`
          : "; no sha256"),
    );
  }

  // 6. Remote transport: HTTPS protects tokens in transit; plain HTTP to a public host leaks them.
  if (server.remotes.length === 0) {
    push("remote_https", "Remote over HTTPS", 0, W.remoteHttps, "no remote endpoint");
  } else {
    const http = server.remotes.filter((r) => /^http:/i.test(r.url.trim()));
    const publicHttp = http.filter((r) => !_isLocal(hostOf(r.url) ?? ""));
    if (publicHttp.length > 0) {
      push(
        "remote_https",
        "Remote over HTTPS",
        W.remoteHttpPenalty,
        W.remoteHttps,
        `plain HTTP to a public host: ${publicHttp.map((r) => r.url).slice(0, 3).join(", ")}`,
      );
    } else if (http.length === server.remotes.length) {
      push("remote_https", "Remote over HTTPS", 0, W.remoteHttps, "local HTTP endpoint only");
    } else {
      push(
        "remote_https",
        "Remote over HTTPS",
        W.remoteHttps,
        W.remoteHttps,
        `HTTPS: ${
          server.remotes.filter((r) => !http.includes(r)).map((r) => r.url).slice(0, 3).join(", ")
        }`,
      );
    }
  }

  // 7. Declared secrets: the publisher says which inputs are credentials, so clients can prompt
  // for them and keep them out of plain-text config. Small: it documents, it does not protect.
  const secrets = [
    ...server.packages.flatMap((p) => p.environmentVariables ?? []),
    ...server.remotes.flatMap((r) => r.headers ?? []),
  ].filter((i) => i.isSecret === true).map((i) => i.name);
  const secretNames = [...new Set(secrets)];
  push(
    "declared_secrets",
    "Declared secrets",
    secretNames.length > 0 ? W.declaredSecrets : 0,
    W.declaredSecrets,
    secretNames.length > 0
      ? `marked secret: ${secretNames.slice(0, 8).join(", ")}`
      : "no input marked secret",
  );

  // 8. Popularity: many users means many eyes; log scales so 10x more counts the same each time.
  const stars = server.stars ?? 0;
  const uses = server.useCount ?? 0;
  const downloads = server.monthlyDownloads ?? 0;
  const pop = Math.min(6, 1.5 * Math.log10(1 + stars)) +
    Math.min(3, 0.75 * Math.log10(1 + uses)) +
    Math.min(3, 0.75 * Math.log10(1 + downloads));
  const popParts = [
    server.stars !== undefined ? `${stars} stars` : "",
    server.useCount !== undefined ? `${uses} Smithery uses` : "",
    server.monthlyDownloads !== undefined ? `${downloads} downloads/month` : "",
  ].filter((p) => p !== "");
  push(
    "popularity",
    "Popularity",
    Math.min(W.popularity, pop),
    W.popularity,
    popParts.length > 0 ? popParts.join(", ") : "no stars, uses or downloads in any source",
  );

  // 9. Freshness: a maintained server gets security fixes; an abandoned one does not.
  const updated = server.updatedAt === undefined ? NaN : Date.parse(server.updatedAt);
  if (Number.isNaN(updated)) {
    push("freshness", "Freshness", 0, W.fresh90d, "no update time in any source");
  } else {
    const days = Math.max(0, Math.floor((now.getTime() - updated) / _DAY_MS));
    const pts = days <= 90
      ? W.fresh90d
      : days <= 365
      ? W.fresh1y
      : days <= 730
      ? 0
      : W.stalePenalty;
    push(
      "freshness",
      "Freshness",
      pts,
      W.fresh90d,
      `updated ${server.updatedAt!.slice(0, 10)} (${days} days before ${
        now.toISOString().slice(0, 10)
      })`,
    );
  }

  // 10. Status: a deprecated entry is no longer maintained by its publisher.
  const status = server.status?.trim().toLowerCase();
  const dead = status === "deprecated" || status === "deleted";
  push(
    "status",
    "Registry status",
    dead ? W.deprecatedPenalty : 0,
    0,
    dead ? `status ${status}` : status ? `status ${status}` : "no status given",
  );

  // 11. Safety scan: hidden instructions in text the model reads are the direct attack vector.
  const findings = scanServer(server);
  const worst = new Map<string, TrustFinding["severity"]>();
  for (const f of findings) {
    const prev = worst.get(f.rule);
    if (prev === undefined || SEVERITY_PENALTY[f.severity] > SEVERITY_PENALTY[prev]) {
      worst.set(f.rule, f.severity);
    }
  }
  const penalty = Math.min(
    SAFETY_CAP,
    [...worst.values()].reduce((n, s) => n + SEVERITY_PENALTY[s], 0),
  );
  const scanned = 1 + server.tools.length;
  push(
    "safety_scan",
    "Tool-description safety",
    -penalty,
    0,
    findings.length === 0
      ? `no finding in the description and ${server.tools.length} tool(s)`
      : `${findings.length} finding(s) in ${scanned} text(s): ` +
        [...worst.entries()].map(([r, s]) => `${r} (${s})`).join(", "),
  );

  const sum = c.reduce((n, x) => n + x.points, 0);
  const score = Math.max(0, Math.min(100, Math.round(sum)));
  return {
    version: TRUST_VERSION,
    score,
    grade: gradeOf(score),
    components: c,
    findings,
    computedAt: now.toISOString(),
  };
}
