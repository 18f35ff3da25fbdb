import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../data-api/model-fields';
import type { User } from '../../db/schema/users';

/**
 * Django-style password-reset tokens: `<issued-at, base36 seconds>-<HMAC>`. Nothing is stored: the
 * HMAC covers the user's current password hash and password_changed_at, so the token stops
 * working the moment the password changes (single use) and after `lifetimeSeconds`. It covers the
 * e-mail address too: a link mailed to an address the account has since left (change-email) no
 * longer works.
 */
type ResetSubject = Pick<User, 'id' | 'email' | 'passwordHash' | 'passwordChangedAt'>;

export interface PasswordResetTokenOptions {
  secret: string;
  lifetimeSeconds: number;
  nowMs?: number;
}

const TOKEN_PATTERN = /^([0-9a-z]{1,12})-([0-9a-f]{32})$/;
/** Tolerates a little clock skew between app instances for a token issued "in the future". */
const CLOCK_SKEW_SECONDS = 60;

export function makePasswordResetToken(user: ResetSubject, options: PasswordResetTokenOptions): string {
  const issuedAt = Math.floor((options.nowMs ?? Date.now()) / 1000);
  return `${issuedAt.toString(36)}-${signature(user, issuedAt, options.secret)}`;
}

export function checkPasswordResetToken(user: ResetSubject, token: string, options: PasswordResetTokenOptions): boolean {
  const match = TOKEN_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const issuedAt = Number.parseInt(match[1], 36);
  const now = Math.floor((options.nowMs ?? Date.now()) / 1000);
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now + CLOCK_SKEW_SECONDS || now - issuedAt > options.lifetimeSeconds) return false;
  const expected = Buffer.from(signature(user, issuedAt, options.secret));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The `uid` of the reset link: the user id, base64url-encoded as Django does. */
export function encodeUid(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

export function decodeUid(uid: string): string | undefined {
  const userId = Buffer.from(uid, 'base64url').toString('utf8');
  return isUuid(userId) ? userId : undefined;
}

function signature(user: ResetSubject, issuedAt: number, secret: string): string {
  return (
    createHmac('sha256', secret)
      // Domain-separated from the JWTs, which use the same secret.
      .update(`aisle.password-reset|${user.id}|${user.email}|${user.passwordHash}|${user.passwordChangedAt.toISOString()}|${issuedAt}`)
      .digest('hex')
      .slice(0, 32)
  );
}
