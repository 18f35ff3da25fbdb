import type { LoginResponse } from '@aisle/contracts/accounts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';
import { checkPassword } from './check-password';
import { endSessions } from './end-sessions';
import { issueTokenPair } from './issue-token-pair';
import { hashPassword } from './password-hashing';
import type { TokenSigner } from './tokens';
import { toLoginUser } from './user-representation';

export interface ChangePasswordInput {
  db: Db;
  tokens: TokenSigner;
  userId: string;
  currentPassword: string;
  /** Checked against the new-password rule by the contract schema. */
  newPassword: string;
}

/**
 * The signed-in user sets a new password, typing the current one. In one transaction: the new hash
 * and password_changed_at (outstanding reset links stop working), every session ended
 * (end-sessions.ts: other browsers and devices are signed out) and a fresh token pair for the
 * browser that asked, which stays signed in. Answers like a sign-in.
 */
export async function changePassword({ db, tokens, userId, currentPassword, newPassword }: ChangePasswordInput): Promise<LoginResponse> {
  const user = await checkPassword({ db, userId, password: currentPassword, field: 'current_password' });
  const passwordHash = await hashPassword(newPassword);
  const result = await db.transaction(async (tx) => {
    // Conditional on the hash the password was checked against: of two changes racing, the second
    // finds the password changed and is told its current password is wrong.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!updated) return null;
    await endSessions(tx, user.id);
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).limit(1);
    if (!current) return null;
    const pair = await issueTokenPair({ db: tx, tokens, user: current });
    return { ...pair, user: toLoginUser(current) };
  });
  if (!result) throw AppError.fields({ current_password: [accountMessages.wrongCurrentPassword] });
  // Every process stops honouring the tokens signed before; the new pair carries the new version.
  tokens.sessionsEnded(user.id);
  return result;
}
