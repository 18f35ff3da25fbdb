import type { VisitorLiveEvent, VisitorThreadRequest } from '@aisle/contracts/visitor-chat';
import { ApiError } from '@/lib/api-client';
import { readEventStream } from '@/lib/event-stream-decoder';
import { postEventStream } from '@/lib/post-event-stream';

const liveEvents: readonly VisitorLiveEvent['event'][] = ['message', 'thread'];

/**
 * One connection to `POST /api/shared-chat/events/` (contract: `VisitorLiveEvent`): resolves when
 * the server or the network ends it, throws ApiError when it is refused (404: the thread is gone).
 * `onOpen` runs once the stream is accepted, before its first event. Reconnecting is the caller's
 * (hooks/use-visitor-events.ts).
 */
export async function openVisitorEvents(options: {
  request: VisitorThreadRequest;
  signal: AbortSignal;
  onOpen: () => void;
  onEvent: (event: VisitorLiveEvent) => void;
}): Promise<void> {
  const response = await postEventStream({ path: '/api/shared-chat/events/', body: options.request, signal: options.signal });
  if (!response.body) throw new ApiError(0, null);
  options.onOpen();
  // An unreadable event is skipped (the history fetched on the next reconnect has its message).
  await readEventStream(response.body, liveEvents, options.onEvent, () => console.warn('shared chat: unreadable live event skipped'));
}
