/**
 * The permission sandbox launch probes run servers in: `deno run` with
 *
 * - no network (`--cached-only`: the package is installed beforehand by Deno itself, which is the
 *   only network use, and the server gets no `--allow-net`);
 * - reads and writes limited to the probe's own folder (`--allow-read=<dir>`,
 *   `--allow-write=<dir>`), which holds the installed package (`node_modules`, private copies of
 *   the files: {@link ownCopies}), `HOME` and `TMPDIR`,
 *   plus reading a few system information files libraries check at start ({@link SYSTEM_READS}:
 *   OS release, time zones, CA certificates; Deno throws where Node.js would answer "not found".
 *   `/proc` is not among them: Deno requires all permissions for it);
 * - an environment holding only placeholders for the values the config asks for, plus `HOME`,
 *   `TMPDIR`, `DENO_DIR` and `NPM_CONFIG_REGISTRY` when one without credentials is set (the
 *   process starts from an empty environment; `--allow-env` lets it read what is there);
 * - no subprocesses, no native code (`--allow-run` and `--allow-ffi` are not given), and of the
 *   system information only {@link SYSTEM_INFO} (`--allow-sys=homedir`): with
 *   all of `--allow-sys` a package could read the host name, network interfaces and user and
 *   publish them in its tool descriptions; `--no-prompt`, so a denied permission fails at once;
 * - npm lifecycle scripts not run (Deno's default);
 * - one compatibility shim preloaded (`./node_compat.js`): `fs.existsSync` answers `false` for a
 *   path the sandbox does not let it check, as Node.js does for an unreadable path, instead of
 *   throwing (packages that detect WSL check a `/proc` file at start), and the `os` and `process`
 *   functions that need `--allow-sys` answer what a small anonymous container would (host name
 *   `localhost`, no network interfaces, user `probe`, `HOME` as the home folder, the CPU count
 *   Deno gives without a permission) instead of throwing. It grants nothing.
 *
 * This is how an npm server is started "exactly as the stdio config would" (`npx -y <package>
 * <args>`), with Deno in place of Node.js: Deno runs the package's `bin` the way npx does.
 *
 * @module
 */
import { type ProcessSpec, trackChild } from "./process_transport.ts";

/** Read-only system information files a sandboxed server may read (see the module comment). */
export const SYSTEM_READS: readonly string[] = [
  "/etc/os-release",
  "/usr/lib/os-release",
  "/etc/localtime",
  "/usr/share/zoneinfo",
  "/etc/ssl/certs",
];

/**
 * The system information a sandboxed server may read (`--allow-sys=...`), each for a need the
 * probes showed. Re-probing the 39 packages that had launched with all of `--allow-sys`, with none
 * of it: 4 stopped on `homedir` (`@executeautomation/playwright-mcp-server`,
 * `@postman/postman-mcp-server`, `ssh-mcp`, `task-master-ai`; Deno answers it from `HOME`, the
 * probe's own folder) and launch with it; `@sentry/mcp-server` asks for `systemMemoryInfo`, `cpus`
 * and then `hostname`, and `reddit-mcp-buddy` for `uid` (which also lets `os.userInfo()` name the
 * user): those two stay `sandbox_denied`.
 */
export const SYSTEM_INFO: readonly string[] = ["homedir"];

/** The compatibility shim preloaded into sandboxed servers (see the module comment). */
const _SHIM = new URL("./node_compat.js", import.meta.url).pathname;

/** What a sandboxed process may touch. */
export interface SandboxOptions {
  /** The probe's own folder: working directory, the only place it may read and write. */
  dir: string;
  /** Deno's cache folder (`DENO_DIR`), shared between probes so downloads are reused. */
  denoDir: string;
  /** Placeholder values for the environment variables the config sets. */
  env?: Record<string, string>;
  /** Extra folders it may read (a test fixture's folder); none for npm packages. */
  readPaths?: string[];
  /** Use the configuration file at this path instead of none (`--no-config`). */
  config?: string;
}

/**
 * The environment of a sandboxed process: only the placeholders, `HOME` and `TMPDIR` inside the
 * probe's folder, `DENO_DIR`, and `NO_COLOR`.
 *
 * @example
 * ```ts
 * sandboxEnv({ dir: "/tmp/p/x", denoDir: "/tmp/p/deno", env: { API_KEY: "placeholder" } }).HOME; // "/tmp/p/x/home"
 * ```
 *
 * @param options the sandbox
 * @returns the whole environment
 */
export function sandboxEnv(options: SandboxOptions): Record<string, string> {
  return {
    ...options.env,
    HOME: `${options.dir}/home`,
    TMPDIR: `${options.dir}/tmp`,
    DENO_DIR: options.denoDir,
    NO_COLOR: "1",
  };
}

/**
 * The `deno run` command that starts `entry` (an `npm:` specifier or a script path) in the
 * sandbox, with `args` after it.
 *
 * @example
 * ```ts
 * sandboxCommand("npm:@modelcontextprotocol/server-memory@2026.1.26", [], { dir, denoDir }).args;
 * // ["run", "-q", "--no-config", "--node-modules-dir=auto", "--cached-only", "--no-prompt", ...]
 * ```
 *
 * @param entry what to run
 * @param args the server's own arguments
 * @param options the sandbox
 * @returns the process spec (command, arguments, whole environment, working directory)
 */
export function sandboxCommand(
  entry: string,
  args: readonly string[],
  options: SandboxOptions,
): ProcessSpec {
  const reads = [options.dir, ...SYSTEM_READS, ...(options.readPaths ?? [])].join(",");
  return {
    command: Deno.execPath(),
    args: [
      "run",
      "-q",
      options.config === undefined ? "--no-config" : `--config=${options.config}`,
      "--node-modules-dir=auto",
      "--cached-only",
      "--no-prompt",
      `--allow-read=${reads}`,
      `--allow-write=${options.dir}`,
      "--allow-env",
      `--allow-sys=${SYSTEM_INFO.join(",")}`,
      `--preload=${_SHIM}`,
      entry,
      ...args,
    ],
    env: { ...sandboxEnv(options), ..._registryEnv() },
    cwd: options.dir,
  };
}

/**
 * `NPM_CONFIG_REGISTRY` when this process has one without credentials in it: Deno finds the
 * installed package in its cache by the registry's host, so the server needs the same value the
 * installer had (a registry URL with a user or password is not passed: the server could read it).
 */
function _registryEnv(): Record<string, string> {
  const registry = Deno.env.get("NPM_CONFIG_REGISTRY");
  if (registry === undefined) return {};
  try {
    const url = new URL(registry);
    return url.username === "" && url.password === "" ? { NPM_CONFIG_REGISTRY: registry } : {};
  } catch {
    return {};
  }
}

/**
 * Variables the installer (Deno itself, not the server) needs to reach the registry: proxies and
 * TLS certificate stores. They are passed to `deno cache` only, never to the server.
 */
const _INSTALLER_ENV = [
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "DENO_CERT",
  "DENO_TLS_CA_STORE",
  "NPM_CONFIG_REGISTRY",
  "NODE_EXTRA_CA_CERTS",
];

/** The installer's network settings from this process's environment. */
function _installerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of _INSTALLER_ENV) {
    const v = Deno.env.get(k);
    if (v !== undefined) env[k] = v;
  }
  // Deno reads extra CA certificates from DENO_CERT only.
  const cert = env.DENO_CERT ?? env.SSL_CERT_FILE ?? env.NODE_EXTRA_CA_CERTS;
  if (cert !== undefined) env.DENO_CERT = cert;
  return env;
}

/**
 * Replaces every regular file under `dir` that has other hard links (Deno links installed npm
 * files to its shared download cache) by a private copy with the same permissions, so nothing a
 * sandboxed server writes in its folder reaches the cache or another probe. Symbolic links are
 * left as they are (Deno links dependencies inside `node_modules` by symlinks, which the sandbox
 * cannot create or follow out of its folder for writing).
 *
 * @example
 * ```ts
 * await ownCopies(`${dir}/node_modules`); // { files: 1234, copied: 1234, bytes: 5678901 }
 * ```
 *
 * @param dir the folder (missing: nothing to do)
 * @returns files seen, files copied and bytes copied
 * @throws {Deno.errors.PermissionDenied} when a file cannot be copied (the probe then fails
 *   rather than run on a shared file)
 */
export async function ownCopies(
  dir: string,
): Promise<{ files: number; copied: number; bytes: number }> {
  const out = { files: 0, copied: 0, bytes: 0 };
  const walk = async (folder: string): Promise<void> => {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(folder));
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      throw error;
    }
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      if (!entry.isFile) continue;
      out.files++;
      const info = await Deno.lstat(path);
      if ((info.nlink ?? 1) <= 1) continue;
      const copy = `${path}.own-${Deno.pid}`;
      await Deno.copyFile(path, copy);
      if (info.mode !== null) await Deno.chmod(copy, info.mode & 0o777);
      await Deno.rename(copy, path);
      out.copied++;
      out.bytes += info.size;
    }
  };
  await walk(dir);
  return out;
}

/** What installing a package found. */
export type InstallResult =
  | {
    ok: true;
    /** The version installed. */
    version: string | null;
    /** `repository` of its package.json, as a URL, when given. */
    repository: string | null;
    /** False when package.json has no `bin`: nothing to run. */
    hasBin: boolean;
    durationMs: number;
  }
  | {
    ok: false;
    detail: string;
    timedOut: boolean;
    /** The registry has no such package or version (a partial mirror may lack a version). */
    notFound: boolean;
    durationMs: number;
  };

/** The repository URL of a package.json `repository` field. */
function _repository(value: unknown): string | null {
  const raw = typeof value === "string"
    ? value
    : typeof value === "object" && value !== null && "url" in value
    ? String((value as { url: unknown }).url)
    : null;
  if (raw === null) return null;
  const github = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (github) return `https://github.com/${github[1]}`;
  return raw.replace(/^git\+/, "").replace(/^git:\/\//, "https://").replace(/\.git$/, "");
}

/**
 * Installs an npm package into the probe's folder with Deno (`deno cache` of the `npm:`
 * specifier, lifecycle scripts not run) and reads its package.json.
 *
 * @example
 * ```ts
 * const r = await installNpm("firecrawl-mcp@3.5.2", "firecrawl-mcp", { dir, denoDir }, 180_000);
 * if (r.ok) r.version; // "3.5.2"
 * ```
 *
 * @param spec `name` or `name@version`
 * @param name the package name (to find its package.json)
 * @param options the sandbox (its folder is created)
 * @param timeoutMs give up after this long
 * @returns the version, repository and whether it has a `bin`, or why it failed
 */
export async function installNpm(
  spec: string,
  name: string,
  options: SandboxOptions,
  timeoutMs: number,
): Promise<InstallResult> {
  const started = performance.now();
  await Deno.mkdir(`${options.dir}/home`, { recursive: true });
  await Deno.mkdir(`${options.dir}/tmp`, { recursive: true });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["cache", "-q", "--no-config", "--node-modules-dir=auto", `npm:${spec}`],
    cwd: options.dir,
    env: { ..._installerEnv(), ...sandboxEnv(options) },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  trackChild(child);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch {
      // already exited
    }
  }, timeoutMs);
  const out = await child.output();
  clearTimeout(timer);
  const durationMs = Math.round(performance.now() - started);
  if (!out.success) {
    // deno-lint-ignore no-control-regex
    const text = new TextDecoder().decode(out.stderr).replace(/\x1b\[[0-9;]*m/g, "");
    const line = text.split("\n").map((l) => l.trim()).find((l) => /error/i.test(l)) ??
      text.trim().split("\n").at(-1) ?? "";
    return {
      ok: false,
      detail: timedOut ? `installing took longer than ${timeoutMs} ms` : line.slice(0, 200),
      timedOut,
      notFound: /does not exist|Could not find npm package/i.test(line),
      durationMs,
    };
  }
  try {
    const manifest = JSON.parse(
      await Deno.readTextFile(`${options.dir}/node_modules/${name}/package.json`),
    ) as Record<string, unknown>;
    const bin = manifest.bin;
    const hasBin = typeof bin === "string"
      ? bin !== ""
      : typeof bin === "object" && bin !== null && Object.keys(bin).length > 0;
    return {
      ok: true,
      version: typeof manifest.version === "string" ? manifest.version : null,
      repository: _repository(manifest.repository),
      hasBin,
      durationMs,
    };
  } catch (error) {
    return {
      ok: false,
      detail: `installed, but its package.json cannot be read: ${String(error).slice(0, 150)}`,
      timedOut: false,
      notFound: false,
      durationMs,
    };
  }
}
