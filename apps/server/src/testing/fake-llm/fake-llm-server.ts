import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * What a fake provider answers next, in provider-neutral terms; each fake turns it into its own
 * wire format. Text and tool arguments are given in pieces so tests see them arrive in pieces.
 */
export interface FakeReply {
  text?: string[];
  toolCall?: { id: string; name: string; argumentPieces: string[] };
  /** inputTokens includes cachedInputTokens, as the AI SDK reports it. */
  usage?: { inputTokens: number; outputTokens: number; cachedInputTokens?: number };
}

/**
 * How the next requests fail: an HTTP status the provider would send, the connection closed
 * after half the stream (`cut`), or nothing (`none`).
 */
export type FakeFailure = 'none' | 'unauthorized' | 'rate-limited' | 'server-error' | 'unknown-model' | 'cut';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** `performance.now()` when the request arrived, and when the fake wrote its first bytes back. */
  receivedAt: number;
  firstWriteAt?: number;
}

export interface FakeLlmState {
  requests: RecordedRequest[];
  /** Replies to give in order; the last one repeats. */
  replies: FakeReply[];
  failure: FakeFailure;
  /** Milliseconds between streamed chunks (0: all at once). */
  chunkDelayMs: number;
  /** Events sent at once before the delay starts (default 1: the first event); benchmarks send the first token at once too. */
  undelayedChunks?: number;
}

export interface FakeLlm extends FakeLlmState {
  baseUrl: string;
  /** Replies for the next requests (and resets failure), returning the fake for chaining. */
  script(...replies: FakeReply[]): FakeLlm;
  close(): Promise<void>;
}

export const defaultReply: FakeReply = {
  text: ['Hello', ' from', ' the fake.'],
  usage: { inputTokens: 12, outputTokens: 4, cachedInputTokens: 0 },
};

export interface ServedRequest {
  state: FakeLlmState;
  request: RecordedRequest;
  reply: FakeReply;
  res: ServerResponse;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes server-sent events with the configured delay; on `cut`, destroys the socket after half of
 * them, as a provider or proxy dropping the connection mid-answer would.
 */
export async function writeEvents(state: FakeLlmState, res: ServerResponse, events: string[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const cutAt = state.failure === 'cut' ? Math.max(1, Math.floor(events.length / 2)) : Number.POSITIVE_INFINITY;
  for (const [index, event] of events.entries()) {
    if (index >= cutAt) {
      res.socket?.destroy();
      return;
    }
    if (state.chunkDelayMs && index >= (state.undelayedChunks ?? 1)) await sleep(state.chunkDelayMs);
    if (res.destroyed) return;
    // Wait until each chunk is flushed, so a cut loses only what comes after it.
    await new Promise<void>((resolve) => res.write(event, () => resolve()));
  }
  res.end();
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export type HttpFailure = Exclude<FakeFailure, 'none' | 'cut'>;

/** One provider's wire format: where it listens, how it authenticates, errors and answers. */
export interface FakeProvider {
  path: string;
  authorized(request: RecordedRequest): boolean;
  /** The provider's own status and error body for a failure. */
  errorFor(failure: HttpFailure, request: RecordedRequest): { status: number; body: unknown };
  serve(served: ServedRequest): unknown;
}

/**
 * A fake provider on 127.0.0.1: records every request, then answers it with the next scripted
 * reply or the configured failure. Nothing in the tests may reach the internet.
 */
export async function startFakeLlm(provider: FakeProvider): Promise<FakeLlm> {
  const state: FakeLlmState = { requests: [], replies: [], failure: 'none', chunkDelayMs: 0 };
  let served = 0;
  const server: Server = createServer((req, res) => {
    const receivedAt = performance.now();
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== provider.path) return json(res, 404, { error: { message: 'no such route' } });
      const request: RecordedRequest = { path: req.url, headers: req.headers, body: JSON.parse(raw || '{}'), receivedAt };
      // The provider's own time (benchmarks subtract it): from the request to its first bytes back.
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      res.write = ((...args: unknown[]) => {
        request.firstWriteAt ??= performance.now();
        return write(...args);
      }) as typeof res.write;
      state.requests.push(request);
      const failure = !provider.authorized(request) ? 'unauthorized' : state.failure;
      if (failure !== 'none' && failure !== 'cut') {
        const { status, body } = provider.errorFor(failure, request);
        return json(res, status, body);
      }
      const reply = state.replies[Math.min(served, state.replies.length - 1)] ?? defaultReply;
      served += 1;
      void Promise.resolve(provider.serve({ state, request, reply, res })).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeLlm = Object.assign(state as FakeLlm, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    script(...replies: FakeReply[]) {
      state.replies = replies;
      state.failure = 'none';
      served = 0;
      return fake;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return fake;
}
