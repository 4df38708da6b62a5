/**
 * Real-client check of the install configs: serves the catalog on a loopback port, asks the REST
 * API for each server's Claude Code config (`/api/v1/servers/{name}/install-config?client=claude-code`),
 * fills the values a user fills (a folder for a path argument, an environment variable for a
 * required setting; none of the servers needs a secret), adds each with the Claude Code CLI
 * (`claude mcp add-json NAME JSON`, npm `@anthropic-ai/claude-code` run by Deno), adds toolatlas's
 * own `/mcp` the same way, and runs `claude mcp list`, whose health check starts every server
 * (npx, a Node.js install is needed) or connects to it. Prints one line per server and the count
 * that connect. A script, not a test: it downloads the packages.
 *
 * ```sh
 * TOOLATLAS_CATALOG=/tmp/catalog.db deno run -A bench/claude_code_check.ts [--port 8360] [NAME ...]
 * ```
 *
 * Exit code 0 when every server connects, 1 otherwise.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { openContext } from "../src/catalog/context.ts";
import { createApp } from "../src/http/app.ts";
import { localhostProtection } from "../src/http/mcp.ts";

/**
 * Servers that run without secrets, npm packages among them (from the launch probes). Left out
 * though the probe launched them: `reddit-mcp-buddy@1.1.10` and `time-mcp@1.0.5` (the pinned
 * versions are missing from this machine's npm mirror, so npx stops), and
 * `@thedaviddias/mcp-llms-txt-explorer` (npx finds no executable to run; Deno runs its bin).
 */
const DEFAULT_SERVERS = [
  "github.com/modelcontextprotocol/servers/src/memory",
  "github.com/modelcontextprotocol/servers/src/sequentialthinking",
  "github.com/modelcontextprotocol/servers/src/everything",
  "github.com/modelcontextprotocol/servers/src/filesystem",
  "io.github.microsoft/playwright-mcp",
  "io.github.upstash/context7",
  "io.github.cyanheads/git-mcp-server",
  "github.com/ymadd/shadcn-ui-mcp-server",
  "io.github.ihor-sokoliuk/mcp-searxng",
  "github.com/flux159/mcp-server-kubernetes",
  "github.com/executeautomation/mcp-playwright",
  "github.com/kimtaeyoon83/mcp-server-youtube-transcript",
];

/**
 * The Claude Code CLI, run by Deno from npm: the last 2.1 release whose `bin` is JavaScript
 * (`cli.js`); later releases install a native binary in a postinstall script.
 */
const CLAUDE = ["run", "-A", "npm:@anthropic-ai/claude-code@2.1.110"];

interface Secret {
  name: string;
  label: string;
  placeholder: string;
  kind: string;
  secret: boolean;
  format: string | null;
}

/** Runs the Claude Code CLI in the given project folder and home; returns its output. */
async function claude(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...CLAUDE, ...args],
    cwd,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, out: text };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: Deno.args,
    allowPositionals: true,
    options: { port: { type: "string" }, catalog: { type: "string" } },
  });
  const port = Number(values.port ?? 8360);
  const catalog = values.catalog ?? Deno.env.get("TOOLATLAS_CATALOG") ?? "data/catalog.db";
  const names = positionals.length > 0 ? positionals : DEFAULT_SERVERS;

  const ctx = await openContext(catalog, `http://localhost:${port}`);
  const app = createApp({ ctx, mcp: { protection: () => localhostProtection(port) } });
  const server = Deno.serve({ port, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const home = await Deno.makeTempDir({ prefix: "toolatlas-claude-home-" });
  const project = await Deno.makeTempDir({ prefix: "toolatlas-claude-project-" });
  const data = await Deno.makeTempDir({ prefix: "toolatlas-claude-data-" });
  const env: Record<string, string> = {
    HOME: home,
    // Deno's download cache outside the throwaway home, so a second run downloads nothing.
    DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`,
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    // npm's download cache too (npx runs each server).
    npm_config_cache: Deno.env.get("npm_config_cache") ?? `${Deno.env.get("HOME")}/.npm`,
    DISABLE_AUTOUPDATER: "1",
    MCP_TIMEOUT: "120000",
  };
  for (
    const k of ["SSL_CERT_FILE", "NODE_EXTRA_CA_CERTS", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY"]
  ) {
    const v = Deno.env.get(k);
    if (v !== undefined) env[k] = v;
  }
  const added: { key: string; name: string }[] = [];
  try {
    for (const name of names) {
      const res = await fetch(
        `http://localhost:${port}/api/v1/servers/${name}/install-config?client=claude-code`,
      );
      const body = await res.json() as {
        configs: {
          available: boolean;
          reason: string | null;
          serverKey: string;
          configObject: { mcpServers: Record<string, { args?: string[] }> };
          requiredInputs: Secret[];
          method: { reason: string };
        }[];
      };
      const cfg = body.configs?.[0];
      if (!res.ok || cfg === undefined || !cfg.available) {
        console.log(`SKIP ${name}: ${cfg?.reason ?? res.status}`);
        continue;
      }
      if (cfg.requiredInputs.some((i) => i.secret)) {
        console.log(`SKIP ${name}: needs a secret (${cfg.requiredInputs.map((i) => i.name)})`);
        continue;
      }
      // Fill what a user fills: a folder for a path argument, the environment for a setting.
      let entry = JSON.stringify(cfg.configObject.mcpServers[cfg.serverKey]);
      for (const input of cfg.requiredInputs) {
        const value = input.format === "filepath" || /path|dir|file/i.test(input.name)
          ? `${data}/${input.name.toLowerCase()}${/FILE/.test(input.name) ? ".json" : ""}`
          : "placeholder";
        if (input.kind === "argument") {
          entry = entry.replaceAll(input.placeholder, value);
          await Deno.mkdir(value, { recursive: true });
        } else env[input.name] = value;
      }
      const key = cfg.serverKey;
      const r = await claude(["mcp", "add-json", key, entry], project, env);
      console.log(`ADD  ${key} (${name}): ${r.code === 0 ? "ok" : r.out.trim()}`);
      if (r.code === 0) added.push({ key, name });
    }
    const self = await claude(
      [
        "mcp",
        "add-json",
        "toolatlas",
        JSON.stringify({ type: "http", url: `http://localhost:${port}/mcp` }),
      ],
      project,
      env,
    );
    console.log(`ADD  toolatlas (/mcp): ${self.code === 0 ? "ok" : self.out.trim()}`);
    added.push({ key: "toolatlas", name: "toolatlas /mcp" });

    const started = performance.now();
    const list = await claude(["mcp", "list"], project, env);
    console.log(`\n$ claude mcp list   (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    console.log(list.out.trim());
    const connected = added.filter((a) =>
      list.out.split("\n").some((l) => l.startsWith(`${a.key}:`) && /Connected/.test(l))
    );
    const servers = added.filter((a) => a.key !== "toolatlas");
    const ok = connected.filter((a) => a.key !== "toolatlas").length;
    const self_ok = connected.some((a) => a.key === "toolatlas");
    console.log(
      `\n${ok} of ${servers.length} servers connect; toolatlas /mcp ${
        self_ok ? "connects" : "does NOT connect"
      }`,
    );
    return ok === servers.length && self_ok ? 0 : 1;
  } finally {
    await server.shutdown();
    ctx.store.close();
    for (const dir of [home, project, data]) {
      // A server may still be flushing a file into its folder as it exits: try twice.
      await Deno.remove(dir, { recursive: true }).catch(async () => {
        await new Promise((r) => setTimeout(r, 2000));
        await Deno.remove(dir, { recursive: true });
      });
    }
  }
}

Deno.exit(await main());
