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
import {
  brandOfDomain,
  HOSTING_BRANDS,
  hostOf,
  isHostingHandle,
  registryNamespace,
  repoOwner,
} from "./namespace.ts";
import { handleKey, ProductIndex, publisherKey } from "./product_index.ts";
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
   * True when the table lists the account as the vendor of the product word
   * (`microsoft` → `playwright`).
   *
   * @param account a code-host account, npm scope or domain brand
   * @param word a product word
   */
  listed(account: string, word: string): boolean {
    return this.#accounts.get(account.toLowerCase())?.has(word) ?? false;
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
  // A trailing parenthesis names a publisher, a language or an edition ("Reddit MCP Server
  // (adhikasp)", "Syncline (Go)"), never the product.
  const bare = server.title.replace(/\s*\([^()]*\)\s*$/, "") || server.title;
  let title = bare.includes("/") ? bare.split("/").pop()! : bare;
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
 * Words in a server's names that make it a generic tool rather than a server for one product:
 * lists, frameworks, SDKs, templates, demos, proxies and gateways get no vendor badge whoever
 * publishes them.
 */
const GENERIC_KINDS = new Set(
  ("awesome list lists framework sdk boilerplate template templates starter scaffold skeleton " +
    "example examples sample samples demo demos tutorial tutorials playground proxy gateway " +
    "aggregator bridge cookbook course workshop beginners hackathon quickstart quickstarts " +
    "adapter adapters client libs lib library")
    .split(" "),
);

/**
 * A description saying the project is a library for building servers ("Official Vercel adapter
 * for easily spinning up MCP servers"), not a server for a product.
 */
const _BUILDER =
  /\b(framework|library|sdk|adapter|boilerplate|template|starter kit)\b[^.]{0,40}\b(?:to |for )(?:easily |quickly )?(?:build|create|spin|writ|develop|scaffold)|\b(example|sample|demo|showcase)\s+(?:app|application|project|dataset)\b|\b(?:a\s+)?(curated|awesome)\s+list\b/i;

/** Accounts that mirror other people's repositories (`mcp-mirror/{owner}_{repo}`). */
const _MIRRORS = new Set(["mcpmirror"]);

/** Sources whose repository URLs alone do not tie a publisher (see `_handles`). */
const _UNSURE_REPOSITORY_SOURCES = new Set(["ever-works"]);

/** False when only an unsure source gives the repository and nothing else backs the entry. */
function _repositoryCorroborated(server: CatalogServer): boolean {
  return server.sources.some((r) => !_UNSURE_REPOSITORY_SOURCES.has(r.source)) ||
    server.officialNames.length + server.packages.length + server.remotes.length > 0;
}

/** Code hosts and catalogs: a handle there is an account, not a product's domain. */
const NOT_PRODUCT_DOMAINS = new Set(["github", "gitlab", "npmjs", "pypi", "bitbucket", "docker"]);

/** Which badge a server earns: see {@link classifyPublisher}. */
export type PublisherBadge = "vendorOfficial" | "firstParty";

/** What {@link classifyPublisher} decided for one server, and why. */
export interface PublisherVerdict {
  /** The badge, or `null` for none. */
  badge: PublisherBadge | null;
  /** The product word the badge is for, e.g. `"notion"` (absent without a badge). */
  product?: string;
  /** The evidence: how the publisher is tied to the product, and that the product is theirs. */
  evidence: VendorEvidence[];
  /** One sentence on the decision, e.g. `"integrates notion, whose vendor is makenotion"`. */
  note: string;
}

/** Where a publisher handle was read from, for the evidence's wording. */
interface _Handle {
  handle: string;
  kind:
    | "repository_owner"
    | "namespace_owner"
    | "namespace_domain"
    | "package_scope"
    | "remote_domain";
  detail: string;
}

/** Every handle of a server's publisher with where it was read from. */
function _handles(server: CatalogServer): _Handle[] {
  const out: _Handle[] = [];
  const repo = repoOwner(server.repositoryUrl);
  // A repository only ever-works states, on an entry with nothing else (no registry name,
  // package or endpoint), ties no publisher: hand labels found ever-works repository URLs that do
  // not exist (`puppeteer/mcp-server-puppeteer`, `pinecone-io/pinecone-mcp-server`).
  const corroborated = _repositoryCorroborated(server);
  if (repo && corroborated) {
    out.push({
      handle: repo.owner,
      kind: "repository_owner",
      detail: `repository owner ${repo.owner}`,
    });
  }
  for (const name of server.officialNames) {
    const ns = registryNamespace(name);
    if (ns.kind === "account") {
      out.push({
        handle: ns.owner,
        kind: "namespace_owner",
        detail: `registry namespace io.${ns.host.split(".")[0]}.${ns.owner} (verified by login)`,
      });
    } else if (ns.kind === "domain") {
      const brand = brandOfDomain(ns.domain);
      // `dev.workers.someone/...` proves control of someone.workers.dev, not of workers.dev.
      if (brand.length >= 2 && !_sharedHost(ns.domain)) {
        out.push({
          handle: brand,
          kind: "namespace_domain",
          detail: `registry namespace ${ns.domain} (verified by DNS)`,
        });
      }
    }
  }
  for (const p of server.packages) {
    if (p.registryType === "npm" && p.identifier.startsWith("@")) {
      const scope = p.identifier.slice(1).split("/")[0]!.toLowerCase();
      if (!out.some((h) => h.kind === "package_scope" && h.handle === scope)) {
        out.push({ handle: scope, kind: "package_scope", detail: `npm scope @${scope}` });
      }
    }
  }
  for (const r of server.remotes) {
    const host = hostOf(r.url);
    if (host === undefined || _sharedHost(host)) continue;
    const brand = brandOfDomain(host);
    if (
      brand.length >= 2 && !NOT_PRODUCT_DOMAINS.has(brand) && !out.some((h) => h.handle === brand)
    ) {
      out.push({ handle: brand, kind: "remote_domain", detail: `remote endpoint on ${host}` });
    }
  }
  return out.filter((h) => !isHostingHandle(h.handle));
}

/** Raw words of a server's own names (title, repository, folder, registry names). */
function _nameWords(server: CatalogServer): Set<string> {
  const repo = repoOwner(server.repositoryUrl);
  return new Set(
    [server.title, repo?.repo ?? "", server.subfolder ?? "", ...server.officialNames]
      .flatMap(_words),
  );
}

/** Words the publisher's handles name (by the vendor table or an account named after them). */
function _ownWords(
  words: ReadonlySet<string>,
  handles: _Handle[],
  rules: VendorRules,
): Set<string> {
  const own = new Set<string>();
  for (const w of words) {
    if (handles.some((h) => rules.accountFor(h.handle, new Set([w])) === w)) own.add(w);
  }
  return own;
}

/**
 * Builds the catalog-wide {@link ProductIndex}: for every product word, the publishers that name
 * it (less their own handle words) and the publishers with strong evidence of being its vendor
 * (the vendor table, a DNS-verified namespace of its domain, the official-integrations list).
 *
 * @param servers every merged server
 * @param rules vendor accounts
 * @returns the index
 */
export function buildProductIndex(
  servers: readonly CatalogServer[],
  rules: VendorRules,
): ProductIndex {
  const index = new ProductIndex();
  for (const s of servers) {
    const key = publisherKey(s);
    const handles = _handles(s);
    const words = productWords(s);
    const own = _ownWords(words, handles, rules);
    // Only publishers of their own: a mirror, a gateway's re-listing or a listing without a
    // repository or registry name repeats someone else's server and says nothing about whether
    // others integrate a product.
    const independent = key !== undefined && !isHostingHandle(key) && !_MIRRORS.has(key) &&
      (s.repositoryUrl !== null || s.officialNames.length > 0);
    if (independent) index.addNamed(key, [...words].filter((w) => !own.has(w)));
    const domains = handles.filter((x) => x.kind === "namespace_domain");
    for (const h of new Set(domains.map((x) => handleKey(x.handle)))) index.addNamespaceEntry(h);
    for (const w of own) {
      for (const h of handles) {
        if (
          rules.listed(h.handle, w) || (h.kind === "namespace_domain" && handleKey(h.handle) === w)
        ) {
          index.addVendor(w, handleKey(h.handle));
        }
      }
      const listed = _listedOwner(s);
      if (listed !== undefined && rules.accountFor(listed, new Set([w])) === w) {
        index.addVendor(w, handleKey(listed));
      }
    }
  }
  return index;
}

/** The repository owner an official-integrations list record of the server names, if any. */
function _listedOwner(server: CatalogServer): string | undefined {
  const ref = server.sources.find((r) => r.source === "mcp-io-official");
  if (ref === undefined) return undefined;
  return repoOwner(ref.sourceId.replace(/^https?:\/\//, ""))?.owner ??
    repoOwner(server.repositoryUrl)?.owner;
}

/**
 * Decides whether a server earns a publisher badge, from evidence about the product it
 * integrates (see the module doc for the rules and their order).
 *
 * @param server a merged server
 * @param rules vendor accounts
 * @param index the catalog-wide product index ({@link buildProductIndex})
 * @returns the badge (or `null`), its product, the evidence and a one-sentence reason
 */
export function classifyPublisher(
  server: CatalogServer,
  rules: VendorRules,
  index: ProductIndex,
): PublisherVerdict {
  const handles = _handles(server);
  const keys = [...new Set(handles.map((h) => handleKey(h.handle)))];
  const none = (note: string): PublisherVerdict => ({ badge: null, evidence: [], note });
  if (handles.length === 0) {
    return none(
      server.repositoryUrl !== null && !_repositoryCorroborated(server)
        ? "only ever-works gives its repository, which alone does not say who publishes it"
        : "no source says who publishes it",
    );
  }
  const words = productWords(server);
  const own = _ownWords(words, handles, rules);
  const foreign = [...words].filter((w) => !own.has(w) && !HOSTING_BRANDS.has(w));
  const ownVendor = (w: string) => keys.some((k) => index.vendorsOf(w).has(k));

  // 1. A generic tool, or someone else's product: the server integrates it, whoever else it names.
  const generic = [..._nameWords(server)].find((w) => GENERIC_KINDS.has(w)) ??
    // A repository named like a language binding (`teams.ts`, `openai.js`): an SDK.
    /\.(?:ts|js|py|go|rs|net)$/.exec(repoOwner(server.repositoryUrl)?.repo ?? "")?.[0] ??
    (() => {
      const m = _BUILDER.exec(server.description);
      return (m?.[1] ?? m?.[2] ?? m?.[3])?.toLowerCase();
    })();
  if (generic !== undefined) {
    return none(`a generic tool ("${generic}"), not a server for one product`);
  }

  for (const w of foreign) {
    const vendors = index.vendorsOf(w);
    if (vendors.size > 0 && !keys.some((k) => vendors.has(k))) {
      return none(`integrates ${w}, whose vendor is ${[...vendors].sort().join(" or ")}`);
    }
  }
  const popular = foreign.filter((w) => index.others(w, keys) >= 3);
  if (popular.length > 0 && ![...own].some(ownVendor)) {
    return none(
      `integrates ${
        popular.join(", ")
      }, which other publishers integrate too; the publisher is not its vendor`,
    );
  }

  // 2. The product: a word the publisher's handles name, else the brand of its verified domain.
  const candidates = [...own];
  if (candidates.length === 0) {
    for (const h of handles) {
      const k = handleKey(h.handle);
      if (h.kind === "namespace_domain" && k.length >= 3 && !GENERIC_WORDS.has(k)) {
        candidates.push(k);
      }
    }
  }
  if (candidates.length === 0) return none("nothing in its names is a product of its publisher");

  // 3. Evidence that the product is the publisher's own product or service.
  const remoteHosts = server.remotes.map((r) => hostOf(r.url))
    .filter((h): h is string => h !== undefined && !_sharedHost(h));
  const listedOwner = _listedOwner(server);
  for (const product of candidates) {
    const proof: VendorEvidence[] = [];
    for (const h of handles) {
      if (rules.listed(h.handle, product)) {
        proof.push({
          kind: "vendor_table",
          detail: `${h.handle} publishes ${product} (data/vendor_accounts.json)`,
          product,
        });
      }
      if (
        h.kind === "namespace_domain" && rules.accountFor(h.handle, new Set([product])) === product
      ) {
        proof.push({
          kind: "namespace_domain",
          detail: `${h.detail} is the domain of ${product}`,
          product,
        });
      }
    }
    for (const host of new Set(remoteHosts)) {
      const brand = brandOfDomain(host);
      if (
        !HOSTING_BRANDS.has(brand) && !NOT_PRODUCT_DOMAINS.has(brand) &&
        rules.accountFor(brand, new Set([product])) === product
      ) {
        proof.push({
          kind: "remote_domain",
          detail: `remote endpoint on ${host}, the domain of ${product}`,
          product,
        });
      }
    }
    if (
      listedOwner !== undefined && rules.accountFor(listedOwner, new Set([product])) === product
    ) {
      proof.push({
        kind: "vendor_list",
        detail:
          `the modelcontextprotocol.io official-integrations list names ${listedOwner}'s server`,
        product,
      });
    }
    const others = index.others(product, keys);
    // A name with "mcp" in it (`easymcp`, `fastmcp`) is an MCP project's own name, and a name
    // collision among such projects proves no product.
    if (product.length >= 4 && others >= 2 && !product.includes("mcp")) {
      proof.push({
        kind: "known_product",
        detail:
          `${others} other publishers have servers for ${product}: it is a product, and these are its vendor's accounts`,
        product,
      });
    }
    if (proof.length === 0) continue;
    // The registry authenticated who published the entry: when that namespace is not the
    // product's vendor, someone else registered the vendor's repository.
    const registered = handles.filter((h) =>
      h.kind === "namespace_owner" || h.kind === "namespace_domain"
    );
    if (
      registered.length > 0 &&
      !registered.some((h) => rules.accountFor(h.handle, new Set([product])) === product)
    ) {
      return none(
        `registered in the official registry under ${
          registered[0]!.detail.replace(/^registry namespace /, "")
        }, not the namespace of ${product}'s vendor`,
      );
    }
    // Many servers under one domain, each for another subject: a catalog of wrappers, not the
    // company's server for its own service.
    const domain = handles.find((h) =>
      h.kind === "namespace_domain" && handleKey(h.handle) === product
    );
    if (own.size === 0 && foreign.length > 0 && domain !== undefined) {
      const siblings = index.namespaceSize(product);
      if (siblings >= 5) {
        return none(
          `one of ${siblings} servers under ${
            domain.detail.replace(/^registry namespace /, "").replace(/ \(.*$/, "")
          }, each for another subject (${foreign.join(", ")}): wrappers, not its own service`,
        );
      }
    }
    const ties: VendorEvidence[] = handles
      .filter((h) =>
        h.kind !== "remote_domain" && rules.accountFor(h.handle, new Set([product])) === product
      )
      .map((h) => ({ kind: h.kind, detail: `${h.detail} is ${product}'s vendor`, product }));
    // A product other servers are for alone (`notion-mcp`), or a table entry: a user choosing
    // among them learns which is the vendor's. A word other names merely contain (`storage`) is
    // no such product.
    const established = (index.others(product, keys, true) >= 2 && !product.includes("mcp")) ||
      proof.some((e) => e.kind === "vendor_table");
    return {
      badge: established ? "vendorOfficial" : "firstParty",
      product,
      evidence: [...ties.filter((t) => !proof.some((e) => e.kind === t.kind)), ...proof],
      note: established
        ? `published by the vendor of ${product}, a product other servers integrate too`
        : `the company's server for its own service, ${product}`,
    };
  }
  return none(
    `the publisher's handle names ${
      candidates.join(", ")
    }, but nothing shows it is a product or service ` +
      "(no verified domain, remote on its domain, official list or other servers for it)",
  );
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
  /** Servers published by the vendor of a product others integrate too. */
  vendorOfficial: number;
  /** Servers that are a company's server for its own service. */
  firstParty: number;
  /** Badged servers per evidence kind (a server may count under several). */
  byEvidence: Record<string, number>;
  /** Servers without a badge per reason (the first words of the verdict's note). */
  noBadge: Record<string, number>;
  /** Reference servers, and those of them (or others) archived. */
  reference: number;
  archived: number;
}

/** The reason class of a verdict without a badge, for the ingest report. */
function _reasonClass(note: string): string {
  if (note.startsWith("integrates") && note.includes("whose vendor")) return "other_vendor_product";
  if (note.startsWith("integrates")) return "integrates_popular_product";
  if (note.startsWith("a generic tool")) return "generic_tool";
  if (note.startsWith("no source")) return "no_publisher";
  if (note.startsWith("only ever-works")) return "unsure_repository";
  if (note.startsWith("nothing in its names")) return "no_product";
  return "no_product_evidence";
}

/**
 * Sets `vendorOfficial`, `firstParty`, `vendorEvidence`, `publisherNote`, `reference` and
 * `archived` on every server, from {@link classifyPublisher} over the catalog-wide
 * {@link buildProductIndex}.
 *
 * @param servers merged servers (changed in place)
 * @param rules vendor accounts
 * @returns counts for the ingest report
 */
export function applyVendorFlags(servers: CatalogServer[], rules: VendorRules): VendorFlagStats {
  const stats: VendorFlagStats = {
    inOfficialRegistry: 0,
    vendorOfficial: 0,
    firstParty: 0,
    byEvidence: {},
    noBadge: {},
    reference: 0,
    archived: 0,
  };
  const index = buildProductIndex(servers, rules);
  for (const s of servers) {
    const verdict = classifyPublisher(s, rules, index);
    s.vendorOfficial = verdict.badge === "vendorOfficial";
    if (verdict.badge === "firstParty") s.firstParty = true;
    else delete s.firstParty;
    if (verdict.evidence.length > 0) s.vendorEvidence = verdict.evidence;
    else delete s.vendorEvidence;
    s.publisherNote = verdict.note;
    const { reference, archived } = referenceStatus(s);
    if (reference) s.reference = true;
    if (archived) s.archived = true;
    if (s.officialNames.length > 0) stats.inOfficialRegistry++;
    if (s.vendorOfficial) stats.vendorOfficial++;
    if (s.firstParty) stats.firstParty++;
    if (verdict.badge === null) {
      const c = _reasonClass(verdict.note);
      stats.noBadge[c] = (stats.noBadge[c] ?? 0) + 1;
    }
    for (const kind of new Set(verdict.evidence.map((e) => e.kind))) {
      stats.byEvidence[kind] = (stats.byEvidence[kind] ?? 0) + 1;
    }
    if (reference) stats.reference++;
    if (archived) stats.archived++;
  }
  return stats;
}
