/**
 * A ready-to-paste MCP client configuration of one catalog server ({@link InstallConfig}): the
 * chosen install method with its reason, the config text, a CLI line, the values to fill in, a
 * launch-probe mark, and the alternatives. The generators are in `src/install/`.
 *
 * @module
 */
import { z } from "zod";

/** Ids of the supported MCP clients, in display order. */
export const CLIENT_IDS = [
  "cursor",
  "claude-desktop",
  "claude-code",
  "vscode",
  "zed",
  "windsurf",
  "codex",
  "gemini-cli",
] as const;

/** One supported MCP client, see {@link CLIENT_IDS}. */
export type ClientId = typeof CLIENT_IDS[number];

/** The install method as reported in an install config. */
export const InstallMethod = z.object({
  /** `package`: run a published package locally; `remote`: connect to a hosted endpoint. */
  kind: z.enum(["package", "remote"]).describe(
    "package: run a published package locally; remote: connect to a hosted endpoint",
  ),
  /** `npm`, `pypi`, `oci`, `nuget` or `mcpb`; `null` for a remote. */
  registryType: z.string().nullable().describe(
    "Package registry: npm, pypi, oci, nuget or mcpb; null for a remote",
  ),
  /** Package name, image or bundle URL; `null` for a remote. */
  identifier: z.string().nullable().describe(
    "Package name or image, e.g. @modelcontextprotocol/server-github; null for a remote",
  ),
  /** Package version as the source lists it; `null` when absent or for a remote. */
  version: z.string().nullable().describe("Package version as the source lists it, if any"),
  /** `stdio`, `streamable-http` or `sse`. */
  transport: z.string().describe("MCP transport: stdio, streamable-http or sse"),
  /** Endpoint URL of a remote; `null` for a package. */
  url: z.string().nullable().describe("Remote endpoint URL; null for a package"),
  /** Why this method was chosen (or ranked where it is), in one or two sentences. */
  reason: z.string().describe("Why this method was chosen, or ranked where it is"),
  /** Id of the source that lists the package or endpoint, when known. */
  source: z.string().nullable().describe("Id of the source that lists the package or endpoint"),
});
/** See {@link InstallMethod}. */
export type InstallMethod = z.infer<typeof InstallMethod>;

/** One value the user provides, as listed in an install config (never the value itself). */
export const InstallSecret = z.object({
  /** Variable name to provide, e.g. `GITHUB_PERSONAL_ACCESS_TOKEN`. */
  name: z.string().describe("Variable name to provide, e.g. GITHUB_PERSONAL_ACCESS_TOKEN"),
  /** The name the server declares, e.g. `project-ref`, `allowed_directory`. */
  label: z.string().describe("Name the server declares, e.g. project-ref or allowed_directory"),
  /** What the value is, as the server describes it. */
  description: z.string().nullable().describe("What the value is, as the server describes it"),
  /** False when the server marks it optional. */
  required: z.boolean().describe("False when the server marks it optional"),
  /** True for tokens, keys and passwords. */
  secret: z.boolean().describe("True for tokens, keys and passwords"),
  /** How the config refers to it, e.g. `${env:NAME}`, `<YOUR_NAME>`, `<allowed_directory>`. */
  placeholder: z.string().describe(
    "How the config refers to the value, e.g. ${env:NAME}, ${input:id}, <YOUR_NAME>, <path>",
  ),
  /** Where the server takes it. */
  kind: z.enum(["env", "header", "argument"]).describe(
    "Where the server takes it: environment variable, HTTP header or command-line argument",
  ),
  /** `number`, `boolean` or `filepath` when the server says so; `null` for plain text. */
  format: z.string().nullable().describe("number, boolean or filepath; null for plain text"),
  /** The only values allowed, or `null`. */
  choices: z.array(z.string()).nullable().describe("The only values allowed, if restricted"),
  /** An example of the expected form (never a real value), or `null`. */
  hint: z.string().nullable().describe("An example of the expected form, never a real value"),
});
/** See {@link InstallSecret}. */
export type InstallSecret = z.infer<typeof InstallSecret>;

/** A launch probe that started the chosen package or endpoint and listed its tools. */
export const Verified = z.object({
  /** ISO 8601 time of the probe. */
  probedAt: z.string().describe("ISO 8601 time of the launch probe"),
  /** Version that ran, when known. */
  version: z.string().nullable().describe("Version that ran"),
  /** Tools it listed. */
  toolCount: z.number().int().describe("Tools the server listed"),
  /** One line for people: `verified: launched and listed 9 tools on 2026-11-27`. */
  text: z.string().describe("e.g. verified: launched and listed 9 tools on 2026-11-27"),
});
/** See {@link Verified}. */
export type Verified = z.infer<typeof Verified>;

/**
 * A one-click install link of a client app, built from the same config object as `config`:
 * Cursor's `cursor://anysphere.cursor-deeplink/mcp/install?name=<key>&config=<base64 JSON of the
 * server entry>` (https://cursor.com/docs/mcp/install-links), VS Code's and VS Code Insiders'
 * `vscode:mcp/install?<URL-encoded JSON of {name, ...entry, inputs?}>`
 * (https://code.visualstudio.com/docs/copilot/customization/mcp-servers). Secrets appear only as
 * the client's placeholders, as in `config`.
 */
export const DeepLink = z.object({
  /** `cursor`, `vscode` or `vscode-insiders`. */
  app: z.enum(["cursor", "vscode", "vscode-insiders"]).describe(
    "The app the link opens: cursor, vscode or vscode-insiders",
  ),
  /** Button text, e.g. `Add to Cursor`. */
  label: z.string().describe("Button text, e.g. Add to Cursor"),
  /** The link. */
  url: z.string().describe(
    "The install link (cursor://... or vscode:mcp/install?...); it carries placeholders, never a secret",
  ),
});
/** See {@link DeepLink}. */
export type DeepLink = z.infer<typeof DeepLink>;

/** The fields of one complete way to install. */
const _OptionFields = {
  /** The chosen package or remote endpoint, with the reason. */
  method: InstallMethod.describe("The chosen install method, with the reason"),
  /** Format of `config`: `toml` for Codex, `json` otherwise; `null` without a config. */
  format: z.enum(["json", "toml"]).nullable().describe("Format of config"),
  /** Ready-to-paste text: pretty JSON or TOML; `null` when nothing is pasted (a bundle). */
  config: z.string().nullable().describe(
    "Ready-to-paste configuration text (pretty JSON or TOML), with placeholders for secrets",
  ),
  /** `config` as a parsed object, or `null`. */
  configObject: z.unknown().describe("The same configuration as a parsed object, or null"),
  /**
   * A shell command that adds the server, for clients with a CLI, quoted for bash and zsh (every
   * word with a character a shell reads is single-quoted).
   */
  cliCommand: z.string().nullable().describe(
    "Shell command that adds the server, if the client has a CLI (quoted for bash and zsh)",
  ),
  /** One-click install links of the client's apps (Cursor, VS Code); empty for other clients. */
  deepLinks: z.array(DeepLink).describe(
    "One-click install links built from the same config (Cursor, VS Code, VS Code Insiders)",
  ),
  /** Every value the config refers to by placeholder (secrets and settings), never a value. */
  secrets: z.array(InstallSecret).describe(
    "Every value the config refers to by placeholder; never the values themselves",
  ),
  /** The values that must be filled in before the config works (required ones of `secrets`). */
  requiredInputs: z.array(InstallSecret).describe(
    "Values that must be filled in before the config works, with descriptions",
  ),
  /** Steps and caveats for the user. */
  notes: z.array(z.string()).describe("Steps and caveats for the user"),
  /** Set when a launch probe started this package or endpoint and listed its tools. */
  verified: Verified.nullable().describe(
    "Set when a launch probe started this package and listed its tools",
  ),
  /**
   * How sure the catalog is that this installs the server: `verified` (a launch probe started
   * it), `checked` (evidence it belongs: the server's official registry record, Docker's build,
   * npm's repository field or mcpName, a validating source, or the publisher's own endpoint),
   * `unverified` (only a catalog's say-so; such a way is never the recommended one), with a line
   * for people.
   */
  evidence: z.object({
    level: z.enum(["verified", "checked", "unverified"]),
    text: z.string(),
  }).describe(
    "verified (a launch probe started it), checked (evidence it belongs to the server) or " +
      "unverified (a catalog's say-so only, never recommended), with a line for people",
  ),
};

/** One complete way to install: the method and the config text for one client. */
export const InstallOption = z.object(_OptionFields);
/** See {@link InstallOption}. */
export type InstallOption = z.infer<typeof InstallOption>;

/** Where a client's configuration file lives. */
export const ClientFilePath = z.object({
  scope: z.enum(["user", "project"]).describe("user: all projects; project: one project"),
  os: z.enum(["macos", "linux", "windows", "any"]).describe("Operating system of the path"),
  path: z.string().describe("File path; ~ is the home directory"),
});
/** See {@link ClientFilePath}. */
export type ClientFilePath = z.infer<typeof ClientFilePath>;

/** Ready-to-paste configuration of one server for one client. */
export const InstallConfig = z.object({
  /** Client id. */
  client: z.enum(CLIENT_IDS).describe("Client id"),
  /** Display name of the client, e.g. `"Claude Desktop"`. */
  clientName: z.string().describe("Client display name, e.g. Claude Desktop"),
  /** False when no install method is known for this client; `reason` says why. */
  available: z.boolean().describe("False when no install method is known for this client"),
  /** Why the config is unavailable; `null` when available. */
  reason: z.string().nullable().describe("Why the config is unavailable; null when available"),
  ..._OptionFields,
  /** The chosen package or remote endpoint, with the reason it was chosen. */
  method: InstallMethod.nullable().describe("The chosen install method, with the reason"),
  /** The evidence of the chosen way; `null` when none is recommended. */
  evidence: _OptionFields.evidence.nullable(),
  /** Key of the server in the client's config map, e.g. `"github"`. */
  serverKey: z.string().nullable().describe("Key of the server in the client's config map"),
  /** Files the config goes into, by scope and operating system. */
  filePaths: z.array(ClientFilePath).describe("Files the config goes into"),
  /** The next best ways to install, each complete, best first. */
  alternatives: z.array(InstallOption).describe(
    "The next best ways to install, each a complete config, best first",
  ),
});
/** See {@link InstallConfig}. */
export type InstallConfig = z.infer<typeof InstallConfig>;
