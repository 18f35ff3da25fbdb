import { AppError } from '../../lib/app-error';
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
export function turnErrorOf(error: unknown): TurnErrorBody {
  if (!(error instanceof AppError))
    return turnErrorOf(new AppError('INTERNAL', 'Something went wrong while answering. Try again.', { bodyCode: 'failed' }));
  return {
    status: error.status,
    code: error.bodyCode ?? error.code.toLowerCase(),
    detail: error.detail,
    retryable:
      error instanceof TurnFailure
        ? error.failure.retryable
        : error.status === 503 || error.bodyCode === 'unavailable' || error.bodyCode === 'failed',
    retryAfterSeconds: error.retryAfterSeconds,
  };
}
