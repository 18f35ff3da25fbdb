import { type Formatters, formatters } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type { ModelOption } from './api/get-models';

/** Local models, and any priced at nothing, cost the merchant nothing. */
export function isFreeModel(model: Pick<ModelOption, 'provider' | 'pricing'>): boolean {
  const { inputPerMillion, outputPerMillion } = model.pricing;
  return model.provider === 'local' || (inputPerMillion === 0 && outputPerMillion === 0);
}

/**
 * A model's price as the picker shows it: "Free" for local models, else input / output per 1M
 * tokens, in USD written the interface's way (`format`, the current language's by default).
 */
export function modelPriceText(
  model: Pick<ModelOption, 'provider' | 'pricing'>,
  format: Formatters = formatters(i18n.resolvedLanguage ?? i18n.language ?? 'en'),
): string {
  if (isFreeModel(model)) return i18n.t('assistants:models.free');
  const usd = (value: number) => format.money(value, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return i18n.t('assistants:models.price', { input: usd(model.pricing.inputPerMillion), output: usd(model.pricing.outputPerMillion) });
}

/** The model every installation has: it answers by quoting the stores, with no AI provider. */
export const BUILT_IN_MODEL_ID = 'local:extractive';

/** Whether the server offers any OpenAI or Anthropic model (it does once its operator sets their API key). */
export const offersProviderModels = (models: readonly Pick<ModelOption, 'provider'>[]) =>
  models.some((model) => model.provider === 'openai' || model.provider === 'anthropic');

/** Providers by their own names; the local one is described in the interface's language. */
export function providerName(provider: string): string {
  if (provider === 'local') return i18n.t('assistants:models.builtIn');
  return ({ openai: 'OpenAI', anthropic: 'Anthropic' } as Record<string, string>)[provider] ?? provider;
}

/** The name to show for an assistant's model id, falling back to the id's model part. */
export function modelDisplayName(models: readonly ModelOption[] | undefined, id: string | null | undefined): string {
  if (!id) return i18n.t('assistants:models.defaultModel');
  if (id === BUILT_IN_MODEL_ID) return i18n.t('assistants:models.builtIn');
  return models?.find((model) => model.id === id)?.name ?? id.slice(id.indexOf(':') + 1);
}
