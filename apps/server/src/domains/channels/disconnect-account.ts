import { type ChannelAccount, type ChannelName, isMetaChannel } from '@aisle/contracts/channels';
import { and, eq, ne } from 'drizzle-orm';
import { messagingAccounts } from '../../db/schema';
import { toChannelAccount } from './account-representation';
import { openAccessToken } from './account-vault';
import type { ChannelsContext } from './channels-context';
import { type AccountRow, loadOwnedAccount } from './messaging-accounts';
import { subscriptionTarget, unsubscribeAccount } from './meta/meta-subscription';

/** Another connected account needs the same webhook subscription (a page's Instagram account, a number of the same WhatsApp account). */
async function subscriptionShared(ctx: Pick<ChannelsContext, 'db'>, account: AccountRow) {
  const target = subscriptionTarget(account).id;
  const others = await ctx.db
    .select()
    .from(messagingAccounts)
    .where(and(eq(messagingAccounts.status, 'connected'), ne(messagingAccounts.id, account.id)));
  return others.some((other) => other.channel !== 'line' && subscriptionTarget(other).id === target);
}

/**
 * `POST {channel}/disconnect/`: the account stops answering and its token (and LINE secret) is
 * deleted; its customers' threads stay in the inbox, and connecting it again continues them. Meta's
 * webhooks for it are turned off unless another connected account needs them; a failure there is
 * logged and does not keep the account connected.
 */
export async function disconnectAccount(
  ctx: ChannelsContext,
  input: { ownerEmail: string; channel: ChannelName; accountId: string },
): Promise<ChannelAccount> {
  const account = await loadOwnedAccount(ctx.db, input);
  if (ctx.meta && isMetaChannel(input.channel) && account.status === 'connected' && !(await subscriptionShared(ctx, account))) {
    try {
      const token = openAccessToken(ctx.key, account);
      const result = token ? await unsubscribeAccount(ctx.meta, account, token) : null;
      if (result && !result.ok)
        ctx.logger.warn({ channel: input.channel, status: result.failure.status }, 'could not turn off the account’s webhooks');
    } catch (error) {
      ctx.logger.warn({ err: error, channel: input.channel }, 'could not turn off the account’s webhooks');
    }
  }
  const [row] = await ctx.db
    .update(messagingAccounts)
    .set({
      status: 'disconnected',
      accessToken: null,
      channelSecret: null,
      tokenExpiresAt: null,
      tokenInvalidAt: null,
      tokenProblem: null,
      updatedAt: new Date(),
    })
    .where(eq(messagingAccounts.id, account.id))
    .returning();
  return toChannelAccount(row ?? account, null);
}
