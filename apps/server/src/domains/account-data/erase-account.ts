import { eq } from 'drizzle-orm';
import { eraseOwnedRows } from '../../db/erase-owned-rows';
import { assistants, stores } from '../../db/schema';
import { type User, users } from '../../db/schema/users';
import { removeReplacedAvatar } from '../accounts';
import { eraseOwnerExports } from '../exports';
import { deleteStore } from '../knowledge';
import type { AccountDataContext } from './account-data-context';

/**
 * Deletes an account and everything it owns, as shop/redact erases a shop's own account
 * (shopify/redact-shop.ts): its stores through the knowledge domain first (their files are on disk
 * too), its exports with their bytes, then in one transaction every owned row (every table with an
 * `owner_email` column; their children cascade) and the user (its ledger, subscriptions, tokens and
 * keys cascade with it). Its sessions end on every process, and uploaded avatars nobody shows any
 * more are removed.
 */
export async function eraseAccount(ctx: AccountDataContext, user: Pick<User, 'id' | 'email' | 'avatar'>): Promise<void> {
  const ownerEmail = user.email;
  const shownAvatars = await ctx.db
    .select({ assistant: assistants.assistantAvatarUrl, user: assistants.userAvatarUrl })
    .from(assistants)
    .where(eq(assistants.ownerEmail, ownerEmail));
  const avatars = new Set([user.avatar, ...shownAvatars.flatMap((row) => [row.assistant, row.user])].filter((url) => url !== null));

  const owned = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.ownerEmail, ownerEmail));
  for (const store of owned) await deleteOwnedStore(ctx, ownerEmail, store.id);
  await eraseOwnerExports(ctx.exports, ownerEmail);
  const erased = await ctx.db.transaction(async (tx) => {
    const rows = await eraseOwnedRows(tx, ownerEmail);
    await tx.delete(users).where(eq(users.id, user.id));
    return rows;
  });
  // The account's tokens stop working on every process now, not when they expire.
  ctx.tokens.sessionsEnded(user.id);
  for (const url of avatars) await removeReplacedAvatar({ db: ctx.db, env: ctx.env, storage: ctx.storage, previousUrl: url });
  ctx.logger.info({ userId: user.id, erased }, 'account deleted with everything it owned');
}

async function deleteOwnedStore(ctx: AccountDataContext, ownerEmail: string, storeId: string) {
  try {
    await deleteStore(ctx.knowledge, { ownerEmail, id: storeId });
  } catch (error) {
    // Deleted meanwhile (the owner's other tab): nothing to delete.
    if ((error as { code?: string }).code !== 'NOT_FOUND') throw error;
  }
}
