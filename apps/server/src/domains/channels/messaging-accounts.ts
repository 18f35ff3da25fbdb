import type { ChannelName } from '@aisle/contracts/channels';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import type { DbOrTx } from '../../db/database';
import { messagingAccounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { channelMessages } from './channel-messages';

export type AccountRow = typeof messagingAccounts.$inferSelect;

/** The owner's account on this channel; another owner's, another channel's and a missing one are the same 404. */
export async function loadOwnedAccount(db: DbOrTx, input: { ownerEmail: string; channel: ChannelName; accountId: string }) {
  if (!isUuid(input.accountId)) throw new AppError('NOT_FOUND', channelMessages.accountNotFound);
  const [row] = await db
    .select()
    .from(messagingAccounts)
    .where(
      and(
        eq(messagingAccounts.id, input.accountId),
        eq(messagingAccounts.ownerEmail, input.ownerEmail),
        eq(messagingAccounts.channel, input.channel),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', channelMessages.accountNotFound);
  return row;
}
