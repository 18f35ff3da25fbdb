import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerEmail, timestamps } from './columns';

/** Spec §3 Conversation (generic data layer). `metadata` is JSON text in the API. */
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    name: text('name'),
    metadata: jsonb('metadata'),
    ...timestamps(),
  },
  (t) => [index('conversations_owner_idx').on(t.ownerEmail, t.createdAt)],
);

/** Image formats a content block may carry (as Bedrock and the Amplify AI kit name them). */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';
/** Document formats a content block may carry: PDF goes to the model as a file, the rest as text. */
export type DocumentFormat = 'pdf' | 'csv' | 'html' | 'txt' | 'md';

/** Base64 bytes, as the API carries them. */
export interface ImageBlock {
  format: ImageFormat;
  source: { bytes: string };
}
export interface DocumentBlock {
  format: DocumentFormat;
  name: string;
  source: { bytes: string };
}
/** A tool the model asked to run; `input` is the parsed JSON arguments. */
export interface ToolUseBlock {
  toolUseId: string;
  name: string;
  input: unknown;
}
export type ToolResultContent = { text: string } | { json: unknown } | { image: ImageBlock };
/** What the app's tool gave back for the tool use of the same `toolUseId`. */
export interface ToolResultBlock {
  toolUseId: string;
  status?: 'success' | 'error' | null;
  content: ToolResultContent[];
}

/** Spec §3 content blocks (exactly one kind each), stored as `{text}`, `{image: …}`, `{toolUse: …}` … */
export type ContentBlock =
  | { text: string }
  | { image: ImageBlock }
  | { document: DocumentBlock }
  | { toolUse: ToolUseBlock }
  | { toolResult: ToolResultBlock }
  | { json: unknown };

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: jsonb('content').$type<ContentBlock[]>().notNull(),
    aiContext: jsonb('ai_context'),
    toolConfiguration: jsonb('tool_configuration'),
    ...timestamps(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** Spec §3 Stream event: one delta, block boundary, stop or error of an assistant reply. */
export const streamEvents = pgTable(
  'stream_events',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    associatedUserMessageId: uuid('associated_user_message_id'),
    contentBlockIndex: integer('content_block_index'),
    contentBlockDoneAtIndex: integer('content_block_done_at_index'),
    contentBlockDeltaIndex: integer('content_block_delta_index'),
    contentBlockText: text('content_block_text'),
    contentBlockToolUse: jsonb('content_block_tool_use'),
    stopReason: text('stop_reason'),
    errors: jsonb('errors'),
    createdAt: createdAt(),
  },
  (t) => [index('stream_events_conversation_idx').on(t.conversationId, t.createdAt)],
);
