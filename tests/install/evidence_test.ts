import assert from "node:assert/strict";
import { envName, placeholderName } from "../../src/install/inputs.ts";
import { installConfig, installLevel } from "../../src/install/mod.ts";
import { GEMINI_STDIO_TIMEOUT_MS } from "../../src/install/clients/gemini_cli.ts";
import type { CatalogServer, ServerPackage } from "../../src/model/server.ts";
import { completePackage } from "../../src/ingest/merge_packages.ts";
import { server } from "../fixtures/catalog.ts";

const checked = (reason: string) => ({ level: "checked" as const, reasons: [reason] });
const unverified = (reason: string) => ({ level: "unverified" as const, reasons: [reason] });

function withPackages(packages: ServerPackage[]): CatalogServer {
  return server({
    name: "github.com/author/puppeteer-mcp-server",
    title: "Puppeteer MCP",
    repositoryUrl: "https://github.com/author/puppeteer-mcp-server",
    hosting: "local",
    packages,
  });
}

Deno.test("placeholders are the environment variable's own name", () => {
  for (const name of ["NEO4J_URI", "N8N_API_KEY", "E2B_API_KEY", "D365FO_URL", "SEARCH1API_KEY"]) {
    assert.equal(envName(name), name);
    assert.equal(placeholderName(name, "env"), name);
  }
  assert.equal(placeholderName("npm_config_cache", "env"), "npm_config_cache");
  assert.equal(placeholderName("NODE_ENV=", "env"), "NODE_ENV");
  // Not a variable name as written: the nearest one.
  assert.equal(placeholderName("MIRO-OAUTH-KEY", "env"), "MIRO_OAUTH_KEY");
  assert.equal(envName("apiKey"), "API_KEY");
  const cfg = installConfig(
    withPackages([{
      registryType: "npm",
      identifier: "neo4j-mcp",
      environmentVariables: [{ name: "NEO4J_URI", isRequired: true }],
      evidence: checked("x"),
    }]),
    "claude-code",
  );
  const entry =
    (cfg.configObject as { mcpServers: Record<string, { env: Record<string, string> }> })
      .mcpServers;
  assert.equal(Object.values(entry)[0]!.env.NEO4J_URI, "${NEO4J_URI}");
});

Deno.test("a package only a catalog vouches for is never recommended, only offered with why", () => {
  const s = withPackages([{
    registryType: "npm",
    identifier: "solana-docs",
    source: "toolsdk",
    evidence: unverified("only toolsdk lists it, and the npm registry here has no such package"),
  }]);
  const cfg = installConfig(s, "claude-code");
  assert.equal(cfg.available, false);
  assert.equal(cfg.config, null);
  assert.match(cfg.reason!, /every way to install it is unverified \(only toolsdk lists it/);
  assert.equal(cfg.alternatives.length, 1);
  assert.equal(cfg.alternatives[0]!.evidence.level, "unverified");
  assert.equal(installLevel(s), "unverified");
});

Deno.test("the author's own package beats a republished copy; evidence is shown", () => {
  const s = withPackages([
    {
      registryType: "npm",
      identifier: "@iflow-mcp/puppeteer-mcp-server",
      source: "toolsdk",
      evidence: checked("toolsdk validated it"),
    },
    {
      registryType: "npm",
      identifier: "puppeteer-mcp-server",
      source: "glama",
      evidence: checked("npm's repository field names the server's repository"),
    },
  ]);
  const cfg = installConfig(s, "claude-code");
  assert.equal(cfg.method!.identifier, "puppeteer-mcp-server");
  assert.equal(cfg.evidence!.level, "checked");
  assert.match(cfg.evidence!.text, /^package checked: npm's repository field/);
  assert.equal(cfg.alternatives[0]!.method.identifier, "@iflow-mcp/puppeteer-mcp-server");
  assert.equal(installLevel(s), "checked");
});

Deno.test("Gemini CLI configs of a launched package carry a connection timeout", () => {
  const cfg = installConfig(
    withPackages([{ registryType: "npm", identifier: "tool-mcp", evidence: checked("x") }]),
    "gemini-cli",
  );
  const entry = Object.values(
    (cfg.configObject as { mcpServers: Record<string, { timeout?: number }> }).mcpServers,
  )[0]!;
  assert.equal(entry.timeout, GEMINI_STDIO_TIMEOUT_MS);
  assert.match(cfg.cliCommand!, /--timeout 60000/);
});

Deno.test("arguments a README says the server needs are in the config, the ones to fill as required inputs", () => {
  const claude = (identifier: string) => {
    const cfg = installConfig(
      withPackages([completePackage({
        registryType: "npm",
        identifier,
        evidence: checked("npm's repository field names the server's repository"),
      })]),
      "claude-code",
    );
    const entry = Object.values(
      (cfg.configObject as { mcpServers: Record<string, { args: string[] }> }).mcpServers,
    )[0]!;
    return { args: entry.args, required: cfg.requiredInputs.map((i) => i.placeholder) };
  };
  assert.deepEqual(claude("repomix"), { args: ["-y", "repomix", "--mcp"], required: [] });
  const bq = claude("@ergut/mcp-bigquery-server");
  assert.deepEqual(bq.args.slice(0, 4), [
    "-y",
    "@ergut/mcp-bigquery-server",
    "--project-id",
    bq.required[0],
  ]);
  assert.equal(bq.required.length, 1);
  const ado = claude("@azure-devops/mcp");
  assert.deepEqual(ado.args, ["-y", "@azure-devops/mcp", ado.required[0]]);
  assert.match(ado.required[0]!, /organization/i);
  const vault = claude("obsidian-mcp");
  assert.deepEqual(vault.args, ["-y", "obsidian-mcp", vault.required[0]]);
  assert.match(vault.required[0]!, /vault/i);
});

Deno.test("a server whose every package was refused says why each one was", () => {
  const s = withPackages([]);
  s.hosting = "unknown";
  s.refusedPackages = [{
    source: "toolsdk",
    package: { registryType: "npm", identifier: "two-programs-mcp" },
    reason: "two-programs-mcp: npx cannot tell which of its executables to run (a-mcp, b)",
  }];
  const cfg = installConfig(s, "claude-code");
  assert.equal(cfg.available, false);
  assert.match(cfg.reason!, /every package the sources list was refused/);
  assert.match(cfg.reason!, /npx two-programs-mcp \(listed by toolsdk: .*npx cannot tell which/);
  assert.doesNotMatch(cfg.reason!, /does not match the repository/);
});
