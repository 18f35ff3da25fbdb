import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { type User, users } from '../../db/schema/users';
import { createUser } from './create-user';
import { endSessions } from './end-sessions';
import { hashPassword } from './password-hashing';
import type { TokenSigner } from './tokens';

export interface ProvisionUserInput {
  db: Db;
  /** Normalised (trimmed, lower-cased) by the contract schema. */
  email: string;
  password: string;
  isStaff: boolean;
  /**
   * Tells running servers (through the event bus) that the account's sessions ended. Without it
   * (seeding a database no server has open) they notice within auth/token-versions.ts's TTL.
   */
  tokens?: Pick<TokenSigner, 'sessionsEnded'>;
}

/**
 * The operator's way in (`npm run user:create`): a verified user with this password and staff
 * flag, created or brought to that state if the e-mail exists. Setting the password ends the
 * account's other sessions, as a password reset does; so tokens claiming a staff flag it no longer
 * has stop working too.
 */
export async function provisionUser({
  db,
  email,
  password,
  isStaff,
  tokens,
}: ProvisionUserInput): Promise<{ user: User; created: boolean }> {
  const passwordHash = await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, isStaff, emailVerified: true, passwordChangedAt: sql`now()` })
      .where(eq(users.email, email))
      .returning();
    if (updated) {
      await endSessions(tx, updated.id);
      return { user: { ...updated, tokenVersion: updated.tokenVersion + 1 }, created: false };
    }
    const user = await createUser({ db: tx, email, passwordHash, isStaff, emailVerified: true });
    return { user, created: true };
  });
  if (!result.created) tokens?.sessionsEnded(result.user.id);
  return result;
}
