import type { ChatMessage, Citation, LlmUsage, ToolCall } from '@aisle/contracts/chat';
import type { ProductCard } from '@aisle/contracts/commerce';

/**
 * The turn being asked, from the moment the merchant sends until the reply is stored:
 * sending → streaming → done, or → error / stopped at any point. A turn that ends well is moved
 * into the thread's messages; one that fails stays on screen with its error and a retry.
 */
export type ReplyStatus = 'sending' | 'streaming' | 'done' | 'error' | 'stopped';

export interface TurnError {
  code: string;
  detail: string;
  retryable: boolean;
}

export interface TurnState {
  status: ReplyStatus;
  question: string;
  /** The stored question, once the server says it kept it. */
  questionMessage: ChatMessage | null;
  text: string;
  citations: Citation[];
  /** The functions the assistant called so far, each updated when it returns. */
  toolCalls: ToolCall[];
  /** The store's products the reply names, as cards (the stream's `products`, before `done`). */
  products: ProductCard[];
  reply: ChatMessage | null;
  usage: LlmUsage | null;
  error: TurnError | null;
}

export type TurnAction =
  | { type: 'send'; question: string }
  | { type: 'retry' }
  | { type: 'message'; message: ChatMessage }
  | { type: 'token'; text: string }
  | { type: 'citations'; citations: Citation[] }
  | { type: 'products'; products: ProductCard[] }
  | { type: 'tool'; call: ToolCall }
  | { type: 'done'; reply: ChatMessage; usage: LlmUsage }
  | { type: 'error'; error: TurnError }
  | { type: 'stop' }
  /** The finished turn now lives in the thread's messages. */
  | { type: 'clear' };

export const isActive = (turn: TurnState | null) => turn?.status === 'sending' || turn?.status === 'streaming';

export function turnReducer(turn: TurnState | null, action: TurnAction): TurnState | null {
  if (action.type === 'send') {
    return {
      status: 'sending',
      question: action.question,
      questionMessage: null,
      text: '',
      citations: [],
      toolCalls: [],
      products: [],
      reply: null,
      usage: null,
      error: null,
    };
  }
  if (action.type === 'clear') return null;
  if (!turn) return turn;
  if (action.type === 'retry') {
    // The same question again: its bubble stays, the failed answer goes.
    return { ...turn, status: 'sending', text: '', citations: [], toolCalls: [], products: [], reply: null, usage: null, error: null };
  }
  // Events after the end (a late token after stop) change nothing.
  if (!isActive(turn)) return turn;
  switch (action.type) {
    case 'message':
      return { ...turn, status: 'streaming', questionMessage: action.message };
    case 'token':
      return { ...turn, status: 'streaming', text: turn.text + action.text };
    case 'citations':
      return { ...turn, citations: action.citations };
    case 'products':
      return { ...turn, products: action.products };
    case 'tool': {
      const known = turn.toolCalls.some((call) => call.toolCallId === action.call.toolCallId);
      const toolCalls = known
        ? turn.toolCalls.map((call) => (call.toolCallId === action.call.toolCallId ? action.call : call))
        : [...turn.toolCalls, action.call];
      return { ...turn, status: 'streaming', toolCalls };
    }
    case 'done':
      return {
        ...turn,
        status: 'done',
        text: action.reply.content,
        reply: action.reply,
        usage: action.usage,
        citations: action.usage.citations.length ? action.usage.citations : turn.citations,
        toolCalls: action.usage.toolCalls ?? turn.toolCalls,
        products: action.usage.products ?? turn.products,
      };
    case 'error':
      return { ...turn, status: 'error', error: action.error };
    case 'stop':
      return { ...turn, status: 'stopped' };
  }
}
