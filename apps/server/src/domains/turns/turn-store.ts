import type { ModelMessage, ToolSet } from 'ai';
import type { assistants } from '../../db/schema';
import type { AppError } from '../../lib/app-error';
import type { Spending } from '../billing';
import type { AbilityScope } from '../functions';
import type { OrderHelpAsker } from '../order-help';
import type { ClientToolSpec } from './answer-turn';
import type { FunctionTool } from './assistant-tools';
import type { TurnAnswer } from './turn-events';

export type AssistantRow = typeof assistants.$inferSelect;

/**
 * What a thread holds for a turn, read before anything is written (in one round trip where the
 * thread kind allows): who answers, from what, for whom, and the thread so far.
 */
export interface LoadedTurn {
  ownerEmail: string;
  /** Null for a conversation that names no assistant (the default model answers). */
  assistant: AssistantRow | null;
  storeIds: string[];
  /** Whether the assistant has linked functions, or the functions when already loaded. */
  hasFunctions?: boolean;
  functionTools?: FunctionTool[];
  /** Tools the caller's app runs (the conversation API). */
  clientTools?: ClientToolSpec[];
  /** Tools the server runs within the turn besides the assistant's functions. */
  serverTools?: ToolSet;
  /** The owner's balance and messages this period: the credit and limit decisions are made from it. */
  spending: Spending | null;
  /** The thread so far, oldest first, ending with the question, as the model reads it. */
  messages: ModelMessage[];
  /** What the assistant's stores are searched for: the asker's latest words. */
  query: string;
  /** The question's words: what the safeguard reads and what an unanswered question is recorded as. */
  questionText: string;
  /** A person from the shop answers this thread now (auto-reply paused): the question is stored and nothing answers. */
  paused?: boolean;
  /** A reply given without a model (a channel message the bot cannot read). */
  fixedReply?: string;
  /** More for the system prompt (how this channel works, the app's context). */
  systemNote?: string;
  /** A person from the shop can take over this thread (turns/handoff.ts). */
  handoff?: boolean;
  /** The owner asks in their own chat: what only they should hear (why nothing is found) may be said. */
  ownerAsking?: boolean;
  /** Saves a lead on the shared thread (the lead-capture ability); absent for other thread kinds. */
  saveContact?: AbilityScope['saveContact'];
  /** Who asks, for the built-in order help (verification codes, guessing limits); absent: no order help. */
  orderHelp?: OrderHelpAsker;
}

/**
 * How a kind of thread keeps its turns: the storage port behind `runTurn`. There is one per thread
 * kind (a merchant's thread in `chat`, a shared thread in `shared-threads` for visitors and
 * channels, a conversation in `conversations`). A store is made for one turn and may keep state
 * between its calls (the row it stored, the thread as last written).
 */
export interface TurnStore<Loaded extends LoadedTurn, Question, Reply> {
  /** What the turn needs; null when there is nothing to answer. Throws the thread's not-found. */
  load(): Promise<Loaded | null>;
  /**
   * The owner cannot pay (or is out of messages): whether the question is kept anyway (a shopper's
   * message still reaches the inbox), and the error the asker hears.
   */
  cannotPay(loaded: Loaded, refusal: AppError): { keepQuestion: boolean; error: AppError };
  /** Stores the question (or finds the unanswered one asked again); runs while the model starts. Idempotent within the turn. */
  storeQuestion(loaded: Loaded): Promise<Question>;
  /** Stores the reply with its usage and charges for it (through billing); null when it was held back. */
  storeReply(loaded: Loaded, question: Question, answer: TurnAnswer): Promise<Reply | null>;
  /** What the answer means for the shop (a handoff, an unanswered question). */
  recordOutcome?(loaded: Loaded, question: Question, answer: TurnAnswer): Promise<void>;
  /** After the turn, however it ended (a shared thread's summary is scheduled). */
  settle?(loaded: Loaded): void;
}
