import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import type { DbOrTx } from '../../db/database';
import { refreshTokens } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { INVALID_TOKEN_DETAIL, type TokenClaims, type TokenSigner, type TokenType } from './tokens';

/** The refresh token of these claims is still usable: recorded, not revoked, not expired. */
export function isOutstanding(claims: Pick<TokenClaims, 'jti' | 'user_id'>): SQL | undefined {
  return and(
    eq(refreshTokens.jti, claims.jti),
    eq(refreshTokens.userId, claims.user_id),
    isNull(refreshTokens.revokedAt),
    gt(refreshTokens.expiresAt, sql`now()`),
  );
}

/** Simple-JWT's answer for every unusable token; which check failed is not the client's business. */
export function invalidTokenError(cause?: unknown): AppError {
  return new AppError('UNAUTHORIZED', INVALID_TOKEN_DETAIL, { bodyCode: 'token_not_valid', cause });
}

/** Signature, expiry and (when given) type; a wrong type gets the same answer as a bad signature. */
export async function verifySignature(tokens: TokenSigner, token: string, type?: TokenType): Promise<TokenClaims> {
  let claims: TokenClaims;
  try {
    claims = await tokens.verify(token);
  } catch (error) {
    if (error instanceof AppError) throw invalidTokenError(error);
    throw error;
  }
  if (claims.token_type !== 'access' && claims.token_type !== 'refresh') throw invalidTokenError();
  if (type && claims.token_type !== type) throw invalidTokenError();
  if (!isUuid(claims.jti) || !isUuid(claims.user_id)) throw invalidTokenError();
  return claims;
}

export interface ValidateTokenInput {
  db: DbOrTx;
  tokens: TokenSigner;
  token: string;
}

/**
 * What `token/verify/` and `token/decode/` accept: any token of ours that is signed and unexpired,
 * and, for a refresh token, still outstanding (not rotated away or revoked by a password reset).
 */
export async function validateToken({ db, tokens, token }: ValidateTokenInput): Promise<TokenClaims> {
  const claims = await verifySignature(tokens, token);
  if (claims.token_type === 'refresh') {
    const [row] = await db.select({ jti: refreshTokens.jti }).from(refreshTokens).where(isOutstanding(claims)).limit(1);
    if (!row) throw invalidTokenError();
  }
  return claims;
}
