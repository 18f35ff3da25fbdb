import { AppError } from '../../lib/app-error';
import type { TurnOutcome } from '../../lib/metrics/turn-metrics';
import { type ShopperLanguage, shopperText } from '../ai';
import { TurnFailure } from './turn-context';

/** A turn's failure as every transport tells it: status, machine code, words, and whether trying again may help. */
export interface TurnErrorBody {
  status: number;
  code: string;
  detail: string;
  retryable: boolean;
  retryAfterSeconds?: number;
}

/**
 * The one mapping of a turn's error to what the asker is told. A provider failure says whether it
 * is worth retrying; a restarting or busy server (503), an assistant that cannot answer now
 * (`unavailable`) and an unexpected failure are; a refusal for credit or a limit is not.
 */
export function turnErrorOf(error: unknown, lang: ShopperLanguage = 'en'): TurnErrorBody {
  if (!(error instanceof AppError))
    return turnErrorOf(new AppError('INTERNAL', 'Something went wrong while answering. Try again.', { bodyCode: 'failed' }), lang);
  return {
    status: error.status,
    code: error.bodyCode ?? error.code.toLowerCase(),
    detail: shopperDetailOf(error.detail, lang),
    retryable:
      error instanceof TurnFailure
        ? error.failure.retryable
        : error.status === 503 || error.bodyCode === 'unavailable' || error.bodyCode === 'failed',
    retryAfterSeconds: error.retryAfterSeconds,
  };
}

/** Refusals a shopper reads in the chat, told in their language where the text is a built-in one (shopper-texts.ts). */
const SHOPPER_REFUSALS = ['busy', 'unavailable'] as const;

/**
 * The detail in the shopper's language when it is the busy or "can't answer right now" refusal;
 * any other detail (a provider's failure, a limit) stays as written. English is unchanged.
 */
function shopperDetailOf(detail: string, lang: ShopperLanguage): string {
  const key = SHOPPER_REFUSALS.find((refusal) => shopperText(refusal, 'en') === detail);
  return key ? shopperText(key, lang) : detail;
}

/**
 * A failed turn's outcome as the metrics count it (lib/metrics/turn-metrics.ts): the asker left,
 * the gate or a shutdown refused it, the owner cannot pay, another refusal (not found, a limit), or
 * a failure (the provider's, or unexpected).
 */
export function turnOutcomeOf(error: unknown, signal?: AbortSignal): TurnOutcome {
  if (signal?.aborted) return 'cancelled';
  if (!(error instanceof AppError)) return 'failed';
  if (error.bodyCode === 'busy' || error.bodyCode === 'restarting') return error.bodyCode;
  if (error.status === 402 || error.bodyCode === 'unavailable') return 'refused';
  return error.status >= 500 ? 'failed' : 'rejected';
}
