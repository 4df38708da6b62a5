import assert from "node:assert/strict";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import { classifyFailure } from "../../src/probe/classify.ts";
import { probeProcess, probeRemote } from "../../src/probe/probe.ts";
import { sandboxCommand } from "../../src/probe/sandbox.ts";
import { tempDir } from "../_temp.ts";

const REPO = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");
const FIXTURE = new URL("../fixtures/probe/server.ts", import.meta.url).pathname;

/** Deno's own cache folder, where the fixture's npm dependencies already are. */
async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return (JSON.parse(new TextDecoder().decode(out.stdout)) as { denoDir: string }).denoDir;
}

/** True while a process id names a live process. */
function alive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}

/** Probes the fixture in one mode inside the sandbox, checking its process is gone after. */
async function probeFixture(mode: string, initMs = 20_000) {
  const dir = await tempDir({ prefix: "toolatlas-probe-test-" });
  try {
    const spec = sandboxCommand(FIXTURE, [mode], {
      dir,
      denoDir: await denoDir(),
      env: { EXAMPLE_SETTING: "placeholder" },
      readPaths: [REPO],
      config: `${REPO}/deno.json`,
    });
    let pid: number | null = null;
    const out = await probeProcess(spec, { initMs, listMs: 10_000, onSpawn: (p) => pid = p });
    assert.ok(pid !== null, `${mode}: a process was started`);
    assert.equal(alive(pid), false, `${mode}: process ${pid} is left behind`);
    return out;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("probeProcess() launches a small MCP server in the sandbox and lists its tools", async () => {
  const out = await probeFixture("ok");
  assert.equal(out.launched, true);
  assert.equal(out.errorClass, null);
  assert.deepEqual(out.serverInfo, { name: "probe-fixture", version: "1.2.3" });
  assert.ok(out.capabilities.includes("tools"));
  assert.match(out.protocolVersion ?? "", /^\d{4}-\d{2}-\d{2}$/);
  assert.deepEqual(out.tools.map((t) => t.name), ["echo", "add"]);
  const echo = out.tools[0]!;
  assert.equal(echo.description, "Returns the text it is given");
  assert.deepEqual(
    (echo.inputSchema as { properties: Record<string, unknown> }).properties.text,
    { type: "string", description: "Text to return" },
  );
});

Deno.test("probeProcess() lets fs.existsSync answer false for a path outside the sandbox, as Node does", async () => {
  const out = await probeFixture("wsl-check");
  assert.equal(out.launched, true, out.detail ?? "");
  assert.equal(out.tools.length, 2);
});

Deno.test("probeProcess() classifies a server that crashes, needs a secret or is denied the network", async () => {
  const crash = await probeFixture("crash");
  assert.equal(crash.launched, false);
  assert.equal(crash.errorClass, "crashed");
  assert.match(crash.detail ?? "", /file is corrupt/);
  const secret = await probeFixture("secret");
  assert.equal(secret.errorClass, "needs_secret");
  assert.match(secret.detail ?? "", /EXAMPLE_API_KEY/);
  const net = await probeFixture("net");
  assert.equal(net.errorClass, "sandbox_denied");
  assert.match(net.detail ?? "", /Requires net access/);
});

Deno.test("probeProcess() classifies a program that is not an MCP server, and one that hangs", async () => {
  const cli = await probeFixture("not-mcp", 3_000);
  assert.equal(cli.launched, false);
  assert.equal(cli.errorClass, "not_mcp");
  assert.match(cli.detail ?? "", /Welcome to example-cli/);
  const hang = await probeFixture("hang", 2_000);
  assert.equal(hang.launched, false);
  assert.equal(hang.errorClass, "timed_out");
});

Deno.test("probeProcess() reports a command that cannot start as crashed", async () => {
  const out = await probeProcess({
    command: "/nonexistent/toolatlas-no-such-command",
    args: [],
    env: {},
    cwd: "/",
  });
  assert.equal(out.launched, false);
  assert.equal(out.errorClass, "crashed");
});

Deno.test("classifyFailure() tells install failures, libraries, sandbox denials and secrets apart", () => {
  const base = { exited: true, code: 1, noise: [], messages: 0 };
  assert.equal(
    classifyFailure({
      ...base,
      stderr:
        "error: Failed resolving binary export. '/x/package.json' did not have a bin property",
    }).errorClass,
    "no_executable",
  );
  assert.equal(
    classifyFailure({ ...base, stderr: "error: npm package 'nope-xyz' does not exist." })
      .errorClass,
    "install_failed",
  );
  assert.equal(
    classifyFailure({ ...base, stderr: "Error: getaddrinfo EPERM api.example.com" }).errorClass,
    "sandbox_denied",
  );
  assert.equal(
    classifyFailure({
      ...base,
      stderr: 'error: Uncaught NotCapable: Requires read access to "/etc/x", run again',
    }).errorClass,
    "sandbox_denied",
  );
  assert.equal(
    classifyFailure({ ...base, stderr: "Error: BRAVE_API_KEY is not set" }).errorClass,
    "needs_secret",
  );
  assert.equal(
    classifyFailure({ ...base, stderr: "SyntaxError: Unexpected token } in JSON, invalid" })
      .errorClass,
    "crashed",
  );
  const detail = classifyFailure(
    { ...base, stderr: "Error: cannot read /tmp/probe/work/x/config.json" },
    "/tmp/probe/work/x",
  ).detail;
  assert.equal(detail, "Error: cannot read …/config.json");
});

/** A local HTTP server: an MCP endpoint, one that wants auth, a web page, and a silent one. */
function startHttp(): { url: string; close: () => Promise<void> } {
  const pending: (() => void)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/mcp") {
      const mcp = new McpServer({ name: "http-fixture", version: "0.1.0" });
      mcp.registerTool("ping", {
        description: "Answers pong",
        inputSchema: { note: z.string().optional() },
      }, () => ({ content: [{ type: "text", text: "pong" }] }));
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      return mcp.connect(transport).then(() => transport.handleRequest(req));
    }
    if (path === "/auth") {
      return new Response("unauthorized", {
        status: 401,
        headers: { "WWW-Authenticate": 'Bearer realm="x"' },
      });
    }
    if (path === "/html") {
      return new Response("<html><body>Hello</body></html>", {
        headers: { "content-type": "text/html" },
      });
    }
    // Silent: answers only when the test ends.
    return new Promise<Response>((resolve) => pending.push(() => resolve(new Response("late"))));
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    close: async () => {
      for (const answer of pending) answer();
      await server.shutdown();
    },
  };
}

Deno.test("probeRemote() classifies local endpoints: MCP, needs auth, not MCP, silent, unreachable", async () => {
  const http = startHttp();
  try {
    const ok = await probeRemote(`${http.url}/mcp`);
    assert.equal(ok.launched, true);
    assert.equal(ok.errorClass, null);
    assert.deepEqual(ok.serverInfo, { name: "http-fixture", version: "0.1.0" });
    assert.deepEqual(ok.tools.map((t) => t.name), ["ping"]);

    const auth = await probeRemote(`${http.url}/auth`);
    assert.equal(auth.launched, false);
    assert.equal(auth.errorClass, "needs_auth");

    const html = await probeRemote(`${http.url}/html`);
    assert.equal(html.errorClass, "not_mcp");

    const silent = await probeRemote(`${http.url}/silent`, { initMs: 1_000 });
    assert.equal(silent.errorClass, "timed_out");
  } finally {
    await http.close();
  }
  // A port nobody listens on: take a free one and close it.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const gone = await probeRemote(`http://127.0.0.1:${port}/mcp`, { initMs: 5_000 });
  assert.equal(gone.errorClass, "unreachable");
});
