import type { ModelOption } from './api/get-models';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A model's price as the picker shows it: "Free" for local models, else input / output per 1M tokens. */
export function modelPriceText(model: Pick<ModelOption, 'provider' | 'pricing'>): string {
  const { inputPerMillion, outputPerMillion } = model.pricing;
  if (model.provider === 'local' || (inputPerMillion === 0 && outputPerMillion === 0)) return 'Free';
  return `${usd.format(inputPerMillion)} in · ${usd.format(outputPerMillion)} out / 1M tokens`;
}

const providerNames: Record<string, string> = { openai: 'OpenAI', anthropic: 'Anthropic', local: 'Built-in' };

export const providerName = (provider: string) => providerNames[provider] ?? provider;

/** The name to show for an assistant's model id, falling back to the id's model part. */
export function modelDisplayName(models: readonly ModelOption[] | undefined, id: string | null | undefined): string {
  if (!id) return 'Default model';
  return models?.find((model) => model.id === id)?.name ?? id.slice(id.indexOf(':') + 1);
}
