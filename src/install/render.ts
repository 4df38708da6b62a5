/**
 * Rendering helpers shared by the client generators (`src/install/clients/*.ts`): placeholders in
 * each client's syntax, the list of values to provide, shell quoting, and the common JSON server
 * entry (the server key is `server_key.ts`).
 *
 * @module
 */
import type { ClientInfo } from "./client_table.ts";
import { inputId, type Placeholder, renderValue, type Variable } from "./inputs.ts";
import type { StdioLaunch } from "./launch.ts";
import type { Plan } from "./plan.ts";
import type { CatalogServer } from "../model/server.ts";
import type { DeepLink, InstallSecret } from "../model/install.ts";

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
 * `data/clients.json` (its `optionalTemplate` for an optional value, where the client has one).
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
  const { template, optionalTemplate } = client.placeholder;
  return (variable) =>
    variable.kind === "argument" && !variable.secret ? `<${variable.label}>` : fillTemplate(
      !variable.required && optionalTemplate !== undefined ? optionalTemplate : template,
      variable,
    );
}

/**
 * Lists variables as values to provide, each with the placeholder the config uses for it.
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
    label: v.label,
    description: v.description,
    required: v.required,
    secret: v.secret,
    placeholder: placeholder(v),
    kind: v.kind,
    format: v.format ?? null,
    choices: v.choices ?? null,
    hint: v.hint ?? null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Rendering helpers

/**
 * Quotes one word for bash and zsh: bare when it only has characters neither shell reads, else
 * in single quotes (inside which both take every character literally, `$`, backticks, `\`, `!`
 * and newlines included); a single quote becomes `'\''`. A word starting with `=` is quoted too:
 * zsh expands `=cmd` to the command's path.
 *
 * @param word the word
 * @returns the quoted word
 *
 * @example
 * ```ts
 * shellQuote("A=${A}"); // "'A=${A}'"
 * shellQuote("it's"); // "'it'\\''s'"
 * ```
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word) && !word.startsWith("=")) return word;
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
  /** One-click install links of the client's apps (none when absent). */
  deepLinks?: DeepLink[];
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
  const optional = variables.filter((v) => !v.required);
  if (optional.length > 0) {
    notes.push(
      `${optional.map((v) => v.name).join(", ")} ${optional.length === 1 ? "is" : "are"} ` +
        "optional (so the server declares): remove the entry if you do not use it.",
    );
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
