/**
 * Display titles that say nothing: 762 entries of the merged catalog were titled "mcp",
 * "server", "mcp-server" or "remote-mcp", the short name part of their registry name. Such a
 * title is replaced by one derived from what the entry is (its vendor's product, its repository,
 * its registry namespace); the source's title stays in `originalTitle`.
 *
 * @module
 */
import type { CatalogServer } from "../model/server.ts";
import { registryNamespace, repoOwner } from "./namespace.ts";

/** A title made only of words that name no server (`mcp`, `server`, `remote-mcp`, `api v1`). */
const _GENERIC_TITLE =
  /^(?:(?:the|official|remote|local|hosted|mcp|mcps|server|servers|api|main|app|http|https|sse|stdio|streamable|model|context|protocol|service|default|prod|production|v\d+)(?:[\s_.\-/]+|$))+$/i;

/**
 * True when a title names no server: only generic words such as `mcp`, `server`, `remote`.
 *
 * @param title a display title
 * @returns whether it should be replaced
 * @example
 * ```ts
 * isGenericTitle("mcp-server"); // true
 * isGenericTitle("Notion MCP"); // false
 * ```
 */
export function isGenericTitle(title: string): boolean {
  const t = title.trim();
  return t === "" || _GENERIC_TITLE.test(t);
}

/**
 * A product word written as the server's own text writes it (`hubspot` → `HubSpot` when the
 * description says "HubSpot"), else with a capital first letter.
 *
 * @param word a lowercase product word
 * @param text text that may name it
 * @returns the display form
 */
export function brandCase(word: string, text: string): string {
  const m = new RegExp(`\\b(${word.replace(/[^a-z0-9]/g, "")})\\b`, "i").exec(text);
  const found = m?.[1];
  if (found !== undefined && found !== found.toLowerCase()) return found;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The title an entry with a generic title gets: "<Product> MCP server" when a publisher badge
 * names its product, else `owner/repository` (with the monorepo folder), else the registry
 * namespace (`bizverify.co MCP server`, `acme/mcp` for `io.github.acme/mcp`).
 *
 * @param s a merged server after the vendor step
 * @returns the derived title, or `undefined` when nothing better is known
 */
export function derivedTitle(s: CatalogServer): string | undefined {
  const product = s.vendorEvidence?.[0]?.product;
  if (product !== undefined && product !== "") {
    return `${brandCase(product, s.description)} MCP server`;
  }
  const repo = repoOwner(s.repositoryUrl);
  if (repo !== undefined && repo.repo !== "") {
    const [, owner, name] = /^https:\/\/[^/]+\/([^/]+)\/([^/]+)/.exec(s.repositoryUrl ?? "") ??
      [];
    const folder = s.subfolder?.split("/").pop();
    return `${owner ?? repo.owner}/${name ?? repo.repo}${folder ? ` (${folder})` : ""}`;
  }
  const official = s.officialNames[0];
  if (official !== undefined) {
    const ns = registryNamespace(official);
    const tail = official.split("/").slice(1).join("/");
    if (ns.kind === "domain") return `${ns.domain} MCP server`;
    if (ns.kind === "account") return `${ns.owner}/${tail}`;
  }
  return undefined;
}

/**
 * Replaces every generic title ({@link isGenericTitle}) by {@link derivedTitle}, keeping the
 * source's title in `originalTitle`.
 *
 * @param servers merged servers after the vendor step (changed in place)
 * @returns counts: `generic` titles found, `replaced` of them
 */
export function replaceGenericTitles(
  servers: CatalogServer[],
): { generic: number; replaced: number } {
  let generic = 0;
  let replaced = 0;
  for (const s of servers) {
    if (!isGenericTitle(s.title)) continue;
    generic++;
    const title = derivedTitle(s);
    if (title === undefined || isGenericTitle(title)) continue;
    s.originalTitle = s.title;
    s.title = title;
    replaced++;
  }
  return { generic, replaced };
}
