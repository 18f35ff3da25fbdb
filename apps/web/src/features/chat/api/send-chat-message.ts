import type { ChatStreamEvent, ChatTurnResponse } from '@aisle/contracts/chat';
import { ApiError } from '@/lib/api-client';
import { brokenStreamEvent, readChatStream } from '../chat-stream-decoder';
import { parseLlmUsage } from '../format-usage';

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

const post = (options: SendChatMessageOptions, token: string | null) =>
  fetch('/api/chat/message/', {
    method: 'POST',
    headers: {
      accept: 'text/event-stream',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ threadId: options.threadId, content: options.content }),
    signal: options.signal,
  });

async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * One chat turn as server-sent events (spec §7 Chat). Failures before the stream starts (402 no
 * credit, 404, 400) throw ApiError like every REST call; once streaming, every outcome is an
 * event, and a stream that ends early becomes a retryable `error` event. Aborting the signal
 * (the Stop button) rejects with the AbortError and tells the server to stop.
 */
export async function sendChatMessage(options: SendChatMessageOptions): Promise<void> {
  let response: Response;
  try {
    response = await post(options, await options.getToken());
    if (response.status === 401) response = await post(options, await options.refreshToken());
  } catch (cause) {
    if (options.signal.aborted) throw cause;
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, await errorBody(response));

  // A server that answers JSON anyway (no streaming on its path) still gives a whole turn.
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    const turn = (await response.json()) as ChatTurnResponse;
    options.onEvent({ event: 'message', data: turn.userMessage });
    const usage = parseLlmUsage(turn.reply.llmUsage) ?? parseLlmUsage({});
    if (usage) options.onEvent({ event: 'done', data: { reply: turn.reply, usage } });
    return;
  }

  let ended = false;
  try {
    await readChatStream(response.body, (event) => {
      if (event.event === 'done' || event.event === 'error') ended = true;
      options.onEvent(event);
    });
  } catch (cause) {
    if (options.signal.aborted) throw cause;
  }
  if (!ended) options.onEvent(brokenStreamEvent);
}
