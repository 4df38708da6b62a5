/**
 * Gemini CLI: `~/.gemini/settings.json` (user) or `.gemini/settings.json` (project).
 *
 * Format (https://geminicli.com/docs/tools/mcp-server/): `{"mcpServers": {"<key>": {"command",
 * "args", "env"}}}`; a remote is `{"type": "http" | "sse", "url", "headers"}`, the entry
 * `gemini mcp add --transport http|sse` itself writes (Gemini CLI 0.61; the older `"httpUrl"` key
 * still works). Gemini CLI expands `$NAME` / `${NAME}` in settings.json strings, so secrets stay
 * in the environment (`${NAME}` is written when letters follow the name). CLI:
 * `gemini mcp add [options] <name> <commandOrUrl> [args...]` with `-e NAME=value`,
 * `-H "Name: value"`, `--transport http|sse` and `--scope user`; `--` separates the server's own
 * flags (`-y`) from Gemini's, as in the documented `... python server.py -- --server-arg x`.
 *
 * @module
 */
import { type Placeholder, renderValue } from "../inputs.ts";
import {
  clientPlaceholder,
  type GeneratorInput,
  type GeneratorOutput,
  jsonConfig,
  shellJoin,
} from "../render.ts";

/**
 * Connection timeout written for a locally launched server, milliseconds: Gemini CLI's `timeout`
 * setting and `--timeout` option (`gemini mcp add --help`, 0.61).
 */
export const GEMINI_STDIO_TIMEOUT_MS = 60_000;

/**
 * Gemini CLI configuration for a planned install.
 *
 * @example
 * ```ts
 * geminiCliConfig(input).cliCommand;
 * // "gemini mcp add --scope user -e 'TOKEN=$TOKEN' github npx -- -y pkg"
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `settings.json` object, the `gemini mcp add` command, secrets and notes
 * @throws {RangeError} for a bundle plan
 */
export function geminiCliConfig(input: GeneratorInput): GeneratorOutput {
  const base = clientPlaceholder(input.client);
  const ph: Placeholder = (v, following) => {
    const text = base(v, following);
    return text === `$${v.name}` && /^[A-Za-z0-9_]/.test(following) ? `\${${v.name}}` : text;
  };
  const { plan, configObject, secrets, notes } = jsonConfig(input, ph);
  const words = ["gemini", "mcp", "add", "--scope", "user"];
  if (plan.kind === "stdio") {
    // `gemini mcp list` gives up on a server after 5 s, less than a first `npx` or `uvx` start
    // (download included) takes: a launched package gets a minute.
    const entry = (configObject as { mcpServers?: Record<string, Record<string, unknown>> })
      .mcpServers?.[input.key];
    if (entry !== undefined) entry.timeout = GEMINI_STDIO_TIMEOUT_MS;
    words.push("--timeout", String(GEMINI_STDIO_TIMEOUT_MS));
    for (const e of plan.launch.env) words.push("-e", `${e.name}=${renderValue(e.value, ph)}`);
    words.push(input.key, plan.launch.command);
    const args = plan.launch.args.map((a) => renderValue(a, ph));
    if (args.length > 0) words.push("--", ...args);
  } else {
    words.push("--transport", plan.remote.transport === "sse" ? "sse" : "http");
    for (const h of plan.remote.headers) words.push("-H", `${h.name}: ${renderValue(h.value, ph)}`);
    words.push(input.key, plan.remote.url);
  }
  return { configObject, cliCommand: shellJoin(words), secrets, notes };
}
