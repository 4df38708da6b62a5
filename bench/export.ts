/**
 * What a full export costs the server (`deno task bench:export`): the bench server
 * (`bench/serve.ts`, the production app on the real catalog) in a second process; one client
 * reads `GET /api/v1/export/servers` to the end while another sends distinct searches; the
 * server's RSS is sampled every 100 ms.
 *
 * Prints the export's lines, bytes and time, the RSS before and at its peak, and the search
 * latency (p50/p99) before and during the export.
 *
 * @module
 */
import { loadQueries } from "../tests/eval/run_eval.ts";
import { pollMax, waitForOutput } from "./_shared.ts";

const catalog = Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";

function _quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const server = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", "--unstable-kv", new URL("./serve.ts", import.meta.url).pathname, "0"],
  env: { TOOLATLAS_CATALOG: catalog },
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const port = Number((await waitForOutput(server.stdout, /READY (\d+)/, 180_000))[1]);
const base = `http://127.0.0.1:${port}`;
const rss = async () => (await (await fetch(`${base}/__rss`)).json()).rss as number;
const heap = async () => (await (await fetch(`${base}/__rss`)).json()).heapUsed as number;

const queries = [...await loadQueries("servers"), ...await loadQueries("tools")].map((q) =>
  q.query
);
let next = 0;
async function searches(count: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const q = `${queries[next++ % queries.length]} ${next}`; // distinct: never a cache hit
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/servers?q=${encodeURIComponent(q)}&mode=lexical`);
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
  }
  return ms;
}

/** Samples the server's RSS every 100 ms until `stop()`, which gives the peak (at least `from`). */
const sampleRss = (from: number) => pollMax(rss, 100, from);

/** Reads `GET /api/v1/export/servers` to the end; returns its lines, bytes and seconds. */
async function readExport(): Promise<{ lines: number; bytes: number; seconds: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/export/servers`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body!) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  return { lines, bytes, seconds: (performance.now() - t0) / 1000 };
}

/** Reads a whole export, sampling the server's RSS; returns lines, bytes, seconds and peak RSS. */
async function exportAll(): Promise<
  { lines: number; bytes: number; seconds: number; peak: number }
> {
  const sampler = sampleRss(await rss());
  const read = await readExport();
  return { ...read, peak: await sampler.stop() };
}

const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

try {
  await searches(20); // warm up
  // The export alone, twice (the first run also warms what the process keeps).
  for (const run of [1, 2]) {
    const rssAlone = await rss();
    const heapBefore = await heap();
    const alone = await exportAll();
    console.log(
      `export alone (run ${run}): ${alone.lines} lines in ${alone.seconds.toFixed(1)} s; RSS ${
        mb(rssAlone)
      } MiB before, ${mb(alone.peak)} MiB peak (+${mb(alone.peak - rssAlone)} MiB); JS heap ${
        mb(heapBefore)
      } → ${mb(await heap())} MiB`,
    );
  }
  const before = await searches(60);
  const rssBefore = await rss();
  const sampler = sampleRss(rssBefore);
  let exporting = true;
  const during: number[] = [];
  const searcher = (async () => {
    while (exporting) during.push(...await searches(1));
  })();
  const { lines, bytes, seconds } = await readExport();
  exporting = false;
  const [peak] = await Promise.all([sampler.stop(), searcher]);
  console.log(`load average: ${Deno.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  console.log(
    `export of servers: ${lines} lines, ${mb(bytes)} MiB in ${seconds.toFixed(1)} s ` +
      `(${Math.round(lines / seconds)} records/s)`,
  );
  console.log(
    `server RSS: ${mb(rssBefore)} MiB before, ${mb(peak)} MiB peak during (+${
      mb(peak - rssBefore)
    } MiB)`,
  );
  console.log(
    `lexical server search (distinct queries), p50/p99 ms: before ${
      _quantile(before, 0.5).toFixed(1)
    }/${_quantile(before, 0.99).toFixed(1)}, during the export ${
      _quantile(during, 0.5).toFixed(1)
    }/${_quantile(during, 0.99).toFixed(1)} (${during.length} searches)`,
  );
} finally {
  server.kill("SIGTERM");
  await server.status;
}
