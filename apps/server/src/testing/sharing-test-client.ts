import type { GqlData, TestViewer } from './graphql-client';
import { post } from './knowledge';
import type { TestApp } from './test-app';

/** The sharing calls as the owner's screens and the visitor's page make them (tests only). */

export const THREAD_FIELDS =
  'id ownerEmail sharedAssistantID lastActivityAt anonymousEmail autoReplyPaused lastResponseID origin threadSummary ownerLastReadAt lastVisitorMessageAt unread';
export const MESSAGE_FIELDS = 'id ownerEmail content senderType sharedThreadID isManualResponse provider model llmUsage createdAt';

/** Shares one of the owner's assistants; returns the REST answer's body. */
export async function shareAssistant(t: TestApp, owner: TestViewer, assistantId: string, extra: Record<string, unknown> = {}) {
  const res = await post(t, owner, '/api/shared-assistant/create/', { assistantId, ...extra });
  if (res.status !== 201) throw new Error(`shared-assistant/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as GqlData;
}

/** A public call, with no credentials. */
export async function visitor(t: TestApp, path: string, payload: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/api/shared-chat/${path}/`, payload: payload as object, headers });
  const json = res.headers['content-type']?.toString().includes('application/json');
  return { status: res.statusCode, headers: res.headers, body: (json && res.body ? JSON.parse(res.body) : res.body) as GqlData };
}

export interface SseEvent {
  event: string;
  data: GqlData;
}

export const parseEvents = (body: string): SseEvent[] =>
  body
    .split('\n\n')
    .filter((block) => /^event: /m.test(block))
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null'),
    }));

/**
 * Opens `shared-chat/events/` over a real connection, as the visitor's page does, and collects its
 * events and comment lines. `next(n)` resolves once n events arrived.
 */
export async function openVisitorEvents(port: number, body: Record<string, unknown>) {
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/shared-chat/events/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  let buffer = '';
  const reading = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          if (block.startsWith(':')) comments.push(block.slice(1).trim());
          else events.push(...parseEvents(`${block}\n\n`));
          split = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
    ended = true;
  })();
  const waitFor = async (done: () => boolean, what: string, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (events ${JSON.stringify(events)})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  if (res.status === 200) await waitFor(() => comments.includes('connected'), 'the stream to open');
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    get ended() {
      return ended;
    },
    next: (n: number, timeoutMs?: number) => waitFor(() => events.length >= n, `${n} events`, timeoutMs),
    untilEnded: (timeoutMs?: number) => waitFor(() => ended, 'the stream to end', timeoutMs),
    async close() {
      abort.abort();
      await reading;
    },
  };
}
