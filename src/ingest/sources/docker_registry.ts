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
 * `remote.url` / `remote.transport_type` / `remote.headers`, and inline `tools[]` (`poci`);
 * `source.dockerfile` gives the monorepo folder when `source.directory` is absent.
 * `tools.json` is an array of `{ name, description, inputSchema? , arguments? }`; `arguments`
 * (`{ name, type, desc, optional, items }`) are turned into an equivalent JSON Schema.
 *
 * The image becomes an `oci` package in server.json terms: the secrets are environment variables
 * with `isSecret: true` (required unless `required: false`: Docker's gateway does not start a
 * server with a secret missing); an env entry whose value is one `{{server.param}}` template is a
 * user-supplied variable with the parameter's description, default and required flag (never a
 * literal `{{...}}` value); `run.volumes` become `-v` runtime arguments and `run.command` the
 * package arguments, with `{{server.param|filter}}` templates turned into `{param}` references
 * and `variables` (a `volume` filter mounts the host path at the same path inside the container,
 * `volume-target` is that path). `about.icon` becomes a server icon when it is an HTTPS image.
 * Not mapped: `oauth` providers, other `run` options, secrets of remote servers (no package to
 * carry them; a remote header that references a secret is marked `isSecret`).
 *
 * @module
 */
import { parse as parseYaml } from "yaml";
import {
  cleanIcons,
  cleanList,
  cleanRemote,
  cleanText,
  dropUndefined,
  firstOfEachKey,
  isRecord,
  mapRecords,
  nonEmpty,
  stripBom,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import type { ServerInput, ServerPackage, ServerRemote, ServerTool } from "../../model/server.ts";

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
  /** `config.description`, used for parameters without their own description. */
  description: string | undefined;
}

/** Reads `config.parameters`. */
function _params(config: Record<string, unknown>, report: SourceReport): _Params {
  const params: _Params = {
    properties: {},
    required: new Set(),
    description: cleanText(config.description, report),
  };
  if (isRecord(config.parameters)) {
    if (isRecord(config.parameters.properties)) params.properties = config.parameters.properties;
    params.required = new Set(cleanList(config.parameters.required));
  }
  return params;
}

/** One Docker template `{{server.param|filter|...}}` (or `{{param}}`). */
const _TEMPLATE = /\{\{\s*(?:[^.{}\s|]+\.)?([^}|\s]+)\s*((?:\|[^}]*)?)\}\}/g;

/**
 * The server.json input a Docker parameter stands for: description, default (an array's default
 * is only an example, kept as `placeholder`), `filepath` format for paths, and required flag.
 */
function _paramInput(
  param: string,
  params: _Params,
  filters: string,
  report: SourceReport,
): ServerInput {
  const schema = isRecord(params.properties[param]) ? params.properties[param] : {};
  const isArray = schema.type === "array";
  const isPath = /volume/.test(filters);
  const example = isArray && Array.isArray(schema.default)
    ? schema.default.map(_literal).filter((v) => v !== undefined).join(",")
    : undefined;
  return dropUndefined<ServerInput>({
    name: param,
    description: cleanText(schema.description, report) ?? (isPath ? params.description : undefined),
    isRequired: params.required.has(param) ? true : undefined,
    default: isArray ? undefined : _literal(schema.default),
    placeholder: example === "" ? undefined : example,
    format: isPath ? "filepath" : undefined,
    isRepeated: isArray ? true : undefined,
  });
}

/**
 * Turns a Docker template string into a server.json value: `{{server.param|filters}}` becomes
 * `{param}` with the parameter in `variables`; a `volume` filter becomes `{param}:{param}` (the
 * host path mounted at the same path). `undefined` when the template has no parameter at all
 * (such as `{{args|into}}`, the gateway's own argument list).
 */
function _templateValue(
  text: string,
  params: _Params,
  report: SourceReport,
): { value: string; variables?: Record<string, ServerInput> } | undefined {
  const variables: Record<string, ServerInput> = {};
  let unknown = false;
  const value = text.replace(_TEMPLATE, (_match, param: string, filters: string) => {
    if (!(param in params.properties)) {
      unknown = true;
      return "";
    }
    variables[param] ??= _paramInput(param, params, filters, report);
    return /\|\s*volume(\s*\||\s*$)/.test(filters) ? `{${param}}:{${param}}` : `{${param}}`;
  });
  if (unknown) return undefined;
  return Object.keys(variables).length > 0 ? { value, variables } : { value };
}

/**
 * Maps `config.secrets` and `config.env` to environment variables. An env entry whose value is a
 * single `{{server.param}}` template is a user-supplied value with the parameter's description,
 * default and required flag; other templates become `{param}` references with `variables`.
 */
function _envVars(
  config: Record<string, unknown>,
  params: _Params,
  report: SourceReport,
): ServerInput[] {
  const { items: out, add: push } = firstOfEachKey((input: ServerInput) => input.name);
  for (const secret of Array.isArray(config.secrets) ? config.secrets : []) {
    if (!isRecord(secret)) continue;
    const name = cleanText(secret.env, report) ?? cleanText(secret.name, report);
    if (name === undefined) continue;
    push(dropUndefined<ServerInput>({
      name,
      description: cleanText(secret.description, report),
      isRequired: typeof secret.required === "boolean" ? secret.required : true,
      isSecret: true,
      placeholder: _literal(secret.example),
    }));
  }
  for (const env of Array.isArray(config.env) ? config.env : []) {
    if (!isRecord(env)) continue;
    // `env` is the variable the container reads when an entry also has a config `name`
    // (`name: uberall.access_token`, `env: UBERALL_ACCESS_TOKEN`), as for secrets.
    const name = cleanText(env.env, report) ?? cleanText(env.name, report);
    if (name === undefined) continue;
    const raw = _literal(env.value);
    const single = raw === undefined ? null : /^\{\{[^{}]*\}\}$/.test(raw) ? raw : null;
    const templated = raw === undefined ? undefined : _templateValue(raw, params, report);
    const own = {
      name,
      description: cleanText(env.description, report),
      isRequired: typeof env.required === "boolean" ? env.required : undefined,
      default: _literal(env.default),
      placeholder: _literal(env.example),
    };
    if (single !== null && templated !== undefined) {
      // One template: the entry is the parameter itself, supplied by the user.
      const param = Object.values(templated.variables ?? {})[0];
      push(dropUndefined<ServerInput>({
        ...own,
        description: own.description ?? param?.description,
        isRequired: own.isRequired ?? param?.isRequired,
        default: own.default ?? param?.default,
        placeholder: own.placeholder ?? param?.placeholder,
        format: param?.format,
      }));
    } else if (raw !== undefined && templated === undefined) {
      report.clean("docker_env_unknown_template");
      push(dropUndefined<ServerInput>(own));
    } else {
      push(dropUndefined<ServerInput>({
        ...own,
        value: templated?.value,
        variables: templated?.variables,
      }));
    }
  }
  return out;
}

/**
 * Maps `run.volumes` to `-v` runtime arguments and `run.command` to positional package
 * arguments (server.json terms); an entry with a template the catalog cannot resolve is dropped
 * and counted.
 */
function _runArgs(
  run: unknown,
  params: _Params,
  report: SourceReport,
): { runtimeArguments: ServerInput[]; packageArguments: ServerInput[] } {
  const out = { runtimeArguments: [] as ServerInput[], packageArguments: [] as ServerInput[] };
  if (!isRecord(run)) return out;
  const map = (items: unknown, named: boolean, into: ServerInput[]) => {
    for (const item of Array.isArray(items) ? items : []) {
      const text = _literal(item);
      if (text === undefined) continue;
      const templated = _templateValue(text, params, report);
      if (templated === undefined) {
        report.clean("docker_run_unknown_template");
        continue;
      }
      const vars = Object.keys(templated.variables ?? {});
      const name = named
        ? "-v"
        : vars.length === 1 && templated.value === `{${vars[0]}}`
        ? vars[0]!
        : templated.value;
      into.push(dropUndefined<ServerInput>({
        name,
        type: named ? "named" : "positional",
        isRequired: true,
        value: templated.value,
        variables: templated.variables,
        description: named ? "Volume mounted into the container" : undefined,
      }));
    }
  };
  map(run.volumes, true, out.runtimeArguments);
  map(run.command, false, out.packageArguments);
  return out;
}

/** Maps `remote` to a remote endpoint; headers referencing a secret env var are secrets. */
function _remote(
  remote: unknown,
  secretEnvs: Set<string>,
  report: SourceReport,
): ServerRemote | undefined {
  if (!isRecord(remote)) return undefined;
  const endpoint = cleanRemote(remote.transport_type, remote.url, report);
  if (endpoint === undefined) return undefined;
  const headers: ServerInput[] = [];
  if (isRecord(remote.headers)) {
    for (const [name, raw] of Object.entries(remote.headers)) {
      const text = _literal(raw);
      const refs = [...(text ?? "").matchAll(/\$\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);
      headers.push(dropUndefined<ServerInput>({
        name,
        // `${NAME}` (the environment) becomes a server.json `{NAME}` reference.
        value: text?.replace(/\$\{([A-Za-z0-9_]+)\}/g, "{$1}"),
        isSecret: refs.some((r) => secretEnvs.has(r)) ? true : undefined,
      }));
    }
  }
  return dropUndefined<ServerRemote>({ ...endpoint, headers: nonEmpty(headers) });
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
  return mapRecords(value, (tool) => {
    const name = cleanText(tool.name, report);
    if (name === undefined) return undefined;
    const inputSchema = tool.inputSchema ??
      (isRecord(tool.parameters) ? tool.parameters : undefined) ??
      (Array.isArray(tool.arguments) && tool.arguments.length > 0
        ? _argumentsSchema(tool.arguments, report)
        : undefined);
    return dropUndefined<ServerTool>({
      name,
      description: cleanText(tool.description, report),
      inputSchema,
    });
  });
}

/**
 * The monorepo folder a `source.dockerfile` path names (`src/filesystem/Dockerfile` →
 * `src/filesystem`), used when `source.directory` is absent; `undefined` for a root Dockerfile.
 */
function _dockerfileFolder(dockerfile: unknown): string | undefined {
  if (typeof dockerfile !== "string") return undefined;
  const dir = dockerfile.trim().replace(/^\.?\/+/, "").split("/").slice(0, -1).join("/");
  return dir === "" ? undefined : dir;
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
  // Read once: its descriptions are cleaned (and their repairs counted) once per server.
  const params = _params(config, report);
  const env = _envVars(config, params, report);
  const secretEnvs = new Set(env.filter((e) => e.isSecret).map((e) => e.name));
  const image = cleanText(doc.image, report);
  const runArgs = _runArgs(doc.run, params, report);
  const packages: ServerPackage[] = image === undefined ? [] : [
    dropUndefined<ServerPackage>({
      registryType: "oci",
      identifier: image,
      runtimeHint: "docker",
      environmentVariables: nonEmpty(env),
      runtimeArguments: nonEmpty(runArgs.runtimeArguments),
      packageArguments: nonEmpty(runArgs.packageArguments),
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
    subfolder: cleanText(source.directory, report) ?? _dockerfileFolder(source.dockerfile),
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
  return report.take(_toServer(dir, doc, tools, report));
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
      role: "catalog",
      priority: { default: 2, tools: 0 },
      family: "docker",
      verifiesPackages: true,
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
