/**
 * Shared core of the install-config generators: the client table (`data/clients.json`), the choice
 * of install method for a server, and the launch description (`command`, `args`, `env`, or a
 * remote `url` with `headers`) that every client generator renders in its own format.
 *
 * Values a user must supply (secrets, required settings without a default) never appear as
 * values: they are {@link Variable} references inside a {@link Value}, and each client renders a
 * reference in its own placeholder syntax (`${env:NAME}`, `${input:id}`, `<YOUR_NAME>` ...).
 *
 * Method choice ({@link planInstall}): a package that runs over stdio, npm > pypi > oci > nuget
 * (an `.mcpb` bundle only for clients that install bundles: Claude Desktop); else a remote
 * endpoint, streamable HTTP before SSE, HTTPS only (plain HTTP only for localhost); a remote
 * transport the client lacks is reached through the `mcp-remote` stdio bridge. The repository is
 * never used to guess a method.
 *
 * @module
 */
import { z } from "zod";
import CLIENTS_JSON from "../../data/clients.json" with { type: "json" };
import type { CatalogServer } from "../ingest/merge_servers.ts";
import type { ServerInput, ServerPackage, ServerRemote } from "../ingest/types.ts";

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

/** Remote transports of the MCP `server.json` schema. */
export type RemoteTransport = "streamable-http" | "sse";

const _FilePathSchema = z.object({
  scope: z.enum(["user", "project"]),
  os: z.enum(["macos", "linux", "windows", "any"]),
  path: z.string().min(1),
});

const _RemoteShapeSchema = z.object({ urlKey: z.string().min(1), type: z.string().nullable() });

const _ClientSchema = z.object({
  id: z.enum(CLIENT_IDS),
  name: z.string().min(1),
  docsUrl: z.url(),
  format: z.enum(["json", "toml"]),
  topLevelKey: z.string().min(1),
  filePaths: z.array(_FilePathSchema).min(1),
  placeholder: z.object({
    style: z.enum(["env", "input", "visible", "env-forward"]),
    template: z.string().min(1),
  }),
  stdioType: z.string().nullable(),
  remotes: z.object({
    "streamable-http": _RemoteShapeSchema.optional(),
    sse: _RemoteShapeSchema.optional(),
  }),
  headersKey: z.string().min(1),
  bridgeHeaders: z.enum(["env", "inline"]),
  bundles: z.boolean(),
  cli: z.string().nullable(),
});

/**
 * One client of `data/clients.json`: documentation URL, config format and file paths, the key
 * that holds the servers, the placeholder style for secrets, the remote transports it speaks
 * natively (`remotes`, with the key that holds the URL and the `type` value, if any), and how
 * headers are passed through the `mcp-remote` bridge (`bridgeHeaders`).
 */
export type ClientInfo = z.infer<typeof _ClientSchema>;

/** Where a client's configuration file lives. */
export type ClientFilePath = z.infer<typeof _FilePathSchema>;

function _loadClients(data: unknown): ReadonlyMap<ClientId, ClientInfo> {
  const parsed = z.object({ clients: z.array(_ClientSchema) }).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Cannot load "data/clients.json": ${issue?.path.join(".")} ${issue?.message}`,
    );
  }
  const map = new Map<ClientId, ClientInfo>();
  for (const client of parsed.data.clients) {
    if (map.has(client.id)) {
      throw new Error(`Cannot load "data/clients.json": client "${client.id}" is listed twice`);
    }
    map.set(client.id, client);
  }
  for (const id of CLIENT_IDS) {
    if (!map.has(id)) throw new Error(`Cannot load "data/clients.json": client "${id}" is missing`);
  }
  return map;
}

const _CLIENTS = _loadClients(CLIENTS_JSON);

/**
 * The table entry of one client.
 *
 * @example
 * ```ts
 * clientInfo("zed").topLevelKey; // "context_servers"
 * ```
 *
 * @param id a client id
 * @returns the client's entry of `data/clients.json`
 * @throws {RangeError} when `id` is not one of {@link CLIENT_IDS}
 */
export function clientInfo(id: ClientId): ClientInfo {
  const info = _CLIENTS.get(id);
  if (!info) throw new RangeError(`Cannot configure unknown client "${String(id)}"`);
  return info;
}

// ---------------------------------------------------------------------------------------------
// Values and variables

/**
 * A value the user supplies, referenced from a config instead of written into it.
 * `name` is an environment-variable style name (`GITHUB_PERSONAL_ACCESS_TOKEN`, `SMITHERY_API_KEY`,
 * `PROJECT_REF`); `label` is the name as the server declares it (`project-ref`).
 */
export interface Variable {
  /** Environment-variable style name, e.g. `SMITHERY_API_KEY`. */
  name: string;
  /** Name as the server declares it, e.g. `smithery_api_key`, `project-ref`. */
  label: string;
  /** The server's description of the value, if any. */
  description: string | null;
  /** False when the server marks it optional. */
  required: boolean;
  /** True for tokens, passwords and keys: never written as a value. */
  secret: boolean;
  /** Where the server expects it. */
  kind: "env" | "header" | "argument";
}

/** A piece of a {@link Value}: literal text, or a reference to a variable. */
export type Part = string | { ref: Variable };

/** A config value: literal text and variable references, concatenated. */
export type Value = Part[];

/** A local process: `command` with `args` and `env` (values may reference variables). */
export interface StdioLaunch {
  /** Runner command: `npx`, `uvx`, `docker` or `dnx`. */
  command: string;
  /** Arguments after the command, in order. */
  args: Value[];
  /** Environment variables for the process, in source order. */
  env: { name: string; value: Value }[];
  /** Every variable referenced in `args` and `env`, once each, in order of first use. */
  variables: Variable[];
}

/** A remote endpoint with the headers to send (values may reference variables). */
export interface RemoteLaunch {
  /** `streamable-http` or `sse`. */
  transport: RemoteTransport;
  /** Endpoint URL (HTTPS, or HTTP on localhost). */
  url: string;
  /** Headers to send, in source order. */
  headers: { name: string; value: Value }[];
  /** Every variable referenced in `headers`, once each, in order of first use. */
  variables: Variable[];
}

/**
 * Renders a variable reference as text; `following` is the literal text right after it (Gemini
 * CLI needs braces when a name runs on into letters).
 */
export type Placeholder = (variable: Variable, following: string) => string;

/**
 * Renders a value with a placeholder function.
 *
 * @example
 * ```ts
 * renderValue(["Bearer ", { ref: v }], (v) => `\${${v.name}}`); // "Bearer ${API_KEY}"
 * ```
 *
 * @param value the value
 * @param placeholder renders each variable reference
 * @returns the text
 */
export function renderValue(value: Value, placeholder: Placeholder): string {
  let out = "";
  value.forEach((part, i) => {
    if (typeof part === "string") {
      out += part;
      return;
    }
    const next = value[i + 1];
    out += placeholder(part.ref, typeof next === "string" ? next : "");
  });
  return out;
}

/**
 * The single variable a value consists of, or `null` when the value has literal text or several
 * references.
 *
 * @param value the value
 * @returns the variable, or `null`
 *
 * @example
 * ```ts
 * soleVariable([{ ref: token }]); // token
 * soleVariable(["Bearer ", { ref: token }]); // null
 * ```
 */
export function soleVariable(value: Value): Variable | null {
  const [first] = value;
  return value.length === 1 && first !== undefined && typeof first !== "string" ? first.ref : null;
}

/**
 * The literal text of a value without variable references, or `null` when it references one.
 *
 * @param value the value
 * @returns the text, or `null`
 *
 * @example
 * ```ts
 * literalText(["local", "host"]); // "localhost"
 * literalText([{ ref: token }]); // null
 * ```
 */
export function literalText(value: Value): string | null {
  return value.every((p) => typeof p === "string") ? value.join("") : null;
}

/**
 * Kebab-case id of a variable, used for VS Code `inputs` (`GITHUB_TOKEN` → `github-token`).
 *
 * @param variable the variable
 * @returns the id
 *
 * @example
 * ```ts
 * inputId({ name: "GITHUB_TOKEN", ... }); // "github-token"
 * ```
 */
export function inputId(variable: Variable): string {
  return variable.name.toLowerCase().replace(/_+/g, "-").replace(/^-+|-+$/g, "");
}

/**
 * Fills a `data/clients.json` placeholder template: `{{name}}` → the variable name, `{{id}}` →
 * its {@link inputId}.
 *
 * @param template e.g. `"${env:{{name}}}"`
 * @param variable the variable
 * @returns e.g. `"${env:GITHUB_TOKEN}"`
 *
 * @example
 * ```ts
 * fillTemplate("<YOUR_{{name}}>", token); // "<YOUR_GITHUB_TOKEN>"
 * ```
 */
export function fillTemplate(template: string, variable: Variable): string {
  return template.replaceAll("{{name}}", variable.name).replaceAll("{{id}}", inputId(variable));
}

/**
 * The placeholder of a client for a variable: a non-secret argument shows as `<label>` in every
 * client (the user edits it in); anything else uses the client's template from
 * `data/clients.json`.
 *
 * @param client the client
 * @returns the placeholder function
 *
 * @example
 * ```ts
 * clientPlaceholder(clientInfo("cursor"))(token, ""); // "${env:GITHUB_TOKEN}"
 * ```
 */
export function clientPlaceholder(client: ClientInfo): Placeholder {
  return (variable) =>
    variable.kind === "argument" && !variable.secret
      ? `<${variable.label}>`
      : fillTemplate(client.placeholder.template, variable);
}

/** One value the user must provide, as listed in an install config. */
export interface InstallSecret {
  /** Variable name to provide, e.g. `GITHUB_PERSONAL_ACCESS_TOKEN`. */
  name: string;
  /** What the value is, as the server describes it. */
  description: string | null;
  /** False when the server marks it optional. */
  required: boolean;
  /** True for tokens, keys and passwords. */
  secret: boolean;
  /** How the config refers to it, e.g. `${env:NAME}`, `<YOUR_NAME>`. */
  placeholder: string;
  /** Where the server takes it. */
  kind: "env" | "header" | "argument";
}

/**
 * Lists variables as install secrets, each with the placeholder the config uses for it.
 *
 * @param variables the referenced variables
 * @param placeholder how each one appears in the config
 * @returns one entry per variable
 *
 * @example
 * ```ts
 * secretsOf([token], (v) => `<YOUR_${v.name}>`)[0].placeholder; // "<YOUR_GITHUB_TOKEN>"
 * ```
 */
export function secretsOf(
  variables: readonly Variable[],
  placeholder: (variable: Variable) => string,
): InstallSecret[] {
  return variables.map((v) => ({
    name: v.name,
    description: v.description,
    required: v.required,
    secret: v.secret,
    placeholder: placeholder(v),
    kind: v.kind,
  }));
}

/**
 * Upper snake case name for a variable: `project-ref` → `PROJECT_REF`, `X-API-Key` → `X_API_KEY`,
 * `smithery_api_key` → `SMITHERY_API_KEY`; a leading digit gets a `V_` prefix.
 *
 * @example
 * ```ts
 * envName("--project-ref"); // "PROJECT_REF"
 * ```
 *
 * @param text a header, argument or template variable name
 * @returns the name, `"VALUE"` when nothing usable is left
 */
export function envName(text: string): string {
  const name = text
    .replace(/^-+/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (name === "") return "VALUE";
  return /^[0-9]/.test(name) ? `V_${name}` : name;
}

/** Name parts that mark a secret even when the source does not flag it. */
const _SECRET_WORDS = new Set([
  "TOKEN",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PWD",
  "APIKEY",
  "KEY",
  "PAT",
  "CREDENTIAL",
  "CREDENTIALS",
  "AUTH",
  "AUTHORIZATION",
  "AUTHENTICATION",
  "COOKIE",
]);

/**
 * True when an input is a secret: flagged `isSecret`, or (unless flagged `isSecret: false`) named
 * like one (`..._TOKEN`, `API_KEY`, `Authorization`, `x-api-key` ...).
 */
function _isSecret(input: ServerInput): boolean {
  if (input.isSecret !== undefined) return input.isSecret;
  return envName(input.name).split("_").some((w) => _SECRET_WORDS.has(w));
}

const _TEMPLATE = /\{([A-Za-z_][A-Za-z0-9_.-]*)\}/g;

/** Splits `Bearer {api_key}` into literal parts and variable references. */
function _parseTemplate(text: string, make: (raw: string) => Variable): Value {
  const out: Value = [];
  let last = 0;
  for (const m of text.matchAll(_TEMPLATE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push({ ref: make(m[1]!) });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * The value of one input (env var, header, argument), or `null` when it is optional and has no
 * usable value (the caller lists it in a note). A secret's literal `value` or `default` is never
 * used: only a template such as `Bearer {api_key}` is kept, with the placeholder substituted.
 */
function _inputValue(input: ServerInput, kind: Variable["kind"], label: string): Value | null {
  const secret = _isSecret(input);
  const make = (name: string, varLabel: string): Variable => ({
    name,
    label: varLabel,
    description: input.description ?? null,
    required: input.isRequired !== false,
    secret,
    kind,
  });
  if (input.value !== undefined) {
    const parts = _parseTemplate(input.value, (raw) => make(envName(raw), raw));
    if (!secret || parts.some((p) => typeof p !== "string")) return parts;
  }
  if (!secret && input.default !== undefined) return [input.default];
  // A secret counts as needed when required, or when the source sets it (header, or a fixed
  // value or default we refuse to copy) without saying it is optional.
  const sourceSetsIt = kind === "header" || input.value !== undefined ||
    input.default !== undefined;
  const required = input.isRequired === true ||
    (secret && sourceSetsIt && input.isRequired === undefined);
  return required ? [{ ref: make(envName(label), label) }] : null;
}

/** Collects the variables of values, once each by name, in order of first use. */
function _variables(values: readonly Value[]): Variable[] {
  const seen = new Map<string, Variable>();
  for (const value of values) {
    for (const part of value) {
      if (typeof part !== "string" && !seen.has(part.ref.name)) seen.set(part.ref.name, part.ref);
    }
  }
  return [...seen.values()];
}

// ---------------------------------------------------------------------------------------------
// Packages

/** How each package type runs: the runner command and what the user needs installed. */
const _RUNNERS: Readonly<Record<string, { command: string; needs: string }>> = {
  npm: { command: "npx", needs: "Node.js (for npx)" },
  pypi: { command: "uvx", needs: "uv (for uvx, https://docs.astral.sh/uv/)" },
  oci: { command: "docker", needs: "Docker" },
  nuget: { command: "dnx", needs: "the .NET 10 SDK or later (for dnx)" },
};

/** Package types that run over stdio, best first. */
export const PACKAGE_ORDER: readonly string[] = ["npm", "pypi", "oci", "nuget"];

/** Registries used when `registryBaseUrl` is absent; another base URL is passed to the runner. */
const _DEFAULT_REGISTRIES: Readonly<Record<string, RegExp>> = {
  npm: /^https?:\/\/registry\.npmjs\.(org|com)\/?$/,
  pypi: /^https?:\/\/(pypi\.org|pypi\.python\.org)(\/simple)?\/?$/,
  nuget: /^https?:\/\/api\.nuget\.org\/v3\/index\.json$/,
};

/** True when a version names a release (not absent, empty or `latest`). */
function _pinned(version: string | undefined): version is string {
  return version !== undefined && version.trim() !== "" &&
    version.trim().toLowerCase() !== "latest";
}

/** True when an image reference already carries a tag or digest. */
function _hasTag(image: string): boolean {
  return image.includes("@sha256:") || (image.split("/").pop() ?? "").includes(":");
}

/** Arguments a runner adds itself, skipped when a source repeats them as runtime arguments. */
const _RUNNER_OWN_ARGS: Readonly<Record<string, readonly string[]>> = {
  npx: ["-y", "--yes"],
  dnx: ["--yes"],
};

/**
 * Turns server.json arguments into values: positional arguments by value, else default, else a
 * `<name>` placeholder when required; named arguments as `--name value`. Optional arguments
 * without a value are skipped and their names returned.
 */
function _argValues(
  inputs: readonly ServerInput[],
  skipFlags: readonly string[],
): { args: Value[]; skipped: string[] } {
  const args: Value[] = [];
  const skipped: string[] = [];
  for (const input of inputs) {
    const named = input.type === "named";
    const flag = named ? (input.name.startsWith("-") ? input.name : `--${input.name}`) : null;
    if (flag !== null && skipFlags.includes(flag)) continue;
    if (flag === null && input.value !== undefined && skipFlags.includes(input.value)) continue;
    const label = input.name.replace(/^-+/, "");
    const value = _inputValue(input, "argument", label);
    if (value === null) {
      skipped.push(flag ?? input.name);
      continue;
    }
    if (flag !== null) args.push([flag]);
    args.push(value);
  }
  return { args, skipped };
}

/**
 * The stdio launch of a package: npm → `npx -y <id>@<version>`, pypi → `uvx <id>@<version>`,
 * oci → `docker run -i --rm -e NAME ... <image>:<version>`, nuget → `dnx <id>@<version> --yes`.
 * Runtime arguments go before the package, package arguments after it; environment variables go
 * to `env` (and, for Docker, a `-e NAME` each so the container receives them). A `runtimeHint`
 * that is the registry's own runner is honoured; runtime arguments written for another runtime
 * (`python`, `node`, `bun` ...) are left out with a note.
 *
 * @example
 * ```ts
 * packageLaunch({ registryType: "npm", identifier: "@modelcontextprotocol/server-github",
 *   version: "2025.4.8" }).launch.args; // [["-y"], ["@modelcontextprotocol/server-github@2025.4.8"]]
 * ```
 *
 * @param pkg a package with `registryType` npm, pypi, oci or nuget
 * @returns the launch and notes for the user
 * @throws {RangeError} for any other registry type
 */
export function packageLaunch(pkg: ServerPackage): { launch: StdioLaunch; notes: string[] } {
  const runner = _RUNNERS[pkg.registryType];
  if (runner === undefined) {
    throw new RangeError(`Cannot run package type "${pkg.registryType}" over stdio`);
  }
  const notes: string[] = [`Needs ${runner.needs}.`];
  const skipped: string[] = [];
  const args: Value[] = [];
  const env: StdioLaunch["env"] = [];
  const hint = pkg.runtimeHint?.trim();
  const ownRuntime = hint === undefined || hint === "" || hint === runner.command;

  if (pkg.registryType === "oci") args.push(["run"], ["-i"], ["--rm"]);
  if (pkg.registryType === "npm") args.push(["-y"]);
  const base = pkg.registryBaseUrl;
  const defaultRegistry = _DEFAULT_REGISTRIES[pkg.registryType];
  const customRegistry = base !== undefined && defaultRegistry !== undefined &&
    !defaultRegistry.test(base);
  if (customRegistry && pkg.registryType === "npm") args.push(["--registry"], [base]);
  if (customRegistry && pkg.registryType === "pypi") args.push(["--index-url"], [base]);

  const runtimeArgs = pkg.runtimeArguments ?? [];
  if (runtimeArgs.length > 0 && ownRuntime) {
    const result = _argValues(runtimeArgs, _RUNNER_OWN_ARGS[runner.command] ?? []);
    args.push(...result.args);
    skipped.push(...result.skipped);
  } else if (runtimeArgs.length > 0) {
    notes.push(
      `The source's runtime arguments are written for "${hint}" and were left out: this ` +
        `config runs the package with ${runner.command}.`,
    );
  }

  for (const input of pkg.environmentVariables ?? []) {
    const value = _inputValue(input, "env", input.name);
    if (value === null) {
      skipped.push(input.name);
      continue;
    }
    env.push({ name: input.name, value });
    if (pkg.registryType === "oci") args.push(["-e"], [input.name]);
  }

  const version = _pinned(pkg.version) ? pkg.version.trim() : null;
  switch (pkg.registryType) {
    case "oci": {
      const tagged = _hasTag(pkg.identifier);
      args.push([!tagged && version !== null ? `${pkg.identifier}:${version}` : pkg.identifier]);
      if (!tagged && version === null) {
        notes.push("No image tag is pinned: Docker pulls the `latest` tag.");
      }
      break;
    }
    case "nuget":
      args.push([version === null ? pkg.identifier : `${pkg.identifier}@${version}`], ["--yes"]);
      if (customRegistry && base !== undefined) args.push(["--source"], [base]);
      if ((pkg.packageArguments ?? []).length > 0) args.push(["--"]);
      break;
    default:
      args.push([version === null ? pkg.identifier : `${pkg.identifier}@${version}`]);
  }
  if (version === null && pkg.registryType !== "oci") {
    notes.push(`No version is pinned: ${runner.command} runs the newest release.`);
  }

  const pkgArgs = _argValues(pkg.packageArguments ?? [], []);
  args.push(...pkgArgs.args);
  skipped.push(...pkgArgs.skipped);
  if (skipped.length > 0) {
    notes.push(`Optional settings left out (add them if you need them): ${skipped.join(", ")}.`);
  }
  const variables = _variables([...args, ...env.map((e) => e.value)]);
  return { launch: { command: runner.command, args, env, variables }, notes };
}

// ---------------------------------------------------------------------------------------------
// Remotes

/**
 * Checks a remote URL: HTTPS, or plain HTTP on localhost only.
 *
 * @param url the endpoint URL
 * @returns `"https"`, `"local-http"` or `"rejected"`
 *
 * @example
 * ```ts
 * remoteUrlKind("http://localhost:8080/mcp"); // "local-http"
 * ```
 */
export function remoteUrlKind(url: string): "https" | "local-http" | "rejected" {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "rejected";
  }
  if (parsed.protocol === "https:") return "https";
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
  return parsed.protocol === "http:" && local ? "local-http" : "rejected";
}

/**
 * The remote launch of an endpoint: its URL and headers, with secret header values turned into
 * variables (`Bearer {api_key}` → `Bearer ` + API_KEY).
 *
 * @param remote a remote of the server
 * @returns the launch and notes for the user
 *
 * @example
 * ```ts
 * remoteLaunch({ type: "sse", url: "https://x.example/sse" }).launch.headers; // []
 * ```
 */
export function remoteLaunch(remote: ServerRemote): { launch: RemoteLaunch; notes: string[] } {
  const notes: string[] = [];
  const headers: RemoteLaunch["headers"] = [];
  const skipped: string[] = [];
  for (const input of remote.headers ?? []) {
    const value = _inputValue(input, "header", input.name);
    if (value === null) skipped.push(input.name);
    else headers.push({ name: input.name, value });
  }
  if (skipped.length > 0) {
    notes.push(`Optional headers left out (add them if you need them): ${skipped.join(", ")}.`);
  }
  if (remoteUrlKind(remote.url) === "local-http") {
    notes.push(
      `The endpoint ${remote.url} uses plain HTTP, not HTTPS: traffic is unencrypted, which is ` +
        "acceptable only because it stays on this machine.",
    );
  }
  const variables = _variables(headers.map((h) => h.value));
  return { launch: { transport: remote.type, url: remote.url, headers, variables }, notes };
}

/**
 * A stdio launch that reaches a remote endpoint through the `mcp-remote` bridge
 * (`npx -y mcp-remote <url>`), for clients that cannot speak the remote's transport.
 * Headers become `--header Name:${VAR}` arguments that mcp-remote fills from its environment:
 * with `"env"`, the whole header value goes to an env var `<NAME>_HEADER` (no spaces inside
 * arguments, which some clients mangle on Windows); with `"inline"`, the header text keeps its
 * literal parts and each variable is forwarded under its own name (Codex `env_vars`).
 *
 * @param remote the remote launch
 * @param headerStyle `"env"` or `"inline"`
 * @returns the stdio launch
 *
 * @example
 * ```ts
 * bridgeLaunch(remote, "env").args; // [["-y"], ["mcp-remote"], [url], ["--header"], ["Authorization:${AUTHORIZATION_HEADER}"]]
 * ```
 */
export function bridgeLaunch(remote: RemoteLaunch, headerStyle: "env" | "inline"): StdioLaunch {
  const args: Value[] = [["-y"], ["mcp-remote"], [remote.url]];
  if (remote.transport === "sse") args.push(["--transport"], ["sse-only"]);
  if (remoteUrlKind(remote.url) === "local-http") args.push(["--allow-http"]);
  const env: StdioLaunch["env"] = [];
  for (const header of remote.headers) {
    if (headerStyle === "env") {
      const name = `${envName(header.name)}_HEADER`;
      args.push(["--header"], [`${header.name}:\${${name}}`]);
      env.push({ name, value: header.value });
    } else {
      const text = header.value
        .map((p) => typeof p === "string" ? p : `\${${p.ref.name}}`)
        .join("");
      args.push(["--header"], [`${header.name}:${text}`]);
      for (const part of header.value) {
        if (typeof part !== "string" && !env.some((e) => e.name === part.ref.name)) {
          env.push({ name: part.ref.name, value: [part] });
        }
      }
    }
  }
  return { command: "npx", args, env, variables: _variables(env.map((e) => e.value)) };
}

// ---------------------------------------------------------------------------------------------
// Method choice

/** The install method as reported in an install config. */
export interface InstallMethod {
  /** `package`: run a published package locally; `remote`: connect to a hosted endpoint. */
  kind: "package" | "remote";
  /** `npm`, `pypi`, `oci`, `nuget` or `mcpb`; `null` for a remote. */
  registryType: string | null;
  /** Package name, image or bundle URL; `null` for a remote. */
  identifier: string | null;
  /** Package version as the source lists it; `null` when absent or for a remote. */
  version: string | null;
  /** `stdio`, `streamable-http` or `sse`. */
  transport: string;
  /** Endpoint URL of a remote; `null` for a package. */
  url: string | null;
}

/**
 * What to configure: a local process (`stdio`, from a package or a bridged remote), a remote
 * endpoint the client speaks natively (`remote`), or Claude Desktop bundles (`bundle`).
 */
export type Plan =
  & { method: InstallMethod; notes: string[] }
  & (
    | { kind: "stdio"; launch: StdioLaunch; bridged: RemoteLaunch | null }
    | { kind: "remote"; remote: RemoteLaunch }
    | { kind: "bundle"; bundles: ServerPackage[] }
  );

/** Reason given when a server lists neither a package nor a remote endpoint. */
export const NO_METHOD_REASON =
  "No install method known: no source lists a package or a remote endpoint for this server";

/**
 * Chooses how a client installs a server. Order: a stdio package (npm > pypi > oci > nuget, then
 * `.mcpb` bundles for clients that install them); else a remote endpoint (streamable HTTP before
 * SSE; HTTPS, or HTTP on localhost), natively when the client speaks its transport, else through
 * the `mcp-remote` bridge. Packages serving HTTP on a local port, unknown package types, bundles
 * for other clients and non-HTTPS endpoints are not used; the reason says which were refused.
 *
 * @example
 * ```ts
 * const plan = planInstall(server, clientInfo("cursor"));
 * if (plan.kind !== "unavailable") console.log(plan.method.kind);
 * ```
 *
 * @param server the catalog server
 * @param client the client
 * @returns the plan, or `{ kind: "unavailable", reason }`
 */
export function planInstall(
  server: CatalogServer,
  client: ClientInfo,
): Plan | { kind: "unavailable"; reason: string } {
  if (server.packages.length === 0 && server.remotes.length === 0) {
    return { kind: "unavailable", reason: NO_METHOD_REASON };
  }
  const refused: string[] = [];
  const stdio: ServerPackage[] = [];
  const bundles: ServerPackage[] = [];
  for (const pkg of server.packages) {
    const transport = pkg.transport?.type ?? "stdio";
    if (transport !== "stdio") {
      refused.push(`the ${pkg.registryType} package ${pkg.identifier} serves ${transport} itself`);
    } else if (PACKAGE_ORDER.includes(pkg.registryType)) stdio.push(pkg);
    else if (pkg.registryType === "mcpb") bundles.push(pkg);
    else refused.push(`package type "${pkg.registryType}" (${pkg.identifier}) is not supported`);
  }
  stdio.sort((a, b) =>
    PACKAGE_ORDER.indexOf(a.registryType) - PACKAGE_ORDER.indexOf(b.registryType)
  );
  const remotes: ServerRemote[] = [];
  for (const remote of server.remotes) {
    if (remoteUrlKind(remote.url) === "rejected") {
      refused.push(`the endpoint ${remote.url} is not HTTPS`);
    } else remotes.push(remote);
  }
  remotes.sort((a, b) =>
    (a.type === "streamable-http" ? 0 : 1) - (b.type === "streamable-http" ? 0 : 1)
  );

  const pkg = stdio[0];
  if (pkg !== undefined) {
    const { launch, notes } = packageLaunch(pkg);
    if (client.bundles && bundles[0] !== undefined) {
      notes.push(`Also published as a ${client.name} bundle (.mcpb): ${bundles[0].identifier}`);
    }
    if (remotes[0] !== undefined) {
      notes.push(`Also offered as a hosted endpoint: ${remotes[0].url}`);
    }
    return {
      kind: "stdio",
      launch,
      bridged: null,
      method: {
        kind: "package",
        registryType: pkg.registryType,
        identifier: pkg.identifier,
        version: pkg.version ?? null,
        transport: "stdio",
        url: null,
      },
      notes,
    };
  }
  if (bundles[0] !== undefined) {
    if (client.bundles) {
      return {
        kind: "bundle",
        bundles,
        method: {
          kind: "package",
          registryType: "mcpb",
          identifier: bundles[0].identifier,
          version: bundles[0].version ?? null,
          transport: "stdio",
          url: null,
        },
        notes: [],
      };
    }
    refused.push(
      "it is published only as an MCP bundle (.mcpb), which only Claude Desktop installs",
    );
  }
  const chosen = remotes.find((r) => client.remotes[r.type] !== undefined) ?? remotes[0];
  if (chosen === undefined) {
    return {
      kind: "unavailable",
      reason: `No install method for ${client.name}: ${refused.join("; ")}`,
    };
  }
  const { launch, notes } = remoteLaunch(chosen);
  const method: InstallMethod = {
    kind: "remote",
    registryType: null,
    identifier: null,
    version: null,
    transport: chosen.type,
    url: chosen.url,
  };
  if (client.remotes[chosen.type] !== undefined) {
    return { kind: "remote", remote: launch, method, notes };
  }
  const what = chosen.type === "sse" ? "SSE endpoints" : "remote endpoints in this file";
  notes.push(
    `${client.name} does not connect to ${what}, so this runs the mcp-remote bridge ` +
      `(npx -y mcp-remote, needs Node.js), which connects to ${chosen.url} and serves it over stdio.`,
  );
  return {
    kind: "stdio",
    launch: bridgeLaunch(launch, client.bridgeHeaders),
    bridged: launch,
    method,
    notes,
  };
}

// ---------------------------------------------------------------------------------------------
// Server key and rendering helpers

const _KEY_STOP_WORDS = new Set(["mcp", "server", "servers"]);

/** Kebab-case words of a text without `mcp`/`server` and `model context protocol`. */
function _keyWords(text: string): string[] {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/model[\s_-]*context[\s_-]*protocol/g, " ")
    .replace(/[^a-z0-9]+/g, "-");
  return slug.split("-").filter((w) => w !== "" && !_KEY_STOP_WORDS.has(w));
}

/** Joins words with `-`, cut at a word boundary to at most `max` characters. */
function _cut(words: readonly string[], max: number): string {
  let out = "";
  for (const word of words) {
    const next = out === "" ? word : `${out}-${word}`;
    if (next.length > max) break;
    out = next;
  }
  return out === "" ? (words[0] ?? "").slice(0, max) : out;
}

/**
 * A short kebab-case key for the server in a client's config map: from the title, else the last
 * segment of the name, without the words `mcp` and `server` (at most 40 characters).
 *
 * @example
 * ```ts
 * serverKey({ title: "GitHub MCP Server", name: "io.github.github/github-mcp-server", ... }); // "github"
 * ```
 *
 * @param server the catalog server
 * @returns e.g. `"github"`, `"postgres"`; `"server"` when nothing usable is left
 */
export function serverKey(server: Pick<CatalogServer, "title" | "name">): string {
  const fromTitle = _keyWords(server.title);
  const fromName = _keyWords(server.name.split("/").pop() ?? "");
  const fits = (w: string[]) => w.length > 0 && w.join("-").length <= 40;
  const words = fits(fromTitle)
    ? fromTitle
    : fits(fromName)
    ? fromName
    : fromTitle.length > 0
    ? fromTitle
    : fromName;
  const key = _cut(words, 40);
  return key === "" ? "server" : key;
}

/**
 * Quotes one word for a POSIX shell: bare when it only has safe characters, else in single quotes.
 *
 * @param word the word
 * @returns the quoted word
 *
 * @example
 * ```ts
 * shellQuote("A=${A}"); // "'A=${A}'"
 * ```
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * Joins words into a shell command line, quoting each.
 *
 * @param words the words
 * @returns the command line
 *
 * @example
 * ```ts
 * shellJoin(["npx", "-y", "a b"]); // "npx -y 'a b'"
 * ```
 */
export function shellJoin(words: readonly string[]): string {
  return words.map(shellQuote).join(" ");
}

/**
 * A JSON server entry in the shape most clients share: stdio `{type?, command, args, env?}`;
 * remote `{type?, <urlKey>: url, <headersKey>?}` with the type and URL key of the client's
 * `remotes` entry. Empty `env` and headers are left out.
 *
 * @param client the client
 * @param plan a `stdio` or `remote` plan
 * @param placeholder renders variable references
 * @returns the server entry
 * @throws {RangeError} when the client has no native support for the remote's transport
 *
 * @example
 * ```ts
 * jsonServerEntry(clientInfo("windsurf"), remotePlan, ph); // { serverUrl: "https://...", headers: {...} }
 * ```
 */
export function jsonServerEntry(
  client: ClientInfo,
  plan: Extract<Plan, { kind: "stdio" | "remote" }>,
  placeholder: Placeholder,
): Record<string, unknown> {
  if (plan.kind === "stdio") {
    const { launch } = plan;
    const entry: Record<string, unknown> = {};
    if (client.stdioType !== null) entry.type = client.stdioType;
    entry.command = launch.command;
    entry.args = launch.args.map((a) => renderValue(a, placeholder));
    if (launch.env.length > 0) {
      entry.env = Object.fromEntries(
        launch.env.map((e) => [e.name, renderValue(e.value, placeholder)]),
      );
    }
    return entry;
  }
  const shape = client.remotes[plan.remote.transport];
  if (shape === undefined) {
    throw new RangeError(`Cannot write a ${plan.remote.transport} endpoint for ${client.name}`);
  }
  const entry: Record<string, unknown> = {};
  if (shape.type !== null) entry.type = shape.type;
  entry[shape.urlKey] = plan.remote.url;
  if (plan.remote.headers.length > 0) {
    entry[client.headersKey] = Object.fromEntries(
      plan.remote.headers.map((h) => [h.name, renderValue(h.value, placeholder)]),
    );
  }
  return entry;
}

/**
 * The variables a plan references (launch or remote headers).
 *
 * @param plan a `stdio` or `remote` plan
 * @returns the variables
 *
 * @example
 * ```ts
 * planVariables(plan).map((v) => v.name); // ["GITHUB_PERSONAL_ACCESS_TOKEN"]
 * ```
 */
export function planVariables(plan: Extract<Plan, { kind: "stdio" | "remote" }>): Variable[] {
  return plan.kind === "stdio" ? plan.launch.variables : plan.remote.variables;
}

/**
 * The shell words of a stdio launch (`command` then `args`), rendered with a placeholder.
 *
 * @param launch the launch
 * @param placeholder renders variable references
 * @returns e.g. `["npx", "-y", "@scope/pkg@1.0.0"]`
 *
 * @example
 * ```ts
 * commandWords(launch, ph).join(" "); // "npx -y @modelcontextprotocol/server-github@2025.4.8"
 * ```
 */
export function commandWords(launch: StdioLaunch, placeholder: Placeholder): string[] {
  return [launch.command, ...launch.args.map((a) => renderValue(a, placeholder))];
}

/** Input of a client generator. */
export interface GeneratorInput {
  /** The catalog server. */
  server: CatalogServer;
  /** The client's entry of `data/clients.json`. */
  client: ClientInfo;
  /** Key of the server in the client's config map. */
  key: string;
  /** The chosen install method and its launch. */
  plan: Plan;
}

/** Output of a client generator (the config text is rendered from `configObject` by the caller). */
export interface GeneratorOutput {
  /** The whole config file fragment, or `null` when nothing is pasted (Claude Desktop bundles). */
  configObject: Record<string, unknown> | null;
  /** Shell command that adds the server, or `null` when the client has no CLI. */
  cliCommand: string | null;
  /** Values the user provides, with their placeholders. */
  secrets: InstallSecret[];
  /** Client-specific steps and caveats. */
  notes: string[];
}

/** A client generator: renders a plan in one client's format. */
export type Generator = (input: GeneratorInput) => GeneratorOutput;

/**
 * Notes telling the user how placeholders get their values, by placeholder style.
 *
 * @param client the client
 * @param variables the referenced variables
 * @param placeholder how each appears in the config
 * @returns zero or one note
 *
 * @example
 * ```ts
 * placeholderNotes(clientInfo("zed"), [token], (v) => `<YOUR_${v.name}>`);
 * // ["Replace <YOUR_GITHUB_TOKEN> with your own values: Zed does not expand ..."]
 * ```
 */
export function placeholderNotes(
  client: ClientInfo,
  variables: readonly Variable[],
  placeholder: (variable: Variable) => string,
): string[] {
  const fill = variables.filter((v) => !(v.kind === "argument" && !v.secret));
  const edit = variables.filter((v) => v.kind === "argument" && !v.secret);
  const notes: string[] = [];
  if (edit.length > 0) {
    notes.push(`Replace ${edit.map(placeholder).join(", ")} with your own values before saving.`);
  }
  if (fill.length === 0) return notes;
  const list = fill.map(placeholder).join(", ");
  switch (client.placeholder.style) {
    case "env":
      notes.push(
        `Set ${fill.map((v) => v.name).join(", ")} in the environment ${client.name} starts ` +
          `from: the config refers to ${list} and ${client.name} substitutes the values.`,
      );
      break;
    case "input":
      notes.push(
        `${client.name} asks for ${list} when the server first starts and stores secrets ` +
          "encrypted (inputs with password: true).",
      );
      break;
    case "visible":
    case "env-forward":
      notes.push(
        `Replace ${list} with your own values: ${client.name} does not expand environment ` +
          "variables there, so keep the file private.",
      );
      break;
  }
  return notes;
}

/**
 * Narrows a plan to one that yields a config (`stdio` or `remote`).
 *
 * @param plan the plan
 * @param client the client being configured
 * @returns the same plan
 * @throws {RangeError} for a `bundle` plan (only Claude Desktop handles bundles)
 *
 * @example
 * ```ts
 * configPlan(plan, clientInfo("cursor")).kind; // "stdio" or "remote"
 * ```
 */
export function configPlan(
  plan: Plan,
  client: ClientInfo,
): Extract<Plan, { kind: "stdio" | "remote" }> {
  if (plan.kind === "bundle") {
    throw new RangeError(`Cannot write an MCP bundle (.mcpb) into ${client.name}'s config`);
  }
  return plan;
}

/**
 * The common JSON generator: `{ <topLevelKey>: { <key>: <entry> } }` with the client's
 * placeholders, the secrets it references and the placeholder notes.
 *
 * @param input the generator input (a `stdio` or `remote` plan)
 * @param placeholder renders variable references (defaults to {@link clientPlaceholder})
 * @returns the server entry, the config object, and secrets and notes
 * @throws {RangeError} for a `bundle` plan
 *
 * @example
 * ```ts
 * jsonConfig(input).configObject; // { mcpServers: { github: { command: "npx", ... } } }
 * ```
 */
export function jsonConfig(
  input: GeneratorInput,
  placeholder: Placeholder = clientPlaceholder(input.client),
): {
  plan: Extract<Plan, { kind: "stdio" | "remote" }>;
  entry: Record<string, unknown>;
  configObject: Record<string, unknown>;
  secrets: InstallSecret[];
  notes: string[];
} {
  const plan = configPlan(input.plan, input.client);
  const entry = jsonServerEntry(input.client, plan, placeholder);
  const variables = planVariables(plan);
  const shown = (v: Variable) => placeholder(v, "");
  return {
    plan,
    entry,
    configObject: { [input.client.topLevelKey]: { [input.key]: entry } },
    secrets: secretsOf(variables, shown),
    notes: placeholderNotes(input.client, variables, shown),
  };
}
