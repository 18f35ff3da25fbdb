import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SHARE_TOKEN_BYTES, VISITOR_TOKEN_BYTES } from '@aisle/contracts/sharing';

/** A share link's token: 192 random bits, base64url (contracts SHARE_TOKEN_BYTES). */
export const newShareToken = () => randomBytes(SHARE_TOKEN_BYTES).toString('base64url');

/** The token that alone reaches a visitor's thread; only its hash is stored. */
export const newVisitorToken = () => randomBytes(VISITOR_TOKEN_BYTES).toString('base64url');

export const hashVisitorToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Compares in constant time, so response times say nothing about how much of a guess was right. */
export function visitorTokenMatches(token: string | undefined, storedHash: string | null): boolean {
  if (!token || !storedHash || storedHash.length !== 64) return false;
  return timingSafeEqual(Buffer.from(hashVisitorToken(token), 'hex'), Buffer.from(storedHash, 'hex'));
}

/** The anonymous identity a visitor is known by in the owner's inbox (spec §1: "{email}"). */
export const newAnonymousEmail = () => `visitor-${randomBytes(4).toString('hex')}@anonymous.aisle`;
