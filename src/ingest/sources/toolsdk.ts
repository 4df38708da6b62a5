/**
 * Adapter for the ToolSDK MCP registry (toolsdk-ai/toolsdk-mcp-registry):
 * `mcp-servers/toolsdk/packages/<category>/*.json`, `mcp-servers/toolsdk/indexes/packages-list.json`
 * and `mcp-servers/toolsdk/indexes/categories-list.json`.
 *
 * A package file has `type: "mcp-server"`, `packageName`, `name` (display name, missing in about
 * one in ten), `description`, `url` (repository or site), `runtime` (`node`, `python`, `go`,
 * `java`, `docker`), `license` (often `"unknown"`), `env` (`{ VAR: { description, required,
 * default?, secret? } }`), `remotes` (`[{ type, url, auth? }]`), `packageVersion`, `bin`,
 * `binArgs`. `packages-list.json` maps a package key to `{ category, path, validated?, tools? }`
 * (`tools` is `{ toolName: { name, description } }`); `categories-list.json` maps a category key
 * to `{ config: { key, name, description }, packagesList }`.
 *
 * The package becomes a {@link ServerPackage} when the runtime says which registry it is on and
 * the name is valid there: `node` → `npm`, `python` → `pypi`, `docker` → `oci`; packages in
 * ToolSDK's own `@toolsdk-remote/` namespace (remote-only entries) are not packages. The env vars
 * go with the package (so `go` and `java` entries, which have none, lose them). Files that repeat
 * another file byte for byte in a second category folder are skipped as `duplicate`, their
 * category added to the kept record.
 *
 * @module
 */
import {
  classifySourceUrl,
  cleanList,
  cleanRemote,
  cleanText,
  dropUndefined,
  isRecord,
  mapRecords,
  nonEmpty,
  stripBom,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import type { ServerInput, ServerPackage, ServerRemote, ServerTool } from "../../model/server.ts";

/** Folder of the registry relative to the sources root. */
const PATH = "mcp-servers/toolsdk";
/** Files read in parallel. */
const BATCH = 128;
/** Namespace ToolSDK uses for remote-only entries (not a published npm scope of the server). */
const REMOTE_SCOPE = "@toolsdk-remote/";
/** Valid npm package name (lowercase, optional scope). */
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
/** Valid PyPI project name (PEP 508). */
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/** One entry of `indexes/packages-list.json`. */
interface _IndexEntry {
  validated?: boolean;
  tools: ServerTool[];
}

/** Reads a JSON file of the indexes; counts it. */
async function _readIndex(path: string, report: SourceReport): Promise<Record<string, unknown>> {
  const text = await Deno.readTextFile(path);
  report.file();
  const data: unknown = JSON.parse(stripBom(text, report));
  return isRecord(data) ? data : {};
}

/** Index entries by package-file path (`<category>/<file>.json`). */
function _indexByPath(
  list: Record<string, unknown>,
  report: SourceReport,
): Map<string, _IndexEntry> {
  const out = new Map<string, _IndexEntry>();
  for (const entry of Object.values(list)) {
    if (!isRecord(entry)) continue;
    const path = cleanText(entry.path);
    if (path === undefined) continue;
    const rawTools = isRecord(entry.tools) ? Object.values(entry.tools) : entry.tools;
    const tools = mapRecords(rawTools, (tool) => {
      const name = cleanText(tool.name, report);
      if (name === undefined) return undefined;
      return dropUndefined<ServerTool>({
        name,
        description: cleanText(tool.description, report),
        inputSchema: tool.inputSchema,
      });
    });
    out.set(
      path,
      typeof entry.validated === "boolean" ? { validated: entry.validated, tools } : { tools },
    );
  }
  return out;
}

/** Category display names by key from `categories-list.json`. */
function _categoryNames(list: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(list)) {
    const name = isRecord(value) && isRecord(value.config)
      ? cleanText(value.config.name)
      : undefined;
    if (name !== undefined) out.set(key, name);
  }
  return out;
}

/** Maps the `env` object to environment variables. */
function _envVars(env: unknown, report: SourceReport): ServerInput[] {
  if (!isRecord(env)) return [];
  const out: ServerInput[] = [];
  for (const [rawName, spec] of Object.entries(env)) {
    const name = cleanText(rawName);
    if (name === undefined) continue;
    const s = isRecord(spec) ? spec : {};
    const fallback = typeof s.default === "number" || typeof s.default === "boolean"
      ? String(s.default)
      : typeof s.default === "string" && s.default.trim() !== ""
      ? s.default.trim()
      : undefined;
    out.push(dropUndefined<ServerInput>({
      name,
      description: cleanText(s.description, report),
      isRequired: typeof s.required === "boolean" ? s.required : undefined,
      isSecret: typeof s.secret === "boolean" ? s.secret : undefined,
      default: fallback,
    }));
  }
  return out;
}

/** The package a file names, or `undefined` when its runtime or name does not say which. */
function _package(
  file: Record<string, unknown>,
  env: ServerInput[],
  report: SourceReport,
): ServerPackage | undefined {
  const identifier = cleanText(file.packageName, report);
  const runtime = cleanText(file.runtime, report);
  if (identifier === undefined || identifier.startsWith(REMOTE_SCOPE)) return undefined;
  let registryType: string | undefined;
  let runtimeHint: string | undefined;
  if (runtime === "node" && NPM_NAME.test(identifier)) registryType = "npm";
  else if (runtime === "python" && PYPI_NAME.test(identifier)) registryType = "pypi";
  else if (runtime === "docker" && !/\s/.test(identifier)) {
    registryType = "oci";
    runtimeHint = "docker";
  }
  if (registryType === undefined) return undefined;
  return dropUndefined<ServerPackage>({
    registryType,
    identifier,
    version: cleanText(file.packageVersion, report),
    runtimeHint,
    environmentVariables: nonEmpty(env),
  });
}

/** Maps `remotes`; only `streamable-http` and `sse` remotes with a URL are kept. */
function _remotes(value: unknown, report: SourceReport): ServerRemote[] {
  return mapRecords(value, (item) => cleanRemote(item.type, item.url, report));
}

/** Maps one package file to a record, or returns the skip reason. */
function _toServer(
  path: string,
  data: unknown,
  categories: string[],
  index: _IndexEntry | undefined,
  report: SourceReport,
): SourceServer | string {
  if (!isRecord(data)) return "not_an_object";
  const packageName = cleanText(data.packageName, report);
  const name = cleanText(data.name, report) ??
    (packageName?.startsWith(REMOTE_SCOPE) ? packageName.slice(REMOTE_SCOPE.length) : packageName);
  if (name === undefined || name === "") return "missing_name";
  const env = _envVars(data.env, report);
  const pkg = _package(data, env, report);
  const remotes = _remotes(data.remotes, report);
  const links = classifySourceUrl(cleanText(data.url, report), report);
  return dropUndefined<SourceServer>({
    source: "toolsdk",
    sourceId: path.replace(/\.json$/, ""),
    name,
    description: cleanText(data.description, report),
    ...links,
    packages: pkg ? [pkg] : undefined,
    remotes: nonEmpty(remotes),
    categories: nonEmpty(categories),
    license: cleanText(data.license, report),
    hosting: remotes.length > 0 ? "remote" : "local",
    transports: nonEmpty([...new Set(remotes.map((r) => r.type))]),
    tools: index ? nonEmpty(index.tools) : undefined,
    validated: index?.validated,
  });
}

/** One package file as read from disk. */
interface _File {
  /** `<category>/<file>.json`. */
  path: string;
  category: string;
  text: string;
}

/**
 * The ToolSDK MCP registry (toolsdk-ai/toolsdk-mcp-registry, 2026-07-28): 4,908 package files,
 * 815 marked validated with tool inventories. `read` throws `Deno.errors.NotFound` when the
 * `packages` folder or an index file is missing, and `SyntaxError` when an index is not JSON.
 */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "toolsdk",
      name: "ToolSDK MCP Registry",
      kind: "mcp-servers",
      publisher: "toolsdk-ai/toolsdk-mcp-registry @ 4bfe8262 (2026-07-28)",
      license: "MIT",
      path: PATH,
      role: "catalog",
      priority: { default: 3, tools: 1 },
      family: "toolsdk",
    },
    async read(root: string, report: SourceReport): Promise<SourceServer[]> {
      const base = `${root}/${PATH}`;
      const index = _indexByPath(
        await _readIndex(`${base}/indexes/packages-list.json`, report),
        report,
      );
      const categoryNames = _categoryNames(
        await _readIndex(`${base}/indexes/categories-list.json`, report),
      );
      const paths: { path: string; category: string }[] = [];
      const categoryDirs: string[] = [];
      for await (const entry of Deno.readDir(`${base}/packages`)) {
        if (entry.isDirectory) categoryDirs.push(entry.name);
      }
      for (const category of categoryDirs.sort()) {
        const files: string[] = [];
        for await (const entry of Deno.readDir(`${base}/packages/${category}`)) {
          if (entry.isFile && entry.name.endsWith(".json")) files.push(entry.name);
        }
        for (const file of files.sort()) paths.push({ path: `${category}/${file}`, category });
      }
      const files: _File[] = [];
      for (let i = 0; i < paths.length; i += BATCH) {
        const batch = await Promise.all(
          paths.slice(i, i + BATCH).map(async (p) => ({
            ...p,
            text: stripBom(await Deno.readTextFile(`${base}/packages/${p.path}`), report),
          })),
        );
        report.file(batch.length);
        files.push(...batch);
      }
      // Identical files in several category folders: keep the one the index points at.
      const winners = new Map<string, _File>();
      const extraCategories = new Map<string, string[]>();
      for (const file of files) {
        const key = file.text.trim();
        const kept = winners.get(key);
        if (kept === undefined) {
          winners.set(key, file);
          continue;
        }
        if (!index.has(kept.path) && index.has(file.path)) winners.set(key, file);
        const list = extraCategories.get(key) ?? [];
        list.push((winners.get(key) === file ? kept : file).category);
        extraCategories.set(key, list);
      }
      const out: SourceServer[] = [];
      for (const file of files) {
        report.read();
        const key = file.text.trim();
        if (winners.get(key) !== file) {
          report.skip("duplicate");
          continue;
        }
        let data: unknown;
        try {
          data = JSON.parse(file.text);
        } catch {
          report.skip("invalid_json");
          continue;
        }
        const categories = cleanList(
          [file.category, ...(extraCategories.get(key) ?? [])].map((c) =>
            categoryNames.get(c) ?? c
          ),
        );
        report.take(_toServer(file.path, data, categories, index.get(file.path), report), out);
      }
      return out;
    },
  },
];
