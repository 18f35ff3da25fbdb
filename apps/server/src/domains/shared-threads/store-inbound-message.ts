import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { assistants, messagingAccounts, sharedAssistants, sharedMessages, sharedThreads } from '../../db/schema';
import { rowFromJson, rowsOf } from '../../db/sql-helpers';
import type { SharedThreadsContext } from './shared-threads-context';

/** A channel customer's message as the thread stores it (the channel has made its content text). */
export interface InboundToStore {
  channel: string;
  /** The account it was sent to, by the platform's id. */
  accountExternalId: string;
  /** The customer, by the platform's id for them. */
  senderId: string;
  /** The platform's id of the message: one stored message per id. */
  messageId: string;
  /** When the customer sent it (ISO). */
  sentAt: string;
  /** What the inbox shows: the text, or a placeholder for what the bot cannot read. */
  content: string;
}

/**
 * The customer's stable anonymous identity in the inbox (spec §3 `anonymousEmail`): derived from
 * the account and their platform id, so their next message finds the same thread, and hashed, so
 * no phone number (WhatsApp's ids are numbers) is shown or stored in it.
 */
export function channelAnonymousEmail(channel: string, accountExternalId: string, senderId: string): string {
  const digest = createHash('sha256').update(`${channel}\u0000${accountExternalId}\u0000${senderId}`).digest('hex');
  return `customer-${digest.slice(0, 8)}@${channel}.anonymous.aisle`;
}

export interface StoredInbound {
  thread: typeof sharedThreads.$inferSelect;
  /** The stored message; `isNew` false when this platform message was stored before (a repeat). */
  message: typeof sharedMessages.$inferSelect;
  isNew: boolean;
  /** The token of the account's share: the answer's turn loads its subjects by it. */
  shareToken: string;
}

/**
 * A customer's message, in one statement (one round trip: under load every webhook shares the
 * embedded database): the account that answers the platform id it was sent to, the customer's
 * thread under the account's share (created on their first message, with `origin` the channel),
 * the message (once per platform id), and the account's last webhook and message times. Null when
 * no connected account with an assistant answers there. The owner's inbox hears it live.
 */
export async function storeInboundMessage(
  ctx: Pick<SharedThreadsContext, 'db' | 'events'>,
  message: InboundToStore,
): Promise<StoredInbound | null> {
  const sentAt = new Date(message.sentAt).toISOString();
  const [saved] = await rowsOf<{
    thread: Record<string, unknown> | null;
    created: boolean | null;
    question: Record<string, unknown> | null;
    earlier: Record<string, unknown> | null;
    share_token: string | null;
  }>(
    ctx.db,
    sql`
      WITH account AS (
        UPDATE ${messagingAccounts} SET last_webhook_at = now(), last_message_at = greatest(last_message_at, ${sentAt}::timestamptz)
        WHERE channel = ${message.channel} AND external_account_id = ${message.accountExternalId} AND status = 'connected'
          AND shared_assistant_id IS NOT NULL
        RETURNING id, owner_email, shared_assistant_id
      ), thread AS (
        INSERT INTO ${sharedThreads} (id, owner_email, shared_assistant_id, anonymous_email, origin, channel_account_id, channel_user_id,
                                      last_visitor_message_at)
        SELECT ${randomUUID()}, account.owner_email, account.shared_assistant_id,
               ${channelAnonymousEmail(message.channel, message.accountExternalId, message.senderId)}, ${message.channel}, account.id,
               ${message.senderId}, ${sentAt}::timestamptz
        FROM account
        ON CONFLICT (channel_account_id, channel_user_id) DO UPDATE
        SET last_activity_at = now(), updated_at = now(),
            last_visitor_message_at = greatest(${sharedThreads}.last_visitor_message_at, excluded.last_visitor_message_at)
        RETURNING *, (xmax = 0) AS created
      ), question AS (
        INSERT INTO ${sharedMessages} (owner_email, shared_thread_id, content, sender_type, use_case, channel_message_id)
        SELECT thread.owner_email, thread.id, ${message.content}, 'user',
               (SELECT ${assistants.useCase} FROM ${sharedAssistants} JOIN ${assistants} ON ${assistants.id} = ${sharedAssistants.originalAssistantId}
                WHERE ${sharedAssistants.id} = thread.shared_assistant_id),
               ${message.messageId}
        FROM thread
        ON CONFLICT (shared_thread_id, channel_message_id) DO NOTHING
        RETURNING *
      )
      SELECT (SELECT row_to_json(thread) FROM thread) AS thread, (SELECT created FROM thread) AS created,
             (SELECT row_to_json(question) FROM question) AS question,
             (SELECT row_to_json(m) FROM ${sharedMessages} m, thread
              WHERE m.shared_thread_id = thread.id AND m.channel_message_id = ${message.messageId}) AS earlier,
             (SELECT ${sharedAssistants.shareToken} FROM ${sharedAssistants}, thread WHERE ${sharedAssistants.id} = thread.shared_assistant_id)
               AS share_token`,
  );
  if (!saved?.thread || !saved.share_token) return null;
  const thread = rowFromJson(sharedThreads, saved.thread);
  if (!saved.question) {
    // Stored by an earlier delivery of the same message: nothing new to show.
    return saved.earlier
      ? { thread, message: rowFromJson(sharedMessages, saved.earlier), isNew: false, shareToken: saved.share_token }
      : null;
  }
  const question = rowFromJson(sharedMessages, saved.question);
  publishRow(ctx, getModel('SharedThread'), saved.created ? 'create' : 'update', thread);
  publishRow(ctx, getModel('SharedMessage'), 'create', question);
  return { thread, message: question, isNew: true, shareToken: saved.share_token };
}
