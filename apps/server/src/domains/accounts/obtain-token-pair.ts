import type { LoginResponse } from '@aisle/contracts/accounts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import type { TokenSigner } from '../auth/tokens';
import { accountMessages } from './account-messages';
import { issueTokenPair } from './issue-token-pair';
import { verifyAgainstDummy, verifyPassword } from './password-hashing';
import { toLoginUser } from './user-representation';

export interface ObtainTokenPairInput {
  db: Db;
  tokens: TokenSigner;
  /** Normalised (trimmed, lower-cased) by the contract schema. */
  email: string;
  password: string;
}

/**
 * Sign-in (`POST /api/token/`). Unknown e-mail, wrong password and inactive account all get one
 * answer, and the password is hashed either way, so neither the message nor the timing tells
 * whether an e-mail has an account. Only a correct password learns that the e-mail is unverified.
 */
export async function obtainTokenPair({ db, tokens, email, password }: ObtainTokenPairInput): Promise<LoginResponse> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const passwordMatches = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !passwordMatches || !user.isActive) throw new AppError('UNAUTHORIZED', accountMessages.noActiveAccount);
  if (!user.emailVerified) throw new AppError('UNAUTHORIZED', accountMessages.emailNotVerified);

  const pair = await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, user.id));
    return issueTokenPair({ db: tx, tokens, user });
  });
  return { ...pair, user: toLoginUser(user) };
}
