import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommended minimum).
 * `Algorithm` is a const enum the compiler cannot inline under isolatedModules, hence the literal.
 */
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash can never match; it is not an error the caller can act on.
    return false;
  }
}

// Computed once per process: a cache of a constant, not shared state.
let dummyHash: Promise<string> | undefined;

/**
 * Runs a full verification against a throwaway hash, so a login for an unknown e-mail takes as
 * long as one with a wrong password and response times do not reveal which e-mails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that matches no account');
  await verifyPassword(await dummyHash, password);
  return false;
}
