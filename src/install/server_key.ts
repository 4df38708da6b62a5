/**
 * The key a server is filed under in a client's config map (`"github"` for the GitHub MCP
 * Server): planning (`plan.ts`) and every generator use it.
 *
 * @module
 */
import type { CatalogServer } from "../model/server.ts";
import { foldAccents } from "../model/text.ts";

const _KEY_STOP_WORDS = new Set(["mcp", "server", "servers"]);

/** Kebab-case words of a text without `mcp`/`server` and `model context protocol`. */
function _keyWords(text: string): string[] {
  const slug = foldAccents(text)
    .toLowerCase()
    .replace(/model[\s_-]*context[\s_-]*protocol/g, " ")
    .replace(/[^a-z0-9]+/g, "-");
  return slug.split("-").filter((w) => w !== "" && !_KEY_STOP_WORDS.has(w));
}

/** Joins words with `-`, cut at a word boundary to at most `max` characters. */
function _cut(words: readonly string[], max: number): string {
  let out = "";
  for (const word of words) {
    const next = out === "" ? word : `${out}-${word}`;
    if (next.length > max) break;
    out = next;
  }
  return out === "" ? (words[0] ?? "").slice(0, max) : out;
}

/**
 * A short kebab-case key for the server in a client's config map: from the title, else the last
 * segment of the name, without the words `mcp` and `server` (at most 40 characters).
 *
 * @example
 * ```ts
 * serverKey({ title: "GitHub MCP Server", name: "io.github.github/github-mcp-server", ... }); // "github"
 * ```
 *
 * @param server the catalog server
 * @returns e.g. `"github"`, `"postgres"`; `"server"` when nothing usable is left
 */
export function serverKey(server: Pick<CatalogServer, "title" | "name">): string {
  const fromTitle = _keyWords(server.title);
  const fromName = _keyWords(server.name.split("/").pop() ?? "");
  const fits = (w: string[]) => w.length > 0 && w.join("-").length <= 40;
  const words = fits(fromTitle)
    ? fromTitle
    : fits(fromName)
    ? fromName
    : fromTitle.length > 0
    ? fromTitle
    : fromName;
  const key = _cut(words, 40);
  return key === "" ? "server" : key;
}
