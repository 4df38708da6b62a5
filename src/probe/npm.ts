/**
 * The launch probe of one npm package: install it with Deno into its own folder, then start it
 * in the permission sandbox (`./sandbox.ts`) exactly as the stdio config would (`npx -y
 * <package> <args>`, with placeholders for the values the user fills in), call `initialize` and
 * `tools/list`, and record the outcome (`./store.ts`). The folder is deleted afterwards (the
 * download cache is kept).
 *
 * Deno installs a package's files as hard links into its download cache, which every probe
 * shares; the sandbox may write the probe's own folder, so a probed package could rewrite a
 * dependency that the next probe of another package loads (a test made one turn the next probe's
 * tool descriptions into a prompt injection). Before the server starts, every file of the probe's
 * `node_modules` that is linked elsewhere is replaced by a private copy ({@link ownCopies}).
 *
 * @module
 */
import { probeProcess, type ProbeTimeouts } from "./probe.ts";
import { installNpm, ownCopies, sandboxCommand } from "./sandbox.ts";
import type { ProbeRecord } from "../model/probe.ts";
import { launchInputs, type ProbeTarget } from "./targets.ts";

/** Options of {@link probeNpm}. */
export interface NpmProbeOptions extends ProbeTimeouts {
  /** Folder for downloads (`<cacheDir>/deno`) and per-probe folders (`<cacheDir>/work`). */
  cacheDir: string;
  /** Give up installing after this long, milliseconds (default 180,000). */
  installMs?: number;
  /** Keep the probe's folder (default false: it is deleted). */
  keep?: boolean;
}

/** A folder name for a package: `@scope/name` → `scope__name`. */
function _folder(identifier: string): string {
  return identifier.toLowerCase().replace(/^@/, "").replace(/[^a-z0-9._-]+/g, "__");
}

/**
 * Probes one npm package (see the module comment). Never throws for what the package does.
 *
 * @example
 * ```ts
 * const record = await probeNpm(target, { cacheDir: "/tmp/toolatlas-probe" });
 * record.launched; record.tools.length;
 * ```
 *
 * @param target the package and the servers that list it
 * @param options cache folder and timeouts
 * @returns the record to store
 * @throws {Deno.errors.PermissionDenied} only when the cache folder cannot be written
 */
export async function probeNpm(
  target: ProbeTarget,
  options: NpmProbeOptions,
): Promise<ProbeRecord> {
  const started = performance.now();
  const dir = `${options.cacheDir}/work/${_folder(target.pkg.identifier)}`;
  const denoDir = `${options.cacheDir}/deno`;
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(`${dir}/data`, { recursive: true });
  const inputs = launchInputs(target.pkg, `${dir}/data`);
  const base: ProbeRecord = {
    target: target.target,
    registryType: "npm",
    identifier: target.pkg.identifier,
    requested: inputs.spec,
    version: null,
    repository: null,
    servers: [...target.servers].sort(),
    args: inputs.shownArgs,
    env: Object.keys(inputs.env),
    probedAt: new Date().toISOString(),
    durationMs: 0,
    launched: false,
    errorClass: null,
    detail: null,
    protocolVersion: null,
    serverInfo: null,
    capabilities: [],
    tools: [],
  };
  try {
    const sandbox = { dir, denoDir, env: inputs.env };
    let spec = inputs.spec;
    let installed = await installNpm(
      spec,
      target.pkg.identifier,
      sandbox,
      options.installMs ?? 180_000,
    );
    if (!installed.ok && installed.notFound && spec !== target.pkg.identifier) {
      // The pinned version is not on this registry (a partial mirror): probe the newest one, and
      // say so (the record's `version` then differs from what the config pins).
      spec = target.pkg.identifier;
      installed = await installNpm(
        spec,
        target.pkg.identifier,
        sandbox,
        options.installMs ?? 180_000,
      );
      if (installed.ok) {
        base.detail = `the pinned ${inputs.spec} is not on this registry: probed ${spec}`;
      }
    }
    if (!installed.ok) {
      return {
        ...base,
        errorClass: "install_failed",
        detail: installed.detail,
        durationMs: Math.round(performance.now() - started),
      };
    }
    base.version = installed.version;
    base.repository = installed.repository;
    await ownCopies(`${dir}/node_modules`);
    if (!installed.hasBin) {
      return {
        ...base,
        errorClass: "no_executable",
        detail: "The package has no executable (no bin in package.json): it is not a server to run",
        durationMs: Math.round(performance.now() - started),
      };
    }
    const outcome = await probeProcess(
      sandboxCommand(`npm:${spec}`, inputs.args, sandbox),
      options,
    );
    return {
      ...base,
      launched: outcome.launched,
      errorClass: outcome.errorClass,
      detail: [base.detail, outcome.detail].filter((d) => d !== null).join("; ") || null,
      protocolVersion: outcome.protocolVersion,
      serverInfo: outcome.serverInfo,
      capabilities: outcome.capabilities,
      tools: outcome.tools,
      ...(outcome.capped && { capped: outcome.capped }),
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    if (!options.keep) await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}
