/**
 * Adapter for the Docker MCP catalog (docker/mcp-registry):
 * `mcp-servers/docker-mcp-registry/servers/<name>/server.yaml`, plus `tools.json` next to it.
 *
 * `server.yaml` fields used: `name`, `image` (OCI image), `type` (`server` = local image,
 * `remote` = hosted endpoint, `poci` = tools run as one-off containers), `meta.category`,
 * `meta.tags`, `about.title` / `about.description` / `about.icon` (kept as the server's icon when
 * it is an HTTPS URL), `source.project` (repository the image is
 * built from), `source.upstream` (original repository when `project` is a fork), `source.directory`
 * (monorepo subfolder), `config.secrets[]` (`name`, `env`, `example`, `description`, `required`),
 * `config.env[]` (`name`, `value` template such as `"{{server.param}}"`, `example`),
 * `config.parameters` (JSON Schema of the user parameters that templates refer to),
 * `remote.url` / `remote.transport_type` / `remote.headers`, and inline `tools[]` (`poci`).
 * `tools.json` is an array of `{ name, description, inputSchema? , arguments? }`; `arguments`
 * (`{ name, type, desc, optional, items }`) are turned into an equivalent JSON Schema.
 *
 * The image becomes an `oci` package whose environment variables are the secrets
 * (`isSecret: true`) and the env entries. Not mapped: `oauth` providers, `run` options,
 * secrets of remote servers (no package to carry them; a remote header that references a secret
 * is marked `isSecret`).
 *
 * @module
 */
import { parse as parseYaml } from "yaml";
import {
  cleanIcons,
  cleanList,
  cleanText,
  dropUndefined,
  isRecord,
  nonEmpty,
  stripBom,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import type {
  ServerInput,
  ServerPackage,
  ServerRemote,
  ServerTool,
  SourceAdapter,
  SourceServer,
} from "../types.ts";

/** Folder of the catalog relative to the sources root. */
const PATH = "mcp-servers/docker-mcp-registry/servers";
/** Files read in parallel. */
const BATCH = 64;

/** A literal value (default, fixed value) as text, verbatim apart from trimming. */
function _literal(value: unknown): string | undefined {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return text === "" ? undefined : text;
}

/** Reads a text file, or `undefined` when it does not exist. */
async function _readOptional(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
}

/** The user parameters (`config.parameters`): property schemas and required names. */
interface _Params {
  properties: Record<string, unknown>;
  required: Set<string>;
}

/**
 * Maps `config.secrets` and `config.env` to environment variables. An env entry whose value is a
 * single `{{server.param}}` template takes the parameter's description, default and required flag.
 */
function _envVars(config: Record<string, unknown>, report: SourceReport): ServerInput[] {
  const params: _Params = { properties: {}, required: new Set() };
  if (isRecord(config.parameters)) {
    if (isRecord(config.parameters.properties)) params.properties = config.parameters.properties;
    params.required = new Set(cleanList(config.parameters.required));
  }
  const out: ServerInput[] = [];
  const seen = new Set<string>();
  const push = (input: ServerInput) => {
    if (seen.has(input.name)) return;
    seen.add(input.name);
    out.push(input);
  };
  for (const secret of Array.isArray(config.secrets) ? config.secrets : []) {
    if (!isRecord(secret)) continue;
    const name = cleanText(secret.env, report) ?? cleanText(secret.name, report);
    if (name === undefined) continue;
    push(dropUndefined<ServerInput>({
      name,
      description: cleanText(secret.description, report),
      isRequired: typeof secret.required === "boolean" ? secret.required : undefined,
      isSecret: true,
    }));
  }
  for (const env of Array.isArray(config.env) ? config.env : []) {
    if (!isRecord(env)) continue;
    const name = cleanText(env.name, report) ?? cleanText(env.env, report);
    if (name === undefined) continue;
    const value = _literal(env.value);
    const param = value === undefined
      ? undefined
      : /^\{\{\s*[^.{}\s]+\.([^}|\s]+)\s*(?:\|[^}]*)?\}\}$/.exec(value)?.[1];
    const schema = param !== undefined && isRecord(params.properties[param])
      ? params.properties[param]
      : undefined;
    push(dropUndefined<ServerInput>({
      name,
      description: cleanText(env.description, report) ??
        (schema ? cleanText(schema.description, report) : undefined),
      isRequired: typeof env.required === "boolean"
        ? env.required
        : param !== undefined && params.required.has(param)
        ? true
        : undefined,
      default: _literal(env.default) ?? (schema ? _literal(schema.default) : undefined),
      value,
    }));
  }
  return out;
}

/** Maps `remote` to a remote endpoint; headers referencing a secret env var are secrets. */
function _remote(
  remote: unknown,
  secretEnvs: Set<string>,
  report: SourceReport,
): ServerRemote | undefined {
  if (!isRecord(remote)) return undefined;
  const type = cleanText(remote.transport_type, report);
  const url = cleanText(remote.url, report);
  if ((type !== "streamable-http" && type !== "sse") || url === undefined) return undefined;
  const headers: ServerInput[] = [];
  if (isRecord(remote.headers)) {
    for (const [name, raw] of Object.entries(remote.headers)) {
      const value = _literal(raw);
      const refs = [...(value ?? "").matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
      headers.push(dropUndefined<ServerInput>({
        name,
        value,
        isSecret: refs.some((r) => secretEnvs.has(r)) ? true : undefined,
      }));
    }
  }
  return dropUndefined<ServerRemote>({ type, url, headers: nonEmpty(headers) });
}

/** Turns tools.json `arguments` into the JSON Schema they describe. */
function _argumentsSchema(args: unknown[], report: SourceReport): unknown {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const arg of args) {
    if (!isRecord(arg)) continue;
    const name = cleanText(arg.name, report);
    if (name === undefined) continue;
    properties[name] = dropUndefined<Record<string, unknown>>({
      type: cleanText(arg.type, report),
      description: cleanText(arg.desc, report),
      items: arg.items,
    });
    if (arg.optional !== true && arg.required !== false) required.push(name);
  }
  return required.length > 0
    ? { type: "object", properties, required }
    : { type: "object", properties };
}

/** Maps a tools list (tools.json or inline `tools:`); tools without a name are dropped. */
function _tools(value: unknown, report: SourceReport): ServerTool[] {
  if (!Array.isArray(value)) return [];
  const out: ServerTool[] = [];
  for (const tool of value) {
    if (!isRecord(tool)) continue;
    const name = cleanText(tool.name, report);
    if (name === undefined) continue;
    const inputSchema = tool.inputSchema ??
      (isRecord(tool.parameters) ? tool.parameters : undefined) ??
      (Array.isArray(tool.arguments) && tool.arguments.length > 0
        ? _argumentsSchema(tool.arguments, report)
        : undefined);
    out.push(dropUndefined<ServerTool>({
      name,
      description: cleanText(tool.description, report),
      inputSchema,
    }));
  }
  return out;
}

/** Maps one parsed server.yaml (plus its tools.json) to a record, or returns the skip reason. */
function _toServer(
  dir: string,
  doc: unknown,
  toolsJson: unknown,
  report: SourceReport,
): SourceServer | string {
  if (!isRecord(doc)) return "not_an_object";
  const about = isRecord(doc.about) ? doc.about : {};
  const meta = isRecord(doc.meta) ? doc.meta : {};
  const source = isRecord(doc.source) ? doc.source : {};
  const config = isRecord(doc.config) ? doc.config : {};
  const id = cleanText(doc.name, report);
  const name = cleanText(about.title, report) ?? id;
  if (name === undefined) return "missing_name";
  const env = _envVars(config, report);
  const secretEnvs = new Set(env.filter((e) => e.isSecret).map((e) => e.name));
  const image = cleanText(doc.image, report);
  const packages: ServerPackage[] = image === undefined ? [] : [
    dropUndefined<ServerPackage>({
      registryType: "oci",
      identifier: image,
      runtimeHint: "docker",
      environmentVariables: nonEmpty(env),
    }),
  ];
  const remote = _remote(doc.remote, secretEnvs, report);
  const type = cleanText(doc.type, report);
  const category = cleanText(meta.category, report);
  return dropUndefined<SourceServer>({
    source: "docker",
    sourceId: dir,
    name,
    description: cleanText(about.description, report),
    icons: nonEmpty(cleanIcons(about.icon, report)),
    repositoryUrl: cleanText(source.upstream, report) ?? cleanText(source.project, report),
    subfolder: cleanText(source.directory, report),
    packages: nonEmpty(packages),
    remotes: remote ? [remote] : undefined,
    categories: category === undefined ? undefined : [category],
    tags: nonEmpty(cleanList(meta.tags, report)),
    license: cleanText(doc.license, report),
    hosting: type === "remote"
      ? "remote"
      : type === "server" || type === "poci"
      ? "local"
      : undefined,
    transports: remote ? [remote.type] : undefined,
    tools: nonEmpty([..._tools(toolsJson, report), ..._tools(doc.tools, report)]),
  });
}

/** Reads and maps one server folder; counts the files and the record. */
async function _readServer(
  base: string,
  dir: string,
  report: SourceReport,
): Promise<SourceServer | undefined> {
  const yamlText = await _readOptional(`${base}/${dir}/server.yaml`);
  if (yamlText === undefined) return undefined;
  report.file();
  report.read();
  const toolsText = await _readOptional(`${base}/${dir}/tools.json`);
  let tools: unknown;
  if (toolsText !== undefined) {
    report.file();
    try {
      tools = JSON.parse(stripBom(toolsText, report));
    } catch {
      report.clean("invalid_tools_json");
    }
  }
  let doc: unknown;
  try {
    doc = parseYaml(stripBom(yamlText, report), { logLevel: "error" });
  } catch {
    report.skip("invalid_yaml");
    return undefined;
  }
  const server = _toServer(dir, doc, tools, report);
  if (typeof server === "string") {
    report.skip(server);
    return undefined;
  }
  report.keep();
  return server;
}

/**
 * The Docker MCP catalog (docker/mcp-registry, 2026-07-08): 328 servers, tool inventories for 28.
 * `read` throws `Deno.errors.NotFound` when the `servers` folder is missing.
 */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "docker",
      name: "Docker MCP Catalog",
      kind: "mcp-servers",
      publisher: "docker/mcp-registry @ 818bf169 (2026-07-08)",
      license: "MIT",
      path: PATH,
    },
    async read(root: string, report: SourceReport): Promise<SourceServer[]> {
      const base = `${root}/${PATH}`;
      const dirs: string[] = [];
      for await (const entry of Deno.readDir(base)) {
        if (entry.isDirectory) dirs.push(entry.name);
      }
      dirs.sort();
      const out: SourceServer[] = [];
      for (let i = 0; i < dirs.length; i += BATCH) {
        const batch = await Promise.all(
          dirs.slice(i, i + BATCH).map((dir) => _readServer(base, dir, report)),
        );
        for (const server of batch) if (server) out.push(server);
      }
      return out;
    },
  },
];
