/**
 * The text normalisers every layer shares: accent folding, slugs, name keys and word lists. Each
 * starts from {@link foldAccents} (Unicode NFKD, combining diacritics U+0300-U+036F removed), so
 * "Café", "CAFE" and "cafe" compare equal wherever names are matched.
 *
 * @module
 */

/**
 * Folds accents: Unicode compatibility decomposition (NFKD), then the combining diacritical marks
 * U+0300-U+036F removed. Case is kept.
 *
 * @param value any text
 * @returns the folded text
 * @example
 * ```ts
 * foldAccents("Crème ﬁne"); // "Creme fine"
 * ```
 */
export function foldAccents(value: string): string {
  return value.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/**
 * Lowercase words of letters and digits (any script) of a text, accents folded and the combining
 * marks of every script removed (so a vowel sign or a voicing mark never splits a word).
 *
 * @param value any text
 * @returns the words in order, possibly repeated
 * @example
 * ```ts
 * words("Let my agent query Postgres"); // ["let", "my", "agent", "query", "postgres"]
 * ```
 */
export function words(value: string): string[] {
  return foldAccents(value).replace(/\p{M}/gu, "").toLowerCase().split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

/**
 * Lowercase ASCII words (letters `a-z` and digits) of a text, accents folded; anything else
 * separates words.
 *
 * @param value any text
 * @returns the words in order
 * @example
 * ```ts
 * asciiWords("HubSpot CRM-sync"); // ["hubspot", "crm", "sync"]
 * ```
 */
export function asciiWords(value: string): string[] {
  return foldAccents(value).toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "");
}

/**
 * Makes a URL-safe slug: lowercase ASCII letters, digits and single hyphens, at most 80
 * characters.
 *
 * @param value any name
 * @returns e.g. `"leonardo-ai"` for `"Leonardo.AI"`; `""` when nothing is left
 * @example
 * ```ts
 * slugify("Tom & Jerry"); // "tom-and-jerry"
 * ```
 */
export function slugify(value: string): string {
  return foldAccents(value)
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/**
 * A tool name for matching: lowercase ASCII letters and digits, with a trailing domain suffix
 * (`.ai`, `.io`, `.com`, `.app`, `.so`, `.dev`, `.co`) removed.
 *
 * @param value a display name
 * @returns the key, e.g. `"leonardo"` for `"Leonardo.ai"`
 * @example
 * ```ts
 * normalizeName("Notion AI"); // "notionai"
 * ```
 */
export function normalizeName(value: string): string {
  return foldAccents(value)
    .toLowerCase()
    .replace(/\.(ai|io|com|app|so|dev|co)$/g, "")
    .replace(/[^a-z0-9]+/g, "");
}

/**
 * Lowercase key used for exact-name and category matching: letters and digits (any script) only.
 *
 * @param value a name or label, e.g. `"Notion AI"`
 * @returns `"notionai"`
 * @example
 * ```ts
 * matchKey("Notion AI"); // "notionai"
 * ```
 */
export function matchKey(value: string): string {
  return foldAccents(value).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Words that say "an MCP server" rather than which one. */
const _AFFIX_WORDS = new Set(["mcp", "server", "servers", "modelcontextprotocol"]);

/**
 * A name reduced to its core for matching listings of one server: lowercase letters and digits,
 * camelCase split, without the affixes every MCP server name carries (`mcp`, `server`,
 * `mcp-server`, `(Archived)`, `(Reference)`).
 *
 * @param value a name, folder, package or image name
 * @returns the core key, possibly `""`
 * @example
 * ```ts
 * coreKey("GitHub MCP Server (Archived)"); // "github"
 * ```
 */
export function coreKey(value: string): string {
  const parts = foldAccents(value).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()
    .replace(/\((archived|reference)\)/g, " ")
    .split(/[^a-z0-9]+/).filter((w) => w !== "" && !_AFFIX_WORDS.has(w));
  return parts.join("");
}
