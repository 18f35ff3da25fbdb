import { type ChannelAccount, type ChannelName, isMetaChannel } from '@aisle/contracts/channels';
import { and, eq, ne, sql } from 'drizzle-orm';
import { messagingAccounts } from '../../db/schema';
import { AppError, databaseErrorCode } from '../../lib/app-error';
import { loadOwnedAssistant } from '../assistants/owned-rows';
import { createShare, retargetShare } from '../sharing/manage-shares';
import { toChannelAccount } from './account-representation';
import { openAccessToken } from './account-vault';
import { channelMessages } from './channel-messages';
import type { ChannelsContext } from './channels-context';
import { loadOwnedAccount } from './messaging-accounts';
import { requireMeta } from './meta/meta-adapter';
import { subscribeAccount } from './meta/meta-subscription';

/**
 * `POST {channel}/account/`: the owner picks the account that answers (one their last login listed,
 * or one already connected) and the assistant behind it. The account gets its own share (its
 * customers' threads belong to it; a later change of assistant keeps them), Meta's webhooks are
 * turned on for it (`subscribed_apps`), and from then on its customers are answered. An account
 * another owner answers with is refused.
 */
export async function chooseAccount(
  ctx: ChannelsContext,
  input: { ownerEmail: string; channel: ChannelName; accountId: string; assistantId: string },
): Promise<ChannelAccount> {
  const account = await loadOwnedAccount(ctx.db, input);
  const assistant = await loadOwnedAssistant(ctx.db, input.ownerEmail, input.assistantId);
  const token = account.accessToken ? openAccessToken(ctx.key, account) : null;
  if (!token) throw new AppError('CONFLICT', channelMessages.notChosen, { bodyCode: 'reconnect' });
  const [taken] = await ctx.db
    .select({ id: messagingAccounts.id })
    .from(messagingAccounts)
    .where(
      and(
        eq(messagingAccounts.channel, input.channel),
        eq(messagingAccounts.externalAccountId, account.externalAccountId),
        eq(messagingAccounts.status, 'connected'),
        ne(messagingAccounts.ownerEmail, input.ownerEmail),
      ),
    )
    .limit(1);
  if (taken) throw new AppError('CONFLICT', channelMessages.takenByAnother(input.channel), { bodyCode: 'taken' });

  if (isMetaChannel(input.channel) && account.status !== 'connected') {
    const subscribed = await subscribeAccount(requireMeta(ctx), account, token);
    if (!subscribed.ok) throw new AppError('BAD_GATEWAY', `Facebook refused to connect this account: ${subscribed.failure.message}`);
  }
  const shareId = account.sharedAssistantId
    ? (await retargetShare(ctx, { ownerEmail: input.ownerEmail, shareId: account.sharedAssistantId, assistantId: assistant.id })).id
    : (await createShare(ctx, { ownerEmail: input.ownerEmail, assistantId: assistant.id })).id;
  try {
    const [row] = await ctx.db
      .update(messagingAccounts)
      .set({
        status: 'connected',
        assistantId: assistant.id,
        sharedAssistantId: shareId,
        connectedAt: account.status === 'connected' ? account.connectedAt : sql`now()`,
        updatedAt: new Date(),
      })
      .where(eq(messagingAccounts.id, account.id))
      .returning();
    return toChannelAccount(row ?? account, assistant.assistantName);
  } catch (error) {
    // Another owner chose it in the meantime (the connected-account index).
    if (databaseErrorCode(error) === '23505')
      throw new AppError('CONFLICT', channelMessages.takenByAnother(input.channel), { bodyCode: 'taken', cause: error });
    throw error;
  }
}
