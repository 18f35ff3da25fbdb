import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { refreshTokens, users } from '../../db/schema/users';

/**
 * Ends every session of the user, inside the caller's transaction: the token version goes up, so
 * every access and refresh token signed before is refused, and outstanding refresh tokens are
 * revoked too (their rows say why a refresh fails). After the commit the caller must call
 * `tokens.sessionsEnded(userId)` so every process stops honouring the old tokens at once.
 */
export async function endSessions(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
