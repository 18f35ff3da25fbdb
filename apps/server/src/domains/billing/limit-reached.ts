import { type LimitName, limitReachedMessage } from '@aisle/contracts/billing';
import { AppError } from '../../lib/app-error';

/** How much of one limit the owner uses, against what the tier allows. */
export interface LimitUse {
  limit: LimitName;
  /** In the limit's unit (megabytes for storage, to two decimals). */
  used: number;
  max: number;
  tierName: string;
  topTier: boolean;
}

/**
 * A tier limit reached: 403 with the one message that names the limit and how to raise it, and
 * the limit's name for clients (`{detail, code: "limit_reached", limit}`).
 */
export function limitReached(input: { limit: LimitName; max: number; tierName: string; topTier: boolean }): AppError {
  return new AppError('FORBIDDEN', limitReachedMessage(input), { bodyCode: 'limit_reached', extra: { limit: input.limit } });
}
