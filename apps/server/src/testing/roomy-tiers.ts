import type { Db } from '../db/database';
import { DEFAULT_TIER_PLANS, setTierPlans, type TierChange } from '../domains/billing';

/**
 * Tiers with a thousand times the default limits, for the suites that are not about limits (a
 * suite may create dozens of assistants with one user): written as an operator would, as the next
 * version of each tier. Tests of the limits themselves use the seeded tiers.
 */
export function roomyTierChanges(): TierChange[] {
  return DEFAULT_TIER_PLANS.map((plan) => ({
    tier: plan.tier,
    limits: Object.fromEntries(Object.entries(plan.limits).map(([name, value]) => [name, value * 1000])),
    effectiveFrom: new Date('2000-01-01T00:00:00Z'),
  }));
}

export async function useRoomyTiers(db: Db) {
  await setTierPlans(db, roomyTierChanges());
}
