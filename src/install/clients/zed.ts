/**
 * Zed: `context_servers` in `settings.json` (`~/.config/zed/settings.json` on macOS and Linux,
 * `%APPDATA%\Zed\settings.json` on Windows, `.zed/settings.json` for one project).
 *
 * Format (https://zed.dev/docs/ai/mcp): `{"context_servers": {"<key>": {"command": "...",
 * "args": [...], "env": {...}}}}` for a local server and `{"url", "headers"}` for a remote
 * (streamable HTTP) one. This is the current documented shape: older Zed releases wanted
 * `"source": "custom"` next to `command`, and before that `"command": {"path", "args", "env"}`;
 * neither is written here. Zed does not expand environment variables in settings, so values
 * to fill in are visible `<YOUR_NAME>` placeholders. SSE endpoints go through the `mcp-remote`
 * bridge (Zed's remote support is streamable HTTP). No CLI.
 *
 * @module
 */
import { type GeneratorInput, type GeneratorOutput, jsonConfig } from "../render.ts";

/**
 * Zed configuration for a planned install.
 *
 * @example
 * ```ts
 * zedConfig(input).configObject; // { context_servers: { github: { command: "npx", args: [...] } } }
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `settings.json` fragment, no CLI command, secrets and notes
 * @throws {RangeError} for a bundle plan
 */
export function zedConfig(input: GeneratorInput): GeneratorOutput {
  const { configObject, secrets, notes } = jsonConfig(input);
  notes.push(
    "Merge the context_servers entry into your existing settings.json (Zed: Open Settings).",
  );
  return { configObject, cliCommand: null, secrets, notes };
}
