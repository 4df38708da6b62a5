/**
 * Real clients against the stdio MCP server and the generated CLI commands, as a user runs them
 * on a machine with the repository and a built catalog (a script, not a test: it downloads the
 * clients and the servers' packages):
 *
 * 1. Claude Code (npm `@anthropic-ai/claude-code`, run by Deno): `claude mcp add toolatlas --
 *    <the README's command>`, then `claude mcp list` must say `✓ Connected`.
 * 2. MCP Inspector's CLI over stdio (`npx @modelcontextprotocol/inspector --cli`): `tools/list`
 *    gives the twelve tools with input and output schemas; `tools/call` of each tool answers.
 * 3. Gemini CLI (npm `@google/gemini-cli`): toolatlas's generated `gemini mcp add` command, then
 *    `gemini mcp list` must say `Connected`.
 * 4. For 10 real servers of the catalog (npx packages, a remote, secrets, a path argument), the
 *    generated `claude mcp add-json`/`claude mcp add` and `gemini mcp add` commands run through
 *    bash in the real CLIs and write the same server entry as `claude mcp add-json` of the config
 *    (Gemini: as the config's entry); `claude mcp list` connects to those that need no secret
 *    (the placeholders a user fills, a folder and a setting, are filled first).
 *
 * ```sh
 * deno run -A bench/mcp_clients.ts [--catalog data/catalog.db]
 * ```
 *
 * Prints one line per check and exits 1 when one fails.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { isDeepStrictEqual } from "node:util";
import { closeContext, openContext } from "../src/catalog/context.ts";
import { getInstallConfig } from "../src/catalog/install.ts";
import { selfInstallConfigs, STDIO_PERMISSIONS } from "../src/install/self.ts";
import type { InstallConfig } from "../src/model/install.ts";

const REPO = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
/** The last Claude Code release whose `bin` is JavaScript (later ones install a native binary). */
const CLAUDE_CODE = "npm:@anthropic-ai/claude-code@2.1.110";
const GEMINI_CLI = "@google/gemini-cli@0.61.0";
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

/** Servers whose generated commands are run (kinds in the comments). */
const SERVERS = [
  "github.com/modelcontextprotocol/servers/src/sequentialthinking", // npx
  "github.com/modelcontextprotocol/servers/src/everything", // npx
  "github.com/modelcontextprotocol/servers/src/filesystem", // npx, a path argument
  "github.com/modelcontextprotocol/servers/src/memory", // npx, a required setting
  "io.github.microsoft/playwright-mcp", // npx
  "io.github.upstash/context7", // npx, an optional secret
  "io.github.cyanheads/git-mcp-server", // npx with arguments
  "github.com/flux159/mcp-server-kubernetes", // npx
  "github.com/modelcontextprotocol/servers/src/postgres", // npx, a secret argument
  "io.github.github/github-mcp-server", // remote, a secret header
];

let failures = 0;
function check(ok: boolean, line: string): void {
  console.log(`${ok ? "ok  " : "FAIL"} ${line}`);
  if (!ok) failures++;
}

/** Runs a command line through bash; returns its exit code, its output and its stdout alone. */
async function bash(
  line: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; out: string; stdout: string }> {
  const out = await new Deno.Command("bash", {
    args: ["-c", line],
    cwd,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  return { code: out.code, out: stdout + new TextDecoder().decode(out.stderr), stdout };
}

/** A folder of `claude` and `gemini` wrappers that run the real clients from npm. */
async function clientBin(): Promise<string> {
  const bin = await Deno.makeTempDir({ prefix: "toolatlas-clients-" });
  const wrappers: Record<string, string> = {
    claude: `exec "${Deno.execPath()}" run -A ${CLAUDE_CODE} "$@"`,
    gemini: `exec npx -y ${GEMINI_CLI} "$@"`,
  };
  for (const [name, body] of Object.entries(wrappers)) {
    await Deno.writeTextFile(`${bin}/${name}`, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  }
  return bin;
}

async function readJson(path: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch {
    return {};
  }
}

/** The server entries Claude Code wrote to a project's `.mcp.json`. */
async function claudeEntries(project: string): Promise<Record<string, unknown>> {
  return ((await readJson(`${project}/.mcp.json`)).mcpServers ?? {}) as Record<string, unknown>;
}

/** The server entries Gemini CLI wrote to the user's settings. */
async function geminiEntries(home: string): Promise<Record<string, unknown>> {
  return ((await readJson(`${home}/.gemini/settings.json`)).mcpServers ?? {}) as Record<
    string,
    unknown
  >;
}

/** Fills what a user fills: a folder for a path, a value for a setting (no secret is real). */
async function filled(cfg: InstallConfig, line: string, data: string): Promise<string> {
  for (const input of cfg.requiredInputs.filter((i) => !i.secret)) {
    const value = input.format === "filepath" || /path|dir|file/i.test(input.name)
      ? `${data}/${input.name.toLowerCase()}`
      : "placeholder";
    if (input.kind === "argument") {
      await Deno.mkdir(value, { recursive: true });
      line = line.replaceAll(input.placeholder, value);
    }
  }
  return line;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ args: Deno.args, options: { catalog: { type: "string" } } });
  const catalog = values.catalog ?? `${REPO}/data/catalog.db`;
  const bin = await clientBin();
  const tmp = (prefix: string) => Deno.makeTempDir({ prefix: `toolatlas-${prefix}-` });
  const home = await tmp("home");
  const env: Record<string, string> = {
    HOME: home,
    PATH: `${bin}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`,
    DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`,
    npm_config_cache: Deno.env.get("npm_config_cache") ?? `${Deno.env.get("HOME")}/.npm`,
    DISABLE_AUTOUPDATER: "1",
    MCP_TIMEOUT: "120000",
    TOOLATLAS_CATALOG: catalog,
    // Gemini CLI: no browser sign-in, no telemetry.
    GEMINI_API_KEY: "unused",
    GEMINI_CLI_NO_RELAUNCH: "1",
  };
  for (const k of ["SSL_CERT_FILE", "NODE_EXTRA_CA_CERTS", "HTTPS_PROXY", "HTTP_PROXY"]) {
    const v = Deno.env.get(k);
    if (v !== undefined) env[k] = v;
  }

  // 1. Claude Code with the README's command.
  const readme = `deno run ${STDIO_PERMISSIONS.join(" ")} "$PWD/main.ts" mcp`;
  const project = await tmp("project");
  // Gemini CLI runs no MCP server in a folder the user has not trusted (its first-run prompt).
  await Deno.mkdir(`${home}/.gemini`, { recursive: true });
  await Deno.writeTextFile(
    `${home}/.gemini/trustedFolders.json`,
    JSON.stringify({ [project]: "TRUST_FOLDER" }),
  );
  let r = await bash(`cd "${REPO}" && claude mcp add toolatlas -- ${readme}`, project, env);
  check(r.code === 0, `claude mcp add toolatlas -- ${readme}: ${r.out.trim().split("\n")[0]}`);
  r = await bash(`cd "${REPO}" && claude mcp list`, project, env);
  const line = r.out.split("\n").find((l) => l.startsWith("toolatlas:")) ?? r.out.trim();
  check(/✓ Connected/.test(line), `claude mcp list: ${line}`);

  // 2. MCP Inspector's CLI over stdio.
  // The catalog comes from TOOLATLAS_CATALOG: the Inspector takes options after the command as its own.
  const server = `deno run ${STDIO_PERMISSIONS.join(" ")} ${REPO}/main.ts mcp`;
  const inspector = (args: string) =>
    bash(`npx -y ${INSPECTOR} --cli ${server} ${args}`, project, env);
  r = await inspector("--method tools/list");
  let tools: { name: string; inputSchema?: unknown; outputSchema?: unknown }[] = [];
  try {
    tools = JSON.parse(r.stdout).tools;
  } catch { /* reported below */ }
  check(
    tools.length === 12 && tools.every((t) => t.inputSchema && t.outputSchema),
    `inspector tools/list: ${tools.length} tools, each with input and output schemas`,
  );
  const args: Record<string, string> = {
    svc_tools_search: "q=transcription",
    svc_tools_details: "slug=chatgpt",
    svc_tools_compare: `slugs='["chatgpt","midjourney"]'`,
    svc_tools_recommend: "query='transcribe podcast audio'",
    svc_tools_alternatives: "slug=chatgpt",
    svc_tools_categories: "",
    svc_search: "q=postgres",
    svc_server_details: "name=io.github.microsoft/playwright-mcp",
    svc_get_install_config: "name=io.github.microsoft/playwright-mcp client=cursor",
    svc_compare: `names='["io.github.microsoft/playwright-mcp","io.github.upstash/context7"]'`,
    svc_list_filters: "",
    svc_llm_prices: "q=gpt",
  };
  for (const [tool, a] of Object.entries(args)) {
    r = await inspector(
      `--method tools/call --tool-name ${tool}${a === "" ? "" : ` --tool-arg ${a}`}`,
    );
    let result: { isError?: boolean; structuredContent?: unknown; content?: unknown } = {};
    try {
      result = JSON.parse(r.stdout);
    } catch { /* reported below */ }
    check(
      r.code === 0 && result.isError !== true && result.structuredContent !== undefined,
      `inspector tools/call ${tool}: ${
        result.isError ? JSON.stringify(result.content).slice(0, 160) : "answered"
      }`,
    );
  }

  // 3. Gemini CLI with toolatlas's generated command.
  const self = selfInstallConfigs("http://localhost:8000", REPO).find((c) =>
    c.client === "gemini-cli"
  )!;
  r = await bash(self.local.cliCommand!, project, env);
  check(r.code === 0, `${self.local.cliCommand}: ${r.out.trim().split("\n").pop()}`);
  r = await bash("gemini mcp list", project, env);
  const gline = r.out.split("\n").find((l) => l.includes("toolatlas")) ?? r.out.trim();
  check(/Connected/.test(gline) && !/Disconnected/.test(gline), `gemini mcp list: ${gline}`);

  // 4. Generated commands of real servers in the real CLIs.
  const ctx = await openContext(catalog, "http://localhost:8000");
  const viaCli = await tmp("cli");
  const viaJson = await tmp("json");
  const gHome = await tmp("gemini-home");
  const data = await tmp("data");
  const noSecret: string[] = [];
  try {
    for (const name of SERVERS) {
      const [claude] = getInstallConfig(ctx, { name, client: "claude-code" }).configs;
      const [gemini] = getInstallConfig(ctx, { name, client: "gemini-cli" }).configs;
      if (!claude?.available || !gemini?.available) {
        check(false, `${name}: no config (${claude?.reason})`);
        continue;
      }
      const key = claude.serverKey!;
      const entry = (claude.configObject as { mcpServers: Record<string, unknown> }).mcpServers[
        key
      ];
      await bash(await filled(claude, claude.cliCommand!, data), viaCli, env);
      const json = await filled(claude, JSON.stringify(entry), data);
      await bash(`claude mcp add-json --scope project ${key} '${json}'`, viaJson, env);
      const [a, b] = [(await claudeEntries(viaCli))[key], (await claudeEntries(viaJson))[key]];
      check(
        a !== undefined && isDeepStrictEqual(a, b),
        `claude: ${claude.cliCommand!.slice(0, 90)}... writes the add-json entry`,
      );
      if (!isDeepStrictEqual(a, b)) console.log(`  cli:  ${JSON.stringify(a)}\n  json: ${json}`);
      const gEnv = { ...env, HOME: gHome };
      const g = await bash(await filled(gemini, gemini.cliCommand!, data), project, gEnv);
      const gEntry = await filled(
        gemini,
        JSON.stringify(
          (gemini.configObject as { mcpServers: Record<string, unknown> })
            .mcpServers[key],
        ),
        data,
      );
      const written = (await geminiEntries(gHome))[key];
      check(
        g.code === 0 && isDeepStrictEqual(written, JSON.parse(gEntry)),
        `gemini: ${gemini.cliCommand!.slice(0, 90)}... writes the config's entry`,
      );
      if (!isDeepStrictEqual(written, JSON.parse(gEntry))) {
        console.log(`  written: ${JSON.stringify(written)}\n  config:  ${gEntry}\n  ${g.out}`);
      }
      if (!claude.secrets.some((s) => s.secret && s.required)) noSecret.push(key);
    }
  } finally {
    closeContext(ctx);
  }
  r = await bash("claude mcp list", viaCli, { ...env, MEMORY_FILE_PATH: `${data}/memory.json` });
  for (const key of noSecret) {
    const l = r.out.split("\n").find((x) => x.startsWith(`${key}:`)) ?? `${key}: missing`;
    check(/✓ Connected/.test(l), `claude mcp list (added by the generated command): ${l}`);
  }
  for (const dir of [home, project, viaCli, viaJson, gHome, data, bin]) {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  console.log(`\n${failures} failed`);
  return failures === 0 ? 0 : 1;
}

Deno.exit(await main());
