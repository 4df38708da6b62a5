/**
 * `deno task eval:trust`: how well the trust score orders MCP servers the way a person judges
 * them. `trust_labels.json` holds 123 servers (a seeded random draw plus well-known ones) judged
 * by hand on facts alone, without the score: 2 would recommend, 1 acceptable, 0 would not. The
 * report gives Spearman's ρ between score and label, the concordance (the AUC over every pair with
 * different labels), the AUC of "recommend" against the rest and of "would not" against the rest,
 * and the mean score per label, for all labels and for the random draw alone.
 *
 * A label is resolved by entry name, else by the canonical entry of its repository (names change
 * when the canonical choice does). With `--rescore`, the scores are recomputed with the current
 * rules (`applyVendorFlags`, `scoreAll`) from the catalog's entries instead of read from it, to
 * try a rule before an ingest.
 *
 * Usage: `deno task eval:trust [--rescore] [--json]`; the catalog is `TOOLATLAS_CATALOG` or
 * `data/catalog.db`.
 *
 * @module
 */
import { CatalogStore } from "../../src/catalog/store.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import { scoreAll } from "../../src/ingest/trust.ts";
import { applyVendorFlags, VendorRules } from "../../src/ingest/vendor.ts";
import { concordance, mean, spearman } from "./metrics.ts";
import { requireCatalog } from "./run_eval.ts";

/** One hand label of `trust_labels.json`. */
export interface TrustLabel {
  name: string;
  repositoryUrl: string | null;
  drawn: "random" | "named";
  label: 0 | 1 | 2;
  reason: string;
}

/** Agreement of scores with labels. */
export interface TrustAgreement {
  n: number;
  spearman: number;
  concordance: number;
  /** AUC of label 2 against labels 0 and 1. */
  aucRecommend: number;
  /** AUC of labels 1 and 2 against label 0. */
  aucAcceptable: number;
  /** Mean score per label. */
  meanByLabel: Record<string, number>;
}

/**
 * Agreement of scores with hand labels.
 *
 * @param scores trust scores, 0-100
 * @param labels the labels (0, 1, 2), same order
 * @returns the metrics of the module doc
 */
export function agreement(scores: number[], labels: number[]): TrustAgreement {
  const byLabel: Record<string, number> = {};
  for (const l of [0, 1, 2]) {
    const xs = scores.filter((_, i) => labels[i] === l);
    if (xs.length > 0) byLabel[String(l)] = Math.round(mean(xs) * 10) / 10;
  }
  return {
    n: scores.length,
    spearman: spearman(scores, labels),
    concordance: concordance(scores, labels),
    aucRecommend: concordance(scores, labels.map((l) => (l === 2 ? 1 : 0))),
    aucAcceptable: concordance(scores, labels.map((l) => (l >= 1 ? 1 : 0))),
    meanByLabel: byLabel,
  };
}

/** Reads every server of a catalog (in id order). */
function _allServers(store: CatalogStore): CatalogServer[] {
  const count = store.counts().servers;
  const out: CatalogServer[] = [];
  for (let start = 1; start <= count; start += 500) {
    const ids = Array.from({ length: Math.min(500, count - start + 1) }, (_, i) => start + i);
    out.push(...store.serversByIds(ids));
  }
  return out;
}

async function main(args: string[]): Promise<void> {
  const catalog = await requireCatalog();
  const file = JSON.parse(
    await Deno.readTextFile(new URL("./trust_labels.json", import.meta.url)),
  ) as { labels: TrustLabel[] };
  const store = CatalogStore.open(catalog);
  const servers = _allServers(store);
  if (args.includes("--rescore")) {
    applyVendorFlags(servers, await VendorRules.load());
    scoreAll(servers, new Date(servers.find((s) => s.trust)?.trust?.computedAt ?? Date.now()));
  }
  const byName = new Map(servers.map((s) => [s.name.toLowerCase(), s]));
  const byRepo = new Map<string, CatalogServer>();
  for (const s of servers) {
    if (s.repositoryUrl !== null && s.canonicalName === undefined && s.subfolder === undefined) {
      byRepo.set(s.repositoryUrl.toLowerCase(), s);
    }
  }
  const rows: { label: TrustLabel; server: CatalogServer }[] = [];
  const missing: string[] = [];
  for (const label of file.labels) {
    const server = byName.get(label.name.toLowerCase()) ??
      (label.repositoryUrl ? byRepo.get(label.repositoryUrl.toLowerCase()) : undefined);
    if (server?.trust === undefined) missing.push(label.name);
    else rows.push({ label, server });
  }
  const all = agreement(rows.map((r) => r.server.trust!.score), rows.map((r) => r.label.label));
  const random = rows.filter((r) => r.label.drawn === "random");
  const rnd = agreement(random.map((r) => r.server.trust!.score), random.map((r) => r.label.label));
  const worst = rows.filter((r) =>
    (r.label.label === 0 && r.server.trust!.score >= 50) ||
    (r.label.label === 2 && r.server.trust!.score < 50)
  ).map((r) =>
    `${r.server.name}: label ${r.label.label}, ${r.server.trust!.grade} ${r.server.trust!.score}`
  );
  if (args.includes("--json")) {
    console.log(JSON.stringify({ all, random: rnd, missing, disagreements: worst }, null, 2));
    return;
  }
  const fmt = (a: TrustAgreement) =>
    `n ${a.n}  Spearman ${a.spearman.toFixed(3)}  concordance ${a.concordance.toFixed(3)}  ` +
    `AUC(recommend) ${a.aucRecommend.toFixed(3)}  AUC(not "would not") ${
      a.aucAcceptable.toFixed(3)
    }  ` +
    `mean score by label ${JSON.stringify(a.meanByLabel)}`;
  console.log(`trust vs hand labels (${catalog}${args.includes("--rescore") ? ", rescored" : ""})`);
  console.log(`  all     ${fmt(all)}`);
  console.log(`  random  ${fmt(rnd)}`);
  if (missing.length > 0) console.log(`  not found: ${missing.join(", ")}`);
  console.log(`  far apart (label 0 scored ≥ 50, label 2 scored < 50): ${worst.length}`);
  for (const w of worst) console.log(`    ${w}`);
}

if (import.meta.main) await main(Deno.args);
