import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { id, ownerEmail, timestamps } from './columns';
import { sharedAssistants } from './sharing';

/** Spec §3 SharedThread: one visitor's conversation with a shared assistant. */
export const sharedThreads = pgTable(
  'shared_threads',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    sharedAssistantId: uuid('shared_assistant_id')
      .notNull()
      .references(() => sharedAssistants.id, { onDelete: 'cascade' }),
    ...timestamps(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    anonymousEmail: text('anonymous_email'),
    senderProfilePicUrl: text('sender_profile_pic_url'),
    ownerProfilePicUrl: text('owner_profile_pic_url'),
    autoReplyPaused: boolean('auto_reply_paused').notNull().default(false),
    lastResponseId: text('last_response_id'),
    origin: text('origin'),
    threadSummary: text('thread_summary'),
    /** Hash of the visitor token that alone reaches this thread from the public chat. */
    visitorTokenHash: text('visitor_token_hash'),
    /** When the owner last opened the thread in the inbox: later visitor messages are unread. */
    ownerLastReadAt: timestamp('owner_last_read_at', { withTimezone: true, precision: 3 }),
    /** The visitor's latest message (bot and staff replies do not make a thread unread). */
    lastVisitorMessageAt: timestamp('last_visitor_message_at', { withTimezone: true, precision: 3 }),
    /** When `threadSummary` was last written: a summary newer than the last activity is current. */
    summarizedAt: timestamp('summarized_at', { withTimezone: true, precision: 3 }),
    /** The contact a visitor left through the lead-capture template: {name, email, phone, note, savedAt}. */
    visitorContact: jsonb('visitor_contact'),
    /**
     * A person from the shop should answer (turns/handoff.ts): the shopper asked for one, was upset,
     * or went twice unanswered. Cleared by a hand-written reply or by the owner.
     */
    needsHuman: boolean('needs_human').notNull().default(false),
    /** asked, upset or unanswered. */
    needsHumanReason: text('needs_human_reason'),
    needsHumanAt: timestamp('needs_human_at', { withTimezone: true, precision: 3 }),
    /**
     * A channel's thread (origin instagram, messenger, whatsapp, line): the messaging account it came
     * to (`messaging_accounts.id`; no foreign key: integrations.ts already refers to this file, and
     * accounts are never deleted but with their owner) and the customer's id on that platform.
     */
    channelAccountId: uuid('channel_account_id'),
    channelUserId: text('channel_user_id'),
  },
  (t) => [
    index('shared_threads_owner_activity_idx').on(t.ownerEmail, t.lastActivityAt),
    index('shared_threads_assistant_idx').on(t.sharedAssistantId, t.lastActivityAt),
    // One thread per customer of an account (web threads have neither, and NULLs never collide).
    uniqueIndex('shared_threads_channel_user_unique').on(t.channelAccountId, t.channelUserId),
  ],
);

/** Spec §3 SharedMessage: the Message fields plus sharedThreadID and isManualResponse. */
export const sharedMessages = pgTable(
  'shared_messages',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    content: text('content').notNull(),
    senderType: text('sender_type').notNull(),
    sharedThreadId: uuid('shared_thread_id')
      .notNull()
      .references(() => sharedThreads.id, { onDelete: 'cascade' }),
    provider: text('provider'),
    model: text('model'),
    llmUsage: jsonb('llm_usage'),
    useCase: text('use_case'),
    isManualResponse: boolean('is_manual_response').notNull().default(false),
    /** Who signed a manual reply, as the shopper sees it (the owner's choice when it was sent); null otherwise. */
    senderName: text('sender_name'),
    /** In a channel thread: the platform's id of the message (mid, wamid, LINE message id), once known. */
    channelMessageId: text('channel_message_id'),
    /** A reply in a channel thread: null or `pending` until the outbound-send job ran, then `sent` or `failed`. */
    deliveryStatus: text('delivery_status'),
    deliveryError: text('delivery_error'),
  },
  (t) => [
    index('shared_messages_thread_idx').on(t.sharedThreadId, t.createdAt),
    // A platform message is stored once, however often its webhook arrives.
    uniqueIndex('shared_messages_channel_message_unique').on(t.sharedThreadId, t.channelMessageId),
  ],
);

/**
 * A shopper's question the assistant could not answer, for the owner's inbox list "questions the
 * assistant could not answer"; answering it adds a small FAQ document to the assistant's store.
 */
export const unansweredQuestions = pgTable(
  'unanswered_questions',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    sharedThreadId: uuid('shared_thread_id').references(() => sharedThreads.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    /** The owner's answer, once given; it is then a document in the store (`fileId`). */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, precision: 3 }),
    fileId: uuid('file_id'),
  },
  (t) => [index('unanswered_questions_owner_idx').on(t.ownerEmail, t.createdAt)],
);
