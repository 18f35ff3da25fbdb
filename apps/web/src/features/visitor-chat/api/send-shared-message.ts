import type { SharedChatMessageRequest, SharedChatMessageResponse, SharedChatStreamEvent } from '@aisle/contracts/visitor-chat';
import { isEventStream, postEventStream } from '@/lib/post-event-stream';
import { readTurnStream } from '@/lib/read-turn-stream';

const streamEvents: readonly SharedChatStreamEvent['event'][] = ['thread', 'message', 'token', 'done', 'paused', 'error'];

/**
 * One visitor turn through `POST /api/shared-chat/stream/` (contract: `SharedChatStreamEvent`).
 * Failures before the stream starts (429 throttled, 402 unavailable, 404/410 link refused, 400)
 * throw ApiError like every REST call; once streaming, every outcome is an event, and a stream
 * that ends without `done`, `paused` or `error` becomes a retryable `error` event. Aborting the
 * signal (the Stop button) rejects with the AbortError and tells the server to stop.
 */
export async function sendSharedMessage(options: {
  request: SharedChatMessageRequest;
  signal: AbortSignal;
  onEvent: (event: SharedChatStreamEvent) => void;
}): Promise<void> {
  const response = await postEventStream({ path: '/api/shared-chat/stream/', body: options.request, signal: options.signal });

  // A proxy that buffers or a server answering JSON still gives a whole turn (`message/`'s shape).
  if (!isEventStream(response)) {
    const turn = (await response.json()) as SharedChatMessageResponse;
    const { userMessage, reply, ...thread } = turn;
    options.onEvent({ event: 'thread', data: thread });
    options.onEvent({ event: 'message', data: userMessage });
    options.onEvent(reply ? { event: 'done', data: { reply } } : { event: 'paused', data: { detail: '' } });
    return;
  }

  await readTurnStream<SharedChatStreamEvent>({
    body: response.body,
    names: streamEvents,
    endings: ['done', 'paused'],
    signal: options.signal,
    onEvent: options.onEvent,
  });
}
