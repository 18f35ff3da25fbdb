import { describe, expect, it } from 'vitest';
import { formatCost, formatTokens, parseLlmUsage, usageSummary } from './format-usage';

describe('cost and token formatting', () => {
  it('says Free for the local model and for zero cost', () => {
    expect(formatCost({ provider: 'local', costUsd: 0 })).toBe('Free');
    expect(formatCost({ provider: 'openai', costUsd: 0 })).toBe('Free');
  });

  it('shows fractions of a cent without trailing zeros, never $0.00', () => {
    expect(formatCost({ provider: 'openai', costUsd: 0.0004 })).toBe('$0.0004');
    expect(formatCost({ provider: 'openai', costUsd: 0.00042 })).toBe('$0.0004');
    expect(formatCost({ provider: 'openai', costUsd: 0.0035 })).toBe('$0.0035');
    expect(formatCost({ provider: 'openai', costUsd: 0.00001 })).toBe('<$0.0001');
    expect(formatCost({ provider: 'openai', costUsd: 0.0123 })).toBe('$0.012');
    expect(formatCost({ provider: 'anthropic', costUsd: 1.5 })).toBe('$1.5');
  });

  it('shortens large token counts', () => {
    expect(formatTokens(842)).toBe('842');
    expect(formatTokens(1234)).toBe('1.2K');
    expect(formatTokens(3_400_000)).toBe('3.4M');
  });

  it('keeps the functions a stored reply ran, dropping malformed entries', () => {
    const call = { toolCallId: 'c1', name: 'track_order', input: { orderNumber: '1001' }, ok: true, output: { status: 'shipped' } };
    const usage = parseLlmUsage(JSON.stringify({ provider: 'openai', toolCalls: [call, { name: 42 }, null] }));
    expect(usage?.toolCalls).toEqual([call]);
    expect(parseLlmUsage({ provider: 'openai' })?.toolCalls).toBeUndefined();
  });

  it('reads llmUsage as an object or a JSON string, and refuses garbage', () => {
    const usage = {
      provider: 'openai',
      model: 'gpt',
      inputTokens: 120,
      outputTokens: 48,
      cachedInputTokens: 0,
      costUsd: 0.0004,
      citations: [],
    };
    expect(parseLlmUsage(usage)).toMatchObject(usage);
    expect(parseLlmUsage(JSON.stringify(usage))).toMatchObject(usage);
    expect(usageSummary(parseLlmUsage(JSON.stringify(usage)) as NonNullable<ReturnType<typeof parseLlmUsage>>)).toBe(
      '120 in · 48 out · $0.0004',
    );
    expect(parseLlmUsage('not json')).toBeNull();
    expect(parseLlmUsage(null)).toBeNull();
    expect(parseLlmUsage({ inputTokens: 'x', citations: [{ bad: true }] })).toMatchObject({ inputTokens: 0, citations: [] });
  });
});
