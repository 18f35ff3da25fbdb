import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../env';
import { type CatalogEnv, modelCatalog } from './model-catalog';

const ids = (env: CatalogEnv) => modelCatalog(env).models.map((model) => model.id);

describe('model catalog', () => {
  it('offers only the built-in local model without any key', () => {
    expect(modelCatalog({})).toMatchObject({ defaultModelId: 'local:extractive', models: [{ id: 'local:extractive', provider: 'local' }] });
  });

  it('adds OpenAI models with a key, the first one being the default', () => {
    const catalog = modelCatalog({ OPENAI_API_KEY: 'sk-1', OPENAI_MODELS: 'gpt-5-preview' });
    expect(catalog.models.map((m) => m.id)).toEqual([
      'openai:gpt-4.1-mini',
      'openai:gpt-4.1',
      'openai:gpt-4.1-nano',
      'openai:gpt-4o',
      'openai:gpt-4o-mini',
      'openai:o4-mini',
      'openai:gpt-5-preview',
      'local:extractive',
    ]);
    expect(catalog.defaultModelId).toBe('openai:gpt-4.1-mini');
    expect(catalog.models.find((m) => m.id === 'openai:gpt-5-preview')?.price.priced).toBe(false);
  });

  it('lists only the models an OpenAI-compatible server names, and needs no key for it', () => {
    const env = { OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_MODELS: 'llama3.1, qwen2.5 ' };
    expect(ids(env)).toEqual(['openai:llama3.1', 'openai:qwen2.5', 'local:extractive']);
    expect(modelCatalog(env).defaultModelId).toBe('openai:llama3.1');
  });

  it('adds Anthropic models with a key, and honours DEFAULT_MODEL', () => {
    expect(ids({ ANTHROPIC_API_KEY: 'sk-ant' })).toEqual([
      'anthropic:claude-haiku-4-5',
      'anthropic:claude-sonnet-4-5',
      'anthropic:claude-opus-4-1',
      'local:extractive',
    ]);
    expect(
      modelCatalog({ OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'sk-ant', DEFAULT_MODEL: 'anthropic:claude-sonnet-4-5' }).defaultModelId,
    ).toBe('anthropic:claude-sonnet-4-5');
    expect(modelCatalog({ OPENAI_API_KEY: 'sk', DEFAULT_MODEL: 'local:extractive' }).defaultModelId).toBe('local:extractive');
  });

  it('refuses at boot a DEFAULT_MODEL whose provider is not configured', () => {
    const base = { DATA_DIR: '/tmp/aisle-env-test', JWT_SECRET: 'x'.repeat(40) };
    expect(() => parseEnv({ ...base, DEFAULT_MODEL: 'openai:gpt-4.1' })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, DEFAULT_MODEL: 'gpt-4.1' })).toThrow(/provider:model|openai:<model>/);
    expect(() => parseEnv({ ...base, DEFAULT_MODEL: 'anthropic:claude-haiku-4-5' })).toThrow(/ANTHROPIC_API_KEY/);
    expect(parseEnv({ ...base, DEFAULT_MODEL: 'openai:llama3.1', OPENAI_BASE_URL: 'http://localhost:11434/v1' }).DEFAULT_MODEL).toBe(
      'openai:llama3.1',
    );
  });
});
