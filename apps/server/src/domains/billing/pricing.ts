/**
 * What a generation costs. Prices are the providers' public list prices in USD per million
 * tokens on the date below; a price change means a new table date, so costs already recorded
 * stay explained by the table they were computed with.
 */
export const PRICING_AS_OF = '2026-11-01';

import type { ProviderName } from '../../lib/model-id';

export type { ProviderName };

export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  /** Input tokens served from the provider's prompt cache (OpenAI cached input, Anthropic cache reads). */
  cachedInputPerMillion: number;
}

export interface Price extends ModelPrice {
  asOf: string;
  /** False for a model the table does not know (an Ollama or vLLM model): it is charged 0. */
  priced: boolean;
}

export interface TokenUsage {
  /** All input tokens, cached ones included (how both SDK providers report them). */
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
}

const table: Record<ProviderName, Record<string, ModelPrice>> = {
  openai: {
    'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 },
    'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6, cachedInputPerMillion: 0.1 },
    'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4, cachedInputPerMillion: 0.025 },
    'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10, cachedInputPerMillion: 1.25 },
    'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6, cachedInputPerMillion: 0.075 },
    'o4-mini': { inputPerMillion: 1.1, outputPerMillion: 4.4, cachedInputPerMillion: 0.275 },
  },
  // Cache writes (Anthropic bills them at 1.25× input) are counted as plain input: the SDK
  // reports them inside inputTokens and we do not ask for prompt caching yet.
  anthropic: {
    'claude-sonnet-4-5': { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 },
    'claude-haiku-4-5': { inputPerMillion: 1, outputPerMillion: 5, cachedInputPerMillion: 0.1 },
    'claude-opus-4-1': { inputPerMillion: 15, outputPerMillion: 75, cachedInputPerMillion: 1.5 },
  },
  local: {
    extractive: { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0 },
  },
};

/** Dated snapshots (`gpt-4.1-mini-2025-04-14`, `claude-haiku-4-5-20251001`) cost what their alias costs. */
const SNAPSHOT_SUFFIX = /^-(\d{4}-\d{2}-\d{2}|\d{8})$/;

function tablePrice(provider: ProviderName, model: string): ModelPrice | undefined {
  const prices = table[provider];
  if (prices[model]) return prices[model];
  const alias = Object.keys(prices)
    .filter((name) => model.startsWith(name) && SNAPSHOT_SUFFIX.test(model.slice(name.length)))
    .sort((a, b) => b.length - a.length)[0];
  return alias ? prices[alias] : undefined;
}

export function priceOf(provider: ProviderName, model: string): Price {
  const price = tablePrice(provider, model);
  if (price) return { ...price, asOf: PRICING_AS_OF, priced: true };
  return { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0, asOf: PRICING_AS_OF, priced: false };
}

/**
 * Prices as integers of 1/1000 USD per million tokens (0.025 → 25), so the sum is exact integer
 * arithmetic; only the final conversion to USD rounds, to 6 decimals (a micro-dollar).
 */
const milli = (usdPerMillion: number) => Math.round(usdPerMillion * 1000);

/**
 * Integer micro-USD cost of one generation (what the ledger records). Cached input is billed at the
 * cached rate and not again as input.
 */
export function costMicroUsdOf(provider: ProviderName, model: string, usage: TokenUsage): number {
  const price = priceOf(provider, model);
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const units =
    (usage.inputTokens - cached) * milli(price.inputPerMillion) +
    cached * milli(price.cachedInputPerMillion) +
    usage.outputTokens * milli(price.outputPerMillion);
  // units are 1e-9 USD; round half up to micro-dollars with integers, then scale once.
  return Math.floor((units + 500) / 1000);
}

/** USD cost of one generation, as shown to people (the micro-USD amount scaled once). */
export function costOf(provider: ProviderName, model: string, usage: TokenUsage): number {
  return costMicroUsdOf(provider, model, usage) / 1_000_000;
}
