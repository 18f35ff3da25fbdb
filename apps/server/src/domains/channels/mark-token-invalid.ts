import { type ChannelName, channelLabels } from '@aisle/contracts/channels';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { messagingAccounts } from '../../db/schema';
import { notifyOwner } from '../notifications';
import { reconnectTitle } from './channel-messages';
import type { ChannelsContext } from './channels-context';
import type { AccountRow } from './messaging-accounts';

/**
 * The platform refused the account's token (revoked, expired, password changed): the account is
 * marked (`/social` shows it, sends stop until it is reconnected) and the owner is told once,
 * however many sends fail before they reconnect.
 */
export async function markTokenInvalid(ctx: Pick<ChannelsContext, 'db' | 'events' | 'logger'>, account: AccountRow, problem: string) {
  const label = channelLabels[account.channel as ChannelName] ?? account.channel;
  // The mark and the notice together: a mark without its notice would never be told again.
  const marked = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(messagingAccounts)
      .set({ tokenInvalidAt: sql`now()`, tokenProblem: problem.slice(0, 500), updatedAt: new Date() })
      .where(and(eq(messagingAccounts.id, account.id), isNull(messagingAccounts.tokenInvalidAt)))
      .returning({ id: messagingAccounts.id });
    if (!row) return false;
    await notifyOwner({
      db: tx,
      events: ctx.events,
      ownerEmail: account.ownerEmail,
      title: reconnectTitle(account.channel as ChannelName),
      content: `${label} no longer accepts Aisle’s access to ${account.name ?? 'your account'}. Open Social and connect it again; until then your assistant’s replies and yours cannot reach customers there.`,
    });
    return true;
  });
  if (marked) ctx.logger.warn({ channel: account.channel, account: account.externalAccountId }, 'the platform refused the account token');
}
