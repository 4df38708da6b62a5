/**
 * Every key an entry can be called by, built from the name keys of `src/model/text.ts` (the whole
 * name, `matchKey`, and its core without the words every MCP server name carries, `coreKey`).
 * The writer stores them, so a query that names a product finds the product's entries (the
 * "exact" tier of ranking).
 *
 * @module
 */
import { coreKey, matchKey } from "../model/text.ts";

/** The names of a server the exact tier compares a query with. */
export interface NamedServer {
  title: string;
  repositoryUrl: string | null;
  subfolder?: string;
  officialNames: string[];
  packages: { identifier: string }[];
  /** Vendor evidence: the product words the vendor publishes this server for. */
  vendorEvidence?: { kind: string; product: string }[];
  reference?: boolean;
}

/**
 * How strongly a key names a server: `2` when the key is the product the server's vendor
 * publishes it for (`github` for GitHub's own server) or the folder of a reference server
 * (`memory`); `1` when it is one of the server's names.
 */
export type KeyStrength = 1 | 2;

/**
 * Every key a server can be called by, with its strength: its title (whole and core), its
 * repository name (or its monorepo folder), the name part of each registry name and each
 * package's name without scope or version (strength 1); the vendor's product words and a
 * reference server's folder (strength 2). `"Figma MCP Server"` by Figma → `figmamcpserver` 1,
 * `figma` 2.
 *
 * @param s the server's names and publisher flags
 * @returns key → strength (non-empty keys)
 */
export function serverNameKeys(s: NamedServer): Map<string, KeyStrength> {
  const keys = new Map<string, KeyStrength>();
  const add = (key: string, strength: KeyStrength) => {
    if (key !== "" && (keys.get(key) ?? 0) < strength) keys.set(key, strength);
  };
  add(matchKey(s.title), 1);
  add(coreKey(s.title.split("/").pop()!), 1);
  if (s.subfolder !== undefined) {
    add(coreKey(s.subfolder.split("/").pop()!), s.reference ? 2 : 1);
  } else if (s.repositoryUrl !== null) add(coreKey(s.repositoryUrl.split("/").pop()!), 1);
  for (const n of s.officialNames) add(coreKey(n.split("/").slice(1).join("-")), 1);
  for (const p of s.packages) {
    const name = p.identifier.replace(/:[^/:]+$/, "").replace(/(.)@[^@/]+$/, "$1").split("/").pop();
    if (name) add(coreKey(name), 1);
  }
  for (const e of s.vendorEvidence ?? []) {
    for (const word of e.product.split(" ")) add(coreKey(word), 2);
  }
  return keys;
}

/**
 * Every key a tool can be called by: its name whole, and without a trailing `ai`, `app` or `hq`
 * word or a domain suffix (`"Notion AI"` → `notionai`, `notion`; `"Jasper.ai"` → `jasperai`,
 * `jasper`).
 *
 * @param name the tool's name
 * @returns distinct non-empty keys
 */
export function toolNameKeys(name: string): string[] {
  const whole = matchKey(name);
  const keys = new Set([whole]);
  const bare = matchKey(name.replace(/\.(ai|io|com|app|so|dev|co)$/i, ""));
  keys.add(bare);
  const stripped = bare.replace(/(ai|app|hq)$/, "");
  if (stripped.length >= 3) keys.add(stripped);
  keys.delete("");
  return [...keys];
}
