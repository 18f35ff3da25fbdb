import type { Session } from '@shopify/shopify-api';
import type { shopConnections } from '../../db/schema';
import { openSecret, sealSecret } from '../variables';

type ConnectionRow = typeof shopConnections.$inferSelect;

/**
 * The shops' offline tokens at rest: sealed with the secret variables' AES-256-GCM box and bound to
 * the connection row (its id and owner), so a token copied into another row or another owner's row
 * fails to open. The refresh token is bound under a different label, so the two cannot be swapped.
 * Tokens never leave this module except to authorise a call to that shop.
 */
const accessBinding = (row: Pick<ConnectionRow, 'id' | 'ownerEmail'>) => ({ ownerEmail: row.ownerEmail, id: row.id });
const refreshBinding = (row: Pick<ConnectionRow, 'id' | 'ownerEmail'>) => ({ ownerEmail: row.ownerEmail, id: `refresh:${row.id}` });

/** The token columns of a connection for a session the library returned (code grant, exchange, refresh). */
export function sealSession(key: Buffer, row: Pick<ConnectionRow, 'id' | 'ownerEmail'>, session: Session) {
  return {
    accessToken: session.accessToken ? sealSecret(key, session.accessToken, accessBinding(row)) : null,
    refreshToken: session.refreshToken ? sealSecret(key, session.refreshToken, refreshBinding(row)) : null,
    // No expiry: a non-expiring offline token (an install from before expiring tokens).
    accessTokenExpiresAt: session.expires ?? null,
    refreshTokenExpiresAt: session.refreshTokenExpires ?? null,
    scopes: session.scope ?? null,
    reauthorizeRequiredAt: null,
  };
}

export function openAccessToken(key: Buffer, row: Pick<ConnectionRow, 'id' | 'ownerEmail' | 'accessToken'>): string | null {
  return row.accessToken ? openSecret(key, row.accessToken, accessBinding(row)) : null;
}

export function openRefreshToken(key: Buffer, row: Pick<ConnectionRow, 'id' | 'ownerEmail' | 'refreshToken'>): string | null {
  return row.refreshToken ? openSecret(key, row.refreshToken, refreshBinding(row)) : null;
}

/**
 * A connection's token columns after its owner's e-mail changed: opened as sealed for
 * `previousOwner`, sealed again for the row as it is now. Throws SecretBoxError when one cannot be opened.
 */
export function resealTokens(
  key: Buffer,
  row: Pick<ConnectionRow, 'id' | 'ownerEmail' | 'accessToken' | 'refreshToken'>,
  previousOwner: string,
): Pick<ConnectionRow, 'accessToken' | 'refreshToken'> {
  const before = { ...row, ownerEmail: previousOwner };
  const access = openAccessToken(key, before);
  const refresh = openRefreshToken(key, before);
  return {
    accessToken: access === null ? null : sealSecret(key, access, accessBinding(row)),
    refreshToken: refresh === null ? null : sealSecret(key, refresh, refreshBinding(row)),
  };
}

/** The columns that revoke a connection's tokens (uninstall). */
export const revokedTokens = {
  accessToken: null,
  refreshToken: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
};
