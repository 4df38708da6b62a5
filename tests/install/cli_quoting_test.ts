/**
 * The CLI commands of install configs, pasted into bash and zsh as a user pastes them (an
 * interactive shell, history expansion on): the client's command receives exactly the values of
 * the config, for a server whose names, arguments, values and URL hold every character a shell
 * reads, and nothing runs. `claude`, `gemini`, `codex` and `code` are shell functions here that
 * print the arguments they get.
 *
 * zsh is used when installed (`apt-get install -y zsh`); bash always.
 *
 * @module
 */
import assert from "node:assert/strict";
import { installConfigs } from "../../src/install/mod.ts";
import type { InstallConfig, InstallOption } from "../../src/model/install.ts";
import { GITHUB, PERPLEXITY, POSTGRES } from "../fixtures/install/servers.ts";
import { hostileRemote, hostileServer } from "./_hostile.ts";

const STUBS = ["claude", "gemini", "codex", "code"]
  .map((name) => `${name}() { printf '%s\\0' "$@"; }`).join("\n");

async function _has(shell: string): Promise<boolean> {
  try {
    return (await new Deno.Command(shell, { args: ["-c", "exit 0"] }).output()).success;
  } catch {
    return false;
  }
}

const SHELLS: { name: string; args: string[] }[] = [
  { name: "bash", args: ["--norc", "--noprofile", "-i", "-c"] },
];
if (await _has("zsh")) SHELLS.push({ name: "zsh", args: ["-f", "-i", "-c"] });

/** The arguments the client's command receives when `line` is pasted into `shell`. */
async function pasted(shell: { name: string; args: string[] }, line: string): Promise<string[]> {
  const out = await new Deno.Command(shell.name, {
    args: [...shell.args, `${STUBS}\n${line}`],
    env: { HOME: "/nonexistent-home", USER: "user" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, `${shell.name}: ${new TextDecoder().decode(out.stderr)}`);
  const text = new TextDecoder().decode(out.stdout);
  assert.ok(text.endsWith("\0"), `${shell.name} printed ${JSON.stringify(text)}`);
  return text.slice(0, -1).split("\0");
}

/** The fields of one way to install that the command is checked against. */
type Option = Pick<InstallOption, "configObject" | "cliCommand"> & {
  method: InstallOption["method"] | null;
};

type Entry = Record<string, unknown> & {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  url?: string;
  headers?: Record<string, string>;
};

/** The one server entry of a config object, under the client's top-level key. */
function entryOf(option: Option, topLevelKey: string): [string, Entry] {
  const servers = (option.configObject as Record<string, Record<string, Entry>>)[topLevelKey]!;
  const [pair] = Object.entries(servers);
  return pair!;
}

/** The words after `--`. */
function afterDashes(argv: string[]): string[] {
  return argv.slice(argv.indexOf("--") + 1);
}

/** Checks that a client's CLI receives the config's own values. */
function assertSameAsConfig(cfg: InstallConfig, option: Option, argv: string[]): void {
  const where = `${cfg.client} ${option.method?.identifier ?? option.method?.url}`;
  switch (cfg.client) {
    case "claude-code": {
      const [key, entry] = entryOf(option, "mcpServers");
      if (entry.type === "stdio") {
        assert.deepEqual(argv.slice(0, 5), ["mcp", "add-json", "--scope", "project", key]);
        assert.deepEqual(JSON.parse(argv[5]!), entry, where);
        assert.equal(argv.length, 6);
      } else {
        assert.deepEqual(argv.slice(6, 8), [key, entry.url], where);
        const headers = Object.entries(entry.headers ?? {}).flatMap(([k, v]) => [
          "--header",
          `${k}: ${v}`,
        ]);
        assert.deepEqual(argv.slice(8), headers, where);
      }
      break;
    }
    case "vscode": {
      const obj = option.configObject as { inputs: unknown[]; servers: Record<string, Entry> };
      const [key, entry] = Object.entries(obj.servers)[0]!;
      assert.equal(argv[0], "--add-mcp");
      const { name, inputs, ...rest } = JSON.parse(argv[1]!);
      assert.equal(name, key);
      assert.deepEqual(rest, entry, where);
      assert.deepEqual(inputs ?? [], obj.inputs, where);
      break;
    }
    case "gemini-cli": {
      const [key, entry] = entryOf(option, "mcpServers");
      if (entry.command !== undefined) {
        const i = argv.indexOf(key);
        assert.deepEqual(argv.slice(i + 1, i + 2), [entry.command], where);
        assert.deepEqual(afterDashes(argv), entry.args ?? [], where);
        for (const [name, value] of Object.entries(entry.env ?? {})) {
          assert.ok(argv.includes(`${name}=${value}`), `${where}: ${name}`);
        }
      } else {
        assert.deepEqual(argv.slice(-2), [key, entry.url], where);
        for (const [name, value] of Object.entries(entry.headers ?? {})) {
          assert.ok(argv.includes(`${name}: ${value}`), `${where}: ${name}`);
        }
      }
      break;
    }
    case "codex": {
      const [key, entry] = entryOf(option, "mcp_servers");
      assert.equal(argv[2], key, where);
      if (entry.command !== undefined) {
        assert.deepEqual(afterDashes(argv), [entry.command, ...(entry.args ?? [])], where);
        for (const [name, value] of Object.entries(entry.env ?? {})) {
          assert.ok(argv.includes(`${name}=${value}`), `${where}: ${name}`);
        }
      } else assert.equal(argv[argv.indexOf("--url") + 1], entry.url, where);
      break;
    }
    default:
      assert.fail(`${cfg.client} has no CLI`);
  }
}

const canary = `${Deno.makeTempDirSync({ prefix: "toolatlas-canary-" })}/ran`;

Deno.test("CLI commands pasted into bash and zsh pass the config's values unchanged, hostile ones too", async () => {
  const servers = [hostileServer(canary), hostileRemote(canary), GITHUB, PERPLEXITY, POSTGRES];
  let checked = 0;
  for (const server of servers) {
    for (const cfg of installConfigs(server)) {
      for (const option of cfg.available ? [cfg, ...cfg.alternatives] : []) {
        if (option.cliCommand === null) continue;
        for (const shell of SHELLS) {
          const argv = await pasted(shell, option.cliCommand);
          assertSameAsConfig(cfg, option, argv);
          checked++;
        }
      }
    }
  }
  assert.ok(checked >= servers.length * 4 * SHELLS.length, `${checked} commands`);
  assert.throws(() => Deno.statSync(canary), Deno.errors.NotFound, "a pasted command ran code");
});

Deno.test("the hostile values are in the commands, so the test above sees them", () => {
  const cfg = installConfigs(hostileServer(canary)).find((c) => c.client === "claude-code")!;
  const [, entry] = entryOf(cfg, "mcpServers");
  assert.ok(entry.args!.some((a) => a.includes("$(touch") && a.includes("`touch")));
  assert.ok(entry.args!.includes("=ls"));
  assert.match(entry.env!.MODE!, /\n/);
  const remote = installConfigs(hostileRemote(canary)).find((c) => c.client === "claude-code")!;
  assert.match(entryOf(remote, "mcpServers")[1].url!, /\$\(touch/);
});
