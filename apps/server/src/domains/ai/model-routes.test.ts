import { afterEach, describe, expect, it } from 'vitest';
import { viewerToken } from '../../testing/graphql-client';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/models/', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const list = async (overrides: Record<string, string> = {}) => {
    t = await createTestApp(overrides);
    const viewer = await viewerToken(t, 'alice@shop.test');
    const response = await t.app.inject({ method: 'GET', url: '/api/models/', headers: { authorization: `Bearer ${viewer.access}` } });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      models: { id: string; provider: string; name: string; pricing: Record<string, unknown>; default: boolean }[];
    };
  };

  it('lists the built-in local model, free and default, when no provider is configured; only to a signed-in user', async () => {
    const { models } = await list();
    const anonymous = await t?.app.inject({ method: 'GET', url: '/api/models/' });
    expect(anonymous?.statusCode).toBe(401);
    expect(anonymous?.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    expect(models).toEqual([
      {
        id: 'local:extractive',
        provider: 'local',
        name: expect.any(String),
        pricing: { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0, asOf: '2026-11-01', priced: true },
        default: true,
      },
    ]);
  });

  it('lists OpenAI models with their prices once a key is configured', async () => {
    const { models } = await list({ OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' });
    expect(models.map((m) => m.id)).toContain('anthropic:claude-sonnet-4-5');
    expect(models.find((m) => m.id === 'openai:gpt-4.1')).toEqual({
      id: 'openai:gpt-4.1',
      provider: 'openai',
      name: 'GPT-4.1',
      pricing: { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5, asOf: '2026-11-01', priced: true },
      default: false,
    });
    expect(models.filter((m) => m.default).map((m) => m.id)).toEqual(['openai:gpt-4.1-mini']);
    expect(models.at(-1)?.id).toBe('local:extractive');
  });

  it('lists an OpenAI-compatible server’s own models, unpriced', async () => {
    const { models } = await list({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODELS: 'llama3.1',
      DEFAULT_MODEL: 'local:extractive',
    });
    expect(models.map((m) => [m.id, m.pricing.priced, m.default])).toEqual([
      ['openai:llama3.1', false, false],
      ['local:extractive', true, true],
    ]);
  });
});
