import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { id, ownerEmail, timestamps } from './columns';
import { sharedAssistants } from './sharing';

/**
 * A messaging account of an owner on one channel (spec §3 "Messaging account per channel"): a
 * Facebook page, an Instagram professional account, a WhatsApp business number or a LINE channel
 * (domains/channels). Rows are kept on disconnect, so a reconnected account continues its threads.
 */
export const messagingAccounts = pgTable(
  'messaging_accounts',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    /** instagram, messenger, whatsapp or line. */
    channel: text('channel').notNull(),
    /**
     * The platform's id webhooks name it by: the page id (Messenger), the Instagram account id, the
     * WhatsApp phone number id, the LINE bot's user id (webhooks' `destination`).
     */
    externalAccountId: text('external_account_id').notNull(),
    name: text('name'),
    pictureUrl: text('picture_url'),
    /**
     * `available`: listed by the owner's last Facebook Login, not chosen; `connected`: chosen, it
     * answers; `disconnected`: no token, its threads stay.
     */
    status: text('status').notNull().default('connected'),
    /** The token that sends (page token, WhatsApp business token, LINE channel access token), sealed to this row; null once disconnected. */
    accessToken: text('access_token'),
    /** The LINE channel secret (webhook signatures), sealed to this row. */
    channelSecret: text('channel_secret'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** The platform refused the token (revoked, expired): the owner must reconnect. */
    tokenInvalidAt: timestamp('token_invalid_at', { withTimezone: true }),
    tokenProblem: text('token_problem'),
    /** The Facebook user (app-scoped id) whose login connected it: deauthorize and data deletion name them. */
    metaUserId: text('meta_user_id'),
    /** What else sending needs: the page id behind an Instagram account, a WhatsApp account id, the LINE channel id. */
    metadata: jsonb('metadata'),
    assistantId: uuid('assistant_id').references(() => assistants.id, { onDelete: 'set null' }),
    /** The account's public face: every thread of its customers belongs to this share. */
    sharedAssistantId: uuid('shared_assistant_id').references(() => sharedAssistants.id, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true, precision: 3 }),
    lastWebhookAt: timestamp('last_webhook_at', { withTimezone: true, precision: 3 }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }),
    lastSendError: text('last_send_error'),
    lastSendErrorAt: timestamp('last_send_error_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('messaging_accounts_owner_channel_external_unique').on(t.ownerEmail, t.channel, t.externalAccountId),
    // One owner answers an account at a time: webhooks find it by the platform's id.
    uniqueIndex('messaging_accounts_connected_unique').on(t.channel, t.externalAccountId).where(sql`status = 'connected'`),
    index('messaging_accounts_owner_idx').on(t.ownerEmail),
  ],
);

/**
 * Meta's data deletion requests (Instagram's `data_deletion/` callback): what was deleted for whom,
 * found again by the confirmation code Meta shows the person. Holds no personal data.
 */
export const dataDeletionRequests = pgTable(
  'data_deletion_requests',
  {
    id: id(),
    ...timestamps(),
    confirmationCode: text('confirmation_code').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    conversationsDeleted: integer('conversations_deleted').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex('data_deletion_requests_code_unique').on(t.confirmationCode)],
);
