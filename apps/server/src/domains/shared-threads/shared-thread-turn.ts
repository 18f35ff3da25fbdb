import { CONVERSATION_NOT_FOUND_TEXT, type SharedChatMessageRequest } from '@aisle/contracts/visitor-chat';
import type { sharedMessages, sharedThreads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { refreshAfterShopperTurn } from '../analytics';
import { newVisitorToken, requireOpenShare, visitorTokenMatches } from '../sharing';
import type { LoadedTurn, TurnAnswer, TurnStore } from '../turns';
import { askerKey, HISTORY_MESSAGES } from '../turns';
import { recordTurnOutcome } from './record-turn-outcome';
import { SHARED_CHAT_NOTE, sharedHistoryOf } from './shared-history';
import type { SharedThreadsContext } from './shared-threads-context';
import { scheduleThreadSummary } from './summary-queue';
import {
  reuseQuestion,
  type StoredQuestion,
  saveSharedReply,
  storeFirstMessage,
  storeFollowUp,
  unavailableToVisitor,
} from './thread-writes';
import { loadSharedTurnSubjects } from './turn-subjects';
import { saveVisitorContact } from './visitor-contact';

type ThreadRow = typeof sharedThreads.$inferSelect;
type MessageRow = typeof sharedMessages.$inferSelect;
type Subjects = NonNullable<Awaited<ReturnType<typeof loadSharedTurnSubjects>>>;

export const conversationNotFound = () => new AppError('NOT_FOUND', CONVERSATION_NOT_FOUND_TEXT, { bodyCode: 'not_found' });

/** A shared thread as the turn reads it: the share, its assistant, the thread (none yet for a visitor's first message). */
export interface SharedTurn extends LoadedTurn {
  assistant: Subjects['assistant'];
  share: Subjects['share'];
  thread: ThreadRow | null;
  unanswered: { id: string } | undefined;
}

/** A shared turn's store: the turn-specific parts are the question's write and the reply's shaping. */
interface SharedStoreParts<Question extends { thread: ThreadRow }> {
  load(): Promise<SharedTurn | null>;
  storeQuestion(loaded: SharedTurn): Promise<Question>;
  /** What the channel can show of the reply's text (plain text on a messaging app). */
  replyText?(text: string): string;
}

/**
 * The turn store of a shared thread (a visitor's chat, or a channel's customer): the asker's message
 * is kept whatever happens next (it reaches the owner's inbox live), the reply is stored only while
 * auto-reply is on and charged to the owner in the same statement, a handoff or an unanswered
 * question is recorded for the shop, and the thread's summary is scheduled after every turn.
 */
function sharedThreadStore<Question extends { thread: ThreadRow }>(
  ctx: SharedThreadsContext,
  parts: SharedStoreParts<Question>,
): TurnStore<SharedTurn, Question, MessageRow> {
  let stored: Promise<Question> | undefined;
  /** The thread as last written: the summary is scheduled for it. */
  let latest: ThreadRow | null = null;
  return {
    load: parts.load,
    // No credit, or the month's messages used up: the shopper hears only that the chat is unavailable.
    cannotPay: () => ({ keepQuestion: true, error: unavailableToVisitor() }),
    storeQuestion(loaded) {
      stored ??= parts.storeQuestion(loaded).then((question) => {
        latest = question.thread;
        return question;
      });
      return stored;
    },
    async storeReply(loaded, question, answer) {
      const saved = await saveSharedReply(ctx, {
        thread: question.thread,
        assistant: loaded.assistant,
        text: parts.replyText ? parts.replyText(answer.text) : answer.text,
        usage: answer.usage,
        messageLimit: loaded.spending?.messageLimit,
      });
      latest = saved.thread ?? latest;
      return saved.reply;
    },
    recordOutcome: (loaded, question, answer: TurnAnswer) =>
      recordTurnOutcome(ctx, {
        thread: latest ?? question.thread,
        assistant: loaded.assistant,
        question: loaded.questionText,
        outcome: answer,
      }),
    settle(loaded) {
      const thread = latest ?? loaded.thread;
      if (!thread) return;
      // A visitor's first message made the thread: its summary job is new too.
      scheduleThreadSummary(ctx, thread, { fresh: !loaded.thread });
      // A shopper's message (from the public chat, the widget or a channel) counts on the owner's
      // dashboard within about a minute.
      refreshAfterShopperTurn(ctx, thread.ownerEmail);
    },
  };
}

/** What both kinds of shared turn read from the subjects. */
function sharedTurnOf(
  subjects: Subjects,
  thread: ThreadRow | null,
  question: string,
  earlier: Subjects['history'],
  unanswered?: { id: string },
) {
  const { assistant } = subjects;
  return {
    ownerEmail: assistant.ownerEmail,
    assistant,
    share: subjects.share,
    thread,
    storeIds: subjects.storeIds,
    hasFunctions: subjects.hasFunctions,
    spending: subjects.spending,
    messages: [...sharedHistoryOf(earlier.slice(0, HISTORY_MESSAGES).reverse()), { role: 'user' as const, content: question }],
    query: question,
    questionText: question,
    paused: thread?.autoReplyPaused ?? false,
    // A person from the shop can take over a shared thread (turns/handoff.ts).
    handoff: true,
    unanswered,
  };
}

export interface VisitorTurn extends SharedTurn {
  /** The visitor's token: theirs, or a new one with their first message. */
  visitorToken: string;
}

/**
 * A visitor's turn (spec §1, §7 Shared chat): the first message creates the thread and its visitor
 * token; later ones need that token (a wrong one, or another link's thread: "Conversation not
 * found."). The share is re-checked on every message.
 */
export function visitorThread(
  ctx: SharedThreadsContext,
  input: SharedChatMessageRequest,
): TurnStore<VisitorTurn, StoredQuestion, MessageRow> & { loaded(): VisitorTurn | undefined } {
  let loaded: VisitorTurn | undefined;
  const store = sharedThreadStore(ctx, {
    async load() {
      const subjects = await loadSharedTurnSubjects(ctx.db, input.token, input.sharedThreadId);
      requireOpenShare(subjects?.share);
      const { thread, history } = subjects;
      if (input.sharedThreadId && (!thread || !visitorTokenMatches(input.visitorToken, thread.visitorTokenHash)))
        throw conversationNotFound();
      // A question whose answer failed, asked again, is answered rather than stored twice. While
      // paused every message is kept: a visitor repeating "hello?" to a person is part of the conversation.
      const unanswered =
        !thread?.autoReplyPaused && thread && history[0]?.senderType === 'user' && history[0].content === input.message
          ? history.shift()
          : undefined;
      const visitorToken = thread ? (input.visitorToken as string) : newVisitorToken();
      loaded = {
        ...sharedTurnOf(subjects, thread, input.message, history, unanswered),
        systemNote: SHARED_CHAT_NOTE,
        visitorToken,
        // The visitor is their token (the same from the first message on, before the thread exists).
        orderHelp: { visitorKey: askerKey('visitor', visitorToken), sharedThreadId: thread?.id ?? null },
        // The lead-capture ability saves a contact on the thread, once the message is stored.
        saveContact: async (contact) => saveVisitorContact(ctx, (await typed.storeQuestion(loaded as VisitorTurn)).thread, contact),
      };
      return loaded;
    },
    storeQuestion(turn) {
      const { share, assistant, thread, unanswered, visitorToken } = turn as VisitorTurn;
      if (!thread) return storeFirstMessage(ctx, { share, assistant, content: input.message, origin: input.origin ?? 'web', visitorToken });
      if (unanswered) return reuseQuestion(ctx, thread, unanswered.id);
      return storeFollowUp(ctx, { thread, assistant, content: input.message });
    },
  });
  const typed = store as unknown as TurnStore<VisitorTurn, StoredQuestion, MessageRow>;
  return { ...typed, loaded: () => loaded };
}

export interface ChannelTurnRequest {
  shareToken: string;
  sharedThreadId: string;
  /** The stored customer message this turn answers. */
  messageId: string;
  /** The customer sent no text: this is the reply, and no model is asked. */
  fixedReply?: string;
  /**
   * The thread's channel, as the turn needs it: how it works (for the system prompt) and what it
   * can show of a reply (plain text); null for a thread of no channel (nothing to answer).
   */
  channelOf(thread: ThreadRow): { systemNote: string; replyText(text: string): string } | null;
  /** The customer's first message is answered: their profile may be filled in (best effort). */
  onFirstMessage?(thread: ThreadRow): Promise<void>;
}

/**
 * A channel customer's turn: the message is already stored (the webhook did), so the turn answers
 * the thread's latest message, and nothing when that is no longer the latest (answered already, or a
 * newer message's turn answers both): a retried or repeated job is harmless.
 */
export function channelThread(
  ctx: SharedThreadsContext,
  request: ChannelTurnRequest,
): TurnStore<SharedTurn, { thread: ThreadRow }, MessageRow> {
  let first = false;
  let channel: ReturnType<ChannelTurnRequest['channelOf']> = null;
  return sharedThreadStore(ctx, {
    async load() {
      const subjects = await loadSharedTurnSubjects(ctx.db, request.shareToken, request.sharedThreadId);
      const latest = subjects?.history[0];
      if (!subjects?.thread || latest?.id !== request.messageId || latest.senderType !== 'user') return null;
      const { thread } = subjects;
      channel = request.channelOf(thread);
      if (!channel) return null;
      first = subjects.history.length === 1;
      return {
        ...sharedTurnOf(subjects, thread, latest.content, subjects.history.slice(1)),
        systemNote: channel.systemNote,
        fixedReply: request.fixedReply,
        saveContact: (contact) => saveVisitorContact(ctx, thread, contact),
        orderHelp: { visitorKey: askerKey('thread', thread.id), sharedThreadId: thread.id },
      };
    },
    async storeQuestion(turn) {
      const thread = turn.thread as ThreadRow;
      if (first && request.onFirstMessage) await request.onFirstMessage(thread);
      return { thread };
    },
    replyText: (text) => channel?.replyText(text) ?? text,
  });
}
