import type { PublicAssistant } from '@aisle/contracts/sharing';
import type { PublicMessage } from '@aisle/contracts/visitor-chat';
import { vi } from 'vitest';

/**
 * The visitor's public API as unit tests see it: `fetch` answers `/api/shared-chat/<call>/` from
 * per-call handlers. Streams (`stream/`, `events/`) are written by the test event by event;
 * aborting the request errors its stream, as a real connection would.
 */
export type SharedChatCall = 'decode-shared-token' | 'message' | 'stream' | 'thread' | 'events' | 'cart-added';

export interface FakeStream {
  response: Response;
  send(event: string, data: unknown): void;
  comment(text: string): void;
  close(): void;
  readonly aborted: boolean;
}

export function fakeStream(signal?: AbortSignal | null): FakeStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let aborted = false;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => {
    aborted = true;
    try {
      controller.error(new DOMException('Aborted', 'AbortError'));
    } catch {}
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event, data) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    comment: (text) => controller.enqueue(encoder.encode(`: ${text}\n\n`)),
    close: () => controller.close(),
    get aborted() {
      return aborted;
    },
  };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (body: Record<string, unknown>, signal: AbortSignal | null) => Response | Promise<Response>;

export function fakeSharedChatServer(handlers: Partial<Record<SharedChatCall, Handler>>) {
  const calls: { call: SharedChatCall; body: Record<string, unknown> }[] = [];
  const liveStreams: FakeStream[] = [];
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = /\/api\/shared-chat\/([\w-]+)\//.exec(String(input))?.[1] as SharedChatCall | undefined;
    if (!call) throw new Error(`unexpected fetch ${String(input)}`);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ call, body });
    const handler = handlers[call];
    if (handler) return handler(body, init?.signal ?? null);
    if (call === 'events') {
      // By default the live stream stays open and quiet; tests write to it through `liveStreams`.
      const stream = fakeStream(init?.signal);
      liveStreams.push(stream);
      return stream.response;
    }
    return json(500, { detail: `no handler for ${call}` });
  });
  return { fetch, calls, liveStreams, callsTo: (call: SharedChatCall) => calls.filter((c) => c.call === call).map((c) => c.body) };
}

export const publicAssistant = (overrides: Partial<PublicAssistant> = {}): PublicAssistant => ({
  sharedAssistantId: 'sa1',
  assistantName: 'Mia',
  assistantAvatarUrl: null,
  userAvatarUrl: null,
  theme: { primaryColor: '#0f766e', primaryTextColor: '#ffffff' },
  suggestedQuestions: ['Do you ship abroad?', 'How do returns work?'],
  ...overrides,
});

/** Each message a second after the previous one, so their order is their creation order. */
let clock = Date.parse('2026-03-01T10:00:00.000Z');
export function publicMessage(overrides: Partial<PublicMessage> & Pick<PublicMessage, 'id'>): PublicMessage {
  clock += 1000;
  return {
    content: 'Hello',
    senderType: 'assistant',
    isManualResponse: false,
    createdAt: new Date(clock).toISOString(),
    citations: [],
    ...overrides,
  };
}

export const THREAD_ID = '00000000-0000-4000-8000-0000000000a1';
export const visitorThread = (autoReplyPaused = false) => ({
  sharedThreadId: THREAD_ID,
  visitorToken: 'visitor-token-1',
  anonymousEmail: 'visitor-1@anonymous.aisle',
  autoReplyPaused,
});
