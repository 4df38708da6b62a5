/**
 * Launch descriptions that every client generator renders in its own format: a local process
 * (`command`, `args`, `env`) for a package or for the `mcp-remote` bridge, or a remote `url`
 * with `headers`. Values a user must supply are {@link Variable} references (`./inputs.ts`).
 *
 * Packages map to runners: npm → `npx -y <id>@<version>`, PyPI → `uvx <id>@<version>`, OCI →
 * `docker run -i --rm -e NAME ... <image>:<version>`, NuGet → `dnx <id>@<version> --yes`.
 *
 * @module
 */
import type { RemoteTransport } from "./client_table.ts";
import {
  argValues,
  envName,
  inputValue,
  type Value,
  type Variable,
  variablesOf,
} from "./inputs.ts";
import type { ServerPackage, ServerRemote } from "../model/server.ts";

/** A local process: `command` with `args` and `env` (values may reference variables). */
export interface StdioLaunch {
  /** Runner command: `npx`, `uvx`, `docker` or `dnx`. */
  command: string;
  /** Arguments after the command, in order. */
  args: Value[];
  /** Environment variables for the process, in source order. */
  env: { name: string; value: Value }[];
  /** Every variable referenced in `args` and `env`, once each, in order of first use. */
  variables: Variable[];
}

/** A remote endpoint with the headers to send (values may reference variables). */
export interface RemoteLaunch {
  /** `streamable-http` or `sse`. */
  transport: RemoteTransport;
  /** Endpoint URL (HTTPS, or HTTP on localhost). */
  url: string;
  /** Headers to send, in source order. */
  headers: { name: string; value: Value }[];
  /** Every variable referenced in `headers`, once each, in order of first use. */
  variables: Variable[];
}

/** How each package type runs: the runner command and what the user needs installed. */
export const RUNNERS: Readonly<Record<string, { command: string; needs: string }>> = {
  npm: { command: "npx", needs: "Node.js (for npx)" },
  pypi: { command: "uvx", needs: "uv (for uvx, https://docs.astral.sh/uv/)" },
  oci: { command: "docker", needs: "Docker" },
  nuget: { command: "dnx", needs: "the .NET 10 SDK or later (for dnx)" },
};

/** Package types that run over stdio: the ones with a runner in {@link RUNNERS}. */
export const PACKAGE_ORDER: readonly string[] = ["npm", "pypi", "nuget", "oci"];

/** Registries used when `registryBaseUrl` is absent; another base URL is passed to the runner. */
const _DEFAULT_REGISTRIES: Readonly<Record<string, RegExp>> = {
  npm: /^https?:\/\/registry\.npmjs\.(org|com)\/?$/,
  pypi: /^https?:\/\/(pypi\.org|pypi\.python\.org)(\/simple)?\/?$/,
  nuget: /^https?:\/\/api\.nuget\.org\/v3\/index\.json$/,
};

/**
 * True when a source gives a version to hand to the runner (not absent, empty or `latest`); a
 * range or tag is passed on as given. Whether it pins one release is `isPinnedVersion`.
 */
function _versionGiven(version: string | undefined): version is string {
  return version !== undefined && version.trim() !== "" &&
    version.trim().toLowerCase() !== "latest";
}

/** True when an image reference already carries a tag or digest. */
function _hasTag(image: string): boolean {
  return image.includes("@sha256:") || (image.split("/").pop() ?? "").includes(":");
}

/** Arguments a runner adds itself, skipped when a source repeats them as runtime arguments. */
const _RUNNER_OWN_ARGS: Readonly<Record<string, readonly string[]>> = {
  npx: ["-y", "--yes"],
  dnx: ["--yes"],
  docker: ["-i", "--rm", "--interactive"],
};

/**
 * The package spec a runner is given: `<id>@<version>` (npm, PyPI, NuGet), `<image>:<tag>`
 * (OCI; an image that already carries a tag or digest is kept as is).
 *
 * @example
 * ```ts
 * packageSpec({ registryType: "npm", identifier: "firecrawl-mcp", version: "3.5.2" }); // "firecrawl-mcp@3.5.2"
 * ```
 *
 * @param pkg the package
 * @returns the spec
 */
export function packageSpec(pkg: ServerPackage): string {
  const version = _versionGiven(pkg.version) ? pkg.version.trim() : null;
  if (pkg.registryType === "oci") {
    return !_hasTag(pkg.identifier) && version !== null
      ? `${pkg.identifier}:${version}`
      : pkg.identifier;
  }
  return version === null ? pkg.identifier : `${pkg.identifier}@${version}`;
}

/**
 * The stdio launch of a package: npm → `npx -y <id>@<version>`, pypi → `uvx <id>@<version>`,
 * oci → `docker run -i --rm -e NAME ... <image>:<version>`, nuget → `dnx <id>@<version> --yes`.
 * Runtime arguments go before the package, package arguments after it; environment variables go
 * to `env` (and, for Docker, a `-e NAME` each so the container receives them). A `runtimeHint`
 * that is the registry's own runner is honoured; runtime arguments written for another runtime
 * (`python`, `node`, `bun` ...) are left out with a note. Inputs follow `./inputs.ts`.
 *
 * @example
 * ```ts
 * packageLaunch({ registryType: "npm", identifier: "@modelcontextprotocol/server-github",
 *   version: "2025.4.8" }).launch.args; // [["-y"], ["@modelcontextprotocol/server-github@2025.4.8"]]
 * ```
 *
 * @param pkg a package with `registryType` npm, pypi, oci or nuget
 * @returns the launch and notes for the user
 * @throws {RangeError} for any other registry type
 */
export function packageLaunch(pkg: ServerPackage): { launch: StdioLaunch; notes: string[] } {
  const runner = RUNNERS[pkg.registryType];
  if (runner === undefined) {
    throw new RangeError(`Cannot run package type "${pkg.registryType}" over stdio`);
  }
  const notes: string[] = [`Needs ${runner.needs}.`];
  const omitted: string[] = [];
  const args: Value[] = [];
  const env: StdioLaunch["env"] = [];
  const hint = pkg.runtimeHint?.trim();
  const ownRuntime = hint === undefined || hint === "" || hint === runner.command;

  if (pkg.registryType === "oci") args.push(["run"], ["-i"], ["--rm"]);
  if (pkg.registryType === "npm") args.push(["-y"]);
  const base = pkg.registryBaseUrl;
  const defaultRegistry = _DEFAULT_REGISTRIES[pkg.registryType];
  const customRegistry = base !== undefined && defaultRegistry !== undefined &&
    !defaultRegistry.test(base);
  if (customRegistry && pkg.registryType === "npm") args.push(["--registry"], [base]);
  if (customRegistry && pkg.registryType === "pypi") args.push(["--index-url"], [base]);

  const runtimeArgs = pkg.runtimeArguments ?? [];
  if (runtimeArgs.length > 0 && ownRuntime) {
    const result = argValues(runtimeArgs, _RUNNER_OWN_ARGS[runner.command] ?? []);
    args.push(...result.args);
    omitted.push(...result.omitted);
  } else if (runtimeArgs.length > 0) {
    notes.push(
      `The source's runtime arguments are written for "${hint}" and were left out: this ` +
        `config runs the package with ${runner.command}.`,
    );
  }

  for (const input of pkg.environmentVariables ?? []) {
    // A name written as an assignment (`NODE_ENV=`) is the variable before the `=`.
    const name = input.name.trim().replace(/=+$/, "");
    const result = inputValue({ ...input, name }, "env", name);
    if (result.kind === "omitted") {
      omitted.push(name);
      continue;
    }
    env.push({ name, value: result.value });
    // Docker passes only the variables named with -e into the container.
    if (pkg.registryType === "oci") args.push(["-e"], [name]);
  }

  const spec = packageSpec(pkg);
  args.push([spec]);
  if (pkg.registryType === "nuget") {
    args.push(["--yes"]);
    if (customRegistry && base !== undefined) args.push(["--source"], [base]);
    if ((pkg.packageArguments ?? []).length > 0) args.push(["--"]);
  }
  if (pkg.registryType === "oci" && spec === pkg.identifier && !_hasTag(pkg.identifier)) {
    notes.push("No image tag is pinned: Docker pulls the `latest` tag.");
  } else if (pkg.registryType !== "oci" && !_versionGiven(pkg.version)) {
    notes.push(`No version is pinned: ${runner.command} runs the newest release.`);
  }

  const pkgArgs = argValues(pkg.packageArguments ?? [], []);
  args.push(...pkgArgs.args);
  omitted.push(...pkgArgs.omitted);
  if (omitted.length > 0) {
    notes.push(
      `Optional settings left out (the server uses its own defaults; add them if you need ` +
        `them): ${omitted.join(", ")}.`,
    );
  }
  const variables = variablesOf([...args, ...env.map((e) => e.value)]);
  const repeated = variables.filter((v) => v.repeated);
  if (repeated.length > 0) {
    notes.push(
      `${repeated.map((v) => `<${v.label}>`).join(", ")} may be given more than once: repeat ` +
        "the argument for each value.",
    );
  }
  return { launch: { command: runner.command, args, env, variables }, notes };
}

/**
 * Checks a remote URL: HTTPS, or plain HTTP on localhost only.
 *
 * @param url the endpoint URL
 * @returns `"https"`, `"local-http"` or `"rejected"`
 *
 * @example
 * ```ts
 * remoteUrlKind("http://localhost:8080/mcp"); // "local-http"
 * ```
 */
export function remoteUrlKind(url: string): "https" | "local-http" | "rejected" {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "rejected";
  }
  if (parsed.protocol === "https:") return "https";
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
  return parsed.protocol === "http:" && local ? "local-http" : "rejected";
}

/** Header variable names too generic to share one environment with other servers. */
const _GENERIC_NAMES = new Set([
  "AUTHORIZATION",
  "AUTHENTICATION",
  "API_KEY",
  "APIKEY",
  "X_API_KEY",
  "X_API_TOKEN",
  "TOKEN",
  "ACCESS_TOKEN",
  "BEARER_TOKEN",
  "KEY",
  "SECRET",
]);

/**
 * The remote launch of an endpoint: its URL and headers, with secret header values turned into
 * variables (`Bearer {api_key}` → `Bearer ` + API_KEY). A secret header without a template is
 * one variable holding the whole header value; its description says so. A generic variable
 * name (`AUTHORIZATION`, `API_KEY` ...) gets `prefix` in front (`GITHUB_AUTHORIZATION`).
 *
 * @param remote a remote of the server
 * @param prefix a word for generic variable names, e.g. the server key `github`
 * @returns the launch and notes for the user
 *
 * @example
 * ```ts
 * remoteLaunch({ type: "sse", url: "https://x.example/sse" }).launch.headers; // []
 * ```
 */
export function remoteLaunch(
  remote: ServerRemote,
  prefix?: string,
): { launch: RemoteLaunch; notes: string[] } {
  const notes: string[] = [];
  const headers: RemoteLaunch["headers"] = [];
  const omitted: string[] = [];
  for (const input of remote.headers ?? []) {
    const result = inputValue(input, "header", input.name);
    if (result.kind === "omitted") {
      omitted.push(input.name);
      continue;
    }
    for (const part of result.value) {
      // `AUTHORIZATION` or `API_KEY` alone would clash between servers in one environment.
      if (typeof part !== "string" && prefix && _GENERIC_NAMES.has(part.ref.name)) {
        part.ref.name = `${envName(prefix)}_${part.ref.name}`;
      }
    }
    const sole = result.value.length === 1 ? result.value[0] : undefined;
    if (sole !== undefined && typeof sole !== "string" && sole.ref.label === input.name) {
      // The whole header is the user's value: say so (an Authorization header needs its scheme).
      const scheme = /^authori[sz]ation$/i.test(input.name) ? ", e.g. `Bearer <token>`" : "";
      sole.ref.description = `${sole.ref.description ?? input.name} (the whole ${input.name} ` +
        `header value${scheme})`;
    }
    headers.push({ name: input.name, value: result.value });
  }
  if (omitted.length > 0) {
    notes.push(`Optional headers left out (add them if you need them): ${omitted.join(", ")}.`);
  }
  if (remoteUrlKind(remote.url) === "local-http") {
    notes.push(
      `The endpoint ${remote.url} uses plain HTTP, not HTTPS: traffic is unencrypted, which is ` +
        "acceptable only because it stays on this machine.",
    );
  }
  const variables = variablesOf(headers.map((h) => h.value));
  return { launch: { transport: remote.type, url: remote.url, headers, variables }, notes };
}

/**
 * A stdio launch that reaches a remote endpoint through the `mcp-remote` bridge
 * (`npx -y mcp-remote <url>`), for clients that cannot speak the remote's transport.
 * Headers become `--header Name:${VAR}` arguments that mcp-remote fills from its environment:
 * with `"env"`, the whole header value goes to an env var `<NAME>_HEADER` (no spaces inside
 * arguments, which some clients mangle on Windows); with `"inline"`, the header text keeps its
 * literal parts and each variable is forwarded under its own name (Codex `env_vars`).
 *
 * @param remote the remote launch
 * @param headerStyle `"env"` or `"inline"`
 * @returns the stdio launch
 *
 * @example
 * ```ts
 * bridgeLaunch(remote, "env").args; // [["-y"], ["mcp-remote"], [url], ["--header"], ["Authorization:${AUTHORIZATION_HEADER}"]]
 * ```
 */
export function bridgeLaunch(remote: RemoteLaunch, headerStyle: "env" | "inline"): StdioLaunch {
  const args: Value[] = [["-y"], ["mcp-remote"], [remote.url]];
  if (remote.transport === "sse") args.push(["--transport"], ["sse-only"]);
  if (remoteUrlKind(remote.url) === "local-http") args.push(["--allow-http"]);
  const env: StdioLaunch["env"] = [];
  for (const header of remote.headers) {
    if (headerStyle === "env") {
      const name = `${envName(header.name)}_HEADER`;
      args.push(["--header"], [`${header.name}:\${${name}}`]);
      env.push({ name, value: header.value });
    } else {
      const text = header.value
        .map((p) => typeof p === "string" ? p : `\${${p.ref.name}}`)
        .join("");
      args.push(["--header"], [`${header.name}:${text}`]);
      for (const part of header.value) {
        if (typeof part !== "string" && !env.some((e) => e.name === part.ref.name)) {
          env.push({ name: part.ref.name, value: [part] });
        }
      }
    }
  }
  return { command: "npx", args, env, variables: variablesOf(env.map((e) => e.value)) };
}
