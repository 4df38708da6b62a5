/**
 * toolatlas's own configs (`src/install/self.ts`): the local stdio server and the `/mcp`
 * endpoint, for every client, from the same generators as every catalog server.
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  SELF_DOC_MARKERS,
  selfConfigsMarkdown,
  selfInstallConfigs,
  STDIO_PERMISSIONS,
} from "../../src/install/self.ts";
import { CLIENT_IDS } from "../../src/model/install.ts";
import DENO_JSON from "../../deno.json" with { type: "json" };

Deno.test("self configs: a local and a remote config for every client", () => {
  const configs = selfInstallConfigs("http://localhost:8000");
  assert.deepEqual(configs.map((c) => c.client), [...CLIENT_IDS]);
  for (const c of configs) {
    assert.equal(c.local.available, true, c.client);
    assert.equal(c.remote.available, true, c.client);
    assert.equal(c.local.serverKey, "toolatlas");
    assert.match(c.local.config!, /<toolatlas-folder>\/main\.ts/, c.client);
    assert.match(c.remote.config!, /http:\/\/localhost:8000\/mcp/, c.client);
    assert.deepEqual(c.local.requiredInputs.map((i) => i.placeholder), ["<toolatlas-folder>"]);
    assert.deepEqual(c.remote.requiredInputs, []);
  }
});

Deno.test("self configs: the local server runs main.ts mcp with the permissions of deno task mcp", () => {
  const task = DENO_JSON.tasks.mcp.split(" ");
  assert.deepEqual(task, ["deno", "run", ...STDIO_PERMISSIONS, "main.ts", "mcp"]);
  const cursor = selfInstallConfigs("http://localhost:8000", "/opt/toolatlas")[0]!;
  assert.deepEqual(cursor.local.configObject, {
    mcpServers: {
      toolatlas: {
        command: "deno",
        args: ["run", ...STDIO_PERMISSIONS, "/opt/toolatlas/main.ts", "mcp"],
      },
    },
  });
  assert.deepEqual(cursor.local.requiredInputs, []);
});

Deno.test("self configs: each client gets /mcp in its own shape", () => {
  const byClient = new Map(
    selfInstallConfigs("https://toolatlas.example").map((c) => [c.client, c.remote]),
  );
  const entry = (client: string, top = "mcpServers") =>
    (byClient.get(client as never)!.configObject as Record<string, Record<string, unknown>>)[top]!
      .toolatlas;
  const url = "https://toolatlas.example/mcp";
  // Claude Code refuses a remote entry without "type": "http".
  assert.deepEqual(entry("claude-code"), { type: "http", url });
  assert.deepEqual(entry("cursor"), { url });
  assert.deepEqual(entry("vscode", "servers"), { type: "http", url });
  assert.deepEqual(entry("windsurf"), { serverUrl: url });
  assert.deepEqual(entry("gemini-cli"), { type: "http", url });
  assert.deepEqual(entry("zed", "context_servers"), { url });
  // Claude Desktop starts only local servers: the bridge reaches the endpoint.
  assert.deepEqual(entry("claude-desktop"), { command: "npx", args: ["-y", "mcp-remote", url] });
  assert.equal(
    byClient.get("claude-code")!.cliCommand,
    `claude mcp add --transport http --scope project toolatlas ${url}`,
  );
});

/** Markdown as `deno fmt` writes it (the project's line width). */
async function formatted(markdown: string): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext", "md", "-"],
    cwd: new URL("../../", import.meta.url).pathname,
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(markdown));
  await writer.close();
  return new TextDecoder().decode((await child.output()).stdout);
}

Deno.test("docs/install-configs.md shows the configs the install code makes for toolatlas", async () => {
  const page = await Deno.readTextFile(new URL("../../docs/install-configs.md", import.meta.url));
  const block = await formatted(selfConfigsMarkdown("http://localhost:8000"));
  assert.ok(block.startsWith(SELF_DOC_MARKERS.start));
  assert.ok(
    page.includes(block.trimEnd()),
    "docs/install-configs.md is stale: run `deno run -A bench/install_examples.ts` and " +
      "`deno fmt docs/install-configs.md`",
  );
});
