/**
 * Registry of every source adapter, by catalog. Adding a source means adding its file here.
 *
 * @module
 */
import type { SourceAdapter, SourcePrice, SourceServer, SourceTool } from "../types.ts";
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
