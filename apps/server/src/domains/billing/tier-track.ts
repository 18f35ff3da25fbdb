import { limitReachedMessage, type TierTrack } from '@aisle/contracts/billing';
import type { Db } from '../../db/database';
import { limitUses } from './limits';
import { ensureTierTrack } from './tier-periods';

/** users/tier-track/: the period in force and every limit of the user's tier with what is used of it. */
export async function readTierTrack(input: { db: Db; userId: string; email: string; tier: string }): Promise<TierTrack> {
  const track = await ensureTierTrack(input.db, input.userId);
  const uses = await limitUses(input.db, input.email);
  const usage = Object.fromEntries(
    uses.map((use) => [use.limit, { used: use.used, limit: use.max, message: use.used >= use.max ? limitReachedMessage(use) : null }]),
  ) as TierTrack['usage'];
  return {
    tier: input.tier,
    tier_name: uses[0]?.tierName ?? input.tier,
    period_start: new Date(track.period_start).toISOString(),
    period_end: new Date(track.period_end).toISOString(),
    usage,
  };
}
