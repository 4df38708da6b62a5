/**
 * Draws the badge-precision samples of issue 28: a seeded random sample of entries with
 * `vendorOfficial` and one of entries with `firstParty`, each with the facts a judge needs (names,
 * repository, registry names, packages, remotes, homepage, description) and the badge's product
 * and evidence, which the judge checks. The judgements are kept in `badge_labels.json`.
 *
 * Usage: `deno run --allow-read --allow-ffi --allow-env --allow-sys tests/eval/draw_badge_sample.ts
 * SEED N > sample.json`; the catalog is `TOOLATLAS_CATALOG` or `data/catalog.db`.
 *
 * @module
 */
import { CatalogStore } from "../../src/catalog/store.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import { seededSample } from "../_sample.ts";

/**
 * Names of the entries with each badge, sorted.
 *
 * @param store an open catalog
 * @returns `vendorOfficial` and `firstParty` entry names
 */
export function badgedNames(
  store: CatalogStore,
): { vendorOfficial: string[]; firstParty: string[] } {
  const count = store.counts().servers;
  const out = { vendorOfficial: [] as string[], firstParty: [] as string[] };
  for (let start = 1; start <= count; start += 500) {
    const ids = Array.from({ length: Math.min(500, count - start + 1) }, (_, i) => start + i);
    for (const s of store.serversByIds(ids)) {
      if (s.vendorOfficial) out.vendorOfficial.push(s.name);
      if (s.firstParty) out.firstParty.push(s.name);
    }
  }
  out.vendorOfficial.sort();
  out.firstParty.sort();
  return out;
}

function _view(s: CatalogServer) {
  return {
    name: s.name,
    title: s.title,
    description: s.description.slice(0, 400),
    repositoryUrl: s.repositoryUrl,
    homepage: s.homepage ?? null,
    officialNames: s.officialNames,
    packages: s.packages.map((p) => `${p.registryType}:${p.identifier}`),
    remotes: s.remotes.map((r) => r.url),
    product: s.vendorEvidence?.[0]?.product ?? null,
    evidence: (s.vendorEvidence ?? []).map((e) => `${e.kind}: ${e.detail}`),
  };
}

if (import.meta.main) {
  const seed = Number(Deno.args[0] ?? "20261129");
  const n = Number(Deno.args[1] ?? "60");
  const store = CatalogStore.open(Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db");
  const names = badgedNames(store);
  const draw = (list: string[]) =>
    seededSample(list, n, seed).map((x) => _view(store.serverByName(x)!));
  console.log(JSON.stringify(
    {
      seed,
      n,
      population: {
        vendorOfficial: names.vendorOfficial.length,
        firstParty: names.firstParty.length,
      },
      vendorOfficial: draw(names.vendorOfficial),
      firstParty: draw(names.firstParty),
    },
    null,
    2,
  ));
}
