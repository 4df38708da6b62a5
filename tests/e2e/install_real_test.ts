/**
 * Install configs of real catalog servers (built from ../shared/data) for all eight clients,
 * checked as a user would paste them: every declared secret and required argument is present as
 * a placeholder in that client's own mechanism, Docker configs pass `-e NAME`, no value is empty
 * or a leftover template, and the chosen package belongs to the server.
 */
import assert from "node:assert/strict";
import { parse as parseToml } from "smol-toml";
import { packageBelongs, verifiesPackages } from "../../src/ingest/merge_packages.ts";
import { isSecretInput, placeholderName } from "../../src/install/inputs.ts";
import { npxCannotPick, readPackageChecks } from "../../src/ingest/package_evidence.ts";
import { installConfig } from "../../src/install/mod.ts";
import { realCatalog } from "../_helpers.ts";
import {
  CLIENT_IDS,
  type ClientId,
  type InstallConfig,
  type InstallOption,
} from "../../src/model/install.ts";
import { type CatalogServer, packageKey, type ServerInput } from "../../src/model/server.ts";

type Kind =
  | "npm"
  | "pypi"
  | "oci"
  | "nuget"
  | "mcpb"
  | "remote-only"
  | "secret"
  | "positional"
  | "named"
  | "header"
  | "no-secret";

/** A real server of {@link SERVERS}. */
interface Spec {
  name: string;
  kinds: Kind[];
  /** The method Cursor (speaks remotes) should get: `remote`, a registry type, or `none`. */
  cursor: string;
  /** The method Claude Desktop (does not speak remotes) should get. */
  desktop: string;
}

/** A row of {@link SERVERS}; Claude Desktop gets what Cursor gets unless `desktop` is given. */
function spec(name: string, kinds: Kind[], cursor: string, desktop: string = cursor): Spec {
  return { name, kinds, cursor, desktop };
}

/** Where the reference servers of the MCP project live. */
const REFERENCE = "github.com/modelcontextprotocol/servers/src";

/**
 * Real servers of different kinds, with what a client that speaks remotes (Cursor) and one that
 * does not (Claude Desktop) should get: `remote`, a registry type, or `none`.
 */
const SERVERS: Spec[] = [
  // Famous servers from the issue.
  spec("io.github.github/github-mcp-server", ["remote-only", "header", "oci", "secret"], "remote"),
  spec("com.stripe/mcp", ["remote-only"], "remote"),
  spec("com.notion/mcp", ["remote-only"], "remote"),
  spec("com.cloudflare.mcp/mcp", ["remote-only", "header"], "remote"),
  spec("io.github.firecrawl/firecrawl-mcp-server", ["npm", "secret"], "npm"),
  spec(`${REFERENCE}/slack`, ["npm", "secret"], "npm"),
  spec("github.com/awslabs/mcp", [], "none"),
  // Reference servers: positional arguments, volumes, npm before Docker.
  spec(`${REFERENCE}/filesystem`, ["npm", "positional", "oci"], "npm"),
  spec(`${REFERENCE}/postgres`, ["npm", "positional", "secret"], "npm"),
  spec(`${REFERENCE}/sqlite`, ["oci", "named"], "oci"),
  spec(`${REFERENCE}/git`, ["oci", "positional"], "oci"),
  spec(`${REFERENCE}/memory`, ["npm", "oci"], "npm"),
  spec(`${REFERENCE}/sequentialthinking`, ["npm", "oci", "no-secret"], "npm"),
  spec(`${REFERENCE}/everything`, ["npm", "no-secret"], "npm"),
  spec(`${REFERENCE}/fetch`, ["pypi", "no-secret"], "pypi"),
  spec(`${REFERENCE}/time`, ["pypi", "no-secret"], "pypi"),
  spec("io.github.microsoft/playwright-mcp", ["npm", "oci", "no-secret"], "npm"),
  // Official registry records of every package type and input shape.
  spec("com.supabase/mcp", ["npm", "named", "secret"], "remote", "npm"),
  spec("io.github.upstash/context7", ["npm", "secret"], "npm"),
  spec("io.github.domdomegg/time-mcp-nuget", ["nuget"], "nuget"),
  spec("io.github.cloudquery/mcp", ["mcpb"], "none", "mcpb"),
  spec("ai.smithery/arjunkmrm-perplexity-search", ["remote-only", "header", "secret"], "remote"),
  // The PyPI package `zenml` only toolsdk lists (the ZenML library, not its MCP server) is
  // unverified: the image the official record lists is recommended (issue 29).
  spec("io.github.zenml-io/mcp-zenml", ["pypi", "oci", "secret"], "oci"),
  spec("io.github.domdomegg/airtable-mcp-server", ["npm", "oci", "mcpb", "secret"], "npm"),
  spec("com.pulsemcp.servers/pulse-fetch", ["npm", "secret"], "npm"),
  spec("io.github.GLips/Figma-Context-MCP", ["npm", "positional", "secret"], "npm"),
  spec("io.github.containers/kubernetes-mcp-server", ["npm"], "npm"),
  spec("com.apify/apify-mcp-server", ["remote-only", "header", "secret"], "remote"),
  spec("io.github.getsentry/sentry-mcp", ["npm", "secret"], "npm"),
  spec("com.teamwork/mcp", ["oci", "header", "secret"], "remote"),
  spec("io.github.florentine-ai/mcp", ["npm", "named", "secret"], "npm"),
  spec("io.github.mickymultani/crypto-bytes", ["pypi"], "pypi"),
  spec("app.getdialer/dialer", ["remote-only"], "remote"),
  spec("io.github.Daghis/teamcity", ["npm", "secret"], "npm"),
  spec("com.knitli/codeweaver", ["pypi", "secret"], "pypi"),
  spec("github.com/awslabs/mcp/src/aws-documentation-mcp-server", ["pypi", "oci"], "pypi"),
];

/** The client's own way of referring to a value it fills in (never a literal value). */
const MECHANISM: Record<ClientId, RegExp> = {
  "cursor": /\$\{env:[A-Z][A-Z0-9_]*\}/,
  "windsurf": /\$\{env:[A-Z][A-Z0-9_]*\}/,
  "claude-code": /\$\{[A-Z][A-Z0-9_]*(:-)?\}/,
  "vscode": /\$\{input:[a-z0-9-]+\}/,
  "gemini-cli": /\$\{?[A-Z][A-Z0-9_]*\}?/,
  "claude-desktop": /<YOUR_[A-Z][A-Z0-9_]*>/,
  "zed": /<YOUR_[A-Z][A-Z0-9_]*>/,
  "codex": /<YOUR_[A-Z][A-Z0-9_]*>/,
};

type Entry = Record<string, unknown> & {
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  headers?: Record<string, string>;
  env_vars?: string[];
  env_http_headers?: Record<string, string>;
  bearer_token_env_var?: string;
};

/** The server entry of a config. */
function entryOf(cfg: Pick<InstallConfig, "client" | "format" | "config" | "serverKey">): Entry {
  const obj =
    (cfg.format === "toml"
      ? JSON.parse(JSON.stringify(parseToml(cfg.config!)))
      : JSON.parse(cfg.config!)) as Record<string, Record<string, Entry>>;
  const top = { "vscode": "servers", "zed": "context_servers", "codex": "mcp_servers" }[
    cfg.client as string
  ] ?? "mcpServers";
  const entry = obj[top]?.[cfg.serverKey!];
  assert.ok(entry, `${cfg.client}: no entry ${cfg.serverKey} under ${top}`);
  return entry;
}

/** Every string in a value, with its path. */
function strings(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  }
  return [];
}

/** The secret inputs the record declares for the chosen package or endpoint. */
function declaredSecrets(
  server: CatalogServer,
  cfg: Pick<InstallOption, "method">,
): { env: string[]; args: ServerInput[]; headers: string[] } {
  const m = cfg.method;
  if (m.kind === "remote") {
    const remote = server.remotes.find((r) => r.url === m.url)!;
    return {
      env: [],
      args: [],
      headers: (remote.headers ?? []).filter(isSecretInput).map((h) => h.name),
    };
  }
  const pkg = server.packages.find((p) =>
    p.identifier === m.identifier && p.registryType === m.registryType
  )!;
  return {
    env: (pkg.environmentVariables ?? []).filter(isSecretInput).map((e) => e.name),
    args: [...(pkg.runtimeArguments ?? []), ...(pkg.packageArguments ?? [])].filter((a) =>
      isSecretInput(a) && a.value === undefined
    ),
    headers: [],
  };
}

/** Checks one complete config (the chosen one or an alternative) of one server and client. */
function checkOption(
  server: CatalogServer,
  client: ClientId,
  cfg: InstallOption & { client: ClientId; serverKey: string | null },
  where: string,
): void {
  const m = cfg.method;
  // The chosen package belongs to the server.
  if (m.kind === "package") {
    const pkg = server.packages.find((p) => p.identifier === m.identifier)!;
    assert.ok(
      verifiesPackages(pkg.source ?? "") ||
        packageBelongs(pkg, server.repositoryUrl, server.subfolder),
      `${where}: ${m.identifier} does not belong to ${server.repositoryUrl}`,
    );
  }
  if (cfg.config === null) {
    assert.equal(m.registryType, "mcpb", where);
    return;
  }
  const entry = entryOf(cfg);
  const text = `${cfg.config}\n${cfg.cliCommand ?? ""}`;
  // No empty or malformed value: no "", no leftover {name} / {{name}} templates.
  for (const [path, value] of strings(entry)) {
    assert.notEqual(value.trim(), "", `${where}: empty value at ${path}`);
    assert.ok(!/\{\{|undefined|\[object Object\]/.test(value), `${where}: ${path} = ${value}`);
    assert.ok(
      !/(^|[^$:])\{[A-Za-z_][\w.-]*\}/.test(value.replace(/\$\{[^}]*\}/g, "")),
      `${where}: template left in ${path} = ${value}`,
    );
  }
  // Every placeholder the config uses is listed, with the client's mechanism for secrets.
  for (const s of cfg.secrets) {
    assert.ok(text.includes(s.placeholder), `${where}: ${s.placeholder} not in the config`);
    if (s.secret && client !== "codex") {
      assert.match(s.placeholder, MECHANISM[client], `${where}: ${s.name}`);
    }
  }
  for (const r of cfg.requiredInputs) {
    assert.ok(r.required && text.includes(r.placeholder), `${where}: ${r.name}`);
  }
  // Declared secrets are present in the client's mechanism.
  const declared = declaredSecrets(server, cfg);
  const bridged = m.kind === "remote" && typeof entry.command === "string";
  for (const name of declared.env) {
    if (client === "codex") {
      assert.ok(
        entry.env_vars?.includes(name) || MECHANISM.codex.test(entry.env?.[name] ?? ""),
        `${where}: ${name} not forwarded`,
      );
    } else {
      assert.match(entry.env?.[name] ?? "", MECHANISM[client], `${where}: env ${name}`);
    }
    if (entry.command === "docker") {
      const args = entry.args ?? [];
      assert.ok(
        args.some((a, i) => a === "-e" && args[i + 1] === name),
        `${where}: docker lacks -e ${name}`,
      );
    }
  }
  for (const arg of declared.args) {
    const shown = cfg.secrets.find((s: { kind: string; secret: boolean }) =>
      s.kind === "argument" && s.secret
    );
    assert.ok(
      shown && (entry.args ?? []).some((a) => a.includes(shown.placeholder)),
      `${where}: ${arg.name}`,
    );
  }
  for (const header of declared.headers) {
    if (bridged) {
      assert.ok(
        (entry.args ?? []).some((a) => a.startsWith(`${header}:`)),
        `${where}: bridge lacks --header ${header}`,
      );
    } else if (client === "codex") {
      assert.ok(
        entry.env_http_headers?.[header] !== undefined ||
          (header.toLowerCase() === "authorization" && entry.bearer_token_env_var),
        `${where}: header ${header}`,
      );
    } else {
      assert.match(
        entry.headers?.[header] ?? "",
        MECHANISM[client],
        `${where}: header ${header}`,
      );
    }
  }
  // Docker passes every variable of env into the container.
  if (entry.command === "docker") {
    const args = entry.args ?? [];
    for (const name of Object.keys(entry.env ?? {})) {
      assert.ok(
        args.some((a, i) => a === "-e" && args[i + 1] === name),
        `${where}: -e ${name}`,
      );
    }
  }
}

Deno.test("real servers: configs for all 8 clients carry every secret and required input in the client's mechanism", async () => {
  const { ctx } = await realCatalog();
  assert.ok(SERVERS.length >= 30);
  const kinds = new Set(SERVERS.flatMap((s) => s.kinds));
  for (
    const k of [
      "npm",
      "pypi",
      "oci",
      "nuget",
      "mcpb",
      "remote-only",
      "secret",
      "positional",
      "header",
    ]
  ) {
    assert.ok(kinds.has(k as Kind), `no server of kind ${k}`);
  }
  let checked = 0;
  let alternatives = 0;
  for (const spec of SERVERS) {
    const server = ctx.store.serverByName(spec.name);
    assert.ok(server, `${spec.name} is in the catalog`);
    for (const client of CLIENT_IDS) {
      const where = `${spec.name} / ${client}`;
      const cfg = installConfig(server, client);
      const expected = client === "cursor"
        ? spec.cursor
        : client === "claude-desktop"
        ? spec.desktop
        : null;
      if (expected === "none" || (expected === null && !cfg.available)) {
        assert.equal(cfg.available, false, where);
        assert.ok((cfg.reason ?? "").length > 0, where);
        continue;
      }
      assert.equal(cfg.available, true, `${where}: ${cfg.reason}`);
      const m = cfg.method!;
      if (expected !== null) {
        assert.equal(m.kind === "remote" ? "remote" : m.registryType, expected, where);
      }
      assert.ok(m.reason.length > 20, `${where}: method.reason`);
      checkOption(server, client, { ...cfg, method: m, evidence: cfg.evidence! }, where);
      for (const [i, alt] of cfg.alternatives.entries()) {
        checkOption(
          server,
          client,
          { ...alt, client, serverKey: cfg.serverKey },
          `${where} alternative ${i + 1}`,
        );
        alternatives++;
      }
      if (spec.kinds.includes("no-secret")) {
        assert.equal(
          cfg.secrets.filter((s) => s.required).length,
          0,
          `${where}: no required secret`,
        );
      }
      checked++;
    }
  }
  assert.ok(checked >= 30 * 7, `only ${checked} configs checked`);
  assert.ok(alternatives >= 100, `only ${alternatives} alternatives checked`);
});

Deno.test("real servers: famous servers once served a wrong config get the right method and inputs", async () => {
  const { ctx } = await realCatalog();
  const get = (name: string, client: ClientId) =>
    installConfig(ctx.store.serverByName(name)!, client);
  // GitHub: the vendor's endpoint, the token in the header; Docker as an alternative with -e.
  const github = get("io.github.github/github-mcp-server", "cursor");
  assert.equal(github.method?.url, "https://api.githubcopilot.com/mcp/");
  assert.deepEqual(github.requiredInputs.map((i) => i.name), ["GITHUB_AUTHORIZATION"]);
  const docker = github.alternatives.find((a) => a.method.registryType === "oci")!;
  assert.match(docker.config!, /"-e",\s*"GITHUB_PERSONAL_ACCESS_TOKEN"/);
  assert.match(
    docker.config!,
    /"GITHUB_PERSONAL_ACCESS_TOKEN": "\$\{env:GITHUB_PERSONAL_ACCESS_TOKEN\}"/,
  );
  // Filesystem: npx with a named placeholder for the directory; Docker mounts it.
  const fs = get("github.com/modelcontextprotocol/servers/src/filesystem", "claude-code");
  assert.equal(fs.method?.identifier, "@modelcontextprotocol/server-filesystem");
  assert.deepEqual(fs.requiredInputs.map((i) => [i.placeholder, i.format]), [[
    "<allowed_directory>",
    "filepath",
  ]]);
  // Postgres: the database URL is a secret argument in the client's mechanism.
  const pg = get("github.com/modelcontextprotocol/servers/src/postgres", "vscode");
  assert.match(pg.config!, /"\$\{input:database-url\}"/);
  // Memory and Playwright: npx before Docker.
  for (
    const name of [
      "github.com/modelcontextprotocol/servers/src/memory",
      "io.github.microsoft/playwright-mcp",
    ]
  ) {
    const cfg = get(name, "claude-code");
    assert.equal(cfg.method?.registryType, "npm", name);
    assert.ok(cfg.alternatives.some((a) => a.method.registryType === "oci"), name);
  }
  // Stripe: the vendor's endpoint everywhere; the library @stripe/agent-toolkit never first.
  for (const client of CLIENT_IDS) {
    assert.equal(get("com.stripe/mcp", client).method?.url, "https://mcp.stripe.com", client);
  }
  // AWS: the made-up PyPI name is refused, with the reason.
  const aws = get("github.com/awslabs/mcp", "cursor");
  assert.equal(aws.available, false);
  assert.match(aws.reason ?? "", /aws-labs.*does not match the repository/);
  // Firecrawl: the key is present, and no tuning variable is made required.
  const fc = get("io.github.firecrawl/firecrawl-mcp-server", "claude-desktop");
  assert.deepEqual(JSON.parse(fc.config!).mcpServers.firecrawl.env, {
    FIRECRAWL_API_KEY: "<YOUR_FIRECRAWL_API_KEY>",
  });
  // Slack: token and team id required, channel ids optional.
  const slack = get("github.com/modelcontextprotocol/servers/src/slack", "gemini-cli");
  assert.deepEqual(slack.requiredInputs.map((i) => i.name), ["SLACK_BOT_TOKEN", "SLACK_TEAM_ID"]);
  // Context7: an optional key (isRequired absent) is present but optional; Claude Code's
  // ${NAME:-} form does not fail when it is unset.
  const c7 = get("io.github.upstash/context7", "claude-code");
  assert.match(c7.config!, /"CONTEXT7_API_KEY": "\$\{CONTEXT7_API_KEY:-\}"/);
  assert.equal(c7.requiredInputs.length, 0);
});

Deno.test("issue 29's examples: no unverified package recommended, the author's package first, settings present", async () => {
  const store = (await realCatalog()).ctx.store;
  const claude = (name: string) => installConfig(store.serverByName(name)!, "claude-code");
  // A catalog's slug taken as an npm name: unverified, offered with why, not recommended.
  const solana = claude("github.com/aldrin-labs/solana-docs-mcp-server");
  assert.equal(solana.available, false);
  assert.match(solana.reason!, /unverified/);
  // A library without an executable is refused.
  const sdk = store.serverByName("npm/@metorial/mcp-sdk-utils")!;
  assert.equal(sdk.packages.length, 0);
  assert.match(sdk.refusedPackages![0]!.reason, /no executable/);
  // The author's own package, tied by npm's repository field, before republished copies.
  const puppeteer = claude("github.com/merajmehrabi/puppeteer-mcp-server");
  assert.equal(puppeteer.method!.identifier, "puppeteer-mcp-server");
  assert.match(puppeteer.evidence!.text, /npm's repository field/);
  // Settings a probe found required, and settings from the README.
  const env = (cfg: InstallConfig) =>
    Object.keys(
      Object.values(
        (cfg.configObject as { mcpServers: Record<string, { env?: object }> })
          .mcpServers,
      )[0]!.env ?? {},
    );
  assert.ok(
    env(claude("github.com/infisical/infisical-mcp-server")).includes(
      "INFISICAL_UNIVERSAL_AUTH_CLIENT_ID",
    ),
  );
  assert.ok(env(claude("github.com/automattic/mcp-wordpress-remote")).includes("WP_API_URL"));
  const glean = claude("github.com/gleanwork/connect-mcp-server");
  assert.ok(glean.requiredInputs.some((i) => /server.url/i.test(i.placeholder)), glean.config!);
  // Docker's env name is the variable the container reads.
  const uberall = installConfig(
    store.serverByName("github.com/uberall/uberall-mcp-server")!,
    "cursor",
  );
  assert.match(uberall.config!, /UBERALL_ACCESS_TOKEN/);
  assert.doesNotMatch(uberall.config!, /uberall\.access_token/);
});

Deno.test("issue 29's Claude Code sample: required arguments present, copies, non-servers and broken executables not recommended", async () => {
  const store = (await realCatalog()).ctx.store;
  const claude = (name: string) => installConfig(store.serverByName(name)!, "claude-code");
  const args = (cfg: InstallConfig) =>
    Object.values(
      (cfg.configObject as { mcpServers: Record<string, { args: string[] }> })
        .mcpServers,
    )[0]!.args;
  // Arguments without which the program does not serve MCP, from the READMEs.
  assert.ok(args(claude("github.com/yamadashy/repomix")).includes("--mcp"));
  for (
    const [name, input] of [
      ["github.com/ergut/mcp-bigquery-server", /project.id/i],
      ["io.github.PremierInc/azure-devops", /organization/i],
      ["github.com/stevenstavrakis/obsidian-mcp", /vault/i],
      // Found by the second sample run and completed from the READMEs after it.
      ["io.github.jeanlopezxyz/mcp-alertmanager", /ALERTMANAGER_URL/],
      ["github.com/rollbar/rollbar-mcp-server", /ROLLBAR_ACCESS_TOKEN/],
      ["github.com/quantgeekdev/mongo-mcp", /MONGODB_URL/],
      // Found by the third run (the lead's rerun) and completed from the packages' READMEs.
      ["github.com/webconsulting/mcp-server-wsl-filesystem", /ALLOWED_DIRECTORY/i],
      ["github.com/easecloudio/mcp-metabase-server", /METABASE_URL/],
    ] as const
  ) {
    const cfg = claude(name);
    assert.ok(cfg.requiredInputs.some((i) => input.test(i.placeholder)), cfg.config!);
  }
  // A client, an adapter and an eval tool that only npm's repository field tied to the server.
  for (
    const name of [
      "github.com/huggingface/huggingface.js",
      "github.com/nicobailon/pi-mcp-adapter",
      "github.com/mclenhard/mcp-evals",
      // A framework whose title says so (the third run).
      "github.com/mcp-use/mcp-use",
    ]
  ) {
    const cfg = claude(name);
    assert.equal(cfg.available, false, name);
    assert.match(cfg.reason!, /not a server to run/);
  }
  // A copy under another scope: not recommended; offered with the secret its README names.
  const linear = claude("github.com/ibraheem4/linear-mcp");
  assert.equal(linear.available, false);
  assert.match(linear.reason!, /a copy republished under another scope/);
  assert.match(linear.alternatives[0]!.config!, /LINEAR_API_KEY/);
  // A package whose executable is missing from its tarball: a launch probe found none.
  const inkeep = claude("github.com/inkeep/agents");
  assert.notEqual(inkeep.method?.identifier, "@inkeep/agents-manage-mcp");
});

Deno.test("over the whole catalog: no recommended npm package lacks an executable; placeholders are their variables", async () => {
  const { checks } = await readPackageChecks();
  const store = (await realCatalog()).ctx.store;
  const count = store.counts().servers;
  let recommended = 0;
  let placeholders = 0;
  for (let start = 1; start <= count; start += 500) {
    const ids = Array.from({ length: Math.min(500, count - start + 1) }, (_, i) => start + i);
    for (const s of store.serversByIds(ids)) {
      if (s.canonicalName !== undefined) continue;
      const cfg = installConfig(s, "claude-code");
      if (cfg.available && cfg.method?.registryType === "npm") {
        recommended++;
        const check = checks.get(
          packageKey({ registryType: "npm", identifier: cfg.method.identifier! }),
        );
        assert.ok(
          check?.status !== "found" || check.bin.length > 0,
          `${s.name}: ${cfg.method.identifier}`,
        );
        // npx can tell which executable to run.
        if (check?.status === "found") assert.equal(npxCannotPick(check), null, s.name);
        assert.notEqual(cfg.evidence!.level, "unverified", s.name);
      }
      for (const option of [cfg, ...cfg.alternatives]) {
        const entries =
          (option.configObject as { mcpServers?: Record<string, { env?: Record<string, string> }> })
            ?.mcpServers ?? {};
        for (const entry of Object.values(entries)) {
          for (const [name, value] of Object.entries(entry.env ?? {})) {
            const m = /^\$\{([A-Za-z0-9_]+)\}$/.exec(value);
            if (m === null) continue;
            placeholders++;
            assert.equal(m[1], placeholderName(name, "env"), `${s.name}: ${name}=${value}`);
          }
        }
      }
    }
  }
  assert.ok(recommended > 800, `recommended npm configs: ${recommended}`);
  assert.ok(placeholders > 1000, `placeholders: ${placeholders}`);
});
