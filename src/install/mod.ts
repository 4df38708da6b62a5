/**
 * Ready-to-paste MCP client configuration for a catalog server, one generator per client
 * (`src/install/clients/*.ts`), driven by the client table in `data/clients.json`.
 *
 * How a client installs a server (`./plan.ts`): a vendor-hosted endpoint when the client speaks
 * its transport; else a package run by npx, uvx or dnx (npm, PyPI, NuGet); an `.mcpb` bundle for
 * Claude Desktop; a vendor endpoint through the `mcp-remote` bridge; a Docker image; a
 * gateway-hosted endpoint. The next best ways come as `alternatives`, each a complete config. A
 * server that lists no package and no remote is `available: false`; nothing is guessed from its
 * repository. Inputs follow the server.json semantics (`./inputs.ts`).
 *
 * Secrets are never written: each client gets placeholders it understands (`${env:NAME}` in
 * Cursor and Windsurf, `${NAME}` in Claude Code, `$NAME` in Gemini CLI, `${input:id}` with
 * `inputs` in VS Code, `env_vars` in Codex, a visible `<YOUR_NAME>` in Claude Desktop and Zed;
 * Docker configs add `-e NAME`). Arguments the user must supply are `<name>` placeholders, listed
 * in `requiredInputs`.
 *
 * @example
 * ```ts
 * import { installConfig } from "./src/install/mod.ts";
 * const cfg = installConfig(server, "cursor");
 * if (cfg.available) console.log(cfg.config); // {"mcpServers": {"github": {...}}}
 * ```
 *
 * @module
 */
import { stringify } from "smol-toml";
import { claudeCodeConfig } from "./clients/claude_code.ts";
import { claudeDesktopConfig } from "./clients/claude_desktop.ts";
import { codexConfig } from "./clients/codex.ts";
import { cursorConfig } from "./clients/cursor.ts";
import { geminiCliConfig } from "./clients/gemini_cli.ts";
import { vscodeConfig } from "./clients/vscode.ts";
import { windsurfConfig } from "./clients/windsurf.ts";
import { zedConfig } from "./clients/zed.ts";
import { type ClientInfo, clientInfo } from "./client_table.ts";
import { RUNNERS } from "./launch.ts";
import { NO_METHOD_REASON, type Plan, planInstalls, probeOfPackage } from "./plan.ts";
import type { Generator } from "./render.ts";
import { serverKey } from "./server_key.ts";
import {
  CLIENT_IDS,
  type ClientId,
  type InstallConfig,
  type InstallOption,
  type InstallSecret,
  type Verified,
} from "../model/install.ts";
import type { CatalogServer, ProbeSummary } from "../model/server.ts";

export { acceptedClientsText, CLIENT_NAMES, resolveClient } from "./client_table.ts";
export { CLIENT_IDS, type ClientId } from "../model/install.ts";
export { NO_METHOD_REASON } from "./plan.ts";

/** Most alternatives listed per client (the rest are counted in a note). */
export const MAX_ALTERNATIVES = 4;

/** Generators by client id. */
const _GENERATORS: Readonly<Record<ClientId, Generator>> = {
  "cursor": cursorConfig,
  "claude-desktop": claudeDesktopConfig,
  "claude-code": claudeCodeConfig,
  "vscode": vscodeConfig,
  "zed": zedConfig,
  "windsurf": windsurfConfig,
  "codex": codexConfig,
  "gemini-cli": geminiCliConfig,
};

/** The probe of the package or endpoint a plan uses, if one was run. */
function _probeOf(server: CatalogServer, plan: Plan): ProbeSummary | undefined {
  const m = plan.method;
  if (m.kind !== "remote") {
    return probeOfPackage(server, {
      registryType: m.registryType ?? "",
      identifier: m.identifier ?? "",
    });
  }
  return server.probes?.find((p) => p.target === `remote:${m.url}`);
}

/**
 * The `verified` mark of a plan: a probe that launched it and listed its tools, of the version
 * the config pins (any version when it pins none: the runner takes the newest).
 */
function _verified(plan: Plan, probe: ProbeSummary | undefined): Verified | null {
  if (probe === undefined || !probe.launched || probe.errorClass !== null) return null;
  const pinned = plan.method.version?.trim();
  if (pinned && pinned.toLowerCase() !== "latest" && probe.version !== pinned) return null;
  const day = probe.probedAt.slice(0, 10);
  return {
    probedAt: probe.probedAt,
    version: probe.version,
    toolCount: probe.toolCount,
    text: `verified: launched and listed ${probe.toolCount} tools on ${day}`,
  };
}

/** Words in a description that suggest a credential the record may not declare. */
const _CREDENTIAL_WORDS =
  /\b(api[ _-]?keys?|access[ _-]?tokens?|personal access tokens?|secret keys?|bearer tokens?|credentials|client secrets?)\b/i;

/** Notes about what the records say (or fail to say) around the chosen plan. */
function _serverNotes(
  server: CatalogServer,
  plan: Plan,
  probe: ProbeSummary | undefined,
  secrets: InstallSecret[],
): string[] {
  const notes: string[] = [];
  if (probe !== undefined && probe.errorClass !== null) {
    const day = probe.probedAt.slice(0, 10);
    const what: Record<string, string> = {
      needs_secret: "stopped asking for a credential",
      crashed: "exited before answering",
      sandbox_denied: "stopped when the sandbox denied it access",
      timed_out: "did not answer in time",
      tools_list_failed: "started but could not list its tools",
    };
    notes.push(
      `A launch probe on ${day} ${what[probe.errorClass] ?? `failed (${probe.errorClass})`}` +
        (probe.detail ? `: "${probe.detail.replace(/[.\s]+$/, "")}"` : "") +
        (probe.errorClass === "needs_secret" && !secrets.some((s) => s.secret)
          ? ". No source declares that value: see the server's README for the variable to set."
          : "."),
    );
  }
  if (
    !secrets.some((s) => s.secret) && plan.method.kind === "package" &&
    probe?.errorClass !== "needs_secret" && _CREDENTIAL_WORDS.test(server.description)
  ) {
    notes.push(
      "The description mentions a credential, but no source declares one for this package: " +
        "check the server's README for a variable to set.",
    );
  }
  return notes;
}

/** Renders one plan for one client. */
function _option(
  server: CatalogServer,
  info: ClientInfo,
  key: string,
  plan: Plan,
): InstallOption {
  const out = _GENERATORS[info.id]({ server, client: info, key, plan });
  const probe = _probeOf(server, plan);
  const obj = out.configObject;
  const config = obj === null
    ? null
    : info.format === "toml"
    ? stringify(obj)
    : JSON.stringify(obj, null, 2);
  return {
    method: plan.method,
    format: obj === null ? null : info.format,
    config,
    configObject: obj,
    cliCommand: out.cliCommand,
    deepLinks: out.deepLinks ?? [],
    secrets: out.secrets,
    requiredInputs: out.secrets.filter((s) => s.required),
    notes: [...plan.notes, ..._serverNotes(server, plan, probe, out.secrets), ...out.notes],
    verified: _verified(plan, probe),
    evidence: plan.evidence,
  };
}

/** An install config with no recommended way, and why. */
function _unavailable(client: ClientId, clientName: string, reason: string): InstallConfig {
  return {
    client,
    clientName,
    available: false,
    reason,
    method: null,
    format: null,
    config: null,
    configObject: null,
    serverKey: null,
    filePaths: [],
    cliCommand: null,
    deepLinks: [],
    secrets: [],
    requiredInputs: [],
    notes: [],
    verified: null,
    evidence: null,
    alternatives: [],
  };
}

/**
 * Ready-to-paste configuration of a server for one client: the best method (`./plan.ts`) and up
 * to {@link MAX_ALTERNATIVES} alternatives, each complete.
 *
 * @example
 * ```ts
 * const cfg = installConfig(server, "codex");
 * cfg.config; // '[mcp_servers.github]\ncommand = "npx"\n...'
 * cfg.method?.reason; // "The npm package ... runs with npx ..."
 * ```
 *
 * @param server the catalog server
 * @param client the client id
 * @returns the configuration; `available: false` with a `reason` when no method is known
 * @throws {RangeError} when `client` is not one of {@link CLIENT_IDS}
 */
export function installConfig(server: CatalogServer, client: ClientId): InstallConfig {
  const info = clientInfo(client);
  const { plans, refused } = planInstalls(server, info);
  const best = plans[0];
  // Only a catalog vouches for the best package and nothing better exists: none is recommended;
  // the ways stay as alternatives. (An endpoint someone hosts is there to connect to, whoever
  // runs it: a gateway's or a third party's endpoint stays recommendable, marked unverified.)
  if (
    best !== undefined && best.evidence.level === "unverified" && best.method.kind === "package"
  ) {
    const key = serverKey(server);
    return {
      ..._unavailable(
        client,
        info.name,
        `No checked install method for ${info.name}: every way to install it is unverified ` +
          `(${best.evidence.text.replace(/^unverified: /, "")}). They are listed as alternatives.`,
      ),
      alternatives: plans.slice(0, MAX_ALTERNATIVES).map((p) => _option(server, info, key, p)),
    };
  }
  if (best === undefined) {
    const none = server.packages.length === 0 && server.remotes.length === 0;
    const reason = none && (server.refusedPackages ?? []).length > 0
      ? "No install method known: every package the sources list was refused"
      : none
      ? NO_METHOD_REASON
      : `No install method for ${info.name}: ${refused.join("; ")}`;
    return _unavailable(client, info.name, _withRefusedPackages(server, reason));
  }
  const key = serverKey(server);
  const main = _option(server, info, key, best);
  const alternatives = plans.slice(1, 1 + MAX_ALTERNATIVES).map((p) =>
    _option(server, info, key, p)
  );
  const notes = [...main.notes];
  const more = plans.length - 1 - alternatives.length;
  if (more > 0) {
    notes.push(
      `${more} more ${
        more === 1 ? "way" : "ways"
      } to install (other packages or endpoints) are listed in the server's details.`,
    );
  }
  if (refused.length > 0) notes.push(`Not used: ${refused.join("; ")}.`);
  for (const r of server.refusedPackages ?? []) {
    notes.push(
      `Not offered: the ${r.package.registryType} package ${r.package.identifier} that ` +
        `${r.source} lists (${r.reason.replace(/[.\s]+$/, "")}).`,
    );
  }
  notes.push(`Documentation: ${info.docsUrl}`);
  return {
    client,
    clientName: info.name,
    available: true,
    reason: null,
    ...main,
    serverKey: key,
    filePaths: main.config === null ? [] : info.filePaths.map((p) => ({ ...p })),
    notes,
    alternatives,
  };
}

/**
 * The configuration of one plan the caller made, for one client, rendered by the same generator
 * as {@link installConfig} (used for toolatlas's own local server, `./self.ts`, which no package
 * registry lists).
 *
 * @example
 * ```ts
 * planConfig(server, "cursor", { kind: "stdio", launch, bridged: null, method, notes: [] }).config;
 * ```
 *
 * @param server the server (its title gives the key)
 * @param client the client id
 * @param plan a `stdio` or `remote` plan
 * @returns the configuration, with no alternatives
 * @throws {RangeError} for an unknown client, or a plan the client cannot take (a remote over a
 *   transport it does not speak, a bundle)
 */
export function planConfig(server: CatalogServer, client: ClientId, plan: Plan): InstallConfig {
  const info = clientInfo(client);
  const key = serverKey(server);
  const main = _option(server, info, key, plan);
  return {
    client,
    clientName: info.name,
    available: true,
    reason: null,
    ...main,
    serverKey: key,
    filePaths: info.filePaths.map((p) => ({ ...p })),
    notes: [...main.notes, `Documentation: ${info.docsUrl}`],
    alternatives: [],
  };
}

/**
 * Adds the packages refused at ingest to an unavailability reason, each with why (its name does
 * not match the repository, no executable, npx cannot pick one).
 */
function _withRefusedPackages(server: CatalogServer, reason: string): string {
  const refused = server.refusedPackages ?? [];
  if (refused.length === 0) return reason;
  const list = refused.map((r) =>
    `${RUNNERS[r.package.registryType]?.command ?? r.package.registryType} ` +
    `${r.package.identifier} (listed by ${r.source}: ${r.reason.replace(/[.\s]+$/, "")})`
  ).join(", ");
  return `${reason}. Not offered: ${list}`;
}

/**
 * Configurations of a server for every client, in {@link CLIENT_IDS} order.
 *
 * @example
 * ```ts
 * installConfigs(server).map((c) => c.client); // ["cursor", "claude-desktop", ...]
 * ```
 *
 * @param server the catalog server
 * @returns one configuration per client
 */
export function installConfigs(server: CatalogServer): InstallConfig[] {
  return CLIENT_IDS.map((client) => installConfig(server, client));
}

/**
 * How sure the recommended install of a server is, for search filters: the evidence level of the
 * plan Claude Code gets (`verified`, `checked`, `unverified`), or `none` when no method is known.
 *
 * @param server the catalog server
 * @returns the level
 */
export function installLevel(
  server: CatalogServer,
): "verified" | "checked" | "unverified" | "none" {
  const best = planInstalls(server, clientInfo("claude-code")).plans[0];
  return best === undefined ? "none" : best.evidence.level;
}
