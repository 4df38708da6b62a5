/**
 * `deno task bench`: HTTP throughput and latency of the search endpoints on the real catalog,
 * against a bare Hono route served by the same process in the same run.
 *
 * 1. Generates distinct, realistic queries from the catalog's own text (`queries.ts`, fixed seed:
 *    tools, servers, recommendation sentences; none repeated).
 * 2. Starts `bench/serve.ts` (the production app + `GET /__bare`, `GET /__rss`, `GET /__lag`) as
 *    a subprocess with the permissions and V8 flags of `deno task start`, and waits for
 *    `READY <port>`; warms
 *    it with 300 distinct queries per list that are never measured (a running server has its
 *    per-term lists and filter sets warm).
 * 3. **Distinct mode** (the first table): the bare route, then each scenario at 1 and at 32
 *    connections, every request sent exactly once (autocannon in a second process,
 *    `bench/load.ts`): tools hybrid, servers hybrid, servers hybrid with a filter (hosting,
 *    category, transport or registry type), recommend, and at 1 connection servers and tools
 *    lexical. Each row gives req/s, the ratio to the bare route at the same connection count,
 *    p50/p99, non-2xx, errors and timeouts, and the server's event-loop lag p99 during the run
 *    (how late a 10 ms timer fired). During the 32-connection servers run, this process (a third
 *    client) requests `/api/v1/health` and a cached search every 20 ms and reports their latency.
 * 4. **Cached mode** (the second table): ~30 queries per endpoint in rotation for `--seconds`
 *    each at `--connections`, so all but the first request of each are cache hits.
 * 5. Prints the tables, the server's RSS after start, after the distinct runs and after the
 *    whole bench, the load average at start and end, and checks against the
 *    speed targets (1-connection p50 and p99, 32-connection throughput, health latency, RSS).
 *
 * Options: `--one N` and `--many N` distinct requests per scenario at 1 and 32 connections
 * (default 300 and 2000), `--seconds N` per cached scenario and bare run (default 5),
 * `--connections N` of the cached mode (default 32), `--warmup N` seconds of cached load
 * (default 3), `--seed N` (default 14), `--only distinct|cached` (default both), `--port N` of
 * the server (default 0: any free port). Catalog:
 * `TOOLATLAS_CATALOG` or `data/catalog.db`. Exit code 1 when a step fails (the server is stopped
 * in every case).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath as fromFileUrl } from "node:url";
import type { LoadRequest, LoadSpec } from "./load.ts";
import { generateQueries } from "./queries.ts";
import { pollEvery, SERVER_FLAGS, waitForOutput } from "./_shared.ts";

/** Tool searches: what people type into a tool directory. */
export const TOOL_QUERIES = [
  "postgres database assistant",
  "ai image generator",
  "write blog posts",
  "transcribe meetings",
  "code review",
  "text to speech",
  "video editing",
  "customer support chatbot",
  "seo content writer",
  "resume builder",
  "logo design",
  "email marketing",
  "translate documents",
  "summarize pdf",
  "sql query generator",
  "voice cloning",
  "music generation",
  "presentation slides",
  "note taking",
  "spreadsheet data analysis",
  "social media scheduler",
  "legal contract review",
  "remove photo background",
  "chat with pdf",
  "coding assistant for vscode",
  "3d model generation",
  "ai search engine",
  "interior design",
  "product descriptions for ecommerce",
  "lead generation",
];

/** MCP server searches. */
export const SERVER_QUERIES = [
  "github",
  "postgres",
  "slack",
  "filesystem",
  "browser automation",
  "kubernetes",
  "web search",
  "notion",
  "jira issues",
  "google drive",
  "aws",
  "docker",
  "stripe payments",
  "weather",
  "knowledge graph memory",
  "sqlite",
  "playwright",
  "figma",
  "gmail",
  "calendar",
  "shopify",
  "redis",
  "mongodb",
  "linear",
  "sentry errors",
  "youtube transcripts",
  "obsidian notes",
  "terraform",
  "discord",
  "read local files",
];

/** Recommendation requests: needs in a sentence. */
export const RECOMMEND_QUERIES = [
  "let my agent query a Postgres database",
  "I need to turn podcast audio into a written transcript",
  "generate product photos for my online shop",
  "help me write cold outreach emails",
  "a tool that reviews pull requests automatically",
  "create short videos for social media from a blog post",
  "answer customer questions on my website around the clock",
  "design a logo for a coffee startup",
  "translate my app's strings into ten languages",
  "summarize long research papers",
  "build slide decks from an outline",
  "clone my voice for narration",
  "compose background music for a game",
  "find bugs in my Python code",
  "schedule posts on Instagram and LinkedIn",
  "analyze a CSV of sales data",
  "draft a rental agreement",
  "remove the background from product images",
  "search the web with citations",
  "take meeting notes and action items in Zoom",
  "write SEO-optimized articles",
  "make a resume that passes applicant tracking systems",
  "generate unit tests for a TypeScript project",
  "turn a sketch into a 3D model",
  "plan a trip itinerary",
  "monitor brand mentions online",
  "chat with internal company documents",
  "automate data entry from invoices",
  "tutor my kids in math",
  "create an AI avatar for video presentations",
];

/** One measured scenario. */
export interface Scenario {
  /** Row label. */
  name: string;
  /** Requests sent in rotation. */
  requests: LoadRequest[];
  /** Counts in the "search reaches 50% of bare" and "p99 ≤ 20 ms" checks. */
  search: boolean;
}

/** The figures of one scenario. */
export interface ScenarioResult {
  /** Row label. */
  name: string;
  /** Mean requests per second. */
  rps: number;
  /** Median latency, ms. */
  p50: number;
  /** 99th-percentile latency, ms. */
  p99: number;
  /** Responses with a status outside 2xx. */
  non2xx: number;
  /** Connection errors plus timeouts. */
  errors: number;
  /** Counts in the search checks. */
  search: boolean;
}

const get = (path: string): LoadRequest => ({ method: "GET", path });
const q = (s: string) => encodeURIComponent(s);

/**
 * The scenarios of one run, bare route first.
 *
 * @returns the scenarios
 */
export function scenarios(): Scenario[] {
  return [
    { name: "bare `GET /__bare`", requests: [get("/__bare")], search: false },
    {
      name: "`GET /api/v1/tools?q=`",
      requests: TOOL_QUERIES.map((s) => get(`/api/v1/tools?q=${q(s)}`)),
      search: true,
    },
    {
      name: "`GET /api/v1/servers?q=`",
      requests: SERVER_QUERIES.map((s) => get(`/api/v1/servers?q=${q(s)}`)),
      search: true,
    },
    {
      name: "`POST /api/v1/tools/recommend`",
      requests: RECOMMEND_QUERIES.map((query) => ({
        method: "POST",
        path: "/api/v1/tools/recommend",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      })),
      search: true,
    },
    {
      name: "`GET /api/v1/tools?q=&mode=lexical`",
      requests: TOOL_QUERIES.map((s) => get(`/api/v1/tools?q=${q(s)}&mode=lexical`)),
      search: false,
    },
    {
      name: "`GET /api/v1/servers?q=&mode=lexical`",
      requests: SERVER_QUERIES.map((s) => get(`/api/v1/servers?q=${q(s)}&mode=lexical`)),
      search: false,
    },
  ];
}

/** Percentile (nearest rank) of numbers. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const ms = (x: number) => x.toFixed(2);

/** A started `bench/serve.ts`. */
interface Server {
  child: Deno.ChildProcess;
  origin: string;
}

/** Starts the bench server and waits for `READY <port>` (up to 3 minutes for the model load). */
async function startServer(port: number): Promise<Server> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...SERVER_FLAGS,
      // As `deno task start`: a 2 MB young generation per isolate (about 70 MB less resident
      // memory for the main thread and the query worker, no measured loss of throughput) and an
      // old generation that grows by half its live size between full collections (about 110 MB
      // less after the bench; README, Memory), without allocation-site pretenuring (which sent
      // every search's lexical candidates to the old generation; README, Performance).
      "--v8-flags=--max-semi-space-size=2,--heap-growing-percent=50,--no-allocation-site-pretenuring",
      fromFileUrl(new URL("./serve.ts", import.meta.url)),
      String(port),
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  try {
    // Up to 3 minutes: the query model loads before the server listens.
    const match = await waitForOutput(child.stdout, /^READY (\d+)$/m, 180_000);
    return { child, origin: `http://127.0.0.1:${match[1]}` };
  } catch (error) {
    stopServer({ child, origin: "" });
    throw error;
  }
}

/** Stops the bench server (its pid only). */
function stopServer(server: Server): void {
  try {
    server.child.kill("SIGTERM");
  } catch { /* already gone */ }
}

/** Sends one request with fetch and checks it is a 2xx. */
async function send(origin: string, r: LoadRequest): Promise<void> {
  const init: RequestInit = { method: r.method };
  if (r.headers) init.headers = r.headers;
  if (r.body !== undefined) init.body = r.body;
  const res = await fetch(origin + r.path, init);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${r.method} ${r.path}: HTTP ${res.status}`);
}

/** Runs `bench/load.ts` in its own process (spec on stdin) and returns autocannon's result. */
async function load(spec: LoadSpec): Promise<Record<string, unknown>> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", fromFileUrl(new URL("./load.ts", import.meta.url))],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(spec)));
  await writer.close();
  const out = await child.output();
  if (!out.success) throw new Error(`bench/load.ts failed with exit code ${out.code}`);
  return JSON.parse(new TextDecoder().decode(out.stdout)) as Record<string, unknown>;
}

/** Reads a number at a dotted path of autocannon's result (0 when absent). */
function num(result: Record<string, unknown>, path: string): number {
  let value: unknown = result;
  for (const key of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === "number" ? value : 0;
}

/** Server memory (bytes; heap figures of the serving thread's V8 heap) and query model id. */
interface ServerStats {
  rss: number;
  heapTotal: number;
  external: number;
  embedder: string | null;
}

/** Server memory and model state from `GET /__rss`. */
async function serverStats(origin: string): Promise<ServerStats> {
  const res = await fetch(`${origin}/__rss`);
  return await res.json() as ServerStats;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** Event-loop lag of the server since the previous read, ms. */
interface Lag {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

async function lagOf(origin: string): Promise<Lag> {
  return await (await fetch(`${origin}/__lag`)).json() as Lag;
}

/** One row of the distinct-query table. */
interface DistinctRow extends ScenarioResult {
  connections: number;
  requests: number;
  lag: Lag;
  /** Third-client latencies during the run (only the 32-connection servers run). */
  probe?: { health: number[]; cached: number[] };
}

/** The load average (1, 5, 15 minutes) from `/proc/loadavg`, or `n/a`. */
function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}

/**
 * Sends `GET path` every `everyMs` until `stop()` resolves it, from this process (a third
 * client), and records each latency.
 */
function probe(origin: string, paths: string[], everyMs: number) {
  const times = new Map<string, number[]>(paths.map((p) => [p, []]));
  const poll = pollEvery(async (i) => {
    const path = paths[i % paths.length]!;
    const t = performance.now();
    const res = await fetch(origin + path).catch(() => undefined);
    await res?.arrayBuffer();
    times.get(path)!.push(res?.ok ? performance.now() - t : 10_000);
  }, everyMs);
  return {
    stop: async () => {
      await poll.stop();
      return times;
    },
  };
}

/** The distinct-query scenarios: request lists that are each sent once. */
function distinctScenarios(
  queries: { tools: string[]; servers: string[]; recommend: string[] },
  perScenario: { one: number; many: number },
  filters: string[],
): { name: string; connections: number; requests: LoadRequest[]; key: string }[] {
  let t = 0, s = 0, r = 0;
  const take = (list: string[], n: number, at: number) => list.slice(at, at + n);
  const tools = (n: number) => take(queries.tools, n, (t += n) - n);
  const servers = (n: number) => take(queries.servers, n, (s += n) - n);
  const recommend = (n: number) => take(queries.recommend, n, (r += n) - n);
  const rec = (query: string): LoadRequest => ({
    method: "POST",
    path: "/api/v1/tools/recommend",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  const filtered = (list: string[]) =>
    list.map((x, i) => get(`/api/v1/servers?q=${q(x)}&${filters[i % filters.length]}`));
  const out = [];
  for (const [c, n] of [[1, perScenario.one], [32, perScenario.many]] as const) {
    out.push(
      {
        name: "`GET /api/v1/tools?q=` (hybrid)",
        key: "tools",
        connections: c,
        requests: tools(n).map((x) => get(`/api/v1/tools?q=${q(x)}`)),
      },
      {
        name: "`GET /api/v1/servers?q=` (hybrid)",
        key: "servers",
        connections: c,
        requests: servers(n).map((x) => get(`/api/v1/servers?q=${q(x)}`)),
      },
      {
        name: "`GET /api/v1/servers?q=&{filter}` (hybrid)",
        key: "servers-filter",
        connections: c,
        requests: filtered(servers(n)),
      },
      {
        name: "`POST /api/v1/tools/recommend`",
        key: "recommend",
        connections: c,
        requests: recommend(n).map(rec),
      },
    );
    if (c === 1) {
      out.push(
        {
          name: "`GET /api/v1/servers?q=&mode=lexical`",
          key: "servers-lexical",
          connections: c,
          requests: servers(n).map((x) => get(`/api/v1/servers?q=${q(x)}&mode=lexical`)),
        },
        {
          name: "`GET /api/v1/tools?q=&mode=lexical`",
          key: "tools-lexical",
          connections: c,
          requests: tools(n).map((x) => get(`/api/v1/tools?q=${q(x)}&mode=lexical`)),
        },
      );
    }
  }
  return out;
}

async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: "string", default: "5" },
      connections: { type: "string", default: "32" },
      warmup: { type: "string", default: "3" },
      one: { type: "string", default: "300" },
      many: { type: "string", default: "2000" },
      seed: { type: "string", default: "14" },
      only: { type: "string", default: "distinct,cached" },
      port: { type: "string", default: "0" },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const warmup = Number(values.warmup);
  const perScenario = { one: Number(values.one), many: Number(values.many) };
  const only = new Set(values.only.split(","));
  const catalog = Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";
  try {
    await Deno.stat(catalog);
  } catch {
    console.error(`[bench] ${catalog} is missing: run deno task ingest first`);
    return 1;
  }
  const started = performance.now();
  const loadBefore = loadAverage();

  console.error("[bench] generating distinct queries from the catalog");
  const warmCount = 300;
  const needed = {
    tools: 2 * perScenario.one + perScenario.many + warmCount,
    servers: 4 * perScenario.one + 2 * perScenario.many + warmCount,
    recommend: perScenario.one + perScenario.many + warmCount,
  };
  const all = generateQueries(catalog, Math.max(...Object.values(needed)), Number(values.seed));
  // The first queries of each list warm the server (term lists, filter sets); the rest are
  // measured, each sent once.
  const warm = {
    tools: all.tools.slice(0, warmCount),
    servers: all.servers.slice(0, warmCount),
    recommend: all.recommend.slice(0, warmCount),
  };
  const measured = {
    tools: all.tools.slice(warmCount),
    servers: all.servers.slice(warmCount),
    recommend: all.recommend.slice(warmCount),
  };
  const filters = [
    "hosting=remote",
    "hosting=local",
    "category=developer-tools",
    "category=databases",
    "transport=stdio",
    "registryType=npm",
  ];

  console.error("[bench] starting bench/serve.ts");
  const t = performance.now();
  const server = await startServer(Number(values.port));
  const startupMs = performance.now() - t;
  const stop = () => stopServer(server);
  Deno.addSignalListener("SIGINT", () => {
    stop();
    Deno.exit(130);
  });
  try {
    const origin = server.origin;
    const idle = await serverStats(origin);
    console.error(`[bench] ${origin} up in ${(startupMs / 1000).toFixed(1)} s; warming up`);
    await load({
      url: origin,
      connections: 4,
      duration: 0,
      distinct: true,
      requests: [
        ...warm.tools.map((x) => get(`/api/v1/tools?q=${q(x)}`)),
        ...warm.servers.map((x, i) =>
          get(`/api/v1/servers?q=${q(x)}${i % 2 ? `&${filters[i % filters.length]}` : ""}`)
        ),
        ...warm.recommend.slice(0, 100).map((query) => ({
          method: "POST",
          path: "/api/v1/tools/recommend",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query }),
        })),
      ],
    });
    const list = scenarios();
    for (const scenario of list) {
      for (const r of scenario.requests) await send(origin, r);
    }
    const cachedPath = list[1]!.requests[0]!.path;
    const report: string[] = [];

    if (only.has("distinct")) {
      const rows: DistinctRow[] = [];
      for (const c of [1, 32]) {
        console.error(`[bench] bare route, ${c} connection(s), ${seconds} s`);
        await lagOf(origin);
        const r = await load({
          url: origin,
          connections: c,
          duration: seconds,
          requests: [get("/__bare")],
        });
        rows.push({
          ...resultOf("bare `GET /__bare`", r, false),
          connections: c,
          requests: num(r, "requests.total"),
          lag: await lagOf(origin),
        });
      }
      for (const sc of distinctScenarios(measured, perScenario, filters)) {
        console.error(
          `[bench] ${sc.name}: ${sc.requests.length} distinct, ${sc.connections} conn.`,
        );
        await lagOf(origin);
        const third = sc.connections > 1 && sc.key === "servers"
          ? probe(origin, ["/api/v1/health", cachedPath], 20)
          : undefined;
        const r = await load({
          url: origin,
          connections: sc.connections,
          duration: 0,
          distinct: true,
          requests: sc.requests,
        });
        const times = await third?.stop();
        rows.push({
          ...resultOf(sc.name, r, true),
          connections: sc.connections,
          requests: num(r, "requests.total"),
          lag: await lagOf(origin),
          ...(times && {
            probe: { health: times.get("/api/v1/health")!, cached: times.get(cachedPath)! },
          }),
        });
      }
      const after = await serverStats(origin);
      const bare = (c: number) => rows.find((r) => r.connections === c && !r.search)!.rps;
      report.push(
        "",
        `### Distinct queries (each sent once; ${perScenario.one} per scenario at 1 connection, ${perScenario.many} at 32; seed ${values.seed})`,
        "",
        "| scenario | conn. | requests | req/s | vs bare | p50 ms | p99 ms | non-2xx | errors | loop lag p99 ms |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ...rows.map((r) =>
          `| ${r.name} | ${r.connections} | ${r.requests} | ${r.rps.toFixed(0)} | ${
            (r.rps / bare(r.connections)).toFixed(3)
          } | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.lag.p99.toFixed(1)} |`
        ),
        "",
      );
      const row = (key: string, c: number) =>
        rows.find((r) =>
          r.connections === c &&
          r.name ===
            distinctScenarios(measured, perScenario, filters).find((s) => s.key === key)!.name
        )!;
      const servers32 = row("servers", 32);
      const pr = servers32.probe!;
      const p99 = (xs: number[]) => percentile(xs, 99);
      report.push(
        `Third client during the 32-connection servers run (one request every 20 ms, alternating): ` +
          `\`/api/v1/health\` p50 ${ms(percentile(pr.health, 50))} ms, p99 ${
            ms(p99(pr.health))
          } ms (n ${pr.health.length}); ` +
          `cached search \`${cachedPath}\` p50 ${ms(percentile(pr.cached, 50))} ms, p99 ${
            ms(p99(pr.cached))
          } ms (n ${pr.cached.length}).`,
        `Server RSS: ${mb(idle.rss)} MB after start, ${
          mb(after.rss)
        } MB after the distinct runs; startup ${(startupMs / 1000).toFixed(1)} s.`,
        "",
      );
      const check = (ok: boolean) => (ok ? "PASS" : "FAIL");
      const errorsFree = rows.every((r) => r.non2xx === 0 && r.errors === 0);
      const s1 = row("servers", 1), t1 = row("tools", 1), l1 = row("servers-lexical", 1);
      const t32 = row("tools", 32), r32 = row("recommend", 32);
      report.push(
        "Speed targets, distinct queries:",
        `- ${check(s1.p50 <= 10)} 1 connection: servers hybrid p50 ≤ 10 ms: ${s1.p50} ms`,
        `- ${check(t1.p50 <= 8)} 1 connection: tools hybrid p50 ≤ 8 ms: ${t1.p50} ms`,
        `- ${check(l1.p99 <= 5)} 1 connection: servers lexical p99 ≤ 5 ms: ${l1.p99} ms`,
        `- ${
          check(servers32.rps >= 150 && servers32.p99 <= 300)
        } 32 connections: servers hybrid ≥ 150 req/s, p99 ≤ 300 ms: ${
          servers32.rps.toFixed(0)
        } req/s, p99 ${servers32.p99} ms`,
        `- ${check(t32.rps >= 250)} 32 connections: tools hybrid ≥ 250 req/s: ${
          t32.rps.toFixed(0)
        }`,
        `- ${check(r32.rps >= 200)} 32 connections: recommend ≥ 200 req/s: ${r32.rps.toFixed(0)}`,
        `- ${check(errorsFree)} 0 errors or timeouts (and no non-2xx)`,
        `- ${
          check(p99(pr.health) <= 20 && p99(pr.cached) <= 20)
        } health and a cached search p99 ≤ 20 ms during the 32-connection servers run: ${
          ms(p99(pr.health))
        } / ${ms(p99(pr.cached))} ms`,
        `- ${check(servers32.lag.p99 <= 20)} event-loop lag p99 ≤ 20 ms during that run: ${
          servers32.lag.p99.toFixed(1)
        } ms`,
        "",
      );
    }

    if (only.has("cached")) {
      if (warmup > 0) {
        await load({
          url: origin,
          connections,
          duration: warmup,
          requests: list.flatMap((sc) => sc.requests),
        });
      }
      const results: ScenarioResult[] = [];
      for (const scenario of list) {
        console.error(`[bench] cached: ${scenario.name}: ${connections} connections, ${seconds} s`);
        const r = await load({
          url: origin,
          connections,
          duration: seconds,
          requests: scenario.requests,
        });
        results.push(resultOf(scenario.name, r, scenario.search));
      }
      const bare = results[0]!.rps;
      report.push(
        `### Cached mode (${connections} connections, ${seconds} s per scenario, ~30 queries per endpoint in rotation: all but the first of each are cache hits)`,
        "",
        "| scenario | req/s | vs bare | p50 ms | p99 ms | non-2xx | errors |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        ...results.map((r) =>
          `| ${r.name} | ${r.rps.toFixed(0)} | ${
            (r.rps / bare).toFixed(2)
          } | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`
        ),
        "",
      );
    }
    const end = await serverStats(origin);
    console.log([
      "",
      `## toolatlas bench (${navigator.hardwareConcurrency} CPUs, Deno ${Deno.version.deno}; load average ${loadBefore} at start, ${loadAverage()} at end)`,
      "",
      `Catalog: ${catalog}; search mode by default: ${
        end.embedder !== null
          ? `hybrid (query model ${end.embedder}, in a worker)`
          : "lexical only (no vectors in catalog)"
      }`,
      ...report,
      `Serving RSS after the whole bench: ${mb(end.rss)} MB (serving thread's V8 heap ${
        mb(end.heapTotal)
      } MB, its external buffers ${mb(end.external)} MB). Total runtime ${
        ((performance.now() - started) / 1000).toFixed(0)
      } s.`,
    ].join("\n"));
    return 0;
  } finally {
    stop();
    await server.child.status;
  }
}

/** The figures of one autocannon result. */
function resultOf(name: string, r: Record<string, unknown>, search: boolean): ScenarioResult {
  return {
    name,
    // Requests over the run's wall time (autocannon's per-second average undercounts short runs).
    rps: num(r, "duration") > 0
      ? num(r, "requests.total") / num(r, "duration")
      : num(r, "requests.average"),
    p50: num(r, "latency.p50"),
    p99: num(r, "latency.p99"),
    non2xx: num(r, "non2xx"),
    errors: num(r, "errors") + num(r, "timeouts"),
    search,
  };
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (error) {
    console.error(`[bench] ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
