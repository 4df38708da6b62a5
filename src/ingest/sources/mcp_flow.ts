/**
 * Adapter for MCP-Flow (zhangxiaoyao391/MCP-Flow @ f17de550, 2025-11-11; arXiv 2510.24284):
 * tool inventories and client configs of MCP servers collected from seven directories.
 *
 * Files under `mcp-servers/mcp-flow/`:
 *
 * - `data/tools/<source>/<server>.json`: the server's tools, a JSON array of
 *   `{ name, description, parameters }` (`parameters`, or sometimes `inputSchema`, is a JSON
 *   Schema). `<source>` is the directory it came from (`smithery`, `mcphub`, `glama`, `mcpso`,
 *   `deepnlp`, `pipedream`, `manual`); `<server>` is the server's display name in that directory.
 *   One record per file.
 * - `data/mcp_config/<source>/<server>.json`: a client config `{ "mcpServers": { <key>: entry } }`
 *   where an entry is `{ command, args, env }` (stdio) or `{ url, headers, transport }` (remote),
 *   plus MCP-Flow's `mcp_list_name` and `mcp_list_description`.
 * - `server_info_with_description_v3.json`: an array of
 *   `{ name, source, all_sources, all_paths: [{ <source>: [<server>, ...] }], description,
 *   classification }`. `all_paths` are MCP-Flow's guesses of the same server in other directories
 *   (unreliable: e.g. `glama/mcp-server-datadog` is also listed under the entry `github`).
 *   An entry whose paths have no tool file is still a record (without tools).
 *
 * No file names a repository: `repositoryUrl` is set only when a config installs straight from one
 * (`uvx --from git+https://...`, `npx github:owner/repo`). Packages are taken only where the
 * config clearly names one (see {@link installFromClientConfig}). Latin-1 mojibake in descriptions
 * is repaired (`mojibake`).
 *
 * @module
 */
import {
  cleanText,
  dropUndefined,
  fixMojibake,
  isRecord,
  mapRecords,
  nonEmpty,
  normalizeRepoUrl,
  parseWebUrl,
  readJsonFile,
  stripBom,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import type { ServerInput, ServerPackage, ServerRemote, ServerTool } from "../../model/server.ts";

/** Folder of the source relative to the sources root. */
const DIR = "mcp-servers/mcp-flow";

// ---------------------------------------------------------------------------------------------
// Client configs (`{ "mcpServers": { ... } }`), shared with other adapters.

/** What a client config says about how to install or reach a server. */
export interface ClientConfigInstall {
  /** npm, PyPI or OCI packages the config runs (at most one distinct identifier). */
  packages: ServerPackage[];
  /** Remote endpoints the config connects to. */
  remotes: ServerRemote[];
  /** Repository the config installs straight from (`git+https://...`, `github:owner/repo`). */
  repositoryUrl?: string;
}

/** Runner packages that are not the server itself (`npx -y @smithery/cli run <server>`). */
const RUNNER_PACKAGES = new Set(["@smithery/cli", "smithery", "supergateway"]);
/** npm package name (scoped or not), optionally with `@version`. */
const NPM_SPEC = /^((?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*)(?:@([^@\s/]+))?$/i;
/** PyPI project name, optionally with extras and `==version` or `@version`. */
const PYPI_SPEC = /^([a-z0-9](?:[\w.-]*[a-z0-9])?)(?:\[[^\]]*\])?(?:(?:==|@)([^\s]+))?$/i;
/** OCI image reference: lowercase repository path, optional `:tag`. */
const OCI_SPEC = /^([a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*)(?::([\w][\w.-]*))?$/;
/** A concrete version (not `latest` or a range). */
const PINNED_VERSION = /^v?\d+(?:\.\d+)*(?:[-+][\w.-]+)?$/;
/** Options of `uvx` that take a value as the next argument. */
const UVX_VALUE_FLAGS = new Set([
  "--from",
  "--python",
  "-p",
  "--with",
  "-w",
  "--with-requirements",
  "--index",
  "--index-url",
  "-i",
  "--extra-index-url",
  "--default-index",
  "--constraint",
  "-c",
  "--directory",
]);
/** Options of `npx` that take a value as the next argument. */
const NPX_VALUE_FLAGS = new Set(["--package", "-p", "--call", "-c", "--registry"]);
/** Options of `docker run` that take a value as the next argument. */
const DOCKER_VALUE_FLAGS = new Set([
  "-e",
  "--env",
  "--env-file",
  "-v",
  "--volume",
  "--mount",
  "--name",
  "-p",
  "--publish",
  "--network",
  "--net",
  "-w",
  "--workdir",
  "--entrypoint",
  "-u",
  "--user",
  "--platform",
  "--pull",
  "-l",
  "--label",
  "--add-host",
  "--cpus",
  "-m",
  "--memory",
  "--device",
  "--cap-add",
  "--security-opt",
  "--tmpfs",
  "--hostname",
  "--restart",
  "--shm-size",
  "--ulimit",
  "--log-driver",
]);
/** Query parameters that carry a credential when their value is a literal. */
const SECRET_PARAM = /key|token|secret|password|passwd|auth|code|sig/i;
/** Values that are placeholders for a credential, not the credential itself. */
const PLACEHOLDER_VALUE = /^$|^[<{$[]|your|xxx|\*\*\*|example|placeholder/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One parsed config entry. */
interface EntryInstall {
  pkg?: ServerPackage;
  remote?: ServerRemote;
  repositoryUrl?: string;
  /** A remote URL was dropped because it embeds a credential. */
  secret?: boolean;
}

/**
 * First positional argument, skipping options (and the values of options in `valueFlags`).
 *
 * @returns the argument and the ones after it
 */
function positional(args: string[], valueFlags: Set<string>): { arg?: string; rest: string[] } {
  let from: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith("-")) {
      if (valueFlags.has(arg)) {
        if (arg === "--from") from = args[i + 1];
        i++;
      } else if (arg.startsWith("--from=")) from = arg.slice("--from=".length);
      continue;
    }
    return { arg: from ?? arg, rest: args.slice(i + 1) };
  }
  return { rest: [] };
}

/** A repository URL from `git+https://host/owner/repo[.git][@ref]` or `github:owner/repo`. */
function repoFromSpec(spec: string): string | undefined {
  let url: string | undefined;
  if (spec.startsWith("git+")) url = spec.slice(4).replace(/@[^/@]+$/, "");
  else if (spec.startsWith("github:")) url = `https://github.com/${spec.slice(7).split("#")[0]}`;
  return url !== undefined && normalizeRepoUrl(url) !== undefined ? url : undefined;
}

/** True for specs that are local paths or templates, never packages. */
function isLocal(spec: string): boolean {
  return /^[./~\\]|^[a-z]:\\|[{}<>$\\]|\.(?:js|ts|py|mjs|cjs)$/i.test(spec);
}

/** Environment variable names of an entry (values are never copied: they are secrets). */
function envNames(env: unknown): ServerInput[] | undefined {
  if (!isRecord(env)) return undefined;
  const names = Object.keys(env).filter((k) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k));
  return nonEmpty(names.map((name) => ({ name })));
}

/** An install of one stdio package, in the field order of server.json `packages[]`. */
function stdioPackage(
  registryType: string,
  identifier: string,
  version: string | undefined,
  runtimeHint: string,
  environmentVariables: ServerInput[] | undefined,
): EntryInstall {
  return {
    pkg: dropUndefined<ServerPackage>({
      registryType,
      identifier,
      version,
      runtimeHint,
      transport: { type: "stdio" },
      environmentVariables,
    }),
  };
}

/**
 * Package of a stdio entry run with `npx`/`bunx` (npm), `uvx`/`uv tool run` (PyPI) or `docker run`
 * (OCI). A leading `env K=V ...` wrapper is unwrapped.
 */
function stdioInstall(command: string, args: string[], env: unknown): EntryInstall {
  let cmd = command.split(/[\\/]/).pop()!.toLowerCase().replace(/\.exe$/, "");
  let rest = args;
  if (cmd === "env") {
    rest = rest.filter((a) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(a));
    cmd = (rest.shift() ?? "").toLowerCase();
  }
  if (cmd === "uv" && rest[0] === "tool" && rest[1] === "run") {
    cmd = "uvx";
    rest = rest.slice(2);
  }
  const environmentVariables = envNames(env);
  if (cmd === "npx" || cmd === "bunx") {
    const { arg, rest: after } = positional(rest, NPX_VALUE_FLAGS);
    if (arg === undefined || isLocal(arg)) return {};
    const repositoryUrl = repoFromSpec(arg);
    if (repositoryUrl !== undefined) return { repositoryUrl };
    const match = NPM_SPEC.exec(arg);
    if (!match) return {};
    const identifier = match[1]!;
    if (identifier === "mcp-remote") return remoteFromMcpRemote(after);
    if (RUNNER_PACKAGES.has(identifier)) return {};
    const version = match[2] !== undefined && PINNED_VERSION.test(match[2]) ? match[2] : undefined;
    return stdioPackage("npm", identifier, version, cmd, environmentVariables);
  }
  if (cmd === "uvx") {
    const { arg } = positional(rest, UVX_VALUE_FLAGS);
    if (arg === undefined || isLocal(arg)) return {};
    const repositoryUrl = repoFromSpec(arg);
    if (repositoryUrl !== undefined) return { repositoryUrl };
    const match = PYPI_SPEC.exec(arg);
    if (!match) return {};
    const version = match[2] !== undefined && PINNED_VERSION.test(match[2]) ? match[2] : undefined;
    return stdioPackage("pypi", match[1]!, version, "uvx", environmentVariables);
  }
  if (cmd === "docker" && rest[0] === "run") {
    const { arg } = positional(rest.slice(1), DOCKER_VALUE_FLAGS);
    const match = arg === undefined ? null : OCI_SPEC.exec(arg);
    if (!match) return {};
    const version = match[2] !== undefined && match[2] !== "latest" ? match[2] : undefined;
    return stdioPackage("oci", match[1]!, version, "docker", environmentVariables);
  }
  return {};
}

/** The remote behind `npx mcp-remote <url> [--header Name:value]...`. */
function remoteFromMcpRemote(args: string[]): EntryInstall {
  const url = args.find((a) => /^https?:\/\//i.test(a));
  if (url === undefined) return {};
  const headers: string[] = [];
  for (let i = 0; i < args.length - 1; i++) {
    if (args[i] === "--header") headers.push(args[i + 1]!.split(":")[0]!.trim());
  }
  const remote = makeRemote(url, undefined, headers);
  return remote === undefined ? {} : remote === "secret" ? { secret: true } : { remote };
}

/**
 * A remote endpoint; `undefined` for unusable, local or internal URLs (`localhost`, no dot in the
 * host); `"secret"` for URLs that embed a literal credential (a key-like query parameter with a
 * real value, or a UUID path segment as in personal Pipedream endpoints): those are not published.
 */
function makeRemote(
  text: string,
  transportHint: unknown,
  headerNames: string[],
): ServerRemote | "secret" | undefined {
  const url = parseWebUrl(text);
  if (url === undefined) return undefined;
  const host = url.hostname.toLowerCase();
  if (!host.includes(".") || host === "127.0.0.1" || host === "0.0.0.0") return undefined;
  for (const [key, value] of url.searchParams) {
    if (SECRET_PARAM.test(key) && !PLACEHOLDER_VALUE.test(value.trim())) return "secret";
  }
  if (url.pathname.split("/").some((s) => UUID.test(s))) return "secret";
  const hint = typeof transportHint === "string" ? transportHint.toLowerCase() : "";
  const type = hint === "sse" || (hint === "" && /\/sse\/?$/i.test(url.pathname))
    ? "sse"
    : "streamable-http";
  const headers = headerNames.filter((n) => n !== "").map((name): ServerInput => ({
    name,
    isRequired: true,
    isSecret: true,
  }));
  return dropUndefined<ServerRemote>({ type, url: text.trim(), headers: nonEmpty(headers) });
}

/**
 * Reads what a client config (`{ "mcpServers": { <key>: entry } }`) says about installing the
 * server: npm packages run with `npx`/`bunx` (not runners such as `@smithery/cli`), PyPI packages
 * run with `uvx` or `uv tool run`, OCI images run with `docker run`, remote URLs (`url`, or
 * `npx mcp-remote <url>`), and repositories installed from directly. Values of environment
 * variables and headers are never copied (they are secrets or placeholders): only their names.
 *
 * A config listing several servers is often an example setup mixing unrelated servers, so its
 * packages (or remotes) are kept only when all entries agree on one identifier (or URL).
 *
 * @param config parsed config file
 * @param report counts `secret_url_dropped` when a remote URL carried a literal credential
 * @returns the packages, remotes and repository found (empty when none is clear)
 */
export function installFromClientConfig(
  config: unknown,
  report?: SourceReport,
): ClientConfigInstall {
  const servers = isRecord(config) && isRecord(config.mcpServers) ? config.mcpServers : {};
  const found: EntryInstall[] = [];
  for (const entry of Object.values(servers)) {
    if (!isRecord(entry)) continue;
    const args = Array.isArray(entry.args)
      ? entry.args.filter((a): a is string => typeof a === "string")
      : [];
    if (typeof entry.command === "string") {
      found.push(stdioInstall(entry.command.trim(), args, entry.env));
    } else if (typeof entry.url === "string" || typeof entry.serverUrl === "string") {
      const url = String(entry.url ?? entry.serverUrl);
      const headers = isRecord(entry.headers) ? Object.keys(entry.headers) : [];
      const remote = makeRemote(url, entry.type ?? entry.transport ?? entry.transportType, headers);
      if (remote === "secret") found.push({ secret: true });
      else if (remote !== undefined) found.push({ remote });
    }
  }
  if (found.some((f) => f.secret)) report?.clean("secret_url_dropped");
  const pkgs = found.flatMap((f) => f.pkg ? [f.pkg] : []);
  const remotes = found.flatMap((f) => f.remote ? [f.remote] : []);
  const repos = found.flatMap((f) => f.repositoryUrl ? [f.repositoryUrl] : []);
  const one = <T>(items: T[], key: (item: T) => string): T[] =>
    new Set(items.map(key)).size === 1 ? [items[0]!] : [];
  return dropUndefined<ClientConfigInstall>({
    packages: one(pkgs, (p) => `${p.registryType}:${p.identifier}`),
    remotes: one(remotes, (r) => r.url),
    repositoryUrl: one(repos, (r) => r)[0],
  });
}

// ---------------------------------------------------------------------------------------------
// The MCP-Flow adapter.

/** One entry of `server_info_with_description_v3.json`. */
interface InfoEntry {
  name: string;
  source: string;
  paths: string[];
  description: unknown;
  classification: unknown;
}

/** Reads and parses a JSON file; `undefined` (and a `bom` repair when found) on broken JSON. */
async function readJsonLoose(path: string, report: SourceReport): Promise<unknown> {
  const text = await Deno.readTextFile(path);
  report.file();
  try {
    return JSON.parse(stripBom(text, report));
  } catch {
    return undefined;
  }
}

/** Maps a tool list (array, or `{ tools: [...] }`) to {@link ServerTool}s. */
function toTools(data: unknown, report: SourceReport): ServerTool[] | undefined {
  const list = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data.tools)
    ? data.tools
    : undefined;
  if (list === undefined) return undefined;
  return mapRecords(list, (raw) => {
    const name = cleanText(raw.name);
    if (name === undefined) {
      report.clean("tool_missing_name");
      return undefined;
    }
    const description = typeof raw.description === "string"
      ? cleanText(fixMojibake(raw.description, report), report)
      : undefined;
    return dropUndefined<ServerTool>({
      name,
      description,
      inputSchema: raw.parameters ?? raw.inputSchema ?? undefined,
    });
  });
}

/** Cleans a text field, repairing mojibake first. */
function text(value: unknown, report?: SourceReport): string | undefined {
  return typeof value === "string" ? cleanText(fixMojibake(value, report), report) : undefined;
}

/** Lists the `*.json` files of each sub-directory of `dir`: `[source, server]` pairs. */
async function listServerFiles(dir: string): Promise<[string, string][]> {
  const out: [string, string][] = [];
  const sources: string[] = [];
  for await (const entry of Deno.readDir(dir)) if (entry.isDirectory) sources.push(entry.name);
  for (const source of sources.sort()) {
    const names: string[] = [];
    for await (const entry of Deno.readDir(`${dir}/${source}`)) {
      if (entry.isFile && entry.name.endsWith(".json")) names.push(entry.name.slice(0, -5));
    }
    for (const name of names.sort()) out.push([source, name]);
  }
  return out;
}

/**
 * Reads MCP-Flow: one record per tool file, plus one per description entry none of whose paths
 * has a tool file. A tool file with broken JSON is skipped as `invalid_json`, one that is not a
 * tool list as `not_a_tool_list`; an unreadable config or description file is ignored (the record
 * is kept without that data).
 *
 * @param root the sources root
 * @param report the counter for this source
 * @returns one {@link SourceServer} per server (`sourceId` = `<source>/<server>`)
 * @throws {Deno.errors.NotFound} when `data/tools` is missing
 */
async function read(root: string, report: SourceReport): Promise<SourceServer[]> {
  const base = `${root}/${DIR}`;
  const files = await listServerFiles(`${base}/data/tools`);

  const entries: InfoEntry[] = [];
  try {
    const info = await readJsonFile(`${base}/server_info_with_description_v3.json`, report);
    for (const raw of Array.isArray(info) ? info : []) {
      if (!isRecord(raw) || typeof raw.name !== "string" || typeof raw.source !== "string") {
        continue;
      }
      const paths: string[] = [];
      for (const group of Array.isArray(raw.all_paths) ? raw.all_paths : []) {
        if (!isRecord(group)) continue;
        for (const [source, names] of Object.entries(group)) {
          for (const n of Array.isArray(names) ? names : []) {
            if (typeof n === "string") paths.push(`${source}/${n}`);
          }
        }
      }
      entries.push({
        name: raw.name,
        source: raw.source,
        paths,
        description: raw.description,
        classification: raw.classification,
      });
    }
  } catch (error) {
    if (!(error instanceof SyntaxError || error instanceof Deno.errors.NotFound)) throw error;
    report.clean("unreadable_description_file");
  }
  const byPrimary = new Map<string, InfoEntry>();
  const byAlias = new Map<string, InfoEntry>();
  for (const entry of entries) {
    byPrimary.set(`${entry.source}/${entry.name}`, entry);
    for (const path of entry.paths) if (!byAlias.has(path)) byAlias.set(path, entry);
  }

  const loaded = await Promise.all(files.map(async ([source, server]) => {
    const tools = await readJsonLoose(`${base}/data/tools/${source}/${server}.json`, report);
    let config: unknown;
    try {
      config = await readJsonLoose(`${base}/data/mcp_config/${source}/${server}.json`, report);
      if (config === undefined) report.clean("invalid_config_json");
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    return { source, server, tools, config };
  }));

  const out: SourceServer[] = [];
  const fileKeys = new Set(files.map(([s, n]) => `${s}/${n}`));
  for (const { source, server, tools: toolData, config } of loaded) {
    report.read();
    if (toolData === undefined) {
      report.skip("invalid_json");
      continue;
    }
    const tools = toTools(toolData, report);
    if (tools === undefined) {
      report.skip("not_a_tool_list");
      continue;
    }
    const sourceId = `${source}/${server}`;
    const name = text(server, report);
    if (name === undefined) {
      report.skip("missing_name");
      continue;
    }
    const entry = byPrimary.get(sourceId) ?? byAlias.get(sourceId);
    const install = installFromClientConfig(config, report);
    let description = text(entry?.description, report);
    if (description === undefined) description = text(listDescription(config), report);
    out.push(dropUndefined<SourceServer>({
      source: "mcp-flow",
      sourceId,
      name,
      description,
      repositoryUrl: install.repositoryUrl,
      packages: nonEmpty(install.packages),
      remotes: nonEmpty(install.remotes),
      categories: categoriesOf(entry, report),
      tools: nonEmpty(tools),
    }));
    report.keep();
  }

  for (const entry of entries) {
    if (entry.paths.some((p) => fileKeys.has(p)) || fileKeys.has(`${entry.source}/${entry.name}`)) {
      continue;
    }
    report.read();
    const name = text(entry.name, report);
    if (name === undefined) {
      report.skip("missing_name");
      continue;
    }
    out.push(dropUndefined<SourceServer>({
      source: "mcp-flow",
      sourceId: `${entry.source}/${entry.name}`,
      name,
      description: text(entry.description, report),
      categories: categoriesOf(entry, report),
    }));
    report.keep();
  }
  return out;
}

/** `mcp_list_description` of a config with exactly one server entry. */
function listDescription(config: unknown): unknown {
  if (!isRecord(config) || !isRecord(config.mcpServers)) return undefined;
  const values = Object.values(config.mcpServers);
  return values.length === 1 && isRecord(values[0]) ? values[0].mcp_list_description : undefined;
}

/** MCP-Flow's classification of a server as a one-element category list. */
function categoriesOf(entry: InfoEntry | undefined, report: SourceReport): string[] | undefined {
  const label = text(entry?.classification, report);
  return label === undefined ? undefined : [label];
}

/**
 * Catalog family of an MCP-Flow record by the directory it was collected from (the first part of
 * its `sourceId`: `smithery/…`, `glama/…`, `mcpso/…` ...): an MCP-Flow record counts as a listing
 * of that directory, not of MCP-Flow a second time. mcphub, deepnlp and pipedream are directories
 * no other source covers; `manual/` records are MCP-Flow's own.
 */
const FLOW_DIRECTORY_FAMILIES: Readonly<Record<string, string>> = {
  smithery: "smithery",
  glama: "glama",
  mcpso: "mcp-so",
  mcphub: "mcphub",
  deepnlp: "deepnlp",
  pipedream: "pipedream",
};

/** MCP-Flow: tool inventories (with JSON Schemas), client configs and descriptions. */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "mcp-flow",
      name: "MCP-Flow tool inventories and client configs",
      kind: "mcp-servers",
      publisher: "zhangxiaoyao391/MCP-Flow @ f17de550 (2025-11-11; arXiv 2510.24284)",
      license: "none stated",
      path: DIR,
      role: "catalog",
      priority: { default: 16, tools: 2 },
      family: "mcp-flow",
      familyByRecordPrefix: FLOW_DIRECTORY_FAMILIES,
    },
    read,
  },
];
