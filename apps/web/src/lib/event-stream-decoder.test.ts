import type { ChatStreamEvent } from '@aisle/contracts/chat';
import type { SharedChatStreamEvent } from '@aisle/contracts/visitor-chat';
import { describe, expect, it } from 'vitest';
import { createEventStreamDecoder, readEventStream, type TypedEvent } from './event-stream-decoder';

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const splitBytes = (text: string, size: number) => {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size));
  return chunks;
};

const bodyOf = (text: string, splitAt: number) => {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.slice(0, splitAt));
      controller.enqueue(bytes.slice(splitAt));
      controller.close();
    },
  });
};

function decodeAll<E extends TypedEvent>(names: readonly E['event'][], chunks: (string | Uint8Array)[]) {
  const events: E[] = [];
  let unreadable = 0;
  const decoder = createEventStreamDecoder(
    names,
    (event: E) => events.push(event),
    () => unreadable++,
  );
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return { events, unreadable };
}

describe('the event stream decoder, on the owner’s chat turn', () => {
  const names: ChatStreamEvent['event'][] = ['message', 'token', 'tool-call', 'tool-result', 'citations', 'done', 'error'];
  const decodeChat = (chunks: (string | Uint8Array)[]) => decodeAll<ChatStreamEvent>(names, chunks).events;

  const message = {
    id: 'm1',
    ownerEmail: 'ann@shop.test',
    threadID: 't1',
    content: 'Hi?',
    senderType: 'user',
    provider: null,
    model: null,
    llmUsage: null,
    createdAt: 'x',
    updatedAt: 'x',
  };
  const usage = {
    provider: 'local',
    model: 'extractive',
    inputTokens: 12,
    outputTokens: 7,
    cachedInputTokens: 0,
    costUsd: 0,
    priced: true,
    pricingAsOf: '2026-01-01',
    citations: [],
  };
  const whole = [
    sse('message', message),
    sse('token', { text: 'Returns are ' }),
    sse('token', { text: 'free — 30 days ✓' }),
    sse('citations', [{ number: 1, fileId: 'f1', fileName: 'faq.md', heading: 'Returns', text: 'Return within 30 days.' }]),
    sse('done', { reply: { ...message, id: 'm2', senderType: 'assistant', content: 'Returns are free — 30 days ✓' }, usage }),
  ].join('');

  it('reads a whole turn into typed events, in order', () => {
    const events = decodeChat([whole]);
    expect(events.map((event) => event.event)).toEqual(['message', 'token', 'token', 'citations', 'done']);
    expect(events[1]).toEqual({ event: 'token', data: { text: 'Returns are ' } });
    expect(events[3]?.data).toEqual([expect.objectContaining({ number: 1, fileName: 'faq.md' })]);
  });

  it('gives the same events however the bytes are split, even inside an event or a character', () => {
    const expected = decodeChat([whole]);
    for (const size of [1, 2, 3, 7, 64]) expect(decodeChat(splitBytes(whole, size))).toEqual(expected);
  });

  it('handles CRLF line ends, comments and unknown events', () => {
    const events = decodeChat([': keep-alive\r\n\r\nevent: ping\r\ndata: {}\r\n\r\nevent: token\r\ndata: {"text":"a"}\r\n\r\n']);
    expect(events).toEqual([{ event: 'token', data: { text: 'a' } }]);
  });

  it('passes the server’s error event through', () => {
    const error = { code: 'rate_limited', detail: 'The model is busy.', retryable: true };
    expect(decodeChat([sse('message', message), sse('error', error)]).at(-1)).toEqual({ event: 'error', data: error });
  });

  it('reads a response body stream', async () => {
    const events: ChatStreamEvent[] = [];
    await readEventStream(
      bodyOf(whole, 50),
      names,
      (event: ChatStreamEvent) => events.push(event),
      () => {},
    );
    expect(events.map((event) => event.event)).toEqual(['message', 'token', 'token', 'citations', 'done']);
  });
});

describe('the event stream decoder, on the visitor’s turn', () => {
  const names: SharedChatStreamEvent['event'][] = ['thread', 'message', 'token', 'done', 'paused', 'error'];
  const decodeVisitor = (chunks: (string | Uint8Array)[]) => decodeAll<SharedChatStreamEvent>(names, chunks);
  const whole = [
    sse('thread', { sharedThreadId: 't1', visitorToken: 'v1', anonymousEmail: 'a@anon', autoReplyPaused: false }),
    sse('token', { text: 'Livraison ' }),
    sse('token', { text: 'gratuite ✓ 🚚' }),
    sse('done', { reply: { id: 'r1', content: 'Livraison gratuite ✓ 🚚' } }),
  ].join('');

  it('gives the same typed events however the bytes are split, even inside a character', () => {
    const expected = decodeVisitor([whole]).events;
    expect(expected.map((event) => event.event)).toEqual(['thread', 'token', 'token', 'done']);
    for (const size of [1, 2, 5, 64]) expect(decodeVisitor(splitBytes(whole, size)).events).toEqual(expected);
  });

  it('skips keep-alive comments and events it does not know', () => {
    const { events } = decodeVisitor([': keep-alive\n\nevent: ping\ndata: {}\n\nevent: paused\ndata: {"detail":"x"}\n\n']);
    expect(events).toEqual([{ event: 'paused', data: { detail: 'x' } }]);
  });

  it('reports an event whose data is not JSON', () => {
    expect(decodeVisitor(['event: token\ndata: {oops\n\n'])).toEqual({ events: [], unreadable: 1 });
  });

  it('reads a response body to its end', async () => {
    const events: SharedChatStreamEvent[] = [];
    await readEventStream(
      bodyOf(whole, 33),
      names,
      (event: SharedChatStreamEvent) => events.push(event),
      () => {},
    );
    expect(events).toHaveLength(4);
  });
});
