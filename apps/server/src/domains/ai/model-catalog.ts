import type { Env } from '../../env';
import { type ProviderName, parseModelId } from '../../lib/model-id';
import { type Price, priceOf } from '../billing';

export type CatalogEnv = Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODELS' | 'ANTHROPIC_API_KEY' | 'DEFAULT_MODEL'>;

export interface CatalogModel {
  /** `provider:model`, the id assistants store and `languageModelFor` takes. */
  id: string;
  provider: ProviderName;
  /** The provider's own model id. */
  model: string;
  name: string;
  price: Price;
}

export interface ModelCatalog {
  models: CatalogModel[];
  defaultModelId: string;
}

export const LOCAL_MODEL_ID = 'local:extractive';

const displayNames: Record<string, string> = {
  'gpt-4.1': 'GPT-4.1',
  'gpt-4.1-mini': 'GPT-4.1 mini',
  'gpt-4.1-nano': 'GPT-4.1 nano',
  'gpt-4o': 'GPT-4o',
  'gpt-4o-mini': 'GPT-4o mini',
  'o4-mini': 'o4-mini',
  'claude-sonnet-4-5': 'Claude Sonnet 4.5',
  'claude-haiku-4-5': 'Claude Haiku 4.5',
  'claude-opus-4-1': 'Claude Opus 4.1',
  extractive: 'Built-in (answers from your stores, no AI provider)',
};

/** Each provider's listed models, cheap and capable first: the first is the provider's default. */
const OPENAI_MODELS = ['gpt-4.1-mini', 'gpt-4.1', 'gpt-4.1-nano', 'gpt-4o', 'gpt-4o-mini', 'o4-mini'];
const ANTHROPIC_MODELS = ['claude-haiku-4-5', 'claude-sonnet-4-5', 'claude-opus-4-1'];

const entry = (provider: ProviderName, model: string): CatalogModel => ({
  id: `${provider}:${model}`,
  provider,
  model,
  name: displayNames[model] ?? model,
  price: priceOf(provider, model),
});

const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * OpenAI's own models are listed for OpenAI itself. A custom OPENAI_BASE_URL is usually a server
 * with its own models (Ollama, vLLM), so when OPENAI_MODELS names them, only those are listed;
 * without OPENAI_MODELS the server is assumed to mirror OpenAI's names (a proxy, a gateway).
 */
function openAiModels(env: CatalogEnv): string[] {
  if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) return [];
  const extra = splitList(env.OPENAI_MODELS);
  const customServer = env.OPENAI_BASE_URL !== undefined && new URL(env.OPENAI_BASE_URL).hostname !== 'api.openai.com';
  if (customServer && extra.length) return extra;
  return [...new Set([...OPENAI_MODELS, ...extra])];
}

/** What this installation can answer with: `local` always, the others when configured. */
export function modelCatalog(env: CatalogEnv): ModelCatalog {
  const models = [
    ...openAiModels(env).map((model) => entry('openai', model)),
    ...(env.ANTHROPIC_API_KEY ? ANTHROPIC_MODELS : []).map((model) => entry('anthropic', model)),
    entry('local', 'extractive'),
  ];
  // env.ts has checked that DEFAULT_MODEL's provider is configured; a model the list does not
  // name (an Ollama model chosen only as default) is still offered.
  if (env.DEFAULT_MODEL && !models.some((m) => m.id === env.DEFAULT_MODEL)) {
    const { provider, model } = parseModelId(env.DEFAULT_MODEL);
    models.unshift(entry(provider, model));
  }
  // Spec: the first configured network provider is the default; `local` keeps a new install working.
  const defaultModelId = env.DEFAULT_MODEL ?? models[0]?.id ?? LOCAL_MODEL_ID;
  return { models, defaultModelId };
}
