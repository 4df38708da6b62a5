/**
 * Cursor: `~/.cursor/mcp.json` (all projects) or `.cursor/mcp.json` (one project).
 *
 * Format (https://cursor.com/docs/context/mcp): `{"mcpServers": {"<key>": {"command", "args",
 * "env"}}}` for a local server, `{"url", "headers"}` for a remote one (streamable HTTP or SSE).
 * Cursor interpolates `${env:NAME}` in `command`, `args`, `env`, `url` and `headers`, so secrets
 * stay in the environment. Cursor has no CLI for adding servers; its install link
 * (https://cursor.com/docs/mcp/install-links) is the config's `deepLinks` entry, built from the
 * same server entry (`../deep_links.ts`).
 *
 * @module
 */
import { cursorDeepLink } from "../deep_links.ts";
import { type GeneratorInput, type GeneratorOutput, jsonConfig } from "../render.ts";

/**
 * Cursor configuration for a planned install.
 *
 * @example
 * ```ts
 * cursorConfig(input).configObject; // { mcpServers: { github: { command: "npx", ... } } }
 * cursorConfig(input).deepLinks?.[0]?.label; // "Add to Cursor"
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `mcp.json` object, no CLI command, the install link, secrets and notes
 * @throws {RangeError} for a bundle plan
 */
export function cursorConfig(input: GeneratorInput): GeneratorOutput {
  const { entry, configObject, secrets, notes } = jsonConfig(input);
  return {
    configObject,
    cliCommand: null,
    deepLinks: [cursorDeepLink(input.key, entry)],
    secrets,
    notes,
  };
}
