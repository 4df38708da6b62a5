/**
 * The table of supported MCP clients (`data/clients.json`): ids, accepted aliases, config
 * formats and file paths, placeholder syntax for values the user supplies, and the remote
 * transports each client speaks natively.
 *
 * @module
 */
import { z } from "zod";
import CLIENTS_JSON from "../../data/clients.json" with { type: "json" };
import { CLIENT_IDS, type ClientId } from "../model/install.ts";

/** Remote transports of the MCP `server.json` schema. */
export type RemoteTransport = "streamable-http" | "sse";

const _FilePathSchema = z.object({
  scope: z.enum(["user", "project"]),
  os: z.enum(["macos", "linux", "windows", "any"]),
  path: z.string().min(1),
});

const _RemoteShapeSchema = z.object({ urlKey: z.string().min(1), type: z.string().nullable() });

const _ClientSchema = z.object({
  id: z.enum(CLIENT_IDS),
  aliases: z.array(z.string().regex(/^[a-z0-9][a-z0-9_-]*$/)),
  name: z.string().min(1),
  docsUrl: z.url(),
  format: z.enum(["json", "toml"]),
  topLevelKey: z.string().min(1),
  filePaths: z.array(_FilePathSchema).min(1),
  placeholder: z.object({
    style: z.enum(["env", "input", "visible", "env-forward"]),
    template: z.string().min(1),
    optionalTemplate: z.string().min(1).optional(),
  }),
  stdioType: z.string().nullable(),
  remotes: z.object({
    "streamable-http": _RemoteShapeSchema.optional(),
    sse: _RemoteShapeSchema.optional(),
  }),
  headersKey: z.string().min(1),
  bridgeHeaders: z.enum(["env", "inline"]),
  bundles: z.boolean(),
  cli: z.string().nullable(),
  cliDocsUrl: z.url().nullable(),
  deepLinkDocsUrl: z.url().nullable(),
});

/**
 * One client of `data/clients.json`: aliases, documentation URL, config format and file paths,
 * the key that holds the servers, the placeholder style for secrets, the remote transports it
 * speaks natively (`remotes`, with the key that holds the URL and the `type` value, if any), how
 * headers are passed through the `mcp-remote` bridge (`bridgeHeaders`), the command that adds a
 * server (`cli`, documented at `cliDocsUrl`) and the documentation of its one-click install link
 * (`deepLinkDocsUrl`), both `null` when the client has none.
 */
export type ClientInfo = z.infer<typeof _ClientSchema>;

function _loadClients(data: unknown): ReadonlyMap<ClientId, ClientInfo> {
  const parsed = z.object({ clients: z.array(_ClientSchema) }).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Cannot load "data/clients.json": ${issue?.path.join(".")} ${issue?.message}`,
    );
  }
  const map = new Map<ClientId, ClientInfo>();
  const names = new Set<string>();
  for (const client of parsed.data.clients) {
    if (map.has(client.id)) {
      throw new Error(`Cannot load "data/clients.json": client "${client.id}" is listed twice`);
    }
    map.set(client.id, client);
    for (const name of [client.id, ...client.aliases]) {
      if (names.has(name)) {
        throw new Error(`Cannot load "data/clients.json": name "${name}" is used twice`);
      }
      names.add(name);
    }
  }
  for (const id of CLIENT_IDS) {
    if (!map.has(id)) throw new Error(`Cannot load "data/clients.json": client "${id}" is missing`);
  }
  return map;
}

const _CLIENTS = _loadClients(CLIENTS_JSON);

/** Every accepted name (ids and aliases) → client id. */
const _NAMES: ReadonlyMap<string, ClientId> = new Map(
  [..._CLIENTS.values()].flatMap((c) =>
    [c.id, ...c.aliases].map((name) => [name, c.id] as [string, ClientId])
  ),
);

/**
 * Every name accepted for a client, ids first (in {@link CLIENT_IDS} order), then aliases.
 *
 * @example
 * ```ts
 * CLIENT_NAMES.includes("claude"); // true (Claude Desktop)
 * ```
 */
export const CLIENT_NAMES: readonly string[] = [
  ...CLIENT_IDS,
  ...CLIENT_IDS.flatMap((id) => _CLIENTS.get(id)!.aliases),
];

/**
 * The client id a name stands for: an id or an alias, case-insensitive, surrounding spaces
 * ignored.
 *
 * @example
 * ```ts
 * resolveClient("Claude"); // "claude-desktop"
 * resolveClient("emacs"); // null
 * ```
 *
 * @param name a client id or alias
 * @returns the client id, or `null` for an unknown name
 */
export function resolveClient(name: string): ClientId | null {
  return _NAMES.get(name.trim().toLowerCase()) ?? null;
}

/**
 * The accepted client names as one line for error messages:
 * `cursor (alias cursor-ide), claude-desktop (aliases claude, ...), ...`.
 *
 * @example
 * ```ts
 * acceptedClientsText().startsWith("cursor"); // true
 * ```
 *
 * @returns the text
 */
export function acceptedClientsText(): string {
  return CLIENT_IDS.map((id) => {
    const aliases = _CLIENTS.get(id)!.aliases;
    if (aliases.length === 0) return id;
    return `${id} (${aliases.length === 1 ? "alias" : "aliases"} ${aliases.join(", ")})`;
  }).join("; ");
}

/**
 * The table entry of one client.
 *
 * @example
 * ```ts
 * clientInfo("zed").topLevelKey; // "context_servers"
 * ```
 *
 * @param id a client id
 * @returns the client's entry of `data/clients.json`
 * @throws {RangeError} when `id` is not one of {@link CLIENT_IDS}
 */
export function clientInfo(id: ClientId): ClientInfo {
  const info = _CLIENTS.get(id);
  if (!info) throw new RangeError(`Cannot configure unknown client "${String(id)}"`);
  return info;
}
