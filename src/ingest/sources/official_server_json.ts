/**
 * Adapter for full official MCP registry `server.json` records as collected by
 * joelverhagen/mcp-insights: `mcp-servers/official-registry/mcp-insights_servers_2025-12-18.json`.
 *
 * Format: one JSON array (the file starts with a UTF-8 byte-order mark) of
 * `{ server, _meta }` items, where `server` follows the MCP `server.json` schema
 * (https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json): `name`
 * (reverse-DNS), `title`, `description`, `version`, `websiteUrl`, `repository` (`url`, `source`,
 * `subfolder`), `packages[]` and `remotes[]`; and `_meta["io.modelcontextprotocol.registry/official"]`
 * holds `status`, `publishedAt`, `updatedAt` and `isLatest`. The file lists several versions per
 * name: the `isLatest` one (else the most recently updated) is kept, the others are skipped as
 * `older_version`.
 *
 * Packages and remotes are mapped field by field onto {@link ServerPackage} and
 * {@link ServerRemote}, inputs with every server.json field (`format`, `choices`, `placeholder`,
 * `valueHint`, `isRepeated`, `variables`). Server `icons` are kept when valid (HTTPS `src` of at
 * most 255 characters; an unknown MIME type, size or theme is dropped from the icon). Not
 * representable there and dropped: package-transport `headers`. The server's own `_meta` (what
 * the publisher put there, e.g. `io.modelcontextprotocol.registry/publisher-provided`) is kept as
 * `meta`.
 *
 * @module
 */
import {
  cleanDate,
  cleanIcons,
  cleanList,
  cleanRemote,
  cleanText,
  cleanUrl,
  dropUndefined,
  isRecord,
  mapRecords,
  nonEmpty,
  readJsonOrSkip,
} from "../clean.ts";
import type { SourceReport } from "../report.ts";
import { NewestVersions, type VersionCandidate, versionCandidate } from "./_newest.ts";
import type { SourceAdapter, SourceServer } from "../types.ts";
import type {
  ServerInput,
  ServerPackage,
  ServerRemote,
  TransportType,
} from "../../model/server.ts";

/** Path of the file relative to the sources root. */
const PATH = "mcp-servers/official-registry/mcp-insights_servers_2025-12-18.json";

/** `_meta` key of the registry's own metadata. */
const OFFICIAL_META = "io.modelcontextprotocol.registry/official";
/** `_meta` key of metadata the publisher put in server.json. */
const PUBLISHER_META = "io.modelcontextprotocol.registry/publisher-provided";

const TRANSPORTS: readonly string[] = ["stdio", "streamable-http", "sse"];

/** A literal value (default, fixed value) as text, verbatim apart from trimming. */
function _literal(value: unknown): string | undefined {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return text === "" ? undefined : text;
}

/** A boolean flag, or `undefined` when the source does not state it. */
function _flag(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

/** One server.json input with all its fields, or `undefined` without a usable name. */
function _input(
  item: Record<string, unknown>,
  fallbackName: string | undefined,
  report: SourceReport,
): ServerInput | undefined {
  const fixed = _literal(item.value);
  const valueHint = cleanText(item.valueHint, report);
  const name = cleanText(item.name, report) ?? valueHint ?? fallbackName ?? fixed;
  if (name === undefined) return undefined;
  let variables: Record<string, ServerInput> | undefined;
  if (isRecord(item.variables)) {
    for (const [key, raw] of Object.entries(item.variables)) {
      if (!isRecord(raw)) continue;
      const variable = _input(raw, key, report);
      if (variable !== undefined) (variables ??= {})[key] = { ...variable, name: key };
    }
  }
  const choices = Array.isArray(item.choices)
    ? item.choices.map(_literal).filter((c): c is string => c !== undefined)
    : [];
  return dropUndefined<ServerInput>({
    name,
    description: cleanText(item.description, report),
    isRequired: _flag(item.isRequired),
    isSecret: _flag(item.isSecret),
    default: _literal(item.default),
    value: fixed,
    type: cleanText(item.type, report),
    format: cleanText(item.format, report),
    choices: nonEmpty(choices),
    placeholder: cleanText(item.placeholder, report),
    valueHint,
    isRepeated: _flag(item.isRepeated),
    variables,
  });
}

/**
 * Maps server.json inputs (environment variables, arguments, headers). A positional argument
 * without a name is named after its `valueHint`, else its `value`; inputs with none are dropped.
 */
function _inputs(value: unknown, report: SourceReport): ServerInput[] {
  return mapRecords(value, (item) => _input(item, undefined, report));
}

/** Maps `packages[]`; an item without `registryType` or `identifier` is dropped. */
function _packages(value: unknown, report: SourceReport): ServerPackage[] {
  return mapRecords(value, (item) => {
    const registryType = cleanText(item.registryType, report);
    const identifier = cleanText(item.identifier, report);
    if (registryType === undefined || identifier === undefined) return undefined;
    let transport: ServerPackage["transport"];
    if (isRecord(item.transport)) {
      const type = cleanText(item.transport.type, report);
      if (type !== undefined && TRANSPORTS.includes(type)) {
        const url = cleanText(item.transport.url, report);
        transport = url === undefined
          ? { type: type as TransportType }
          : { type: type as TransportType, url };
      }
    }
    const sha = cleanText(item.fileSha256, report);
    return dropUndefined<ServerPackage>({
      registryType,
      identifier,
      version: cleanText(item.version, report),
      registryBaseUrl: cleanText(item.registryBaseUrl, report),
      runtimeHint: cleanText(item.runtimeHint, report),
      transport,
      environmentVariables: nonEmpty(_inputs(item.environmentVariables, report)),
      packageArguments: nonEmpty(_inputs(item.packageArguments, report)),
      runtimeArguments: nonEmpty(_inputs(item.runtimeArguments, report)),
      fileSha256: sha?.toLowerCase(),
    });
  });
}

/** Maps `remotes[]`; only `streamable-http` and `sse` remotes with a URL are kept. */
function _remotes(value: unknown, report: SourceReport): ServerRemote[] {
  return mapRecords(value, (item) => {
    const remote = cleanRemote(item.type, item.url, report);
    if (remote === undefined) return undefined;
    return dropUndefined<ServerRemote>({
      ...remote,
      headers: nonEmpty(_inputs(item.headers, report)),
    });
  });
}

/**
 * server.json `_meta` as the publisher gave it, or `undefined` when empty (a registry block found
 * there, as older schema versions placed it, is not the publisher's and is left out).
 */
function _publisherMeta(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const { [OFFICIAL_META]: _official, ...rest } = value;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** Maps one `{ server, _meta }` item, or the skip reason; `report` is a scratch counter. */
function _toServer(item: unknown, report: SourceReport): VersionCandidate | string {
  if (!isRecord(item) || !isRecord(item.server)) return "not_an_object";
  const s = item.server;
  const officialName = cleanText(s.name, report);
  if (officialName === undefined) return "missing_name";
  const meta = isRecord(item._meta) && isRecord(item._meta[OFFICIAL_META])
    ? item._meta[OFFICIAL_META]
    : {};
  const publisher = isRecord(s._meta) && isRecord(s._meta[PUBLISHER_META])
    ? s._meta[PUBLISHER_META]
    : {};
  const name = cleanText(s.title, report) ??
    cleanText(officialName.slice(officialName.indexOf("/") + 1)) ?? officialName;
  const repo = isRecord(s.repository) ? s.repository : {};
  const packages = _packages(s.packages, report);
  const remotes = _remotes(s.remotes, report);
  const transports = [
    ...new Set([
      ...packages.flatMap((p) => p.transport ? [p.transport.type] : []),
      ...remotes.map((r) => r.type),
    ]),
  ];
  const server = dropUndefined<SourceServer>({
    source: "official-server-json",
    sourceId: officialName,
    name,
    officialName,
    description: cleanText(s.description, report),
    repositoryUrl: cleanText(repo.url, report),
    subfolder: cleanText(repo.subfolder, report),
    homepage: cleanUrl(s.websiteUrl, report),
    icons: nonEmpty(cleanIcons(s.icons, report)),
    packages: nonEmpty(packages),
    remotes: nonEmpty(remotes),
    categories: nonEmpty(cleanList(publisher.categories, report)),
    tags: nonEmpty(cleanList(publisher.keywords, report)),
    version: cleanText(s.version, report),
    status: cleanText(meta.status, report),
    publishedAt: cleanDate(meta.publishedAt),
    updatedAt: cleanDate(meta.updatedAt),
    hosting: remotes.length > 0 && packages.length === 0
      ? "remote"
      : packages.length > 0 && remotes.length === 0
      ? "local"
      : undefined,
    transports: nonEmpty(transports),
    meta: _publisherMeta(s._meta),
  });
  return versionCandidate(server, meta.isLatest === true, report);
}

/**
 * Full official `server.json` records (joelverhagen/mcp-insights, 2025-12-18): 2,794 version
 * records of 1,108 servers, one record kept per name. `read` throws `Deno.errors.NotFound` when
 * the file is missing; a file that is not a JSON array yields no records and one `invalid_json`
 * skip.
 */
export const adapters: SourceAdapter<SourceServer>[] = [
  {
    info: {
      id: "official-server-json",
      name: "Official MCP Registry server.json records (mcp-insights)",
      kind: "mcp-servers",
      publisher: "joelverhagen/mcp-insights @ 5d6e951b (2025-12-18)",
      license: "none stated",
      path: PATH,
      role: "catalog",
      priority: { default: 0 },
      family: "official-registry",
      verifiesPackages: true,
    },
    async read(root: string, report: SourceReport): Promise<SourceServer[]> {
      const data = await readJsonOrSkip(`${root}/${PATH}`, report);
      if (data === undefined) return [];
      if (!Array.isArray(data)) {
        report.read();
        report.skip("invalid_json");
        return [];
      }
      const newest = new NewestVersions(report);
      for (const item of data) {
        report.read();
        newest.offer(_toServer(item, newest.scratch()));
      }
      return newest.finish();
    },
  },
];
