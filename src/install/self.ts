/**
 * Configurations of toolatlas itself for every client, made by the same generators as every
 * catalog server's (`./mod.ts`), so the README, `docs/install-configs.md` and the site's home
 * page cannot drift from them:
 *
 * - **local**: the stdio server of a checkout, `deno run <permissions> <toolatlas-folder>/main.ts
 *   mcp` (`src/mcp/stdio.ts`): offline, no quota, no key. `<toolatlas-folder>` is a value the user
 *   fills (listed in `requiredInputs`) unless the caller knows the folder.
 * - **remote**: the service's `/mcp` endpoint (streamable HTTP), through the `mcp-remote` bridge
 *   for clients that only start local servers (Claude Desktop).
 *
 * @module
 */
import type { Variable } from "./inputs.ts";
import { installConfig, planConfig } from "./mod.ts";
import type { Plan } from "./plan.ts";
import { CLIENT_IDS, type ClientId, type InstallConfig } from "../model/install.ts";
import type { CatalogServer } from "../model/server.ts";

/** The permissions of the stdio server (as `deno task mcp`): no network, no subprocesses. */
export const STDIO_PERMISSIONS: readonly string[] = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-ffi",
  "--allow-sys",
];

/** The folder of the user's toolatlas checkout, a value to fill in. */
const _FOLDER: Variable = {
  name: "TOOLATLAS_FOLDER",
  label: "toolatlas-folder",
  description:
    "Absolute path of your toolatlas checkout, the folder of main.ts and data/catalog.db",
  required: true,
  secret: false,
  kind: "argument",
  format: "filepath",
};

/** toolatlas as a catalog server (title `toolatlas` gives the key `toolatlas`). */
function _self(remoteUrl: string): CatalogServer {
  return {
    name: "toolatlas",
    title: "toolatlas",
    description: "A directory of AI tools, MCP servers and LLM prices",
    officialNames: [],
    repositoryUrl: null,
    packages: [],
    remotes: [{ type: "streamable-http", url: remoteUrl }],
    hosting: "both",
    transports: ["stdio", "streamable-http"],
    categories: [],
    tags: [],
    vendorOfficial: false,
    validated: false,
    tools: [],
    sources: [],
    provenance: {},
  } as CatalogServer;
}

/** The stdio plan of a checkout: `deno run <permissions> <folder>/main.ts mcp`. */
function _localPlan(folder: string | undefined): Plan {
  const main = folder === undefined ? [{ ref: _FOLDER }, "/main.ts"] : [`${folder}/main.ts`];
  return {
    kind: "stdio",
    launch: {
      command: "deno",
      args: [["run"], ...STDIO_PERMISSIONS.map((p) => [p]), main, ["mcp"]],
      env: [],
      variables: folder === undefined ? [_FOLDER] : [],
    },
    bridged: null,
    method: {
      kind: "package",
      registryType: null,
      identifier: "toolatlas (main.ts mcp)",
      version: null,
      transport: "stdio",
      url: null,
      reason: "Runs the stdio MCP server of your toolatlas checkout with Deno, from its local " +
        "catalog: offline, no quota, no key.",
      source: null,
    },
    notes: [
      "Needs Deno 2 and a built catalog in data/catalog.db of the checkout (deno task ingest); " +
      "without one the server says so on stderr and exits.",
    ],
    evidence: { level: "checked", text: "toolatlas's own local server" },
  };
}

/** toolatlas's configs for one client. */
export interface SelfConfigs {
  /** The client id. */
  client: ClientId;
  /** Its display name. */
  clientName: string;
  /** The local stdio server of a checkout. */
  local: InstallConfig;
  /** The service's `/mcp` endpoint. */
  remote: InstallConfig;
}

/**
 * toolatlas's own local and remote configurations for every client, in {@link CLIENT_IDS} order.
 *
 * @example
 * ```ts
 * const [cursor] = selfInstallConfigs("http://localhost:8000");
 * cursor.remote.configObject; // { mcpServers: { toolatlas: { url: "http://localhost:8000/mcp" } } }
 * cursor.local.requiredInputs[0].placeholder; // "<toolatlas-folder>"
 * ```
 *
 * @param baseUrl the service's public base URL, e.g. `http://localhost:8000`
 * @param folder the checkout's absolute path, when known (else a `<toolatlas-folder>` placeholder)
 * @returns one entry per client
 */
export function selfInstallConfigs(baseUrl: string, folder?: string): SelfConfigs[] {
  const self = _self(`${baseUrl.replace(/\/+$/, "")}/mcp`);
  const plan = _localPlan(folder);
  return CLIENT_IDS.map((client) => {
    const remote = installConfig(self, client);
    return {
      client,
      clientName: remote.clientName,
      local: planConfig(self, client, plan),
      remote: { ...remote, alternatives: [] },
    };
  });
}

/** First and last line of the generated block in `docs/install-configs.md`. */
export const SELF_DOC_MARKERS = {
  start: "<!-- toolatlas-configs: generated from src/install/self.ts by " +
    "`deno run -A bench/install_examples.ts`; do not edit -->",
  end: "<!-- /toolatlas-configs -->",
} as const;

/** Markdown of one config: where it goes, the text, the command and the install links. */
function _configMarkdown(title: string, cfg: InstallConfig): string[] {
  if (!cfg.available || cfg.config === null) return [`${title}: ${cfg.reason ?? "none"}.`, ""];
  const files = [...new Set(cfg.filePaths.map((f) => `\`${f.path}\``))].join(", ");
  const lines = [`${title}, in ${files}:`, "", "```" + cfg.format, cfg.config.trimEnd(), "```", ""];
  if (cfg.cliCommand !== null) lines.push("```sh", cfg.cliCommand, "```", "");
  if (cfg.deepLinks.length > 0) {
    lines.push(cfg.deepLinks.map((l) => `[${l.label}](${l.url})`).join(" · "), "");
  }
  return lines;
}

/**
 * The Markdown block of toolatlas's own configs for `docs/install-configs.md`, between
 * {@link SELF_DOC_MARKERS}: per client, the local stdio server and the `/mcp` endpoint of a
 * service started with `deno task start`.
 *
 * @example
 * ```ts
 * selfConfigsMarkdown("http://localhost:8000").startsWith("<!-- toolatlas-configs"); // true
 * ```
 *
 * @param baseUrl the service's base URL shown, e.g. `http://localhost:8000`
 * @returns the block, markers included, ending with a newline
 */
export function selfConfigsMarkdown(baseUrl: string): string {
  const lines: string[] = [
    SELF_DOC_MARKERS.start,
    "",
    "## toolatlas in your MCP client",
    "",
    "Local: the stdio server of your checkout (`deno task mcp`), offline, with no quota and no key;",
    "replace `<toolatlas-folder>` with the checkout's absolute path (the folder of `main.ts`).",
    `Remote: the service's \`/mcp\` endpoint, here at \`${baseUrl}\` after \`deno task start\`.`,
    "Both come from the generators of every server's config (`src/install/self.ts`).",
    "",
  ];
  for (const c of selfInstallConfigs(baseUrl)) {
    lines.push(`### ${c.clientName}`, "");
    lines.push(..._configMarkdown("Local (stdio)", c.local));
    lines.push(..._configMarkdown("Remote (`/mcp`)", c.remote));
  }
  lines.push(SELF_DOC_MARKERS.end, "");
  return lines.join("\n");
}
