import type { RefreshResponse } from '@aisle/contracts/accounts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { refreshTokens, users } from '../../db/schema/users';
import { issueTokenPair } from './issue-token-pair';
import type { TokenSigner } from './tokens';
import { toRefreshUser } from './user-representation';
import { invalidTokenError, isOutstanding, verifySignature } from './validate-token';

export interface RefreshTokenPairInput {
  db: Db;
  tokens: TokenSigner;
  refresh: string;
}

/**
 * Refresh with rotation (`POST /api/token/refresh/`): the presented refresh token is revoked and a
 * new pair issued in one transaction. The revoke is a conditional UPDATE, so of two requests racing
 * with the same token exactly one wins; a token that was already rotated never works again.
 */
export async function refreshTokenPair({ db, tokens, refresh }: RefreshTokenPairInput): Promise<RefreshResponse> {
  const claims = await verifySignature(tokens, refresh, 'refresh');
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(isOutstanding(claims))
      .returning({ userId: refreshTokens.userId });
    if (!revoked) throw invalidTokenError();
    const [user] = await tx.select().from(users).where(eq(users.id, revoked.userId)).limit(1);
    // Throwing rolls the revoke back too; that is fine, the token is useless for an inactive user.
    if (!user?.isActive) throw invalidTokenError();
    const pair = await issueTokenPair({ db: tx, tokens, user });
    return { ...pair, user: toRefreshUser(user) };
  });
}
