import type { Formatters } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** How a status chip looks; the tone picks its colours (components/status-chip.tsx). */
export type ChipTone = 'neutral' | 'progress' | 'success' | 'danger' | 'warning';

export interface Chip {
  label: string;
  tone: ChipTone;
}

/**
 * An assistant's chip. The server leaves `status` empty for a working assistant; anything it does
 * write is shown as itself, coloured by what it says. With no store linked the assistant can only
 * answer from its instructions, which the merchant should notice.
 */
export function assistantStatusChip(status: string | null | undefined, linkedStores: number): Chip {
  const text = (status ?? '').trim();
  const lower = text.toLowerCase();
  if (/(fail|error)/.test(lower)) return { label: capitalise(text), tone: 'danger' };
  if (/(progress|pending|creating|updating|indexing)/.test(lower)) return { label: capitalise(text), tone: 'progress' };
  if (text && !['ready', 'active', 'completed', 'ok'].includes(lower)) return { label: capitalise(text), tone: 'neutral' };
  return linkedStores > 0
    ? { label: i18n.t('assistants:status.ready'), tone: 'success' }
    : { label: i18n.t('assistants:status.needsStore'), tone: 'warning' };
}

const capitalise = (text: string) => text[0]?.toUpperCase() + text.slice(1);

/** "1.2K in · 340 out tokens": the tokens an assistant has used, in the interface's language. */
export const tokenUsageText = (input: number, output: number, format: Formatters) =>
  i18n.t('assistants:list.tokenUsage', { input: format.compact(input), output: format.compact(output) });
