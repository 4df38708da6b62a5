/**
 * Measures the stdio MCP server (`main.ts mcp`) on a built catalog, as a client starts it:
 *
 * 1. start → the first `tools/list` answer (initialize, initialized, tools/list), median of runs;
 * 2. start → the first semantic search answer (`svc_search`, whose query embedding waits for the
 *    catalog's vectors and the query model to load), and that answer's own latency;
 * 3. the process's resident memory (VmRSS) after 200 distinct searches (`svc_search` and
 *    `svc_tools_search` alternately, distinct queries of `bench/queries.ts`);
 * 4. for 50 distinct queries, `svc_search` and `svc_tools_search` over stdio against the same
 *    catalog's `/mcp` (the app of `deno task start`, its search thread included, served on
 *    127.0.0.1): the `structuredContent` must be equal.
 * 5. without a catalog: the time to exit code 1.
 *
 * ```sh
 * deno run -A bench/stdio_mcp.ts [--catalog data/catalog.db] [--runs 5]
 * ```
 *
 * @module
 */
import { parseArgs } from "node:util";
import { isDeepStrictEqual } from "node:util";
import { closeContext, openContext } from "../src/catalog/context.ts";
import { createApp } from "../src/http/app.ts";
import { mcpPost, toolCall } from "../tests/_mcp.ts";
import { StdioProcess } from "../tests/mcp/_stdio.ts";
import { generateQueries } from "./queries.ts";

const BASE = "http://localhost:8000";

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** VmRSS of a process in MB (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: { catalog: { type: "string" }, runs: { type: "string" } },
  });
  const catalog = values.catalog ?? "data/catalog.db";
  const runs = Number(values.runs ?? 5);
  const env = { PUBLIC_BASE_URL: BASE };
  const set = generateQueries(catalog, 260);
  const queries = [...new Set([...set.servers, ...set.tools])];
  if (queries.length < 250 + runs) throw new Error(`Only ${queries.length} distinct queries`);
  console.log(`catalog ${catalog}; ${Deno.build.os}, load ${Deno.loadavg().join(" ")}`);

  // 1-2. Cold starts.
  const list: number[] = [], first: number[] = [], firstOwn: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const p = new StdioProcess(["--catalog", catalog], env);
    await p.initialize();
    await p.request("tools/list");
    list.push(performance.now() - t0);
    const t1 = performance.now();
    const r = await p.call("svc_search", { q: queries[i]! });
    if (r.isError) throw new Error(JSON.stringify(r.content));
    first.push(performance.now() - t0);
    firstOwn.push(performance.now() - t1);
    await p.close();
  }
  console.log(
    `start → first tools/list: median ${median(list).toFixed(0)} ms ` +
      `(${list.map((x) => x.toFixed(0)).join(", ")})`,
  );
  console.log(
    `start → first semantic answer: median ${median(first).toFixed(0)} ms ` +
      `(${first.map((x) => x.toFixed(0)).join(", ")}); the call itself ${
        median(firstOwn).toFixed(0)
      } ms after tools/list`,
  );

  // 3. RSS after 200 distinct searches; 4. parity with /mcp.
  const p = new StdioProcess(["--catalog", catalog], env);
  const instructions = String((await p.initialize()).instructions ?? "");
  console.log(`search: ${/semantic/.test(instructions) ? "semantic" : "lexical"}`);
  console.log(`RSS after start: ${(await rssMb(p.child.pid)).toFixed(0)} MB`);
  await p.call("svc_search", { q: "warm up" });
  console.log(`RSS after the first search: ${(await rssMb(p.child.pid)).toFixed(0)} MB`);
  const started = performance.now();
  for (let i = 0; i < 200; i++) {
    const tool = i % 2 === 0 ? "svc_search" : "svc_tools_search";
    const r = await p.call(tool, { q: queries[i]! });
    if (r.isError) throw new Error(`${tool} ${queries[i]}: ${JSON.stringify(r.content)}`);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `RSS after 200 distinct searches: ${(await rssMb(p.child.pid)).toFixed(0)} MB ` +
      `(${(200 / seconds).toFixed(0)} searches/s one at a time)`,
  );

  const ctx = await openContext(catalog, BASE, { searchThread: true });
  const app = createApp({ ctx });
  let same = 0, differ = 0, id = 1000;
  for (const q of queries.slice(200, 250)) {
    for (const tool of ["svc_search", "svc_tools_search"]) {
      const local = await p.call(tool, { q });
      const res = await app.request("/mcp", mcpPost(toolCall(id++, tool, { q })));
      const remote = (await res.json()).result;
      if (isDeepStrictEqual(local.structuredContent, remote.structuredContent)) same++;
      else {
        differ++;
        console.log(`DIFFERENT ${tool} "${q}"`);
      }
    }
  }
  console.log(`50 queries × 2 tools over stdio vs /mcp: ${same} equal, ${differ} different`);
  closeContext(ctx);
  await p.close();

  // 5. No catalog.
  const t0 = performance.now();
  const none = new StdioProcess(["--catalog", "/nonexistent/catalog.db"], env);
  const status = await none.status;
  console.log(
    `no catalog: exit code ${status.code} after ${(performance.now() - t0).toFixed(0)} ms: ` +
      none.stderr.trim(),
  );
  return differ === 0 ? 0 : 1;
}

Deno.exit(await main());
