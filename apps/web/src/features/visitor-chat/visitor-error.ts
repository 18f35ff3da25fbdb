import { SHARED_CHAT_UNAVAILABLE_TEXT } from '@aisle/contracts/visitor-chat';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';
import { shareProblemOf, shareProblemText } from './share-problem';

/** A failed visitor turn as the page shows it: what happened and whether asking again may help. */
export interface VisitorTurnError {
  code: string;
  detail: string;
  retryable: boolean;
}

// The texts in the shopper's language, read when the error happens (and is shown).
const NETWORK = () => i18n.t('shopper:errors.network');
const UNAVAILABLE = () => i18n.t('shopper:errors.unavailable');
const SERVER = () => i18n.t('shopper:errors.server');

const detailOf = (data: unknown): string | undefined => {
  if (!data || typeof data !== 'object') return undefined;
  for (const value of Object.values(data)) {
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return undefined;
};

/**
 * The visitor's words for a turn that failed before its stream started: offline, throttled (429,
 * with the server's wait time), unavailable (402: the shop's assistant cannot answer), the link
 * refused (404/410: not retryable), a field error (400), or our fault (5xx).
 */
export function visitorTurnError(error: unknown): VisitorTurnError {
  if (!(error instanceof ApiError)) return { code: 'failed', detail: SERVER(), retryable: true };
  if (error.isNetworkError) return { code: 'network', detail: NETWORK(), retryable: true };
  const data = error.data as { detail?: unknown; code?: unknown } | null;
  if (error.status === 429) {
    const wait = typeof data?.detail === 'string' ? / in (\d+) seconds?/.exec(data.detail)?.[1] : undefined;
    const detail = wait ? i18n.t('shopper:errors.throttledWait', { seconds: wait }) : i18n.t('shopper:errors.throttled');
    return { code: 'rate_limited', detail, retryable: true };
  }
  if (error.status === 402) {
    // The server's own refusal is its English words: told in the shopper's language.
    const server = typeof data?.detail === 'string' && data.detail ? data.detail : null;
    const detail = !server ? UNAVAILABLE() : server === SHARED_CHAT_UNAVAILABLE_TEXT ? i18n.t('shopper:errors.unavailableServer') : server;
    return { code: 'unavailable', detail, retryable: true };
  }
  const problem = shareProblemOf(error);
  if (problem) return { code: problem.code, detail: shareProblemText(problem), retryable: false };
  if (error.status >= 500) return { code: 'server', detail: SERVER(), retryable: true };
  return { code: `http_${error.status}`, detail: detailOf(data) ?? SERVER(), retryable: false };
}

/** Times the page asks again by itself when the server is busy or restarting, before it shows an error. */
export const BUSY_RETRIES = 8;

/**
 * Seconds to wait before sending again when the server refused the turn with a 503 before storing
 * anything (`busy`: saturated; `restarting`): its Retry-After, with a little spread so visitors
 * turned away together do not all come back at once. Null for any other failure.
 */
export function busyRetryDelaySeconds(error: unknown, random: () => number = Math.random): number | null {
  if (!(error instanceof ApiError) || error.status !== 503) return null;
  const code = (error.data as { code?: unknown } | null)?.code;
  if (code !== 'busy' && code !== 'restarting') return null;
  const after = Number(error.headers.get('retry-after'));
  const base = Number.isFinite(after) && after > 0 ? Math.min(after, 30) : 2;
  return base + random() * Math.min(base, 2);
}
