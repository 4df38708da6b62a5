/**
 * Install configs as a user meets them (issue 29): a seeded random sample of canonical servers
 * whose recommended Claude Code config (`installConfig(server, "claude-code")`) runs an npm
 * package with `npx` and needs no secret, each added with the real Claude Code CLI (npm
 * `@anthropic-ai/claude-code@2.1.110`, run by Deno) in a fresh project folder with its own HOME
 * (`claude mcp add-json --scope project`), then `claude mcp list`, whose health check starts the
 * server (`MCP_TIMEOUT` 60 s: a first `npx` start takes ~10 s here).
 *
 * Each failure is diagnosed as a user would: `npm view <package> --json` (is it there, has it a
 * `bin`, which repository), then the config's own `npx -y <package> <args>` with the config's
 * environment, sent an MCP `initialize` and given 30 s, its stderr read. Outcomes:
 * - `connected`: `claude mcp list` says `✓ Connected` (first try, or a second try after the
 *   diagnosis run warmed npm's cache when that run answered `initialize`);
 * - `machine`: this machine's fault: the npm registry here (a partial mirror) lacks the package or
 *   one of its dependencies, or the server needs the network, PyPI or a service that is not here
 *   (e.g. a database at the address a user fills in);
 * - `config`: the config's fault: a package of another project, not an MCP server, a library
 *   without `bin`, an argument or setting the config leaves out.
 * The reasons come from fixed rules over that evidence; `--review` prints the evidence of every
 * failure for a person to check them.
 *
 * Required settings that are no secret are filled as a user fills them: a folder for a path, the
 * server's own example when its description is one word (`stdio`, `true`), else `placeholder`.
 *
 * ```sh
 * # after (this checkout)
 * deno run -A bench/install_sample.ts --catalog /tmp/lead/catalog.db --seed 20261129 \
 *   --side after --out tests/eval/install_sample.json
 * # before: the same script in a worktree of the commit before package evidence
 * git worktree add /tmp/before 85c57ea && cp bench/install_sample.ts /tmp/before/bench/ &&
 *   (cd /tmp/before && deno run -A bench/install_sample.ts --catalog /work/main/data/catalog.db \
 *   --seed 20261129 --side before --out /work/main/tests/eval/install_sample.json)
 * ```
 *
 * `--catalog` defaults to `TOOLATLAS_CATALOG`, then `data/catalog.db`; `--n` (default 60) is the
 * sample size; `--out` merges `{catalog, commit, population, seconds, counts, entries}` under
 * `--side` into that JSON file (other keys kept; an entry a person judged, `check: "hand"`, keeps
 * that judgement when the same server and package come up again, with the rules' verdict in
 * `rule`); `--only NAME` (repeatable) re-checks some of the sample and replaces only their entries; `--review`
 * prints the evidence of each failure. Prints one line per server and the counts. A script, not a
 * test: it downloads the client and the packages.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { CatalogStore } from "../src/catalog/store.ts";
import { installConfig } from "../src/install/mod.ts";
import type { InstallConfig } from "../src/model/install.ts";
import type { CatalogServer } from "../src/model/server.ts";
import { seededSample } from "../tests/_sample.ts";

const REPO = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
/** The last Claude Code release whose `bin` is JavaScript (later ones install a native binary). */
const CLAUDE_CODE = "npm:@anthropic-ai/claude-code@2.1.110";
/** Claude Code's wait for a server to start (ms), and ours for `claude mcp list` as a whole. */
const MCP_TIMEOUT_MS = 60_000;
const LIST_TIMEOUT_MS = 120_000;
/**
 * How long the diagnosis run of `npx` gets to install and answer `initialize` (ms): a first
 * install of a large package takes up to ~100 s on this shared machine.
 */
const PROBE_TIMEOUT_MS = 120_000;

/** One sampled server's result. */
export interface SampleEntry {
  name: string;
  /** The package spec `npx -y` runs, e.g. `mcp-ipfs` or `@scope/pkg@1.2.3`. */
  package: string;
  outcome: "connected" | "machine" | "config";
  /** One line: why it failed, or how it connected. */
  reason: string;
  /** The config's evidence (`{level, text}`), or `null` where configs carry none (before). */
  evidence: { level: string; text: string } | null;
  /**
   * `rule`: outcome and reason from the fixed rules of {@link _classify}; `hand`: a person's
   * judgement after reading the repository (e.g. a package the mirror lacks that no README or
   * `package.json` names: a catalog's slug, not the mirror's fault), kept across re-runs.
   */
  check: "rule" | "hand";
  /** With `check: "hand"`: what the rules said, `outcome: reason`. */
  rule?: string;
}

/** The same entry with a person's earlier judgement of the same server and package, if any. */
function _withJudgement(entry: SampleEntry, earlier: SampleEntry[]): SampleEntry {
  const judged = earlier.find((e) =>
    e.check === "hand" && e.name === entry.name && e.package === entry.package
  );
  if (!judged) return entry;
  return {
    ...entry,
    outcome: judged.outcome,
    reason: judged.reason,
    check: "hand",
    rule: `${entry.outcome}: ${entry.reason}`,
  };
}

/** The Claude Code server entry of a config: `{command, args, env}`. */
interface Entry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/**
 * Names of the canonical servers whose recommended Claude Code config is an npm package with no
 * required secret, sorted.
 *
 * @param store an open catalog
 * @returns the population the sample is drawn from
 */
export function npxNoSecretNames(store: CatalogStore): string[] {
  const names: string[] = [];
  for (let after = 0;;) {
    const ids = store.idsAfter("servers", after, 500);
    if (ids.length === 0) break;
    after = ids.at(-1)!;
    for (const s of store.serversByIds(ids)) {
      if (s.canonicalName !== undefined) continue;
      const cfg = installConfig(s, "claude-code");
      if (
        cfg.available && cfg.method?.kind === "package" && cfg.method.registryType === "npm" &&
        !cfg.secrets.some((x) => x.secret && x.required)
      ) names.push(s.name);
    }
  }
  return names.sort();
}

/** The value a user types for a required setting that is no secret. */
function _fillValue(input: InstallConfig["secrets"][number], folder: string): string {
  if (input.format === "filepath" || /path|dir|folder|file|root/i.test(input.name)) return folder;
  const example = (input.hint ?? input.description ?? "").trim();
  // An example naming a place to fill in (`file:/path/to/your/database.db`) gets a real folder.
  if (/^file:/.test(example)) return `file:${folder}/data.db`;
  if (/^[\w.:/@-]{1,80}$/.test(example) && !/path\/to|your/i.test(example)) return example;
  if (input.choices?.length) return input.choices[0]!;
  if (input.format === "number" || /port/i.test(input.name)) return "3306";
  if (/url|endpoint|host/i.test(input.name)) return "http://127.0.0.1:9";
  return "placeholder";
}

/** The config's server entry with argument placeholders filled, and the settings' values. */
function _filled(
  cfg: InstallConfig,
  folder: string,
): { entry: Entry; env: Record<string, string> } {
  const servers = (cfg.configObject as { mcpServers: Record<string, Entry> }).mcpServers;
  let json = JSON.stringify(servers[cfg.serverKey!]);
  const env: Record<string, string> = {};
  for (const input of cfg.requiredInputs.filter((i) => !i.secret)) {
    const value = _fillValue(input, folder);
    if (input.kind === "argument") json = json.replaceAll(input.placeholder, value);
    else env[input.name] = value;
  }
  return { entry: JSON.parse(json), env };
}

/** `${NAME}` and `${NAME:-default}` of Claude Code's config, expanded from `env`. */
function _expand(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_m, name: string, def?: string) => env[name] ?? def ?? "",
  );
}

/** The package spec of an `npx` entry: the first argument that is no option. */
function _packageOf(entry: Entry): string {
  return entry.args.find((a) => !a.startsWith("-")) ?? "";
}

/** The name of a package spec without its version (`@s/p@1.0` → `@s/p`). */
function _bareName(spec: string): string {
  const at = spec.indexOf("@", 1);
  return at === -1 ? spec : spec.slice(0, at);
}

/** A GitHub repository as `owner/repo` in lower case, or the URL when it is not GitHub. */
function _repoKey(url: string | null | undefined): string | null {
  if (!url) return null;
  const m = url.match(/github\.com[/:]([^/]+)\/([^/#?]+)/i);
  return m ? `${m[1]}/${m[2]!.replace(/\.git$/, "")}`.toLowerCase() : url.toLowerCase();
}

/** npm's repository of a package when it is another GitHub repository than the server's. */
function _otherRepo(npmUrl: string | null, serverRepo: string | null): string | null {
  const npmRepo = _repoKey(npmUrl);
  if (!npmRepo || !serverRepo || npmRepo.includes("://") || serverRepo.includes("://")) return null;
  return npmRepo === serverRepo ? null : npmRepo;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs a command in its own session (`setsid`) and kills the whole process group when it ends,
 * times out or `stop` says so (given the stdout so far), so no server outlives its check.
 */
async function _run(
  cmd: string[],
  opts: {
    cwd: string;
    env: Record<string, string>;
    timeoutMs: number;
    stdin?: string;
    stop?: (stdout: string) => boolean;
  },
): Promise<Run> {
  const child = new Deno.Command("setsid", {
    args: cmd,
    cwd: opts.cwd,
    env: opts.env,
    clearEnv: true,
    stdin: opts.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  let stopped = false;
  const killGroup = () => {
    try {
      Deno.kill(-child.pid, "SIGKILL");
    } catch { /* already gone */ }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, opts.timeoutMs);
  if (opts.stdin !== undefined) {
    // stdin stays open (a stdio server exits at the end of its input); the group kill closes it.
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(opts.stdin)).catch(() => {});
    w.releaseLock();
  }
  const read = async (stream: ReadableStream<Uint8Array>, onText?: (t: string) => void) => {
    let text = "";
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      text += chunk;
      onText?.(text);
    }
    return text;
  };
  const [stdout, stderr, status] = await Promise.all([
    read(child.stdout, (t) => {
      if (!stopped && opts.stop?.(t)) {
        stopped = true;
        killGroup();
      }
    }),
    read(child.stderr),
    child.status,
  ]);
  clearTimeout(timer);
  killGroup();
  return { code: timedOut || stopped ? null : status.code, stdout, stderr, timedOut };
}

/** True when a stdout holds a JSON-RPC result for request id 1. */
function _answered(stdout: string): boolean {
  return stdout.split("\n").some((l) => {
    try {
      const m = JSON.parse(l);
      return m?.id === 1 && m.result !== undefined;
    } catch {
      return false;
    }
  });
}

/**
 * Runs the server as the config does, sends `initialize`, and stops at the first answer (or after
 * {@link PROBE_TIMEOUT_MS}).
 */
async function _probe(
  entry: Entry,
  cwd: string,
  env: Record<string, string>,
): Promise<Run & { answered: boolean }> {
  const init = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "install-sample", version: "1" },
    },
  }) + "\n";
  // npm says which install scripts ran and how they ended (`npm info run ...`).
  const serverEnv: Record<string, string> = { ...env, npm_config_loglevel: "info" };
  for (const [k, v] of Object.entries(entry.env ?? {})) serverEnv[k] = _expand(v, env);
  const r = await _run([entry.command, ...entry.args.map((a) => _expand(a, env))], {
    cwd,
    env: serverEnv,
    timeoutMs: PROBE_TIMEOUT_MS,
    stdin: init,
    stop: _answered,
  });
  return { ...r, answered: _answered(r.stdout) };
}

/** `npm view <package> --json`: the fields a user looks at, or the error code. */
async function _npmView(
  spec: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ found: boolean; error: string | null; bin: unknown; repository: string | null }> {
  const r = await _run(
    ["npm", "view", spec, "--json", "name", "version", "bin", "repository", "mcpName"],
    { cwd, env, timeoutMs: 60_000 },
  );
  const text = r.stdout.trim();
  let doc: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(text || "{}");
    doc = Array.isArray(parsed) ? parsed.at(-1) ?? {} : parsed;
  } catch { /* not JSON */ }
  const error = (doc.error as { code?: string } | undefined)?.code ??
    (r.code === 0 && text !== "" ? null : (r.stderr.match(/npm error code (\S+)/)?.[1] ?? "none"));
  const repo = doc.repository as string | { url?: string } | undefined;
  return {
    found: error === null,
    error,
    bin: doc.bin,
    repository: typeof repo === "string" ? repo : repo?.url ?? null,
  };
}

/** The first line of a text matching a pattern, trimmed to one line of reason. */
function _line(text: string, pattern: RegExp): string | null {
  const l = text.split("\n").find((x) => pattern.test(x));
  return l === undefined ? null : l.trim().slice(0, 200);
}

/** What the diagnosis found, for {@link _classify} and `--review`. */
interface Diagnosis {
  view: Awaited<ReturnType<typeof _npmView>>;
  probe: Awaited<ReturnType<typeof _probe>>;
  serverRepo: string | null;
  /** Whether npm knows the package without the version the config pins. */
  bareFound: boolean;
}

const NETWORK =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|fetch failed|getaddrinfo|socket hang up|network (error|request)|pypi\.org|\buvx?\b|\bpip\b|python3?\b/i;

/**
 * An install script npm ran for the package or a dependency that failed or had not ended when the
 * run stopped (from `npm info run` lines), e.g. sharp fetching libvips or Playwright fetching a
 * browser: `{name, command, failed}`, or `null`.
 */
function _installScript(
  stderr: string,
): { name: string; command: string; failed: boolean } | null {
  const started = new Map<string, string>();
  for (const m of stderr.matchAll(/^npm info run (\S+) (\w+) (?!\{)\S+ (.+)$/gm)) {
    started.set(`${m[1]} ${m[2]}`, m[3]!);
  }
  for (const m of stderr.matchAll(/^npm info run (\S+) (\w+) \{ code: (\d+)/gm)) {
    const key = `${m[1]} ${m[2]}`;
    if (m[3] !== "0") return { name: key, command: started.get(key) ?? "", failed: true };
    started.delete(key);
  }
  const [key, command] = [...started.entries()].at(-1) ?? [];
  return key === undefined ? null : { name: key, command: command!, failed: false };
}
const NEEDS =
  /required|must be (set|provided)|missing|not set|no .* (provided|specified|configured)|usage:|please (set|provide|specify)|is not defined in (the )?env|invalid url/i;

/**
 * Classifies a failed server from the diagnosis, by fixed rules in this order: the mirror lacks
 * the package or a dependency; no `bin`; a package of another repository; the run needs the
 * network or PyPI; it answered `initialize` (a start slower than Claude Code's wait); it asks for
 * a setting or argument; it exits or says nothing MCP.
 */
function _classify(d: Diagnosis, spec: string): Pick<SampleEntry, "outcome" | "reason"> {
  const { view, probe } = d;
  // npm's own progress lines are read only for install scripts.
  const err = probe.stderr.split("\n").filter((l) => !/^npm (http|info|verbose) /.test(l))
    .join("\n");
  if (!view.found) {
    if (view.error !== "E404") {
      return { outcome: "machine", reason: `npm view ${spec} failed here (${view.error})` };
    }
    return {
      outcome: "machine",
      reason: d.bareFound
        ? `the npm mirror here has ${_bareName(spec)} but not the version ${spec} (npm view: E404)`
        : `the npm mirror here lacks ${_bareName(spec)} (npm view: E404)`,
    };
  }
  if (view.bin === undefined || view.bin === null) {
    return { outcome: "config", reason: `${spec} has no bin: a library, not a command to run` };
  }
  const other = _otherRepo(view.repository, d.serverRepo);
  if (other) {
    return {
      outcome: "config",
      reason: `wrong package: npm's ${_bareName(spec)} comes from ${other}, not ${d.serverRepo}`,
    };
  }
  const missingDep = err.match(/404 Not Found - GET \S+\/(\S+?) - Not found/) ??
    err.match(/E404[^\n]*'([^'\n]+)'/);
  if (missingDep) {
    return {
      outcome: "machine",
      reason: `the npm mirror here lacks a dependency (${decodeURIComponent(missingDep[1]!)})`,
    };
  }
  const version = err.match(/No matching version found for (\S+?)\.?$/m);
  if (version || /ETARGET/.test(err)) {
    return {
      outcome: "machine",
      reason: `the npm mirror here lacks ${version?.[1] ?? "a version npm asks for"} (ETARGET)`,
    };
  }
  const script = probe.answered ? null : _installScript(probe.stderr);
  if (script && (script.failed || probe.timedOut)) {
    return {
      outcome: "machine",
      reason: `the install script of ${script.name} ${
        script.failed ? "failed" : "had not ended"
      } here (it fetches files from the network, unreachable here): ${
        script.command.slice(0, 120)
      }`,
    };
  }
  if (/could not determine executable to run/i.test(err)) {
    return {
      outcome: "config",
      reason: `npx finds no executable in ${spec} (its bin names differ from the package)`,
    };
  }
  const net = _line(err, NETWORK);
  if (net) return { outcome: "machine", reason: `needs the network here: ${net}` };
  if (probe.answered) {
    return {
      outcome: "machine",
      reason: "answers initialize when run alone; Claude Code gave up on it (slow start here)",
    };
  }
  const needs = _line(err + "\n" + probe.stdout, NEEDS);
  if (needs) return { outcome: "config", reason: `needs what the config lacks: ${needs}` };
  if (!probe.timedOut) {
    const last = _line(err.split("\n").reverse().join("\n"), /\S/) ??
      _line(probe.stdout, /\S/) ?? "no output";
    return {
      outcome: "config",
      reason: `exits (code ${probe.code}) without serving MCP on stdio: ${last}`,
    };
  }
  return {
    outcome: "config",
    reason: `runs but does not answer initialize on stdio in ${PROBE_TIMEOUT_MS / 1000} s${
      err.trim() ? `: ${_line(err, /\S/)}` : ""
    }`,
  };
}

/** The line of `claude mcp list` about a server key. */
function _listLine(out: string, key: string): string {
  return out.split("\n").find((l) => l.startsWith(`${key}:`))?.trim() ?? `${key}: missing`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      catalog: { type: "string" },
      seed: { type: "string", default: "20261129" },
      n: { type: "string", default: "60" },
      side: { type: "string", default: "after" },
      out: { type: "string" },
      review: { type: "boolean", default: false },
      only: { type: "string", multiple: true },
    },
  });
  const catalog = values.catalog ?? Deno.env.get("TOOLATLAS_CATALOG") ?? `${REPO}/data/catalog.db`;
  const seed = Number(values.seed);
  const started = performance.now();
  // The commit whose install code made the configs (at the start: others may commit meanwhile).
  const commit = new TextDecoder().decode(
    new Deno.Command("git", { args: ["-C", REPO, "rev-parse", "--short", "HEAD"] }).outputSync()
      .stdout,
  ).trim();
  const store = CatalogStore.open(catalog);
  const population = npxNoSecretNames(store);
  const sample = seededSample(population, Number(values.n), seed);
  console.log(`${population.length} servers in the population; ${sample.length} drawn`);

  const root = await Deno.makeTempDir({ prefix: "toolatlas-install-sample-" });
  const bin = `${root}/bin`;
  await Deno.mkdir(bin);
  await Deno.writeTextFile(
    `${bin}/claude`,
    `#!/bin/sh\nexec "${Deno.execPath()}" run -A ${CLAUDE_CODE} "$@"\n`,
    { mode: 0o755 },
  );
  const base: Record<string, string> = {
    PATH: `${bin}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`,
    DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`,
    npm_config_cache: Deno.env.get("npm_config_cache") ?? `${Deno.env.get("HOME")}/.npm`,
    DISABLE_AUTOUPDATER: "1",
    MCP_TIMEOUT: String(MCP_TIMEOUT_MS),
    LANG: "C.UTF-8",
  };
  for (const k of ["SSL_CERT_FILE", "NODE_EXTRA_CA_CERTS", "HTTPS_PROXY", "HTTP_PROXY", "TERM"]) {
    const v = Deno.env.get(k);
    if (v !== undefined) base[k] = v;
  }

  const entries: SampleEntry[] = [];
  let doc: Record<string, unknown> = {};
  if (values.out) {
    try {
      doc = JSON.parse(await Deno.readTextFile(values.out));
    } catch { /* a new file */ }
  }
  const earlier = (doc[values.side!] as { entries?: SampleEntry[] } | undefined)?.entries ?? [];
  try {
    for (const [i, name] of sample.entries()) {
      if (values.only && !values.only.includes(name)) continue;
      const server = store.serverByName(name) as CatalogServer;
      const cfg = installConfig(server, "claude-code");
      const evidence = (cfg as { evidence?: { level: string; text: string } }).evidence ?? null;
      const dir = `${root}/${i}`;
      const [home, project, folder] = [`${dir}/home`, `${dir}/project`, `${dir}/data`];
      for (const d of [home, project, folder]) await Deno.mkdir(d, { recursive: true });
      const { entry, env: settings } = _filled(cfg, folder);
      const env = { ...base, ...settings, HOME: home };
      const spec = _packageOf(entry);
      const key = cfg.serverKey!;
      const t0 = performance.now();
      const add = await _run(
        ["claude", "mcp", "add-json", "--scope", "project", key, JSON.stringify(entry)],
        { cwd: project, env, timeoutMs: 60_000 },
      );
      const list = () =>
        _run(["claude", "mcp", "list"], { cwd: project, env, timeoutMs: LIST_TIMEOUT_MS });
      let line = _listLine((await list()).stdout, key);
      let result: Pick<SampleEntry, "outcome" | "reason">;
      if (/✓ Connected/.test(line)) {
        const other = _otherRepo(
          (await _npmView(spec, project, env)).repository,
          _repoKey(server.repositoryUrl),
        );
        result = {
          outcome: "connected",
          reason: `claude mcp list: ✓ Connected${
            other ? ` (npm's ${_bareName(spec)} names the repository ${other})` : ""
          }`,
        };
      } else {
        const view = await _npmView(spec, project, env);
        const d: Diagnosis = {
          view,
          probe: await _probe(entry, project, env),
          serverRepo: _repoKey(server.repositoryUrl),
          bareFound: view.found ||
            (_bareName(spec) !== spec && (await _npmView(_bareName(spec), project, env)).found),
        };
        result = _classify(d, spec);
        if (d.probe.answered) {
          // npm's cache is warm now: a user would try again.
          const again = _listLine((await list()).stdout, key);
          if (/✓ Connected/.test(again)) {
            line = again;
            result = {
              outcome: "connected",
              reason: "✓ Connected on a second try (slow first start)",
            };
          }
        }
        if (values.review) {
          console.log(
            `  add: ${add.code} ${add.stderr.trim().slice(0, 200)}\n  list: ${line}\n` +
              `  config: ${JSON.stringify(entry)} settings ${JSON.stringify(settings)}\n` +
              `  npm view: ${JSON.stringify(d.view)}\n  server repo: ${d.serverRepo}\n` +
              `  run: code ${d.probe.code} timedOut ${d.probe.timedOut} answered ${d.probe.answered}\n` +
              `  stderr: ${d.probe.stderr.trim().split("\n").slice(-12).join("\n    ")}\n` +
              `  stdout: ${d.probe.stdout.trim().slice(0, 300)}`,
          );
        }
      }
      entries.push(
        _withJudgement({ name, package: spec, ...result, evidence, check: "rule" }, earlier),
      );
      if (entries.at(-1)!.check === "hand") result = entries.at(-1)!;
      console.log(
        `${String(i + 1).padStart(2)} ${result.outcome.padEnd(9)} ${name} (${spec}, ${
          ((performance.now() - t0) / 1000).toFixed(0)
        } s): ${result.reason}`,
      );
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  } finally {
    store.close();
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }

  const count = (o: SampleEntry["outcome"]) => entries.filter((e) => e.outcome === o).length;
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `\n${values.side}: ${count("connected")} connected, ${count("machine")} failed for this ` +
      `machine, ${count("config")} config-wrong of ${entries.length} (${seconds} s)`,
  );
  if (values.out) {
    if (values.only) {
      // A re-check replaces those entries of the earlier run and keeps the others.
      const again = new Map(entries.map((e) => [e.name, e]));
      entries.splice(0, entries.length, ...earlier.map((e) => again.get(e.name) ?? e));
    }
    const old = doc[values.side!] as { seconds?: number } | undefined;
    doc.seed = seed;
    doc[values.side!] = {
      catalog,
      commit,
      population: population.length,
      seconds: values.only ? old?.seconds ?? seconds : seconds,
      counts: { connected: count("connected"), machine: count("machine"), config: count("config") },
      entries,
    };
    await Deno.writeTextFile(values.out, JSON.stringify(doc, null, 2) + "\n");
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main());
