import { type Citation, type LlmUsage, type ToolCall, toolCallSchema } from '@aisle/contracts/chat';
import { type ProductCard, productCardSchema } from '@aisle/contracts/commerce';
import { type Formatters, formatters } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/**
 * A message's `llmUsage` as the data API gives it: AWSJSON, so an object or a JSON string, and
 * possibly from an older server. Only the fields the footer and citations need are required.
 */
export function parseLlmUsage(value: unknown): LlmUsage | null {
  let usage = value;
  if (typeof usage === 'string') {
    try {
      usage = JSON.parse(usage);
    } catch {
      return null;
    }
  }
  if (!usage || typeof usage !== 'object') return null;
  const raw = usage as Partial<Record<keyof LlmUsage, unknown>>;
  const number = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) ? field : 0);
  return {
    provider: typeof raw.provider === 'string' ? raw.provider : '',
    model: typeof raw.model === 'string' ? raw.model : '',
    inputTokens: number(raw.inputTokens),
    outputTokens: number(raw.outputTokens),
    cachedInputTokens: number(raw.cachedInputTokens),
    costUsd: number(raw.costUsd),
    priced: raw.priced !== false,
    pricingAsOf: typeof raw.pricingAsOf === 'string' ? raw.pricingAsOf : '',
    citations: Array.isArray(raw.citations) ? (raw.citations as unknown[]).filter(isCitation) : [],
    // The functions the reply ran, kept on the stored message so they show after a reload too.
    ...(Array.isArray(raw.toolCalls)
      ? { toolCalls: (raw.toolCalls as unknown[]).filter((call) => toolCallSchema.safeParse(call).success) as ToolCall[] }
      : {}),
    ...(raw.refused === true ? { refused: true } : {}),
    // The store's products the reply named, as cards (a malformed one is left out, not the reply).
    ...(Array.isArray(raw.products) ? { products: productCardsOf(raw.products) } : {}),
  };
}

/** The product cards among `values` (a stored message's `llmUsage.products`), each checked against the contract. */
export function productCardsOf(values: readonly unknown[]): ProductCard[] {
  return values.flatMap((value) => {
    const parsed = productCardSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

function isCitation(value: unknown): value is Citation {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return typeof c.number === 'number' && typeof c.fileName === 'string' && typeof c.text === 'string';
}

/** The interface's current formatters, for callers that pass none (components pass `useFormat()`'s). */
const currentFormat = (): Formatters => formatters(i18n.resolvedLanguage ?? i18n.language ?? 'en');

/** "842", "1.2K", "3.4M" ("1234", "340万" in Japanese): token counts read at a glance. */
export const formatTokens = (count: number, format: Formatters = currentFormat()) =>
  count < 1000 ? format.number(Math.round(count)) : format.compact(count);

/** US dollars in the interface's language, without trailing zeros. */
const dollars = (amount: number, digits: number, format: Formatters) =>
  format.money(amount, 'USD', { minimumFractionDigits: 0, maximumFractionDigits: digits });

/**
 * What a reply cost: "Free" for the local model (or any unpriced zero), else dollars with enough
 * digits to show a fraction of a cent ("$0.0004"), never a misleading "$0.00".
 */
export function formatCost(usage: Pick<LlmUsage, 'provider' | 'costUsd'>, format: Formatters = currentFormat()): string {
  if (usage.provider === 'local' || usage.costUsd <= 0) return i18n.t('chat:usage.free');
  if (usage.costUsd < 0.0001) return i18n.t('chat:usage.lessThan', { amount: dollars(0.0001, 4, format) });
  // Trailing zeros go ("$0.0004", "$0.012", "$1.5"); a cent and above needs no more than 3 digits.
  const digits = usage.costUsd < 0.01 ? 4 : usage.costUsd < 1 ? 3 : 2;
  return dollars(Number(usage.costUsd.toFixed(digits)), digits, format);
}

/** The footer line: "120 in · 48 out · $0.0004". */
export const usageSummary = (usage: LlmUsage, format: Formatters = currentFormat()) =>
  i18n.t('chat:usage.summary', {
    input: formatTokens(usage.inputTokens, format),
    output: formatTokens(usage.outputTokens, format),
    cost: formatCost(usage, format),
  });
