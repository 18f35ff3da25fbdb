import type { ProductCard, QuickReply } from '@aisle/contracts/commerce';
import type { PublicMessage, VisitorThread } from '@aisle/contracts/visitor-chat';
import type { sharedThreads } from '../../db/schema';
import { type StoredCitation, visitorReplyOf } from './visitor-citations';

/** A stored SharedMessage as a row or an API item (both carry these fields; dates as Date or ISO text). */
export interface MessageLike {
  id: unknown;
  content: unknown;
  senderType: unknown;
  isManualResponse: unknown;
  createdAt: unknown;
  llmUsage: unknown;
  /** A manual reply's signature (null or absent: the shop's team). */
  senderName?: unknown;
}

/**
 * A message as the visitor sees it: its text and the sources it cites (a title and a snippet each,
 * `visitor-citations.ts`), never its usage, cost, model, the owner's file names or whole passages.
 * Content is plain text, exactly as stored (a bot's reply with its `[n]` markers renumbered): the
 * page renders it as text, so markup in it is shown, never run.
 */
export function toPublicMessage(message: MessageLike): PublicMessage {
  const usage = (message.llmUsage ?? {}) as { citations?: StoredCitation[]; products?: unknown; quickReplies?: unknown };
  const stored = Array.isArray(usage.citations) ? usage.citations : [];
  const manual = message.isManualResponse === true;
  // Visitors' and staff's words are shown exactly as written; only the bot's replies cite sources.
  const bot = message.senderType !== 'user' && !manual;
  const { content, citations } = bot
    ? visitorReplyOf(String(message.content), stored)
    : { content: String(message.content), citations: [] };
  return {
    id: String(message.id),
    content,
    senderType: message.senderType === 'user' ? 'user' : 'assistant',
    isManualResponse: manual,
    ...(manual && typeof message.senderName === 'string' && message.senderName ? { senderName: message.senderName } : {}),
    createdAt: message.createdAt instanceof Date ? message.createdAt.toISOString() : new Date(String(message.createdAt)).toISOString(),
    citations,
    // The store's products the reply named, and its one-tap replies, as stored with it (issue 32).
    ...(bot && Array.isArray(usage.products) && usage.products.length ? { products: usage.products as ProductCard[] } : {}),
    ...(bot && Array.isArray(usage.quickReplies) && usage.quickReplies.length ? { quickReplies: usage.quickReplies as QuickReply[] } : {}),
  };
}

export function toVisitorThread(thread: typeof sharedThreads.$inferSelect, visitorToken: string): VisitorThread {
  return {
    sharedThreadId: thread.id,
    visitorToken,
    anonymousEmail: thread.anonymousEmail ?? '',
    autoReplyPaused: thread.autoReplyPaused,
  };
}
