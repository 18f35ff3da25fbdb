import { randomUUID } from 'node:crypto';
import type { MetaChannel } from '@aisle/contracts/channels';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { messagingAccounts } from '../../../db/schema';
import { sealAccessToken } from '../account-vault';
import type { ChannelsContext } from '../channels-context';
import type { AccountRow } from '../messaging-accounts';
import type { MetaAccountCandidate } from './list-meta-accounts';

/**
 * The accounts a login listed, kept for the owner with their fresh tokens (sealed to each row): new
 * ones as `available` to choose, a disconnected one available again, a connected one still connected
 * with its token renewed (a login after a revoked token repairs it).
 */
export async function saveMetaAccounts(
  ctx: Pick<ChannelsContext, 'db' | 'key'>,
  input: { ownerEmail: string; channel: MetaChannel; metaUserId: string | null; accounts: MetaAccountCandidate[] },
): Promise<AccountRow[]> {
  const { ownerEmail, channel } = input;
  return ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(messagingAccounts)
      .where(
        and(
          eq(messagingAccounts.ownerEmail, ownerEmail),
          eq(messagingAccounts.channel, channel),
          inArray(
            messagingAccounts.externalAccountId,
            input.accounts.map((account) => account.externalAccountId),
          ),
        ),
      );
    const byExternal = new Map(existing.map((row) => [row.externalAccountId, row]));
    const saved: AccountRow[] = [];
    for (const account of input.accounts) {
      const found = byExternal.get(account.externalAccountId);
      const id = found?.id ?? randomUUID();
      const values = {
        name: account.name,
        pictureUrl: account.pictureUrl,
        accessToken: sealAccessToken(ctx.key, { id, ownerEmail }, account.token),
        tokenExpiresAt: account.tokenExpiresAt,
        tokenInvalidAt: null,
        tokenProblem: null,
        metaUserId: input.metaUserId,
        metadata: account.metadata,
        updatedAt: new Date(),
      };
      const [row] = found
        ? await tx
            .update(messagingAccounts)
            .set({ ...values, status: sql`CASE WHEN ${messagingAccounts.status} = 'connected' THEN 'connected' ELSE 'available' END` })
            .where(eq(messagingAccounts.id, id))
            .returning()
        : await tx
            .insert(messagingAccounts)
            .values({ id, ownerEmail, channel, externalAccountId: account.externalAccountId, status: 'available', ...values })
            .returning();
      if (row) saved.push(row);
    }
    return saved;
  });
}
