import { z } from 'zod';
import { type ProductCard, productCardSchema, quickReplySchema } from './commerce';

/**
 * One chat turn (spec §7 Chat: POST chat/message/): the merchant's message in, the assistant's
 * reply out, as JSON or, with `Accept: text/event-stream`, as server-sent events.
 */
export const CHAT_MESSAGE_MAX_LENGTH = 16_000;

export const chatMessageRequestSchema = z.object({
  threadId: z.uuid('Must be a valid UUID.'),
  content: z
    .string()
    .trim()
    .min(1, 'This field may not be blank.')
    .max(CHAT_MESSAGE_MAX_LENGTH, `Ensure this field has no more than ${CHAT_MESSAGE_MAX_LENGTH} characters.`),
});
export type ChatMessageRequest = z.infer<typeof chatMessageRequestSchema>;

/** A passage the reply drew on, numbered as the reply cites it ([1], [2] …). */
export const citationSchema = z.object({
  number: z.number().int(),
  fileId: z.string(),
  fileName: z.string(),
  heading: z.string(),
  text: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** A tool the assistant called while answering (a linked function), and what came back. */
export const toolCallSchema = z.object({
  toolCallId: z.string(),
  name: z.string(),
  input: z.unknown(),
  /** Absent while the tool runs. */
  ok: z.boolean().optional(),
  output: z.unknown().optional(),
  error: z.string().optional(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

/** What a reply cost and how it was made: stored as the Message's `llmUsage`. */
export const llmUsageSchema = z.object({
  provider: z.string(),
  model: z.string(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  cachedInputTokens: z.number(),
  costUsd: z.number(),
  priced: z.boolean(),
  pricingAsOf: z.string(),
  citations: z.array(citationSchema),
  /** True when the safeguard answered without asking the model. */
  refused: z.boolean().optional(),
  /** The tools called on the way to the answer, in order. */
  toolCalls: z.array(toolCallSchema).optional(),
  /** The store's products the answer names, as cards (issue 32). */
  products: z.array(productCardSchema).optional(),
  /** Replies the shopper can send with one tap ("Talk to a person"). */
  quickReplies: z.array(quickReplySchema).optional(),
});
export type LlmUsage = z.infer<typeof llmUsageSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  ownerEmail: z.string().nullable(),
  threadID: z.string(),
  content: z.string(),
  senderType: z.string(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  llmUsage: z.unknown().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatTurnResponseSchema = z.object({ userMessage: chatMessageSchema, reply: chatMessageSchema });
export type ChatTurnResponse = z.infer<typeof chatTurnResponseSchema>;

/**
 * The server-sent events of a streamed turn, in order: message, then token* (with tool-call and
 * tool-result around each tool the assistant uses), then citations?, products? and done — or error.
 */
export type ChatStreamEvent =
  | { event: 'message'; data: ChatMessage }
  | { event: 'token'; data: { text: string } }
  | { event: 'tool-call'; data: ToolCall }
  | { event: 'tool-result'; data: ToolCall }
  | { event: 'citations'; data: Citation[] }
  | { event: 'products'; data: ProductCard[] }
  | { event: 'done'; data: { reply: ChatMessage; usage: LlmUsage } }
  | { event: 'error'; data: { code: string; detail: string; retryable: boolean } };
