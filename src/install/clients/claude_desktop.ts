/**
 * Claude Desktop: `claude_desktop_config.json` (`~/Library/Application Support/Claude/` on macOS,
 * `%APPDATA%\Claude\` on Windows).
 *
 * Format (https://modelcontextprotocol.io/docs/develop/connect-local-servers):
 * `{"mcpServers": {"<key>": {"command", "args", "env"}}}`. The file only starts local (stdio)
 * servers and does not expand variables, so values to fill in are visible `<YOUR_NAME>`
 * placeholders, and a remote endpoint is reached through the `mcp-remote` bridge
 * (`npx -y mcp-remote <url>`, headers passed as `--header Name:${NAME_HEADER}` with the value in
 * `env`). MCP bundles (`.mcpb`) are installed by opening the file in Claude Desktop, so a
 * bundle-only server gets a note with the bundle URL and no config. No CLI.
 *
 * @module
 */
import { remoteUrlKind } from "../launch.ts";
import { type GeneratorInput, type GeneratorOutput, jsonConfig } from "../render.ts";
import type { ServerPackage } from "../../model/server.ts";

/** One line per bundle: URL, platform hint and SHA-256 when known. */
function _bundleLine(pkg: ServerPackage): string {
  const platform = pkg.runtimeHint !== undefined && pkg.runtimeHint !== "binary"
    ? ` (${pkg.runtimeHint})`
    : "";
  const sha = pkg.fileSha256 !== undefined ? `, SHA-256 ${pkg.fileSha256}` : "";
  return `${pkg.identifier}${platform}${sha}`;
}

/**
 * Claude Desktop configuration for a planned install.
 *
 * @example
 * ```ts
 * claudeDesktopConfig(input).configObject; // { mcpServers: { github: { command: "npx", ... } } }
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `claude_desktop_config.json` object (or `null` for bundles), no CLI command,
 *   secrets and notes
 */
export function claudeDesktopConfig(input: GeneratorInput): GeneratorOutput {
  const { plan } = input;
  if (plan.kind === "bundle") {
    const lines = plan.bundles.map(_bundleLine);
    return {
      configObject: null,
      cliCommand: null,
      secrets: [],
      notes: [
        "Install the MCP bundle: download it and open it with Claude Desktop (double-click, or " +
        "Settings → Extensions → Install Extension); Claude Desktop asks for any settings it " +
        "needs. No config file editing is needed.",
        lines.length === 1
          ? `Bundle: ${lines[0]}`
          : `Bundles (pick your platform): ${lines.join("; ")}`,
      ],
    };
  }
  const { configObject, secrets, notes } = jsonConfig(input);
  if (
    plan.kind === "stdio" && plan.bridged !== null && remoteUrlKind(plan.bridged.url) === "https"
  ) {
    notes.push(
      `Alternatively, on plans with custom connectors, add ${plan.bridged.url} under ` +
        "Settings → Connectors instead of using the bridge.",
    );
  }
  notes.push("Restart Claude Desktop after saving the file.");
  return { configObject, cliCommand: null, secrets, notes };
}
