import type { ChatStreamEvent } from '@aisle/contracts/chat';
import { createParser } from 'eventsource-parser';

const eventNames = new Set<ChatStreamEvent['event']>(['message', 'token', 'tool-call', 'tool-result', 'citations', 'done', 'error']);

/** What a stream that cannot be read ends with: the question is stored, so asking again is safe. */
export const brokenStreamEvent: ChatStreamEvent = {
  event: 'error',
  data: { code: 'interrupted', detail: 'The answer was cut off. Please try again.', retryable: true },
};

/**
 * Turns the bytes of a streamed chat turn into its typed events. Chunks may split anywhere (inside
 * an event, a line or a multi-byte character): the text decoder and the SSE parser both buffer.
 * Unknown event names are ignored, so the server may add events without breaking older clients.
 */
export function createChatStreamDecoder(onEvent: (event: ChatStreamEvent) => void) {
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent(message) {
      const name = message.event as ChatStreamEvent['event'] | undefined;
      if (!name || !eventNames.has(name)) return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        onEvent(brokenStreamEvent);
        return;
      }
      onEvent({ event: name, data } as ChatStreamEvent);
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

/** Reads a response body to its end, calling `onEvent` for each event as it arrives. */
export async function readChatStream(body: ReadableStream<Uint8Array>, onEvent: (event: ChatStreamEvent) => void): Promise<void> {
  const decoder = createChatStreamDecoder(onEvent);
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
