import { readEventStream, type TypedEvent } from './event-stream-decoder';

/** The `error` event both chat contracts share (`ChatStreamEvent`, `SharedChatStreamEvent`). */
export interface StreamErrorEvent {
  event: 'error';
  data: { code: string; detail: string; retryable: boolean };
}

/** What a turn whose stream cannot be read ends with: the question is stored, so asking again is safe. */
export const interruptedTurnEvent: StreamErrorEvent = {
  event: 'error',
  data: { code: 'interrupted', detail: 'The answer was cut off. Please try again.', retryable: true },
};

/**
 * Reads one chat turn's event stream (the owner's chat, the visitor's). Once streaming, every
 * outcome is an event: an unreadable event, or a stream that breaks or stops before `error` or one
 * of `endings`, becomes a retryable `error` event. Aborting the signal (the Stop button) rejects
 * with the AbortError.
 */
export async function readTurnStream<E extends TypedEvent>(options: {
  body: ReadableStream<Uint8Array>;
  names: readonly E['event'][];
  /** The events besides `error` after which the turn is over (`done`…). */
  endings: readonly E['event'][];
  signal: AbortSignal;
  onEvent: (event: E | StreamErrorEvent) => void;
}): Promise<void> {
  let ended = false;
  const onEvent = (event: E | StreamErrorEvent) => {
    if (event.event === 'error' || options.endings.includes(event.event)) ended = true;
    options.onEvent(event);
  };
  try {
    await readEventStream(options.body, options.names, onEvent, () => onEvent(interruptedTurnEvent));
  } catch (cause) {
    if (options.signal.aborted) throw cause;
  }
  if (!ended) options.onEvent(interruptedTurnEvent);
}
