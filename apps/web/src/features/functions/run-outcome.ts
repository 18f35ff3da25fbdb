import type { RunFunctionResponse } from '@aisle/contracts/functions';
import { type Formatters, formatters } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import { fieldErrorPaths } from '@/lib/api-error-text';

/** What the run panel shows after Run: the server's answer, or why it did not run. */
export type RunOutcome = { kind: 'response'; response: RunFunctionResponse } | { kind: 'failure'; message: string };

/** "12 ms" under a second, "1.5 s" above, in `format`'s language (the interface's unless told). */
export function formatDuration(ms: number, format: Formatters = formatters(i18n.language || 'en')) {
  const lng = format.language;
  if (ms < 1000) return i18n.t('functions:run.milliseconds', { lng, value: format.number(Math.round(ms), { useGrouping: false }) });
  const seconds = format.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return i18n.t('functions:run.seconds', { lng, value: seconds });
}

/**
 * A 400 `{args: [...]}` (or `{args: {orderNumber: [...]}}`) as lines for under the arguments editor;
 * empty when the failure is about something else.
 */
export function argumentErrors(failure: unknown): string[] {
  return Object.entries(fieldErrorPaths(failure))
    .filter(([path]) => path === 'args' || path.startsWith('args.'))
    .map(([path, message]) => (path === 'args' ? message : `${path.slice('args.'.length)}: ${message}`));
}
