import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';
import { endSessions } from './end-sessions';
import { hashPassword } from './password-hashing';
import { checkPasswordResetToken, decodeUid } from './password-reset-token';
import type { TokenSigner } from './tokens';

export interface ConfirmPasswordResetInput {
  db: Db;
  env: Env;
  tokens: TokenSigner;
  uid: string;
  token: string;
  newPassword: string;
}

/**
 * Sets a new password from a reset link. In one transaction: the new hash, password_changed_at
 * (which invalidates the link and any other outstanding reset link), and every session of the user
 * ended (end-sessions.ts): access and refresh tokens from before stop working on every process.
 */
export async function confirmPasswordReset({ db, env, tokens, uid, token, newPassword }: ConfirmPasswordResetInput): Promise<void> {
  const invalid = () => new AppError('BAD_REQUEST', accountMessages.invalidToken);
  const userId = decodeUid(uid);
  if (!userId) throw invalid();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.isActive) throw invalid();
  if (!checkPasswordResetToken(user, token, { secret: env.JWT_SECRET, lifetimeSeconds: env.PASSWORD_RESET_LIFETIME })) throw invalid();

  const passwordHash = await hashPassword(newPassword);
  const changed = await db.transaction(async (tx) => {
    // Conditional on the hash the token was checked against: of two requests racing with one
    // link, only the first changes the password.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!updated) return false;
    await endSessions(tx, user.id);
    return true;
  });
  if (!changed) throw invalid();
  tokens.sessionsEnded(user.id);
}
