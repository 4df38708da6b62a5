/**
 * Ready-to-paste MCP client configuration for a catalog server, one generator per client
 * (`src/install/clients/*.ts`), driven by the client table in `data/clients.json`.
 *
 * How a client installs a server (`./plan.ts`): a vendor-hosted endpoint when the client speaks
 * its transport; else a package run by npx, uvx or dnx (npm, PyPI, NuGet); an `.mcpb` bundle for
 * Claude Desktop; a vendor endpoint through the `mcp-remote` bridge; a Docker image; a
 * gateway-hosted endpoint. The next best ways come as `alternatives`, each a complete config. A
 * server that lists no package and no remote is `available: false`; nothing is guessed from its
 * repository. Inputs follow the server.json semantics (`./inputs.ts`).
 *
 * Secrets are never written: each client gets placeholders it understands (`${env:NAME}` in
 * Cursor and Windsurf, `${NAME}` in Claude Code, `$NAME` in Gemini CLI, `${input:id}` with
 * `inputs` in VS Code, `env_vars` in Codex, a visible `<YOUR_NAME>` in Claude Desktop and Zed;
 * Docker configs add `-e NAME`). Arguments the user must supply are `<name>` placeholders, listed
 * in `requiredInputs`.
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
import { packageKey } from "../ingest/merge_packages.ts";
import type { ProbeSummary } from "../ingest/types.ts";
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
  type ClientInfo,
  clientInfo,
} from "./client_table.ts";
import { RUNNERS } from "./launch.ts";
import { type InstallMethod, NO_METHOD_REASON, type Plan, planInstalls } from "./plan.ts";
import { type Generator, type InstallSecret, serverKey } from "./render.ts";

export {
  acceptedClientsText,
  CLIENT_IDS,
  CLIENT_NAMES,
  type ClientId,
  resolveClient,
} from "./client_table.ts";
export { NO_METHOD_REASON } from "./plan.ts";

/** Most alternatives listed per client (the rest are counted in a note). */
export const MAX_ALTERNATIVES = 4;

/** A launch probe that started the chosen package or endpoint and listed its tools. */
export interface Verified {
  /** ISO 8601 time of the probe. */
  probedAt: string;
  /** Version that ran, when known. */
  version: string | null;
  /** Tools it listed. */
  toolCount: number;
  /** One line for people: `verified: launched and listed 9 tools on 2026-11-27`. */
  text: string;
}

/** One complete way to install: the method and the config text for one client. */
export interface InstallOption {
  /** The chosen package or remote endpoint, with the reason. */
  method: InstallMethod;
  /** Format of `config`: `toml` for Codex, `json` otherwise; `null` without a config. */
  format: "json" | "toml" | null;
  /** Ready-to-paste text: pretty JSON or TOML; `null` when nothing is pasted (a bundle). */
  config: string | null;
  /** `config` as a parsed object, or `null`. */
  configObject: unknown;
  /** A shell command that adds the server, for clients with a CLI. */
  cliCommand: string | null;
  /** Every value the config refers to by placeholder (secrets and settings), never a value. */
  secrets: InstallSecret[];
  /** The values that must be filled in before the config works (required ones of `secrets`). */
  requiredInputs: InstallSecret[];
  /** Steps and caveats for the user. */
  notes: string[];
  /** Set when a launch probe started this package or endpoint and listed its tools. */
  verified: Verified | null;
}

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
  /** The chosen package or remote endpoint, with the reason it was chosen. */
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
  /** Every value the config refers to by placeholder (secrets and settings), never a value. */
  secrets: InstallSecret[];
  /** The values that must be filled in before the config works (required ones of `secrets`). */
  requiredInputs: InstallSecret[];
  /** Steps and caveats for the user, ending with the client's documentation link. */
  notes: string[];
  /** Set when a launch probe started the chosen package or endpoint and listed its tools. */
  verified: Verified | null;
  /** The next best ways to install, each complete, best first (at most {@link MAX_ALTERNATIVES}). */
  alternatives: InstallOption[];
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
  reason: z.string().describe("Why this method was chosen, or ranked where it is"),
  source: z.string().nullable().describe("Id of the source that lists the package or endpoint"),
});

const _SecretSchema = z.object({
  name: z.string().describe("Variable name to provide, e.g. GITHUB_PERSONAL_ACCESS_TOKEN"),
  label: z.string().describe("Name the server declares, e.g. project-ref or allowed_directory"),
  description: z.string().nullable().describe("What the value is, as the server describes it"),
  required: z.boolean().describe("False when the server marks it optional"),
  secret: z.boolean().describe("True for tokens, keys and passwords"),
  placeholder: z.string().describe(
    "How the config refers to the value, e.g. ${env:NAME}, ${input:id}, <YOUR_NAME>, <path>",
  ),
  kind: z.enum(["env", "header", "argument"]).describe(
    "Where the server takes it: environment variable, HTTP header or command-line argument",
  ),
  format: z.string().nullable().describe("number, boolean or filepath; null for plain text"),
  choices: z.array(z.string()).nullable().describe("The only values allowed, if restricted"),
  hint: z.string().nullable().describe("An example of the expected form, never a real value"),
});

const _VerifiedSchema = z.object({
  probedAt: z.string().describe("ISO 8601 time of the launch probe"),
  version: z.string().nullable().describe("Version that ran"),
  toolCount: z.number().int().describe("Tools the server listed"),
  text: z.string().describe("e.g. verified: launched and listed 9 tools on 2026-11-27"),
});

const _OptionFields = {
  method: _MethodSchema.describe("The chosen install method, with the reason"),
  format: z.enum(["json", "toml"]).nullable().describe("Format of config"),
  config: z.string().nullable().describe(
    "Ready-to-paste configuration text (pretty JSON or TOML), with placeholders for secrets",
  ),
  configObject: z.unknown().describe("The same configuration as a parsed object, or null"),
  cliCommand: z.string().nullable().describe(
    "Shell command that adds the server, if the client has a CLI",
  ),
  secrets: z.array(_SecretSchema).describe(
    "Every value the config refers to by placeholder; never the values themselves",
  ),
  requiredInputs: z.array(_SecretSchema).describe(
    "Values that must be filled in before the config works, with descriptions",
  ),
  notes: z.array(z.string()).describe("Steps and caveats for the user"),
  verified: _VerifiedSchema.nullable().describe(
    "Set when a launch probe started this package and listed its tools",
  ),
};

/** Zod schema of {@link InstallOption}. */
export const InstallOptionSchema = z.object(_OptionFields);

/** Zod schema of {@link InstallConfig}, for the MCP `outputSchema` and the OpenAPI document. */
export const InstallConfigSchema = z.object({
  client: z.enum(CLIENT_IDS).describe("Client id"),
  clientName: z.string().describe("Client display name, e.g. Claude Desktop"),
  available: z.boolean().describe("False when no install method is known for this client"),
  reason: z.string().nullable().describe("Why the config is unavailable; null when available"),
  ..._OptionFields,
  method: _MethodSchema.nullable().describe("The chosen install method, with the reason"),
  serverKey: z.string().nullable().describe("Key of the server in the client's config map"),
  filePaths: z.array(z.object({
    scope: z.enum(["user", "project"]).describe("user: all projects; project: one project"),
    os: z.enum(["macos", "linux", "windows", "any"]).describe("Operating system of the path"),
    path: z.string().describe("File path; ~ is the home directory"),
  })).describe("Files the config goes into"),
  alternatives: z.array(InstallOptionSchema).describe(
    "The next best ways to install, each a complete config, best first",
  ),
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

/** The probe of the package or endpoint a plan uses, if one was run. */
function _probeOf(server: CatalogServer, plan: Plan): ProbeSummary | undefined {
  const m = plan.method;
  const target = m.kind === "remote"
    ? `remote:${m.url}`
    : packageKey({ registryType: m.registryType ?? "", identifier: m.identifier ?? "" });
  return server.probes?.find((p) =>
    m.kind === "remote" ? p.target === target : packageKey(p) === target
  );
}

/**
 * The `verified` mark of a plan: a probe that launched it and listed its tools, of the version
 * the config pins (any version when it pins none: the runner takes the newest).
 */
function _verified(server: CatalogServer, plan: Plan): Verified | null {
  const probe = _probeOf(server, plan);
  if (probe === undefined || !probe.launched || probe.errorClass !== null) return null;
  const pinned = plan.method.version?.trim();
  if (pinned && pinned.toLowerCase() !== "latest" && probe.version !== pinned) return null;
  const day = probe.probedAt.slice(0, 10);
  return {
    probedAt: probe.probedAt,
    version: probe.version,
    toolCount: probe.toolCount,
    text: `verified: launched and listed ${probe.toolCount} tools on ${day}`,
  };
}

/** Words in a description that suggest a credential the record may not declare. */
const _CREDENTIAL_WORDS =
  /\b(api[ _-]?keys?|access[ _-]?tokens?|personal access tokens?|secret keys?|bearer tokens?|credentials|client secrets?)\b/i;

/** Notes about what the records say (or fail to say) around the chosen plan. */
function _serverNotes(server: CatalogServer, plan: Plan, secrets: InstallSecret[]): string[] {
  const notes: string[] = [];
  const probe = _probeOf(server, plan);
  if (probe !== undefined && probe.errorClass !== null) {
    const day = probe.probedAt.slice(0, 10);
    const what: Record<string, string> = {
      needs_secret: "stopped asking for a credential",
      crashed: "exited before answering",
      sandbox_denied: "stopped when the sandbox denied it access",
      timed_out: "did not answer in time",
      tools_list_failed: "started but could not list its tools",
    };
    notes.push(
      `A launch probe on ${day} ${what[probe.errorClass] ?? `failed (${probe.errorClass})`}` +
        (probe.detail ? `: "${probe.detail.replace(/[.\s]+$/, "")}"` : "") +
        (probe.errorClass === "needs_secret" && !secrets.some((s) => s.secret)
          ? ". No source declares that value: see the server's README for the variable to set."
          : "."),
    );
  }
  if (
    !secrets.some((s) => s.secret) && plan.method.kind === "package" &&
    probe?.errorClass !== "needs_secret" && _CREDENTIAL_WORDS.test(server.description)
  ) {
    notes.push(
      "The description mentions a credential, but no source declares one for this package: " +
        "check the server's README for a variable to set.",
    );
  }
  return notes;
}

/** Renders one plan for one client. */
function _option(
  server: CatalogServer,
  info: ClientInfo,
  key: string,
  plan: Plan,
): InstallOption {
  const out = _GENERATORS[info.id]({ server, client: info, key, plan });
  const obj = out.configObject;
  const config = obj === null
    ? null
    : info.format === "toml"
    ? stringify(obj)
    : JSON.stringify(obj, null, 2);
  return {
    method: plan.method,
    format: obj === null ? null : info.format,
    config,
    configObject: obj,
    cliCommand: out.cliCommand,
    secrets: out.secrets,
    requiredInputs: out.secrets.filter((s) => s.required),
    notes: [...plan.notes, ..._serverNotes(server, plan, out.secrets), ...out.notes],
    verified: _verified(server, plan),
  };
}

/**
 * Ready-to-paste configuration of a server for one client: the best method (`./plan.ts`) and up
 * to {@link MAX_ALTERNATIVES} alternatives, each complete.
 *
 * @example
 * ```ts
 * const cfg = installConfig(server, "codex");
 * cfg.config; // '[mcp_servers.github]\ncommand = "npx"\n...'
 * cfg.method?.reason; // "The npm package ... runs with npx ..."
 * ```
 *
 * @param server the catalog server
 * @param client the client id
 * @returns the configuration; `available: false` with a `reason` when no method is known
 * @throws {RangeError} when `client` is not one of {@link CLIENT_IDS}
 */
export function installConfig(server: CatalogServer, client: ClientId): InstallConfig {
  const info = clientInfo(client);
  const { plans, refused } = planInstalls(server, info);
  const best = plans[0];
  if (best === undefined) {
    const none = server.packages.length === 0 && server.remotes.length === 0;
    const reason = none
      ? NO_METHOD_REASON
      : `No install method for ${info.name}: ${refused.join("; ")}`;
    return {
      client,
      clientName: info.name,
      available: false,
      reason: _withRefusedPackages(server, reason),
      method: null,
      format: null,
      config: null,
      configObject: null,
      serverKey: null,
      filePaths: [],
      cliCommand: null,
      secrets: [],
      requiredInputs: [],
      notes: [],
      verified: null,
      alternatives: [],
    };
  }
  const key = serverKey(server);
  const main = _option(server, info, key, best);
  const alternatives = plans.slice(1, 1 + MAX_ALTERNATIVES).map((p) =>
    _option(server, info, key, p)
  );
  const notes = [...main.notes];
  const more = plans.length - 1 - alternatives.length;
  if (more > 0) {
    notes.push(
      `${more} more ${
        more === 1 ? "way" : "ways"
      } to install (other packages or endpoints) are listed in the server's details.`,
    );
  }
  if (refused.length > 0) notes.push(`Not used: ${refused.join("; ")}.`);
  for (const r of server.refusedPackages ?? []) {
    notes.push(
      `Not offered: the ${r.package.registryType} package ${r.package.identifier} that ` +
        `${r.source} lists does not match the repository ${server.repositoryUrl}.`,
    );
  }
  notes.push(`Documentation: ${info.docsUrl}`);
  return {
    client,
    clientName: info.name,
    available: true,
    reason: null,
    ...main,
    serverKey: key,
    filePaths: main.config === null ? [] : info.filePaths.map((p) => ({ ...p })),
    notes,
    alternatives,
  };
}

/** Adds the packages refused at merge time to an unavailability reason. */
function _withRefusedPackages(server: CatalogServer, reason: string): string {
  const refused = server.refusedPackages ?? [];
  if (refused.length === 0) return reason;
  const list = refused.map((r) =>
    `${RUNNERS[r.package.registryType]?.command ?? r.package.registryType} ` +
    `${r.package.identifier} (listed by ${r.source})`
  ).join(", ");
  return `${reason}. Not offered: ${list}, which ${
    refused.length === 1 ? "does" : "do"
  } not match the repository ${server.repositoryUrl}`;
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
