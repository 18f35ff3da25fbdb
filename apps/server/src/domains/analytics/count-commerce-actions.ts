import { COMMERCE_COUNTS_MAX_DAYS, type CommerceCountsQuery, type CommerceDayCounts } from '@aisle/contracts/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { commerceActions, sharedThreads } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';

const DAY_MS = 86_400_000;

interface DayRow {
  day: string;
  orders_helped: number | string;
  returns_started: number | string;
  added_to_cart: number | string;
}

/**
 * The owner's "From chat" counts per UTC day from `since` on (at most COMMERCE_COUNTS_MAX_DAYS
 * back), counted from `commerce_actions` when asked: a range of the owner's index, a few rows a day.
 *
 * Only shoppers' chats count: order actions in the owner's own test chat (no shared thread) are left
 * out; a cart addition only ever comes from a shopper on the storefront, so one without a thread
 * counts (as the widget's).
 */
export async function countCommerceActions(
  db: DbOrTx,
  input: { ownerEmail: string; now?: Date } & CommerceCountsQuery,
): Promise<CommerceDayCounts[]> {
  const now = input.now ?? new Date();
  const earliest = now.getTime() - COMMERCE_COUNTS_MAX_DAYS * DAY_MS;
  const asked = Date.parse(input.since);
  const since = new Date(Number.isNaN(asked) ? earliest : Math.max(asked, earliest));
  const a = commerceActions;
  const conditions: SQL[] = [
    sql`${a.ownerEmail} = ${input.ownerEmail}`,
    sql`${a.createdAt} >= ${since.toISOString()}::timestamptz`,
    sql`${a.ok}`,
    sql`${a.kind} IN ('order_status', 'return_started', 'added_to_cart')`,
    sql`(${a.sharedThreadId} IS NOT NULL OR ${a.kind} = 'added_to_cart')`,
  ];
  if (input.assistantId) conditions.push(sql`${a.assistantId} = ${input.assistantId}::uuid`);
  if (input.channel) {
    conditions.push(sql`coalesce(t.origin, CASE WHEN ${a.sharedThreadId} IS NULL THEN 'widget' END, 'web') = ${input.channel}`);
  }
  const rows = await rowsOf<DayRow>(
    db,
    sql`
      SELECT to_char(${a.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
             count(DISTINCT ${a.visitorKey} || ' ' || coalesce(${a.orderName}, '')) FILTER (WHERE ${a.kind} = 'order_status') AS orders_helped,
             count(*) FILTER (WHERE ${a.kind} = 'return_started') AS returns_started,
             count(*) FILTER (WHERE ${a.kind} = 'added_to_cart') AS added_to_cart
      FROM ${a} LEFT JOIN ${sharedThreads} t ON t.id = ${a.sharedThreadId}
      WHERE ${sql.join(conditions, sql` AND `)}
      GROUP BY 1 ORDER BY 1`,
  );
  return rows.map((row) => ({
    day: row.day,
    ordersHelped: Number(row.orders_helped),
    returnsStarted: Number(row.returns_started),
    addedToCart: Number(row.added_to_cart),
  }));
}
