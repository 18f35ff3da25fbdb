import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { ORDER_CODE_LENGTH, ORDER_CODE_MAX_TRIES, ORDER_CODE_TTL_MINUTES, ORDER_VERIFIED_MINUTES } from '@aisle/contracts/commerce';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { orderVerifications } from '../../db/schema';

const MINUTE_MS = 60_000;
/**
 * Codes sent for one order in an hour, whoever asks: each code allows ORDER_CODE_MAX_TRIES, so a
 * guesser gets at most this many times as many tries an hour (odds ≈ 15 in a million), and the
 * customer's inbox is not flooded.
 */
export const ORDER_CODES_PER_ORDER_HOUR = 3;

export interface VerificationScope {
  ownerEmail: string;
  shopDomain: string;
  /** Shopify's order gid. */
  orderId: string;
  orderName: string;
  visitorKey: string;
}

export type CodeCheck =
  | { state: 'verified' }
  /** No code given, or no code pending: one should be sent. */
  | { state: 'send' }
  | { state: 'wrong'; triesLeft: number }
  | { state: 'expired' }
  | { state: 'too_many_tries' };

/**
 * Only a keyed hash of the code is stored, bound to its row: a leaked table gives neither the code
 * nor a way to try the million codes offline without the server's secret.
 */
const hashOf = (secret: string, id: string, code: string) => createHmac('sha256', secret).update(`order-code:${id}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const scoped = (scope: VerificationScope) =>
  and(
    eq(orderVerifications.ownerEmail, scope.ownerEmail),
    eq(orderVerifications.shopDomain, scope.shopDomain),
    eq(orderVerifications.visitorKey, scope.visitorKey),
    eq(orderVerifications.orderId, scope.orderId),
  );

/**
 * Where this asker stands with this order: verified (a right code within ORDER_VERIFIED_MINUTES),
 * or the code they gave checked against their newest one: wrong (one try less; the last wrong try
 * ends it), expired, or ended by too many tries. Without a code, or without a code sent to them,
 * one should be sent. Tries are counted in the database (concurrent tries cannot share one).
 */
export async function checkCode(
  db: Db,
  secret: string,
  scope: VerificationScope,
  given: string | undefined,
  now = new Date(),
): Promise<CodeCheck> {
  const [newest] = await db.select().from(orderVerifications).where(scoped(scope)).orderBy(desc(orderVerifications.createdAt)).limit(1);
  if (newest?.verifiedAt && now.getTime() - newest.verifiedAt.getTime() < ORDER_VERIFIED_MINUTES * MINUTE_MS) return { state: 'verified' };
  const code = given?.replace(/\D/g, '') ?? '';
  if (!given?.trim() || !newest || newest.verifiedAt) return { state: 'send' };
  if (newest.tries >= ORDER_CODE_MAX_TRIES) return { state: 'too_many_tries' };
  if (newest.expiresAt.getTime() <= now.getTime()) return { state: 'expired' };
  if (code.length === ORDER_CODE_LENGTH && sameHash(hashOf(secret, newest.id, code), newest.codeHash)) {
    const [verified] = await db
      .update(orderVerifications)
      .set({ verifiedAt: now, updatedAt: now })
      .where(
        and(
          eq(orderVerifications.id, newest.id),
          isNull(orderVerifications.verifiedAt),
          lt(orderVerifications.tries, ORDER_CODE_MAX_TRIES),
          gt(orderVerifications.expiresAt, now),
        ),
      )
      .returning({ id: orderVerifications.id });
    if (verified) return { state: 'verified' };
  }
  const [counted] = await db
    .update(orderVerifications)
    .set({ tries: sql`${orderVerifications.tries} + 1`, updatedAt: now })
    .where(and(eq(orderVerifications.id, newest.id), lt(orderVerifications.tries, ORDER_CODE_MAX_TRIES)))
    .returning({ tries: orderVerifications.tries });
  if (!counted || counted.tries >= ORDER_CODE_MAX_TRIES) return { state: 'too_many_tries' };
  return { state: 'wrong', triesLeft: ORDER_CODE_MAX_TRIES - counted.tries };
}

/**
 * A new code for this asker and order (ORDER_CODE_LENGTH digits from the system's secure random
 * source), stored as its hash, valid ORDER_CODE_TTL_MINUTES; null when this order already had
 * ORDER_CODES_PER_ORDER_HOUR codes in the last hour. The caller mails it and forgets it.
 */
export async function createCode(
  db: Db,
  secret: string,
  scope: VerificationScope,
  now = new Date(),
): Promise<{ id: string; code: string } | null> {
  const [recent] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orderVerifications)
    .where(
      and(
        eq(orderVerifications.ownerEmail, scope.ownerEmail),
        eq(orderVerifications.shopDomain, scope.shopDomain),
        eq(orderVerifications.orderId, scope.orderId),
        gt(orderVerifications.createdAt, new Date(now.getTime() - 60 * MINUTE_MS)),
      ),
    );
  if ((recent?.n ?? 0) >= ORDER_CODES_PER_ORDER_HOUR) return null;
  const code = String(randomInt(0, 10 ** ORDER_CODE_LENGTH)).padStart(ORDER_CODE_LENGTH, '0');
  const id = randomUUID();
  await db.insert(orderVerifications).values({
    id,
    ownerEmail: scope.ownerEmail,
    shopDomain: scope.shopDomain,
    orderId: scope.orderId,
    orderName: scope.orderName,
    visitorKey: scope.visitorKey,
    codeHash: hashOf(secret, id, code),
    expiresAt: new Date(now.getTime() + ORDER_CODE_TTL_MINUTES * MINUTE_MS),
    createdAt: now,
    updatedAt: now,
  });
  return { id, code };
}

/** A code that could not be mailed is withdrawn (it must not count against the hourly codes). */
export async function withdrawCode(db: Db, id: string) {
  await db.delete(orderVerifications).where(eq(orderVerifications.id, id));
}
