import type { ChatStreamEvent } from '@aisle/contracts/chat';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { sendChatMessage } from './send-chat-message';

const stream = (text: string, status = 200) =>
  new Response(new TextEncoder().encode(text), { status, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

const options = (events: ChatStreamEvent[], signal = new AbortController().signal) => ({
  threadId: 't1',
  content: 'Returns?',
  getToken: async () => 'OLD',
  refreshToken: async () => 'NEW',
  signal,
  onEvent: (event: ChatStreamEvent) => events.push(event),
});

describe('sending a chat message', () => {
  it('asks for an event stream with the token, and retries once with a refreshed token on 401', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response('{"detail":"expired"}', { status: 401 }))
      .mockResolvedValueOnce(
        stream('event: token\ndata: {"text":"Hi"}\n\nevent: error\ndata: {"code":"failed","detail":"x","retryable":true}\n\n'),
      );
    const events: ChatStreamEvent[] = [];
    await sendChatMessage(options(events));
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/chat/message/');
    expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer NEW');
    expect(JSON.parse(init.body as string)).toEqual({ threadId: 't1', content: 'Returns?' });
    expect(events.map((event) => event.event)).toEqual(['token', 'error']);
  });

  it('throws the JSON error given before the stream (402 no credit)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ detail: 'You have no credit left.', code: 'no_credit' }), { status: 402 }),
    );
    const failure = await sendChatMessage(options([])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 402, data: { code: 'no_credit' } });
  });

  it('ends a stream cut short with a retryable error', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(stream('event: token\ndata: {"text":"Hal'));
    const events: ChatStreamEvent[] = [];
    await sendChatMessage(options(events));
    expect(events).toEqual([{ event: 'error', data: expect.objectContaining({ code: 'interrupted', retryable: true }) }]);
  });
});
