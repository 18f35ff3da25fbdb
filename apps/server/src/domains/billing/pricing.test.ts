import { describe, expect, it } from 'vitest';
import { costOf, PRICING_AS_OF, priceOf } from './pricing';

describe('pricing', () => {
  it('bills cached input at the cached rate and not again as input', () => {
    // 800 × $0.40 + 200 × $0.10 + 500 × $1.60 per million.
    expect(costOf('openai', 'gpt-4.1-mini', { inputTokens: 1000, cachedInputTokens: 200, outputTokens: 500 })).toBe(0.00114);
    expect(costOf('anthropic', 'claude-sonnet-4-5', { inputTokens: 10_000, cachedInputTokens: 8_000, outputTokens: 1_000 })).toBe(0.0234);
  });

  it('is exact where floating point is not, and rounds to the micro-dollar only at the end', () => {
    // 234,567 × 0.15 + 1,000,000 × 0.075 + 89,012 × 0.6 = 163,592.25 micro-dollars.
    expect(costOf('openai', 'gpt-4o-mini', { inputTokens: 1_234_567, cachedInputTokens: 1_000_000, outputTokens: 89_012 })).toBe(0.163592);
    // Ten generations of 1 token each at $0.10/M cost nothing; 5 tokens (0.5 µ$) round up to 1 µ$.
    expect(costOf('openai', 'gpt-4.1-nano', { inputTokens: 1, cachedInputTokens: 0, outputTokens: 0 })).toBe(0);
    expect(costOf('openai', 'gpt-4.1-nano', { inputTokens: 5, cachedInputTokens: 0, outputTokens: 0 })).toBe(0.000001);
    expect(costOf('openai', 'gpt-4.1-nano', { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 })).toBe(0);
    expect(costOf('anthropic', 'claude-opus-4-1', { inputTokens: 1_000_000, cachedInputTokens: 0, outputTokens: 1_000_000 })).toBe(90);
    expect(costOf('openai', 'o4-mini', { inputTokens: 3, cachedInputTokens: 3, outputTokens: 0 })).toBe(0.000001);
  });

  it('prices dated snapshots as their alias, and flags models it does not know', () => {
    expect(priceOf('openai', 'gpt-4.1-mini-2025-04-14')).toEqual({ ...priceOf('openai', 'gpt-4.1-mini'), priced: true });
    expect(priceOf('anthropic', 'claude-haiku-4-5-20251001').inputPerMillion).toBe(1);
    expect(priceOf('openai', 'gpt-4.1-turbo-preview').priced).toBe(false);
    const ollama = priceOf('openai', 'llama3.1:8b');
    expect(ollama).toEqual({ inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0, asOf: PRICING_AS_OF, priced: false });
    expect(costOf('openai', 'llama3.1:8b', { inputTokens: 5000, cachedInputTokens: 0, outputTokens: 5000 })).toBe(0);
    expect(priceOf('local', 'extractive')).toMatchObject({ inputPerMillion: 0, priced: true });
  });

  it('never bills more cached tokens than input tokens', () => {
    expect(costOf('openai', 'gpt-4.1', { inputTokens: 100, cachedInputTokens: 500, outputTokens: 0 })).toBe(0.00005);
  });
});
