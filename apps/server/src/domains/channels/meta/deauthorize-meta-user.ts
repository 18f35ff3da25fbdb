import { eq } from 'drizzle-orm';
import { messagingAccounts } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { channelMessages } from '../channel-messages';
import type { ChannelsContext } from '../channels-context';
import { markTokenInvalid } from '../mark-token-invalid';
import { requireMeta } from './meta-adapter';
import { parseSignedRequest } from './signed-request';

/**
 * `POST instagram/deauthorize/`, Meta's deauthorize callback: the person removed the app, so the
 * tokens their login gave no longer work. Every account they connected is marked (sends stop) and
 * its owner told to reconnect, as when a send is refused.
 */
export async function deauthorizeMetaUser(ctx: ChannelsContext, signedRequest: string | undefined) {
  const payload = parseSignedRequest(requireMeta(ctx).appSecret, signedRequest);
  if (!payload) throw new AppError('BAD_REQUEST', channelMessages.badSignedRequest);
  const accounts = await ctx.db.select().from(messagingAccounts).where(eq(messagingAccounts.metaUserId, payload.user_id));
  for (const account of accounts.filter((row) => row.accessToken && row.channel !== 'line'))
    await markTokenInvalid(ctx, account, 'The Facebook user who connected it removed the app.');
  return { accounts: accounts.length };
}
