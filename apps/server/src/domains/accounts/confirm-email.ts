import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db/database';
import { emailConfirmations, users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { emailChangedMail } from './account-mails';
import { accountMessages } from './account-messages';
import { hashConfirmationKey } from './email-confirmation-key';
import { endSessions } from './end-sessions';
import type { TokenSigner } from './tokens';

/** Moves everything an owner has from one address to the other, inside the caller's transaction. */
export type RenameOwner = (tx: Tx, change: { from: string; to: string }) => Promise<void>;

export interface ConfirmEmailInput {
  db: Db;
  key: string;
  tokens: Pick<TokenSigner, 'sessionsEnded'>;
  mailer: Mailer;
  logger: Pick<Logger, 'error'>;
  /**
   * For a key that confirms a change of address: what moves the account's data to the new address
   * (domains/account-data, which knows every owner of data; this domain is below them all).
   */
  renameOwner: RenameOwner;
}

/**
 * `verified` now, `email-changed` (the key confirmed a new address), or `already-verified`: the
 * link was followed before (or the address verified since).
 */
export type ConfirmEmailOutcome = 'verified' | 'email-changed' | 'already-verified';

/**
 * Follows a link from a confirmation mail. The key is consumed by a conditional UPDATE, so it works
 * once even when the link is opened twice at the same moment. Opening it again later is what people
 * do (a second click in the mail, a bookmarked tab): a key of an address that is verified by now
 * says so, rather than calling a good link invalid. Unknown keys, and expired keys of unverified
 * addresses, get the same invalid-token answer.
 *
 * A sign-up key verifies the account's address. A change-email key (one with `new_email`) moves the
 * account to the new address, in one transaction: the user's e-mail, every row the account owns
 * (`renameOwner`), every session ended (tokens carry the address, and the user signs in with the
 * new one) and the account's other pending links dropped. The old address is then told.
 */
export async function confirmEmail({ db, key, tokens, mailer, logger, renameOwner }: ConfirmEmailInput): Promise<ConfirmEmailOutcome> {
  const keyHash = hashConfirmationKey(key);
  const confirmed = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailConfirmations.keyHash, keyHash), isNull(emailConfirmations.usedAt), gt(emailConfirmations.expiresAt, sql`now()`)))
      .returning({ userId: emailConfirmations.userId, newEmail: emailConfirmations.newEmail });
    if (!used) return null;
    if (used.newEmail === null) {
      await tx.update(users).set({ emailVerified: true }).where(eq(users.id, used.userId));
      return { outcome: 'verified' as const };
    }
    return { outcome: 'email-changed' as const, change: await changeAddress(tx, used.userId, used.newEmail, renameOwner) };
  });
  if (confirmed?.outcome === 'verified') return 'verified';
  if (confirmed?.outcome === 'email-changed') {
    const { change } = confirmed;
    tokens.sessionsEnded(change.userId);
    mailer
      .send(emailChangedMail(change.from, change.language, change.to))
      .catch((error: unknown) => logger.error({ err: error, userId: change.userId }, 'e-mail change notice could not be sent'));
    return 'email-changed';
  }

  const [owner] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, newEmail: emailConfirmations.newEmail })
    .from(emailConfirmations)
    .innerJoin(users, eq(users.id, emailConfirmations.userId))
    .where(eq(emailConfirmations.keyHash, keyHash))
    .limit(1);
  // A change-email key counts as followed only while the account has the address it confirmed.
  if (owner && (owner.newEmail === null ? owner.emailVerified : owner.email === owner.newEmail)) return 'already-verified';
  throw new AppError('BAD_REQUEST', accountMessages.invalidToken);
}

async function changeAddress(tx: Tx, userId: string, newEmail: string, renameOwner: RenameOwner) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user?.isActive) throw new AppError('BAD_REQUEST', accountMessages.invalidToken);
  // Signed up by someone else since the link was sent: throwing keeps the key unused, and nothing moves.
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (taken && taken.id !== user.id) throw new AppError('BAD_REQUEST', accountMessages.emailTakenMeanwhile);
  await tx.update(users).set({ email: newEmail, emailVerified: true }).where(eq(users.id, user.id));
  await renameOwner(tx, { from: user.email, to: newEmail });
  await endSessions(tx, user.id);
  await tx.delete(emailConfirmations).where(and(eq(emailConfirmations.userId, user.id), isNull(emailConfirmations.usedAt)));
  return { userId: user.id, from: user.email, to: newEmail, language: user.language };
}
