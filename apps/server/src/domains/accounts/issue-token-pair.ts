import type { DbOrTx } from '../../db/database';
import { refreshTokens, type User } from '../../db/schema/users';
import type { TokenSigner } from './tokens';

export interface IssueTokenPairInput {
  /** Pass the open transaction when the pair replaces a refresh token (rotation). */
  db: DbOrTx;
  tokens: TokenSigner;
  user: Pick<User, 'id' | 'email' | 'isStaff' | 'tokenVersion'>;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/**
 * Signs an access and a refresh token and records the refresh token as outstanding, so it can be
 * rotated once and revoked later (password reset). Access tokens are not recorded: they are
 * short-lived and checked by signature and the user's token version (accounts/end-sessions.ts).
 */
export async function issueTokenPair({ db, tokens, user }: IssueTokenPairInput): Promise<TokenPair> {
  const subject = { userId: user.id, email: user.email, isStaff: user.isStaff, tokenVersion: user.tokenVersion };
  const [access, refresh] = await Promise.all([tokens.sign('access', subject), tokens.sign('refresh', subject)]);
  await db.insert(refreshTokens).values({ jti: refresh.claims.jti, userId: user.id, expiresAt: new Date(refresh.claims.exp * 1000) });
  return { access: access.token, refresh: refresh.token };
}

/**
 * An access token alone, for a session the caller renews itself (the embedded app validates its
 * Shopify session every 3 minutes, spec §4): no refresh token is recorded for each renewal.
 */
export async function issueAccessToken({ tokens, user }: Omit<IssueTokenPairInput, 'db'>): Promise<string> {
  const access = await tokens.sign('access', {
    userId: user.id,
    email: user.email,
    isStaff: user.isStaff,
    tokenVersion: user.tokenVersion,
  });
  return access.token;
}
