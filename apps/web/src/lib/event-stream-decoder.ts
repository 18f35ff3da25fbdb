import { createParser } from 'eventsource-parser';

/** A server-sent event as the contracts type them: a name and its JSON payload. */
export interface TypedEvent {
  event: string;
  data: unknown;
}

/**
 * Turns the bytes of a server-sent event stream into typed events (the owner's chat turn, the
 * visitor's `stream/` and `events/` answers). Chunks may split anywhere (inside an event, a line or
 * a multi-byte character): the text decoder and the SSE parser both buffer. Comment lines (the
 * 25 s keep-alive) and unknown event names are skipped, so the server may add events without
 * breaking older clients; an event whose data is not JSON calls `onUnreadable`.
 */
export function createEventStreamDecoder<E extends TypedEvent>(
  names: readonly E['event'][],
  onEvent: (event: E) => void,
  onUnreadable: () => void,
) {
  const known = new Set<string>(names);
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent(message) {
      if (!message.event || !known.has(message.event)) return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        onUnreadable();
        return;
      }
      onEvent({ event: message.event, data } as E);
    },
  });
  return {
    push(chunk: Uint8Array | string) {
      parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    },
    /** Flushes what is left; a last event without its blank line still counts. */
    end() {
      parser.feed(decoder.decode());
      parser.reset({ consume: true });
    },
  };
}

/** Reads a response body to its end, calling `onEvent` for each known event as it arrives. */
export async function readEventStream<E extends TypedEvent>(
  body: ReadableStream<Uint8Array>,
  names: readonly E['event'][],
  onEvent: (event: E) => void,
  onUnreadable: () => void,
): Promise<void> {
  const decoder = createEventStreamDecoder(names, onEvent, onUnreadable);
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      decoder.push(value);
    }
    decoder.end();
  } finally {
    reader.releaseLock();
  }
}
