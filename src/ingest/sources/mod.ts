/**
 * The source registry: every source adapter, by catalog, and what the merge steps and the trust
 * score read from each one's {@link SourceInfo} (priority per field, catalog family, role,
 * licence). Adding a source is adding its adapter file and its line in one of the lists below.
 *
 * Priorities, best first (a lower number wins; a source missing from the registry comes after
 * every known one):
 * - **MCP servers** (every field): the official `server.json` records (most complete and
 *   authoritative), then the official registry export, then curated registries with install
 *   data (Docker, toolsdk, best-of, TensorBlock, ever-works, Smithery), then the
 *   modelcontextprotocol.io lists, then scraped directories, MCP-Flow last. Tool inventories
 *   (`tools`) come only from Docker, toolsdk and MCP-Flow, in that order.
 * - **AI tools**: `name` and `priceText` from the structured scrapes (aitoolhouse, AutoVenture,
 *   topai.tools) before the lists; `url` from AutoVenture (hand-checked official URLs), then
 *   aitoolhouse, then the awesome lists (ai-collection has only a handful of direct links);
 *   `description` from AutoVenture's and aitoolhouse's one-liners, then the awesome lists'
 *   one-liners, ai-collection's paragraphs, topai.tools' first paragraph; `pricing` from the
 *   sources whose field names the model explicitly (aitoolhouse, topai.tools), then the coarse
 *   ones (AutoVenture says `Free` for nearly every tool; the awesome lists only mark open
 *   source); `category` from AutoVenture's 25 broad labels, then ai-collection's display labels,
 *   aitoolhouse's tags, topai.tools, the awesome-list headings.
 * - **LLM prices**: genai-prices (maintainers check each model against the pricing page and
 *   record the date), simonw/llm-prices (hand-kept with price history), models.dev, LiteLLM;
 *   OpenRouter, a reseller, is `cross-check` only.
 *
 * @module
 */
import { familyOf, type SourceInfo, type SourceRef, type SourceRole } from "../../model/source.ts";
import type { SourcePrice } from "../../model/price.ts";
import type { SourceAdapter, SourceServer, SourceTool } from "../types.ts";
import { adapters as bestOf } from "./best_of.ts";
import { adapters as docker } from "./docker_registry.ts";
import { adapters as everWorks } from "./ever_works.ts";
import { adapters as glama } from "./glama_derived.ts";
import { adapters as mcpCollection } from "./mcp_collection.ts";
import { adapters as mcpFlow } from "./mcp_flow.ts";
import { adapters as mcpCorpus } from "./mcpcorpus.ts";
import { adapters as officialJsonl } from "./official_jsonl.ts";
import { adapters as officialServerJson } from "./official_server_json.ts";
import { adapters as smithery } from "./smithery.ts";
import { adapters as tensorblock } from "./tensorblock.ts";
import { adapters as toolsdk } from "./toolsdk.ts";
import { adapters as aiCollection } from "./ai_collection.ts";
import { adapters as aitoolhouse } from "./aitoolhouse.ts";
import { adapters as autoventure } from "./autoventure.ts";
import { adapters as awesomeLists } from "./awesome_lists.ts";
import { adapters as topaiTools } from "./topai_tools.ts";
import { adapters as genaiPrices } from "./genai_prices.ts";
import { adapters as litellm } from "./litellm.ts";
import { adapters as modelsDev } from "./models_dev.ts";
import { adapters as openrouter } from "./openrouter.ts";
import { adapters as simonw } from "./simonw_llm_prices.ts";

/** MCP server adapters (shared/data/mcp-servers/SOURCES.md), in source-priority order. */
export const SERVER_ADAPTERS: SourceAdapter<SourceServer>[] = [
  ...officialServerJson,
  ...officialJsonl,
  ...docker,
  ...toolsdk,
  ...bestOf,
  ...tensorblock,
  ...everWorks,
  ...smithery,
  ...glama,
  ...mcpCorpus,
  ...mcpCollection,
  ...mcpFlow,
];

/** AI tool adapters (shared/data/ai-tools/SOURCES.md). */
export const TOOL_ADAPTERS: SourceAdapter<SourceTool>[] = [
  ...aitoolhouse,
  ...autoventure,
  ...topaiTools,
  ...aiCollection,
  ...awesomeLists,
];

/** LLM price adapters (shared/data/llm-prices/SOURCES.md). */
export const PRICE_ADAPTERS: SourceAdapter<SourcePrice>[] = [
  ...genaiPrices,
  ...simonw,
  ...modelsDev,
  ...litellm,
  ...openrouter,
];

/** Every source's info by id. */
export const SOURCE_INFOS: ReadonlyMap<string, SourceInfo> = new Map(
  [...SERVER_ADAPTERS, ...TOOL_ADAPTERS, ...PRICE_ADAPTERS].map((a) => [a.info.id, a.info]),
);

/** Rank of a source missing from the registry: after every known source. */
export const UNKNOWN_SOURCE_RANK = 1_000_000;

/**
 * Rank of a source when a field's value is chosen: its priority for that field, else its
 * default priority; {@link UNKNOWN_SOURCE_RANK} for a source missing from the registry.
 *
 * @param source a source id, e.g. `"toolsdk"`
 * @param field the field, e.g. `"url"` (default: the source's default priority)
 * @returns the rank, lower first
 * @example
 * ```ts
 * sourceRank("official-server-json"); // 0
 * ```
 */
export function sourceRank(source: string, field = "default"): number {
  const info = SOURCE_INFOS.get(source);
  return info === undefined ? UNKNOWN_SOURCE_RANK : info.priority[field] ?? info.priority.default;
}

/**
 * The sources that declare a priority of their own for a field, best first: for a server's tool
 * inventory (`tools`), the only sources used.
 *
 * @param field the field, e.g. `"tools"`
 * @returns source ids, best first
 * @example
 * ```ts
 * sourcesFor("tools"); // ["docker", "toolsdk", "mcp-flow"]
 * ```
 */
export function sourcesFor(field: string): string[] {
  return [...SOURCE_INFOS.values()]
    .filter((info) => info.priority[field] !== undefined)
    .sort((a, b) => a.priority[field]! - b.priority[field]! || (a.id < b.id ? -1 : 1))
    .map((info) => info.id);
}

/**
 * Role of a source ({@link SourceRole}); a source missing from the registry is a `catalog`
 * source.
 *
 * @param source a source id
 * @returns the role
 */
export function sourceRole(source: string): SourceRole {
  return SOURCE_INFOS.get(source)?.role ?? "catalog";
}

/**
 * Independent catalog family of one source record (see `familyOf` of `src/model/source.ts`).
 *
 * @param ref the record's source reference
 * @returns the family id, e.g. `"official-registry"`, `"mcphub"`
 */
export function recordFamily(ref: SourceRef): string {
  return familyOf(ref, SOURCE_INFOS.get(ref.source));
}
