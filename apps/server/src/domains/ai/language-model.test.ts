import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { languageModelFor } from './language-model';

describe('languageModelFor', () => {
  it('builds the configured providers’ models, OpenAI through chat completions', () => {
    const openai = languageModelFor({ OPENAI_API_KEY: 'sk' }, 'openai:gpt-4.1-mini');
    expect(openai).toMatchObject({ specificationVersion: 'v4', provider: 'openai.chat', modelId: 'gpt-4.1-mini' });
    // An Ollama server needs only its URL.
    expect(languageModelFor({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }, 'openai:llama3.1')).toMatchObject({ modelId: 'llama3.1' });
    expect(languageModelFor({ ANTHROPIC_API_KEY: 'sk-ant' }, 'anthropic:claude-haiku-4-5')).toMatchObject({ modelId: 'claude-haiku-4-5' });
    expect(languageModelFor({}, 'local:extractive')).toMatchObject({ provider: 'local', modelId: 'extractive' });
  });

  it('refuses models whose provider is not configured, and malformed ids', () => {
    for (const id of ['openai:gpt-4.1', 'anthropic:claude-haiku-4-5', 'local:gpt-4.1', 'gpt-4.1', 'mistral:large', ':x']) {
      expect(() => languageModelFor({}, id), id).toThrow(AppError);
      expect(() => languageModelFor({}, id)).toThrow('This model is not available from the provider.');
    }
  });
});
