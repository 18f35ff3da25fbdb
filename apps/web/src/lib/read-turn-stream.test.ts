import type { ChatStreamEvent } from '@aisle/contracts/chat';
import type { SharedChatStreamEvent } from '@aisle/contracts/visitor-chat';
import { describe, expect, it } from 'vitest';
import { readTurnStream } from './read-turn-stream';

const bodyOf = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

const chatEvents: ChatStreamEvent['event'][] = ['message', 'token', 'tool-call', 'tool-result', 'citations', 'done', 'error'];
const visitorEvents: SharedChatStreamEvent['event'][] = ['thread', 'message', 'token', 'done', 'paused', 'error'];
const interrupted = { event: 'error', data: expect.objectContaining({ code: 'interrupted', retryable: true }) };

async function readChatTurn(text: string) {
  const events: ChatStreamEvent[] = [];
  await readTurnStream<ChatStreamEvent>({
    body: bodyOf(text),
    names: chatEvents,
    endings: ['done'],
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
  });
  return events;
}

async function readVisitorTurn(text: string) {
  const events: SharedChatStreamEvent[] = [];
  await readTurnStream<SharedChatStreamEvent>({
    body: bodyOf(text),
    names: visitorEvents,
    endings: ['done', 'paused'],
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
  });
  return events;
}

describe('reading a chat turn’s stream', () => {
  it('turns an unreadable event into a retryable error', async () => {
    expect(await readChatTurn('event: token\ndata: {not json\n\n')).toEqual([interrupted]);
  });

  it('ends a stream cut short with a retryable error, once', async () => {
    expect(await readChatTurn('event: token\ndata: {"text":"Hi"}\n\n')).toEqual([{ event: 'token', data: { text: 'Hi' } }, interrupted]);
  });

  it('adds nothing to a turn that ended with the server’s error', async () => {
    const error = { code: 'failed', detail: 'x', retryable: true };
    expect(await readChatTurn(`event: error\ndata: ${JSON.stringify(error)}\n\n`)).toEqual([{ event: 'error', data: error }]);
  });

  it('takes a paused visitor turn as ended', async () => {
    expect(await readVisitorTurn('event: paused\ndata: {"detail":""}\n\n')).toEqual([{ event: 'paused', data: { detail: '' } }]);
  });
});
