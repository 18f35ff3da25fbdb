import { randomUUID } from 'node:crypto';
import type { ChannelAccount, LineConnectRequest } from '@aisle/contracts/channels';
import { and, eq } from 'drizzle-orm';
import { messagingAccounts } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { loadOwnedAssistant } from '../../assistants';
import { requireWithinLimit } from '../../billing';
import { toChannelAccount } from '../account-representation';
import { sealAccessToken, sealChannelSecret } from '../account-vault';
import { channelMessages } from '../channel-messages';
import type { ChannelsContext } from '../channels-context';
import { chooseAccount } from '../choose-account';
import { lineCall, lineClient } from './line-client';

/**
 * `POST line/connect/`: an owner's LINE Messaging API channel, by the credentials from their LINE
 * Developers console. The access token is checked with LINE's bot-info call before anything is
 * saved (a refused one saves nothing); the bot's user id is what LINE's webhooks name the channel
 * by (`destination`). The token and the channel secret are sealed to the account's row. With an
 * assistant, the channel answers at once (as `line/account/` would); without, it waits for one.
 */
export async function connectLineChannel(
  ctx: ChannelsContext,
  input: LineConnectRequest & { ownerEmail: string },
): Promise<ChannelAccount> {
  const assistant = input.assistantId ? await loadOwnedAssistant(ctx.db, input.ownerEmail, input.assistantId) : null;
  const info = await lineCall(() => lineClient(ctx.lineOrigin, input.accessToken).getBotInfo());
  if (!info.ok) {
    if (info.failure.status === 401 || info.failure.status === 403)
      throw new AppError('BAD_REQUEST', channelMessages.lineCredentials, { bodyCode: 'line_credentials' });
    throw new AppError('BAD_GATEWAY', channelMessages.lineUnreachable);
  }
  const bot = info.body;
  const [existing] = await ctx.db
    .select({ id: messagingAccounts.id, status: messagingAccounts.status })
    .from(messagingAccounts)
    .where(
      and(
        eq(messagingAccounts.ownerEmail, input.ownerEmail),
        eq(messagingAccounts.channel, 'line'),
        eq(messagingAccounts.externalAccountId, bot.userId),
      ),
    )
    .limit(1);
  // With an assistant the channel is connected at once: a channel past the tier's limit is refused
  // (403, naming it) before anything is saved. Without one it only waits to be chosen.
  if (assistant && existing?.status !== 'connected') {
    await requireWithinLimit(ctx.db, { ownerEmail: input.ownerEmail, limit: 'channels' });
  }
  const id = existing?.id ?? randomUUID();
  const binding = { id, ownerEmail: input.ownerEmail };
  const values = {
    name: bot.displayName,
    pictureUrl: bot.pictureUrl ?? null,
    accessToken: sealAccessToken(ctx.key, binding, input.accessToken),
    channelSecret: sealChannelSecret(ctx.key, binding, input.channelSecret),
    tokenExpiresAt: null,
    tokenInvalidAt: null,
    tokenProblem: null,
    metadata: { channelId: input.channelId, basicId: bot.basicId },
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await ctx.db
        .update(messagingAccounts)
        .set({ ...values, status: existing.status === 'connected' ? 'connected' : 'available' })
        .where(eq(messagingAccounts.id, id))
        .returning()
    : await ctx.db
        .insert(messagingAccounts)
        .values({ id, ownerEmail: input.ownerEmail, channel: 'line', externalAccountId: bot.userId, status: 'available', ...values })
        .returning();
  if (!row) throw new Error('the LINE channel was not saved');
  if (assistant) return chooseAccount(ctx, { ownerEmail: input.ownerEmail, channel: 'line', accountId: row.id, assistantId: assistant.id });
  return toChannelAccount(row, null);
}
