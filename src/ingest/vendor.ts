/**
 * Who publishes an MCP server: the flags `inOfficialRegistry`, `vendorOfficial` (with evidence),
 * `reference` and `archived`, computed at ingest after merging.
 *
 * **vendorOfficial** means "published by the organisation that owns the product or API the
 * server is for". It is never taken from a server's own claim; it needs one piece of evidence
 * that ties the publisher to the product:
 *
 * | kind | evidence |
 * |---|---|
 * | `vendor_list` | the modelcontextprotocol.io official-integrations list names it |
 * | `namespace_domain` | the official registry name is under the reverse-DNS of the product's domain (`com.figma.mcp/…` for Figma), or under a domain whose owner also owns the repository, npm scope or remote endpoint |
 * | `namespace_owner` | the `io.github.<owner>` namespace is the product vendor's account |
 * | `repository_owner` | the repository belongs to the product vendor's account |
 * | `package_scope` | the npm package is published under the product vendor's scope |
 * | `remote_domain` | the remote endpoint is hosted on the product's own domain |
 *
 * "The product" is read from the server's own names ({@link productWords}: title, repository,
 * monorepo folder, registry name and package names, without generic words such as `mcp`,
 * `server` or `memory`). An account is the vendor's when it is named after a product word, or
 * after a product word plus a common affix (`getsentry`, `supabase-community`, `awslabs`), or
 * when `data/vendor_accounts.json` lists it with that product (`microsoft` → `playwright`,
 * `makenotion` → `notion`). A registry namespace is authenticated by the registry (GitHub login
 * or DNS proof), so namespace evidence is the strongest.
 *
 * **reference** marks the reference servers of `github.com/modelcontextprotocol/servers` (and of
 * `servers-archived`, where the archived ones moved); **archived** marks those moved to
 * `servers-archived` ({@link ARCHIVED_REFERENCE_SERVERS}), and any entry whose registry status
 * is `deprecated`, or whose title or sources say "(Archived)".
 *
 * @module
 */
import { z } from "zod";
import { loadJsonData } from "./data_file.ts";
import { brandOfDomain, hostOf, registryNamespace, repoOwner } from "./namespace.ts";
import { ARCHIVED_REFERENCE_SERVERS, REFERENCE_REPOS } from "./reference_servers.ts";
import type { CatalogServer, VendorEvidence } from "../model/server.ts";
import { asciiWords } from "../model/text.ts";

/** Default location of the vendor accounts table. */
export const VENDOR_ACCOUNTS_URL: URL = new URL(
  "../../data/vendor_accounts.json",
  import.meta.url,
);

/** Shape of `data/vendor_accounts.json`. */
const VendorAccountsFile = z.object({
  about: z.string(),
  accounts: z.record(z.string(), z.array(z.string())),
});

/**
 * Words too general to name a vendor's product: a server called "memory" or "filesystem" is for
 * no vendor's product, whoever publishes it.
 */
const GENERIC_WORDS = new Set(
  ("mcp server servers client model context protocol official unofficial the for and with api apis " +
    "sdk tool tools toolkit kit utils util agent agents assistant bot chat memory memories file files " +
    "filesystem fetch time search web browser database db sql shell terminal email mail calendar " +
    "weather todo todos notes note docs doc documentation code data ai llm llms gpt sequential " +
    "thinking everything demo test example sample hello world hub integration integrations plugin " +
    "connector bridge proxy gateway manager management simple basic lite plus pro free open source " +
    "python node nodejs typescript javascript rust java go golang remote local http stdio sse cli " +
    "app apps service services platform cloud news image images video audio music crypto finance " +
    "stock stocks market markets analytics monitoring dev developer git repo repos project projects " +
    "knowledge graph vector rag workflow workflows automation task tasks")
    .split(" "),
);

/**
 * Catalogs and hosting platforms that republish other people's servers under their own names
 * (`ai.smithery/smithery-notion`): their brand in a server's name does not make them the vendor
 * of the product, unless it is the only product word left.
 */
const HOSTING_BRANDS = new Set([
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
  "klavis",
  "mcpso",
  "tooloracle",
  "mcpmarket",
]);

/**
 * Affixes vendors put around their product name in account names (`getsentry`, `awslabs`,
 * `tavily-ai`). Words that anyone adds to a product's name for a project of their own (`mcp`,
 * `cloud`, `api`, `hub`, `app`) are not affixes: `postgres-mcp` is nobody's vendor account.
 */
const ACCOUNT_AFFIXES = [
  "get",
  "use",
  "try",
  "join",
  "make",
  "hq",
  "inc",
  "labs",
  "lab",
  "ai",
  "dev",
  "io",
  "official",
  "oss",
  "org",
  "team",
  "corp",
  "js",
  "community",
  "contrib",
  "core",
];

/**
 * Domains under which anybody hosts a site or endpoint (`user.github.io`, `app.vercel.app`): a
 * remote on them says nothing about the product's vendor.
 */
const SHARED_HOST_SUFFIXES = [
  "github.io",
  "gitlab.io",
  "vercel.app",
  "netlify.app",
  "herokuapp.com",
  "workers.dev",
  "pages.dev",
  "onrender.com",
  "fly.dev",
  "railway.app",
  "up.railway.app",
  "deno.dev",
  "deno.net",
  "azurewebsites.net",
  "azurecontainerapps.io",
  "cloudfunctions.net",
  "run.app",
  "appspot.com",
  "web.app",
  "firebaseapp.com",
  "replit.app",
  "repl.co",
  "glitch.me",
  "ngrok.io",
  "ngrok-free.app",
  "ngrok.app",
  "trycloudflare.com",
  "modal.run",
  "amazonaws.com",
  "smithery.ai",
  "lambda-url.us-east-1.on.aws",
];

/** True when a host is under a domain where anybody can host (see {@link SHARED_HOST_SUFFIXES}). */
function _sharedHost(host: string): boolean {
  return SHARED_HOST_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** Vendor accounts whose names differ from their products, loaded from a JSON table. */
export class VendorRules {
  readonly #accounts: Map<string, Set<string>>;

  /**
   * @param accounts account (lowercase) → product words it publishes servers for
   */
  constructor(accounts: Map<string, Set<string>> = new Map()) {
    this.#accounts = accounts;
  }

  /**
   * Reads `data/vendor_accounts.json` (or another file of that shape).
   *
   * @param url the table
   * @returns the rules
   * @throws {TypeError} when the file does not have the documented shape (see `loadJsonData`)
   */
  static async load(url: URL = VENDOR_ACCOUNTS_URL): Promise<VendorRules> {
    const file = await loadJsonData(url, VendorAccountsFile, "vendor accounts");
    return new VendorRules(
      new Map(
        Object.entries(file.accounts).map((
          [account, words],
        ) => [account.toLowerCase(), new Set(words.map((w) => w.toLowerCase()))]),
      ),
    );
  }

  /**
   * The product word an account is the vendor's account for, if any: the table's entry, or the
   * account named after the word (alone or with an {@link ACCOUNT_AFFIXES} affix).
   *
   * @param account a code-host account or npm scope, e.g. `"getsentry"`
   * @param words the server's product words
   * @returns the matching product word, e.g. `"sentry"`, or `undefined`
   */
  accountFor(account: string, words: ReadonlySet<string>): string | undefined {
    const listed = this.#accounts.get(account.toLowerCase());
    if (listed) {
      for (const w of words) if (listed.has(w)) return w;
    }
    const key = account.toLowerCase().replace(/[^a-z0-9]/g, "");
    for (const w of words) {
      // A catalog's own account publishes other people's servers (smithery-ai/mcp-servers).
      if (HOSTING_BRANDS.has(w)) continue;
      if (key === w) return w;
      for (const affix of ACCOUNT_AFFIXES) {
        if (key === affix + w || key === w + affix) return w;
      }
    }
    return undefined;
  }
}

/** Splits a name into lowercase ASCII words at non-alphanumerics. */
function _words(text: string): string[] {
  // Not split at camelCase: brands are written that way (HubSpot, GitHub, PostHog).
  return asciiWords(text);
}

/**
 * The words that may name the product a server is for: from its title (without an `owner/`
 * prefix), repository name, monorepo folder, the name part of its registry names and its package
 * names (without scope, registry path or version). Generic words, words under 3 characters and
 * hosting platforms' brands (unless nothing else is left) are dropped.
 *
 * @param server a merged server
 * @returns lowercase words, e.g. `{"figma"}` for "Figma MCP Server"
 */
export function productWords(
  server: Pick<
    CatalogServer,
    "title" | "repositoryUrl" | "subfolder" | "officialNames" | "packages"
  >,
): Set<string> {
  let title = server.title.includes("/") ? server.title.split("/").pop()! : server.title;
  // A title made from the registry name (`io-github-acme-tool`, `ci-git-acme`) starts with the
  // namespace's labels, which are no product's name.
  for (const name of server.officialNames) {
    const labels = _words(name.split("/")[0] ?? "");
    const words = _words(title);
    if (labels.length > 0 && labels.every((l, i) => words[i] === l)) {
      title = words.slice(labels.length).join(" ");
      break;
    }
  }
  const texts = [title];
  const repo = repoOwner(server.repositoryUrl);
  if (repo?.repo) texts.push(repo.repo);
  if (server.subfolder) texts.push(server.subfolder.split("/").pop() ?? "");
  for (const n of server.officialNames) texts.push(n.split("/").slice(1).join(" "));
  for (const p of server.packages) {
    texts.push(p.identifier.replace(/:[^/:]+$/, "").replace(/(.)@[^@/]+$/, "$1").split("/").pop()!);
  }
  // Catalogs name listings with a slug `{owner}-{repo}` (`ai-smithery-acme-dev-tool`): then the
  // owner's name is a product word only when the repository's own name carries it too. A title
  // written as words ("HubSpot MCP Server" by hubspot) names the product.
  const slugTitle = /^[a-z0-9]+(?:[-_.][a-z0-9]+)+$/.test(server.title.trim());
  const owner = slugTitle ? repo?.owner.replace(/[^a-z0-9]/g, "") : undefined;
  const inRepo = new Set(_words(repo?.repo ?? ""));
  const all = new Set(
    texts.flatMap(_words).filter((w) =>
      w.length >= 3 && !GENERIC_WORDS.has(w) && (w !== owner || inRepo.has(w))
    ),
  );
  const own = new Set([...all].filter((w) => !HOSTING_BRANDS.has(w)));
  return own.size > 0 ? own : all;
}

/**
 * Every piece of evidence that the product's vendor publishes this server (see the module doc).
 *
 * @param server a merged server (its `sources`, `officialNames`, repository, packages, remotes)
 * @param rules vendor accounts
 * @returns the evidence, empty when there is none
 */
export function vendorEvidence(server: CatalogServer, rules: VendorRules): VendorEvidence[] {
  const out: VendorEvidence[] = [];
  const words = productWords(server);
  if (server.sources.some((s) => s.source === "mcp-io-official")) {
    // The list names the vendor's own server; its product is what the title says (an
    // integration platform's registry names list the products it connects, not its own).
    const titled = productWords({
      title: server.title,
      repositoryUrl: null,
      officialNames: [],
      packages: [],
    });
    out.push({
      kind: "vendor_list",
      detail: "named by the modelcontextprotocol.io official-integrations list",
      product: [...titled].join(" "),
    });
  }
  const repo = repoOwner(server.repositoryUrl);
  const scopes = server.packages
    .filter((p) => p.registryType === "npm" && p.identifier.startsWith("@"))
    .map((p) => p.identifier.slice(1).split("/")[0]!.toLowerCase());
  const remoteHosts = server.remotes.map((r) => hostOf(r.url)).filter((h): h is string =>
    h !== undefined
  );
  for (const name of server.officialNames) {
    const ns = registryNamespace(name);
    if (ns.kind === "account") {
      const word = rules.accountFor(ns.owner, words);
      if (word !== undefined) {
        out.push({
          kind: "namespace_owner",
          detail: `registry namespace io.${
            ns.host.split(".")[0]
          }.${ns.owner} (verified by login) is the account of the vendor of "${word}"`,
          product: word,
        });
      }
    } else if (ns.kind === "domain") {
      const brand = brandOfDomain(ns.domain);
      if (brand.length < 2) continue;
      // A catalog's own namespace (ai.smithery/…) republishes other people's servers.
      const host = HOSTING_BRANDS.has(brand);
      // The vendor's brand names its product unless it is a generic word (`git.ci`).
      const own = brand.length >= 3 && !GENERIC_WORDS.has(brand) ? brand : "";
      const brandSet = new Set([brand]);
      const named = host ? undefined : words.has(brand) ? brand : rules.accountFor(brand, words);
      if (named !== undefined) {
        out.push({
          kind: "namespace_domain",
          detail: `registry namespace ${ns.domain} (verified by DNS) is the product's own domain`,
          product: named,
        });
      } else if (host) {
        continue;
      } else if (repo && rules.accountFor(repo.owner, brandSet) !== undefined) {
        out.push({
          kind: "namespace_domain",
          detail:
            `registry namespace ${ns.domain} (verified by DNS) and repository owner ${repo.owner} are the same vendor`,
          product: own,
        });
      } else if (scopes.some((s) => rules.accountFor(s, brandSet) !== undefined)) {
        out.push({
          kind: "namespace_domain",
          detail:
            `registry namespace ${ns.domain} (verified by DNS) and the npm scope are the same vendor`,
          product: own,
        });
      } else if (remoteHosts.some((h) => h === ns.domain || h.endsWith(`.${ns.domain}`))) {
        out.push({
          kind: "namespace_domain",
          detail:
            `registry namespace ${ns.domain} (verified by DNS) and the remote endpoint's host are the same vendor`,
          product: own,
        });
      }
    }
  }
  if (repo) {
    const word = rules.accountFor(repo.owner, words);
    if (word !== undefined) {
      out.push({
        kind: "repository_owner",
        detail: `repository owner ${repo.owner} is the account of the vendor of "${word}"`,
        product: word,
      });
    }
  }
  for (const scope of new Set(scopes)) {
    const word = rules.accountFor(scope, words);
    if (word !== undefined) {
      out.push({
        kind: "package_scope",
        detail: `npm scope @${scope} belongs to the vendor of "${word}"`,
        product: word,
      });
    }
  }
  for (const host of new Set(remoteHosts)) {
    if (_sharedHost(host)) continue;
    const brand = brandOfDomain(host);
    if (words.has(brand) && !HOSTING_BRANDS.has(brand)) {
      out.push({
        kind: "remote_domain",
        detail: `remote endpoint hosted on ${host}, the domain of "${brand}"`,
        product: brand,
      });
    }
  }
  return out;
}

/**
 * Reference and archive status of a server.
 *
 * @param server a merged server
 * @returns `reference`: the server is a folder of the reference monorepo (or its archive);
 *   `archived`: moved to `servers-archived`, registry status `deprecated`, or titled "(Archived)"
 */
export function referenceStatus(server: CatalogServer): { reference: boolean; archived: boolean } {
  const repo = server.repositoryUrl?.replace(/^https:\/\//, "").toLowerCase();
  const folder = server.subfolder?.split("/").pop()?.toLowerCase();
  const reference = repo !== undefined && REFERENCE_REPOS.has(repo) && folder !== undefined;
  const archived = (reference &&
    (repo!.endsWith("-archived") || ARCHIVED_REFERENCE_SERVERS.has(folder!))) ||
    server.status?.toLowerCase() === "deprecated" || /\(archived\)/i.test(server.title);
  return { reference, archived };
}

/** Counts of {@link applyVendorFlags}, stored in the ingest report. */
export interface VendorFlagStats {
  /** Servers listed in the official MCP registry. */
  inOfficialRegistry: number;
  /** Servers with at least one piece of vendor evidence. */
  vendorOfficial: number;
  /** Servers per evidence kind (a server may count under several). */
  byEvidence: Record<string, number>;
  /** Reference servers, and those of them (or others) archived. */
  reference: number;
  archived: number;
}

/**
 * Sets `vendorOfficial`, `vendorEvidence`, `reference` and `archived` on every server.
 *
 * @param servers merged servers (changed in place)
 * @param rules vendor accounts
 * @returns counts for the ingest report
 */
export function applyVendorFlags(servers: CatalogServer[], rules: VendorRules): VendorFlagStats {
  const stats: VendorFlagStats = {
    inOfficialRegistry: 0,
    vendorOfficial: 0,
    byEvidence: {},
    reference: 0,
    archived: 0,
  };
  for (const s of servers) {
    const evidence = vendorEvidence(s, rules);
    s.vendorOfficial = evidence.length > 0;
    if (evidence.length > 0) s.vendorEvidence = evidence;
    else delete s.vendorEvidence;
    const { reference, archived } = referenceStatus(s);
    if (reference) s.reference = true;
    if (archived) s.archived = true;
    if (s.officialNames.length > 0) stats.inOfficialRegistry++;
    if (s.vendorOfficial) stats.vendorOfficial++;
    for (const kind of new Set(evidence.map((e) => e.kind))) {
      stats.byEvidence[kind] = (stats.byEvidence[kind] ?? 0) + 1;
    }
    if (reference) stats.reference++;
    if (archived) stats.archived++;
  }
  return stats;
}
