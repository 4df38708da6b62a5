import assert from "node:assert/strict";
import { clientInfo } from "../../src/install/client_table.ts";
import { literalText, renderValue } from "../../src/install/inputs.ts";
import { packageLaunch, remoteUrlKind, type StdioLaunch } from "../../src/install/launch.ts";
import { NO_METHOD_REASON, planInstall, planInstalls } from "../../src/install/plan.ts";
import { shellJoin, shellQuote } from "../../src/install/render.ts";
import { serverKey } from "../../src/install/server_key.ts";
import { installConfig } from "../../src/install/mod.ts";
import { server } from "../fixtures/catalog.ts";
import {
  CRYPTO_BYTES,
  DIALER,
  DOTNET_SAMPLE,
  FETCH,
  FILESYSTEM,
  FLORENTINE,
  INSECURE,
  LOCAL_HTTP_PACKAGE,
  LOCALHOST,
  NOTHING,
  POSTGRES,
  SUPABASE,
  TEAMWORK,
  TIME_NUGET,
  ZENML,
} from "../fixtures/install/servers.ts";
import { CLIENT_IDS } from "../../src/model/install.ts";
import type { ServerPackage } from "../../src/model/server.ts";

/** Command words of a launch with placeholders shown as `{NAME}`. */
function words(launch: StdioLaunch): string[] {
  return [launch.command, ...launch.args.map((a) => renderValue(a, (v) => `{${v.name}}`))];
}

function pkgOf(srv: { packages: ServerPackage[] }, i = 0): ServerPackage {
  const pkg = srv.packages[i];
  assert.ok(pkg);
  return pkg;
}

Deno.test("data/clients.json lists the eight clients with https documentation links", () => {
  for (const id of CLIENT_IDS) {
    const info = clientInfo(id);
    assert.equal(info.id, id);
    assert.match(info.docsUrl, /^https:\/\//);
    assert.ok(info.filePaths.length > 0);
    assert.equal(info.format, id === "codex" ? "toml" : "json");
  }
  assert.equal(clientInfo("claude-desktop").bundles, true);
  assert.equal(CLIENT_IDS.filter((id) => clientInfo(id).bundles).length, 1);
});

Deno.test("packageLaunch() runs npm with npx -y and the pinned version", () => {
  const { launch, notes } = packageLaunch(pkgOf(FILESYSTEM));
  // The optional positional argument with a default is left to the server.
  assert.deepEqual(words(launch), [
    "npx",
    "-y",
    "@modelcontextprotocol/server-filesystem@2025.8.21",
    "{ALLOWED_DIRECTORY}",
  ]);
  assert.ok(notes.some((n) => n.includes("second_directory")));
});

Deno.test("packageLaunch() runs pypi with uvx, without a version when none is pinned", () => {
  const { launch, notes } = packageLaunch(pkgOf(FETCH));
  assert.deepEqual(words(launch), ["uvx", "mcp-server-fetch"]);
  assert.ok(notes.some((n) => n.includes("No version is pinned")));
  assert.ok(notes.some((n) => n.includes("--user-agent")), "optional argument listed");
  const pinned = packageLaunch({
    registryType: "pypi",
    identifier: "mcp-server-time",
    version: "0.6.2",
  });
  assert.deepEqual(words(pinned.launch), ["uvx", "mcp-server-time@0.6.2"]);
  const latest = packageLaunch({ registryType: "npm", identifier: "pkg", version: "latest" });
  assert.deepEqual(words(latest.launch), ["npx", "-y", "pkg"]);
});

Deno.test("packageLaunch() runs oci with docker run -i --rm and one -e per variable", () => {
  const { launch } = packageLaunch(pkgOf(POSTGRES));
  assert.deepEqual(words(launch), [
    "docker",
    "run",
    "-i",
    "--rm",
    "-e",
    "PGHOST",
    "-e",
    "PGPASSWORD",
    "mcp/postgres:0.6.2",
    "{DATABASE_URL}",
  ]);
  // A required setting takes its default; a secret's default is never copied.
  assert.deepEqual(launch.env.map((e) => [e.name, literalText(e.value)]), [
    ["PGHOST", "localhost"],
    ["PGPASSWORD", null],
  ]);
});

Deno.test("packageLaunch() keeps an image's own tag instead of appending the version", () => {
  const { launch } = packageLaunch(pkgOf(ZENML));
  assert.equal(words(launch).at(-1), "docker.io/zenmldocker/mcp-zenml:1.0.3");
  const both = packageLaunch({
    registryType: "oci",
    identifier: "ghcr.io/o/img:v2",
    version: "2.0.0",
  });
  assert.equal(words(both.launch).at(-1), "ghcr.io/o/img:v2");
  const digest = packageLaunch({
    registryType: "oci",
    identifier: "o/img@sha256:abc",
    version: "1",
  });
  assert.equal(words(digest.launch).at(-1), "o/img@sha256:abc");
  const untagged = packageLaunch({ registryType: "oci", identifier: "localhost:5000/img" });
  assert.equal(words(untagged.launch).at(-1), "localhost:5000/img");
  assert.ok(untagged.notes.some((n) => n.includes("latest")));
});

Deno.test("packageLaunch() runs nuget with dnx <id>@<version> --yes and -- before package args", () => {
  assert.deepEqual(words(packageLaunch(pkgOf(TIME_NUGET)).launch), [
    "dnx",
    "TimeMcpServer@1.0.8",
    "--yes",
  ]);
  assert.deepEqual(words(packageLaunch(pkgOf(DOTNET_SAMPLE)).launch), [
    "dnx",
    "TimHeuer.SampleDotnetMcpServer@0.1.18-beta",
    "--yes",
    "--",
    "--greeting",
    "hello",
  ]);
});

Deno.test("packageLaunch() puts runtime arguments before the package and package arguments after", () => {
  const { launch } = packageLaunch({
    registryType: "oci",
    identifier: "mcp/fs",
    version: "1.0",
    runtimeArguments: [
      { type: "named", name: "--mount", value: "type=bind,src={source_path},dst=/data" },
    ],
    packageArguments: [{ type: "positional", name: "/data", value: "/data" }],
  });
  assert.deepEqual(words(launch), [
    "docker",
    "run",
    "-i",
    "--rm",
    "--mount",
    "type=bind,src={SOURCE_PATH},dst=/data",
    "mcp/fs:1.0",
    "/data",
  ]);
});

Deno.test("packageLaunch() writes named arguments as --name value and skips optional ones", () => {
  const { launch, notes } = packageLaunch(pkgOf(SUPABASE));
  assert.deepEqual(words(launch), [
    "npx",
    "-y",
    "@supabase/mcp-server-supabase@0.5.4",
    "--project-ref",
    "{PROJECT_REF}",
  ]);
  assert.ok(notes.some((n) => n.includes("--read-only") && n.includes("--features")));
  const bare = packageLaunch({
    registryType: "npm",
    identifier: "p",
    packageArguments: [{ type: "named", name: "port", value: "8080" }],
  });
  assert.deepEqual(words(bare.launch), ["npx", "-y", "p", "--port", "8080"]);
});

Deno.test("packageLaunch() does not repeat npx's own -y given as a runtime argument", () => {
  const { launch, notes } = packageLaunch(pkgOf(FLORENTINE));
  assert.deepEqual(words(launch), ["npx", "-y", "@florentine-ai/mcp@0.1.4", "--mode", "static"]);
  // A declared secret is always present; required only when the record says so.
  assert.deepEqual(launch.env.map((e) => e.name), ["FLORENTINE_TOKEN", "LLM_KEY"]);
  assert.deepEqual(launch.variables.map((v) => [v.name, v.secret, v.required]), [
    ["FLORENTINE_TOKEN", true, true],
    ["LLM_KEY", true, false],
  ]);
  assert.ok(notes.some((n) => n.includes("SESSION_ID")));
});

Deno.test("packageLaunch() leaves out runtime arguments written for another runtime", () => {
  const { launch, notes } = packageLaunch(pkgOf(CRYPTO_BYTES));
  assert.deepEqual(words(launch), ["uvx", "crypto_bytes_mcp_server@0.1.1"]);
  assert.ok(notes.some((n) => n.includes('"python"')));
});

Deno.test("packageLaunch() passes a non-default registry to the runner", () => {
  const npm = packageLaunch({
    registryType: "npm",
    identifier: "@corp/mcp",
    registryBaseUrl: "https://npm.corp.example",
  });
  assert.deepEqual(words(npm.launch), [
    "npx",
    "-y",
    "--registry",
    "https://npm.corp.example",
    "@corp/mcp",
  ]);
  const def = packageLaunch({
    registryType: "npm",
    identifier: "x",
    registryBaseUrl: "https://registry.npmjs.org",
  });
  assert.deepEqual(words(def.launch), ["npx", "-y", "x"]);
});

Deno.test("packageLaunch() treats unflagged token-like names as secrets and never uses their values", () => {
  const { launch } = packageLaunch({
    registryType: "npm",
    identifier: "p",
    environmentVariables: [
      { name: "SERVICE_API_KEY", default: "sk-real-secret-default" },
      { name: "LOG_LEVEL", isRequired: true, default: "info" },
      { name: "PUBLIC_KEY_ID", isSecret: false, isRequired: true, default: "kid-1" },
    ],
  });
  assert.deepEqual(launch.env.map((e) => [e.name, literalText(e.value)]), [
    ["SERVICE_API_KEY", null],
    ["LOG_LEVEL", "info"],
    ["PUBLIC_KEY_ID", "kid-1"],
  ]);
  assert.equal(launch.variables[0]?.secret, true);
});

Deno.test("packageLaunch() refuses a package type it cannot run", () => {
  assert.throws(
    () => packageLaunch({ registryType: "mcpb", identifier: "https://x/b.mcpb" }),
    RangeError,
  );
});

Deno.test("planInstall() prefers npm, then pypi and nuget, and Docker last", () => {
  const all = server({
    name: "x/all",
    title: "All",
    packages: [
      { registryType: "nuget", identifier: "N" },
      { registryType: "oci", identifier: "o/i:1" },
      { registryType: "pypi", identifier: "p" },
      { registryType: "npm", identifier: "n" },
    ],
  });
  const order: string[] = [];
  let srv = all;
  for (let i = 0; i < 4; i++) {
    const plan = planInstall(srv, clientInfo("cursor"));
    assert.ok(plan.kind === "stdio");
    order.push(plan.method.registryType ?? "");
    srv = {
      ...srv,
      packages: srv.packages.filter((p) => p.registryType !== plan.method.registryType),
    };
  }
  assert.deepEqual(order, ["npm", "pypi", "nuget", "oci"]);
});

Deno.test("planInstall() prefers the vendor's endpoint to a Docker image, and streamable HTTP over SSE", () => {
  // Teamwork lists a Docker image and its own SSE endpoint: Cursor connects to the endpoint,
  // and even Claude Desktop is better served by the mcp-remote bridge (Node.js) than by Docker.
  const cursor = planInstall(TEAMWORK, clientInfo("cursor"));
  assert.ok(cursor.kind === "remote");
  assert.match(cursor.method.reason, /Hosted by the vendor/);
  const desktop = planInstall(TEAMWORK, clientInfo("claude-desktop"));
  assert.ok(desktop.kind === "stdio" && desktop.bridged !== null);
  const { plans } = planInstalls(TEAMWORK, clientInfo("cursor"));
  assert.deepEqual(plans.map((p) => p.method.registryType ?? p.method.transport), [
    "streamable-http",
    "sse",
    "oci",
  ]);
  const remote = planInstall(DIALER, clientInfo("cursor"));
  assert.ok(remote.kind === "remote");
  assert.equal(remote.method.url, "https://getdialer.app/mcp");
});

Deno.test("planInstall() bridges a transport the client lacks and uses a native one when listed", () => {
  const sseOnly = server({
    name: "x/sse",
    title: "SSE",
    remotes: [{ type: "sse", url: "https://x.example/sse" }],
  });
  for (const id of ["codex", "zed", "claude-desktop"] as const) {
    const plan = planInstall(sseOnly, clientInfo(id));
    assert.ok(plan.kind === "stdio" && plan.bridged !== null, id);
  }
  for (const id of ["cursor", "claude-code", "vscode", "windsurf", "gemini-cli"] as const) {
    assert.equal(planInstall(sseOnly, clientInfo(id)).kind, "remote", id);
  }
  assert.equal(planInstall(DIALER, clientInfo("codex")).kind, "remote");
});

Deno.test("planInstall() accepts plain HTTP only on localhost, with a note", () => {
  const local = planInstall(LOCALHOST, clientInfo("cursor"));
  assert.ok(local.kind === "remote");
  assert.ok(local.notes.some((n) => n.includes("plain HTTP")));
  const bridged = planInstall(LOCALHOST, clientInfo("claude-desktop"));
  assert.ok(bridged.kind === "stdio");
  assert.ok(words(bridged.launch).includes("--allow-http"));
  const insecure = planInstall(INSECURE, clientInfo("cursor"));
  assert.deepEqual(insecure, {
    kind: "unavailable",
    reason:
      "No install method for Cursor: the endpoint http://mcp.insecure.example/mcp is not HTTPS",
  });
  assert.equal(remoteUrlKind("http://127.0.0.1:3000/mcp"), "local-http");
  assert.equal(remoteUrlKind("ftp://example.com"), "rejected");
  assert.equal(remoteUrlKind("not a url"), "rejected");
});

Deno.test("planInstall() refuses packages that serve HTTP themselves, and never guesses", () => {
  const plan = planInstall(LOCAL_HTTP_PACKAGE, clientInfo("cursor"));
  assert.ok(plan.kind === "unavailable");
  assert.match(plan.reason, /serves streamable-http itself/);
  assert.deepEqual(planInstall(NOTHING, clientInfo("vscode")), {
    kind: "unavailable",
    reason: NO_METHOD_REASON,
  });
});

Deno.test("planInstall() treats a package without a transport as stdio", () => {
  const plan = planInstall(
    server({ name: "x/y", title: "Y", packages: [{ registryType: "pypi", identifier: "y" }] }),
    clientInfo("zed"),
  );
  assert.ok(plan.kind === "stdio");
  assert.equal(plan.method.transport, "stdio");
});

Deno.test("serverKey() is a short kebab-case name without mcp and server", () => {
  assert.equal(
    serverKey({ title: "GitHub", name: "io.github.github/github-mcp-server" }),
    "github",
  );
  assert.equal(serverKey({ title: "GitHub MCP Server", name: "x/y" }), "github");
  assert.equal(serverKey({ title: "MCP Server", name: "io.github.o/postgres-mcp" }), "postgres");
  assert.equal(serverKey({ title: "", name: "npm/@modelcontextprotocol/server-github" }), "github");
  assert.equal(serverKey({ title: "Café Déjà Vu", name: "x" }), "cafe-deja-vu");
  assert.equal(serverKey({ title: "mcp", name: "mcp-server" }), "server");
  const long = serverKey({
    title: "A very long server title that keeps going well past the forty character limit",
    name: "x/a-very-long-name-that-is-also-far-too-long-to-use-as-a-key",
  });
  assert.ok(long.length <= 40, long);
  assert.match(long, /^[a-z0-9]+(-[a-z0-9]+)*$/);
});

Deno.test("shellQuote() leaves safe words bare and single-quotes the rest", () => {
  assert.equal(shellQuote("@scope/pkg@1.0.0"), "@scope/pkg@1.0.0");
  assert.equal(shellQuote("TOKEN=${TOKEN}"), "'TOKEN=${TOKEN}'");
  assert.equal(shellQuote("it's"), `'it'\\''s'`);
  assert.equal(shellQuote(""), "''");
  assert.equal(shellJoin(["a b", "c"]), "'a b' c");
});

Deno.test("installConfig() notes the optional settings it left out", () => {
  const cfg = installConfig(TEAMWORK, "cursor").alternatives.find((a) =>
    a.method.registryType === "oci"
  );
  assert.ok(cfg);
  assert.ok(
    cfg.notes.some((n) => n.includes("TW_MCP_LOG_FORMAT") && n.includes("TW_MCP_LOG_LEVEL")),
  );
  const obj = cfg.configObject as { mcpServers: Record<string, { env: Record<string, string> }> };
  assert.deepEqual(Object.keys(obj.mcpServers["teamwork-com"]?.env ?? {}), ["TW_MCP_BEARER_TOKEN"]);
});
