/**
 * toolatlas command line: `serve` (default), `mcp` (stdio), `ingest [--sources DIR]`, `keys ...`,
 * `probe ...`, `snapshot ...` or `reviews ...`.
 *
 * Reads the configuration, opens the stores and starts the requested work; nothing else.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { loadConfig } from "./src/config.ts";
import {
  type CatalogContext,
  closeContext,
  openContext,
  type SemanticProgress,
} from "./src/catalog/context.ts";
import { LiveApp } from "./src/http/live_app.ts";
import { serveWithDeadlines } from "./src/http/read_deadline.ts";
import { type StagedBuild, startStagedBuild } from "./src/ingest/staged_build.ts";
import { createApp } from "./src/http/app.ts";
import { isLoopback, localhostProtection } from "./src/http/mcp.ts";
import { openAccess } from "./src/access/access.ts";
import { keysCommand } from "./src/access/keys_cli.ts";
import { buildCatalog } from "./src/ingest/build.ts";
import { probeCommand } from "./src/probe/cli.ts";
import { packagesCommand } from "./src/probe/package_cli.ts";
import { findSnapshot, prepareSnapshot, snapshotCommand } from "./src/snapshot/cli.ts";
import { snapshotReviews } from "./src/snapshot/archive.ts";
import { CatalogStore } from "./src/catalog/store.ts";
import { removeCatalogLeftovers } from "./src/catalog/work_files.ts";
import { reviewStoreFor } from "./src/reviews/review_store.ts";
import { reviewNdjson } from "./src/reviews/reviews.ts";
import { reviewsCommand } from "./src/reviews/reviews_cli.ts";
import { AppError } from "./src/errors.ts";
import { mcpCommand } from "./src/mcp/stdio.ts";

const USAGE = `Usage:
  deno task start                 serve the API; a missing catalog is built first: lexical search
                                  answers within about a minute, embeddings are computed in the
                                  background and semantic search swaps in when they are done
  deno task keys create --tier pro|enterprise --name NAME
  deno task keys list | revoke ID | rotate ID
  deno task ingest [--sources DIR] [--no-embed]
                                  build data/catalog.db from the raw dumps (default ../shared/data);
                                  --no-embed skips sentence embeddings (lexical search only)
  deno task probe [--limit N] [--concurrency N] ...  (deno task probe --help)
                                  launch-probe npm packages of the catalog; results go to
                                  data/probes.jsonl, which the ingest merges
  deno task packages [--refresh] ...  (deno task packages --help)
                                  ask the npm registry about the catalog's npm packages;
                                  results go to data/package_checks.jsonl, which the ingest merges
  deno task mcp [--catalog PATH] [--snapshot FILE]
                                  the MCP tools over stdin/stdout from the local catalog (for a
                                  client's "command" config; no quota, no key; deno task mcp --help)
  deno task snapshot create [--out DIR] [--no-reviews] | verify FILE
                                  archive the built catalog (with users' reviews as a file of
                                  their own), or check an archive
  deno task reviews list | hide ID | unhide ID | export | import FILE
                                  users' reviews in TOOLATLAS_KV (deno task reviews --help)
  deno task start --snapshot FILE serve a verified snapshot (also TOOLATLAS_SNAPSHOT, or a
                                  toolatlas-snapshot.tar.gz next to a compiled executable)

Environment: PORT (8000), HOSTNAME (0.0.0.0), PUBLIC_BASE_URL, TOOLATLAS_SOURCES, TOOLATLAS_CATALOG,
TOOLATLAS_EMBED (1), TOOLATLAS_EMBED_CACHE (data/embed-cache.db), TOOLATLAS_KV (data/kv.sqlite3),
TOOLATLAS_TIERS, TOOLATLAS_FAIR_USE_BURST (60), TOOLATLAS_FAIR_USE_RATE (1 per second), TRUST_PROXY,
MCP_ALLOWED_ORIGINS, TOOLATLAS_SNAPSHOT`;

async function _exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The review store and the catalog (when built) for `reviews ...`; closed after `run`. */
async function _withReviews<T>(
  run: (store: ReturnType<typeof reviewStoreFor>, catalog: CatalogStore | undefined) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const access = await openAccess({ kvPath: config.kvPath, tiersJson: config.tiersJson });
  const catalog = await _exists(config.catalogPath)
    ? CatalogStore.open(config.catalogPath)
    : undefined;
  try {
    return await run(reviewStoreFor(access.kv), catalog);
  } finally {
    catalog?.close();
    access.kv.close();
  }
}

/** Users' reviews for `snapshot create`: none when the KV is a local file not made yet. */
async function _snapshotReviews() {
  const config = loadConfig();
  const local = !/^https?:/.test(config.kvPath);
  if (config.kvPath === ":memory:" || (local && !await _exists(config.kvPath))) return undefined;
  const kv = await Deno.openKv(config.kvPath);
  const catalog = CatalogStore.open(config.catalogPath);
  return {
    stream: reviewNdjson({ store: catalog }, reviewStoreFor(kv)),
    close: () => {
      catalog.close();
      kv.close();
    },
  };
}

async function main(args: string[]): Promise<number> {
  // The probe, snapshot, mcp and reviews commands have their own options.
  if (args[0] === "probe") return await probeCommand(args.slice(1));
  if (args[0] === "packages") return await packagesCommand(args.slice(1));
  if (args[0] === "snapshot") {
    return await snapshotCommand(args.slice(1), loadConfig().catalogPath, _snapshotReviews);
  }
  if (args[0] === "reviews") {
    return await _withReviews((store, catalog) =>
      reviewsCommand(store, catalog, args.slice(1), {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
        snapshotReviews: (file) => snapshotReviews(file),
      })
    );
  }
  if (args[0] === "mcp") {
    const config = loadConfig();
    return await mcpCommand(args.slice(1), {
      catalogFromEnv: Deno.env.get("TOOLATLAS_CATALOG") === undefined
        ? undefined
        : config.catalogPath,
      publicBaseUrl: config.publicBaseUrl,
      snapshot: config.snapshot,
    });
  }
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      sources: { type: "string" },
      "no-embed": { type: "boolean" },
      tier: { type: "string" },
      name: { type: "string" },
      snapshot: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  const command = positionals[0] ?? "serve";
  const sourcesDir = values.sources ?? config.sourcesDir;

  if (command === "keys") {
    const access = await openAccess({ kvPath: config.kvPath, tiersJson: config.tiersJson });
    try {
      return await keysCommand(access.keys, positionals.slice(1), values);
    } finally {
      access.kv.close();
    }
  }
  const build = {
    sourcesDir,
    catalogPath: config.catalogPath,
    embed: !values["no-embed"] && config.embed,
    embedCachePath: config.embedCachePath,
  };
  if (command === "ingest") {
    await buildCatalog(build);
    return 0;
  }
  if (command !== "serve") {
    console.error(`Unknown command "${command}"\n${USAGE}`);
    return 2;
  }
  // Work files that killed builds and snapshot installs left next to the catalog.
  const leftovers = await removeCatalogLeftovers(config.catalogPath);
  if (leftovers.length > 0) {
    console.error(`[serve] removed the work files of stopped runs: ${leftovers.join(", ")}`);
  }
  const snapshot = await findSnapshot(values.snapshot ?? config.snapshot);
  if (snapshot !== undefined) {
    const log = (line: string) => console.error(line);
    const outcome = await prepareSnapshot(snapshot, config.catalogPath, log);
    if (outcome === "refused") {
      if (!await _exists(config.catalogPath)) {
        console.error(`[serve] no catalog at ${config.catalogPath} to serve instead`);
        return 1;
      }
      console.error(`[serve] serving the catalog already at ${config.catalogPath}`);
    }
  }
  // A missing catalog is built in two stages when embedding is on: lexical search is served as
  // soon as the catalog without vectors is written, the semantic catalog swaps in when ready.
  let staged: StagedBuild | undefined;
  const progress: SemanticProgress = {
    state: "building",
    step: "reading sources",
    done: 0,
    total: 0,
    textsPerSecond: 0,
    etaSeconds: null,
  };
  // Until the server is set up, a finished build is only noted (and swapped in right after).
  let semanticDone = false;
  let onSemantic = () => {
    semanticDone = true;
  };
  const startStaged = (lexicalReady?: () => void) => {
    let started = 0, lastLog = 0;
    staged = startStagedBuild(
      { sourcesDir, catalogPath: config.catalogPath, embedCachePath: config.embedCachePath },
      {
        log: (line) => console.error(line),
        step: (step) => (progress.step = step),
        ...(lexicalReady && { lexical: lexicalReady }),
        progress: (done, total, chars) => {
          const now = performance.now();
          if (started === 0) started = now;
          const seconds = Math.max(1e-3, (now - started) / 1000);
          const rate = done / seconds;
          // Texts go shortest first: the time left follows the characters left.
          const charRate = chars.done / seconds;
          Object.assign(progress, {
            step: "embedding",
            done,
            total,
            textsPerSecond: rate,
            etaSeconds: charRate > 0 ? (chars.total - chars.done) / charRate : null,
          });
          if (now - lastLog > 10_000 || done === total) {
            lastLog = now;
            console.error(
              `[serve] embedding in the background: ${done}/${total} texts, ` +
                `${rate.toFixed(1)} texts/s, ETA ${Math.round(progress.etaSeconds ?? 0)} s`,
            );
          }
        },
        done: () => onSemantic(),
        error: (message) => {
          Object.assign(progress, { state: "failed", error: message });
          console.error(`[serve] the background build failed: ${message} (lexical search stays)`);
        },
      },
    );
    staged.finished.catch(() => {});
  };
  if (!await _exists(config.catalogPath)) {
    console.error(`[serve] ${config.catalogPath} is missing: building it from ${sourcesDir}`);
    if (build.embed) {
      const { promise, resolve } = Promise.withResolvers<void>();
      startStaged(resolve);
      await Promise.race([promise, staged!.finished]);
    } else await buildCatalog(build);
  }
  const ctx = await openContext(config.catalogPath, config.publicBaseUrl, {
    warmTermLists: true,
    searchThread: true,
  });
  _reportWarming(ctx);
  // A lexical first stage left by an interrupted start is completed in the background too.
  const stage = (JSON.parse(ctx.store.meta("report") ?? "{}") as { stage?: string }).stage;
  if (!staged && stage === "lexical" && build.embed) {
    console.error("[serve] the catalog has no vectors yet: computing them in the background");
    startStaged();
  }
  if (staged) ctx.semantic = progress;
  const access = await openAccess({
    kvPath: config.kvPath,
    tiersJson: config.tiersJson,
    trustProxy: config.trustProxy,
    fairUse: config.fairUse,
  });
  // Search ratings take other replicas' and the operator's review changes every 30 s.
  reviewStoreFor(access.kv).startRefresh();
  // DNS-rebinding protection for /mcp whenever the public address is this machine.
  const local = isLoopback(new URL(config.publicBaseUrl).hostname) || isLoopback(config.hostname);
  let listeningPort = config.port;
  const live = new LiveApp(ctx, {
    makeApp: (c) =>
      createApp({
        ctx: c,
        access,
        readTimeoutMs: config.readTimeoutMs,
        mcp: {
          protection: () =>
            local ? localhostProtection(listeningPort, config.mcpAllowedOrigins) : undefined,
        },
      }),
    retire: (c) => closeContext(c),
  });
  onSemantic = async () => {
    try {
      progress.step = "opening";
      const semantic = await openContext(config.catalogPath, config.publicBaseUrl, {
        warmTermLists: true,
        searchThread: true,
      });
      live.swap(semantic);
      _reportWarming(semantic);
      console.error(`[serve] semantic search is live (${semantic.embedder?.id ?? "no model"})`);
    } catch (error) {
      Object.assign(progress, { state: "failed", error: String(error) });
      console.error(`[serve] cannot open the semantic catalog: ${error}`);
    }
  };
  if (semanticDone) onSemantic();
  // A read deadline for request heads and bodies (`TOOLATLAS_READ_TIMEOUT`; see read_deadline.ts).
  const server = serveWithDeadlines({
    port: config.port,
    hostname: config.hostname,
    timeoutMs: config.readTimeoutMs,
    baseUrl: config.publicBaseUrl,
    onListen: ({ port, hostname }) => {
      listeningPort = port;
      const shown = hostname === "0.0.0.0" ? "localhost" : hostname;
      console.error(
        `[serve] toolatlas listening on http://${shown}:${port} (REST at /api/v1, MCP at /mcp)`,
      );
    },
  }, live.fetch);
  await server.finished;
  return 0;
}

/** Logs what the background reading of common words' term lists did (`warmTermLists`). */
function _reportWarming(ctx: CatalogContext): void {
  const started = performance.now();
  ctx.warming?.done.then((r) => {
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.error(
      `[serve] read the term lists of common words: servers ${r.servers.lists} (${
        mb(r.servers.bytes)
      } MB), tools ${r.tools.lists} (${mb(r.tools.bytes)} MB) in ${
        Math.round(performance.now() - started)
      } ms`,
    );
  }, (error) => console.error(`[serve] cannot read the common words' term lists: ${error}`));
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (error) {
    console.error(error instanceof AppError || error instanceof Error ? error.message : error);
    Deno.exit(1);
  }
}
