import type { ChatStreamEvent, ChatTurnResponse } from '@aisle/contracts/chat';
import { isEventStream, postEventStream } from '@/lib/post-event-stream';
import { readTurnStream } from '@/lib/read-turn-stream';
import { parseLlmUsage } from '../format-usage';

const streamEvents: readonly ChatStreamEvent['event'][] = [
  'message',
  'token',
  'tool-call',
  'tool-result',
  'citations',
  'products',
  'done',
  'error',
];

export interface SendChatMessageOptions {
  threadId: string;
  content: string;
  /** A valid access token, refreshed first when needed (the session store's). */
  getToken: () => Promise<string | null>;
  /** Forces a refresh, for a token the server refused although it looked valid. */
  refreshToken: () => Promise<string | null>;
  signal: AbortSignal;
  onEvent: (event: ChatStreamEvent) => void;
}

/**
 * One chat turn as server-sent events (spec §7 Chat). Failures before the stream starts (402 no
 * credit, 404, 400) throw ApiError like every REST call; once streaming, every outcome is an
 * event, and a stream that ends early becomes a retryable `error` event. Aborting the signal
 * (the Stop button) rejects with the AbortError and tells the server to stop.
 */
export async function sendChatMessage(options: SendChatMessageOptions): Promise<void> {
  const response = await postEventStream({
    path: '/api/chat/message/',
    body: { threadId: options.threadId, content: options.content },
    signal: options.signal,
    getToken: options.getToken,
    refreshToken: options.refreshToken,
  });

  // A server that answers JSON anyway (no streaming on its path) still gives a whole turn.
  if (!isEventStream(response)) {
    const turn = (await response.json()) as ChatTurnResponse;
    options.onEvent({ event: 'message', data: turn.userMessage });
    const usage = parseLlmUsage(turn.reply.llmUsage) ?? parseLlmUsage({});
    if (usage) options.onEvent({ event: 'done', data: { reply: turn.reply, usage } });
    return;
  }

  await readTurnStream<ChatStreamEvent>({
    body: response.body,
    names: streamEvents,
    endings: ['done'],
    signal: options.signal,
    onEvent: options.onEvent,
  });
}
