/**
 * Reading who stands behind a server from its names: the official registry namespace, the
 * repository owner, the host of a URL. Shared by the trust score (`trust.ts`), the vendor flags
 * (`vendor.ts`) and identity grouping (`identity.ts`).
 *
 * The official MCP registry authenticates a namespace before it accepts a name: `io.github.<owner>`
 * through a GitHub login as that owner, a reverse-DNS namespace (`com.example`) through a DNS or
 * HTTP proof of control of the domain (registry documentation, "namespace authentication").
 *
 * @module
 */

/** Second-level labels under which a country code registers names (`co.uk`, `com.au`). */
const _SLD = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "or", "ne", "go"]);

/**
 * The lowercase host of an absolute URL.
 *
 * @param url e.g. `"https://mcp.sentry.dev/mcp"`
 * @returns `"mcp.sentry.dev"`, or `undefined` when `url` is missing or not absolute
 */
export function hostOf(url: string | undefined | null): string | undefined {
  if (url === undefined || url === null) return undefined;
  const m = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/:?#]+)/i.exec(url.trim());
  return m?.[1]?.toLowerCase().replace(/\.$/, "");
}

/**
 * Registrable domain of reverse-DNS labels: `["com", "example", "mcp"]` → `example.com`,
 * `["uk", "co", "acme"]` → `acme.co.uk`.
 *
 * @param labels the namespace split on dots, in reverse-DNS order
 * @returns the domain, or `undefined` for fewer than two labels
 */
export function namespaceDomain(labels: string[]): string | undefined {
  if (labels.length < 2) return undefined;
  const n = labels[0]!.length === 2 && _SLD.has(labels[1]!) && labels.length >= 3 ? 3 : 2;
  return labels.slice(0, n).reverse().join(".");
}

/**
 * The brand label of a domain: the label before its public suffix (`mcp.sentry.dev` → `sentry`,
 * `acme.co.uk` → `acme`).
 *
 * @param host a host or registrable domain
 * @returns the label, lowercase
 */
export function brandOfDomain(host: string): string {
  const labels = host.toLowerCase().split(".");
  labels.pop();
  if (labels.length > 1 && _SLD.has(labels[labels.length - 1]!)) labels.pop();
  return labels[labels.length - 1] ?? "";
}

/**
 * Host, owner and repository name of a code-host repository URL.
 *
 * @param url e.g. `"https://github.com/getsentry/sentry-mcp"`
 * @returns `{host: "github.com", owner: "getsentry", repo: "sentry-mcp"}` (lowercase), or
 *   `undefined` when the URL has no owner
 */
export function repoOwner(
  url: string | null | undefined,
): { host: string; owner: string; repo: string } | undefined {
  if (url === null || url === undefined) return undefined;
  const m = /^(?:https?:\/\/)?(?:www\.)?([^/]+)\/([^/]+)(?:\/([^/?#]+))?/i.exec(url);
  return m
    ? { host: m[1]!.toLowerCase(), owner: m[2]!.toLowerCase(), repo: (m[3] ?? "").toLowerCase() }
    : undefined;
}

/** What an official registry name's namespace authenticates. */
export type RegistryNamespace =
  | { kind: "account"; host: string; owner: string }
  | { kind: "domain"; domain: string }
  | { kind: "other"; namespace: string };

/**
 * Parses the namespace of an official registry name.
 *
 * @param name e.g. `"io.github.getsentry/sentry-mcp"` or `"com.figma.mcp/mcp"`
 * @returns `{kind: "account", host: "github.com", owner: "getsentry"}`,
 *   `{kind: "domain", domain: "figma.com"}`, or `{kind: "other"}` for a namespace that is
 *   neither
 */
export function registryNamespace(name: string): RegistryNamespace {
  const ns = (name.split("/", 1)[0] ?? "").toLowerCase();
  const account = /^io\.(github|gitlab)\.(.+)$/.exec(ns);
  if (account) return { kind: "account", host: `${account[1]}.com`, owner: account[2]! };
  const domain = namespaceDomain(ns.split("."));
  return domain === undefined ? { kind: "other", namespace: ns } : { kind: "domain", domain };
}

/**
 * Catalogs and hosting platforms that republish other people's servers under their own names
 * (`ai.smithery/smithery-notion`): their brand in a server's name does not make them the vendor
 * of the product, unless it is the only product word left.
 */
export const HOSTING_BRANDS: ReadonlySet<string> = new Set([
  "smithery",
  "mcparmory",
  "pulsemcp",
  "mcpbundles",
  "waystation",
  "alpic",
  "mintmcp",
  "pipeworx",
  "composio",
  "pipedream",
  "glama",
  "mcphub",
  "klavis",
  "mcpso",
  "tooloracle",
  "mcpmarket",
]);

/**
 * True for a catalog's or hosting platform's own account or namespace brand (`smithery-ai`,
 * `pipeworx-io`, `ai.smithery`'s `smithery`): one of {@link HOSTING_BRANDS}, alone or with a
 * company affix.
 *
 * @param handle an account, npm scope or domain brand
 */
export function isHostingHandle(handle: string): boolean {
  const key = handle.toLowerCase().replace(/[^a-z0-9]/g, "");
  for (const brand of HOSTING_BRANDS) {
    if (key === brand || _HOSTING_AFFIXES.some((a) => key === a + brand || key === brand + a)) {
      return true;
    }
  }
  return false;
}

/** Affixes hosting platforms put around their brand in account names (`smithery-ai`). */
const _HOSTING_AFFIXES = ["ai", "io", "hq", "dev", "app", "labs", "inc", "team", "org"];

/**
 * True when an official registry name is under a catalog's or hosting platform's namespace
 * (`ai.smithery/…`, `io.github.pipeworx-io/…`): a re-listing of someone else's server.
 *
 * @param name an official registry name
 */
export function isHostingNamespace(name: string): boolean {
  const ns = registryNamespace(name);
  if (ns.kind === "account") return isHostingHandle(ns.owner);
  if (ns.kind === "domain") return isHostingHandle(brandOfDomain(ns.domain));
  return false;
}
