import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, TEXT_FLUSH_MS } from './sse';

/** Server-sent events as a client reads them: each event's name and parsed data, comments as `:`. */
function eventsOf(body: string) {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      if (block.startsWith(':')) return { event: ':', data: block.slice(2) };
      const [event, data] = block.split('\n') as [string, string];
      return { event: event.slice('event: '.length), data: JSON.parse(data.slice('data: '.length)) };
    });
}

const pieces = Array.from({ length: 100 }, (_, i) => ['ご注文', 'の品は', 'สินค้า', 'จะ', ' ', `${i}`][i % 6] as string);

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.get('/burst', async (_request, reply) => {
    const stream = openEventStream(reply);
    for (const piece of pieces) stream.text('token', piece);
    stream.send('done', {});
    stream.end();
  });
  app.get('/interleaved', async (_request, reply) => {
    const stream = openEventStream(reply);
    stream.text('token', 'Orders');
    stream.text('token', ' ship');
    stream.send('source', { title: 'Shipping policy' });
    stream.text('token', ' within');
    stream.text('token', ' two days');
    stream.comment('keep-alive');
    stream.text('reasoning', 'Looked up the policy.');
    stream.end();
  });
  app.get('/slow', async (_request, reply) => {
    const stream = openEventStream(reply);
    // Longer than the window between pieces, with a margin for a busy machine's timers.
    for (const piece of ['สินค้า', 'จะ', 'จัดส่ง']) {
      stream.text('token', piece);
      await sleep(TEXT_FLUSH_MS + 30);
    }
    stream.end();
  });
  await app.ready();
});

afterAll(() => app.close());

describe('openEventStream: streamed text', () => {
  it('writes the first piece at once and gathers the rest of a burst into one event, before what follows', async () => {
    const res = await app.inject({ method: 'GET', url: '/burst' });
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = eventsOf(res.body);
    const tokens = events.filter((event) => event.event === 'token');
    expect(tokens.map((event) => event.data.text).join('')).toBe(pieces.join(''));
    expect(tokens).toHaveLength(2);
    expect(tokens[0]?.data).toEqual({ text: pieces[0] });
    expect(events.at(-1)).toEqual({ event: 'done', data: {} });
  });

  it('writes gathered text before any other event, comment or another kind of text, keeping the order', async () => {
    const res = await app.inject({ method: 'GET', url: '/interleaved' });
    expect(eventsOf(res.body)).toEqual([
      { event: 'token', data: { text: 'Orders' } },
      { event: 'token', data: { text: ' ship' } },
      { event: 'source', data: { title: 'Shipping policy' } },
      { event: 'token', data: { text: ' within two days' } },
      { event: ':', data: 'keep-alive' },
      { event: 'reasoning', data: { text: 'Looked up the policy.' } },
    ]);
  });

  it('writes each piece by itself when pieces come slower than the window', async () => {
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(eventsOf(res.body)).toEqual([
      { event: 'token', data: { text: 'สินค้า' } },
      { event: 'token', data: { text: 'จะ' } },
      { event: 'token', data: { text: 'จัดส่ง' } },
    ]);
  });
});
