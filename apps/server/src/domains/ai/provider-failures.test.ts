import { generateText, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ANTHROPIC_KEY, startFakeAnthropic } from '../../testing/fake-llm/fake-anthropic';
import type { FakeFailure, FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { languageModelFor, type ProviderEnv } from './language-model';
import { providerFailureOf, providerFailures } from './provider-errors';
import { readAnswerStream } from './read-answer-stream';

const providers = [
  {
    name: 'OpenAI',
    modelId: 'openai:gpt-4.1-mini',
    start: startFakeOpenAi,
    env: (fake: FakeLlm, key = FAKE_OPENAI_KEY): ProviderEnv => ({ OPENAI_API_KEY: key, OPENAI_BASE_URL: fake.baseUrl }),
  },
  {
    name: 'Anthropic',
    modelId: 'anthropic:claude-haiku-4-5',
    start: startFakeAnthropic,
    env: (fake: FakeLlm, key = FAKE_ANTHROPIC_KEY): ProviderEnv => ({ ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: fake.baseUrl }),
  },
];

const failures: { failure: FakeFailure; expected: keyof typeof providerFailures; message: string }[] = [
  { failure: 'rate-limited', expected: 'rate_limited', message: 'The AI provider is rate-limiting requests. Try again in a moment.' },
  { failure: 'server-error', expected: 'unavailable', message: 'The AI provider is not responding. Try again in a moment.' },
  { failure: 'unknown-model', expected: 'unknown_model', message: 'This model is not available from the provider.' },
  {
    failure: 'unauthorized',
    expected: 'bad_key',
    message: 'The AI provider rejected the API key. Check the key in the server configuration.',
  },
];

const longReply = {
  text: ['The', ' answer', ' comes', ' in', ' many', ' small', ' pieces', ' here.'],
  usage: { inputTokens: 9, outputTokens: 8 },
};

describe.each(providers)('$name failures reach the user as a clear message', ({ modelId, start, env }) => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake.close());

  it.each(failures)('$failure → $expected', async ({ failure, expected, message }) => {
    fake.script(longReply).failure = failure;
    const errors: unknown[] = [];
    const result = streamText({
      model: languageModelFor(env(fake), modelId),
      prompt: 'Hi',
      maxRetries: 0,
      onError: ({ error }) => errors.push(error),
    });
    const answer = await readAnswerStream(result.fullStream);
    expect(answer.failure).toEqual({ ...providerFailures[expected], message });
    expect(answer.text).toBe('');
    expect(errors).toHaveLength(1);

    await expect(generateText({ model: languageModelFor(env(fake), modelId), prompt: 'Hi', maxRetries: 0 })).rejects.toSatisfy(
      (error) => providerFailureOf(error).code === expected,
    );
  });

  it('a wrong key is the bad-key message', async () => {
    fake.script(longReply);
    const answer = await readAnswerStream(
      streamText({ model: languageModelFor(env(fake, 'sk-wrong'), modelId), prompt: 'Hi', maxRetries: 0, onError: () => {} }).fullStream,
    );
    expect(answer.failure).toEqual(providerFailures.bad_key);
  });

  it('a stream cut mid-answer is an interruption, not a short complete answer', async () => {
    fake.script(longReply).failure = 'cut';
    const deltas: string[] = [];
    const answer = await readAnswerStream(
      streamText({ model: languageModelFor(env(fake), modelId), prompt: 'Hi', maxRetries: 0, onError: () => {} }).fullStream,
      (delta) => deltas.push(delta),
    );
    expect(deltas.length).toBeGreaterThan(0);
    expect(answer.text.length).toBeLessThan('The answer comes in many small pieces here.'.length);
    expect(answer.failure).toEqual({ code: 'interrupted', message: 'The answer was interrupted. Try again.', retryable: true });
  });

  it('a connection dropped before any answer is "not responding"', async () => {
    fake.script(longReply).failure = 'cut';
    await expect(generateText({ model: languageModelFor(env(fake), modelId), prompt: 'Hi', maxRetries: 0 })).rejects.toSatisfy(
      (error) => providerFailureOf(error).message === 'The AI provider is not responding. Try again in a moment.',
    );
  });

  it('a provider that is down is "not responding"', async () => {
    const down = await start();
    const env2 = env(down);
    await down.close();
    const answer = await readAnswerStream(
      streamText({ model: languageModelFor(env2, modelId), prompt: 'Hi', maxRetries: 0, onError: () => {} }).fullStream,
    );
    expect(answer.failure?.code).toBe('unavailable');
    expect(answer.failure?.retryable).toBe(true);
  });
});

describe('providerFailureOf', () => {
  it('maps timeouts and unknown errors', () => {
    expect(providerFailureOf(new DOMException('The operation timed out.', 'TimeoutError')).code).toBe('unavailable');
    expect(providerFailureOf(new Error('boom')).code).toBe('failed');
    expect(providerFailureOf(new Error('boom'), { answerStarted: true }).code).toBe('interrupted');
  });
});
