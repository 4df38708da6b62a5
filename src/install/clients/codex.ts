/**
 * Codex CLI: `~/.codex/config.toml` (or `.codex/config.toml` in a trusted project).
 *
 * Format (https://developers.openai.com/codex/mcp and the config reference
 * https://developers.openai.com/codex/config-reference): one `[mcp_servers.<key>]` table with
 * `command`, `args`, `env` (literal values) and `env_vars` (names forwarded from the environment
 * Codex runs in: how secrets get to a local server); a streamable HTTP remote has `url`, with
 * `bearer_token_env_var` for an `Authorization: Bearer <token>` header, `env_http_headers`
 * (header → env var holding its whole value) and `http_headers` (literal values). Codex does not
 * speak SSE, so SSE endpoints go through the `mcp-remote` bridge, with header values filled by
 * mcp-remote from forwarded variables. Codex expands no `${...}` in this file: a value it cannot
 * forward (an argument, a header mixing text and a secret) is a visible `<YOUR_NAME>`.
 * CLI: `codex mcp add <key> [--env NAME=VALUE] -- <command>` or
 * `codex mcp add <key> --url <url> [--bearer-token-env-var NAME]`; it has no flag for `env_vars`
 * or other headers, so those are added to the table by hand (a note says which).
 *
 * @module
 */
import { envName, literalText, renderValue, soleVariable, type Variable } from "../inputs.ts";
import {
  clientPlaceholder,
  commandWords,
  configPlan,
  type GeneratorInput,
  type GeneratorOutput,
  placeholderNotes,
  secretsOf,
  shellJoin,
} from "../render.ts";

/** The `env_http_headers` table of an entry (header → variable name). */
function fromEnvOf(entry: Record<string, unknown>): Record<string, string> {
  const table = entry.env_http_headers;
  return typeof table === "object" && table !== null ? table as Record<string, string> : {};
}

/** A TOML inline table of strings, keys quoted: `{ "X-Key" = "X_KEY" }`. */
function _inlineTable(map: Record<string, string>): string {
  const items = Object.entries(map).map(([k, v]) => `${JSON.stringify(k)} = ${JSON.stringify(v)}`);
  return `{ ${items.join(", ")} }`;
}

/**
 * Codex configuration for a planned install.
 *
 * @example
 * ```ts
 * codexConfig(input).configObject;
 * // { mcp_servers: { github: { command: "npx", args: [...], env_vars: ["GITHUB_TOKEN"] } } }
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `config.toml` object, the `codex mcp add` command, secrets and notes
 * @throws {RangeError} for a bundle plan
 */
export function codexConfig(input: GeneratorInput): GeneratorOutput {
  const plan = configPlan(input.plan, input.client);
  const visible = clientPlaceholder(input.client);
  const shown = new Map<string, string>();
  const forwarded: Variable[] = [];
  const edited: Variable[] = [];
  const ph = (v: Variable, following: string) => {
    const text = visible(v, following);
    if (!shown.has(v.name)) {
      shown.set(v.name, text);
      edited.push(v);
    }
    return text;
  };
  const forward = (v: Variable) => {
    if (!shown.has(v.name)) {
      shown.set(v.name, v.name);
      forwarded.push(v);
    }
  };
  const entry: Record<string, unknown> = {};
  const manual: string[] = [];
  let words: string[];

  if (plan.kind === "stdio") {
    const { launch } = plan;
    entry.command = launch.command;
    entry.args = launch.args.map((a) => renderValue(a, ph));
    const env: Record<string, string> = {};
    const envVars: string[] = [];
    for (const e of launch.env) {
      const sole = soleVariable(e.value);
      if (sole !== null && sole.name === e.name) {
        envVars.push(e.name);
        forward(sole);
      } else env[e.name] = literalText(e.value) ?? renderValue(e.value, ph);
    }
    // Arrays before tables, the order in which TOML writes them.
    if (envVars.length > 0) {
      entry.env_vars = envVars;
      manual.push(`env_vars = ${JSON.stringify(envVars)}`);
    }
    if (Object.keys(env).length > 0) entry.env = env;
    words = ["codex", "mcp", "add", input.key];
    for (const [name, value] of Object.entries(env)) words.push("--env", `${name}=${value}`);
    words.push("--", ...commandWords(launch, ph));
  } else {
    const { remote } = plan;
    entry.url = remote.url;
    const literal: Record<string, string> = {};
    const fromEnv: Record<string, string> = {};
    for (const h of remote.headers) {
      const sole = soleVariable(h.value);
      const [prefix, second] = h.value;
      const bearer = h.name.toLowerCase() === "authorization" && h.value.length === 2 &&
          typeof prefix === "string" && /^bearer\s+$/i.test(prefix) &&
          second !== undefined && typeof second !== "string"
        ? second.ref
        : null;
      if (bearer !== null && entry.bearer_token_env_var === undefined) {
        entry.bearer_token_env_var = bearer.name;
        forward(bearer);
      } else if (sole !== null) {
        fromEnv[h.name] = sole.name;
        forward(sole);
      } else if (h.value.some((p) => typeof p !== "string" && p.ref.secret)) {
        // Text around a secret (`App {key}`): the whole value comes from one variable.
        const holder: Variable = {
          name: `${envName(h.name)}_HEADER`,
          label: h.name,
          description: `The whole ${h.name} header value: ${renderValue(h.value, visible)}`,
          required: true,
          secret: true,
          kind: "header",
        };
        fromEnv[h.name] = holder.name;
        forward(holder);
      } else literal[h.name] = literalText(h.value) ?? renderValue(h.value, ph);
    }
    if (Object.keys(literal).length > 0) {
      entry.http_headers = literal;
      manual.push(`http_headers = ${_inlineTable(literal)}`);
    }
    if (Object.keys(fromEnv).length > 0) {
      entry.env_http_headers = fromEnv;
      manual.push(`env_http_headers = ${_inlineTable(fromEnv)}`);
    }
    words = ["codex", "mcp", "add", input.key, "--url", remote.url];
    if (typeof entry.bearer_token_env_var === "string") {
      words.push("--bearer-token-env-var", entry.bearer_token_env_var);
    }
  }

  const variables = [...forwarded, ...edited];
  const notes: string[] = [];
  if (forwarded.length > 0) {
    notes.push(
      `Export ${forwarded.map((v) => v.name).join(", ")} in the environment Codex runs in: ` +
        "the config names the variables and Codex passes their values on.",
    );
  }
  notes.push(...placeholderNotes(input.client, edited, (v) => shown.get(v.name) ?? v.name));
  if (plan.kind === "remote") {
    for (const [header, variable] of Object.entries(fromEnvOf(entry))) {
      const h = plan.remote.headers.find((x) => x.name === header);
      const shape = h !== undefined && soleVariable(h.value) === null
        ? ` (${renderValue(h.value, visible)})`
        : "";
      notes.push(`Set ${variable} to the whole ${header} header value${shape}.`);
    }
  }
  if (manual.length > 0) {
    notes.push(
      `codex mcp add cannot set ${manual.map((m) => m.split(" = ")[0]).join(", ")}: after ` +
        `running it, add ${manual.join(" and ")} under [mcp_servers.${input.key}], or paste the ` +
        "config instead.",
    );
  }
  return {
    configObject: { [input.client.topLevelKey]: { [input.key]: entry } },
    cliCommand: shellJoin(words),
    secrets: secretsOf(variables, (v) => shown.get(v.name) ?? v.name),
    notes,
  };
}
