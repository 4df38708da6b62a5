/**
 * Windsurf: `~/.codeium/windsurf/mcp_config.json`.
 *
 * Format (https://docs.windsurf.com/windsurf/cascade/mcp): `{"mcpServers": {"<key>": {"command",
 * "args", "env"}}}` for a local server; a remote server uses `"serverUrl"` (not `"url"`) plus
 * `"headers"`, for streamable HTTP and SSE alike. Windsurf interpolates `${env:NAME}` in
 * `command`, `args`, `env`, `serverUrl` and `headers`. No CLI.
 *
 * @module
 */
import { type GeneratorInput, type GeneratorOutput, jsonConfig } from "../render.ts";

/**
 * Windsurf configuration for a planned install.
 *
 * @example
 * ```ts
 * windsurfConfig(input).configObject; // { mcpServers: { perplexity: { serverUrl: "https://..." } } }
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `mcp_config.json` object, no CLI command, secrets and notes
 * @throws {RangeError} for a bundle plan
 */
export function windsurfConfig(input: GeneratorInput): GeneratorOutput {
  const { configObject, secrets, notes } = jsonConfig(input);
  notes.push("Press Refresh in Windsurf's MCP panel (or restart Windsurf) after saving.");
  return { configObject, cliCommand: null, secrets, notes };
}
