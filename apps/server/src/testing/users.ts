import { randomBytes } from 'node:crypto';
import { createUser, hashPassword, issueTokenPair } from '../domains/accounts';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
}

export interface CreateVerifiedUserOptions {
  email?: string;
  password?: string;
  staff?: boolean;
}

/**
 * A signed-in, verified user for tests that are not about sign-up. It goes through the domain
 * functions rather than the HTTP calls, so suites creating many users never meet the sign-in rate
 * limit; the tokens are the same kind `POST /api/token/` returns (the refresh token is recorded).
 */
export async function createVerifiedUser(t: TestApp, options: CreateVerifiedUserOptions = {}): Promise<TestUser> {
  const email = (options.email ?? `user-${randomBytes(6).toString('hex')}@example.com`).trim().toLowerCase();
  const password = options.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const { db, tokens } = t.services;
  const user = await createUser({
    db,
    email,
    passwordHash: await hashPassword(password),
    isStaff: options.staff ?? false,
    emailVerified: true,
  });
  const pair = await issueTokenPair({ db, tokens, user });
  return { id: user.id, email: user.email, password, ...pair };
}
