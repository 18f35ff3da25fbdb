import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { messagingAccounts, sharedAssistants, sharedMessages, sharedThreads } from '../../db/schema';

/** A stored message of a channel thread with its thread, the account it came to and the share it belongs to. */
export async function loadChannelMessage(db: Db, messageId: string) {
  const [row] = await db
    .select({ message: sharedMessages, thread: sharedThreads, account: messagingAccounts, shareToken: sharedAssistants.shareToken })
    .from(sharedMessages)
    .innerJoin(sharedThreads, eq(sharedThreads.id, sharedMessages.sharedThreadId))
    .innerJoin(messagingAccounts, eq(messagingAccounts.id, sharedThreads.channelAccountId))
    .innerJoin(sharedAssistants, eq(sharedAssistants.id, sharedThreads.sharedAssistantId))
    .where(eq(sharedMessages.id, messageId))
    .limit(1);
  return row;
}

export type ChannelMessageSubject = NonNullable<Awaited<ReturnType<typeof loadChannelMessage>>>;
