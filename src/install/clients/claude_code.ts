/**
 * Claude Code: project `.mcp.json`, or `~/.claude.json` for all projects.
 *
 * Format (https://code.claude.com/docs/en/mcp): `{"mcpServers": {"<key>": {"type": "stdio",
 * "command", "args", "env"}}}`; a remote is `{"type": "http" | "sse", "url", "headers"}`.
 * Claude Code expands `${NAME}` in `.mcp.json` (command, args, env, url, headers), so secrets
 * stay in the environment. CLI, options before the name as documented: a local server is added
 * with `claude mcp add-json --scope project <key> '<json>'`, the JSON being the config's own
 * server entry (so the command writes exactly the entry the config shows, whatever its
 * arguments hold); a remote with `claude mcp add --transport http --scope project <key> <url>
 * --header "Name: value"`. Every word is quoted for bash and zsh (`shellQuote`), so the shell
 * does not expand `${NAME}` and the file keeps the reference.
 *
 * @module
 */
import { renderValue } from "../inputs.ts";
import {
  clientPlaceholder,
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
 * // "claude mcp add-json --scope project github '{\"type\":\"stdio\",\"command\":\"npx\",...}'"
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `.mcp.json` object, the `claude mcp add-json` / `add` command, secrets and notes
 * @throws {RangeError} for a bundle plan
 */
export function claudeCodeConfig(input: GeneratorInput): GeneratorOutput {
  const { plan, entry, configObject, secrets, notes } = jsonConfig(input);
  const ph = clientPlaceholder(input.client);
  let words: string[];
  if (plan.kind === "stdio") {
    words = ["claude", "mcp", "add-json", "--scope", "project", input.key, JSON.stringify(entry)];
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
