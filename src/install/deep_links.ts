/**
 * One-click install links ("Add to Cursor", "Add to VS Code"), built from the same server entry
 * as the config text, so a link installs exactly what the config shows:
 *
 * - Cursor (https://cursor.com/docs/mcp/install-links):
 *   `cursor://anysphere.cursor-deeplink/mcp/install?name=<name>&config=<base64 of the JSON of the
 *   server entry>`, the entry as it stands under `mcpServers` (base64 of the UTF-8 bytes, then
 *   percent-encoded as a query value).
 * - VS Code and VS Code Insiders (https://code.visualstudio.com/docs/copilot/customization/mcp-servers,
 *   "URL handler"): `vscode:mcp/install?<percent-encoded JSON>` (`vscode-insiders:` for Insiders),
 *   the JSON being the server entry plus `name` and, when the entry refers to `${input:id}`
 *   values, the `inputs` that define them. VS Code reads it as
 *   `JSON.parse(decodeURIComponent(query))` and splits `{name, inputs, ...config}`
 *   (`handleMcpInstallUri` in `src/vs/workbench/contrib/mcp/browser/mcpWorkbenchService.ts`).
 *
 * Secrets are never in a link: the entry holds only the client's placeholders (`${env:NAME}`,
 * `${input:id}`) and `<...>` values the user edits, as the config does.
 *
 * @module
 */
import type { DeepLink } from "../model/install.ts";

/** Base64 of a string's UTF-8 bytes. */
function _base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The Cursor install link of a server entry.
 *
 * @example
 * ```ts
 * cursorDeepLink("github", { command: "npx", args: ["-y", "pkg"] }).url;
 * // "cursor://anysphere.cursor-deeplink/mcp/install?name=github&config=eyJ..."
 * ```
 *
 * @param name the server's key in `mcpServers`
 * @param entry the server object under that key
 * @returns the link, labelled `Add to Cursor`
 */
export function cursorDeepLink(name: string, entry: Record<string, unknown>): DeepLink {
  const config = encodeURIComponent(_base64(JSON.stringify(entry)));
  return {
    app: "cursor",
    label: "Add to Cursor",
    url: `cursor://anysphere.cursor-deeplink/mcp/install?name=${
      encodeURIComponent(name)
    }&config=${config}`,
  };
}

/**
 * The object VS Code installs from a link or `code --add-mcp`: the server entry with its `name`
 * and, when there are any, the `inputs` it refers to.
 *
 * @example
 * ```ts
 * vscodeInstallPayload("github", { type: "stdio", command: "npx" }, []);
 * // { name: "github", type: "stdio", command: "npx" }
 * ```
 *
 * @param name the server's key in `servers`
 * @param entry the server object under that key
 * @param inputs the `inputs` entries the server object refers to
 * @returns the object
 */
export function vscodeInstallPayload(
  name: string,
  entry: Record<string, unknown>,
  inputs: readonly unknown[],
): Record<string, unknown> {
  return { name, ...entry, ...(inputs.length > 0 && { inputs }) };
}

/**
 * The VS Code and VS Code Insiders install links of a server entry.
 *
 * @example
 * ```ts
 * vscodeDeepLinks("github", { type: "stdio", command: "npx" }, []).map((l) => l.url);
 * // ["vscode:mcp/install?%7B%22name%22...", "vscode-insiders:mcp/install?%7B..."]
 * ```
 *
 * @param name the server's key in `servers`
 * @param entry the server object under that key
 * @param inputs the `inputs` entries the server object refers to
 * @returns two links, labelled `Add to VS Code` and `Add to VS Code Insiders`
 */
export function vscodeDeepLinks(
  name: string,
  entry: Record<string, unknown>,
  inputs: readonly unknown[],
): DeepLink[] {
  const query = encodeURIComponent(JSON.stringify(vscodeInstallPayload(name, entry, inputs)));
  return [
    { app: "vscode", label: "Add to VS Code", url: `vscode:mcp/install?${query}` },
    {
      app: "vscode-insiders",
      label: "Add to VS Code Insiders",
      url: `vscode-insiders:mcp/install?${query}`,
    },
  ];
}
