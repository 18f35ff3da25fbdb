import type { PublicMessage, VisitorThread } from '@aisle/contracts/visitor-chat';
import type { sharedThreads } from '../../db/schema';

/** A stored SharedMessage as a row or an API item (both carry these fields; dates as Date or ISO text). */
export interface MessageLike {
  id: unknown;
  content: unknown;
  senderType: unknown;
  isManualResponse: unknown;
  createdAt: unknown;
  llmUsage: unknown;
}

interface StoredCitation {
  number?: unknown;
  fileName?: unknown;
  heading?: unknown;
  text?: unknown;
}

/**
 * A message as the visitor sees it: its text and the passages it cites, never its usage, cost,
 * model or the owner's file ids. Content is plain text, exactly as stored: the page renders it as
 * text, so markup in it is shown, never run.
 */
export function toPublicMessage(message: MessageLike): PublicMessage {
  const usage = (message.llmUsage ?? {}) as { citations?: StoredCitation[] };
  const citations = Array.isArray(usage.citations) ? usage.citations : [];
  return {
    id: String(message.id),
    content: String(message.content),
    senderType: message.senderType === 'user' ? 'user' : 'assistant',
    isManualResponse: message.isManualResponse === true,
    createdAt: message.createdAt instanceof Date ? message.createdAt.toISOString() : new Date(String(message.createdAt)).toISOString(),
    citations: citations.map((citation) => ({
      number: Number(citation.number ?? 0),
      fileName: String(citation.fileName ?? ''),
      heading: String(citation.heading ?? ''),
      text: String(citation.text ?? ''),
    })),
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
