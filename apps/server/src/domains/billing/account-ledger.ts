import type { Subscription, SubscriptionPage, Transaction, TransactionPage } from '@aisle/contracts/billing';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { dailyUsage, userSubscriptions, userTransactions } from '../../db/schema';
import { toUsd } from '../../lib/money';
import { pageNumber, pageOf } from '../../lib/page-number';

/** Rows per page of the ledger and subscription lists (Django REST framework's usual 20). */
export const BILLING_PAGE_SIZE = 20;

/** The caller's own ledger, newest first (users/transactions/): nobody sees another user's rows. */
export async function listTransactions(input: { db: Db; publicUrl: string; userId: string; page?: string }): Promise<TransactionPage> {
  const { db, userId } = input;
  const [total] = await db.select({ value: count() }).from(userTransactions).where(eq(userTransactions.userId, userId));
  const { page, lastPage } = pageNumber(input.page, total?.value ?? 0, BILLING_PAGE_SIZE);
  const rows = await db
    .select()
    .from(userTransactions)
    .where(eq(userTransactions.userId, userId))
    .orderBy(desc(userTransactions.createdAt), desc(userTransactions.id))
    .limit(BILLING_PAGE_SIZE)
    .offset((page - 1) * BILLING_PAGE_SIZE);
  const results: Transaction[] = rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: row.kind,
    amount_usd: toUsd(row.amountMicroUsd),
    balance_after_usd: toUsd(row.balanceAfterMicroUsd),
    reference: row.reference,
    description: row.description,
  }));
  return pageOf({ url: `${input.publicUrl}/api/users/transactions/`, page, lastPage, count: total?.value ?? 0, results });
}

/** The caller's own subscriptions, newest first (users/subscriptions/). */
export async function listSubscriptions(input: { db: Db; publicUrl: string; userId: string; page?: string }): Promise<SubscriptionPage> {
  const { db, userId } = input;
  const [total] = await db.select({ value: count() }).from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
  const { page, lastPage } = pageNumber(input.page, total?.value ?? 0, BILLING_PAGE_SIZE);
  const rows = await db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id))
    .limit(BILLING_PAGE_SIZE)
    .offset((page - 1) * BILLING_PAGE_SIZE);
  const results: Subscription[] = rows.map((row) => ({
    id: row.id,
    provider: row.provider as Subscription['provider'],
    tier: row.tier,
    status: row.status,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    created_at: row.createdAt.toISOString(),
  }));
  return pageOf({ url: `${input.publicUrl}/api/users/subscriptions/`, page, lastPage, count: total?.value ?? 0, results });
}

/** The caller's usage of the last `days` UTC days, oldest first, one entry per day (zeros included). */
export async function listDailyUsage(input: { db: Db; userId: string; days: number }) {
  const since = sql`((now() AT TIME ZONE 'UTC')::date - ${input.days - 1}::int)`;
  const rows = await input.db
    .select()
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, input.userId), gte(dailyUsage.day, since)));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const today = new Date();
  return {
    results: Array.from({ length: input.days }, (_, index) => {
      const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (input.days - 1 - index)))
        .toISOString()
        .slice(0, 10);
      const row = byDay.get(day);
      return {
        day,
        cost_usd: toUsd(row?.costMicroUsd ?? 0),
        input_tokens: row?.inputTokens ?? 0,
        output_tokens: row?.outputTokens ?? 0,
        generations: row?.generations ?? 0,
      };
    }),
  };
}
