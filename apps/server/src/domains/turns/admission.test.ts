import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, messages } from '../../db/schema';
import { BUSY_TEXT } from '../../lib/turn-gate';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import { createConversation, SEND } from '../../testing/conversation-test-client';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import type { TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { slowReply, until } from '../../testing/slow-turns';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

/**
 * Every transport's turns go through the one gate (turns/run-turn.ts): the conversation API's
 * `sendMessage` waits its turn like the REST chats, and a flood of it is refused the same way.
 */
describe('admission of turns across transports', () => {
  let fake: FakeLlm;
  let t: TestApp;
  let me: TestViewer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.chunkDelayMs = 150;
    t = await createTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      TURN_CONCURRENCY: '1',
      TURN_MAX_WAIT_MS: '0',
      // About the wait only: on a loaded test machine the event loop's own delay could refuse a turn.
      TURN_MAX_LOOP_DELAY_MS: '60000',
    });
    const user = await createVerifiedUser(t, { email: 'flood@shop.test' });
    me = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, me.email, 10);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const sendOverGraphql = (conversationId: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.access}` },
      payload: { query: SEND, variables: { id: conversationId, content: [{ text }] } },
    });
  const askOverRest = (threadId: string, content: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${me.access}` },
      payload: { threadId, content },
    });

  it('refuses a GraphQL sendMessage flood with the same quick 503 busy and Retry-After as the REST chat, storing nothing', async () => {
    const assistantId = await createAssistant(t, me, { model: 'openai:gpt-4.1-mini' });
    const threadId = (await post(t, me, '/api/thread/create/', { assistantId })).body?.id as string;
    const busyThreadId = (await post(t, me, '/api/thread/create/', { assistantId })).body?.id as string;
    const conversationId = await createConversation(t, me, { assistantId });
    fake.script(slowReply);
    fake.requests.length = 0;
    const answering = askOverRest(busyThreadId, 'Is the rain jacket waterproof?');
    await until(() => fake.requests.length === 1, 'the first turn to reach the model');

    const flood = await Promise.all([
      ...Array.from({ length: 4 }, (_, n) => sendOverGraphql(conversationId, `Question ${n}`)),
      ...Array.from({ length: 4 }, (_, n) => askOverRest(threadId, `Question ${n}`)),
    ]);
    const overGraphql = flood.slice(0, 4);
    const overRest = flood.slice(4);
    for (const res of [...overGraphql, ...overRest]) {
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    for (const res of overGraphql)
      expect(res.json().errors?.[0]).toMatchObject({ message: BUSY_TEXT, extensions: { code: 'UNAVAILABLE' } });
    for (const res of overRest) expect(res.json()).toEqual({ detail: BUSY_TEXT, code: 'busy' });
    const db = t.services.db;
    const [inConversation] = await db
      .select({ n: count() })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId));
    const [inThread] = await db.select({ n: count() }).from(messages).where(eq(messages.threadId, threadId));
    expect([inConversation?.n, inThread?.n]).toEqual([0, 0]);

    expect((await answering).statusCode).toBe(200);
    // Once the slot is free, the conversation API's message is taken and answered.
    fake.script({ text: ['Yes, it is.'] });
    const taken = await sendOverGraphql(conversationId, 'Is it waterproof?');
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data?.sendMessage).toMatchObject({ role: 'user' });
  });
});
