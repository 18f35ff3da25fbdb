import type { ModelOption } from '@aisle/contracts/models';
import { describe, expect, it } from 'vitest';
import { modelDisplayName, modelPriceText } from './model-price';

const pricing = (inputPerMillion: number, outputPerMillion: number) => ({
  inputPerMillion,
  outputPerMillion,
  cachedInputPerMillion: 0,
  asOf: '2026-01-01',
  priced: true,
});

describe('model prices', () => {
  it('reads "Free" for local models and USD per million tokens otherwise', () => {
    expect(modelPriceText({ provider: 'local', pricing: pricing(0, 0) })).toBe('Free');
    expect(modelPriceText({ provider: 'openai', pricing: pricing(0.15, 0.6) })).toBe('$0.15 in · $0.60 out / 1M tokens');
  });

  it('names a model from the catalogue, else from its id; the built-in one in the reader’s language', () => {
    const models: ModelOption[] = [
      { id: 'local:extractive', provider: 'local', name: 'Extractive', pricing: pricing(0, 0), default: true },
      { id: 'openai:gpt-4.1-mini', provider: 'openai', name: 'GPT-4.1 mini', pricing: pricing(0.4, 1.6), default: false },
    ];
    expect(modelDisplayName(models, 'local:extractive')).toBe('Built-in');
    expect(modelDisplayName(models, 'openai:gpt-4.1-mini')).toBe('GPT-4.1 mini');
    expect(modelDisplayName(models, 'openai:gpt-4o-mini')).toBe('gpt-4o-mini');
    expect(modelDisplayName(models, null)).toBe('Default model');
  });
});
