import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { parseModelId } from '../../lib/model-id';
import type { Retrieve } from './local-answer';
import { createLocalModel } from './local-model';
import type { StoredProduct } from './local-product-answer';
import { providerFetch } from './provider-fetch';

export type ProviderEnv = Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'ANTHROPIC_API_KEY' | 'ANTHROPIC_BASE_URL'>;

export interface LanguageModelOptions {
  /** The assistant's store search, used by the `local` model; without it `local` finds nothing. */
  retrieve?: Retrieve;
  /** What the assistant knows about, named by the `local` model's greeting. */
  topics?: string[];
  /** The assistant's product records, read by the `local` model for product questions. */
  products?: () => Promise<StoredProduct[]>;
  /** Custom fetch for the network providers (tests, proxies). */
  fetch?: typeof globalThis.fetch;
}

const notAvailable = (modelId: string) =>
  new AppError('BAD_REQUEST', 'This model is not available from the provider.', {
    cause: new Error(`provider of ${modelId} is not configured`),
  });

/**
 * The AI SDK model behind a `provider:model` id. OpenAI goes through chat completions, never the
 * Responses API: OpenAI-compatible servers (Ollama, vLLM, OpenRouter) implement only the former
 * (DESIGN "AI"). Keys are passed explicitly, so the SDK never reads process.env itself.
 */
export function languageModelFor(env: ProviderEnv, modelId: string, options: LanguageModelOptions = {}): LanguageModel {
  const { provider, model } = parseModelId(modelId);
  switch (provider) {
    case 'openai': {
      if (!env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) throw notAvailable(modelId);
      // A local server (Ollama) needs no key, but the SDK insists on one.
      return createOpenAI({
        apiKey: env.OPENAI_API_KEY ?? 'unused',
        baseURL: env.OPENAI_BASE_URL,
        fetch: options.fetch ?? providerFetch,
      }).chat(model);
    }
    case 'anthropic': {
      if (!env.ANTHROPIC_API_KEY) throw notAvailable(modelId);
      return createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, baseURL: env.ANTHROPIC_BASE_URL, fetch: options.fetch ?? providerFetch })(
        model,
      );
    }
    case 'local': {
      if (model !== 'extractive') throw notAvailable(modelId);
      return createLocalModel({ retrieve: options.retrieve ?? (async () => []), topics: options.topics, products: options.products });
    }
  }
}
