import { type ChannelAccount, type ChannelName, isMetaChannel } from '@aisle/contracts/channels';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { messagingAccounts } from '../../db/schema';
import { AppError, databaseErrorCode } from '../../lib/app-error';
import { loadOwnedAssistant } from '../assistants';
import { requireWithinLimit, withinLimit } from '../billing';
import { createShare, deleteShare, retargetShare } from '../sharing';
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
  // Connecting (or connecting again) takes one of the tier's channels: refused (403, naming the
  // limit) before Meta is called or a share is made. An account already connected only changes assistant.
  const connecting = account.status !== 'connected';
  if (connecting) await requireWithinLimit(ctx.db, { ownerEmail: input.ownerEmail, limit: 'channels' });

  if (isMetaChannel(input.channel) && account.status !== 'connected') {
    const subscribed = await subscribeAccount(requireMeta(ctx), account, token);
    if (!subscribed.ok) throw new AppError('BAD_GATEWAY', `Facebook refused to connect this account: ${subscribed.failure.message}`);
  }
  const newShare = !account.sharedAssistantId;
  const shareId = account.sharedAssistantId
    ? (await retargetShare(ctx, { ownerEmail: input.ownerEmail, shareId: account.sharedAssistantId, assistantId: assistant.id })).id
    : (await createShare(ctx, { ownerEmail: input.ownerEmail, assistantId: assistant.id })).id;
  const connect = (db: DbOrTx) =>
    db
      .update(messagingAccounts)
      .set({
        status: 'connected',
        assistantId: assistant.id,
        sharedAssistantId: shareId,
        connectedAt: connecting ? sql`now()` : account.connectedAt,
        updatedAt: new Date(),
      })
      .where(eq(messagingAccounts.id, account.id))
      .returning();
  try {
    // Checked again with the connection, holding the owner's account: two at once cannot both take the last place.
    const [row] = connecting ? await withinLimit(ctx, { ownerEmail: input.ownerEmail, limit: 'channels' }, connect) : await connect(ctx.db);
    return toChannelAccount(row ?? account, assistant.assistantName);
  } catch (error) {
    if (newShare && error instanceof AppError && error.bodyCode === 'limit_reached') {
      await deleteShare(ctx, { ownerEmail: input.ownerEmail, id: shareId }).catch(() => undefined);
    }
    // Another owner chose it in the meantime (the connected-account index).
    if (databaseErrorCode(error) === '23505')
      throw new AppError('CONFLICT', channelMessages.takenByAnother(input.channel), { bodyCode: 'taken', cause: error });
    throw error;
  }
}
