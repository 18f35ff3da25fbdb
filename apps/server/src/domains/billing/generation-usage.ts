import type { LanguageModelUsage } from 'ai';
import { parseModelId } from '../../lib/model-id';
import { costOf, PRICING_AS_OF, type ProviderName, priceOf } from './pricing';

/** What one generation is recorded with (DESIGN "AI": provider, model, tokens and USD cost). */
export interface GenerationUsage {
  provider: ProviderName;
  model: string;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  costUsd: number;
  /** False when the model is not in the pricing table and was charged 0. */
  priced: boolean;
  pricingAsOf: string;
  /** A reply the safeguard gave without asking any model: free, and not counted as usage. */
  refused?: boolean;
}

/** The AI SDK's usage (missing counts are 0: some compatible servers send no usage) priced by the table. */
export function generationUsage(modelId: string, usage: LanguageModelUsage | undefined): GenerationUsage {
  const { provider, model } = parseModelId(modelId);
  const tokens = {
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    cachedInputTokens: usage?.inputTokenDetails?.cacheReadTokens ?? 0,
  };
  return {
    provider,
    model,
    ...tokens,
    costUsd: costOf(provider, model, tokens),
    priced: priceOf(provider, model).priced,
    pricingAsOf: PRICING_AS_OF,
  };
}
