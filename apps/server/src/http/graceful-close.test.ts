import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, messages } from '../db/schema';
import { STREAM_EVENT_MODEL } from '../domains/conversations';
import { RESTARTING_TEXT } from '../lib/shutdown';
import { createAssistant, recordEvents } from '../testing/assistants';
import { setBalanceUsd } from '../testing/balances';
import { createConversation, SEND } from '../testing/conversation-test-client';
import type { FakeLlm } from '../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../testing/fake-llm/fake-openai';
import { collect, gql, listen, settle, type TestViewer, wsClient } from '../testing/graphql-client';
import { post } from '../testing/knowledge';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createVerifiedUser } from '../testing/users';
import { closeGracefully } from './graceful-close';

/**
 * What the app does when its process shuts down (main.ts → closeGracefully), seen from its
 * clients: sockets told "going away", subscriptions over SSE ended, new requests refused with a
 * 503 to retry, and answers still being written at the deadline cut cleanly, with nothing
 * half-written stored. The real process, signal to exit: e2e/graceful-shutdown.test.ts.
 */
describe('closing the app gracefully', () => {
  let fake: FakeLlm;
  let t: TestApp;
  let port: number;
  let me: TestViewer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, DEFAULT_MODEL: 'openai:gpt-4.1-mini' });
    port = await listen(t);
    const user = await createVerifiedUser(t, { email: 'merchant@shop.test' });
    me = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, me.email, 5);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string) {
    let seen = '';
    while (!seen.includes(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before "${text}": ${seen}`);
      seen += new TextDecoder().decode(value);
    }
    return seen;
  }
  async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>) {
    let seen = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return seen;
      seen += new TextDecoder().decode(value);
    }
  }

  it('ends sockets and subscriptions at once, refuses new work with a 503, and cuts answers unfinished at the deadline', async () => {
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4.1-mini' });
    const threadId = (await post(t, me, '/api/thread/create/', { assistantId })).body?.id as string;
    const conversationId = await createConversation(t, me);
    const streamEvents = await recordEvents(t, [STREAM_EVENT_MODEL]);

    // A socket with a subscription, and a subscription over server-sent events.
    let closeCode: number | undefined;
    const socket = wsClient(port, me, { on: { closed: (event) => (closeCode = (event as CloseEvent).code) } });
    collect(socket, 'subscription { onCreateStore { name } }');
    const sse = await fetch(url('/graphql'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${me.access}` },
      body: JSON.stringify({ query: 'subscription { onCreateAssistant { id } }' }),
    });
    const sseReader = (sse.body as ReadableStream<Uint8Array>).getReader();
    await settle();

    // Two answers far from done when the process drains: 30 pieces, 200 ms apart.
    fake.script({ text: Array.from({ length: 30 }, (_, i) => `word${i} `), usage: { inputTokens: 10, outputTokens: 30 } });
    fake.chunkDelayMs = 200;
    const chat = await fetch(url('/api/chat/message/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${me.access}` },
      body: JSON.stringify({ threadId, content: 'Count to thirty, slowly' }),
    });
    const chatReader = (chat.body as ReadableStream<Uint8Array>).getReader();
    await readUntil(chatReader, 'event: token');
    const sent = await gql(t, me, SEND, { id: conversationId, content: [{ text: 'Count to thirty too' }] });
    expect(sent.errors).toBeUndefined();
    await streamEvents.until(1);

    const closed = closeGracefully(t.app, { deadlineMs: 300 });

    // New work is refused at once, whatever it is, with the time to come back.
    const refused = await post(t, me, '/api/chat/message/', { threadId, content: 'Still there?' });
    expect(refused).toEqual({ status: 503, body: { detail: RESTARTING_TEXT, code: 'restarting' } });
    const refusedGraphql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.access}` },
      payload: { query: SEND, variables: { id: conversationId, content: [{ text: 'Hello?' }] } },
    });
    expect(refusedGraphql.statusCode).toBe(503);
    expect(refusedGraphql.json()).toEqual({ detail: RESTARTING_TEXT, code: 'restarting' });
    expect(refusedGraphql.headers['retry-after']).toBe('5');
    expect(refusedGraphql.headers.connection).toBe('close');

    // The merchant's answer ends with a clean, retryable error: no half answer.
    const chatText = await readToEnd(chatReader);
    const events = [...chatText.matchAll(/^event: (.+)$/gm)].map((match) => match[1]);
    expect(events.at(-1)).toBe('error');
    expect(events).not.toContain('done');
    expect(JSON.parse(/^data: (.+)$/gm.exec(chatText.slice(chatText.lastIndexOf('event: error')))?.[1] ?? 'null')).toEqual({
      code: 'restarting',
      detail: RESTARTING_TEXT,
      retryable: true,
    });

    expect(await closed).toBeUndefined();
    // The socket heard "going away"; the SSE subscription ended without GraphQL's `complete`.
    expect(closeCode).toBe(1001);
    expect(await readToEnd(sseReader)).not.toContain('event: complete');

    // Only the questions are stored: neither answer passes as complete.
    const thread = await t.services.db.select().from(messages).where(eq(messages.threadId, threadId));
    expect(thread.map((row) => row.senderType)).toEqual(['user']);
    const conversation = await t.services.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId));
    expect(conversation.map((row) => row.role)).toEqual(['user']);
    // The app listening to the conversation hears why its reply ended.
    const last = streamEvents.events.at(-1)?.item;
    expect(last?.errors).toEqual([{ message: RESTARTING_TEXT, errorType: 'restarting' }]);
    await streamEvents.stop();
    await socket.dispose();
  }, 20_000);
});
