/**
 * Draws MCP servers from a built catalog for hand judgement of their facts: a seeded random
 * sample of canonical entries (variants are reached through their canonical entry) plus entries
 * named on the command line, each with the facts a user sees on its page (publisher, repository,
 * packages, remotes, licence, popularity, freshness, sources) but without the catalog's own
 * verdicts (trust score, vendor badges), so the judge is not anchored by them.
 *
 * Usage: `deno run --allow-read --allow-ffi --allow-env tests/eval/draw_server_sample.ts SEED N
 * [NAME ...] > sample.json`; the catalog is `TOOLATLAS_CATALOG` or `data/catalog.db`. Used for
 * `trust_labels.json` (issue 28).
 *
 * @module
 */
import { CatalogStore } from "../../src/catalog/store.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import { seededSample } from "../_sample.ts";

/**
 * The facts of one server a judge reads, without trust score or badges.
 *
 * @param s a catalog entry
 * @returns a plain object for the sample file
 */
export function judgeView(s: CatalogServer): Record<string, unknown> {
  return {
    name: s.name,
    title: s.title,
    description: s.description.slice(0, 500),
    repositoryUrl: s.repositoryUrl,
    subfolder: s.subfolder ?? null,
    homepage: s.homepage ?? null,
    officialNames: s.officialNames,
    packages: s.packages.map((p) =>
      `${p.registryType}:${p.identifier}${p.version ? `@${p.version}` : ""}`
    ),
    remotes: s.remotes.map((r) => r.url),
    license: s.license ?? null,
    stars: s.stars ?? null,
    useCount: s.useCount ?? null,
    monthlyDownloads: s.monthlyDownloads ?? null,
    updatedAt: s.updatedAt ?? null,
    status: s.status ?? null,
    archived: s.archived ?? false,
    reference: s.reference ?? false,
    sources: [...new Set(s.sources.map((r) => r.source))],
    tools: s.tools.slice(0, 12).map((t) => t.name),
    toolCount: s.tools.length,
  };
}

if (import.meta.main) {
  const seed = Number(Deno.args[0] ?? "20261129");
  const n = Number(Deno.args[1] ?? "90");
  const named = Deno.args.slice(2);
  const store = CatalogStore.open(Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db");
  const count = store.counts().servers;
  const all: string[] = [];
  for (let start = 1; start <= count; start += 500) {
    const ids = Array.from({ length: Math.min(500, count - start + 1) }, (_, i) => start + i);
    for (const s of store.serversByIds(ids)) if (s.canonicalName === undefined) all.push(s.name);
  }
  all.sort();
  const picked = seededSample(all, n, seed);
  const entries = [
    ...picked.map((name) => ({ drawn: "random", ...judgeView(store.serverByName(name)!) })),
    ...named.map((name) => {
      const s = store.serverByName(name);
      if (s === undefined) throw new Error(`no server named ${name}`);
      return { drawn: "named", ...judgeView(s) };
    }),
  ];
  console.log(JSON.stringify({ seed, n, count: entries.length, entries }, null, 2));
}
