/**
 * Claude Code: project `.mcp.json`, or `~/.claude.json` for all projects.
 *
 * Format (https://code.claude.com/docs/en/mcp): `{"mcpServers": {"<key>": {"type": "stdio",
 * "command", "args", "env"}}}`; a remote is `{"type": "http" | "sse", "url", "headers"}`.
 * Claude Code expands `${NAME}` in `.mcp.json` (command, args, env, url, headers), so secrets
 * stay in the environment. CLI, options before the name as documented:
 * `claude mcp add --transport stdio --scope project --env NAME=... <key> -- npx -y pkg` and
 * `claude mcp add --transport http --scope project <key> <url> --header "Name: value"`; values are
 * single-quoted so the shell does not expand `${NAME}` and the file keeps the reference.
 *
 * @module
 */
import { renderValue } from "../inputs.ts";
import {
  clientPlaceholder,
  commandWords,
  type GeneratorInput,
  type GeneratorOutput,
  jsonConfig,
  shellJoin,
} from "../render.ts";

/**
 * Claude Code configuration for a planned install.
 *
 * @example
 * ```ts
 * claudeCodeConfig(input).cliCommand;
 * // "claude mcp add --transport stdio --scope project --env 'TOKEN=${TOKEN}' github -- npx -y pkg"
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `.mcp.json` object, the `claude mcp add` command, secrets and notes
 * @throws {RangeError} for a bundle plan
 */
export function claudeCodeConfig(input: GeneratorInput): GeneratorOutput {
  const { plan, configObject, secrets, notes } = jsonConfig(input);
  const ph = clientPlaceholder(input.client);
  let words: string[];
  if (plan.kind === "stdio") {
    words = ["claude", "mcp", "add", "--transport", "stdio", "--scope", "project"];
    for (const e of plan.launch.env) words.push("--env", `${e.name}=${renderValue(e.value, ph)}`);
    words.push(input.key, "--", ...commandWords(plan.launch, ph));
  } else {
    const transport = plan.remote.transport === "sse" ? "sse" : "http";
    words = ["claude", "mcp", "add", "--transport", transport, "--scope", "project", input.key];
    words.push(plan.remote.url);
    for (const h of plan.remote.headers) {
      words.push("--header", `${h.name}: ${renderValue(h.value, ph)}`);
    }
  }
  notes.push(
    "The command adds the server to this project's .mcp.json, where Claude Code expands ${NAME} " +
      "references from the environment.",
  );
  return { configObject, cliCommand: shellJoin(words), secrets, notes };
}
