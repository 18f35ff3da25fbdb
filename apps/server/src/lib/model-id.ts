import { AppError } from './app-error';

/** The providers a model id can name (DESIGN "AI"). */
export type ProviderName = 'openai' | 'anthropic' | 'local';

/**
 * A model id is `provider:model` (`openai:gpt-4.1-mini`, `local:extractive`). Both the model layer
 * (which provider to call) and billing (what it costs) read it, so it lives below both.
 */
export function parseModelId(id: string): { provider: ProviderName; model: string } {
  const colon = id.indexOf(':');
  const provider = id.slice(0, colon);
  const model = id.slice(colon + 1);
  if (colon <= 0 || !model || !['openai', 'anthropic', 'local'].includes(provider))
    throw new AppError('BAD_REQUEST', 'This model is not available from the provider.', {
      cause: new Error(`model ids are provider:model, got ${JSON.stringify(id)}`),
    });
  return { provider: provider as ProviderName, model };
}
