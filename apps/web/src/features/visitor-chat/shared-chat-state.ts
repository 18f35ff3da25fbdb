import { shareTokenProblems } from '@aisle/contracts/sharing';
import type { PublicMessage, VisitorThread, VisitorThreadHistory } from '@aisle/contracts/visitor-chat';
import type { VisitorTurnError } from './visitor-error';

/** What reaches the visitor's thread again after a reload (kept per share token, `visitor-thread-store.ts`). */
export interface ThreadCredentials {
  sharedThreadId: string;
  visitorToken: string;
}

/**
 * The question being asked, from the moment the visitor sends until the reply is stored:
 * sending → streaming → (gone, its messages joined the thread), or → error / stopped. The stored
 * question joins `messages` as soon as the server says it kept it (`questionId`), so the live
 * stream delivering the same message is recognised as a duplicate.
 */
export interface VisitorTurn {
  status: 'sending' | 'streaming' | 'error' | 'stopped';
  question: string;
  questionId: string | null;
  text: string;
  error: VisitorTurnError | null;
  /** The server was too busy to start the answer: the page asks again by itself in this many seconds. */
  busyRetryInSeconds?: number;
}

export interface SharedChatState {
  thread: ThreadCredentials | null;
  /** The earlier messages of a remembered thread: `none` when there is no thread to load. */
  history: 'none' | 'loading' | 'loaded' | 'failed';
  /** Stored messages, one per id, oldest first. */
  messages: PublicMessage[];
  /** The shop paused auto-reply: a person answers, the bot stays quiet. */
  autoReplyPaused: boolean;
  turn: VisitorTurn | null;
}

export type SharedChatAction =
  | { type: 'history-loading' }
  | { type: 'history'; history: VisitorThreadHistory }
  | { type: 'history-failed' }
  /** The remembered thread was refused: start afresh. */
  | { type: 'forget-thread' }
  | { type: 'send'; question: string }
  | { type: 'retry' }
  | { type: 'thread'; thread: VisitorThread }
  | { type: 'question'; message: PublicMessage }
  | { type: 'token'; text: string }
  | { type: 'done'; reply: PublicMessage }
  | { type: 'paused' }
  | { type: 'error'; error: VisitorTurnError }
  /** 503 before anything was stored: the same question is sent again after `seconds`. */
  | { type: 'busy'; seconds: number }
  | { type: 'stop' }
  /** From the live stream: a manual reply, or any message stored from another tab. */
  | { type: 'live-message'; message: PublicMessage }
  | { type: 'live-thread'; autoReplyPaused: boolean }
  /** The link works again (the shop turned it back on): a question it refused can be sent again. */
  | { type: 'link-restored' };

export const initialSharedChatState = (thread: ThreadCredentials | null): SharedChatState => ({
  thread,
  history: thread ? 'loading' : 'none',
  messages: [],
  autoReplyPaused: false,
  turn: null,
});

export const isTurnActive = (turn: VisitorTurn | null) => turn?.status === 'sending' || turn?.status === 'streaming';

/**
 * Adds messages, keeping one per id (the latest copy) in `createdAt` order: history, the stream's
 * answer and the live stream may all deliver the same message, in any order.
 */
export function mergeMessages(current: readonly PublicMessage[], incoming: readonly PublicMessage[]): PublicMessage[] {
  if (!incoming.length) return current as PublicMessage[];
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  // Array.prototype.sort is stable: equal timestamps keep their arrival order.
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** The page's state machine: pure, so every transition is tested without a browser. */
export function sharedChatReducer(state: SharedChatState, action: SharedChatAction): SharedChatState {
  switch (action.type) {
    case 'history-loading':
      return { ...state, history: 'loading' };
    case 'history':
      return {
        ...state,
        history: 'loaded',
        messages: mergeMessages(state.messages, action.history.messages),
        autoReplyPaused: action.history.thread.autoReplyPaused,
      };
    case 'history-failed':
      return { ...state, history: 'failed' };
    case 'forget-thread':
      return { ...state, thread: null, history: 'none', messages: [], autoReplyPaused: false };
    case 'send':
      return { ...state, turn: { status: 'sending', question: action.question, questionId: null, text: '', error: null } };
    case 'retry':
      if (!state.turn || isTurnActive(state.turn)) return state;
      // The same question again; a stored copy stays in the thread, the failed answer goes.
      return { ...state, turn: { ...state.turn, status: 'sending', questionId: null, text: '', error: null } };
    case 'thread':
      return {
        ...state,
        thread: { sharedThreadId: action.thread.sharedThreadId, visitorToken: action.thread.visitorToken },
        autoReplyPaused: action.thread.autoReplyPaused,
      };
    case 'question': {
      const messages = mergeMessages(state.messages, [action.message]);
      if (!isTurnActive(state.turn) || !state.turn) return { ...state, messages };
      return {
        ...state,
        messages,
        turn: { ...state.turn, status: 'streaming', questionId: action.message.id, busyRetryInSeconds: undefined },
      };
    }
    case 'token':
      if (!isTurnActive(state.turn) || !state.turn) return state;
      return { ...state, turn: { ...state.turn, status: 'streaming', text: state.turn.text + action.text } };
    case 'done':
      // Kept even after a stop or a live copy: the reply is stored, so it belongs in the thread.
      return { ...state, messages: mergeMessages(state.messages, [action.reply]), turn: isTurnActive(state.turn) ? null : state.turn };
    case 'paused':
      return { ...state, autoReplyPaused: true, turn: isTurnActive(state.turn) ? null : state.turn };
    case 'error':
      if (!isTurnActive(state.turn) || !state.turn) return state;
      return { ...state, turn: { ...state.turn, status: 'error', error: action.error, busyRetryInSeconds: undefined } };
    case 'busy':
      if (!isTurnActive(state.turn) || !state.turn) return state;
      return { ...state, turn: { ...state.turn, status: 'sending', busyRetryInSeconds: action.seconds } };
    case 'stop':
      if (!isTurnActive(state.turn) || !state.turn) return state;
      return { ...state, turn: { ...state.turn, status: 'stopped', busyRetryInSeconds: undefined } };
    case 'live-message': {
      const messages = mergeMessages(state.messages, [action.message]);
      // The visitor's own question can arrive live before the send's `message` event: it is the
      // turn's question then (shown once, as stored), not a second copy beside the pending one.
      if (
        state.turn &&
        isTurnActive(state.turn) &&
        state.turn.questionId === null &&
        action.message.senderType === 'user' &&
        action.message.content === state.turn.question
      ) {
        return { ...state, messages, turn: { ...state.turn, questionId: action.message.id } };
      }
      // The bot's stored reply arriving live before the stream's `done` ends the turn: the stored
      // text is the whole answer, and showing both would duplicate it.
      const endsTurn =
        state.turn?.status === 'streaming' &&
        state.turn.questionId !== null &&
        action.message.senderType === 'assistant' &&
        !action.message.isManualResponse;
      return { ...state, messages, turn: endsTurn ? null : state.turn };
    }
    case 'live-thread':
      return { ...state, autoReplyPaused: action.autoReplyPaused };
    case 'link-restored':
      if (state.turn?.status !== 'error' || !state.turn.error || !(state.turn.error.code in shareTokenProblems)) return state;
      return { ...state, turn: { ...state.turn, error: { ...state.turn.error, retryable: true } } };
  }
}
