/**
 * VS Code (GitHub Copilot agent mode): `.vscode/mcp.json` in a workspace, or the user profile's
 * `mcp.json` (command "MCP: Open User Configuration").
 *
 * Format (https://code.visualstudio.com/docs/copilot/customization/mcp-servers and the
 * configuration reference https://code.visualstudio.com/docs/copilot/reference/mcp-configuration):
 * `{"inputs": [...], "servers": {"<key>": {"type": "stdio", "command", "args", "env"}}}`; a remote
 * is `{"type": "http" | "sse", "url", "headers"}`. Values to fill in are `${input:<id>}`
 * references with a matching `{"type": "promptString", "id", "description", "password"}` entry
 * in `inputs` (`password: true` for secrets): VS Code prompts once and stores them encrypted.
 * CLI: `code --add-mcp '<json>'` with the server fields plus `name` (and `inputs` when needed),
 * which adds the server to the user profile; the install links for VS Code and VS Code Insiders
 * (`vscode:mcp/install?<json>`, `../deep_links.ts`) carry the same JSON.
 *
 * @module
 */
import { vscodeDeepLinks, vscodeInstallPayload } from "../deep_links.ts";
import { inputId } from "../inputs.ts";
import {
  clientPlaceholder,
  type GeneratorInput,
  type GeneratorOutput,
  jsonConfig,
  planVariables,
  shellQuote,
} from "../render.ts";

/**
 * VS Code configuration for a planned install.
 *
 * @example
 * ```ts
 * vscodeConfig(input).configObject;
 * // { inputs: [{ type: "promptString", id: "github-token", ... }], servers: { github: {...} } }
 * ```
 *
 * @param input server, client entry, key and plan
 * @returns the `mcp.json` object, the `code --add-mcp` command, the install links, secrets and
 *   notes
 * @throws {RangeError} for a bundle plan
 */
export function vscodeConfig(input: GeneratorInput): GeneratorOutput {
  const { plan, entry, secrets, notes } = jsonConfig(input, clientPlaceholder(input.client));
  const inputs = planVariables(plan)
    .filter((v) => !(v.kind === "argument" && !v.secret))
    .map((v) => ({
      type: "promptString",
      id: inputId(v),
      description: v.description ?? v.name,
      password: v.secret,
    }));
  const configObject = { inputs, [input.client.topLevelKey]: { [input.key]: entry } };
  const payload = vscodeInstallPayload(input.key, entry, inputs);
  return {
    configObject,
    cliCommand: `code --add-mcp ${shellQuote(JSON.stringify(payload))}`,
    deepLinks: vscodeDeepLinks(input.key, entry, inputs),
    secrets,
    notes,
  };
}
