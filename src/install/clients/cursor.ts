/**
 * Cursor: `~/.cursor/mcp.json` (all projects) or `.cursor/mcp.json` (one project).
 *
 * Format (https://cursor.com/docs/context/mcp): `{"mcpServers": {"<key>": {"command", "args",
 * "env"}}}` for a local server, `{"url", "headers"}` for a remote one (streamable HTTP or SSE).
 * Cursor interpolates `${env:NAME}` in `command`, `args`, `env`, `url` and `headers`, so secrets
 * stay in the environment. Cursor has no CLI for adding servers; its install deeplink
 * `cursor://anysphere.cursor-deeplink/mcp/install?name=<key>&config=<base64 of the entry>` is
 * given as a note.
 *
 * @module
 */
import { type GeneratorInput, type GeneratorOutput, jsonConfig } from "../render.ts";

/** Base64 of a string's UTF-8 bytes. */
function _base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The Cursor install deeplink of a server entry.
 *
 * @example
 * ```ts
 * cursorDeeplink("github", { command: "npx", args: ["-y", "pkg"] });
 * // "cursor://anysphere.cursor-deeplink/mcp/install?name=github&config=eyJ..."
 * ```
 *
 * @param key the server key
 * @param entry the server object of `mcpServers`
 * @returns the `cursor://` URL
 */
export function cursorDeeplink(key: string, entry: Record<string, unknown>): string {
  const config = encodeURIComponent(_base64(JSON.stringify(entry)));
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${
    encodeURIComponent(key)
  }&config=${config}`;
}

/**
 * Cursor configuration for a planned install.
 *
 * @example
 * ```ts
 * cursorConfig(input).configObject; // { mcpServers: { github: { command: "npx", ... } } }
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `mcp.json` object, no CLI command, secrets and notes (with the deeplink)
 * @throws {RangeError} for a bundle plan
 */
export function cursorConfig(input: GeneratorInput): GeneratorOutput {
  const { entry, configObject, secrets, notes } = jsonConfig(input);
  notes.push(`One-click install link: ${cursorDeeplink(input.key, entry)}`);
  return { configObject, cliCommand: null, secrets, notes };
}
