/**
 * The install-config use case: ready-to-paste MCP client configuration for one server, for one
 * client or all of them (generators in `src/install/`).
 *
 * @module
 */
import { z } from "zod";
import { AppError } from "../errors.ts";
import {
  acceptedClientsText,
  CLIENT_NAMES,
  installConfig,
  installConfigs,
  resolveClient,
} from "../install/mod.ts";
import { type CatalogContext, serverUrl } from "./context.ts";
import { parseInput } from "./validate.ts";
import { InstallConfig } from "../model/install.ts";

/** Input of {@link getInstallConfig}. */
export const InstallConfigInput = z.object({
  name: z.string().trim().min(1).max(300).describe("Server name, e.g. io.github.owner/repo"),
  client: z.preprocess(
    (v) => typeof v === "string" ? v.trim().toLowerCase() : v,
    z.enum(CLIENT_NAMES as [string, ...string[]], {
      error: (issue) =>
        `Unknown client ${JSON.stringify(issue.input)}: use one of ${acceptedClientsText()}`,
    }),
  ).transform((name) => resolveClient(name)!).describe(
    "Client to configure, by id or alias (case-insensitive; claude is Claude Desktop); " +
      "omit for every client",
  ).optional(),
}).strict();

/** Output of {@link getInstallConfig}. */
export const InstallConfigOutput = z.object({
  server: z.object({ name: z.string(), title: z.string(), svcUrl: z.string() }),
  configs: z.array(InstallConfig),
});

/**
 * Install configurations of one server.
 *
 * @param ctx catalog context
 * @param input `{ name, client? }`
 * @returns the server and one config per requested client (`available: false` with a reason
 *   when no install method is known; never a guess)
 * @throws {AppError} `not_found` for an unknown server; `invalid_parameter` for an unknown client
 *   (the message lists every accepted id and alias)
 */
export function getInstallConfig(
  ctx: CatalogContext,
  input: unknown,
): z.infer<typeof InstallConfigOutput> {
  const { name, client } = parseInput(InstallConfigInput, input);
  const server = ctx.store.serverByName(name);
  if (!server) throw new AppError("not_found", `Cannot find MCP server "${name}"`);
  return {
    server: { name: server.name, title: server.title, svcUrl: serverUrl(ctx, server.name) },
    configs: client === undefined ? installConfigs(server) : [installConfig(server, client)],
  };
}
