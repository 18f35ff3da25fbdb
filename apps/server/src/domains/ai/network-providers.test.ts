import { generateText, streamText, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FAKE_ANTHROPIC_KEY, startFakeAnthropic } from '../../testing/fake-llm/fake-anthropic';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { generationUsage } from '../billing';
import { languageModelFor, type ProviderEnv } from './language-model';
import { readAnswerStream } from './read-answer-stream';

const providers = [
  {
    name: 'OpenAI (chat completions)',
    modelId: 'openai:gpt-4.1-mini',
    start: startFakeOpenAi,
    env: (fake: FakeLlm): ProviderEnv => ({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl }),
    path: '/v1/chat/completions',
  },
  {
    name: 'Anthropic (messages)',
    modelId: 'anthropic:claude-haiku-4-5',
    start: startFakeAnthropic,
    env: (fake: FakeLlm): ProviderEnv => ({ ANTHROPIC_API_KEY: FAKE_ANTHROPIC_KEY, ANTHROPIC_BASE_URL: fake.baseUrl }),
    path: '/v1/messages',
  },
];

const orderStatus = tool({
  description: 'Looks up an order',
  inputSchema: z.object({ orderId: z.string(), includeItems: z.boolean() }),
});

describe.each(providers)('$name through languageModelFor', ({ modelId, start, env, path }) => {
  let fake: FakeLlm;
  const model = () => languageModelFor(env(fake), modelId);

  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.chunkDelayMs = 0;
  });

  it('streams text in pieces and reads usage with cached tokens, priced exactly', async () => {
    fake.script({
      text: ['Orders ship', ' within two', ' business days', '.'],
      usage: { inputTokens: 1200, cachedInputTokens: 1000, outputTokens: 50 },
    });
    const deltas: string[] = [];
    const answer = await readAnswerStream(streamText({ model: model(), prompt: 'When do orders ship?', maxRetries: 0 }).fullStream, (d) =>
      deltas.push(d),
    );
    expect(answer.failure).toBeNull();
    // Pieces that come faster than a person reads are merged after the first (stream-coalescer.ts).
    expect(deltas[0]).toBe('Orders ship');
    expect(deltas.join('')).toBe('Orders ship within two business days.');
    expect(answer.text).toBe('Orders ship within two business days.');
    expect(answer.finishReason).toBe('stop');
    expect(answer.usage).toMatchObject({ inputTokens: 1200, outputTokens: 50, inputTokenDetails: { cacheReadTokens: 1000 } });

    const usage = generationUsage(modelId, answer.usage);
    // gpt-4.1-mini: 200 × 0.40 + 1000 × 0.10 + 50 × 1.60 = 260 µ$; claude-haiku-4-5: 200 × 1 + 1000 × 0.10 + 50 × 5 = 550 µ$.
    expect(usage).toMatchObject({ inputTokens: 1200, cachedInputTokens: 1000, outputTokens: 50, priced: true, pricingAsOf: '2026-11-01' });
    expect(usage.costUsd).toBe(modelId.startsWith('openai') ? 0.00026 : 0.00055);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path, body: { stream: true, model: modelId.split(':')[1] } });
    if (modelId.startsWith('openai')) expect(fake.requests[0]?.body.stream_options).toEqual({ include_usage: true });
  });

  it('assembles a tool call whose arguments arrive in several pieces', async () => {
    fake.script({
      text: ['Let me check.'],
      toolCall: { id: 'call_1', name: 'orderStatus', argumentPieces: ['{"orderId":', '"A-10', '01","includeItems"', ':true}'] },
      usage: { inputTokens: 80, outputTokens: 20 },
    });
    const result = streamText({ model: model(), prompt: 'Where is order A-1001?', tools: { orderStatus }, maxRetries: 0 });
    const inputDeltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === 'tool-input-delta') inputDeltas.push(part.delta);
    expect(inputDeltas.join('')).toBe('{"orderId":"A-1001","includeItems":true}');
    expect(inputDeltas.length).toBeGreaterThanOrEqual(2);
    const calls = await result.toolCalls;
    expect(calls).toEqual([
      expect.objectContaining({ toolCallId: 'call_1', toolName: 'orderStatus', input: { orderId: 'A-1001', includeItems: true } }),
    ]);
    expect(await result.finishReason).toBe('tool-calls');
    expect(await result.text).toBe('Let me check.');
  });

  it('generates without streaming', async () => {
    fake.script({ text: ['Hello', ' there.'], usage: { inputTokens: 10, outputTokens: 3, cachedInputTokens: 0 } });
    const result = await generateText({ model: model(), prompt: 'Say hello', maxRetries: 0 });
    expect(result.text).toBe('Hello there.');
    expect(result.usage).toMatchObject({ inputTokens: 10, outputTokens: 3 });
    expect(fake.requests[0]?.body.stream).toBeFalsy();
  });

  it('passes slow chunks on as they arrive', async () => {
    fake.script({ text: ['one', ' two', ' three', ' four'], usage: { inputTokens: 5, outputTokens: 4 } });
    fake.chunkDelayMs = 40;
    const arrivals: number[] = [];
    const answer = await readAnswerStream(streamText({ model: model(), prompt: 'Count', maxRetries: 0 }).fullStream, () =>
      arrivals.push(performance.now()),
    );
    expect(answer.text).toBe('one two three four');
    expect(arrivals).toHaveLength(4);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(100);
  });
});
