import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedMessages, tasks } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { collect, type GqlData, gql, listen, settle, type TestViewer, wsClient } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { MESSAGE_FIELDS, openVisitorEvents, parseEvents, shareAssistant, THREAD_FIELDS, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { STAFF_REPLY_MARKER } from '../shared-threads';

const REPLY = `mutation($id: ID!, $content: String!) { sendManualReply(sharedThreadId: $id, content: $content) { ${MESSAGE_FIELDS} } }`;
const RESUME = `mutation($i: UpdateSharedThreadInput!) { updateSharedThread(input: $i) { ${THREAD_FIELDS} } }`;
const READ = `mutation($id: ID!) { markSharedThreadRead(id: $id) { ${THREAD_FIELDS} } }`;
const GET = `query($id: ID!) { getSharedThread(id: $id) { ${THREAD_FIELDS} } }`;

interface ModelRequest {
  messages: { role: string; content: string }[];
}

describe('live inbox and human handoff', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let owner: TestViewer;
  let token: string;
  let port: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, DEFAULT_MODEL: 'openai:gpt-4.1-mini' });
    const user = await createVerifiedUser(t, { email: 'owner@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, owner.email, 10);
    const assistantId = await createAssistant(t, owner, { model: 'openai:gpt-4.1-mini', assistantName: 'Shop bot' });
    token = (await shareAssistant(t, owner, assistantId)).shareToken.token;
    port = await listen(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.script({ text: ['Happy ', 'to help.'], usage: { inputTokens: 20, outputTokens: 3 } });
    fake.requests.length = 0;
    fake.chunkDelayMs = 0;
  });

  async function startThread(message = 'Hi, my parcel is late') {
    const res = await visitor(t, 'message', { token, message });
    expect(res.status).toBe(200);
    return { sharedThreadId: res.body.sharedThreadId as string, visitorToken: res.body.visitorToken as string };
  }
  const contents = async (threadId: string) =>
    (
      await t.services.db
        .select()
        .from(sharedMessages)
        .where(eq(sharedMessages.sharedThreadId, threadId))
        .orderBy(asc(sharedMessages.createdAt), asc(sharedMessages.id))
    ).map((m) => `${m.isManualResponse ? 'staff' : m.senderType}: ${m.content}`);

  it('a manual reply pauses the bot, reaches the visitor’s open page and the owner’s subscription live', async () => {
    const { sharedThreadId, visitorToken } = await startThread();
    const client = wsClient(port, owner);
    const messages = collect(client, `subscription { onCreateSharedMessage { ${MESSAGE_FIELDS} } }`);
    const threads = collect(client, `subscription { onUpdateSharedThread { ${THREAD_FIELDS} } }`);
    const page = await openVisitorEvents(port, { token, sharedThreadId, visitorToken });
    try {
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/event-stream');
      await settle();

      const sent = await gql(t, owner, REPLY, { id: sharedThreadId, content: 'A colleague is checking with the courier now.' });
      expect(sent.errors).toBeUndefined();
      expect(sent.data?.sendManualReply).toMatchObject({
        senderType: 'assistant',
        isManualResponse: true,
        sharedThreadID: sharedThreadId,
        ownerEmail: owner.email,
        provider: null,
      });

      await page.next(2);
      expect(page.events).toEqual([
        { event: 'thread', data: { autoReplyPaused: true } },
        {
          event: 'message',
          data: expect.objectContaining({
            id: sent.data?.sendManualReply.id,
            content: 'A colleague is checking with the courier now.',
            senderType: 'assistant',
            isManualResponse: true,
          }),
        },
      ]);
      await messages.next(1);
      expect(messages.events[0]?.onCreateSharedMessage).toMatchObject({ isManualResponse: true, sharedThreadID: sharedThreadId });
      await threads.next(1);
      expect(threads.events.at(-1)?.onUpdateSharedThread).toMatchObject({ id: sharedThreadId, autoReplyPaused: true, unread: false });

      // The bot stays quiet: the visitor's next message is stored, shown live, and not answered.
      fake.requests.length = 0;
      const next = await visitor(t, 'message', { token, message: 'Thanks! Any update?', sharedThreadId, visitorToken });
      expect(next.body).toMatchObject({ reply: null, autoReplyPaused: true });
      expect(fake.requests).toEqual([]);
      await page.next(3);
      expect(page.events[2]).toMatchObject({ event: 'message', data: { content: 'Thanks! Any update?', senderType: 'user' } });
      const unread = await gql(t, owner, GET, { id: sharedThreadId });
      expect(unread.data?.getSharedThread.unread).toBe(true);

      // Resumed: the visitor's page hears it, and the next answer is the bot's, consistent with the staff.
      const resumed = await gql(t, owner, RESUME, { i: { id: sharedThreadId, autoReplyPaused: false } });
      expect(resumed.data?.updateSharedThread.autoReplyPaused).toBe(false);
      await page.next(4);
      expect(page.events[3]).toEqual({ event: 'thread', data: { autoReplyPaused: false } });

      const answered = await visitor(t, 'message', { token, message: 'So when will it arrive?', sharedThreadId, visitorToken });
      expect(answered.body.reply.content).toBe('Happy to help.');
      const prompt = fake.requests[0]?.body as unknown as ModelRequest;
      expect(prompt.messages.slice(1)).toEqual([
        { role: 'user', content: 'Hi, my parcel is late' },
        { role: 'assistant', content: 'Happy to help.' },
        { role: 'assistant', content: `${STAFF_REPLY_MARKER} A colleague is checking with the courier now.` },
        { role: 'user', content: 'Thanks! Any update?' },
        { role: 'user', content: 'So when will it arrive?' },
      ]);
      expect(prompt.messages[0]?.content).toContain(STAFF_REPLY_MARKER);
      // Its reply reaches the open page too; exactly one bot answer per visitor message, none to the staff.
      await page.next(6);
      expect(page.events.slice(4).map((e) => `${e.event}:${e.data.senderType}`)).toEqual(['message:user', 'message:assistant']);
      expect(await contents(sharedThreadId)).toEqual([
        'user: Hi, my parcel is late',
        'assistant: Happy to help.',
        'staff: A colleague is checking with the courier now.',
        'user: Thanks! Any update?',
        'user: So when will it arrive?',
        'assistant: Happy to help.',
      ]);
    } finally {
      await page.close();
      await client.dispose();
    }
  });

  it('holds back a bot reply still being written when the shop takes over, keeping its cost as a task', async () => {
    const { sharedThreadId, visitorToken } = await startThread();
    fake.script({ text: ['Let ', 'me ', 'see ', 'what ', 'I ', 'can ', 'do.'], usage: { inputTokens: 30, outputTokens: 7 } });
    fake.chunkDelayMs = 100;
    const streaming = t.app.inject({
      method: 'POST',
      url: '/api/shared-chat/stream/',
      payload: { token, message: 'I want a refund', sharedThreadId, visitorToken },
    });
    while (!fake.requests.length) await settle(20);
    await settle(150);
    const taken = await gql(t, owner, REPLY, { id: sharedThreadId, content: 'I am refunding you now.' });
    expect(taken.errors).toBeUndefined();
    const events = parseEvents((await streaming).body);
    expect(events.at(-1)).toMatchObject({ event: 'paused' });
    expect(await contents(sharedThreadId)).toEqual([
      'user: Hi, my parcel is late',
      'assistant: Happy to help.',
      'user: I want a refund',
      'staff: I am refunding you now.',
    ]);
    const held = await t.services.db.select().from(tasks).where(eq(tasks.type, 'shared_reply_discarded'));
    expect(held).toHaveLength(1);
    expect(held[0]?.llmUsage).toMatchObject({ inputTokens: 30, outputTokens: 7 });
  });

  it('marks unread visitor messages and clears them when the owner reads the thread', async () => {
    const { sharedThreadId, visitorToken } = await startThread('Is this unread?');
    const before = (await gql(t, owner, GET, { id: sharedThreadId })).data?.getSharedThread as GqlData;
    expect(before).toMatchObject({ unread: true, ownerLastReadAt: null, origin: 'web' });
    const read = await gql(t, owner, READ, { id: sharedThreadId });
    expect(read.data?.markSharedThreadRead).toMatchObject({ id: sharedThreadId, unread: false });
    expect(read.data?.markSharedThreadRead.ownerLastReadAt).toEqual(expect.any(String));
    await settle(5);
    await visitor(t, 'message', { token, message: 'One more thing', sharedThreadId, visitorToken });
    expect((await gql(t, owner, GET, { id: sharedThreadId })).data?.getSharedThread.unread).toBe(true);

    // The inbox's indexed list, newest activity first, carries the marker.
    const inbox = await gql(
      t,
      owner,
      `query($o: String!) { sharedThreadsByOwnerEmailAndLastActivityAt(ownerEmail: $o, sortDirection: DESC) { items { id unread } } }`,
      { o: owner.email },
    );
    expect(inbox.data?.sharedThreadsByOwnerEmailAndLastActivityAt.items[0]).toEqual({ id: sharedThreadId, unread: true });
  });

  it('refuses blank and oversized manual replies', async () => {
    const { sharedThreadId } = await startThread();
    expect((await gql(t, owner, REPLY, { id: sharedThreadId, content: '  ' })).errors?.[0]?.message).toBe('This field may not be blank.');
    expect((await gql(t, owner, REPLY, { id: sharedThreadId, content: 'x'.repeat(4001) })).errors?.[0]?.message).toBe(
      'Ensure this field has no more than 4000 characters.',
    );
    expect((await gql(t, owner, GET, { id: sharedThreadId })).data?.getSharedThread.autoReplyPaused).toBe(false);
  });

  it('ends the visitor’s live stream when the owner deletes the assistant, and the link then answers not found', async () => {
    const doomed = await createAssistant(t, owner, { assistantName: 'Seasonal bot' });
    const doomedToken = (await shareAssistant(t, owner, doomed)).shareToken.token as string;
    const first = await visitor(t, 'message', { token: doomedToken, message: 'Hello' });
    const { sharedThreadId, visitorToken } = first.body as { sharedThreadId: string; visitorToken: string };
    const page = await openVisitorEvents(port, { token: doomedToken, sharedThreadId, visitorToken });
    await settle();
    try {
      expect((await post(t, owner, '/api/assistant/delete/', { id: doomed })).status).toBeLessThan(300);
      await page.untilEnded();
      const again = await openVisitorEvents(port, { token: doomedToken, sharedThreadId, visitorToken });
      expect(again.status).toBe(404);
      await again.close();
    } finally {
      await page.close();
    }
  });

  it('ends the visitor’s live stream when the link is turned off, and refuses to open it again', async () => {
    const { sharedThreadId, visitorToken } = await startThread();
    const page = await openVisitorEvents(port, { token, sharedThreadId, visitorToken });
    await settle();
    const shares = await gql(t, owner, '{ listSharedAssistants { items { id shareToken } } }');
    const share = ((shares.data?.listSharedAssistants.items ?? []) as GqlData[]).find((s) => s.shareToken === token);
    try {
      await gql(t, owner, 'mutation($i: UpdateSharedAssistantInput!) { updateSharedAssistant(input: $i) { id } }', {
        i: { id: share?.id, isActive: false },
      });
      await page.untilEnded();
      const again = await openVisitorEvents(port, { token, sharedThreadId, visitorToken });
      expect(again.status).toBe(410);
      await again.close();
      const wrong = await openVisitorEvents(port, { token, sharedThreadId, visitorToken: 'forged' });
      expect(wrong.status).toBe(410);
      await wrong.close();
    } finally {
      await page.close();
      await gql(t, owner, 'mutation($i: UpdateSharedAssistantInput!) { updateSharedAssistant(input: $i) { id } }', {
        i: { id: share?.id, isActive: true },
      });
    }
    const forged = await openVisitorEvents(port, { token, sharedThreadId, visitorToken: 'forged' });
    expect(forged.status).toBe(404);
    await forged.close();
  });
});
