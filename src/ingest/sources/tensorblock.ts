/**
 * Adapter for the TensorBlock MCP index (TensorBlock/awesome-mcp-servers):
 * `mcp-servers/tensorblock/profiles/*.json` and `mcp-servers/tensorblock/server-metadata/*.json`.
 *
 * A profile has `id` (same as the file name), `name`, `description`, `category`, `links`
 * (`primary`, `repo`, `homepage`, `docs`, `endpoint`), `install` (`commands[]`, `env[]` variable
 * names, `confidence`), `transport[]` (mostly `"unknown"`), `auth`, `clients[]`, `license` (mostly
 * `"unknown"`), `verification` and `summary.toolCount`. A server-metadata file, keyed by the same
 * `id`, is a curated overlay from a GitHub issue with some of the same fields plus
 * `source.projectUrl` and `tools` (`{ count, names[], source }`); its fields win over the
 * profile's (field by field inside `links` and `install`). Metadata files with no profile have no
 * name and are skipped as `missing_name`.
 *
 * Packages are derived only from install commands that clearly name one: `npx [-y] PKG`,
 * `npm install|i [-g] PKG` (npm), `uvx [--from] PKG`, `pip install PKG` (PyPI). Generic launchers
 * (`mcp-remote`, `smithery`, ...) and git/URL specs are not packages. A remote is built from
 * `links.endpoint` only when the transport list says whether it is `streamable-http` or `sse`.
 * Tool counts without names are not mapped.
 *
 * @module
 */
import {
  cleanList,
  cleanText,
  cleanUrl,
  dropUndefined,
  isRecord,
  nonEmpty,
  stripBom,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import type { ServerInput, ServerPackage, ServerRemote } from "../../model/server.ts";

/** Folder of the index relative to the sources root. */
const PATH = "mcp-servers/tensorblock";
/** Files read in parallel. */
const BATCH = 128;
/** Valid npm package name (lowercase, optional scope). */
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
/** Valid PyPI project name (PEP 508). */
const PYPI_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
/** npm packages that launch or install some other server rather than being one. */
const LAUNCHERS = new Set([
  "mcp-remote",
  "smithery",
  "@smithery/cli",
  "supergateway",
  "mcp-proxy",
  "npm",
  "npx",
  "node",
]);

/** Splits a shell command into words, honouring single and double quotes. */
function _words(command: string): string[] {
  const out: string[] = [];
  for (const m of command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** Splits `name@version` (npm, scope-aware); `latest` and other tags count as no version. */
function _npmSpec(spec: string): { name: string; version?: string } {
  const at = spec.indexOf("@", 1);
  if (at < 0) return { name: spec };
  const name = spec.slice(0, at);
  const version = spec.slice(at + 1);
  return /^\d/.test(version) ? { name, version } : { name };
}

/** Splits `name[extras]==version` (pip); only an exact `==` pin counts as a version. */
function _pypiSpec(spec: string): { name: string; version?: string } | undefined {
  const m = /^([A-Za-z0-9._-]+)(?:\[[^\]]*\])?(?:==([A-Za-z0-9.+!_-]+))?$/.exec(spec);
  if (!m) return undefined;
  return m[2] === undefined ? { name: m[1]! } : { name: m[1]!, version: m[2] };
}

/**
 * The package an install command clearly names, or `undefined`. Flags are skipped;
 * `npx -p PKG` / `--package PKG` and `uvx --from PKG` name the package explicitly.
 */
function _packageOf(command: string): ServerPackage | undefined {
  if (/&&|\|\||;|\|/.test(command)) return undefined;
  const words = _words(command.trim());
  const [tool, sub] = words;
  let args: string[];
  let registryType: "npm" | "pypi";
  let runtimeHint: string | undefined;
  if (tool === "npx") [args, registryType, runtimeHint] = [words.slice(1), "npm", "npx"];
  else if (tool === "npm" && (sub === "install" || sub === "i")) {
    [args, registryType] = [words.slice(2), "npm"];
  } else if (tool === "uvx") [args, registryType, runtimeHint] = [words.slice(1), "pypi", "uvx"];
  else if ((tool === "pip" || tool === "pip3") && sub === "install") {
    [args, registryType] = [words.slice(2), "pypi"];
  } else return undefined;
  let spec: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "-p" || word === "--package" || word === "--from") {
      spec = args[i + 1];
      break;
    }
    const eq = /^--(?:package|from)=(.+)$/.exec(word);
    if (eq) {
      spec = eq[1];
      break;
    }
    if (word.startsWith("-")) continue;
    spec = word;
    break;
  }
  if (spec === undefined || /[:/\\]/.test(spec.replace(/^@[^/]+\//, ""))) return undefined;
  if (registryType === "npm") {
    const { name, version } = _npmSpec(spec);
    if (!NPM_NAME.test(name) || LAUNCHERS.has(name)) return undefined;
    return dropUndefined<ServerPackage>({ registryType, identifier: name, version, runtimeHint });
  }
  const parsed = _pypiSpec(spec);
  if (parsed === undefined || !PYPI_NAME.test(parsed.name)) return undefined;
  return dropUndefined<ServerPackage>({
    registryType,
    identifier: parsed.name,
    version: parsed.version,
    runtimeHint,
  });
}

/** Packages named by the install commands, one per registry and identifier. */
function _packages(commands: unknown, env: ServerInput[], report: SourceReport): ServerPackage[] {
  const out: ServerPackage[] = [];
  for (const command of cleanList(commands, report)) {
    const pkg = _packageOf(command);
    if (pkg === undefined) continue;
    const same = out.find((p) =>
      p.registryType === pkg.registryType && p.identifier === pkg.identifier
    );
    if (same) {
      if (same.runtimeHint === undefined && pkg.runtimeHint !== undefined) {
        same.runtimeHint = pkg.runtimeHint;
      }
      if (same.version === undefined && pkg.version !== undefined) same.version = pkg.version;
      continue;
    }
    out.push(pkg);
  }
  if (env.length > 0) {
    for (const pkg of out) {
      pkg.environmentVariables = env.map((e) => ({ ...e }));
    }
  }
  return out;
}

/** Field `key` of the overlay when it has one, else of the profile. */
function _pick(
  overlay: Record<string, unknown>,
  profile: Record<string, unknown>,
  key: string,
): unknown {
  return overlay[key] ?? profile[key];
}

/** Maps one profile with its overlay to a record, or returns the skip reason. */
function _toServer(
  id: string,
  profile: Record<string, unknown>,
  overlay: Record<string, unknown>,
  report: SourceReport,
): SourceServer | string {
  const name = cleanText(_pick(overlay, profile, "name"), report);
  if (name === undefined) return "missing_name";
  const links = {
    ...(isRecord(profile.links) ? profile.links : {}),
    ...(isRecord(overlay.links) ? overlay.links : {}),
  };
  const install = {
    ...(isRecord(profile.install) ? profile.install : {}),
    ...(isRecord(overlay.install) ? overlay.install : {}),
  };
  const env = cleanList(install.env, report).map((n): ServerInput => ({ name: n }));
  const packages = _packages(install.commands, env, report);
  const transports = cleanList(_pick(overlay, profile, "transport"), report);
  const endpoint = cleanText(links.endpoint, report);
  const http = transports.filter((t) => t === "streamable-http" || t === "sse");
  let remote: ServerRemote | undefined;
  if (endpoint !== undefined && http.length === 1) {
    remote = { type: http[0] as ServerRemote["type"], url: endpoint };
  } else if (endpoint !== undefined && http.length === 2) {
    remote = { type: /\/sse\/?$/i.test(endpoint) ? "sse" : "streamable-http", url: endpoint };
  }
  const category = cleanText(_pick(overlay, profile, "category"), report);
  const tools = isRecord(overlay.tools)
    ? cleanList(overlay.tools.names, report).map((n) => ({ name: n }))
    : [];
  const local = transports.includes("stdio") || packages.length > 0;
  return dropUndefined<SourceServer>({
    source: "tensorblock",
    sourceId: id,
    name,
    description: cleanText(_pick(overlay, profile, "description"), report),
    repositoryUrl: cleanText(links.repo, report),
    homepage: cleanUrl(links.homepage, report),
    packages: nonEmpty(packages),
    remotes: remote ? [remote] : undefined,
    categories: category === undefined ? undefined : [category],
    license: cleanText(_pick(overlay, profile, "license"), report),
    hosting: local && remote === undefined
      ? "local"
      : remote !== undefined && !local
      ? "remote"
      : undefined,
    transports: nonEmpty(transports),
    tools: nonEmpty(tools),
  });
}

/**
 * Reads every `*.json` of a folder: id (file name without `.json`) → parsed value, or the
 * `SyntaxError` when the file is not JSON.
 */
async function _readFolder(
  dir: string,
  report: SourceReport,
): Promise<Map<string, unknown>> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name.endsWith(".json")) names.push(entry.name);
  }
  names.sort();
  const out = new Map<string, unknown>();
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = await Promise.all(
      names.slice(i, i + BATCH).map(async (name) => {
        const text = await Deno.readTextFile(`${dir}/${name}`);
        try {
          return [name, JSON.parse(stripBom(text, report))] as const;
        } catch (error) {
          return [
            name,
            error instanceof SyntaxError ? error : new SyntaxError(String(error)),
          ] as const;
        }
      }),
    );
    report.file(batch.length);
    for (const [name, value] of batch) out.set(name.slice(0, -".json".length), value);
  }
  return out;
}

/**
 * The TensorBlock MCP index (TensorBlock/awesome-mcp-servers, 2026-08-22): 7,729 profiles and
 * 143 curated metadata overlays. `read` throws `Deno.errors.NotFound` when `profiles` or
 * `server-metadata` is missing.
 */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "tensorblock",
      name: "TensorBlock MCP Index",
      kind: "mcp-servers",
      publisher: "TensorBlock/awesome-mcp-servers @ 8db761c3 (2026-08-22)",
      license: "MIT",
      path: PATH,
      role: "catalog",
      priority: { default: 5 },
      family: "tensorblock",
    },
    async read(root: string, report: SourceReport): Promise<SourceServer[]> {
      const [profiles, overlays] = await Promise.all([
        _readFolder(`${root}/${PATH}/profiles`, report),
        _readFolder(`${root}/${PATH}/server-metadata`, report),
      ]);
      const ids = [...new Set([...profiles.keys(), ...overlays.keys()])].sort();
      const out: SourceServer[] = [];
      for (const id of ids) {
        report.read();
        const profile = profiles.get(id);
        const overlay = overlays.get(id);
        if (
          profile instanceof SyntaxError ||
          (profile === undefined && overlay instanceof SyntaxError)
        ) {
          report.skip("invalid_json");
          continue;
        }
        let o = overlay ?? {};
        if (o instanceof SyntaxError) {
          // A broken overlay does not spoil a readable profile.
          report.clean("invalid_overlay_json");
          o = {};
        }
        const p = profile ?? {};
        if (!isRecord(p) || !isRecord(o)) {
          report.skip("not_an_object");
          continue;
        }
        report.take(_toServer(id, p, o, report), out);
      }
      return out;
    },
  },
];
