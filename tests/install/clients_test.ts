import assert from "node:assert/strict";
import { parse as parseToml } from "smol-toml";
import { installConfig } from "../../src/install/mod.ts";
import { server } from "../fixtures/catalog.ts";
import {
  DIALER,
  GITHUB,
  INFOBIP,
  LEAKY_REMOTE,
  PERPLEXITY,
  POSTGRES,
  SSE_ONLY,
  TEAMWORK,
} from "../fixtures/install/servers.ts";

const GITHUB_ARGS = ["-y", "@modelcontextprotocol/server-github@2025.4.8"];
const PERPLEXITY_URL = "https://server.smithery.ai/@arjunkmrm/perplexity-search/mcp";

/** Plain-object copy of a TOML document (smol-toml builds null-prototype objects). */
function toml(text: string | null): unknown {
  return JSON.parse(JSON.stringify(parseToml(text ?? "")));
}

Deno.test("Cursor: npm server runs with npx and reads the token through ${env:NAME}", () => {
  const cfg = installConfig(GITHUB, "cursor");
  assert.deepEqual(cfg.configObject, {
    mcpServers: {
      github: {
        command: "npx",
        args: GITHUB_ARGS,
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "${env:GITHUB_PERSONAL_ACCESS_TOKEN}" },
      },
    },
  });
  assert.deepEqual(cfg.filePaths.map((p) => p.path), ["~/.cursor/mcp.json", ".cursor/mcp.json"]);
  assert.equal(cfg.cliCommand, null);
});

Deno.test("Cursor: the install link (a field, not a note) carries the base64 server entry", () => {
  const cfg = installConfig(GITHUB, "cursor");
  assert.equal(cfg.notes.some((n) => n.includes("cursor://")), false);
  assert.deepEqual(cfg.deepLinks.map((l) => [l.app, l.label]), [["cursor", "Add to Cursor"]]);
  const link = new URL(cfg.deepLinks[0]!.url);
  assert.equal(link.protocol, "cursor:");
  assert.equal(link.searchParams.get("name"), "github");
  const entry = JSON.parse(atob(link.searchParams.get("config") ?? ""));
  assert.deepEqual(
    entry,
    (cfg.configObject as { mcpServers: { github: unknown } }).mcpServers.github,
  );
});

Deno.test("Cursor: a remote uses url and headers with the Bearer template filled", () => {
  const cfg = installConfig(PERPLEXITY, "cursor");
  assert.deepEqual(cfg.configObject, {
    mcpServers: {
      "perplexity-search": {
        url: PERPLEXITY_URL,
        headers: { Authorization: "Bearer ${env:SMITHERY_API_KEY}" },
      },
    },
  });
  assert.deepEqual(cfg.secrets, [{
    name: "SMITHERY_API_KEY",
    label: "smithery_api_key",
    description: "Bearer token for Smithery authentication",
    required: true,
    secret: true,
    placeholder: "${env:SMITHERY_API_KEY}",
    kind: "header",
    format: null,
    choices: null,
    hint: null,
  }]);
  assert.deepEqual(cfg.requiredInputs, cfg.secrets);
});

Deno.test("Claude Desktop: secrets are visible placeholders with a note to replace them", () => {
  const cfg = installConfig(GITHUB, "claude-desktop");
  assert.deepEqual(cfg.configObject, {
    mcpServers: {
      github: {
        command: "npx",
        args: GITHUB_ARGS,
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "<YOUR_GITHUB_PERSONAL_ACCESS_TOKEN>" },
      },
    },
  });
  assert.ok(cfg.notes.some((n) => n.startsWith("Replace <YOUR_GITHUB_PERSONAL_ACCESS_TOKEN>")));
  assert.deepEqual(cfg.filePaths.map((p) => p.os), ["macos", "windows"]);
});

Deno.test("Claude Desktop: a remote goes through the mcp-remote bridge with the header in env", () => {
  const cfg = installConfig(PERPLEXITY, "claude-desktop");
  assert.deepEqual(cfg.configObject, {
    mcpServers: {
      "perplexity-search": {
        command: "npx",
        args: [
          "-y",
          "mcp-remote",
          PERPLEXITY_URL,
          "--header",
          "Authorization:${AUTHORIZATION_HEADER}",
        ],
        env: { AUTHORIZATION_HEADER: "Bearer <YOUR_SMITHERY_API_KEY>" },
      },
    },
  });
  assert.equal(cfg.method?.kind, "remote");
  assert.ok(cfg.notes.some((n) => n.includes("mcp-remote bridge")));
});

Deno.test("Claude Desktop: an SSE remote is bridged with --transport sse-only", () => {
  const cfg = installConfig(SSE_ONLY, "claude-desktop");
  const entry = (cfg.configObject as { mcpServers: Record<string, { args: string[] }> })
    .mcpServers["weather-sse"];
  assert.deepEqual(entry?.args.slice(0, 5), [
    "-y",
    "mcp-remote",
    "https://mcp.weather.example/sse",
    "--transport",
    "sse-only",
  ]);
});

Deno.test("Claude Code: .mcp.json has type stdio and ${NAME}; the CLI adds that entry with add-json", () => {
  const cfg = installConfig(GITHUB, "claude-code");
  assert.deepEqual(cfg.configObject, {
    mcpServers: {
      github: {
        type: "stdio",
        command: "npx",
        args: GITHUB_ARGS,
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "${GITHUB_PERSONAL_ACCESS_TOKEN}" },
      },
    },
  });
  assert.equal(
    cfg.cliCommand,
    "claude mcp add-json --scope project github " +
      `'${
        JSON.stringify((cfg.configObject as { mcpServers: { github: unknown } }).mcpServers.github)
      }'`,
  );
  assert.deepEqual(cfg.deepLinks, []);
});

Deno.test("Claude Code: a streamable HTTP remote is type http with a quoted --header", () => {
  const cfg = installConfig(PERPLEXITY, "claude-code");
  assert.deepEqual(cfg.configObject, {
    mcpServers: {
      "perplexity-search": {
        type: "http",
        url: PERPLEXITY_URL,
        headers: { Authorization: "Bearer ${SMITHERY_API_KEY}" },
      },
    },
  });
  assert.equal(
    cfg.cliCommand,
    `claude mcp add --transport http --scope project perplexity-search ${PERPLEXITY_URL} ` +
      "--header 'Authorization: Bearer ${SMITHERY_API_KEY}'",
  );
  const sse = installConfig(SSE_ONLY, "claude-code");
  const entry = (sse.configObject as { mcpServers: Record<string, { type: string }> })
    .mcpServers["weather-sse"];
  assert.equal(entry?.type, "sse");
  assert.match(sse.cliCommand ?? "", /^claude mcp add --transport sse /);
});

Deno.test("VS Code: servers plus inputs, secrets prompted with password true", () => {
  const cfg = installConfig(GITHUB, "vscode");
  const inputs = [{
    type: "promptString",
    id: "github-personal-access-token",
    description: "GitHub personal access token",
    password: true,
  }];
  const entry = {
    type: "stdio",
    command: "npx",
    args: GITHUB_ARGS,
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: "${input:github-personal-access-token}" },
  };
  assert.deepEqual(cfg.configObject, { inputs, servers: { github: entry } });
  assert.ok(cfg.cliCommand?.startsWith("code --add-mcp '"));
  const payload = JSON.parse((cfg.cliCommand ?? "").slice("code --add-mcp '".length, -1));
  assert.deepEqual(payload, { name: "github", ...entry, inputs });
  assert.deepEqual(cfg.filePaths[0], { scope: "project", os: "any", path: ".vscode/mcp.json" });
});

Deno.test("VS Code: a required non-secret setting is an input with password false", () => {
  // Teamwork's own endpoint comes first; its Docker image is the alternative.
  const cfg = installConfig(TEAMWORK, "vscode");
  const obj = cfg.configObject as { inputs: { id: string; password: boolean }[] };
  assert.deepEqual(obj.inputs.map((i) => [i.id, i.password]), [[
    "teamwork-com-authorization",
    true,
  ]]);
  const docker = cfg.alternatives.find((a) => a.method.registryType === "oci")?.configObject as {
    inputs: { id: string; password: boolean }[];
  };
  assert.deepEqual(docker.inputs.map((i) => [i.id, i.password]), [["tw-mcp-bearer-token", true]]);
  const zenml = installConfig(
    server({
      name: "x/zen",
      title: "Zen",
      packages: [{
        registryType: "npm",
        identifier: "zen",
        environmentVariables: [{ name: "ZEN_URL", isRequired: true }],
      }],
    }),
    "vscode",
  );
  assert.deepEqual(
    (zenml.configObject as { inputs: { id: string; password: boolean }[] }).inputs
      .map((i) => [i.id, i.password]),
    [["zen-url", false]],
  );
});

Deno.test("VS Code: remotes are type http or sse", () => {
  const http = installConfig(PERPLEXITY, "vscode").configObject as {
    servers: Record<string, { type: string; url: string; headers: Record<string, string> }>;
  };
  assert.deepEqual(http.servers["perplexity-search"], {
    type: "http",
    url: PERPLEXITY_URL,
    headers: { Authorization: "Bearer ${input:smithery-api-key}" },
  });
  const sse = installConfig(SSE_ONLY, "vscode").configObject as {
    servers: Record<string, { type: string }>;
  };
  assert.equal(sse.servers["weather-sse"]?.type, "sse");
});

Deno.test("Zed: context_servers with command, args and env (no source key)", () => {
  const cfg = installConfig(GITHUB, "zed");
  assert.deepEqual(cfg.configObject, {
    context_servers: {
      github: {
        command: "npx",
        args: GITHUB_ARGS,
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "<YOUR_GITHUB_PERSONAL_ACCESS_TOKEN>" },
      },
    },
  });
  assert.equal(cfg.cliCommand, null);
  assert.ok(cfg.filePaths.some((p) => p.path === ".zed/settings.json"));
});

Deno.test("Zed: streamable HTTP is a url entry, SSE goes through the bridge", () => {
  const http = installConfig(PERPLEXITY, "zed").configObject as {
    context_servers: Record<string, unknown>;
  };
  assert.deepEqual(http.context_servers["perplexity-search"], {
    url: PERPLEXITY_URL,
    headers: { Authorization: "Bearer <YOUR_SMITHERY_API_KEY>" },
  });
  const sse = installConfig(SSE_ONLY, "zed");
  const entry = (sse.configObject as { context_servers: Record<string, { command: string }> })
    .context_servers["weather-sse"];
  assert.equal(entry?.command, "npx");
  assert.ok(sse.notes.some((n) => n.startsWith("Zed does not connect to SSE endpoints")));
});

Deno.test("Windsurf: a remote uses serverUrl, never url", () => {
  for (const srv of [PERPLEXITY, SSE_ONLY]) {
    const cfg = installConfig(srv, "windsurf");
    const entry = Object.values(
      (cfg.configObject as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers,
    )[0];
    assert.equal(typeof entry?.serverUrl, "string");
    assert.equal(entry?.url, undefined);
  }
  const cfg = installConfig(GITHUB, "windsurf");
  assert.deepEqual(cfg.filePaths, [{
    scope: "user",
    os: "any",
    path: "~/.codeium/windsurf/mcp_config.json",
  }]);
});

Deno.test("Codex: secrets are forwarded with env_vars, never written", () => {
  const cfg = installConfig(GITHUB, "codex");
  assert.equal(
    cfg.config,
    [
      "[mcp_servers.github]",
      'command = "npx"',
      'args = [ "-y", "@modelcontextprotocol/server-github@2025.4.8" ]',
      'env_vars = [ "GITHUB_PERSONAL_ACCESS_TOKEN" ]',
      "",
    ].join("\n"),
  );
  assert.equal(
    cfg.cliCommand,
    "codex mcp add github -- npx -y @modelcontextprotocol/server-github@2025.4.8",
  );
  assert.ok(cfg.notes.some((n) => n.includes('add env_vars = ["GITHUB_PERSONAL_ACCESS_TOKEN"]')));
});

Deno.test("Codex: a non-secret default goes to env, a secret to env_vars", () => {
  const cfg = installConfig(POSTGRES, "codex");
  const entry = (toml(cfg.config) as { mcp_servers: Record<string, Record<string, unknown>> })
    .mcp_servers.postgresql;
  assert.deepEqual(entry?.env, { PGHOST: "localhost" });
  assert.deepEqual(entry?.env_vars, ["PGPASSWORD"]);
  assert.match(
    cfg.cliCommand ?? "",
    /^codex mcp add postgresql --env PGHOST=localhost -- docker run/,
  );
});

Deno.test("Codex: a Bearer header becomes bearer_token_env_var, other headers env or literal", () => {
  const bearer = installConfig(PERPLEXITY, "codex");
  assert.deepEqual(toml(bearer.config), {
    mcp_servers: {
      "perplexity-search": { url: PERPLEXITY_URL, bearer_token_env_var: "SMITHERY_API_KEY" },
    },
  });
  assert.equal(
    bearer.cliCommand,
    `codex mcp add perplexity-search --url ${PERPLEXITY_URL} --bearer-token-env-var SMITHERY_API_KEY`,
  );
  const leaky = installConfig(LEAKY_REMOTE, "codex");
  assert.deepEqual(toml(leaky.config), {
    mcp_servers: {
      "leaky-remote": {
        url: "https://mcp.leaky.example/mcp",
        http_headers: { "X-Client": "toolatlas" },
        // `AUTHORIZATION` alone would clash with other servers: prefixed with the server key.
        env_http_headers: { Authorization: "LEAKY_REMOTE_AUTHORIZATION" },
      },
    },
  });
  const infobip = installConfig(INFOBIP, "codex");
  const entry = (toml(infobip.config) as { mcp_servers: Record<string, Record<string, unknown>> })
    .mcp_servers["infobip-sms"];
  assert.deepEqual(entry?.env_http_headers, { Authorization: "AUTHORIZATION_HEADER" });
  assert.ok(infobip.notes.some((n) => n.includes("App <YOUR_INFOBIP_API_KEY>")));
});

Deno.test("Codex: an SSE-only remote runs through mcp-remote with forwarded variables", () => {
  const cfg = installConfig(SSE_ONLY, "codex");
  assert.deepEqual(toml(cfg.config), {
    mcp_servers: {
      "weather-sse": {
        command: "npx",
        args: [
          "-y",
          "mcp-remote",
          "https://mcp.weather.example/sse",
          "--transport",
          "sse-only",
          "--header",
          "x-api-key:${WEATHER_SSE_X_API_KEY}",
        ],
        env_vars: ["WEATHER_SSE_X_API_KEY"],
      },
    },
  });
  assert.equal(cfg.method?.transport, "sse");
});

Deno.test("Gemini CLI: url with type http or sse (as gemini mcp add writes it), $NAME for secrets", () => {
  const http = installConfig(PERPLEXITY, "gemini-cli");
  assert.deepEqual(http.configObject, {
    mcpServers: {
      "perplexity-search": {
        type: "http",
        url: PERPLEXITY_URL,
        headers: { Authorization: "Bearer $SMITHERY_API_KEY" },
      },
    },
  });
  assert.equal(
    http.cliCommand,
    "gemini mcp add --scope user --transport http -H 'Authorization: Bearer $SMITHERY_API_KEY' " +
      `perplexity-search ${PERPLEXITY_URL}`,
  );
  const sse = installConfig(SSE_ONLY, "gemini-cli");
  assert.deepEqual(sse.configObject, {
    mcpServers: {
      "weather-sse": {
        type: "sse",
        url: "https://mcp.weather.example/sse",
        headers: { "x-api-key": "$WEATHER_SSE_X_API_KEY" },
      },
    },
  });
  const both = installConfig(DIALER, "gemini-cli").configObject as {
    mcpServers: Record<string, Record<string, unknown>>;
  };
  assert.deepEqual(both.mcpServers.dialer, { type: "http", url: "https://getdialer.app/mcp" });
});

Deno.test("Gemini CLI: a stdio server's CLI sets env with -e and separates server flags with --", () => {
  const cfg = installConfig(GITHUB, "gemini-cli");
  assert.deepEqual(cfg.configObject, {
    mcpServers: {
      github: {
        command: "npx",
        args: GITHUB_ARGS,
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: "$GITHUB_PERSONAL_ACCESS_TOKEN" },
        // `gemini mcp list` gives up after 5 s, less than a first npx start.
        timeout: 60000,
      },
    },
  });
  assert.equal(
    cfg.cliCommand,
    "gemini mcp add --scope user --timeout 60000 " +
      "-e 'GITHUB_PERSONAL_ACCESS_TOKEN=$GITHUB_PERSONAL_ACCESS_TOKEN' " +
      "github npx -- -y @modelcontextprotocol/server-github@2025.4.8",
  );
});

Deno.test("Gemini CLI: a variable followed by letters is written with braces", () => {
  const srv = server({
    name: "x/suffix",
    title: "Suffix",
    remotes: [{
      type: "streamable-http",
      url: "https://suffix.example/mcp",
      headers: [{ name: "X-Token", isSecret: true, value: "{token}abc" }],
    }],
  });
  const cfg = installConfig(srv, "gemini-cli");
  const entry = (cfg.configObject as { mcpServers: Record<string, { headers: unknown }> })
    .mcpServers.suffix;
  assert.deepEqual(entry?.headers, { "X-Token": "${SUFFIX_TOKEN}abc" });
});
