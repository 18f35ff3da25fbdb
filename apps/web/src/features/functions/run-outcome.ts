import type { RunFunctionResponse } from '@aisle/contracts/functions';
import { fieldErrorPaths } from '@/lib/api-error-text';

/** What the run panel shows after Run: the server's answer, or why it did not run. */
export type RunOutcome = { kind: 'response'; response: RunFunctionResponse } | { kind: 'failure'; message: string };

/** "12 ms" under a second, "1.5 s" above. */
export const formatDuration = (ms: number) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * A 400 `{args: [...]}` (or `{args: {orderNumber: [...]}}`) as lines for under the arguments editor;
 * empty when the failure is about something else.
 */
export function argumentErrors(failure: unknown): string[] {
  return Object.entries(fieldErrorPaths(failure))
    .filter(([path]) => path === 'args' || path.startsWith('args.'))
    .map(([path, message]) => (path === 'args' ? message : `${path.slice('args.'.length)}: ${message}`));
}
