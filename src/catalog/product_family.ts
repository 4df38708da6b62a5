/**
 * Which AI tools are one product family, so that neither is listed as an alternative of the
 * other (`alternatives.ts`): who publishes a tool ({@link vendorKey}: the registrable domain of
 * its site, hosting platforms and stores told apart by their path) and the words of its name
 * ({@link nameWords}, {@link coreOf}, {@link brandOf}: "ChatGPT for Sheets" holds the brand
 * "ChatGPT" when the name is a brand rather than common words, {@link isBrandWord}).
 *
 * @module
 */

/** What tells a tool's family: its vendor and the words of its name. */
export interface FamilyFacts {
  /** Who publishes it ({@link vendorKey}), or `null`. */
  vendor: string | null;
  /** Its name's words ({@link nameWords}). */
  words: string[];
  /** The name without suffixes like "AI" ({@link coreOf}), words joined by spaces. */
  core: string;
  /** Its brand ({@link brandOf}), or `null` for a name of common words. */
  brand: string[] | null;
}

/**
 * Whether two tools belong to one family, so neither is an alternative to the other: the same
 * vendor (see {@link vendorKey}), the same name but for suffixes ("PhotoAI" and "Photo AI": one
 * product listed twice), or one's name holds the other's brand as whole words ("ChatGPT for
 * Sheets" holds "ChatGPT"; "Notion AI" and "NotionForms" share "Notion").
 *
 * @param a a tool's family facts
 * @param b another's
 * @returns true when they are one family
 * @example
 * ```ts
 * const facts = (name: string, url: string | null) => {
 *   const words = nameWords(name);
 *   return { vendor: vendorKey(url), words, core: coreOf(words).join(" "), brand: brandOf(words, () => true) };
 * };
 * sameFamily(facts("ChatGPT", null), facts("ChatGPT for Sheets", null)); // true
 * ```
 */
export function sameFamily(a: FamilyFacts, b: FamilyFacts): boolean {
  if (a.vendor !== null && a.vendor === b.vendor) return true;
  if (a.core !== "" && a.core === b.core) return true;
  return (a.brand !== null && containsWords(b.words, a.brand)) ||
    (b.brand !== null && containsWords(a.words, b.brand));
}

/**
 * Whether `words` holds `part` as consecutive words (compared with `===`).
 *
 * @param words the words of a name (or their numbers)
 * @param part the words looked for (e.g. a brand, {@link brandOf})
 * @returns true when `part` is not empty and occurs in `words`
 * @example
 * ```ts
 * containsWords(["chat", "gpt", "for", "sheets"], ["chat", "gpt"]); // true
 * ```
 */
export function containsWords<T>(words: T[], part: T[]): boolean {
  if (part.length === 0 || part.length > words.length) return false;
  outer: for (let i = 0; i + part.length <= words.length; i++) {
    for (let j = 0; j < part.length; j++) {
      if (words[i + j] !== part[j]) continue outer;
    }
    return true;
  }
  return false;
}

/**
 * The words of a name, lowercase, camelCase split (`AnonChatGPT` → `anon chat gpt`, `NotionForms`
 * → `notion forms`), a domain-like ending (`Copy.ai`, `Bolt.new`) dropped.
 *
 * @param name a tool name
 * @returns its words, e.g. `["chat", "gpt", "for", "sheets"]`
 * @example
 * ```ts
 * nameWords("ChatGPT for Sheets"); // ["chat", "gpt", "for", "sheets"]
 * ```
 */
export function nameWords(name: string): string[] {
  return name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .replace(/\.(ai|io|app|so|new|com|co|dev|me|net|org|tech|xyz|gg|chat|tools?|run)\b/gi, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "");
}

/** Words that end a product name without naming the product ("Otter AI", "Loom HQ"). */
const _SUFFIX_WORDS = new Set(["ai", "app", "apps", "hq", "io", "labs", "inc", "the", "official"]);

/**
 * The core of a tool name: its words ({@link nameWords}) without a leading "the" and trailing
 * suffixes like "AI" or "app".
 *
 * @param words the name's words
 * @returns the core words, e.g. `["otter"]` for "Otter AI" (possibly empty)
 * @example
 * ```ts
 * coreOf(nameWords("The Otter AI")); // ["otter"]
 * ```
 */
export function coreOf(words: string[]): string[] {
  let start = 0;
  let end = words.length;
  while (start < end && words[start] === "the") start++;
  while (end > start && _SUFFIX_WORDS.has(words[end - 1]!)) end--;
  return words.slice(start, end);
}

/**
 * The brand of a tool name: its core ({@link coreOf}), when at least one of its words is a brand
 * word.
 *
 * @param words the name's words
 * @param isBrand whether a word is a brand word rather than a common one ({@link isBrandWord})
 * @returns the brand's words, or `null` when the name is made of common words ("Image", "AI
 *   Writer") and so says nothing about who makes it
 * @example
 * ```ts
 * brandOf(["notion", "ai"], () => true); // ["notion"]
 * brandOf(["image"], () => false); // null
 * ```
 */
export function brandOf(words: string[], isBrand: (word: string) => boolean): string[] | null {
  const brand = coreOf(words);
  return brand.length > 0 && brand.some(isBrand) ? brand : null;
}

/** Lowercase uses of a word in the descriptions above which it is a common word, not a brand. */
export const COMMON_WORD_USES = 5;

/**
 * Whether a word of a name is a brand word: at least 3 letters, and written in lowercase, as a
 * common word is, in fewer than {@link COMMON_WORD_USES} of the catalog's descriptions ("notion",
 * "otter" and "gpt" are brand words; "image", "copy" and "writer" are not).
 *
 * @param word a lowercase word of {@link nameWords}
 * @param lowercaseUses how many descriptions use it in lowercase
 * @returns true for a brand word
 * @example
 * ```ts
 * isBrandWord("notion", 1); // true
 * isBrandWord("image", 120); // false
 * ```
 */
export function isBrandWord(word: string, lowercaseUses: number): boolean {
  return word.length >= 3 && !/^\d+$/.test(word) && !_SUFFIX_WORDS.has(word) &&
    lowercaseUses < COMMON_WORD_USES;
}

/** Second-level labels under which a country code registers names (`co.uk`, `com.au`). */
const _SLD = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "or", "ne", "go"]);

/**
 * Hosts under which anybody publishes (`user.vercel.app`): the label below them names the
 * publisher, as a registrable domain would.
 */
const _TENANT_SUFFIXES = [
  "vercel.app",
  "netlify.app",
  "github.io",
  "gitlab.io",
  "herokuapp.com",
  "pages.dev",
  "workers.dev",
  "web.app",
  "firebaseapp.com",
  "replit.app",
  "repl.co",
  "streamlit.app",
  "hf.space",
  "onrender.com",
  "fly.dev",
  "railway.app",
  "glitch.me",
  "deno.dev",
  "azurewebsites.net",
  "appspot.com",
  "webflow.io",
  "framer.website",
  "framer.ai",
  "framer.app",
  "softr.app",
  "notion.site",
  "gitbook.io",
  "super.site",
  "carrd.co",
  "wixsite.com",
  "bubbleapps.io",
  "glideapp.io",
  "glide.page",
  "typedream.app",
  "mystrikingly.com",
  "myshopify.com",
  "gumroad.com",
  "substack.com",
  "blogspot.com",
  "dabble.so",
  "onelink.me",
  "sttabot.io",
];

/**
 * Marketplaces and platforms whose listings are by many publishers: the publisher is a path
 * segment (`github.com/owner`), or unknown (`null`: an extension store's listing says nothing
 * about who else its publisher makes).
 */
const _PLATFORMS: Record<string, (segments: string[]) => string | null> = {
  "github.com": (s) => s[0] ?? null,
  "gitlab.com": (s) => s[0] ?? null,
  "huggingface.co": (s) => (s[0] === "spaces" ? s[1] : s[0]) ?? null,
  "replicate.com": (s) => s[0] ?? null,
  "chat.openai.com": (s) => s[0] === "g" ? null : "openai.com",
  "chatgpt.com": (s) => s[0] === "g" ? null : "openai.com",
  "sites.google.com": (s) => s.slice(0, 2).join("/") || null,
  "spellprints.com": (s) => s[0] ?? null,
  "medium.com": (s) => s[0] ?? null,
};

/** Platform hosts whose listings say nothing about the publisher (stores, social sites). */
const _ANONYMOUS_HOSTS = new Set([
  "chrome.google.com",
  "chromewebstore.google.com",
  "play.google.com",
  "workspace.google.com",
  "docs.google.com",
  "colab.research.google.com",
  "apps.apple.com",
  "itunes.apple.com",
  "marketplace.visualstudio.com",
  "appsource.microsoft.com",
  "apps.microsoft.com",
  "microsoftedge.microsoft.com",
  "addons.mozilla.org",
  "apps.shopify.com",
  "wordpress.org",
  "figma.com",
  "producthunt.com",
  "t.me",
  "telegram.me",
  "discord.com",
  "discord.gg",
  "poe.com",
  "x.com",
  "twitter.com",
  "youtube.com",
  "linkedin.com",
  "facebook.com",
  "instagram.com",
  "tiktok.com",
  "npmjs.com",
  "pypi.org",
  "apify.com",
  "zapier.com",
  "linktr.ee",
  "messengerx.io",
  "buildai.space",
  "app.brancher.ai",
]);

/**
 * Who publishes a tool, from its site: the registrable domain of the URL's host (`notion.so` for
 * `https://www.notion.so/product/ai`, `acme.co.uk`), the tenant on a hosting domain anybody
 * publishes under (`app.vercel.app`), the owner on a code host (`github.com/owner`), or `null`
 * when the URL is missing or a store listing that says nothing about its publisher.
 *
 * @param url the tool's site, or `null`
 * @returns the vendor key, or `null`
 * @example
 * ```ts
 * vendorKey("https://chat.openai.com/chat"); // "openai.com"
 * vendorKey("https://chromewebstore.google.com/detail/x/abc"); // null
 * ```
 */
export function vendorKey(url: string | null): string | null {
  if (url === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, "").replace(/\.$/, "");
  if (host === "") return null;
  const segments = parsed.pathname.split("/").filter((s) => s !== "").map((s) => s.toLowerCase());
  if (_ANONYMOUS_HOSTS.has(host)) return null;
  const platform = _PLATFORMS[host];
  if (platform) {
    const publisher = platform(segments);
    return publisher === null ? null : publisher.includes(".") ? publisher : `${host}/${publisher}`;
  }
  const tenant = _TENANT_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (tenant) {
    const labels = host.slice(0, host.length - tenant.length).split(".").filter((l) => l !== "");
    return labels.length === 0 ? null : `${labels[labels.length - 1]}.${tenant}`;
  }
  const labels = host.split(".");
  if (labels.length < 2) return host;
  const n = labels.length >= 3 && labels[labels.length - 1]!.length === 2 &&
      _SLD.has(labels[labels.length - 2]!)
    ? 3
    : 2;
  return labels.slice(-n).join(".");
}
