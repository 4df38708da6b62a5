/**
 * `deno task bench`: HTTP throughput and latency of the search endpoints on the real catalog,
 * against a bare Hono route served by the same process in the same run.
 *
 * 1. Times the query embedder in this process: model load (and that a second load is free), then
 *    one `embed([q])` per distinct query for 100 queries.
 * 2. Starts `bench/serve.ts` (the production app + `GET /__bare` + `GET /__rss`) as a subprocess
 *    with the permissions of `deno task start`, and waits for `READY <port>`.
 * 3. Sends every distinct request once (warm-up), then loads each scenario from a second process,
 *    `bench/load.ts` (autocannon), with a rotating list of ~30 distinct queries per endpoint.
 * 4. Prints a markdown table (req/s, ratio to the bare route, p50/p99, non-2xx, errors), the
 *    server's RSS and the acceptance checks of issue 4.
 *
 * Options: `--seconds N` per scenario (default 10), `--connections N` (default 32),
 * `--warmup N` seconds of mixed load before measuring (default 3). Catalog: `TOOLATLAS_CATALOG` or
 * `data/catalog.db`. Exit code 1 when a step fails (the server is stopped in every case).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath as fromFileUrl } from "node:url";
import { loadUseLite } from "../src/embed/embedder.ts";
import type { LoadRequest, LoadSpec } from "./load.ts";

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

/** Query-embedding cost measured in this process. */
interface EmbedCost {
  loadMs: number;
  secondLoadMs: number;
  sameInstance: boolean;
  firstMs: number;
  p50: number;
  p99: number;
  n: number;
}

/** Times model load and 100 single-query embeddings (distinct texts, no cache involved). */
async function measureEmbedding(): Promise<EmbedCost> {
  let t = performance.now();
  const embedder = await loadUseLite();
  const loadMs = performance.now() - t;
  t = performance.now();
  const again = await loadUseLite();
  const secondLoadMs = performance.now() - t;
  t = performance.now();
  await embedder.embed(["warm-up query"]);
  const firstMs = performance.now() - t;
  const all = [...TOOL_QUERIES, ...SERVER_QUERIES, ...RECOMMEND_QUERIES];
  const texts = [...all, ...all.map((s) => `${s} alternatives`)].slice(0, 100);
  const times: number[] = [];
  for (const text of texts) {
    t = performance.now();
    await embedder.embed([text]);
    times.push(performance.now() - t);
  }
  return {
    loadMs,
    secondLoadMs,
    sameInstance: again === embedder,
    firstMs,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    n: times.length,
  };
}

/** A started `bench/serve.ts`. */
interface Server {
  child: Deno.ChildProcess;
  origin: string;
}

/** Starts the bench server and waits for `READY <port>` (up to 3 minutes for the model load). */
async function startServer(): Promise<Server> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--unstable-kv",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      "--allow-net",
      "--allow-ffi",
      "--allow-sys",
      fromFileUrl(new URL("./serve.ts", import.meta.url)),
      "0",
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const timer = setTimeout(() => lines.cancel("timeout"), 180_000);
  try {
    while (true) {
      const { value, done } = await lines.read();
      if (done) throw new Error("bench/serve.ts exited before printing READY");
      buffer += value;
      const match = buffer.match(/^READY (\d+)$/m);
      if (match) {
        // Keep draining stdout so the server never blocks on a full pipe.
        (async () => {
          while (!(await lines.read().catch(() => ({ done: true }))).done) { /* drain */ }
        })();
        return { child, origin: `http://127.0.0.1:${match[1]}` };
      }
    }
  } catch (error) {
    stopServer({ child, origin: "" });
    throw error;
  } finally {
    clearTimeout(timer);
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

/** Runs `bench/load.ts` in its own process and returns autocannon's result. */
async function load(spec: LoadSpec): Promise<Record<string, unknown>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", fromFileUrl(new URL("./load.ts", import.meta.url)), JSON.stringify(spec)],
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error(`bench/load.ts failed with exit code ${out.code}`);
  return JSON.parse(new TextDecoder().decode(out.stdout)) as Record<string, unknown>;
}

/** Reads a number at a dotted path of autocannon's result (0 when absent). */
function num(result: Record<string, unknown>, path: string): number {
  let value: unknown = result;
  for (const key of path.split(".")) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === "number" ? value : 0;
}

/** Server memory and model state from `GET /__rss`. */
async function serverStats(origin: string): Promise<{ rss: number; embedder: string | null }> {
  const res = await fetch(`${origin}/__rss`);
  return await res.json() as { rss: number; embedder: string | null };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      seconds: { type: "string", default: "10" },
      connections: { type: "string", default: "32" },
      warmup: { type: "string", default: "3" },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const warmup = Number(values.warmup);
  const catalog = Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";
  try {
    await Deno.stat(catalog);
  } catch {
    console.error(`[bench] ${catalog} is missing: run deno task ingest first`);
    return 1;
  }
  const started = performance.now();

  console.error("[bench] timing the query embedder in-process");
  const embed = await measureEmbedding();

  console.error("[bench] starting bench/serve.ts");
  const t = performance.now();
  const server = await startServer();
  const startupMs = performance.now() - t;
  const stop = () => stopServer(server);
  Deno.addSignalListener("SIGINT", () => {
    stop();
    Deno.exit(130);
  });
  try {
    const list = scenarios();
    const idle = await serverStats(server.origin);
    console.error(`[bench] ${server.origin} up in ${(startupMs / 1000).toFixed(1)} s; warming up`);
    for (const scenario of list) {
      for (const r of scenario.requests) await send(server.origin, r);
    }
    if (warmup > 0) {
      await load({
        url: server.origin,
        connections,
        duration: warmup,
        requests: list.flatMap((s) => s.requests),
      });
    }

    const results: ScenarioResult[] = [];
    for (const scenario of list) {
      console.error(`[bench] ${scenario.name}: ${connections} connections, ${seconds} s`);
      const r = await load({
        url: server.origin,
        connections,
        duration: seconds,
        requests: scenario.requests,
      });
      results.push({
        name: scenario.name,
        rps: num(r, "requests.average"),
        p50: num(r, "latency.p50"),
        p99: num(r, "latency.p99"),
        non2xx: num(r, "non2xx"),
        errors: num(r, "errors") + num(r, "timeouts"),
        search: scenario.search,
      });
    }
    const after = await serverStats(server.origin);
    const bare = results[0]!.rps;

    const table = [
      "| scenario | req/s | ratio to bare | p50 ms | p99 ms | non-2xx | errors |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...results.map((r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${
          (r.rps / bare).toFixed(2)
        } | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`
      ),
    ];
    const searchRows = results.filter((r) => r.search);
    const lowest = Math.min(...searchRows.map((r) => r.rps / bare));
    const worstP99 = Math.max(...searchRows.map((r) => r.p99));
    const clean = results.every((r) => r.non2xx === 0 && r.errors === 0);
    const check = (ok: boolean) => (ok ? "PASS" : "FAIL");
    const semantic = after.embedder !== null;
    const checks = [
      `- ${check(lowest >= 0.5)} search endpoints ≥ 50% of bare req/s: lowest ratio ${
        lowest.toFixed(2)
      }`,
      `- ${
        check(worstP99 <= 20)
      } search p99 ≤ 20 ms at ${connections} connections: worst ${worstP99} ms`,
      `- ${check(embed.p50 <= 15)} query embedding p50 ≤ 15 ms: ${ms(embed.p50)} ms`,
      `- ${check(embed.sameInstance)} model loads once per process: second loadUseLite() ${
        ms(embed.secondLoadMs)
      } ms, same instance: ${embed.sameInstance}`,
      `- ${check(clean)} no non-2xx responses or errors`,
    ];
    const report = [
      "",
      `## toolatlas bench (${connections} connections, ${seconds} s per scenario, ${navigator.hardwareConcurrency} CPUs, Deno ${Deno.version.deno})`,
      "",
      `Catalog: ${catalog}; search mode by default: ${
        semantic ? `hybrid (query model ${after.embedder})` : "lexical only (no vectors in catalog)"
      }`,
      "",
      ...table,
      "",
      `Server RSS: ${mb(idle.rss)} MB after start, ${mb(after.rss)} MB after the run; startup ${
        (startupMs / 1000).toFixed(1)
      } s.`,
      `Query embedding (in-process, ${embed.n} distinct queries, one per call): p50 ${
        ms(embed.p50)
      } ms, p99 ${ms(embed.p99)} ms; model load ${ms(embed.loadMs)} ms; first call ${
        ms(embed.firstMs)
      } ms.`,
      "",
      "Acceptance (issue 4):",
      ...checks,
      "",
      `Total runtime: ${((performance.now() - started) / 1000).toFixed(0)} s`,
    ];
    console.log(report.join("\n"));
    return 0;
  } finally {
    stop();
    await server.child.status;
  }
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (error) {
    console.error(`[bench] ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
