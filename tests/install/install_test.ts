import assert from "node:assert/strict";
import { parse as parseToml } from "smol-toml";
import { installConfig, installConfigs, NO_METHOD_REASON } from "../../src/install/mod.ts";
import { CLOUDQUERY, FIXTURES, NOTHING, SECRET_MARK } from "../fixtures/install/servers.ts";
import { CLIENT_IDS, type ClientId, InstallConfig } from "../../src/model/install.ts";

/** Every fixture × client pair with its generated config. */
const MATRIX: { fixture: string; client: ClientId; cfg: InstallConfig }[] = FIXTURES.flatMap((f) =>
  installConfigs(f.server).map((cfg) => ({ fixture: f.id, client: cfg.client, cfg }))
);

/** Clients that have a CLI to add servers. */
const CLI_CLIENTS: readonly ClientId[] = ["claude-code", "vscode", "codex", "gemini-cli"];

function label(fixture: string, client: string): string {
  return `${fixture} / ${client}`;
}

/** The server entry of a config object, found under the client's top-level key. */
function entryOf(cfg: InstallConfig): Record<string, unknown> {
  const top: Record<ClientId, string> = {
    "cursor": "mcpServers",
    "claude-desktop": "mcpServers",
    "claude-code": "mcpServers",
    "vscode": "servers",
    "zed": "context_servers",
    "windsurf": "mcpServers",
    "codex": "mcp_servers",
    "gemini-cli": "mcpServers",
  };
  const obj = cfg.configObject as Record<string, Record<string, Record<string, unknown>>>;
  const map = obj[top[cfg.client]];
  assert.ok(map, `${cfg.client}: missing top-level ${top[cfg.client]}`);
  const entry = map[cfg.serverKey ?? ""];
  assert.ok(entry, `${cfg.client}: missing server ${cfg.serverKey}`);
  return entry;
}

Deno.test("installConfigs() answers once per client, in CLIENT_IDS order", () => {
  for (const f of FIXTURES) {
    assert.deepEqual(installConfigs(f.server).map((c) => c.client), [...CLIENT_IDS]);
  }
  assert.equal(CLIENT_IDS.length, 8);
});

Deno.test("installConfig() chooses the expected method for every fixture and client", () => {
  for (const f of FIXTURES) {
    for (const client of CLIENT_IDS) {
      if (f.id === "cloudquery" && client === "claude-desktop") continue; // bundle, tested below
      const cfg = installConfig(f.server, client);
      const where = label(f.id, client);
      assert.equal(cfg.available, f.expect.available, `${where}: ${cfg.reason}`);
      if (!f.expect.available) continue;
      assert.equal(cfg.reason, null, where);
      assert.equal(cfg.method?.kind, f.expect.kind, where);
      if (f.expect.registryType) {
        assert.equal(cfg.method?.registryType, f.expect.registryType, where);
      }
      if (f.expect.transport) assert.equal(cfg.method?.transport, f.expect.transport, where);
    }
  }
});

Deno.test("installConfig() config text parses in the client's format and equals configObject", () => {
  let checked = 0;
  for (const { fixture, client, cfg } of MATRIX) {
    if (cfg.config === null) continue;
    const where = label(fixture, client);
    // smol-toml builds null-prototype objects: compare plain copies.
    const parsed = cfg.format === "toml"
      ? JSON.parse(JSON.stringify(parseToml(cfg.config)))
      : JSON.parse(cfg.config);
    assert.deepEqual(parsed, cfg.configObject, where);
    assert.equal(cfg.format, client === "codex" ? "toml" : "json", where);
    checked++;
  }
  assert.ok(checked >= 150, `only ${checked} configs checked`);
});

Deno.test("installConfig() never copies a secret value into any output", () => {
  for (const { fixture, client, cfg } of MATRIX) {
    assert.ok(!JSON.stringify(cfg).includes(SECRET_MARK), label(fixture, client));
  }
});

Deno.test("installConfig() output always matches InstallConfig", () => {
  for (const { fixture, client, cfg } of MATRIX) {
    const result = InstallConfig.safeParse(cfg);
    assert.ok(result.success, `${label(fixture, client)}: ${result.error?.message}`);
  }
});

Deno.test("installConfig() gives file paths for pasteable configs and a CLI command for CLI clients", () => {
  for (const { fixture, client, cfg } of MATRIX) {
    const where = label(fixture, client);
    if (cfg.config === null) {
      assert.deepEqual(cfg.filePaths, [], where);
      assert.equal(cfg.cliCommand, null, where);
      continue;
    }
    assert.ok(cfg.filePaths.length > 0, where);
    assert.ok(cfg.filePaths.every((p) => p.path.length > 0), where);
    if (CLI_CLIENTS.includes(client)) {
      assert.ok(cfg.cliCommand, `${where}: missing CLI command`);
    } else assert.equal(cfg.cliCommand, null, where);
  }
});

Deno.test("installConfig() keys the server with a short kebab-case key", () => {
  for (const { fixture, client, cfg } of MATRIX) {
    if (cfg.config === null) continue;
    assert.match(cfg.serverKey ?? "", /^[a-z0-9]+(-[a-z0-9]+)*$/, label(fixture, client));
    assert.ok((cfg.serverKey ?? "").length <= 40, label(fixture, client));
    entryOf(cfg);
  }
});

Deno.test("installConfig() shows every listed secret's placeholder in the config or CLI", () => {
  for (const { fixture, client, cfg } of MATRIX) {
    for (const secret of cfg.secrets) {
      const text = `${cfg.config}\n${cfg.cliCommand ?? ""}`;
      assert.ok(
        text.includes(secret.placeholder),
        `${label(fixture, client)}: ${secret.placeholder} not used`,
      );
    }
  }
});

Deno.test("installConfig() writes each client's documented entry shape", () => {
  for (const { fixture, client, cfg } of MATRIX) {
    if (cfg.config === null) continue;
    const where = label(fixture, client);
    const entry = entryOf(cfg);
    const remote = typeof entry.command !== "string";
    if (!remote) assert.ok(Array.isArray(entry.args), `${where}: args`);
    switch (client) {
      case "cursor":
        if (remote) assert.equal(typeof entry.url, "string", where);
        break;
      case "claude-desktop":
        assert.equal(entry.url, undefined, where);
        assert.equal(typeof entry.command, "string", where);
        if (cfg.method?.kind === "remote") {
          assert.deepEqual((entry.args as string[]).slice(0, 3), [
            "-y",
            "mcp-remote",
            cfg.method.url,
          ]);
        }
        break;
      case "claude-code":
      case "vscode": {
        const type = cfg.method?.kind === "package"
          ? "stdio"
          : cfg.method?.transport === "sse"
          ? "sse"
          : "http";
        assert.equal(entry.type, type, where);
        if (client === "vscode") {
          assert.ok(Array.isArray((cfg.configObject as { inputs?: unknown }).inputs), where);
        }
        break;
      }
      case "zed":
        assert.equal(entry.source, undefined, where);
        if (remote) assert.equal(cfg.method?.transport, "streamable-http", where);
        break;
      case "windsurf":
        if (remote) {
          assert.equal(typeof entry.serverUrl, "string", where);
          assert.equal(entry.url, undefined, where);
        }
        break;
      case "codex":
        assert.match(cfg.config ?? "", new RegExp(`^\\[mcp_servers\\.${cfg.serverKey}\\]$`, "m"));
        if (remote) assert.equal(cfg.method?.transport, "streamable-http", where);
        assert.equal(entry.headers, undefined, where);
        break;
      case "gemini-cli":
        if (remote) {
          assert.equal(typeof entry.url, "string", where);
          assert.equal(entry.type, cfg.method?.transport === "sse" ? "sse" : "http", where);
          assert.equal(entry.httpUrl, undefined, where);
        }
        break;
    }
  }
});

Deno.test("VS Code configs declare a matching input for every ${input:id}, password true for secrets", () => {
  for (const { fixture, client, cfg } of MATRIX) {
    if (client !== "vscode" || cfg.config === null) continue;
    const where = label(fixture, client);
    const inputs = (cfg.configObject as {
      inputs: { type: string; id: string; description: string; password: boolean }[];
    }).inputs;
    const used = [...(cfg.config ?? "").matchAll(/\$\{input:([^}]+)\}/g)].map((m) => m[1]);
    assert.deepEqual(new Set(inputs.map((i) => i.id)), new Set(used), where);
    for (const input of inputs) {
      assert.equal(input.type, "promptString", where);
      const secret = cfg.secrets.find((s) => s.placeholder === `\${input:${input.id}}`);
      assert.ok(secret, `${where}: ${input.id}`);
      assert.equal(input.password, secret.secret, `${where}: ${input.id}`);
    }
  }
});

Deno.test("a server with no package and no remote is unavailable in every client, with the reason", () => {
  for (const cfg of installConfigs(NOTHING)) {
    assert.equal(cfg.available, false);
    assert.equal(cfg.reason, NO_METHOD_REASON);
    assert.equal(
      cfg.reason,
      "No install method known: no source lists a package or a remote endpoint for this server",
    );
    assert.equal(cfg.method, null);
    assert.equal(cfg.config, null);
    assert.equal(cfg.configObject, null);
    assert.equal(cfg.serverKey, null);
    assert.deepEqual(cfg.secrets, []);
  }
});

Deno.test("a bundle-only server installs only in Claude Desktop, by opening the bundle", () => {
  const cfgs = installConfigs(CLOUDQUERY);
  for (const cfg of cfgs) {
    if (cfg.client === "claude-desktop") continue;
    assert.equal(cfg.available, false, cfg.client);
    assert.match(cfg.reason ?? "", /MCP bundle \(\.mcpb\).*only Claude Desktop installs bundles/);
  }
  const desktop = installConfig(CLOUDQUERY, "claude-desktop");
  assert.equal(desktop.available, true);
  assert.equal(desktop.method?.registryType, "mcpb");
  assert.equal(desktop.config, null);
  assert.equal(desktop.configObject, null);
  assert.equal(desktop.cliCommand, null);
  assert.ok(desktop.notes.some((n) => n.includes("cq-darwin-arm64.mcpb (darwin-arm64)")));
  assert.ok(desktop.notes.some((n) => n.includes("SHA-256")));
});

Deno.test("installConfig() rejects an unknown client id", () => {
  assert.throws(
    () => installConfig(NOTHING, "emacs" as ClientId),
    (e) => e instanceof RangeError && e.message === 'Cannot configure unknown client "emacs"',
  );
});

Deno.test("every available config links the client's documentation", () => {
  for (const { fixture, client, cfg } of MATRIX) {
    if (!cfg.available) continue;
    assert.ok(
      cfg.notes.some((n) => n.startsWith("Documentation: https://")),
      label(fixture, client),
    );
  }
});
