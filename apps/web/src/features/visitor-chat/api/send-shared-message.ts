import type { SharedChatMessageRequest, SharedChatMessageResponse, SharedChatStreamEvent } from '@aisle/contracts/sharing';
import { readEventStream } from '../event-stream-decoder';
import { postEventStream } from './post-event-stream';

const streamEvents: readonly SharedChatStreamEvent['event'][] = ['thread', 'message', 'token', 'done', 'paused', 'error'];

/** What a stream that cannot be read ends with: the question is stored, so asking again is safe. */
export const brokenStreamEvent: SharedChatStreamEvent = {
  event: 'error',
  data: { code: 'interrupted', detail: 'The answer was cut off. Please try again.', retryable: true },
};

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
  const response = await postEventStream('/api/shared-chat/stream/', options.request, options.signal);

  // A proxy that buffers or a server answering JSON still gives a whole turn (`message/`'s shape).
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    const turn = (await response.json()) as SharedChatMessageResponse;
    const { userMessage, reply, ...thread } = turn;
    options.onEvent({ event: 'thread', data: thread });
    options.onEvent({ event: 'message', data: userMessage });
    options.onEvent(reply ? { event: 'done', data: { reply } } : { event: 'paused', data: { detail: '' } });
    return;
  }

  let ended = false;
  const onEvent = (event: SharedChatStreamEvent) => {
    if (event.event === 'done' || event.event === 'paused' || event.event === 'error') ended = true;
    options.onEvent(event);
  };
  try {
    await readEventStream(response.body, streamEvents, onEvent, () => onEvent(brokenStreamEvent));
  } catch (cause) {
    if (options.signal.aborted) throw cause;
  }
  if (!ended) options.onEvent(brokenStreamEvent);
}
