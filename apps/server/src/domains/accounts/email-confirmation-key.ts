import { createHash, randomBytes } from 'node:crypto';

/** A fresh verification key: 256 random bits, URL-safe, sent only in the e-mail. */
export function newConfirmationKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a database leak does not hand out working verification links. */
export function hashConfirmationKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
