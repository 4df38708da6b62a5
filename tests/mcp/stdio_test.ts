/**
 * `main.ts mcp`, the stdio MCP server, run as a client runs it: a child process spoken to over
 * its stdin and stdout, on the fixture catalog.
 *
 * @module
 */
import assert from "node:assert/strict";
import { closeContext, openContext } from "../../src/catalog/context.ts";
import { createApp } from "../../src/http/app.ts";
import { fixtureContext } from "../fixtures/catalog.ts";
import { TOOL_NAMES } from "../fixtures/tool_names.ts";
import { mcpPost, toolCall } from "../_mcp.ts";
import { StdioProcess } from "./_stdio.ts";

const BASE = "http://test.local";
const lexical = (await fixtureContext()).store.path!;
const ENV = { PUBLIC_BASE_URL: BASE };

/** Ends a process that did not stop by itself within `ms`, and says so. */
async function endsWithin(p: StdioProcess, ms: number, what: Promise<Deno.CommandStatus>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
  const outcome = await Promise.race([what, late]);
  clearTimeout(timer);
  if (outcome === "late") {
    p.child.kill("SIGKILL");
    await p.status;
    assert.fail(`the process did not end within ${ms} ms; stderr:\n${p.stderr}`);
  }
  return outcome;
}

/** Pids of the child processes of `pid` (`ps --ppid`; /proc needs every permission). */
async function childPids(pid: number): Promise<number[]> {
  const out = await new Deno.Command("ps", { args: ["-o", "pid=", "--ppid", String(pid)] })
    .output();
  return new TextDecoder().decode(out.stdout).split(/\s+/).filter(Boolean).map(Number);
}

/** True while a process with this pid exists (`ps -p`). */
async function alive(pid: number): Promise<boolean> {
  return (await new Deno.Command("ps", { args: ["-p", String(pid)], stdout: "null" }).output())
    .success;
}

Deno.test("stdio: stdout holds nothing but JSON-RPC frames through start, searches, an error and shutdown", async () => {
  const p = new StdioProcess(["--catalog", lexical], ENV);
  const init = await p.initialize();
  assert.deepEqual((init.serverInfo as { name: string }).name, "toolatlas");
  assert.match(String(init.instructions), /lexical only/);
  const list = await p.request("tools/list");
  const tools = list.result!.tools as { name: string; inputSchema: unknown }[];
  assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort());
  const servers = await p.call("svc_search", { q: "postgres" });
  assert.equal(servers.isError, undefined);
  assert.ok((servers.structuredContent as { total: number }).total >= 1);
  await p.call("svc_tools_search", { q: "transcription" });
  const bad = await p.call("svc_tools_search", { limit: 0 });
  assert.equal(bad.isError, true);
  assert.equal(JSON.parse((bad.content as { text: string }[])[0]!.text).code, "invalid_parameter");
  const unknown = await p.request("tools/call", { name: "svc_nope", arguments: {} });
  assert.equal(unknown.error?.code, -32602);
  const status = await endsWithin(p, 15_000, p.close());
  assert.equal(status.code, 0, p.stderr);

  assert.ok(p.stdout.endsWith("\n"), "the last frame ends its line");
  const frames = p.stdout.slice(0, -1).split("\n").map((line) => JSON.parse(line));
  assert.equal(frames.length, 6, "one frame per request, nothing else");
  for (const frame of frames) {
    assert.equal(frame.jsonrpc, "2.0");
    assert.equal(typeof frame.id, "number");
    assert.ok("result" in frame || "error" in frame);
  }
  assert.deepEqual(frames.map((f) => f.id), [1, 2, 3, 4, 5, 6]);
  assert.match(p.stderr, /\[mcp\] toolatlas MCP server on stdio/, "logs go to stderr");
});

Deno.test("stdio: without a catalog it says how to get one on stderr and exits with code 1", async () => {
  const missing = `${Deno.makeTempDirSync({ prefix: "toolatlas-nocatalog-" })}/catalog.db`;
  const p = new StdioProcess(["--catalog", missing], ENV);
  const status = await endsWithin(p, 15_000, p.status);
  assert.equal(status.code, 1);
  assert.equal(p.stdout, "");
  const lines = p.stderr.trim().split("\n");
  assert.equal(lines.length, 1, p.stderr);
  assert.match(lines[0]!, /no catalog at .*catalog\.db/);
  assert.match(lines[0]!, /deno task ingest/);
  assert.match(lines[0]!, /--snapshot FILE/);
});

Deno.test("stdio: stdin closing ends the process, with no child process left", async () => {
  const p = new StdioProcess(["--catalog", lexical], ENV);
  await p.initialize();
  // A call makes sure the catalog, its search thread and the query workers are all up.
  await p.call("svc_search", { q: "github" });
  const children = await childPids(p.child.pid);
  const status = await endsWithin(p, 15_000, p.close());
  assert.equal(status.code, 0, p.stderr);
  assert.equal(status.signal, null);
  const left = [];
  for (const pid of children) if (await alive(pid)) left.push(pid);
  assert.deepEqual(left, []);
  assert.equal(await alive(p.child.pid), false);
});

Deno.test("stdio: SIGTERM ends the process cleanly", async () => {
  const p = new StdioProcess(["--catalog", lexical], ENV);
  await p.initialize();
  await p.call("svc_tools_search", { q: "scribe" });
  p.child.kill("SIGTERM");
  const status = await endsWithin(p, 15_000, p.status);
  assert.equal(status.code, 0, p.stderr);
});

Deno.test("stdio: searches answer the same structured content as /mcp, lexical and semantic", async (t) => {
  const semantic = (await fixtureContext({ embed: true })).store.path!;
  const queries = ["postgres", "github issues", "transcription", "image generation", "notes"];
  for (const [kind, path] of [["lexical", lexical], ["semantic", semantic]] as const) {
    await t.step(kind, async () => {
      const ctx = await openContext(path, BASE);
      const app = createApp({ ctx });
      const p = new StdioProcess(["--catalog", path], ENV);
      try {
        const init = await p.initialize();
        assert.match(String(init.instructions), kind === "semantic" ? /semantic/ : /lexical only/);
        let id = 100;
        for (const q of queries) {
          for (const tool of ["svc_search", "svc_tools_search"]) {
            const local = await p.call(tool, { q });
            const res = await app.request("/mcp", mcpPost(toolCall(id++, tool, { q })));
            const remote = (await res.json()).result;
            assert.deepEqual(local.structuredContent, remote.structuredContent, `${tool} ${q}`);
          }
        }
      } finally {
        await p.close();
        closeContext(ctx);
      }
    });
  }
});
