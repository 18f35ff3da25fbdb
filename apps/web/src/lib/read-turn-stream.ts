import { i18n } from '@/i18n/i18n';
import { readEventStream, type TypedEvent } from './event-stream-decoder';

/** The `error` event both chat contracts share (`ChatStreamEvent`, `SharedChatStreamEvent`). */
export interface StreamErrorEvent {
  event: 'error';
  data: { code: string; detail: string; retryable: boolean };
}

const INTERRUPTED_DETAIL = 'The answer was cut off. Please try again.';

/**
 * What a turn whose stream cannot be read ends with: the question is stored, so asking again is safe.
 * Its words are `common:errors.answerCutOff` in the interface's language; English where `common` is
 * not loaded (the public chat reads only `shopper`: it may show its own words for the `interrupted` code).
 */
export const interruptedTurnEvent = (): StreamErrorEvent => ({
  event: 'error',
  data: { code: 'interrupted', detail: i18n.t('common:errors.answerCutOff', { defaultValue: INTERRUPTED_DETAIL }), retryable: true },
});

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
    await readEventStream(options.body, options.names, onEvent, () => onEvent(interruptedTurnEvent()));
  } catch (cause) {
    if (options.signal.aborted) throw cause;
  }
  if (!ended) options.onEvent(interruptedTurnEvent());
}
