import type { ChatStreamEvent } from '@aisle/contracts/chat';
import { describe, expect, it } from 'vitest';
import { createChatStreamDecoder, readChatStream } from './chat-stream-decoder';

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
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const whole = [
  sse('message', message),
  sse('token', { text: 'Returns are ' }),
  sse('token', { text: 'free — 30 days ✓' }),
  sse('citations', [{ number: 1, fileId: 'f1', fileName: 'faq.md', heading: 'Returns', text: 'Return within 30 days.' }]),
  sse('done', { reply: { ...message, id: 'm2', senderType: 'assistant', content: 'Returns are free — 30 days ✓' }, usage }),
].join('');

function decodeAll(chunks: (string | Uint8Array)[]) {
  const events: ChatStreamEvent[] = [];
  const decoder = createChatStreamDecoder((event) => events.push(event));
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return events;
}

describe('the chat stream decoder', () => {
  it('reads a whole turn into typed events, in order', () => {
    const events = decodeAll([whole]);
    expect(events.map((event) => event.event)).toEqual(['message', 'token', 'token', 'citations', 'done']);
    expect(events[1]).toEqual({ event: 'token', data: { text: 'Returns are ' } });
    expect(events[3]?.data).toEqual([expect.objectContaining({ number: 1, fileName: 'faq.md' })]);
  });

  it('gives the same events however the bytes are split, even inside an event or a character', () => {
    const bytes = new TextEncoder().encode(whole);
    const expected = decodeAll([whole]);
    for (const size of [1, 2, 3, 7, 64]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size));
      expect(decodeAll(chunks)).toEqual(expected);
    }
  });

  it('handles CRLF line ends, comments and unknown events', () => {
    const events = decodeAll([': keep-alive\r\n\r\nevent: ping\r\ndata: {}\r\n\r\nevent: token\r\ndata: {"text":"a"}\r\n\r\n']);
    expect(events).toEqual([{ event: 'token', data: { text: 'a' } }]);
  });

  it('turns an unreadable event into a retryable error', () => {
    expect(decodeAll(['event: token\ndata: {not json\n\n'])).toEqual([
      { event: 'error', data: expect.objectContaining({ code: 'interrupted', retryable: true }) },
    ]);
  });

  it('passes the server’s error event through', () => {
    const error = { code: 'rate_limited', detail: 'The model is busy.', retryable: true };
    expect(decodeAll([sse('message', message), sse('error', error)]).at(-1)).toEqual({ event: 'error', data: error });
  });

  it('reads a response body stream', async () => {
    const bytes = new TextEncoder().encode(whole);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 50));
        controller.enqueue(bytes.slice(50));
        controller.close();
      },
    });
    const events: ChatStreamEvent[] = [];
    await readChatStream(body, (event) => events.push(event));
    expect(events.map((event) => event.event)).toEqual(['message', 'token', 'token', 'citations', 'done']);
  });
});
