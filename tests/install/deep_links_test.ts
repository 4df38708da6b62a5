/**
 * One-click install links: each decodes, the way its client decodes it, back to exactly the
 * server entry of the same config, and none carries a secret value.
 *
 * @module
 */
import assert from "node:assert/strict";
import { clientInfo } from "../../src/install/client_table.ts";
import { installConfigs } from "../../src/install/mod.ts";
import type { InstallConfig, InstallOption } from "../../src/model/install.ts";
import { FIXTURES, SECRET_MARK } from "../fixtures/install/servers.ts";
import { hostileRemote, hostileServer } from "./_hostile.ts";

/** Cursor's reading of its link: `name`, and `config` as base64 of UTF-8 JSON. */
function decodeCursor(url: string): { name: string | null; config: unknown } {
  const link = new URL(url);
  assert.equal(
    `${link.protocol}//${link.host}${link.pathname}`,
    "cursor://anysphere.cursor-deeplink/mcp/install",
  );
  const bytes = Uint8Array.from(
    atob(link.searchParams.get("config") ?? ""),
    (c) => c.charCodeAt(0),
  );
  return {
    name: link.searchParams.get("name"),
    config: JSON.parse(new TextDecoder().decode(bytes)),
  };
}

/** VS Code's reading (`handleMcpInstallUri`): `JSON.parse(decodeURIComponent(query))`. */
function decodeVscode(url: string, scheme: string): Record<string, unknown> {
  const prefix = `${scheme}:mcp/install?`;
  assert.ok(url.startsWith(prefix), url);
  return JSON.parse(decodeURIComponent(url.slice(prefix.length)));
}

/** The fields of one way to install that links are built from. */
type Option = Pick<InstallOption, "configObject" | "cliCommand" | "deepLinks" | "secrets">;

/** Every option of a config: the chosen one and each alternative. */
function options(cfg: InstallConfig): Option[] {
  return cfg.available ? [cfg, ...cfg.alternatives] : [];
}

const canary = `${Deno.makeTempDirSync({ prefix: "toolatlas-canary-" })}/ran`;
const SERVERS = [
  ...FIXTURES.map((f) => f.server),
  hostileServer(canary),
  hostileRemote(canary),
];

Deno.test("deep links: Cursor's decodes to exactly the config's mcpServers entry, for every option", () => {
  let checked = 0;
  for (const server of SERVERS) {
    const cfg = installConfigs(server).find((c) => c.client === "cursor")!;
    for (const option of options(cfg)) {
      assert.deepEqual(option.deepLinks.map((l) => l.app), ["cursor"], server.name);
      const { name, config } = decodeCursor(option.deepLinks[0]!.url);
      const servers = (option.configObject as { mcpServers: Record<string, unknown> }).mcpServers;
      assert.deepEqual(Object.keys(servers), [name]);
      assert.deepEqual(config, servers[name!], server.name);
      checked++;
    }
  }
  assert.ok(checked >= SERVERS.length, `${checked} options`);
});

Deno.test("deep links: VS Code's and Insiders' decode to the servers entry plus name and inputs", () => {
  let checked = 0;
  for (const server of SERVERS) {
    const cfg = installConfigs(server).find((c) => c.client === "vscode")!;
    for (const option of options(cfg)) {
      assert.deepEqual(option.deepLinks.map((l) => [l.app, l.label]), [
        ["vscode", "Add to VS Code"],
        ["vscode-insiders", "Add to VS Code Insiders"],
      ]);
      const obj = option.configObject as { inputs: unknown[]; servers: Record<string, unknown> };
      const [key] = Object.keys(obj.servers);
      for (
        const [link, scheme] of [[option.deepLinks[0]!, "vscode"], [
          option.deepLinks[1]!,
          "vscode-insiders",
        ]] as const
      ) {
        const { name, inputs, ...entry } = decodeVscode(link.url, scheme);
        assert.equal(name, key);
        assert.deepEqual(entry, obj.servers[key!], server.name);
        assert.deepEqual(inputs ?? [], obj.inputs, server.name);
      }
      // `code --add-mcp` takes the same JSON.
      const cli = option.cliCommand!;
      assert.ok(cli.startsWith("code --add-mcp '"));
      checked++;
    }
  }
  assert.ok(checked >= SERVERS.length, `${checked} options`);
});

Deno.test("deep links: only Cursor and VS Code configs have them", () => {
  for (const cfg of installConfigs(FIXTURES[0]!.server)) {
    const apps = cfg.deepLinks.map((l) => l.app);
    if (cfg.client === "cursor") assert.deepEqual(apps, ["cursor"]);
    else if (cfg.client === "vscode") assert.deepEqual(apps, ["vscode", "vscode-insiders"]);
    else assert.deepEqual(apps, [], cfg.client);
  }
});

Deno.test("deep links: never a secret value, only the client's placeholders", () => {
  for (const server of SERVERS) {
    for (const cfg of installConfigs(server)) {
      for (const option of options(cfg)) {
        for (const link of option.deepLinks) {
          const decoded = link.app === "cursor"
            ? JSON.stringify(decodeCursor(link.url).config)
            : JSON.stringify(decodeVscode(link.url, link.app));
          assert.ok(!decoded.includes(SECRET_MARK), `${server.name} ${link.app}`);
          for (const secret of option.secrets.filter((s) => s.secret)) {
            assert.ok(decoded.includes(secret.placeholder), `${secret.placeholder} in ${decoded}`);
          }
        }
      }
    }
  }
});

Deno.test("data/clients.json cites the documentation of every install link and CLI command", () => {
  for (const cfg of installConfigs(FIXTURES[0]!.server)) {
    const info = clientInfo(cfg.client);
    assert.equal(info.deepLinkDocsUrl !== null, cfg.deepLinks.length > 0, cfg.client);
    assert.equal(info.cliDocsUrl !== null, cfg.cliCommand !== null, cfg.client);
    if (cfg.cliCommand !== null) {
      assert.ok(cfg.cliCommand.startsWith(`${info.cli} `), `${cfg.client}: ${cfg.cliCommand}`);
    }
  }
});
