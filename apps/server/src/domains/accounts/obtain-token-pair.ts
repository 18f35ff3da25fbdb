import type { LoginResponse } from '@aisle/contracts/accounts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';
import { issueTokenPair } from './issue-token-pair';
import { readKnownDevice, signKnownDevice } from './known-device';
import { clearLoginFailures, recordLoginFailure, refuseWhileLocked } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './password-hashing';
import type { TokenSigner } from './tokens';
import { toLoginUser } from './user-representation';

export interface ObtainTokenPairInput {
  db: Db;
  tokens: TokenSigner;
  /** Normalised (trimmed, lower-cased) by the contract schema. */
  email: string;
  password: string;
  /** The client's known-device marker (known-device.ts), if it sent one. */
  knownDevice?: string;
  /** Signs known-device markers: the server's secret. */
  secret: string;
}

export interface ObtainedTokenPair {
  body: LoginResponse;
  /** The marker the client keeps for its next sign-ins to this account. */
  knownDevice: string;
}

/**
 * Sign-in (`POST /api/token/`). Unknown e-mail, wrong password and inactive account all get one
 * answer, and the password is hashed either way, so neither the message nor the timing tells
 * whether an e-mail has an account. Only a correct password learns that the e-mail is unverified.
 * Repeated failures are throttled per account (login-throttle.ts), e-mails without one alike.
 */
export async function obtainTokenPair(input: ObtainTokenPairInput): Promise<ObtainedTokenPair> {
  const { db, tokens, email, password, secret } = input;
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const device = readKnownDevice(secret, input.knownDevice);
  const known = device && user && device.userId === user.id ? device : null;
  const throttleKey = known ? `device:${known.deviceId}:${email}` : `email:${email}`;
  await refuseWhileLocked(db, throttleKey);

  const passwordMatches = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  if (!user || !passwordMatches || !user.isActive) {
    await recordLoginFailure(db, throttleKey);
    throw new AppError('UNAUTHORIZED', accountMessages.noActiveAccount);
  }
  if (!user.emailVerified) throw new AppError('UNAUTHORIZED', accountMessages.emailNotVerified);

  const pair = await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, user.id));
    await clearLoginFailures(tx, throttleKey);
    return issueTokenPair({ db: tx, tokens, user });
  });
  return { body: { ...pair, user: toLoginUser(user) }, knownDevice: signKnownDevice(secret, user.id, known?.deviceId) };
}
