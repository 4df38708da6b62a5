/**
 * The ingest step: read every source, merge, and write `catalog.db` atomically, printing progress
 * on stderr and storing the report in the database.
 *
 * @module
 */
import { type CatalogVectors, writeCatalog, type WriteResult } from "../catalog/writer.ts";
import {
  Classifier,
  leafText,
  loadCategoryMap,
  type PlacementSummary,
  summarize as summarizeClassification,
} from "./classify.ts";
import { EmbedderPool } from "../embed/pool.ts";
import {
  type LabelledSignals,
  LeafModel,
  loadTaxonomyLabels,
  TAXONOMY_LABELS_URL,
} from "./leaf_model.ts";
import { type EmbedStats, embedTexts, serverText, toolText } from "./embed_entries.ts";
import { describePriceDecisions, mergePrices } from "./merge_prices.ts";
import { mergeServers } from "./merge_servers.ts";
import { mergeTools } from "./merge_tools.ts";
import { withToolCategories } from "./tool_categories.ts";
import { scoreAll } from "./trust.ts";
import {
  applyPackageEvidence,
  PACKAGE_CHECKS_URL,
  type PackageEvidenceStats,
  readPackageChecks,
} from "./package_evidence.ts";
import { type ContentFlagStats, flagAll, toolSourceTexts } from "./content_flags.ts";
import { groupProjects, type IdentityStats } from "./identity.ts";
import { attachOfficialVersions, borrowInstallMethods } from "./registry_entries.ts";
import { applyVendorFlags, type VendorFlagStats, VendorRules } from "./vendor.ts";
import { replaceGenericTitles } from "./titles.ts";
import { applyProbes, PROBE_STORE_URL, type ProbeApplyStats, readProbeStore } from "./probes.ts";
import { type SourceCounts, SourceReport } from "./report.ts";
import { PRICE_ADAPTERS, SERVER_ADAPTERS, TOOL_ADAPTERS } from "./sources/mod.ts";
import type { MergeStats, SourceAdapter } from "./types.ts";
import type { CatalogPrice } from "../model/price.ts";
import type { CatalogServer } from "../model/server.ts";
import type { SourceInfo, SourceKind } from "../model/source.ts";
import { loadTaxonomy } from "../model/taxonomy.ts";
import type { CatalogTool } from "../model/tool.ts";

/** Per-source line of the ingest report. */
export interface SourceLine extends SourceCounts {
  kind: SourceKind;
  name: string;
  /** Set when the source could not be read at all (missing folder); the run goes on. */
  error?: string;
}

/** The ingest report: printed at the end and stored as `meta.report`. */
export interface IngestReport {
  /** ISO 8601 time the build finished. */
  builtAt: string;
  sourcesDir: string;
  /** Wall time of the whole ingest, milliseconds. */
  durationMs: number;
  sources: SourceLine[];
  merge: { servers: MergeStats; tools: MergeStats; prices: MergeStats };
  /** Publisher flags of the servers: official registry, vendor-official by evidence, reference. */
  publishers: VendorFlagStats;
  /** Servers per hosting backed by a package or remote URL, and generic titles replaced. */
  gaps: { hosting: Record<string, number>; genericTitles: number; titlesReplaced: number };
  /** Listings grouped into projects (canonical entries and variants) and forks linked. */
  identity: IdentityStats;
  /** Adult and spam flags per reason, for tools and servers. */
  content: { tools: ContentFlagStats; servers: ContentFlagStats };
  /**
   * Taxonomy classification: per-facet counts, the share decided by each method, and the learned
   * model's training figures.
   */
  taxonomy?: PlacementSummary & { model: LeafModelReport };
  /** The embedding step (absent when built with `--no-embed`). */
  embedding?: EmbedStats;
  /** Launch probes merged from the probe store (absent when none was read). */
  probes?: ProbeApplyStats & { skipped: number; inventoryCoverage: number };
  /** Package evidence per level and kind (`package_evidence.ts`), and unreadable store lines. */
  packageEvidence?: PackageEvidenceStats & { skipped: number };
  /**
   * `lexical` on the catalog a staged build writes first (no vectors yet; the full catalog
   * follows); absent on a finished build.
   */
  stage?: "lexical";
  /** Trust grade counts, score quantiles (p10, p25, p50, p75, p90) and servers with findings. */
  trust: {
    grades: Record<string, number>;
    median: number;
    deciles: number[];
    withFindings: number;
  };
  totals: { servers: number; tools: number; prices: number };
}

/** Options of {@link buildCatalog}. */
export interface BuildOptions {
  /** Folder of the raw dumps, e.g. `../shared/data`. */
  sourcesDir: string;
  /** Target database path, e.g. `data/catalog.db`. */
  catalogPath: string;
  /** Where progress lines go (default: stderr). */
  log?: (line: string) => void;
  /** Embed every entry for semantic search (default true). */
  embed?: boolean;
  /** Embedding cache file (default `data/embed-cache.db`). */
  embedCachePath?: string;
  /** Probe store to merge (default `data/probes.jsonl`; `null`: none). */
  /**
   * npm registry checks (`deno task packages`) to merge; default `data/package_checks.jsonl`,
   * `null` for none.
   */
  packagesPath?: string | URL | null;
  probesPath?: string | URL | null;
  /**
   * Called once a catalog without vectors is in place (written and renamed), when embedding is
   * on: with it, the build first writes a lexical catalog (classified without embeddings, report
   * `stage: "lexical"`) that can be served at once, then embeds and writes the full catalog over
   * it. `deno task start` uses it to answer within a minute on a fresh clone.
   */
  onLexical?: () => void | Promise<void>;
  /**
   * Embedding progress after each batch: texts done of the distinct texts to embed, and the same
   * in characters (texts go shortest first, so characters measure the time left better).
   */
  onProgress?: (done: number, total: number, chars: { done: number; total: number }) => void;
  /** Called when the build moves to another step (`embedding`, `classifying`, `writing`). */
  onStep?: (step: string) => void;
  /**
   * Nice value of the embedding workers' threads (Linux, `embed/thread_priority.ts`; default 0:
   * unchanged). A build next to a serving process runs below it (`staged_build.ts`).
   */
  nice?: number;
}

/** Merged catalog content before it is written. */
export interface MergedCatalog {
  servers: CatalogServer[];
  tools: CatalogTool[];
  prices: CatalogPrice[];
  sources: SourceInfo[];
  report: IngestReport;
}

function _stderr(line: string): void {
  Deno.stderr.writeSync(new TextEncoder().encode(line + "\n"));
}

function _fmtSkipped(skipped: Record<string, number>): string {
  const parts = Object.entries(skipped).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

async function _readAll<T>(
  adapters: SourceAdapter<T>[],
  root: string,
  log: (line: string) => void,
): Promise<{ records: T[]; lines: SourceLine[] }> {
  const results = await Promise.all(adapters.map(async (adapter) => {
    const report = new SourceReport(adapter.info.id);
    let records: T[] = [];
    let error: string | undefined;
    try {
      records = await adapter.read(root, report);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const counts = report.finish();
    const line: SourceLine = {
      ...counts,
      kind: adapter.info.kind,
      name: adapter.info.name,
      ...(error !== undefined && { error }),
    };
    log(
      error !== undefined
        ? `[ingest] ${adapter.info.kind}/${adapter.info.id}: cannot read source: ${error}`
        : `[ingest] ${adapter.info.kind}/${adapter.info.id}: read ${counts.read}, kept ${counts.kept}, ` +
          `skipped ${report.skippedTotal}${_fmtSkipped(counts.skipped)}, ${counts.ms} ms`,
    );
    return { records, line };
  }));
  return { records: results.flatMap((r) => r.records), lines: results.map((r) => r.line) };
}

/**
 * Reads and merges every source without writing anything.
 *
 * @param sourcesDir the sources root
 * @param log progress sink
 * @param probesPath the launch-probe store, or `null` for none
 * @param packagesPath the npm registry checks, or `null` for none
 * @returns the merged catalog and its report
 * @throws {Error} when no source at all could be read (wrong folder)
 */
export async function mergeAll(
  sourcesDir: string,
  log: (line: string) => void = _stderr,
  probesPath: string | URL | null = PROBE_STORE_URL,
  packagesPath: string | URL | null = PACKAGE_CHECKS_URL,
): Promise<MergedCatalog> {
  const started = performance.now();
  log(`[ingest] reading sources from ${sourcesDir}`);
  const [servers, tools, prices] = await Promise.all([
    _readAll(SERVER_ADAPTERS, sourcesDir, log),
    _readAll(TOOL_ADAPTERS, sourcesDir, log),
    _readAll(PRICE_ADAPTERS, sourcesDir, log),
  ]);
  const lines = [...servers.lines, ...tools.lines, ...prices.lines];
  if (lines.every((l) => l.error !== undefined)) {
    throw new Error(`Cannot read any source under "${sourcesDir}": is it the shared/data folder?`);
  }
  const mergedServers = mergeServers(servers.records);
  log(
    `[ingest] merged MCP servers: ${mergedServers.stats.input} records -> ${mergedServers.stats.output} servers ` +
      `(${mergedServers.stats.multiSource} from 2+ sources)`,
  );
  const vendor = applyVendorFlags(mergedServers.servers, await VendorRules.load());
  const titles = replaceGenericTitles(mergedServers.servers);
  const hosting: Record<string, number> = {};
  for (const s of mergedServers.servers) hosting[s.hosting] = (hosting[s.hosting] ?? 0) + 1;
  log(
    `[ingest] publishers: ${vendor.inOfficialRegistry} in the official registry, ` +
      `${vendor.vendorOfficial} vendor-official, ${vendor.firstParty} first-party (no badge: ${
        Object.entries(vendor.noBadge).map(([k, n]) => `${k} ${n}`).join(", ")
      }), ${vendor.reference} reference (${vendor.archived} archived); ` +
      `${titles.replaced} of ${titles.generic} generic titles replaced; hosting backed by a package ` +
      `or URL: ${Object.entries(hosting).map(([k, n]) => `${k} ${n}`).join(", ")}`,
  );
  let probes: IngestReport["probes"];
  if (probesPath !== null) {
    // A probe never stops the ingest: an unreadable store is reported and left out.
    try {
      const store = await readProbeStore(probesPath);
      const stats = applyProbes(mergedServers.servers, store.records);
      const withTools = mergedServers.servers.filter((s) => s.tools.length > 0).length;
      probes = {
        ...stats,
        skipped: store.skipped,
        inventoryCoverage: withTools / Math.max(mergedServers.servers.length, 1),
      };
      log(
        `[ingest] launch probes: ${stats.records} records, ${stats.serversProbed} servers probed, ` +
          `${stats.inventories} inventories from probes (${stats.inventoriesAdded} new); ` +
          `${withTools} servers (${
            (100 * probes.inventoryCoverage).toFixed(1)
          }%) have a tool inventory` +
          (store.skipped > 0 ? `; ${store.skipped} unreadable lines skipped` : ""),
      );
    } catch (error) {
      log(`[ingest] cannot read the probe store: ${String(error)}; going on without it`);
    }
  }
  // Package evidence never stops the ingest either: without the store every package is judged
  // on the other evidence alone.
  let packageChecks: IngestReport["packageEvidence"];
  try {
    const { checks, skipped } = packagesPath === null
      ? { checks: new Map(), skipped: 0 }
      : await readPackageChecks(packagesPath);
    packageChecks = { ...applyPackageEvidence(mergedServers.servers, checks), skipped };
    log(
      `[ingest] package evidence: ${
        Object.entries(packageChecks.byLevel).map(([k, n]) => `${k} ${n}`).join(", ")
      } (evidence: ${
        Object.entries(packageChecks.byEvidence).map(([k, n]) => `${k} ${n}`).join(", ")
      }); ${packageChecks.checked} npm packages with a registry check, ` +
        `${packageChecks.refusedNoBin} refused without an executable, ` +
        `${packageChecks.refusedNoPick} refused where npx cannot pick the executable, ` +
        `${packageChecks.copies} republished copies and ${packageChecks.notServers} non-servers ` +
        `left unverified, ${packageChecks.rescued} brought back`,
    );
  } catch (error) {
    log(`[ingest] cannot read the package checks: ${String(error)}; going on without them`);
  }
  const now = new Date();
  const grades: Record<string, number> = { A: 0, B: 0, C: 0, D: 0, E: 0 };
  let withFindings = 0;
  scoreAll(mergedServers.servers, now);
  for (const { trust } of mergedServers.servers) {
    grades[trust!.grade] = (grades[trust!.grade] ?? 0) + 1;
    if (trust!.findings.length > 0) withFindings++;
  }
  const scores = mergedServers.servers.map((s) => s.trust!.score).sort((a, b) => a - b);
  const trust = {
    grades,
    median: scores[Math.floor(scores.length / 2)] ?? 0,
    deciles: [0.1, 0.25, 0.5, 0.75, 0.9].map((q) =>
      scores[Math.floor(q * (scores.length - 1))] ?? 0
    ),
    withFindings,
  };
  log(
    `[ingest] trust scores: ${Object.entries(grades).map(([g, n]) => `${g} ${n}`).join(", ")}; ` +
      `median ${trust.median}; ${withFindings} with safety findings`,
  );
  const identity = groupProjects(mergedServers.servers);
  log(
    `[ingest] projects: ${identity.variants} listings grouped under ${identity.groups} canonical ` +
      `entries (${
        Object.entries(identity.byRule).map(([k, n]) => `${k} ${n}`).join(", ")
      }); ${identity.forks} forks linked`,
  );
  const versions = attachOfficialVersions(mergedServers.servers, servers.records);
  const borrowed = borrowInstallMethods(mergedServers.servers);
  log(
    `[ingest] registry: ${versions.versions} versions of ${versions.servers} official names ` +
      `(${versions.newerThanEntry} with a latest version newer than the entry's); ` +
      `${borrowed.borrowed} of ${borrowed.uninstallable} official names without an install ` +
      "method took one from another listing of their project",
  );
  const mergedTools = mergeTools(tools.records);
  log(
    `[ingest] merged AI tools: ${mergedTools.stats.input} records -> ${mergedTools.stats.output} tools ` +
      `(${mergedTools.stats.multiSource} from 2+ sources; ${mergedTools.stats.withUrl} with a URL, ` +
      `pricing rules changed ${mergedTools.stats.pricingChanged} models and ` +
      `${mergedTools.stats.freeTierChanged} free tiers)`,
  );
  log(
    `[ingest] AI tool facts by the newest statement: ${
      Object.entries(mergedTools.stats.decisions as Record<string, Record<string, number>>)
        .map(([field, rules]) =>
          `${field} ${Object.entries(rules).map(([rule, n]) => `${rule} ${n}`).join("/")}`
        ).join("; ")
    }; ${mergedTools.stats.renamed} renamed, ${mergedTools.stats.urlMoved} moved URLs, ` +
      `${mergedTools.stats.staleStatusDropped} stale status labels dropped; identity: ${
        Object.entries(mergedTools.stats.byRule as Record<string, number>)
          .map(([k, n]) => `${k} ${n}`).join(", ")
      }`,
  );
  const toolTexts = toolSourceTexts(tools.records);
  const content = {
    tools: flagAll(mergedTools.tools, (t) => ({
      name: t.name,
      description: [t.description, t.longDescription ?? ""].join(" "),
      categories: t.categories,
      url: t.url,
      sourceTexts: t.sources.flatMap((r) => toolTexts.get(`${r.source}\u0000${r.sourceId}`) ?? []),
    })),
    servers: flagAll(mergedServers.servers, (s) => ({
      name: s.title,
      description: s.description,
      categories: s.categories,
      url: s.homepage ?? null,
    })),
  };
  log(
    `[ingest] content flags: adult ${content.tools.adult} tools, ${content.servers.adult} servers; ` +
      `spam or placeholder ${content.tools.spam} tools, ${content.servers.spam} servers`,
  );
  const mergedPrices = mergePrices(prices.records);
  log(
    `[ingest] merged LLM prices: ${mergedPrices.stats.input} records -> ${mergedPrices.stats.output} models`,
  );
  log(`[ingest] LLM prices ${describePriceDecisions(mergedPrices.stats)}`);
  const report: IngestReport = {
    builtAt: new Date().toISOString(),
    sourcesDir,
    durationMs: 0,
    sources: lines,
    merge: { servers: mergedServers.stats, tools: mergedTools.stats, prices: mergedPrices.stats },
    publishers: vendor,
    gaps: { hosting, genericTitles: titles.generic, titlesReplaced: titles.replaced },
    identity,
    content,
    ...(probes !== undefined && { probes }),
    ...(packageChecks !== undefined && { packageEvidence: packageChecks }),
    trust,
    totals: {
      servers: mergedServers.servers.length,
      tools: mergedTools.tools.length,
      prices: mergedPrices.prices.length,
    },
  };
  report.durationMs = Math.round(performance.now() - started);
  return {
    servers: mergedServers.servers,
    tools: mergedTools.tools,
    prices: mergedPrices.prices,
    sources: [...SERVER_ADAPTERS, ...TOOL_ADAPTERS, ...PRICE_ADAPTERS].map((a) => a.info),
    report,
  };
}

/**
 * Builds `catalog.db` from the sources: read, merge, write to a temporary file, rename.
 *
 * @param options sources folder, target path, progress sink
 * @returns the report (also stored in the database as `meta.report`)
 * @throws {Error} when no source can be read or the database cannot be written; the previous
 *   catalog is then left in place
 */
export async function buildCatalog(options: BuildOptions): Promise<IngestReport> {
  const log = options.log ?? _stderr;
  const started = performance.now();
  const merged = await mergeAll(
    options.sourcesDir,
    log,
    options.probesPath === undefined ? PROBE_STORE_URL : options.probesPath,
    options.packagesPath === undefined ? PACKAGE_CHECKS_URL : options.packagesPath,
  );
  let vectors: CatalogVectors | undefined;
  const pool = options.embed ?? true ? new EmbedderPool(undefined, options.nice ?? 0) : undefined;
  try {
    if (pool && options.onLexical) {
      options.onStep?.("classifying");
      await classifyAll(merged, undefined, log);
      log(`[ingest] writing ${options.catalogPath} without vectors first (lexical search)`);
      await _write(options.catalogPath, merged, undefined, started, "lexical");
      await options.onLexical();
    }
    if (pool) {
      options.onStep?.("embedding");
      // Leaf descriptions are embedded with the entries (and cached with them): the classifier
      // and the hybrid ranking's taxonomy prior both use them.
      const leaves = (await loadTaxonomy()).leaves;
      const texts = [
        ...merged.tools.map(toolText),
        ...merged.servers.map(serverText),
        ...leaves.map(leafText),
      ];
      const { vectors: all, stats } = await embedTexts(texts, {
        embedder: pool,
        cachePath: options.embedCachePath ?? "data/embed-cache.db",
        log,
        concurrency: pool.size * 2,
        ...(options.onProgress && { progress: options.onProgress }),
      });
      vectors = {
        model: stats.model,
        dimension: pool.dimension,
        tools: all.slice(0, merged.tools.length),
        servers: all.slice(merged.tools.length, merged.tools.length + merged.servers.length),
        leaves: new Map(
          leaves.map((leaf, i) => [leaf.id, all[merged.tools.length + merged.servers.length + i]!]),
        ),
      };
      merged.report.embedding = stats;
      log(
        `[ingest] embedded ${stats.embedded} texts (${stats.cached} from cache; entries and ` +
          `taxonomy leaves) in ${(stats.ms / 1000).toFixed(1)} s` +
          (stats.embedded > 0 ? `, ${stats.textsPerSecond.toFixed(1)} texts/s` : ""),
      );
    }
    options.onStep?.("classifying");
    await classifyAll(merged, vectors, log);
  } finally {
    pool?.close();
  }
  options.onStep?.("writing");
  log(`[ingest] writing ${options.catalogPath}`);
  _logChanges(log, await _write(options.catalogPath, merged, vectors, started));
  const t = merged.report.totals;
  log(
    `[ingest] done in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${t.servers} MCP servers, ${t.tools} AI tools, ${t.prices} LLM prices`,
  );
  return merged.report;
}

/**
 * Writes the merged catalog (with the report's time, duration and stage set).
 *
 * @returns the writer's result (change counts against the catalog it replaced)
 */
async function _write(
  path: string,
  merged: MergedCatalog,
  vectors: CatalogVectors | undefined,
  started: number,
  stage?: "lexical",
): Promise<WriteResult> {
  merged.report.builtAt = new Date().toISOString();
  merged.report.durationMs = Math.round(performance.now() - started);
  if (stage) merged.report.stage = stage;
  else delete merged.report.stage;
  const written = await writeCatalog(path, {
    // Canonical categories, decided after classification (`tool_categories.ts`).
    tools: await withToolCategories(merged.tools, merged.report.merge.tools),
    servers: merged.servers,
    prices: merged.prices,
    sources: merged.sources,
    report: merged.report,
    builtAt: merged.report.builtAt,
    ...(vectors && { vectors }),
  });
  return written;
}

/** Logs the change counts of one catalog write. */
function _logChanges(log: (line: string) => void, { changes: c }: WriteResult): void {
  log(
    `[ingest] changes since the previous catalog${
      c.previous ? "" : " (none found: new history)"
    }: ` +
      `${c.added} added, ${c.changed} changed, ${c.unchanged} unchanged, ${c.renamed} renamed, ` +
      `${c.revived} back, ${c.removed} removed; ${c.tombstones} tombstones kept, ${c.expired} expired`,
  );
}

/** The learned model's part of the ingest report (`taxonomy.model`). */
export interface LeafModelReport {
  /** Hand labels in `data/taxonomy_labels.json` (tools + servers). */
  labels: number;
  /** Labels whose entry is in the catalog and whose leaf exists: the training set. */
  trained: number;
  /** Labels skipped: the entry is not in this catalog. */
  staleLabels: number;
  /** Labels skipped: the leaf id is not in the taxonomy. */
  unknownLeaves: number;
  /** Token features the model kept. */
  vocabulary: number;
  /** Training wall time, milliseconds. */
  trainMs: number;
}

/**
 * Classifies every tool and server into the taxonomy (`src/ingest/classify.ts`): the rules and,
 * when vectors exist, embedding similarity give each entry its signals; a softmax model
 * (`src/ingest/leaf_model.ts`) trained on the hand labels of `data/taxonomy_labels.json` decides
 * the leaf, and a labelled entry keeps its hand label. Stores each placement on its entry (as
 * `taxonomy`) and the summary in the report.
 *
 * @param merged the merged catalog (entries get their `taxonomy` field set)
 * @param vectors entry embeddings, index-aligned, and leaf embeddings, if any
 * @param log progress sink
 * @param labelsUrl the hand labels (default `data/taxonomy_labels.json`)
 * @throws {TypeError} when the labels file is not valid
 */
export async function classifyAll(
  merged: MergedCatalog,
  vectors: CatalogVectors | undefined,
  log: (line: string) => void,
  labelsUrl: URL = TAXONOMY_LABELS_URL,
): Promise<void> {
  const started = performance.now();
  const [taxonomy, map, labels] = await Promise.all([
    loadTaxonomy(),
    loadCategoryMap(),
    loadTaxonomyLabels(labelsUrl),
  ]);
  const leafEmbeddings = vectors?.leaves ? { leafEmbeddings: vectors.leaves } : {};
  const rules = new Classifier(taxonomy, map, leafEmbeddings);
  const leafIndex = new Map(taxonomy.leaves.map((leaf, i) => [leaf.id, i]));
  const known = (leaf: string | undefined) => leaf !== undefined && leafIndex.has(leaf);

  // The training set: every labelled entry of this catalog, at most MAX_TRAINING_LABELS of them.
  const report: LeafModelReport = {
    labels: Object.keys(labels.tools).length + Object.keys(labels.servers).length,
    trained: 0,
    staleLabels: 0,
    unknownLeaves: 0,
    vocabulary: 0,
    trainMs: 0,
  };
  const toolIndex = new Map(merged.tools.map((t, i) => [t.slug, i]));
  const serverIndex = new Map(merged.servers.map((s, i) => [s.name, i]));
  const candidates: { kind: "tool" | "server"; i: number; leaf: number }[] = [];
  for (
    const [kind, byId, index] of [
      ["tool", labels.tools, toolIndex],
      ["server", labels.servers, serverIndex],
    ] as const
  ) {
    for (const [id, leaf] of Object.entries(byId)) {
      const i = index.get(id);
      const l = leafIndex.get(leaf);
      if (l === undefined) report.unknownLeaves++;
      else if (i === undefined) report.staleLabels++;
      else candidates.push({ kind, i, leaf: l });
    }
  }
  const chosen = _spread(candidates, MAX_TRAINING_LABELS);
  const examples: LabelledSignals[] = chosen.map(({ kind, i, leaf }) => ({
    leaf,
    signals: kind === "tool"
      ? rules.signals({ kind, tool: merged.tools[i]! }, vectors?.tools[i])
      : rules.signals({ kind, server: merged.servers[i]! }, vectors?.servers[i]),
  }));
  let model: LeafModel | undefined;
  if (examples.length > 0) {
    const t0 = performance.now();
    model = LeafModel.train(examples, taxonomy.leaves.length);
    report.trainMs = Math.round(performance.now() - t0);
    report.trained = examples.length;
    report.vocabulary = model.vocabularySize;
    log(
      `[ingest] trained the leaf model on ${examples.length} hand labels ` +
        `(${model.vocabularySize} features) in ${(report.trainMs / 1000).toFixed(1)} s`,
    );
  }
  if (report.staleLabels + report.unknownLeaves > 0) {
    log(
      `[ingest] skipped ${report.staleLabels} labels of entries not in the catalog and ` +
        `${report.unknownLeaves} naming unknown leaves`,
    );
  }

  const classifier = new Classifier(taxonomy, map, { ...leafEmbeddings, model });
  merged.tools.forEach((t, i) => {
    const label = labels.tools[t.slug];
    t.taxonomy = classifier.classifyTool(t, vectors?.tools[i], known(label) ? label : undefined);
  });
  merged.servers.forEach((s, i) => {
    const label = labels.servers[s.name];
    s.taxonomy = classifier.classifyServer(
      s,
      vectors?.servers[i],
      known(label) ? label : undefined,
    );
  });
  const summary = summarizeClassification({
    tools: merged.tools.map((t) => t.taxonomy!),
    servers: merged.servers.map((s) => s.taxonomy!),
  });
  merged.report.taxonomy = { ...summary, model: report };
  log(
    `[ingest] classified ${merged.tools.length} tools and ${merged.servers.length} servers in ` +
      `${Math.round(performance.now() - started)} ms: ` +
      Object.entries(summary.byMethod).map(([m, v]) => `${m} ${(v.share * 100).toFixed(1)}%`).join(
        ", ",
      ),
  );
}

/**
 * Most hand labels the leaf model trains on. Each training row holds dense per-leaf signals
 * (about 6 KB), so the cap bounds ingest memory and time; beyond a few thousand labels accuracy
 * gains little.
 */
export const MAX_TRAINING_LABELS = 8000;

/**
 * At most `max` items of a list, picked deterministically and spread evenly over it (every
 * `length / max`-th item), so tools and servers keep their shares.
 */
function _spread<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  return Array.from({ length: max }, (_, k) => items[Math.floor(k * items.length / max)]!);
}
