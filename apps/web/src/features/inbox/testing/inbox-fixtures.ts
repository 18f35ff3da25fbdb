import type { InboxMessage, InboxThread, RawMessage, RawThread } from '../api/shared-thread-fields';

/** Threads and messages for the inbox's tests; times are minutes after 10:00 UTC on one day. */
export const at = (minute: number) => new Date(Date.UTC(2026, 10, 3, 10, minute)).toISOString();

export function thread(id: string, minute: number, extra: Partial<InboxThread> = {}): InboxThread {
  return {
    id,
    sharedAssistantID: 'share-1',
    createdAt: at(0),
    updatedAt: at(minute),
    lastActivityAt: at(minute),
    anonymousEmail: `visitor-${id}@anonymous`,
    autoReplyPaused: false,
    origin: 'web',
    threadSummary: null,
    visitorContact: null,
    ownerLastReadAt: null,
    assistantName: 'Shop helper',
    originalAssistantID: 'assistant-1',
    lastMessage: null,
    lastVisitorMessageAt: null,
    needsHuman: false,
    needsHumanReason: null,
    needsHumanAt: null,
    ...extra,
  };
}

/** A thread as the data API answers it with the list-row selection. */
export function rawThread(id: string, minute: number, extra: Partial<RawThread> = {}): RawThread {
  return {
    id,
    sharedAssistantID: 'share-1',
    createdAt: at(0),
    updatedAt: at(minute),
    lastActivityAt: at(minute),
    anonymousEmail: `visitor-${id}@anonymous`,
    autoReplyPaused: false,
    origin: 'web',
    threadSummary: null,
    visitorContact: null,
    ownerLastReadAt: null,
    lastVisitorMessageAt: null,
    needsHuman: false,
    needsHumanReason: null,
    needsHumanAt: null,
    sharedAssistant: { id: 'share-1', assistantName: 'Shop helper', originalAssistantID: 'assistant-1' },
    lastMessage: { items: [] },
    ...extra,
  };
}

export function message(id: string, threadId: string, minute: number, extra: Partial<InboxMessage> = {}): InboxMessage {
  return {
    id,
    sharedThreadID: threadId,
    content: `message ${id}`,
    senderType: 'user',
    isManualResponse: false,
    createdAt: at(minute),
    llmUsage: null,
    deliveryStatus: null,
    deliveryError: null,
    ...extra,
  };
}

export const rawMessage = (id: string, threadId: string, minute: number, extra: Partial<RawMessage> = {}): RawMessage => ({
  ...message(id, threadId, minute),
  llmUsage: null,
  ...extra,
});
