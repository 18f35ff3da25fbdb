import type { CheckoutStatus } from '@aisle/contracts/billing';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { billingCheckouts } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { toUsd } from '../../lib/money';

export type Checkout = typeof billingCheckouts.$inferSelect;

/** A checkout the user starts: pending until the provider confirms it (never credits by itself). */
export async function openCheckout(
  db: DbOrTx,
  input: {
    userId: string;
    provider: 'stripe' | 'shopify';
    kind: 'subscription' | 'top_up';
    tier?: string;
    amountMicroUsd?: number;
    shopDomain?: string;
  },
): Promise<Checkout> {
  const [row] = await db
    .insert(billingCheckouts)
    .values({
      userId: input.userId,
      provider: input.provider,
      kind: input.kind,
      tier: input.tier ?? null,
      amountMicroUsd: input.amountMicroUsd ?? null,
      shopDomain: input.shopDomain ?? null,
    })
    .returning();
  if (!row) throw new Error('the checkout was not recorded');
  return row;
}

export async function setCheckoutExternalId(db: DbOrTx, id: string, externalId: string) {
  await db.update(billingCheckouts).set({ externalId }).where(eq(billingCheckouts.id, id));
}

export async function findCheckout(db: DbOrTx, where: { id?: string; provider?: string; externalId?: string }) {
  if (where.id && !/^[0-9a-f-]{36}$/i.test(where.id)) return undefined;
  const [row] = await db
    .select()
    .from(billingCheckouts)
    .where(
      where.id
        ? eq(billingCheckouts.id, where.id)
        : and(eq(billingCheckouts.provider, where.provider ?? ''), eq(billingCheckouts.externalId, where.externalId ?? '')),
    )
    .limit(1);
  return row;
}

/** Marks a pending checkout completed or declined; false when it was not pending any more. */
export async function settleCheckout(db: DbOrTx, id: string, status: 'completed' | 'declined'): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE ${billingCheckouts} SET status = ${status}, completed_at = now(), updated_at = now()
        WHERE id = ${id} AND status = 'pending' RETURNING id`,
  );
  return rows.length > 0;
}

export function toCheckoutStatus(row: Checkout): CheckoutStatus {
  return {
    id: row.id,
    kind: row.kind as CheckoutStatus['kind'],
    status: row.status as CheckoutStatus['status'],
    tier: row.tier,
    amount_usd: row.amountMicroUsd == null ? null : toUsd(row.amountMicroUsd),
  };
}
