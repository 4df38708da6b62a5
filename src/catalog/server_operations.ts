/**
 * The MCP server rows of the operation table (`operations.ts`): search, details, install config,
 * compare and filter values, in the order the OpenAPI document and MCP clients list them.
 *
 * @module
 */
import { defineOperation, type Operation, renderLine, userReviewsLine } from "./operation_row.ts";
import { getInstallConfig, InstallConfigInput, InstallConfigOutput } from "./install.ts";
import {
  CompareServersInput,
  FiltersInput,
  FiltersOutput,
  SearchServersInput,
  SearchServersOutput,
  ServerDetailsInput,
} from "./server_schemas.ts";
import { compareServers, getServer, searchServers, serverFilters } from "./servers.ts";
import {
  comparedReviews,
  CompareServersWithReviews,
  ServerDetailsWithReviews,
  withUserReviews,
} from "./user_reviews.ts";

const SERVER_NAME_NOTE =
  "The server name keeps its `/` (each segment percent-encoded), e.g. `/servers/io.github.github/github-mcp-server`.";

/** The MCP server operations, in table order. */
export const SERVER_OPERATIONS: readonly Operation[] = [
  defineOperation({
    id: "searchServers",
    mcpTool: {
      name: "svc_search",
      title: "Find MCP servers",
      description:
        "Find MCP servers for a need described in words (e.g. 'let my agent query Postgres'), with " +
        "optional filters: category, hosting (local|remote), install (verified|checked: only " +
        "servers whose recommended config a probe ran or evidence backs), transport (stdio, " +
        "streamable-http, sse), registryType (npm, pypi, oci, nuget, mcpb). Returns names to pass to " +
        "svc_server_details and svc_get_install_config; page with nextCursor.",
    },
    method: "get",
    path: "/servers",
    input: SearchServersInput,
    output: SearchServersOutput,
    run: searchServers,
    render: (o) =>
      [
        o.summary,
        ...o.results.map((s, i) =>
          `${i + 1}. ${s.title} (${s.name}) · ${s.hosting}${s.official ? " · official" : ""}${
            s.trustGrade ? ` · trust ${s.trustGrade} (${s.trustScore})` : ""
          }${s.stars ? ` · ${s.stars} stars` : ""}${
            s.rating ? ` · users ${s.rating.mean}/5 (${s.rating.count})` : ""
          } · ${s.description}`
        ),
        o.nextCursor ? `More: cursor=${o.nextCursor}` : "",
      ].filter(Boolean).join("\n"),
    entitlement: "semanticSearch",
    doc: {
      tag: "MCP servers",
      summary: "Find MCP servers by natural-language description and filters",
      errors: [400, 404, 429],
    },
  }),
  defineOperation({
    id: "getServer",
    mcpTool: {
      name: "svc_server_details",
      title: "MCP server details",
      description:
        "Full details of one MCP server by name (e.g. io.github.owner/repo): description, " +
        "repository, packages and remotes, tool inventory when known, users' reviews (rating, " +
        "worked for N of M, newest), sources and provenance.",
    },
    method: "get",
    path: "/servers/{name}",
    slashParams: ["name"],
    input: ServerDetailsInput,
    output: ServerDetailsWithReviews,
    run: (ctx, input) => withUserReviews(ctx, "server", getServer(ctx, input)),
    render: (s) =>
      [
        `${s.title} (${s.name}): ${s.description}`,
        renderLine([
          `hosting ${s.hosting}`,
          s.license && `licence ${s.license}`,
          s.stars !== null && `${s.stars} stars`,
          `${s.sourceCount} catalogs`,
        ]),
        `Repository: ${s.repositoryUrl ?? "unknown"}`,
        s.trust
          ? `Trust ${s.trust.grade} (${s.trust.score}/100): ${
            s.trust.components.filter((c) => c.points !== 0).map((c) =>
              `${c.label} ${c.points > 0 ? "+" : ""}${c.points}`
            )
              .join(", ")
          }${
            s.trust.findings.length
              ? `. Safety findings: ${
                s.trust.findings.map((f) => `${f.rule} in ${f.where}`).join("; ")
              }`
              : ""
          }`
          : "Trust: not scored",
        `Tools (${s.inventoryStatus}${s.inventorySource ? `, from ${s.inventorySource}` : ""}): ${
          s.tools.map((t) => t.name).join(", ") || "none known"
        }`,
        s.verified ? `Launch probe: ${s.verified.text}` : "",
        userReviewsLine(s.userReviews),
        `Page: ${s.svcUrl}`,
      ].filter(Boolean).join("\n"),
    entitlement: null,
    doc: {
      tag: "MCP servers",
      summary: "Full details of one MCP server, with its trust score and tool inventory",
      description:
        `Users' reviews are in \`userReviews\` (aggregate with "worked for N of M", newest reviews). ${SERVER_NAME_NOTE}`,
      errors: [400, 404, 429],
    },
  }),
  defineOperation({
    id: "getInstallConfig",
    mcpTool: {
      name: "svc_get_install_config",
      title: "Install config for an MCP server",
      description:
        "Ready-to-paste configuration to install an MCP server in a client: cursor, claude-desktop " +
        "(alias claude), claude-code, vscode, zed, windsurf, codex or gemini-cli (omit client for " +
        "all). Gives the config text, the file it goes in, a CLI one-liner where the client has " +
        "one, the chosen method with its reason, the values to fill in (requiredInputs; secrets " +
        "are placeholders, never real values), alternatives, and whether a launch probe verified it.",
    },
    method: "get",
    path: "/servers/{name}/install-config",
    slashParams: ["name"],
    input: InstallConfigInput,
    output: InstallConfigOutput,
    run: getInstallConfig,
    render: (o) =>
      o.configs.map((c) =>
        c.available
          ? [
            `## ${c.clientName}: ${c.filePaths.map((p) => p.path).join(" or ")}`,
            c.method ? `Method: ${c.method.reason}` : "",
            c.verified ? `${c.verified.text[0]!.toUpperCase()}${c.verified.text.slice(1)}` : "",
            c.config ?? "",
            c.cliCommand ? `CLI: ${c.cliCommand}` : "",
            c.requiredInputs.length > 0
              ? `Fill in: ${
                c.requiredInputs.map((i) => `${i.placeholder} (${i.description ?? i.name})`)
                  .join("; ")
              }`
              : "",
            ...c.notes.map((n) => `Note: ${n}`),
            c.alternatives.length > 0
              ? `Alternatives: ${c.alternatives.map((a) => a.method.reason).join(" | ")}`
              : "",
          ].filter(Boolean).join("\n")
          : `## ${c.clientName}: ${c.reason}`
      ).join("\n\n"),
    entitlement: null,
    doc: {
      tag: "MCP servers",
      summary: "Ready-to-paste client configuration of one MCP server",
      description:
        `For Cursor, Claude Desktop, Claude Code, VS Code, Zed, Windsurf, Codex and Gemini CLI: the text, the file it goes in, a CLI one-liner where the client has one, and the values to provide. ${SERVER_NAME_NOTE}`,
      errors: [400, 404, 429],
    },
  }),
  defineOperation({
    id: "compareServers",
    mcpTool: {
      name: "svc_compare",
      title: "Compare MCP servers",
      description:
        "Compare 2 to 5 MCP servers (by name) side by side: hosting, transports, install methods, " +
        "licence, stars, tool count, freshness, users' reviews (rating, worked for N of M).",
    },
    method: "get",
    path: "/servers/compare",
    input: CompareServersInput,
    output: CompareServersWithReviews,
    run: async (ctx, input) => {
      const out = compareServers(ctx, input);
      return {
        ...out,
        userReviews: await comparedReviews(ctx, "server", "name", out.servers.map((s) => s.name)),
      };
    },
    render: (o) =>
      o.servers.map((s) =>
        renderLine([
          `${s.title} (${s.name})`,
          s.hosting,
          `install: ${s.installMethods.join(", ") || "unknown"}`,
          s.license && `licence ${s.license}`,
          s.stars !== null && `${s.stars} stars`,
          s.toolCount !== null && `${s.toolCount} tools`,
          s.updatedAt && `updated ${s.updatedAt.slice(0, 10)}`,
          userReviewsLine(o.userReviews?.find((r) => r.name === s.name) ?? null),
        ])
      ).join("\n"),
    entitlement: null,
    doc: {
      tag: "MCP servers",
      summary: "Compare 2 to 5 MCP servers side by side",
      description:
        "Hosting, transports, install methods, licence, stars, tool count, freshness, and `userReviews`: toolatlas users' aggregate (with worked for N of M) and newest reviews per server.",
      errors: [400, 404, 429],
    },
  }),
  defineOperation({
    id: "serverFilters",
    mcpTool: {
      name: "svc_list_filters",
      title: "MCP server filters",
      description:
        "List the values svc_search accepts as filters, with counts: categories, hosting, " +
        "transports and registry types.",
    },
    method: "get",
    path: "/servers/filters",
    input: FiltersInput,
    output: FiltersOutput,
    run: serverFilters,
    render: (o) =>
      [
        `Hosting: ${o.hosting.map((f) => `${f.value} (${f.count})`).join(", ")}`,
        `Transports: ${o.transports.map((f) => `${f.value} (${f.count})`).join(", ")}`,
        `Registry types: ${o.registryTypes.map((f) => `${f.value} (${f.count})`).join(", ")}`,
        `Categories: ${o.categories.slice(0, 40).map((f) => `${f.label} (${f.count})`).join(", ")}`,
      ].join("\n"),
    entitlement: null,
    doc: {
      tag: "MCP servers",
      summary: "Filter values for server search, with counts",
      errors: [429],
    },
  }),
];
