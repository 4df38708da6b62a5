/**
 * The packages of a merged MCP server: every package any of its sources lists, once each, as
 * long as the package belongs to the server.
 *
 * A server's sources often list different packages: the official registry record an OCI image,
 * a community list the npm package, another list an old package of the same name. Taking only
 * the highest-priority source's list (as the merge did before) hid the npm package behind the
 * image and kept wrong packages whenever that source was wrong. Here the lists are united (the
 * highest-priority copy of a package wins, keeping its declarations) and each package records
 * its `source`.
 *
 * Belonging ({@link packageBelongs}): a package from the server's own official registry record is
 * verified by the registry (npm `mcpName`, PyPI/NuGet README marker, OCI label), and a Docker
 * catalog image is built by Docker from the server's repository, so both are kept. A package
 * from any other source is kept only when its identifier matches the repository: an npm scope or
 * image namespace that names the repository's owner or product (`@upstash/context7-mcp` for
 * `upstash/context7`, `@notionhq/...` for `makenotion/notion-mcp-server`), or a name sharing a
 * distinctive word with the repository or its monorepo folder (`firecrawl-mcp` for
 * `firecrawl/firecrawl-mcp-server`, `mcp-server-fetch` for `.../servers/src/fetch`), or a name
 * equal to the repository's or folder's whatever the scope (`@author/pdf-reader-mcp` for
 * `org/pdf-reader-mcp`: authors often publish under their own npm scope). A match on
 * the owner alone is not enough for an unscoped name (anyone can publish `aws-labs` on PyPI), and
 * a scope naming another organisation is refused (`@modelcontextprotocol/server-github` is not
 * `github/github-mcp-server`). Without a repository there is nothing to check against, and the
 * package is kept.
 *
 * Inputs no source declares for a few reference packages (the filesystem server's allowed
 * directory, the PostgreSQL server's database URL, ...) are completed from
 * `data/package_inputs.json`, written from each package's README ({@link completePackage}).
 *
 * @module
 */
import PACKAGE_INPUTS from "../../data/package_inputs.json" with { type: "json" };
import {
  packageKey,
  type RefusedPackage,
  type ServerInput,
  type ServerPackage,
} from "../model/server.ts";
import { SOURCE_INFOS } from "./sources/mod.ts";
import type { SourceServer } from "./types.ts";

/**
 * True for a source whose packages are verified as the server's own (`verifiesPackages` in the
 * source registry; see the module comment).
 *
 * @param source a source id, e.g. `"docker"`
 * @returns whether its packages are kept without the repository check
 */
export function verifiesPackages(source: string): boolean {
  return SOURCE_INFOS.get(source)?.verifiesPackages === true;
}

/** Words that say nothing about which project a name belongs to. */
const _GENERIC = new Set([
  "mcp",
  "server",
  "servers",
  "model",
  "context",
  "protocol",
  "modelcontextprotocol",
  "the",
  "js",
  "ts",
  "py",
  "node",
  "nodejs",
  "python",
  "npm",
  "pypi",
  "official",
  "ai",
  "tool",
  "tools",
  "api",
  "sdk",
  "cli",
  "app",
  "plugin",
  "main",
  "core",
  "lib",
  "src",
  "packages",
  "integration",
  "client",
  "go",
  "rs",
  "rust",
  "docker",
  "image",
  "dev",
  "io",
  "com",
  "org",
  "hq",
  "labs",
  "inc",
]);

/** Lowercase words of a name: split on punctuation and camelCase. */
function _words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/** Distinctive words (at least 3 characters, not generic). */
function _distinct(text: string): string[] {
  return _words(text).filter((w) => w.length >= 3 && !_GENERIC.has(w));
}

/** Letters and digits only, lowercase: `Aws-Labs` → `awslabs`. */
function _compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The namespace (npm scope, image owner) and name of a package identifier. */
function _parts(pkg: Pick<ServerPackage, "registryType" | "identifier">): {
  namespace: string | null;
  name: string;
} {
  const id = packageKey(pkg).slice(pkg.registryType.length + 1);
  if (pkg.registryType === "npm") {
    const m = /^@([^/]+)\/(.+)$/.exec(id);
    return m ? { namespace: m[1]!, name: m[2]! } : { namespace: null, name: id };
  }
  if (pkg.registryType === "oci") {
    const segments = id.split("/");
    // Drop a registry host (`ghcr.io`, `quay.io`, `registry.example.com:5000`).
    if (segments.length > 1 && /[.:]/.test(segments[0]!)) segments.shift();
    const name = segments.pop() ?? id;
    const namespace = segments.length > 0 ? segments.join("/") : null;
    // `mcp/<name>` is Docker Hub's MCP namespace, not an owner.
    return { namespace: namespace === "mcp" ? null : namespace, name };
  }
  return { namespace: null, name: id };
}

/**
 * True when a package belongs to the project at a repository (see the module comment): its
 * namespace names the owner or the product, or its name shares a distinctive word with the
 * repository name or monorepo folder.
 *
 * @example
 * ```ts
 * packageBelongs({ registryType: "pypi", identifier: "aws-labs" }, "https://github.com/awslabs/mcp"); // false
 * packageBelongs({ registryType: "npm", identifier: "@notionhq/notion-mcp-server" },
 *   "https://github.com/makenotion/notion-mcp-server"); // true
 * ```
 *
 * @param pkg the package
 * @param repositoryUrl the server's normalized repository URL (`https://host/owner/repo`), or
 *   `null` when it has none
 * @param subfolder the server's monorepo folder, if any
 * @returns whether the package belongs (always true without a repository)
 */
export function packageBelongs(
  pkg: Pick<ServerPackage, "registryType" | "identifier">,
  repositoryUrl: string | null,
  subfolder?: string,
): boolean {
  if (repositoryUrl === null) return true;
  const path = repositoryUrl.replace(/^https?:\/\/[^/]+\//, "").split("/");
  const owner = path[0] ?? "";
  const repo = path[1] ?? "";
  const folder = subfolder?.split("/").pop() ?? "";
  const product = new Set([..._distinct(repo), ..._distinct(folder)]);
  const { namespace, name } = _parts(pkg);
  // The same name as the repository or its folder (`@author/pdf-reader-mcp` for
  // `org/pdf-reader-mcp`, `mcp-hn` for `erithwik/mcp-hn`).
  const nameC = _compact(name);
  if (nameC.length >= 4 && (nameC === _compact(repo) || nameC === _compact(folder))) return true;
  if (namespace !== null) return _namespaceNames(namespace, owner, product);
  return _distinct(name).some((w) => product.has(w)) ||
    (product.size > 0 && [...product].some((w) => w.length >= 4 && _compact(name).includes(w)));
}

/**
 * True when a namespace (npm scope, image owner) names a repository's owner or product: the
 * owner itself, a product word (`@azure-devops` for `microsoft/azure-devops-mcp`), or a word
 * owner and namespace share (`@notionhq` and `makenotion` both hold `notion`).
 */
function _namespaceNames(namespace: string, owner: string, product: ReadonlySet<string>): boolean {
  const ns = _compact(namespace);
  const ownerC = _compact(owner);
  if (ns === ownerC) return true;
  for (const word of [...product, ..._distinct(owner)]) {
    if (word.length >= 4 && ns.includes(word) && (product.has(word) || ownerC.includes(word))) {
      return true;
    }
  }
  return ns.length >= 4 && (ownerC.includes(ns) || ownerC.length >= 4 && ns.includes(ownerC));
}

/**
 * True when a package is published under the repository's own name: it has no namespace (an
 * unscoped npm package), or its namespace names the owner or the product (see
 * {@link packageBelongs}). False for a copy republished under another scope
 * (`@mseep/linear-mcp` for `ibraheem4/linear-mcp`), whatever its name or metadata say.
 *
 * @example
 * ```ts
 * ownScope({ registryType: "npm", identifier: "@mseep/linear-mcp" },
 *   "https://github.com/ibraheem4/linear-mcp"); // false
 * ownScope({ registryType: "npm", identifier: "@ibraheem4/linear-mcp" },
 *   "https://github.com/ibraheem4/linear-mcp"); // true
 * ```
 *
 * @param pkg the package
 * @param repositoryUrl the server's normalized repository URL, or `null` (then always true)
 * @param subfolder the server's monorepo folder, if any
 * @returns whether the namespace is the project's own
 */
export function ownScope(
  pkg: Pick<ServerPackage, "registryType" | "identifier">,
  repositoryUrl: string | null,
  subfolder?: string,
): boolean {
  const { namespace } = _parts(pkg);
  if (namespace === null || repositoryUrl === null) return true;
  const [owner = "", repo = ""] = repositoryUrl.replace(/^https?:\/\/[^/]+\//, "").split("/");
  const folder = subfolder?.split("/").pop() ?? "";
  return _namespaceNames(namespace, owner, new Set([..._distinct(repo), ..._distinct(folder)]));
}

/** Project-authored input declarations by package key (`data/package_inputs.json`). */
interface _PackageInputs {
  readme: string;
  environmentVariables?: Partial<ServerInput>[];
  packageArguments?: Partial<ServerInput>[];
}

const _PACKAGE_INPUTS: Readonly<Record<string, _PackageInputs>> =
  (PACKAGE_INPUTS as unknown as { packages: Record<string, _PackageInputs> }).packages;

/** The identity of an input within its list: env name, named flag, or positional slot. */
function _inputKey(input: ServerInput, index: number): string {
  return input.type === "positional" ? `#${index}` : input.name.replace(/^-+/, "").toLowerCase();
}

/** Adds the declared inputs a list lacks and fills flags its own inputs leave unset. */
function _completeInputs(
  own: readonly ServerInput[] | undefined,
  declared: readonly Partial<ServerInput>[] | undefined,
): { inputs: ServerInput[] | undefined; changed: boolean } {
  if (declared === undefined || declared.length === 0) {
    return { inputs: own === undefined ? undefined : [...own], changed: false };
  }
  const out = (own ?? []).map((i) => ({ ...i }));
  let changed = false;
  declared.forEach((d, index) => {
    const decl = { ...d, name: d.name ?? d.valueHint ?? "" } as ServerInput;
    const key = _inputKey(decl, index);
    const match = out.find((o, i) => _inputKey(o, i) === key);
    if (match === undefined) {
      out.push(decl);
      changed = true;
      return;
    }
    for (
      const field of ["description", "isRequired", "isSecret", "format", "isRepeated"] as const
    ) {
      if (match[field] === undefined && decl[field] !== undefined) {
        (match as Record<string, unknown>)[field] = decl[field];
        changed = true;
      }
    }
  });
  return { inputs: out.length > 0 ? out : undefined, changed };
}

/**
 * Completes a package's inputs from `data/package_inputs.json` (inputs the reference servers need
 * that no source declares): a missing input is added, a declared one gets the flags it lacks;
 * what a source declares is never changed. The package then names the README in `inputsFrom`.
 *
 * @example
 * ```ts
 * completePackage({ registryType: "npm", identifier: "@modelcontextprotocol/server-filesystem" })
 *   .packageArguments?.[0]?.valueHint; // "allowed_directory"
 * ```
 *
 * @param pkg a package
 * @returns the package, completed when the table has an entry for it
 */
export function completePackage(pkg: ServerPackage): ServerPackage {
  const entry = _PACKAGE_INPUTS[packageKey(pkg)];
  if (entry === undefined) return pkg;
  const env = _completeInputs(pkg.environmentVariables, entry.environmentVariables);
  const args = _completeInputs(pkg.packageArguments, entry.packageArguments);
  if (!env.changed && !args.changed) return pkg;
  const out: ServerPackage = { ...pkg, inputsFrom: entry.readme };
  if (env.inputs !== undefined) out.environmentVariables = env.inputs;
  if (args.inputs !== undefined) out.packageArguments = args.inputs;
  return out;
}

/**
 * Unites the packages of a server's source records (already in source-priority order): one
 * package per {@link packageKey}, the highest-priority copy, tagged with its `source`; packages
 * that do not belong to the server's repository are refused (see the module comment).
 *
 * @example
 * ```ts
 * const { packages, refused } = mergePackages(records, "https://github.com/o/r");
 * ```
 *
 * @param records the server's source records, best source first
 * @param repositoryUrl the merged repository URL, or `null`
 * @param subfolder the merged monorepo folder, if any
 * @returns the kept packages (priority order) and the refused ones
 */
export function mergePackages(
  records: readonly SourceServer[],
  repositoryUrl: string | null,
  subfolder?: string,
): { packages: ServerPackage[]; refused: RefusedPackage[] } {
  const packages: ServerPackage[] = [];
  const refused: RefusedPackage[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    for (const pkg of record.packages ?? []) {
      const key = packageKey(pkg);
      if (seen.has(key)) continue;
      if (
        !verifiesPackages(record.source) &&
        !packageBelongs(pkg, repositoryUrl, subfolder)
      ) {
        refused.push({
          source: record.source,
          package: pkg,
          reason: `${pkg.identifier} does not match the repository ${repositoryUrl}`,
        });
        continue;
      }
      seen.add(key);
      packages.push(completePackage({ ...pkg, source: record.source }));
    }
  }
  return { packages, refused };
}
