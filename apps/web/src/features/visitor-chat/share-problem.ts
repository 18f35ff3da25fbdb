import { type ShareTokenProblem, shareTokenProblems } from '@aisle/contracts/sharing';
import { CONVERSATION_NOT_FOUND_TEXT } from '@aisle/contracts/visitor-chat';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-client';

export interface ShareProblem {
  code: ShareTokenProblem;
  /** The server's text, else the contract's for the code. */
  detail: string;
}

const isProblemCode = (code: unknown): code is ShareTokenProblem => typeof code === 'string' && code in shareTokenProblems;

/**
 * The visitor's thread was refused (404 "Conversation not found.": deleted, or the remembered
 * visitor token no longer matches), as opposed to the link itself. The page then starts afresh.
 */
export const isConversationNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404 && (error.data as { detail?: unknown } | null)?.detail === CONVERSATION_NOT_FOUND_TEXT;

/**
 * Why a link does not open a chat, from a refused call (404 `not_found`, 410 `inactive` or
 * `expired`, contract `shareTokenProblems`); null for any other failure (network, 5xx, …) and for
 * a refused thread.
 */
export function shareProblemOf(error: unknown): ShareProblem | null {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 410) || isConversationNotFound(error)) return null;
  const data = (error.data && typeof error.data === 'object' ? error.data : {}) as { code?: unknown; detail?: unknown };
  const code: ShareTokenProblem = isProblemCode(data.code) ? data.code : error.status === 410 ? 'expired' : 'not_found';
  const detail = typeof data.detail === 'string' && data.detail ? data.detail : shareTokenProblems[code];
  return { code, detail };
}

const PROBLEM_TEXT = {
  not_found: 'shopper:problems.notFound.text',
  inactive: 'shopper:problems.inactive.text',
  expired: 'shopper:problems.expired.text',
} as const satisfies Record<ShareTokenProblem, string>;

/**
 * What the shopper reads for a link problem: the server sends the contract's English words, told
 * here in the page's language; any other text the server wrote is shown as it came.
 */
export function shareProblemText(problem: ShareProblem): string {
  return problem.detail === shareTokenProblems[problem.code] ? i18n.t(PROBLEM_TEXT[problem.code]) : problem.detail;
}

/** A link without its token is as good as one that does not exist. */
export const missingTokenProblem: ShareProblem = { code: 'not_found', detail: shareTokenProblems.not_found };
