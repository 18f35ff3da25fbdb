import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, threads } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { type TestViewer, viewerToken } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('thread API', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
  });
  afterAll(() => t.close());

  const threadRow = async (id: string) => (await t.services.db.select().from(threads).where(eq(threads.id, id)))[0];

  it('starts a chat named "New chat" unless named', async () => {
    const assistantId = await createAssistant(t, alice);
    const res = await post(t, alice, '/api/thread/create/', { assistantId });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      ownerEmail: alice.email,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      name: 'New chat',
      content: null,
      lastResponseID: null,
      assistantID: assistantId,
    });
    const named = await post(t, alice, '/api/thread/create/', { assistantId, name: ' Returns question ' });
    expect(named.body?.name).toBe('Returns question');
    const blank = await post(t, alice, '/api/thread/create/', { assistantId, name: '' });
    expect(blank.body?.name).toBe('New chat');
  });

  it('deletes a thread with its messages', async () => {
    const assistantId = await createAssistant(t, alice);
    const thread = await post(t, alice, '/api/thread/create/', { assistantId });
    const id = thread.body?.id as string;
    await t.services.db.insert(messages).values([
      { ownerEmail: alice.email, threadId: id, content: 'Where is my order?', senderType: 'user' },
      { ownerEmail: alice.email, threadId: id, content: 'It ships tomorrow.', senderType: 'assistant' },
    ]);
    expect(await post(t, alice, '/api/thread/delete/', { id })).toEqual({ status: 204, body: null });
    expect(await threadRow(id)).toBeUndefined();
    expect(await t.services.db.select().from(messages).where(eq(messages.threadId, id))).toEqual([]);
    expect(await post(t, alice, '/api/thread/delete/', { id })).toEqual({ status: 404, body: { detail: 'Thread not found.' } });
  });

  it('treats another merchant’s assistant and thread as missing, changing nothing', async () => {
    const assistantId = await createAssistant(t, alice);
    const thread = await post(t, alice, '/api/thread/create/', { assistantId });
    const id = thread.body?.id as string;
    expect(await post(t, bob, '/api/thread/create/', { assistantId })).toEqual({ status: 404, body: { detail: 'Assistant not found.' } });
    expect(await post(t, bob, '/api/thread/delete/', { id })).toEqual({ status: 404, body: { detail: 'Thread not found.' } });
    expect(await threadRow(id)).toMatchObject({ id, ownerEmail: alice.email });
    expect(await t.services.db.select().from(threads).where(eq(threads.ownerEmail, bob.email))).toEqual([]);
  });

  it('validates the body', async () => {
    expect(await post(t, alice, '/api/thread/create/', { assistantId: 'nope', name: 5 })).toEqual({
      status: 400,
      body: { assistantId: ['Must be a valid UUID.'], name: ['Not a valid string.'] },
    });
    expect(await post(t, alice, '/api/thread/delete/', {})).toEqual({ status: 400, body: { id: ['This field is required.'] } });
    expect((await post(t, null, '/api/thread/delete/', {})).status).toBe(401);
  });
});
