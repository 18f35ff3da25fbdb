import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { type User, users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';
import { hashPassword } from './password-hashing';

/**
 * The account a commerce platform signs in (a Shopify shop's owner, spec §4 "Embedded mode"):
 * found by e-mail, or created verified (the platform vouched for it) and never staff, with a
 * random password nobody knows, so the only way in is through the platform (or a password reset
 * to that address). A deactivated account stays out.
 */
export async function ensurePlatformAccount({ db, email }: { db: DbOrTx; email: string }): Promise<User> {
  const existing = await findUser(db, email);
  if (existing) return activeOnly(existing);
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  // Two first sign-ins at once: the second insert does nothing and both read the same row.
  await db
    .insert(users)
    .values({ email, passwordHash, isStaff: false, emailVerified: true, tier: 'basic' })
    .onConflictDoNothing({ target: users.email });
  const user = await findUser(db, email);
  if (!user) throw new AppError('INTERNAL', 'The account could not be created.');
  return activeOnly(user);
}

async function findUser(db: DbOrTx, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

function activeOnly(user: User): User {
  if (!user.isActive) throw new AppError('UNAUTHORIZED', accountMessages.userInactive, { bodyCode: 'user_inactive' });
  return user;
}
