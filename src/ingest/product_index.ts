/**
 * What the whole catalog says about a product word: how many distinct publishers name it in
 * their servers (others integrate it, so it is a product), and which publishers have strong
 * evidence of being its vendor (the vendor accounts table, a DNS-verified registry namespace of the
 * product's domain, the modelcontextprotocol.io official-integrations list). Built once per ingest
 * from every merged server, before the vendor badges (`vendor.ts`) are decided.
 *
 * A publisher is keyed by its handle: the repository owner, else the `io.github.<owner>` registry
 * namespace, else the brand of a reverse-DNS namespace, else the npm scope, else the owner a
 * re-listing points at (`hints`); lowercase alphanumerics only (`getsentry`, `makenotion`).
 *
 * @module
 */
import type { CatalogServer } from "../model/server.ts";
import { brandOfDomain, registryNamespace, repoOwner } from "./namespace.ts";

/** Alphanumeric key of a handle: `Supabase-Community` → `supabasecommunity`. */
export function handleKey(handle: string): string {
  return handle.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Every handle a server's publisher is known by: repository owner, registry namespace owners and
 * domain brands, npm scopes, and the owner of a re-listing's hint.
 *
 * @param s a merged server
 * @returns lowercase handles as written (`supabase-community`), first the primary one (used by
 *   {@link publisherKey}); compare them through {@link handleKey}
 */
export function publisherHandles(
  s: Pick<CatalogServer, "repositoryUrl" | "officialNames" | "packages" | "hints">,
): string[] {
  const out: string[] = [];
  const add = (h: string | undefined) => {
    const k = h === undefined ? "" : h.toLowerCase();
    if (handleKey(k).length >= 2 && !out.includes(k)) out.push(k);
  };
  add(repoOwner(s.repositoryUrl)?.owner);
  for (const name of s.officialNames) {
    const ns = registryNamespace(name);
    if (ns.kind === "account") add(ns.owner);
    else if (ns.kind === "domain") add(brandOfDomain(ns.domain));
  }
  for (const p of s.packages) {
    if (p.registryType === "npm" && p.identifier.startsWith("@")) {
      add(p.identifier.slice(1).split("/")[0]);
    }
  }
  for (const hint of s.hints ?? []) add(hint.split("/")[1]);
  return out;
}

/**
 * The key of a server's publisher, or `undefined` when no source says who publishes it.
 *
 * @param s a merged server
 * @returns the {@link handleKey} of the first of {@link publisherHandles}
 */
export function publisherKey(
  s: Pick<CatalogServer, "repositoryUrl" | "officialNames" | "packages" | "hints">,
): string | undefined {
  const first = publisherHandles(s)[0];
  return first === undefined ? undefined : handleKey(first);
}

/** Catalog-wide counts of product words by publisher. */
export class ProductIndex {
  readonly #publishers = new Map<string, Set<string>>();
  readonly #sole = new Map<string, Set<string>>();
  readonly #namespaces = new Map<string, number>();
  readonly #vendors = new Map<string, Set<string>>();

  /**
   * Records that a publisher's server names product words.
   *
   * @param publisher the publisher's key ({@link publisherKey})
   * @param words the server's product words, less the publisher's own handle words
   */
  addNamed(publisher: string, words: Iterable<string>): void {
    const list = [...words];
    for (const w of list) {
      let set = this.#publishers.get(w);
      if (set === undefined) this.#publishers.set(w, set = new Set());
      set.add(publisher);
      if (list.length === 1) {
        let sole = this.#sole.get(w);
        if (sole === undefined) this.#sole.set(w, sole = new Set());
        sole.add(publisher);
      }
    }
  }

  /**
   * Counts one entry under a reverse-DNS registry namespace.
   *
   * @param brand the namespace domain's brand key (`ausdata` for `io.ausdata`)
   */
  addNamespaceEntry(brand: string): void {
    this.#namespaces.set(brand, (this.#namespaces.get(brand) ?? 0) + 1);
  }

  /**
   * How many entries are registered under a reverse-DNS namespace of this brand.
   *
   * @param brand a domain brand key
   * @returns a count of entries (0 when none)
   */
  namespaceSize(brand: string): number {
    return this.#namespaces.get(brand) ?? 0;
  }

  /**
   * Records strong evidence that a publisher is the vendor of a product word.
   *
   * @param word the product word, e.g. `"notion"`
   * @param vendor the vendor's handle key, e.g. `"makenotion"` or `"notion"`
   */
  addVendor(word: string, vendor: string): void {
    let set = this.#vendors.get(word);
    if (set === undefined) this.#vendors.set(word, set = new Set());
    set.add(vendor);
  }

  /**
   * How many publishers other than the given ones name a word in their servers.
   *
   * @param word a product word
   * @param self the handles of the publisher asking (not counted)
   * @param sole count only servers for which the word is the one product word (`notion-mcp`, not
   *   `azure-storage`): a product's name, not a common word in other names
   * @returns a count of distinct publishers
   */
  others(word: string, self: readonly string[] = [], sole = false): number {
    const set = (sole ? this.#sole : this.#publishers).get(word);
    if (set === undefined) return 0;
    let n = set.size;
    for (const h of self) if (set.has(h)) n--;
    return n;
  }

  /**
   * The publishers with strong evidence of being a word's vendor.
   *
   * @param word a product word
   * @returns handle keys (empty when none is known)
   */
  vendorsOf(word: string): ReadonlySet<string> {
    return this.#vendors.get(word) ?? new Set();
  }
}
