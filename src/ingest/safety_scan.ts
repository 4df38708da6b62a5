/**
 * The tool-description safety scan of the trust score: hidden instructions addressed to the
 * model, tags that fake a higher-priority channel, requests to read sensitive files, exfiltration
 * wording, tool shadowing and invisible Unicode, in a server's description and in every tool's
 * name, description and input-schema texts. Each finding names its rule, severity, place and an
 * excerpt; `src/ingest/trust.ts` turns them into the `safety_scan` penalty.
 *
 * @module
 */
import type { CatalogServer } from "../model/server.ts";
import type { TrustFinding } from "../model/trust.ts";
import { firstOfEachKey } from "./clean.ts";

const EXCERPT_MAX = 120;

/**
 * Most characters of one text the phrase rules read (after whitespace is collapsed): longer texts
 * are scanned in their first 200,000 characters. The ingest stores no longer tool text (probe
 * descriptions are cut at 8 KB, schemas at 32 KB: `src/ingest/probes.ts`), so this only bounds
 * the work on a hostile source record.
 */
export const MAX_SCAN_CHARS = 200_000;

/**
 * Collapses every run of whitespace to one character: a line break when the run holds one, else a
 * space. One linear pass; afterwards each `\s*` or `\s+` of the rules matches at most one
 * character, so no rule can backtrack over a long run of spaces (`<` and 60,000 spaces took 15-49
 * s in `<\s*\/?\s*important\s*>` before; it is linear now).
 */
function _collapse(text: string): string {
  return text.replace(/\s+/g, (run) => run.includes("\n") ? "\n" : " ");
}

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
/** Any code point {@link _isInvisible} names (tags as their UTF-16 surrogate pairs). */
const _INVISIBLE = String
  .raw`[\u200b-\u200f\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069]|\udb40[\udc00-\udc7f]`;
const _ANY_INVISIBLE = new RegExp(_INVISIBLE);
const _INVISIBLE_ALL = new RegExp(_INVISIBLE, "g");
/** Tag characters U+E0020-U+E007E, which mirror printable ASCII. */
const _TAG_ASCII = /\udb40[\udc20-\udc7e]/g;

/** The ASCII text hidden in a text's tag characters (U+E0041 is `A`). */
function _smuggled(text: string): string {
  let out = "";
  for (const pair of text.match(_TAG_ASCII) ?? []) {
    out += String.fromCharCode(pair.charCodeAt(1) - 0xdc00);
  }
  return out;
}
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
  // At most `max` characters of the match are shown: a longer match is not read further.
  const match = [...text.slice(start, Math.min(end, start + 2 * max))].map((ch) =>
    ch.codePointAt(0)!
  );
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
 * split "ignore previous instructions". Whitespace runs are collapsed first and at most
 * {@link MAX_SCAN_CHARS} characters are read, so the time is linear in the text's length.
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
  const { items: findings, add } = firstOfEachKey((f: TrustFinding) => f.rule);

  // Phrase rules run on the visible text and on text smuggled in tag characters. Most texts hold
  // no invisible character at all: they are scanned as they are.
  const hasInvisible = _ANY_INVISIBLE.test(text);
  const visible = hasInvisible ? text.replace(_INVISIBLE_ALL, "") : text;
  const smuggled = hasInvisible ? _smuggled(text) : "";
  const bodies: [string, string][] = [[_collapse(visible).slice(0, MAX_SCAN_CHARS), ""]];
  if (smuggled !== "") bodies.push([_collapse(smuggled).slice(0, MAX_SCAN_CHARS), "(hidden) "]);
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

  if (hasInvisible) _scanInvisible(text, where, add);
  return findings;
}

/**
 * Adds findings for invisible code points, skipping their legitimate uses. One pass over the UTF-16
 * text, no array per code point; it stops once each of its three rules has a finding.
 */
function _scanInvisible(text: string, where: string, add: (f: TrustFinding) => void): void {
  const rtl = _RTL.test(text);
  // One finding per rule: the excerpt is made for the first occurrence only (a text of 100,000
  // zero-width spaces took 9 s when each one built its excerpt).
  const reported = new Set<string>();
  const report = (rule: string, severity: TrustFinding["severity"], i: number, j: number) => {
    if (reported.has(rule)) return;
    reported.add(rule);
    add({
      kind: "invisible_unicode",
      severity,
      where,
      excerpt: _excerpt(text, i, j),
      rule: `invisible_unicode.${rule}`,
    });
  };
  let prev = 0;
  for (let i = 0; i < text.length && reported.size < 3;) {
    const c = text.codePointAt(i)!;
    if (_isTag(c)) {
      let j = i, last = c;
      while (j < text.length && _isTag(text.codePointAt(j)!)) {
        last = text.codePointAt(j)!;
        j += 2;
      }
      // An emoji subdivision flag (black flag U+1F3F4 + tag letters + cancel tag) is legitimate.
      if (!(prev === 0x1f3f4 && last === 0xe007f)) report("tag_chars", "high", i, j);
      prev = last;
      i = j;
      continue;
    }
    if (_isBidi(c)) {
      // Embeddings and isolates are ordinary in right-to-left text; overrides never are.
      if (!(rtl && c !== 0x202d && c !== 0x202e)) report("bidi_control", "high", i, i + 1);
    } else if (_isZeroWidth(c) && !(c === 0xfeff && i === 0)) { // (i = 0: a byte-order mark)
      const next = text.codePointAt(i + 1) ?? 0;
      // ZWJ/ZWNJ join emoji and shape Indic and Arabic script: fine between non-ASCII characters.
      const joiner = (c === 0x200c || c === 0x200d) && prev > 0x7f && next > 0x7f;
      // LRM/RLM are ordinary in right-to-left text.
      if (!joiner && !((c === 0x200e || c === 0x200f) && rtl)) {
        report("zero_width", "low", i, i + 1);
      }
    }
    prev = c;
    i += c > 0xffff ? 2 : 1;
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
