import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { refreshTokens, type User, users } from '../../db/schema/users';
import { createUser } from './create-user';
import { hashPassword } from './password-hashing';

export interface ProvisionUserInput {
  db: Db;
  /** Normalised (trimmed, lower-cased) by the contract schema. */
  email: string;
  password: string;
  isStaff: boolean;
}

/**
 * The operator's way in (`npm run user:create`): a verified user with this password and staff
 * flag, created or brought to that state if the e-mail exists. Setting the password ends the
 * account's other sessions, as a password reset does.
 */
export async function provisionUser({ db, email, password, isStaff }: ProvisionUserInput): Promise<{ user: User; created: boolean }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, isStaff, emailVerified: true, passwordChangedAt: sql`now()` })
      .where(eq(users.email, email))
      .returning();
    if (updated) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, updated.id), isNull(refreshTokens.revokedAt)));
      return { user: updated, created: false };
    }
    const user = await createUser({ db: tx, email, passwordHash, isStaff, emailVerified: true });
    return { user, created: true };
  });
}
