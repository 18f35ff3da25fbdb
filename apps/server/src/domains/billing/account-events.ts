import type { AccountStatus } from '@aisle/contracts/billing';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import type { EventBus } from '../../lib/event-bus';
import { toUsd } from '../../lib/money';

/**
 * The owner's account as the Account screen shows it live: tier and balance, and the checkout that
 * just completed. Published on the event bus (model `Account`) after the change is committed, so a
 * webhook, a job or a turn reaches the owner's open page alike (GraphQL `onUpdateAccount`).
 */
export const ACCOUNT_MODEL = 'Account';

export function publishAccount(
  ctx: { events: EventBus },
  input: { ownerEmail: string; tier?: string; balanceMicroUsd?: number; checkout?: { id: string; status: string } | null },
) {
  const item: Partial<AccountStatus> = {
    ...(input.tier !== undefined ? { tier: input.tier } : {}),
    ...(input.balanceMicroUsd !== undefined ? { availableUsd: toUsd(input.balanceMicroUsd) } : {}),
    checkoutId: input.checkout?.id ?? null,
    checkoutStatus: input.checkout?.status ?? null,
  };
  ctx.events.publish({ model: ACCOUNT_MODEL, kind: 'update', ownerEmail: input.ownerEmail, item });
}

/** Publishes the account as it is now (after a change whose new values the caller did not read). */
export async function publishAccountNow(
  ctx: { db: DbOrTx; events: EventBus },
  input: { userId: string; checkout?: { id: string; status: string } | null },
) {
  const [row] = await rowsOf<{ email: string; tier: string; balance: string }>(
    ctx.db,
    sql`SELECT email, tier, balance_micro_usd::text AS balance FROM ${users} WHERE id = ${input.userId}`,
  );
  if (row) publishAccount(ctx, { ownerEmail: row.email, tier: row.tier, balanceMicroUsd: Number(row.balance), checkout: input.checkout });
}
