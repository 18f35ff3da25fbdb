import type { SharedChatStreamEvent } from '@aisle/contracts/visitor-chat';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fakeSharedChatServer, fakeStream, json, publicMessage, visitorThread } from '@/testing/fake-shared-chat-server';
import { sendSharedMessage } from './send-shared-message';

const request = { token: 'share-1', message: 'Ship abroad?', origin: 'web' as const };

async function collect(signal = new AbortController().signal) {
  const events: SharedChatStreamEvent[] = [];
  await sendSharedMessage({ request, signal, onEvent: (event) => events.push(event) });
  return events;
}

describe('sending a visitor’s message', () => {
  it('streams the turn as typed events and posts the request as given', async () => {
    const server = fakeSharedChatServer({
      stream: () => {
        const stream = fakeStream();
        stream.send('thread', visitorThread());
        stream.send('message', publicMessage({ id: 'q1', senderType: 'user' }));
        stream.send('token', { text: 'Yes' });
        stream.send('done', { reply: publicMessage({ id: 'r1', content: 'Yes' }) });
        stream.close();
        return stream.response;
      },
    });
    const events = await collect();
    expect(events.map((event) => event.event)).toEqual(['thread', 'message', 'token', 'done']);
    expect(server.callsTo('stream')).toEqual([request]);
  });

  it('turns a stream that ends early into a retryable error', async () => {
    fakeSharedChatServer({
      stream: () => {
        const stream = fakeStream();
        stream.send('token', { text: 'Ye' });
        stream.close();
        return stream.response;
      },
    });
    expect((await collect()).at(-1)).toEqual({ event: 'error', data: expect.objectContaining({ code: 'interrupted', retryable: true }) });
  });

  it('reads a JSON answer as a whole turn, a paused one included', async () => {
    const userMessage = publicMessage({ id: 'q1', senderType: 'user' });
    fakeSharedChatServer({ stream: () => json(200, { ...visitorThread(true), userMessage, reply: null }) });
    expect(await collect()).toEqual([
      { event: 'thread', data: visitorThread(true) },
      { event: 'message', data: userMessage },
      { event: 'paused', data: { detail: '' } },
    ]);
  });

  it('throws refusals before the stream as ApiError with the server’s body', async () => {
    fakeSharedChatServer({ stream: () => json(429, { detail: 'Request was throttled.' }) });
    const error = await collect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, data: { detail: 'Request was throttled.' } });
  });
});
