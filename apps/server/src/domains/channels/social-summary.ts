import {
  type ChannelName,
  type ChannelSummary,
  channelLabels,
  channelNames,
  isMetaChannel,
  type SocialSummary,
} from '@aisle/contracts/channels';
import { asc, eq } from 'drizzle-orm';
import { assistants, messagingAccounts } from '../../db/schema';
import { toChannelAccount } from './account-representation';
import { channelMessages } from './channel-messages';
import type { ChannelsContext } from './channels-context';

/**
 * `GET meta/social/`: what `/social` shows, one entry per channel: the owner's accounts (with the
 * assistant behind each, the token's state, the last webhook and the last send error), whether the
 * channel can be used here, and the webhook URL (and Meta's verify token) where someone needs them:
 * every LINE owner pastes the URL into their channel; Meta's are the operator's (staff only).
 */
export async function getSocialSummary(ctx: ChannelsContext, viewer: { email: string; isStaff: boolean }): Promise<SocialSummary> {
  const rows = await ctx.db
    .select({ account: messagingAccounts, assistantName: assistants.assistantName })
    .from(messagingAccounts)
    .leftJoin(assistants, eq(assistants.id, messagingAccounts.assistantId))
    .where(eq(messagingAccounts.ownerEmail, viewer.email))
    .orderBy(asc(messagingAccounts.createdAt));
  const webhookUrl = (channel: ChannelName) => `${ctx.env.PUBLIC_URL}/api/${channel}/webhook/`;
  const channels: ChannelSummary[] = channelNames.map((channel) => {
    const meta = isMetaChannel(channel);
    const configured = !meta || ctx.meta !== null;
    return {
      channel,
      label: channelLabels[channel],
      configured,
      unavailableReason: configured ? null : channelMessages.metaNotConfigured,
      webhookUrl: meta ? (viewer.isStaff && configured ? webhookUrl(channel) : null) : webhookUrl(channel),
      verifyToken: meta && viewer.isStaff && ctx.meta ? ctx.meta.verifyToken : null,
      accounts: rows.filter((row) => row.account.channel === channel).map((row) => toChannelAccount(row.account, row.assistantName)),
    };
  });
  return { channels };
}
