import type { SharedChatStreamEvent } from '@aisle/contracts/sharing';
import { describe, expect, it } from 'vitest';
import { createEventStreamDecoder, readEventStream } from './event-stream-decoder';

const names: SharedChatStreamEvent['event'][] = ['thread', 'message', 'token', 'done', 'paused', 'error'];
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const whole = [
  sse('thread', { sharedThreadId: 't1', visitorToken: 'v1', anonymousEmail: 'a@anon', autoReplyPaused: false }),
  sse('token', { text: 'Livraison ' }),
  sse('token', { text: 'gratuite ✓ 🚚' }),
  sse('done', { reply: { id: 'r1', content: 'Livraison gratuite ✓ 🚚' } }),
].join('');

function decodeAll(chunks: (string | Uint8Array)[]) {
  const events: SharedChatStreamEvent[] = [];
  let unreadable = 0;
  const decoder = createEventStreamDecoder(
    names,
    (event: SharedChatStreamEvent) => events.push(event),
    () => unreadable++,
  );
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return { events, unreadable };
}

describe('the visitor’s event stream decoder', () => {
  it('gives the same typed events however the bytes are split, even inside a character', () => {
    const expected = decodeAll([whole]).events;
    expect(expected.map((event) => event.event)).toEqual(['thread', 'token', 'token', 'done']);
    const bytes = new TextEncoder().encode(whole);
    for (const size of [1, 2, 5, 64]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size));
      expect(decodeAll(chunks).events).toEqual(expected);
    }
  });

  it('skips keep-alive comments and events it does not know', () => {
    const { events } = decodeAll([': keep-alive\n\nevent: ping\ndata: {}\n\nevent: paused\ndata: {"detail":"x"}\n\n']);
    expect(events).toEqual([{ event: 'paused', data: { detail: 'x' } }]);
  });

  it('reports an event whose data is not JSON', () => {
    expect(decodeAll(['event: token\ndata: {oops\n\n'])).toEqual({ events: [], unreadable: 1 });
  });

  it('reads a response body to its end', async () => {
    const bytes = new TextEncoder().encode(whole);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 33));
        controller.enqueue(bytes.slice(33));
        controller.close();
      },
    });
    const events: SharedChatStreamEvent[] = [];
    await readEventStream(
      body,
      names,
      (event: SharedChatStreamEvent) => events.push(event),
      () => {},
    );
    expect(events).toHaveLength(4);
  });
});
