import {
  ORDER_LOOKUP_MISSES_PER_STORE_HOUR,
  ORDER_LOOKUP_MISSES_PER_VISITOR,
  ORDER_LOOKUP_VISITOR_WINDOW_MINUTES,
} from '@aisle/contracts/commerce';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { commerceActions } from '../../db/schema';

const MINUTE_MS = 60_000;
const STORE_WINDOW_MINUTES = 60;

/**
 * Someone guessing order numbers and e-mails is stopped before Shopify is asked: lookups that
 * matched no order (recorded as `not_found` by every order tool) count against the asker
 * (ORDER_LOOKUP_MISSES_PER_VISITOR in ORDER_LOOKUP_VISITOR_WINDOW_MINUTES, within this owner's
 * assistants) and against the shop (ORDER_LOOKUP_MISSES_PER_STORE_HOUR an hour, whoever asks: many
 * visitors at once). One query, on the indexes by asker and by shop. Answers the minutes until the
 * oldest counted miss leaves its window, or null when the lookup may go ahead.
 */
export async function guessingLimit(
  db: Db,
  input: { ownerEmail: string; visitorKey: string; shopDomain: string },
  now = new Date(),
): Promise<number | null> {
  const visitorSince = new Date(now.getTime() - ORDER_LOOKUP_VISITOR_WINDOW_MINUTES * MINUTE_MS);
  const storeSince = new Date(now.getTime() - STORE_WINDOW_MINUTES * MINUTE_MS);
  const theVisitor = and(
    eq(commerceActions.visitorKey, input.visitorKey),
    eq(commerceActions.ownerEmail, input.ownerEmail),
    gt(commerceActions.createdAt, visitorSince),
  );
  const theShop = eq(commerceActions.shopDomain, input.shopDomain);
  const [row] = await db
    .select({
      visitorMisses: sql<number>`count(*) filter (where ${theVisitor})`.mapWith(Number),
      visitorOldest: sql<number | null>`extract(epoch from min(${commerceActions.createdAt}) filter (where ${theVisitor})) * 1000`.mapWith(
        Number,
      ),
      storeMisses: sql<number>`count(*) filter (where ${theShop})`.mapWith(Number),
      storeOldest: sql<number | null>`extract(epoch from min(${commerceActions.createdAt}) filter (where ${theShop})) * 1000`.mapWith(
        Number,
      ),
    })
    .from(commerceActions)
    .where(and(eq(commerceActions.outcome, 'not_found'), gt(commerceActions.createdAt, storeSince), or(theShop, theVisitor)));
  const waits: number[] = [];
  if (row && row.visitorMisses >= ORDER_LOOKUP_MISSES_PER_VISITOR && row.visitorOldest) {
    waits.push(minutesLeft(row.visitorOldest, ORDER_LOOKUP_VISITOR_WINDOW_MINUTES, now));
  }
  if (row && row.storeMisses >= ORDER_LOOKUP_MISSES_PER_STORE_HOUR && row.storeOldest) {
    waits.push(minutesLeft(row.storeOldest, STORE_WINDOW_MINUTES, now));
  }
  return waits.length ? Math.max(...waits) : null;
}

function minutesLeft(oldestMs: number, windowMinutes: number, now: Date): number {
  const ends = oldestMs + windowMinutes * MINUTE_MS;
  return Math.max(1, Math.ceil((ends - now.getTime()) / MINUTE_MS));
}
