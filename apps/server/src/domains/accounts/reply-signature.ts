import { type ReplySignature, type ReplySigner, replySignatureOf, replySigners } from '@aisle/contracts/accounts';
import { TEAM_SIGNATURE } from '@aisle/contracts/visitor-chat';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { type User, users } from '../../db/schema/users';
import { loadActiveUser } from './load-active-user';

/*
 * How an owner's manual replies are signed to shoppers (their choice on /account): as the shop's
 * team, with their own display name, or with the shop's name. The inbox asks for the signature when
 * a reply is sent and stores it with the message, so a later change never re-signs old replies.
 */

const signerOf = (value: string): ReplySigner =>
  ((replySigners as readonly string[]).find((signer) => signer === value) as ReplySigner) ?? 'team';

export function toReplySignature(user: Pick<User, 'replySignedAs' | 'displayName' | 'shopName'>): ReplySignature {
  const settings = { signed_as: signerOf(user.replySignedAs), display_name: user.displayName ?? '', shop_name: user.shopName ?? '' };
  return { ...settings, signature: replySignatureOf(settings) };
}

/** The signed-in user's reply signature. */
export async function getReplySignature({ db, userId }: { db: DbOrTx; userId: string }): Promise<ReplySignature> {
  return toReplySignature(await loadActiveUser({ db, userId }));
}

export interface UpdateReplySignatureInput {
  db: DbOrTx;
  userId: string;
  signedAs: ReplySigner;
  /** Both names are kept whatever is chosen, so switching back finds the other one filled in. */
  displayName: string;
  shopName: string;
}

export async function updateReplySignature({
  db,
  userId,
  signedAs,
  displayName,
  shopName,
}: UpdateReplySignatureInput): Promise<ReplySignature> {
  const user = await loadActiveUser({ db, userId });
  const [updated] = await db
    .update(users)
    .set({ replySignedAs: signedAs, displayName: displayName || null, shopName: shopName || null })
    .where(eq(users.id, user.id))
    .returning();
  return toReplySignature(updated ?? user);
}

/**
 * The name a manual reply by this owner carries now, or null when it is signed as the shop's team
 * (the default, which shoppers see as TEAM_SIGNATURE, like replies sent before there was a choice).
 */
export async function replySignatureFor({ db, ownerEmail }: { db: DbOrTx; ownerEmail: string }): Promise<string | null> {
  const [owner] = await db
    .select({ replySignedAs: users.replySignedAs, displayName: users.displayName, shopName: users.shopName })
    .from(users)
    .where(eq(users.email, ownerEmail))
    .limit(1);
  const { signature } = toReplySignature(owner ?? { replySignedAs: 'team', displayName: null, shopName: null });
  return signature === TEAM_SIGNATURE ? null : signature;
}
