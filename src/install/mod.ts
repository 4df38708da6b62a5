/**
 * Ready-to-paste MCP client configuration for a catalog server, one generator per client
 * (`src/install/clients/*.ts`), driven by the client table in `data/clients.json`.
 *
 * How a client installs a server ({@link installConfig}): a package that runs over stdio,
 * preferring npm, then PyPI, OCI (Docker) and NuGet (an `.mcpb` bundle only for Claude Desktop);
 * else a remote endpoint, streamable HTTP before SSE, HTTPS only (plain HTTP only on localhost),
 * through the `mcp-remote` bridge when the client lacks that transport. A server that lists no
 * package and no remote is `available: false`; nothing is guessed from its repository.
 *
 * Secrets are never written: each client gets placeholders it understands (`${env:NAME}` in
 * Cursor and Windsurf, `${NAME}` in Claude Code, `$NAME` in Gemini CLI, `${input:id}` with
 * `inputs` in VS Code, `env_vars` in Codex, a visible `<YOUR_NAME>` in Claude Desktop and Zed).
 *
 * @example
 * ```ts
 * import { installConfig } from "./src/install/mod.ts";
 * const cfg = installConfig(server, "cursor");
 * if (cfg.available) console.log(cfg.config); // {"mcpServers": {"github": {...}}}
 * ```
 *
 * @module
 */
import { stringify } from "smol-toml";
import { z } from "zod";
import type { CatalogServer } from "../ingest/merge_servers.ts";
import { claudeCodeConfig } from "./clients/claude_code.ts";
import { claudeDesktopConfig } from "./clients/claude_desktop.ts";
import { codexConfig } from "./clients/codex.ts";
import { cursorConfig } from "./clients/cursor.ts";
import { geminiCliConfig } from "./clients/gemini_cli.ts";
import { vscodeConfig } from "./clients/vscode.ts";
import { windsurfConfig } from "./clients/windsurf.ts";
import { zedConfig } from "./clients/zed.ts";
import {
  CLIENT_IDS,
  type ClientFilePath,
  type ClientId,
  clientInfo,
  type Generator,
  type InstallMethod,
  type InstallSecret,
  planInstall,
  serverKey,
} from "./launch.ts";

export { CLIENT_IDS, type ClientId, NO_METHOD_REASON } from "./launch.ts";

/** Ready-to-paste configuration of one server for one client. */
export interface InstallConfig {
  /** Client id. */
  client: ClientId;
  /** Display name of the client, e.g. `"Claude Desktop"`. */
  clientName: string;
  /** False when no install method is known for this client; `reason` says why. */
  available: boolean;
  /** Why the config is unavailable; `null` when available. */
  reason: string | null;
  /** The chosen package or remote endpoint. */
  method: InstallMethod | null;
  /** Format of `config`: `toml` for Codex, `json` otherwise; `null` without a config. */
  format: "json" | "toml" | null;
  /** Ready-to-paste text: pretty JSON or TOML; `null` when nothing is pasted. */
  config: string | null;
  /** `config` as a parsed object, or `null`. */
  configObject: unknown;
  /** Key of the server in the client's config map, e.g. `"github"`. */
  serverKey: string | null;
  /** Files the config goes into, by scope and operating system. */
  filePaths: ClientFilePath[];
  /** A shell command that adds the server, for clients with a CLI. */
  cliCommand: string | null;
  /** Values the user provides (placeholders in the config), never their values. */
  secrets: InstallSecret[];
  /** Steps and caveats for the user, ending with the client's documentation link. */
  notes: string[];
}

const _MethodSchema = z.object({
  kind: z.enum(["package", "remote"]).describe(
    "package: run a published package locally; remote: connect to a hosted endpoint",
  ),
  registryType: z.string().nullable().describe(
    "Package registry: npm, pypi, oci, nuget or mcpb; null for a remote",
  ),
  identifier: z.string().nullable().describe(
    "Package name or image, e.g. @modelcontextprotocol/server-github; null for a remote",
  ),
  version: z.string().nullable().describe("Package version as the source lists it, if any"),
  transport: z.string().describe("MCP transport: stdio, streamable-http or sse"),
  url: z.string().nullable().describe("Remote endpoint URL; null for a package"),
});

const _SecretSchema = z.object({
  name: z.string().describe("Variable name to provide, e.g. GITHUB_PERSONAL_ACCESS_TOKEN"),
  description: z.string().nullable().describe("What the value is, as the server describes it"),
  required: z.boolean().describe("False when the server marks it optional"),
  secret: z.boolean().describe("True for tokens, keys and passwords"),
  placeholder: z.string().describe(
    "How the config refers to the value, e.g. ${env:NAME}, ${input:id}, <YOUR_NAME>",
  ),
  kind: z.enum(["env", "header", "argument"]).describe(
    "Where the server takes it: environment variable, HTTP header or command-line argument",
  ),
});

/** Zod schema of {@link InstallConfig}, for the MCP `outputSchema` and the OpenAPI document. */
export const InstallConfigSchema = z.object({
  client: z.enum(CLIENT_IDS).describe("Client id"),
  clientName: z.string().describe("Client display name, e.g. Claude Desktop"),
  available: z.boolean().describe("False when no install method is known for this client"),
  reason: z.string().nullable().describe("Why the config is unavailable; null when available"),
  method: _MethodSchema.nullable().describe("The chosen install method"),
  format: z.enum(["json", "toml"]).nullable().describe("Format of config"),
  config: z.string().nullable().describe(
    "Ready-to-paste configuration text (pretty JSON or TOML), with placeholders for secrets",
  ),
  configObject: z.unknown().describe("The same configuration as a parsed object, or null"),
  serverKey: z.string().nullable().describe("Key of the server in the client's config map"),
  filePaths: z.array(z.object({
    scope: z.enum(["user", "project"]).describe("user: all projects; project: one project"),
    os: z.enum(["macos", "linux", "windows", "any"]).describe("Operating system of the path"),
    path: z.string().describe("File path; ~ is the home directory"),
  })).describe("Files the config goes into"),
  cliCommand: z.string().nullable().describe(
    "Shell command that adds the server, if the client has a CLI",
  ),
  secrets: z.array(_SecretSchema).describe("Values to provide; never the values themselves"),
  notes: z.array(z.string()).describe("Steps and caveats for the user"),
});

/** Generators by client id. */
const _GENERATORS: Readonly<Record<ClientId, Generator>> = {
  "cursor": cursorConfig,
  "claude-desktop": claudeDesktopConfig,
  "claude-code": claudeCodeConfig,
  "vscode": vscodeConfig,
  "zed": zedConfig,
  "windsurf": windsurfConfig,
  "codex": codexConfig,
  "gemini-cli": geminiCliConfig,
};

/**
 * Ready-to-paste configuration of a server for one client.
 *
 * @example
 * ```ts
 * const cfg = installConfig(server, "codex");
 * cfg.config; // '[mcp_servers.github]\ncommand = "npx"\n...'
 * cfg.secrets; // [{ name: "GITHUB_PERSONAL_ACCESS_TOKEN", placeholder: "GITHUB_PERSONAL_ACCESS_TOKEN", ... }]
 * ```
 *
 * @param server the catalog server
 * @param client the client id
 * @returns the configuration; `available: false` with a `reason` when no method is known
 * @throws {RangeError} when `client` is not one of {@link CLIENT_IDS}
 */
export function installConfig(server: CatalogServer, client: ClientId): InstallConfig {
  const info = clientInfo(client);
  const plan = planInstall(server, info);
  if (plan.kind === "unavailable") {
    return {
      client,
      clientName: info.name,
      available: false,
      reason: plan.reason,
      method: null,
      format: null,
      config: null,
      configObject: null,
      serverKey: null,
      filePaths: [],
      cliCommand: null,
      secrets: [],
      notes: [],
    };
  }
  const key = serverKey(server);
  const out = _GENERATORS[client]({ server, client: info, key, plan });
  const obj = out.configObject;
  const config = obj === null
    ? null
    : info.format === "toml"
    ? stringify(obj)
    : JSON.stringify(obj, null, 2);
  return {
    client,
    clientName: info.name,
    available: true,
    reason: null,
    method: plan.method,
    format: obj === null ? null : info.format,
    config,
    configObject: obj,
    serverKey: key,
    filePaths: obj === null ? [] : info.filePaths.map((p) => ({ ...p })),
    cliCommand: out.cliCommand,
    secrets: out.secrets,
    notes: [...plan.notes, ...out.notes, `Documentation: ${info.docsUrl}`],
  };
}

/**
 * Configurations of a server for every client, in {@link CLIENT_IDS} order.
 *
 * @example
 * ```ts
 * installConfigs(server).map((c) => c.client); // ["cursor", "claude-desktop", ...]
 * ```
 *
 * @param server the catalog server
 * @returns one configuration per client
 */
export function installConfigs(server: CatalogServer): InstallConfig[] {
  return CLIENT_IDS.map((client) => installConfig(server, client));
}
