/**
 * First-party LLM providers: the model makers whose own API list prices the catalog serves, and
 * for each price source the mapping from that source's provider ids to these canonical ids.
 *
 * Product rule: first-party providers only, i.e. the model maker's own API.
 * No resellers (OpenRouter, Together, Fireworks, Groq ...), no aggregators or gateways, no clouds
 * reselling other makers' models (Azure OpenAI, Vertex AI Claude, Bedrock Claude ...).
 *
 * Rules, applied by {@link checkFirstParty}:
 *
 * 1. The record's provider id in its source must map to a canonical provider here
 *    ({@link SOURCE_PROVIDER_IDS}); ids of a maker's route that is not its USD pay-as-you-go list
 *    price (China-region price lists converted from CNY, coding or token plans, the ChatGPT
 *    subscription) are skipped as `not_list_price`, embedding-only makers as `not_llm`
 *    ({@link EXCLUDED_PROVIDER_IDS}); every other id is skipped as `not_first_party`.
 * 2. Resold models: a first-party provider that also hosts other makers' models (genai-prices'
 *    Google entry listing Claude on Vertex, Perplexity's LiteLLM entries listing Llama and GPT,
 *    Amazon Bedrock listing everyone) keeps a model only when it is identifiably the provider's own. A model id that
 *    matches the provider's own families ({@link FirstPartyProvider.families}) is kept; one that
 *    matches another maker's families ({@link MAKER_FAMILIES}) is skipped as `not_first_party`;
 *    one matching no known family is kept, except for providers marked `strictFamilies` (Amazon:
 *    Bedrock is a multi-vendor cloud, so only Nova and Titan count as Amazon's own).
 * 3. Regional or government-cloud variants of a model (`us.amazon.nova-pro-v1:0`,
 *    `bedrock/us-gov-east-1/...`, `regional.amazon...`) are not the list price:
 *    {@link isRegionalVariant} lets adapters skip them as `regional_variant`.
 *
 * @module
 */

/** One first-party provider (a model maker selling its own models through its own API). */
export interface FirstPartyProvider {
  /** Canonical id used in `SourcePrice.provider` and catalog ids, e.g. `"openai"`. */
  id: string;
  /** Display name, e.g. `"Google (Gemini API)"`. */
  name: string;
  /** The maker's own API pricing page. */
  pricingUrl: string;
  /** Model-id families that are the maker's own (tested on the lowercase model id). */
  families: RegExp;
  /** When true, a model must match {@link families} to count as the maker's own. */
  strictFamilies?: boolean;
}

/**
 * The first-party providers, in display order. Pricing pages are the makers' own, as the sources
 * cite them (genai-prices `pricing_urls`, models.dev `doc`).
 */
export const FIRST_PARTY_PROVIDERS: readonly FirstPartyProvider[] = [
  {
    id: "openai",
    name: "OpenAI",
    pricingUrl: "https://openai.com/api/pricing/",
    families:
      /(^|[^a-z0-9])(gpt|chatgpt|o[1-9]|dall-e|whisper|tts-1|davinci|babbage|curie|ada|text-embedding|text-moderation|omni-moderation|moderation|codex|computer-use|sora)([^a-z]|$)/,
  },
  {
    id: "anthropic",
    name: "Anthropic",
    pricingUrl: "https://www.anthropic.com/pricing#api",
    families: /claude/,
  },
  {
    id: "google",
    name: "Google (Gemini API)",
    pricingUrl: "https://ai.google.dev/gemini-api/docs/pricing",
    families: /gemini|gemma|learnlm|palm|bison|gecko|imagen|veo-|lyria|deep-research/,
  },
  { id: "xai", name: "xAI", pricingUrl: "https://docs.x.ai/docs/models", families: /grok/ },
  {
    id: "mistral",
    name: "Mistral AI",
    pricingUrl: "https://mistral.ai/pricing#api-pricing",
    families: /mistral|mixtral|codestral|pixtral|ministral|magistral|devstral|voxtral|saba/,
  },
  {
    id: "deepseek",
    name: "DeepSeek",
    pricingUrl: "https://api-docs.deepseek.com/quick_start/pricing",
    families: /deepseek/,
  },
  {
    id: "cohere",
    name: "Cohere",
    pricingUrl: "https://cohere.com/pricing",
    families:
      /command|c4ai|(^|[^a-z])aya|embed-(english|multilingual|v\d)|rerank-(english|multilingual|v\d)/,
  },
  {
    id: "meta",
    name: "Meta (Llama API)",
    pricingUrl: "https://llama.developer.meta.com/docs/models",
    families: /llama|muse-spark/,
  },
  {
    id: "amazon",
    name: "Amazon (Nova)",
    pricingUrl: "https://aws.amazon.com/bedrock/pricing/",
    families: /(^|[^a-z])(nova|titan)-/,
    strictFamilies: true,
  },
  {
    id: "moonshot",
    name: "Moonshot AI (Kimi)",
    pricingUrl: "https://platform.moonshot.ai/docs/pricing/chat",
    families: /kimi|moonshot/,
  },
  {
    id: "minimax",
    name: "MiniMax",
    pricingUrl: "https://platform.minimax.io/docs/guides/pricing-paygo",
    families: /minimax|abab|^m\d/,
  },
  {
    id: "alibaba",
    name: "Alibaba Cloud (Qwen, Model Studio)",
    pricingUrl: "https://www.alibabacloud.com/help/en/model-studio/models",
    families: /qwen|qwq|qvq/,
  },
  {
    id: "zai",
    name: "Z.ai (Zhipu GLM)",
    pricingUrl: "https://docs.z.ai/guides/overview/pricing",
    families: /glm|cogview|cogvideo/,
  },
  {
    id: "perplexity",
    name: "Perplexity (Sonar)",
    pricingUrl: "https://docs.perplexity.ai/getting-started/pricing",
    families: /sonar|pplx|r1-1776/,
  },
  {
    id: "ai21",
    name: "AI21 Labs",
    pricingUrl: "https://www.ai21.com/pricing/",
    families: /jamba|j2-|jurassic/,
  },
  {
    id: "inception",
    name: "Inception (Mercury)",
    pricingUrl: "https://platform.inceptionlabs.ai/docs",
    families: /mercury/,
  },
  {
    id: "xiaomi",
    name: "Xiaomi (MiMo)",
    pricingUrl: "https://platform.xiaomimimo.com/#/docs",
    families: /mimo/,
  },
  {
    id: "upstage",
    name: "Upstage (Solar)",
    pricingUrl: "https://www.upstage.ai/pricing",
    families: /solar/,
  },
  {
    id: "sarvam",
    name: "Sarvam AI",
    pricingUrl: "https://docs.sarvam.ai/api-reference-docs/getting-started/models",
    families: /sarvam/,
  },
  {
    id: "sakana",
    name: "Sakana AI",
    pricingUrl: "https://console.sakana.ai/models",
    families: /fugu/,
  },
  {
    id: "poolside",
    name: "Poolside",
    pricingUrl: "https://platform.poolside.ai",
    families: /laguna|malibu/,
  },
];

/** {@link FIRST_PARTY_PROVIDERS} by canonical id. */
export const FIRST_PARTY: ReadonlyMap<string, FirstPartyProvider> = new Map(
  FIRST_PARTY_PROVIDERS.map((p) => [p.id, p]),
);

/**
 * Model families of makers that are not first-party providers here, used only to recognise a model
 * a first-party provider resells (e.g. Phi or Nemotron on Bedrock). The first-party makers'
 * families come from {@link FIRST_PARTY_PROVIDERS}.
 */
export const MAKER_FAMILIES: readonly { maker: string; pattern: RegExp }[] = [
  { maker: "microsoft", pattern: /(^|[^a-z])phi-?\d|wizardlm/ },
  { maker: "nvidia", pattern: /nemotron/ },
  { maker: "ibm", pattern: /granite/ },
  { maker: "bytedance", pattern: /doubao|seed-oss|ui-tars/ },
  { maker: "tencent", pattern: /hunyuan/ },
  { maker: "baidu", pattern: /ernie/ },
  { maker: "stepfun", pattern: /(^|[^a-z])step-\d/ },
  { maker: "nous", pattern: /hermes/ },
  { maker: "writer", pattern: /palmyra/ },
  { maker: "twelvelabs", pattern: /marengo|pegasus/ },
  { maker: "stability", pattern: /stable-diffusion|sd3|stable-image/ },
];

/** Ids of the price sources this module knows, as in their `SourceInfo.id`. */
export type PriceSourceId =
  | "genai-prices"
  | "litellm"
  | "models-dev"
  | "openrouter"
  | "simonw-llm-prices";

/**
 * Per source: the source's provider id → canonical first-party id. Only the maker's own API is
 * listed (e.g. LiteLLM `gemini` is the Gemini API, `vertex_ai*` is Google Cloud and is absent;
 * `bedrock*` maps to Amazon, whose strict families keep only Nova and Titan).
 *
 * Provider ids per source: genai-prices `providers/*.yml` `id`; LiteLLM `litellm_provider`;
 * models.dev folder name under `providers/`; OpenRouter the vendor part of `vendor/model` (a
 * leading `~`, OpenRouter's "latest" alias, is removed first); simonw/llm-prices the file's
 * `vendor`.
 */
export const SOURCE_PROVIDER_IDS: Readonly<
  Record<PriceSourceId, Readonly<Record<string, string>>>
> = {
  "genai-prices": {
    anthropic: "anthropic",
    aws: "amazon",
    cohere: "cohere",
    deepseek: "deepseek",
    google: "google",
    minimax: "minimax",
    mistral: "mistral",
    moonshotai: "moonshot",
    openai: "openai",
    perplexity: "perplexity",
    "x-ai": "xai",
    zai: "zai",
  },
  litellm: {
    openai: "openai",
    "text-completion-openai": "openai",
    anthropic: "anthropic",
    gemini: "google",
    palm: "google",
    xai: "xai",
    mistral: "mistral",
    codestral: "mistral",
    "text-completion-codestral": "mistral",
    deepseek: "deepseek",
    cohere: "cohere",
    cohere_chat: "cohere",
    meta_llama: "meta",
    meta: "meta",
    amazon_nova: "amazon",
    bedrock: "amazon",
    bedrock_converse: "amazon",
    moonshot: "moonshot",
    minimax: "minimax",
    dashscope: "alibaba",
    zai: "zai",
    perplexity: "perplexity",
    ai21: "ai21",
    inception: "inception",
    sarvam: "sarvam",
  },
  "models-dev": {
    openai: "openai",
    anthropic: "anthropic",
    google: "google",
    xai: "xai",
    mistral: "mistral",
    deepseek: "deepseek",
    cohere: "cohere",
    llama: "meta",
    nova: "amazon",
    "amazon-bedrock": "amazon",
    moonshotai: "moonshot",
    minimax: "minimax",
    alibaba: "alibaba",
    zai: "zai",
    perplexity: "perplexity",
    inception: "inception",
    xiaomi: "xiaomi",
    upstage: "upstage",
    sarvam: "sarvam",
    sakana: "sakana",
    poolside: "poolside",
  },
  openrouter: {
    openai: "openai",
    anthropic: "anthropic",
    google: "google",
    "x-ai": "xai",
    mistralai: "mistral",
    deepseek: "deepseek",
    cohere: "cohere",
    "meta-llama": "meta",
    amazon: "amazon",
    moonshotai: "moonshot",
    minimax: "minimax",
    qwen: "alibaba",
    alibaba: "alibaba",
    "z-ai": "zai",
    perplexity: "perplexity",
    ai21: "ai21",
    inception: "inception",
    xiaomi: "xiaomi",
    upstage: "upstage",
    poolside: "poolside",
  },
  "simonw-llm-prices": {
    openai: "openai",
    anthropic: "anthropic",
    google: "google",
    xai: "xai",
    mistral: "mistral",
    deepseek: "deepseek",
    "meta-ai": "meta",
    amazon: "amazon",
    "moonshot-ai": "moonshot",
    minimax: "minimax",
    qwen: "alibaba",
  },
};

/** Why a provider id that belongs to a maker is still not used. */
export type ExclusionReason = "not_list_price" | "not_llm";

/**
 * Per source: provider ids that are a maker's own but are not its USD pay-as-you-go list price
 * (`not_list_price`), or a maker of embedding/rerank models only (`not_llm`).
 */
export const EXCLUDED_PROVIDER_IDS: Readonly<
  Record<PriceSourceId, Readonly<Record<string, ExclusionReason>>>
> = {
  "genai-prices": {
    // open.bigmodel.cn bills in CNY; genai-prices converts at 1 USD = 7.25 CNY (its comment).
    zhipuai: "not_list_price",
    voyageai: "not_llm",
  },
  litellm: {
    // ChatGPT subscription login (Codex via ChatGPT), not API list prices.
    chatgpt: "not_list_price",
    voyage: "not_llm",
  },
  "models-dev": {
    "alibaba-cn": "not_list_price",
    "alibaba-coding-plan": "not_list_price",
    "alibaba-coding-plan-cn": "not_list_price",
    "alibaba-token-plan": "not_list_price",
    "alibaba-token-plan-cn": "not_list_price",
    "minimax-cn": "not_list_price",
    "minimax-cn-coding-plan": "not_list_price",
    "minimax-coding-plan": "not_list_price",
    "moonshotai-cn": "not_list_price",
    "kimi-for-coding": "not_list_price",
    "zai-coding-plan": "not_list_price",
    zhipuai: "not_list_price",
    "zhipuai-coding-plan": "not_list_price",
    stepfun: "not_list_price",
    "stepfun-ai": "not_list_price",
    "xiaomi-token-plan-ams": "not_list_price",
    "xiaomi-token-plan-cn": "not_list_price",
    "xiaomi-token-plan-sgp": "not_list_price",
    "tencent-coding-plan": "not_list_price",
    // Perplexity's Agent API: a gateway to OpenAI, Anthropic, Google and xAI models; its one own
    // model (sonar) is billed differently from the Sonar API list price.
    "perplexity-agent": "not_list_price",
  },
  openrouter: {},
  "simonw-llm-prices": {},
};

/**
 * The maker whose model family a model id belongs to, or `undefined` when no known family matches.
 * First-party makers are tried in {@link FIRST_PARTY_PROVIDERS} order, then {@link MAKER_FAMILIES}.
 *
 * @param model model id as a source writes it (any case, possibly with a `vendor/` prefix)
 * @returns a canonical first-party id (e.g. `"anthropic"`) or another maker's name
 */
export function makerOfModel(model: string): string | undefined {
  const id = model.toLowerCase();
  for (const { maker, pattern } of MAKER_FAMILIES) if (pattern.test(id)) return maker;
  for (const p of FIRST_PARTY_PROVIDERS) if (p.families.test(id)) return p.id;
  return undefined;
}

/**
 * True when `model` is the provider's own model, by the family rule of this module: it matches the
 * provider's own families, or it matches no other maker's family and the provider is not
 * `strictFamilies`.
 *
 * @param provider canonical first-party id
 * @param model model id as the source writes it
 * @returns false for a model the provider resells (Claude on Google Vertex, Llama on
 *   Perplexity, Llama or Claude on Bedrock) and for unknown providers
 */
export function ownsModel(provider: string, model: string): boolean {
  const p = FIRST_PARTY.get(provider);
  if (p === undefined) return false;
  const id = model.toLowerCase();
  if (p.families.test(id)) return true;
  if (p.strictFamilies) return false;
  return makerOfModel(id) === undefined;
}

/**
 * True for a regional, government-cloud or cross-region-profile variant of a model id, whose price
 * is the list price plus an uplift (`us.amazon.nova-pro-v1:0`, `apac.…`, `regional.…`,
 * `bedrock/us-gov-east-1/…`). `global.` profiles are not variants (they carry the list price).
 *
 * @param model model id as the source writes it
 */
export function isRegionalVariant(model: string): boolean {
  const id = model.toLowerCase();
  return /(^|\/)(us|eu|apac|ap|jp|au|ca|us-gov|regional)\./.test(id) ||
    /(^|\/)(us|eu|ap|ca|sa|me|af|il|mx)(-gov)?-[a-z]+-\d\//.test(id);
}

/** Result of {@link checkFirstParty}. */
export type FirstPartyCheck =
  | { ok: true; provider: string }
  | { ok: false; reason: "not_first_party" | ExclusionReason };

/**
 * Decides whether a source record is a first-party list price (rules in the module doc) and gives
 * its canonical provider id.
 *
 * @param source price source id
 * @param sourceProvider the provider id as the source writes it (e.g. LiteLLM `"gemini"`)
 * @param model the model id as the source writes it
 * @returns `{ ok: true, provider }`, or `{ ok: false, reason }` with the skip reason to count
 * @example
 * ```ts
 * checkFirstParty("litellm", "gemini", "gemini/gemini-2.5-pro") // { ok: true, provider: "google" }
 * checkFirstParty("litellm", "vertex_ai-language-models", "gemini-2.5-pro") // not_first_party
 * checkFirstParty("genai-prices", "google", "claude-opus-4-6") // not_first_party (resold)
 * ```
 */
export function checkFirstParty(
  source: PriceSourceId,
  sourceProvider: string,
  model: string,
): FirstPartyCheck {
  const excluded = EXCLUDED_PROVIDER_IDS[source][sourceProvider];
  if (excluded !== undefined) return { ok: false, reason: excluded };
  const provider = SOURCE_PROVIDER_IDS[source][sourceProvider];
  if (provider === undefined) return { ok: false, reason: "not_first_party" };
  if (!ownsModel(provider, model)) return { ok: false, reason: "not_first_party" };
  return { ok: true, provider };
}

/**
 * Display name of a canonical provider.
 *
 * @param provider canonical id
 * @returns e.g. `"OpenAI"`; the id itself for an unknown provider
 */
export function providerName(provider: string): string {
  return FIRST_PARTY.get(provider)?.name ?? provider;
}
