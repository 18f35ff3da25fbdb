import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FakeLlm } from '../src/testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../src/testing/fake-llm/fake-openai';
import { buildBundle, createUserWithCli, type RunningServer, startBundle } from '../src/testing/server-bundle';

/**
 * A deploy as the production process lives it: SIGTERM while the web app holds a graphql-ws
 * socket, a page listens on a visitor's live events and on a GraphQL SSE subscription, and a
 * visitor's answer is still being written by a slow model. The process must stop taking work, tell
 * the socket "going away" (1001), end the streams, let the answer finish (or end it cleanly), close
 * the database and exit 0, all within 3 s. The embedded default (no DATABASE_URL), in both passes.
 */
const owner = { email: 'owner@shop.test', password: 'correct horse battery' };
const MODEL = 'slow-model';
/** The whole shutdown, SIGTERM to exit (the brief: within 3 s, with room). */
const SHUTDOWN_BUDGET_MS = 3_000;

interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a server-sent event stream in the background: its events as they come, and how it ended. */
function readEvents(response: Response) {
  const events: SseEvent[] = [];
  let text = '';
  const waiters = new Set<() => void>();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const ended = (async (): Promise<'ended' | 'failed'> => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        text += decoder.decode(value, { stream: true });
        const blocks = text.split('\n\n');
        text = blocks.pop() ?? '';
        for (const block of blocks) {
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          events.push({ event: event ?? (block.startsWith(':') ? 'comment' : 'message'), data: data ? JSON.parse(data) : block });
        }
        for (const wake of waiters) wake();
      }
    } catch {
      return 'failed';
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  return {
    events,
    ended,
    /** Resolves once an event of this name has arrived. */
    async until(name: string, ms: number) {
      await within(
        new Promise<void>((resolve) => {
          const check = () => {
            if (events.some((e) => e.event === name)) resolve();
          };
          waiters.add(check);
          check();
        }),
        ms,
        `the "${name}" event`,
      );
    },
  };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('SIGTERM with open sockets, streams and a turn in flight', () => {
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let fake: FakeLlm;
  let server: RunningServer | undefined;
  let socket: Client | undefined;

  const env = () => ({
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    JWT_SECRET: `shutdown-${randomUUID()}-${randomUUID()}`,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    OPENAI_API_KEY: FAKE_OPENAI_KEY,
    OPENAI_BASE_URL: fake.baseUrl,
    // A self-hosted model with no price: free, so the owner needs no balance.
    OPENAI_MODELS: MODEL,
    DEFAULT_MODEL: `openai:${MODEL}`,
    EMBEDDING_PROVIDER: undefined,
    LOG_LEVEL: 'info',
  });

  beforeAll(async () => {
    bundle = buildBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-shutdown-'));
    fake = await startFakeOpenAi();
    const configuration = env();
    // Before the server starts: an embedded data directory is opened by one process at a time.
    createUserWithCli(configuration, owner);
    server = await startBundle(bundle.dir, configuration);
  }, 120_000);

  afterAll(async () => {
    await socket?.dispose();
    await server?.stop();
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server?.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const call = async (url: string, body: unknown, token?: string) => {
    const res = await post(url, body, token ? { authorization: `Bearer ${token}` } : {});
    expect(res.ok, `${url}: ${res.status} ${await res.clone().text()}`).toBe(true);
    return (await res.json()) as Record<string, never>;
  };

  it('says going away, ends the streams, lets the answer finish, and exits 0 within 3 s', async () => {
    const running = server as RunningServer;
    const { access } = await call('/api/token/', owner);
    const assistant = await call('/api/assistant/create/', { assistantName: 'Shop helper' }, access);
    const share = (await call('/api/shared-assistant/create/', { assistantId: assistant.id }, access)) as { shareToken: { token: string } };
    const token = share.shareToken.token;
    const first = (await call('/api/shared-chat/message/', { token, message: 'Hello?' })) as {
      sharedThreadId: string;
      visitorToken: string;
    };
    const visitor = { token, sharedThreadId: first.sharedThreadId, visitorToken: first.visitorToken };

    // The visitor's page listens for the shop's replies.
    const liveEvents = readEvents(await post('/api/shared-chat/events/', visitor, { accept: 'text/event-stream' }));
    await liveEvents.until('comment', 5_000);

    // A GraphQL subscription over server-sent events (Yoga).
    const graphqlSse = await post(
      '/graphql',
      { query: 'subscription { onCreateStore { name } }' },
      { accept: 'text/event-stream', authorization: `Bearer ${access}` },
    );
    expect(graphqlSse.headers.get('content-type')).toContain('text/event-stream');
    const graphqlEvents = readEvents(graphqlSse);

    // The web app's socket, with a subscription on it.
    let closeCode: number | undefined;
    const socketClosed = new Promise<number>((resolve) => {
      socket = createClient({
        url: `ws://127.0.0.1:${running.port}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { Authorization: `Bearer ${access}` },
        retryAttempts: 0,
        lazy: true,
        on: {
          closed: (event) => {
            closeCode = (event as { code: number }).code;
            resolve(closeCode);
          },
        },
      });
    });
    const connected = new Promise<void>((resolve) => socket?.on('connected', () => resolve()));
    socket?.subscribe({ query: 'subscription { onCreateAssistant { id } }' }, { next: () => {}, error: () => {}, complete: () => {} });
    await within(connected, 5_000, 'the socket to connect');

    // A visitor's answer, written slowly: eight pieces 100 ms apart, so it is still being written
    // at SIGTERM and done well before the deadline (a turn cut by it: http/graceful-close.test.ts).
    fake.script({ text: ['One', ' two', ' three', ' four', ' five', ' six', ' seven', ' eight.'] });
    fake.chunkDelayMs = 100;
    const turn = readEvents(await post('/api/shared-chat/stream/', { ...visitor, message: 'Count to ten, slowly' }));
    await turn.until('token', 10_000);

    const exited = new Promise<number | null>((resolve) => running.child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    running.child.kill('SIGTERM');

    // The socket hears "going away" at once: the process is draining.
    expect(await within(socketClosed, SHUTDOWN_BUDGET_MS, 'the socket to close')).toBe(1001);

    // New work is refused: the connection (no longer listened for), or a 503 that says to come back.
    const late = await post('/api/shared-chat/stream/', { ...visitor, message: 'Are you there?' }).catch((error: unknown) => error);
    if (late instanceof Response) {
      expect(late.status).toBe(503);
      expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await late.json()) as { detail: string }).detail).toMatch(/restarting/i);
    } else {
      expect(late).toBeInstanceOf(Error);
    }

    // Idle streams end cleanly (not cut), so their clients reconnect elsewhere.
    expect(await within(liveEvents.ended, SHUTDOWN_BUDGET_MS, 'the visitor events stream to end')).toBe('ended');
    expect(await within(graphqlEvents.ended, SHUTDOWN_BUDGET_MS, 'the GraphQL SSE stream to end')).toBe('ended');

    // The answer in flight finishes, or ends with a clean "restarting" error: never just cut off.
    expect(await within(turn.ended, SHUTDOWN_BUDGET_MS, 'the turn stream to end')).toBe('ended');
    const last = turn.events.at(-1);
    if (last?.event === 'error') expect(last.data).toMatchObject({ code: 'restarting', retryable: true });
    else expect(last?.event).toBe('done');

    const code = await within(exited, SHUTDOWN_BUDGET_MS, 'the process to exit');
    const elapsed = Date.now() - signalledAt;
    const log = running.output.join('');
    expect(code, log.slice(-3000)).toBe(0);
    expect(elapsed).toBeLessThan(SHUTDOWN_BUDGET_MS);
    expect(log).toContain('"msg":"shut down"');
    expect(log).not.toContain('graceful shutdown timed out');
  }, 60_000);
});
