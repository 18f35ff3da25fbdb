import type { Citation, LlmUsage } from '@aisle/contracts/chat';
import type { ProductCard, QuickReply } from '@aisle/contracts/commerce';
import type { FinishReason } from 'ai';
import type { ToolCallRecord } from '../ai';
import type { HandoffReason } from './handoff';

/** A tool call the model made of a tool the caller's app runs (the conversation API's client tools). */
export interface ClientToolUse {
  toolUseId: string;
  name: string;
  input: unknown;
}

/** A finished answer: its text, usage and cost (with citations and the functions it ran). */
export interface TurnAnswer {
  text: string;
  usage: LlmUsage;
  finishReason: FinishReason | undefined;
  /** Calls of client tools: the turn ended for the app to run them. */
  clientToolUses: ClientToolUse[];
  /** The assistant did not know the answer (the owner sees these questions in the inbox). */
  unanswered?: boolean;
  /** Why the thread needs a person now (only for turns that allow a handoff). */
  handoff?: HandoffReason;
  /** The store's products the answer names, as cards (also in `usage.products`, as stored). */
  products?: ProductCard[];
  /** One-tap replies under the answer (also in `usage.quickReplies`). */
  quickReplies?: QuickReply[];
}

/**
 * The one typed stream every turn produces, whoever asked and however it travels (server-sent
 * events of the private and visitor chats, the conversation API's subscription, a channel's
 * outbound message). Text comes as deltas, closed by `text-end` at each step's end; the assistant's
 * functions as `tool-call` then `tool-result`; the stream ends with `done` or `error`.
 */
export type TurnEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'text-end' }
  | { type: 'tool-call'; call: ToolCallRecord }
  | { type: 'tool-result'; call: ToolCallRecord }
  | { type: 'client-tool-call'; toolUse: ClientToolUse }
  | { type: 'citations'; citations: Citation[] }
  | { type: 'products'; products: ProductCard[] }
  | { type: 'usage'; usage: LlmUsage }
  | { type: 'done'; answer: TurnAnswer }
  | { type: 'error'; error: unknown };

/** Where a transport receives a turn's events, in order, as they happen. */
export type TurnSink = (event: TurnEvent) => void;
