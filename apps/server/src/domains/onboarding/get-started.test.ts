import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingAccounts } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import type { TestViewer } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { shareAssistant } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { waitForRun } from '../../testing/test-suites';
import { createVerifiedUser } from '../../testing/users';

describe('the Get started checklist', () => {
  let t: TestApp;
  let me: TestViewer;
  let other: TestViewer;

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
    const user = await createVerifiedUser(t, { email: 'new@shop.test' });
    me = { email: user.email, access: user.access, isStaff: false };
    const bob = await createVerifiedUser(t, { email: 'bob@shop.test' });
    other = { email: bob.email, access: bob.access, isStaff: false };
  });
  afterAll(async () => {
    await t.close();
  });

  const progress = async (viewer: TestViewer) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/get-started/',
      headers: { authorization: `Bearer ${viewer.access}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { steps: Record<string, boolean>; complete: boolean };
  };
  const done = async (viewer: TestViewer) =>
    Object.entries((await progress(viewer)).steps)
      .filter(([, value]) => value)
      .map(([step]) => step);

  it('follows a new merchant’s real progress, step by step, and nobody else’s', async () => {
    expect(await progress(me)).toEqual({
      steps: { store: false, files: false, assistant: false, tried: false, tested: false, shared: false, channel: false },
      complete: false,
    });
    const storeId = await createStore(t, me, 'Help');
    expect(await done(me)).toEqual(['store']);
    const { fileIds } = await uploadFiles(t, me, storeId, [
      { fileName: 'faq.md', contentType: 'text/markdown', bytes: '# Returns\n\nUnworn items can be returned within 30 days.\n' },
    ]);
    await waitForFiles(t, fileIds);
    expect(await done(me)).toEqual(['store', 'files']);
    const assistantId = await createAssistant(t, me, { model: 'local:extractive' });
    await post(t, me, '/api/assistant/store-add/', { assistantId, storeId });
    expect(await done(me)).toEqual(['store', 'files', 'assistant']);
    const thread = await post(t, me, '/api/thread/create/', { assistantId });
    expect(await done(me), 'an empty chat is not a try').toEqual(['store', 'files', 'assistant']);
    await post(t, me, '/api/chat/message/', { threadId: thread.body?.id, content: 'How long do I have to return an item?' });
    expect(await done(me)).toEqual(['store', 'files', 'assistant', 'tried']);
    // The test questions, written from the store and run to the end once.
    expect((await post(t, me, '/api/assistant/test-suite/generate/', { assistantId })).status).toBe(201);
    const run = await post(t, me, '/api/assistant/test-suite/run/', { assistantId });
    await waitForRun(t, run.body?.runId);
    expect(await done(me)).toEqual(['store', 'files', 'assistant', 'tried', 'tested']);
    await shareAssistant(t, me, assistantId);
    expect(await done(me)).toEqual(['store', 'files', 'assistant', 'tried', 'tested', 'shared']);
    await t.services.db
      .insert(messagingAccounts)
      .values({ ownerEmail: me.email, channel: 'line', externalAccountId: 'U0123456789abcdef', status: 'connected' });
    expect(await progress(me)).toMatchObject({ complete: true });

    // Another merchant's checklist is untouched by all of it.
    expect(await done(other)).toEqual([]);
  });

  it('is for signed-in merchants only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/get-started/' });
    expect(res.statusCode).toBe(401);
  });
});
