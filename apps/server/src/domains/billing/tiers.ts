import { DEFAULT_TIER, LIMIT_NAMES, type LimitName, type Tier, type TierLimits } from '@aisle/contracts/billing';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { tierPlans } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';

/**
 * The tiers a merchant can be on. The spec gives no prices or limits (§9), so these are chosen as
 * a merchant would expect: a free basic tier big enough to try everything once (an assistant from
 * the setup wizard and one by hand, a store per source, a channel, a few functions), and two paid
 * tiers for a shop in production and for a busy one. They are only the first version of the
 * `tier_plans` table, written at boot when it is empty; from then on the table decides, and an
 * operator changes a tier by inserting a higher version (docs/architecture.md "Billing").
 */
export const DEFAULT_TIER_PLANS: { tier: string; name: string; rank: number; monthlyPriceCents: number; limits: TierLimits }[] = [
  {
    tier: DEFAULT_TIER,
    name: 'Basic',
    rank: 0,
    monthlyPriceCents: 0,
    limits: { assistants: 2, knowledgeStores: 2, storedMegabytes: 50, messagesPerMonth: 500, channels: 1, functions: 3, wizardRuns: 3 },
  },
  {
    tier: 'pro',
    name: 'Pro',
    rank: 1,
    monthlyPriceCents: 2900,
    limits: {
      assistants: 10,
      knowledgeStores: 10,
      storedMegabytes: 1000,
      messagesPerMonth: 10_000,
      channels: 4,
      functions: 25,
      wizardRuns: 20,
    },
  },
  {
    tier: 'business',
    name: 'Business',
    rank: 2,
    monthlyPriceCents: 9900,
    limits: {
      assistants: 50,
      knowledgeStores: 50,
      storedMegabytes: 10_000,
      messagesPerMonth: 100_000,
      channels: 12,
      functions: 100,
      wizardRuns: 100,
    },
  },
];

export interface TierPlan {
  tier: string;
  version: number;
  name: string;
  rank: number;
  monthlyPriceCents: number;
  effectiveFrom: Date;
  limits: TierLimits;
}

/** Writes the default tiers when the table is empty (first boot); an operator's rows are never touched. */
export async function seedTierPlans(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${tierPlans} (tier, version, name, rank, monthly_price_cents, limits, effective_from)
    SELECT p.tier, 1, p.name, p.rank, p.price, p.limits, '2026-01-01T00:00:00Z'
    FROM jsonb_to_recordset(${JSON.stringify(DEFAULT_TIER_PLANS.map((p) => ({ ...p, price: p.monthlyPriceCents })))}::jsonb)
      AS p(tier text, name text, rank int, price int, limits jsonb)
    WHERE NOT EXISTS (SELECT 1 FROM ${tierPlans})
    ON CONFLICT DO NOTHING`);
}

/** The version of each tier in force now, as SQL (for callers' own statements). */
export const currentTierPlansSql = sql`(
  SELECT DISTINCT ON (tier) * FROM ${tierPlans} WHERE effective_from <= now() ORDER BY tier, version DESC
)`;

/** A tier's limit as an SQL integer (missing limits count as 0: nothing allowed). */
export const tierLimitSql = (tier: ReturnType<typeof sql>, limit: LimitName) =>
  sql`coalesce((SELECT (limits ->> ${limit})::int FROM ${currentTierPlansSql} plan WHERE plan.tier = ${tier}), 0)`;

/** Every tier as it applies now, cheapest first. */
export async function currentTierPlans(db: DbOrTx): Promise<TierPlan[]> {
  const rows = await rowsOf<{
    tier: string;
    version: number;
    name: string;
    rank: number;
    monthly_price_cents: number;
    effective_from: string | Date;
    limits: Record<string, number>;
  }>(db, sql`SELECT * FROM ${currentTierPlansSql} plans ORDER BY rank, tier`);
  return rows.map((row) => ({
    tier: row.tier,
    version: row.version,
    name: row.name,
    rank: row.rank,
    monthlyPriceCents: row.monthly_price_cents,
    effectiveFrom: new Date(row.effective_from),
    limits: Object.fromEntries(LIMIT_NAMES.map((name) => [name, Number(row.limits[name] ?? 0)])) as TierLimits,
  }));
}

/** A tier's plan now; an unknown tier (a row an operator removed) is treated as basic. */
export async function tierPlanOf(db: DbOrTx, tier: string): Promise<{ plan: TierPlan; topTier: boolean }> {
  const plans = await currentTierPlans(db);
  const plan = plans.find((p) => p.tier === tier) ?? plans.find((p) => p.tier === DEFAULT_TIER) ?? fallbackPlan();
  return { plan, topTier: plan.rank >= Math.max(...plans.map((p) => p.rank)) };
}

/** Paid tiers a merchant can subscribe to. */
export async function paidTierPlan(db: DbOrTx, tier: string): Promise<TierPlan | undefined> {
  return (await currentTierPlans(db)).find((p) => p.tier === tier && p.monthlyPriceCents > 0);
}

function fallbackPlan(): TierPlan {
  const basic = DEFAULT_TIER_PLANS[0] as (typeof DEFAULT_TIER_PLANS)[number];
  return { ...basic, version: 0, effectiveFrom: new Date(0) };
}

export function toTierRepresentation(plan: TierPlan): Tier {
  return {
    tier: plan.tier,
    name: plan.name,
    rank: plan.rank,
    monthly_price_usd: plan.monthlyPriceCents / 100,
    version: plan.version,
    effective_from: plan.effectiveFrom.toISOString(),
    limits: plan.limits,
  };
}

/** A change an operator makes to a tier: what is given replaces the version in force, the rest is kept. */
export interface TierChange {
  tier: string;
  name?: string;
  rank?: number;
  monthlyPriceCents?: number;
  limits?: Partial<TierLimits>;
  /** When the new version applies (default now). */
  effectiveFrom?: Date;
}

/**
 * Writes each change as the tier's next version (a new tier starts at version 1), in one
 * transaction: the versions in force keep their rows, so what applied when stays on record.
 */
export async function setTierPlans(db: Db, changes: TierChange[]): Promise<TierPlan[]> {
  await seedTierPlans(db);
  return db.transaction(async (tx) => {
    const current = await currentTierPlans(tx);
    const [versions] = await rowsOf<{ versions: Record<string, number> | null }>(
      tx,
      sql`SELECT json_object_agg(tier, version) AS versions FROM (SELECT tier, max(version) AS version FROM ${tierPlans} GROUP BY tier) v`,
    );
    for (const change of changes) {
      const base = current.find((plan) => plan.tier === change.tier);
      const limits = { ...(base?.limits ?? fallbackPlan().limits), ...change.limits };
      await tx.insert(tierPlans).values({
        tier: change.tier,
        version: (versions?.versions?.[change.tier] ?? 0) + 1,
        name: change.name ?? base?.name ?? change.tier,
        rank: change.rank ?? base?.rank ?? Math.max(0, ...current.map((plan) => plan.rank + 1)),
        monthlyPriceCents: change.monthlyPriceCents ?? base?.monthlyPriceCents ?? 0,
        limits,
        effectiveFrom: change.effectiveFrom ?? new Date(),
      });
    }
    return currentTierPlans(tx);
  });
}
