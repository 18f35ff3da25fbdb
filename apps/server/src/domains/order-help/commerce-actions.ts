import type { CommerceActionKind } from '@aisle/contracts/commerce';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { commerceActions } from '../../db/schema';

export interface CommerceActionInput {
  ownerEmail: string;
  kind: CommerceActionKind;
  ok: boolean;
  /** The order tool's outcome (`orderToolOutcomes`), or `added` for a cart addition. */
  outcome: string;
  assistantId: string | null;
  sharedThreadId: string | null;
  /** The asker's digest (turns' `askerKey`). */
  visitorKey: string;
  shopDomain?: string | null;
  orderName?: string | null;
  /** What the owner may see: never a code, an address in full, or another customer's data. */
  detail?: Record<string, unknown> | null;
}

/** Records one thing the chat did (or tried) for a shopper, for the owner's counts and the guessing limits. */
export async function recordCommerceAction(db: Db, input: CommerceActionInput): Promise<void> {
  await db.insert(commerceActions).values({
    ownerEmail: input.ownerEmail,
    kind: input.kind,
    ok: input.ok,
    outcome: input.outcome,
    assistantId: input.assistantId,
    sharedThreadId: input.sharedThreadId,
    visitorKey: input.visitorKey,
    shopDomain: input.shopDomain ?? null,
    orderName: input.orderName ?? null,
    detail: input.detail ?? null,
  });
}

export type CommerceAction = typeof commerceActions.$inferSelect;

/**
 * What the chat did for an owner's shoppers, newest first: only this owner's rows (another
 * owner's never appear, whichever thread or shop is named). `sharedThreadId` narrows it to one
 * visitor's or channel customer's thread.
 */
export async function listCommerceActions(
  db: Db,
  ownerEmail: string,
  filter: { sharedThreadId?: string; limit?: number } = {},
): Promise<CommerceAction[]> {
  return db
    .select()
    .from(commerceActions)
    .where(
      and(
        eq(commerceActions.ownerEmail, ownerEmail),
        filter.sharedThreadId ? eq(commerceActions.sharedThreadId, filter.sharedThreadId) : undefined,
      ),
    )
    .orderBy(desc(commerceActions.createdAt))
    .limit(Math.min(filter.limit ?? 100, 500));
}
