import { type ShareTokenProblem, shareTokenProblems } from '@aisle/contracts/sharing';
import { CONVERSATION_NOT_FOUND_TEXT } from '@aisle/contracts/visitor-chat';
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

/** A link without its token is as good as one that does not exist. */
export const missingTokenProblem: ShareProblem = { code: 'not_found', detail: shareTokenProblems.not_found };
