import { DEFAULT_TIER } from '@aisle/contracts/billing';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { userSubscriptions, users } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import type { EventBus } from '../../lib/event-bus';
import { publishAccount } from './account-events';
import { currentTierPlansSql } from './tiers';

/** Provider statuses (lower-cased) in which a subscription gives its tier. */
const ACTIVE_STATUSES = ['active', 'trialing', 'past_due'];

export interface SubscriptionState {
  userId: string;
  provider: 'stripe' | 'shopify';
  externalId: string;
  tier: string;
  status: string;
  productId?: string | null;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  /** The provider's time of the event that reported this state: an older one never overwrites a newer. */
  eventAt: Date;
}

/**
 * Records a subscription's state as the provider reported it, then the user's tier (the best tier
 * of their active subscriptions, basic without one). Webhooks arrive in any order and more than
 * once: a state older than the one recorded changes nothing, the same state twice changes nothing
 * the second time. Answers the user's tier and whether it changed; the owner's open Account page
 * hears about it.
 */
export async function applySubscriptionState(ctx: { db: Db; events: EventBus }, state: SubscriptionState) {
  const status = state.status.toLowerCase();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO ${userSubscriptions} (user_id, provider, external_id, product_id, tier, status, current_period_end, cancel_at_period_end, last_event_at)
      VALUES (${state.userId}, ${state.provider}, ${state.externalId}, ${state.productId ?? null}, ${state.tier}, ${status},
              ${state.currentPeriodEnd?.toISOString() ?? null}, ${state.cancelAtPeriodEnd ?? false}, ${state.eventAt.toISOString()})
      ON CONFLICT (provider, external_id) DO UPDATE SET
        tier = excluded.tier, status = excluded.status, product_id = coalesce(excluded.product_id, ${userSubscriptions}.product_id),
        current_period_end = coalesce(excluded.current_period_end, ${userSubscriptions}.current_period_end),
        cancel_at_period_end = excluded.cancel_at_period_end, last_event_at = excluded.last_event_at, updated_at = now()
      WHERE ${userSubscriptions}.last_event_at IS NULL OR excluded.last_event_at >= ${userSubscriptions}.last_event_at`);
    return syncUserTier(tx, ctx, state.userId);
  });
}

/** The user's tier from their subscriptions now; publishes a change. */
export async function syncUserTier(db: DbOrTx, ctx: { events: EventBus }, userId: string) {
  const [row] = await rowsOf<{ tier: string; previous: string; email: string; balance: string }>(
    db,
    sql`
      WITH previous AS (SELECT tier FROM ${users} WHERE id = ${userId})
      UPDATE ${users} SET tier = coalesce((
        SELECT s.tier FROM ${userSubscriptions} s JOIN ${currentTierPlansSql} plan ON plan.tier = s.tier
        WHERE s.user_id = ${userId} AND s.status IN (${sql.join(
          ACTIVE_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        ORDER BY plan.rank DESC LIMIT 1), ${DEFAULT_TIER}), updated_at = now()
      WHERE id = ${userId}
      RETURNING tier, (SELECT tier FROM previous) AS previous, email, balance_micro_usd::text AS balance`,
  );
  if (!row) return null;
  const changed = row.tier !== row.previous;
  if (changed) publishAccount(ctx, { ownerEmail: row.email, tier: row.tier, balanceMicroUsd: Number(row.balance) });
  return { tier: row.tier, changed };
}

/**
 * The user's subscription that will bill again (active, trialing or past due, and not set to end
 * with its period), if any: deleting the account would leave it charging with nobody to cancel it.
 */
export async function renewingSubscription(db: DbOrTx, userId: string) {
  const [row] = await rowsOf<{ provider: string; tier: string }>(
    db,
    sql`SELECT provider, tier FROM ${userSubscriptions}
        WHERE user_id = ${userId} AND NOT cancel_at_period_end
          AND status IN (${sql.join(
            ACTIVE_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})
        LIMIT 1`,
  );
  return row;
}

/** A provider subscription's recorded row (to find whose it is when a later event names only its id). */
export async function findSubscription(db: DbOrTx, provider: string, externalId: string) {
  const [row] = await rowsOf<{ user_id: string; tier: string; status: string }>(
    db,
    sql`SELECT user_id, tier, status FROM ${userSubscriptions} WHERE provider = ${provider} AND external_id = ${externalId}`,
  );
  return row;
}
