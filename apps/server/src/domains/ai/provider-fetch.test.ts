import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { streamText, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FAKE_ANTHROPIC_KEY, startFakeAnthropic } from '../../testing/fake-llm/fake-anthropic';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { languageModelFor, type ProviderEnv } from './language-model';
import { providerFetch } from './provider-fetch';

/** A model-like server: each path answers in its own way; `release` lets a held stream go on. */
let server: http.Server;
let base: string;
const seen: { path: string; method: string; body: string; headers: http.IncomingHttpHeaders; socket: number }[] = [];
let release = () => {};
const sockets = new Map<unknown, number>();

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size);
    seen.push({ path: req.url ?? '', method: req.method ?? '', body, headers: req.headers, socket: sockets.get(req.socket) ?? -1 });
    switch (req.url) {
      case '/stream': {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_1' });
        res.write('data: {"n":1}\n\n');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        res.end('data: [DONE]\n\n');
        return;
      }
      case '/cut': {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"n":1}\n\n');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      case '/gzip': {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(JSON.stringify({ ok: true })));
        return;
      }
      case '/moved': {
        res.writeHead(307, { location: '/json' });
        res.end();
        return;
      }
      case '/limited': {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' });
        res.end('{"error":{"message":"Rate limit reached"}}');
        return;
      }
      default: {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ echo: body }));
      }
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

const post = (path: string, init: RequestInit = {}) =>
  providerFetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
    body: JSON.stringify({ model: 'm', stream: true }),
    ...init,
  });

describe('providerFetch (the model providers’ HTTP client)', () => {
  it('sends the request as given and hands back status, headers and the body as it arrives', async () => {
    const res = await post('/stream');
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('x-request-id')).toBe('req_1');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const text = new TextDecoder();
    // The first event is readable while the server still holds the rest.
    expect(text.decode((await reader.read()).value)).toBe('data: {"n":1}\n\n');
    release();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) rest += text.decode(part.value);
    expect(rest).toBe('data: [DONE]\n\n');
    const request = seen.at(-1);
    expect(request).toMatchObject({ path: '/stream', method: 'POST', body: '{"model":"m","stream":true}' });
    expect(request?.headers).toMatchObject({ authorization: 'Bearer sk-test', 'content-type': 'application/json', 'content-length': '27' });
  });

  it('keeps the connection for the next request', async () => {
    await (await post('/json')).text();
    await (await post('/json')).text();
    const [a, b] = seen.slice(-2);
    expect(a?.socket).toBe(b?.socket);
  });

  it('gives an error status with its body and headers, as fetch does', async () => {
    const res = await post('/limited');
    expect(res.ok).toBe(false);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3');
    expect(await res.json()).toEqual({ error: { message: 'Rate limit reached' } });
  });

  it('decodes a compressed body', async () => {
    expect(await (await post('/gzip')).json()).toEqual({ ok: true });
  });

  it('follows a redirect as fetch does', async () => {
    const res = await post('/moved');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ echo: '{"model":"m","stream":true}' });
  });

  it('sends a request again on a new connection when the kept one turns out closed, and only then', async () => {
    // A server that drops a kept-alive connection as the next request arrives on it (as one whose
    // idle timeout ran out a moment before), and every connection of the path `/drop`.
    const served: string[] = [];
    const dropping = http.createServer((req, res) => {
      const reused = (req.socket as { answered?: boolean }).answered === true;
      served.push(`${req.url}${reused ? ' (kept connection)' : ''}`);
      if (reused || req.url === '/drop') return req.socket.destroy();
      (req.socket as { answered?: boolean }).answered = true;
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
      res.end('{"ok":true}');
    });
    dropping.listen(0, '127.0.0.1');
    await once(dropping, 'listening');
    const origin = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    try {
      const ask = (path: string) => providerFetch(`${origin}${path}`, { method: 'POST', body: '{}' });
      expect(await (await ask('/first')).json()).toEqual({ ok: true });
      expect(await (await ask('/second')).json()).toEqual({ ok: true });
      expect(served).toEqual(['/first', '/second (kept connection)', '/second']);
      // A new connection that fails is the request's failure: it is not sent a third time.
      served.length = 0;
      const error = await ask('/drop').catch((e) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(error.cause.code).toBe('ECONNRESET');
      expect(served).toEqual(['/drop (kept connection)', '/drop']);
    } finally {
      dropping.closeAllConnections();
      dropping.close();
    }
  });

  it('rejects as fetch does when nothing listens: TypeError "fetch failed" with the connection error', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    const error = await providerFetch(`http://127.0.0.1:${port}/v1/chat/completions`, { method: 'POST', body: '{}' }).catch((e) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('fetch failed');
    expect(error.cause.code).toBe('ECONNREFUSED');
  });

  it('errors the body with TypeError "terminated" when the connection is cut mid-answer', async () => {
    const res = await post('/cut');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const error = await reader.read().catch((e) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe('terminated');
  });

  it('stops with the signal’s reason: before the answer, and in the middle of its body', async () => {
    const early = new AbortController();
    early.abort(new DOMException('stopped', 'AbortError'));
    await expect(post('/json', { signal: early.signal })).rejects.toMatchObject({ name: 'AbortError' });

    const late = new AbortController();
    const res = await post('/stream', { signal: late.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    late.abort(new DOMException('stopped', 'AbortError'));
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
    release();
  });
});

const streamingProviders = [
  {
    name: 'OpenAI (chat completions)',
    modelId: 'openai:gpt-4.1-mini',
    start: startFakeOpenAi,
    env: (fake: FakeLlm): ProviderEnv => ({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl }),
  },
  {
    name: 'Anthropic (messages)',
    modelId: 'anthropic:claude-haiku-4-5',
    start: startFakeAnthropic,
    env: (fake: FakeLlm): ProviderEnv => ({ ANTHROPIC_API_KEY: FAKE_ANTHROPIC_KEY, ANTHROPIC_BASE_URL: fake.baseUrl }),
  },
];

// A sentence in pieces as a model streams it, with Japanese and Thai (three UTF-8 bytes a character).
const sentence = [
  'ご注文',
  'の品は',
  '二営業日',
  '以内に',
  '発送',
  'されます',
  '。',
  'สินค้า',
  'จะ',
  'จัดส่ง',
  'ภายใน',
  'สอง',
  'วัน',
  'ค่ะ',
  ' ',
];
const piecesOf = (count: number) => Array.from({ length: count }, (_, i) => sentence[i % sentence.length] as string);

const orderStatus = tool({
  description: 'Looks up an order',
  inputSchema: z.object({ orderId: z.string(), includeItems: z.boolean() }),
});

describe.each(streamingProviders)('a streamed answer from $name through providerFetch and the AI SDK', ({ modelId, start, env }) => {
  let fake: FakeLlm;
  const stream = (prompt: string) =>
    streamText({ model: languageModelFor(env(fake), modelId), prompt, tools: { orderStatus }, maxRetries: 0 });
  const read = async (result: ReturnType<typeof stream>) => {
    const deltas: string[] = [];
    const calls: unknown[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') deltas.push(part.text);
      else if (part.type === 'tool-call') calls.push(part);
      else if (part.type === 'error') throw part.error;
    }
    return { deltas, calls };
  };

  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.chunkDelayMs = 0;
  });

  it('arrives whole, with its usage, in far fewer text parts than the 200 pieces the model sent', async () => {
    const pieces = piecesOf(200);
    fake.script({ text: pieces, usage: { inputTokens: 320, outputTokens: 200 } });
    const result = stream('When will my order ship?');
    const { deltas, calls } = await read(result);
    expect(deltas.join('')).toBe(pieces.join(''));
    expect(await result.text).toBe(pieces.join(''));
    expect(deltas.length).toBeLessThan(20);
    expect(calls).toEqual([]);
    expect(await result.usage).toMatchObject({ inputTokens: 320, outputTokens: 200 });
    expect(await result.finishReason).toBe('stop');
  });

  it('still gives a tool call that comes after merged text as a tool call', async () => {
    const pieces = piecesOf(200);
    fake.script({
      text: pieces,
      toolCall: { id: 'call_1', name: 'orderStatus', argumentPieces: ['{"orderId":', '"A-10', '01","includeItems"', ':true}'] },
      usage: { inputTokens: 90, outputTokens: 220 },
    });
    const result = stream('Where is order A-1001?');
    const { deltas, calls } = await read(result);
    expect(deltas.join('')).toBe(pieces.join(''));
    expect(deltas.length).toBeLessThan(20);
    expect(calls).toEqual([
      expect.objectContaining({ toolCallId: 'call_1', toolName: 'orderStatus', input: { orderId: 'A-1001', includeItems: true } }),
    ]);
    expect(await result.finishReason).toBe('tool-calls');
    expect(await result.usage).toMatchObject({ inputTokens: 90, outputTokens: 220 });
  });

  it('passes each piece on by itself when pieces come slower than the window', async () => {
    const pieces = ['สินค้า', 'จะ', 'จัดส่ง', 'ภายใน', 'สองวัน'];
    fake.script({ text: pieces, usage: { inputTokens: 10, outputTokens: 5 } });
    fake.chunkDelayMs = 80;
    const { deltas } = await read(stream('When will my order ship?'));
    expect(deltas).toEqual(pieces);
  });
});
