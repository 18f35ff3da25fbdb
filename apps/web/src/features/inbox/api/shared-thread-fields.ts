import { graphql, type ResultOf } from '@/graphql/graphql';

/**
 * Shared threads and messages as the owner's inbox reads them from the data API (spec §3
 * SharedThread, SharedMessage), the selections that fetch them, and the normalising of the raw
 * answers into the shapes the screen uses. The list row's preview, assistant name and unread state
 * come from the thread's relations (`sharedAssistant`, its newest message and its newest visitor
 * message), fetched with the thread.
 */

/** The newest message of a thread, as its list row previews it. */
export interface MessagePreview {
  content: string;
  senderType: string;
  isManualResponse: boolean;
  createdAt: string;
}

export interface InboxThread {
  id: string;
  sharedAssistantID: string;
  createdAt: string;
  updatedAt: string;
  lastActivityAt: string;
  anonymousEmail: string | null;
  autoReplyPaused: boolean;
  origin: string | null;
  threadSummary: string | null;
  /** What the visitor left through the lead-capture template. */
  visitorContact: VisitorContact | null;
  /** When the owner last opened the thread; a visitor message after it makes the thread unread. */
  ownerLastReadAt: string | null;
  assistantName: string | null;
  originalAssistantID: string | null;
  lastMessage: MessagePreview | null;
  lastVisitorMessageAt: string | null;
  /** Handed to a person (the shopper asked for one, seemed upset, or went twice unanswered). */
  needsHuman: boolean;
  /** Why: `asked`, `upset` or `unanswered` (see needsPersonReasonText). */
  needsHumanReason: string | null;
  needsHumanAt: string | null;
}

export interface VisitorContact {
  name?: string;
  email?: string;
  phone?: string;
  note?: string;
  savedAt?: string;
}

/** AWSJSON arrives as JSON text; anything that is not an object with a way to reach the visitor is no contact. */
export function readVisitorContact(value: unknown): VisitorContact | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const contact = parsed as Record<string, unknown>;
  const text = (key: string) => (typeof contact[key] === 'string' && contact[key] ? (contact[key] as string) : undefined);
  const result: VisitorContact = {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    note: text('note'),
    savedAt: text('savedAt'),
  };
  return result.email || result.phone ? result : null;
}

export interface InboxMessage {
  id: string;
  sharedThreadID: string;
  content: string;
  /** `user` is the visitor; anything else is a reply (the bot, or the team when `isManualResponse`). */
  senderType: string;
  isManualResponse: boolean;
  createdAt: string;
  llmUsage: unknown;
  /** A reply in a channel thread: `failed` when the platform did not take it (`deliveryError` says why). */
  deliveryStatus: string | null;
  deliveryError: string | null;
}

/** Visitor messages carry this sender type; replies (bot and team) carry `assistant`. */
export const VISITOR_SENDER = 'user';

/** A thread's own fields: what an update event carries. */
export const ThreadScalarFields = graphql(`
  fragment ThreadScalarFields on SharedThread {
    id sharedAssistantID createdAt updatedAt lastActivityAt anonymousEmail autoReplyPaused origin threadSummary visitorContact ownerLastReadAt lastVisitorMessageAt needsHuman needsHumanReason needsHumanAt
  }
`);

/** A thread with what its list row shows besides its own fields: the assistant's name and the newest message. */
export const ThreadFields = graphql(
  `
  fragment ThreadFields on SharedThread {
    ...ThreadScalarFields
    sharedAssistant { id assistantName originalAssistantID }
    lastMessage: sharedMessages(sortDirection: DESC, limit: 1) { items { content senderType isManualResponse createdAt } }
  }
`,
  [ThreadScalarFields],
);

export const MessageFields = graphql(`
  fragment MessageFields on SharedMessage {
    id sharedThreadID content senderType isManualResponse createdAt llmUsage deliveryStatus deliveryError
  }
`);

/** A thread as the data API answers it: its own fields, and the list-row relations when they were selected. */
export type RawThread = ResultOf<typeof ThreadScalarFields> &
  Partial<Pick<ResultOf<typeof ThreadFields>, 'sharedAssistant' | 'lastMessage'>>;

export type RawMessage = ResultOf<typeof MessageFields>;

/**
 * A raw thread as the inbox keeps it. Fields the answer did not select (an update event carries
 * only the thread's own fields) keep their `previous` values.
 */
export function toInboxThread(raw: RawThread, previous?: InboxThread): InboxThread {
  const preview = raw.lastMessage === undefined ? undefined : (raw.lastMessage?.items.find(Boolean) ?? null);
  const assistant = raw.sharedAssistant;
  return {
    id: raw.id,
    sharedAssistantID: raw.sharedAssistantID ?? '',
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
    lastActivityAt: raw.lastActivityAt ?? raw.updatedAt ?? raw.createdAt,
    anonymousEmail: raw.anonymousEmail ?? null,
    autoReplyPaused: raw.autoReplyPaused === true,
    origin: raw.origin ?? null,
    threadSummary: raw.threadSummary ?? null,
    visitorContact: raw.visitorContact === undefined ? (previous?.visitorContact ?? null) : readVisitorContact(raw.visitorContact),
    ownerLastReadAt: raw.ownerLastReadAt ?? null,
    assistantName: assistant === undefined ? (previous?.assistantName ?? null) : (assistant?.assistantName ?? null),
    originalAssistantID: assistant === undefined ? (previous?.originalAssistantID ?? null) : (assistant?.originalAssistantID ?? null),
    lastMessage:
      preview === undefined
        ? (previous?.lastMessage ?? null)
        : preview
          ? {
              content: preview.content ?? '',
              senderType: preview.senderType ?? VISITOR_SENDER,
              isManualResponse: preview.isManualResponse === true,
              createdAt: preview.createdAt ?? raw.updatedAt,
            }
          : null,
    lastVisitorMessageAt: raw.lastVisitorMessageAt === undefined ? (previous?.lastVisitorMessageAt ?? null) : raw.lastVisitorMessageAt,
    needsHuman: raw.needsHuman === undefined ? (previous?.needsHuman ?? false) : raw.needsHuman === true,
    needsHumanReason: raw.needsHumanReason === undefined ? (previous?.needsHumanReason ?? null) : raw.needsHumanReason,
    needsHumanAt: raw.needsHumanAt === undefined ? (previous?.needsHumanAt ?? null) : raw.needsHumanAt,
  };
}

export function toInboxMessage(raw: RawMessage): InboxMessage {
  return {
    id: raw.id,
    sharedThreadID: raw.sharedThreadID ?? '',
    content: raw.content ?? '',
    senderType: raw.senderType ?? VISITOR_SENDER,
    isManualResponse: raw.isManualResponse === true,
    createdAt: raw.createdAt,
    llmUsage: raw.llmUsage ?? null,
    deliveryStatus: raw.deliveryStatus ?? null,
    deliveryError: raw.deliveryError ?? null,
  };
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** True when `a` is strictly later than `b` (a missing `b` counts as never). */
export function isLater(a: string | null | undefined, b: string | null | undefined): boolean {
  const at = time(a);
  if (Number.isNaN(at)) return false;
  const bt = time(b);
  return Number.isNaN(bt) || at > bt;
}

/** The later of two timestamps. */
export const latest = (a: string | null, b: string | null): string | null => (isLater(b, a) ? b : a);

/** Unread: the visitor wrote after the owner last opened the thread. */
export const isUnread = (thread: Pick<InboxThread, 'lastVisitorMessageAt' | 'ownerLastReadAt'>) =>
  isLater(thread.lastVisitorMessageAt, thread.ownerLastReadAt);
