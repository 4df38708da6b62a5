/**
 * Shared JSON-RPC messages and request options for tests that POST to `/mcp` directly.
 *
 * @module
 */

/** The headers of a JSON-RPC POST that the Streamable HTTP endpoint `/mcp` accepts. */
export const MCP_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
};

/** An MCP `initialize` request (id 1) from a minimal client. */
export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  },
};

/**
 * The request options of a JSON-RPC POST to `/mcp` with {@link MCP_HEADERS}.
 *
 * @param message the JSON-RPC message (or batch)
 * @returns options for `app.request("/mcp", …)` or `fetch`
 */
export function mcpPost(message: unknown): RequestInit {
  return { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(message) };
}

/**
 * A JSON-RPC `tools/call` request.
 *
 * @param id the request id
 * @param name the tool
 * @param args the tool's arguments
 * @returns the message
 */
export function toolCall(id: number, name: string, args: unknown = {}) {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}
