import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingAccounts, sharedMessages, sharedThreads } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { channelThreads, connectLine, connectMetaAccount, eventually, postMetaWebhook } from '../../testing/channels-test-kit';
import { type FakeLineApi, startFakeLineApi } from '../../testing/fake-line/fake-line-api';
import { type FakeGraphApi, startFakeGraphApi } from '../../testing/fake-meta/fake-graph-api';
import { messagingPayload, textEvent } from '../../testing/fake-meta/meta-webhooks';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

/** Another owner's accounts, assistants and threads are out of reach: the same 404 as a missing one. */
describe('channels: one owner never reaches another’s accounts', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let line: FakeLineApi;
  let ann: TestViewer;
  let bob: TestViewer;
  let annAccount: string;
  let annLine: string;
  let annThread: string;
  let bobAssistant: string;

  beforeAll(async () => {
    graph = await startFakeGraphApi();
    graph.pages = [{ id: '400000000000001', name: 'Ann’s page' }];
    line = await startFakeLineApi();
    t = await createTestApp({ ...graph.env(), ...line.env() });
    const a = await createVerifiedUser(t, { email: 'ann@one.test' });
    const b = await createVerifiedUser(t, { email: 'bob@two.test' });
    ann = { email: a.email, access: a.access, isStaff: false };
    bob = { email: b.email, access: b.access, isStaff: false };
    annAccount = (await connectMetaAccount(t, graph, ann, 'messenger')).account.id;
    annLine = (await connectLine(t, line, ann, line.addChannel('Ann LINE'))).account.id;
    bobAssistant = await createAssistant(t, bob);
    await postMetaWebhook(
      t,
      'messenger',
      messagingPayload('page', [{ id: '400000000000001', events: [textEvent({ to: '400000000000001', from: 'psid-a', text: 'Hi' })] }]),
    );
    annThread = (await eventually(async () => (await channelThreads(t, 'messenger'))[0]?.thread.id)) as string;
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
    await line.close();
  });

  it('refuses Bob’s calls on Ann’s account ids', async () => {
    for (const [channel, accountId] of [
      ['messenger', annAccount],
      ['line', annLine],
    ] as const) {
      const choose = await post(t, bob, `/api/${channel}/account/`, { accountId, assistantId: bobAssistant });
      expect(choose).toMatchObject({ status: 404, body: { detail: 'Account not found.' } });
      const disconnect = await post(t, bob, `/api/${channel}/disconnect/`, { accountId });
      expect(disconnect).toMatchObject({ status: 404, body: { detail: 'Account not found.' } });
    }
    // Ann's account id on the wrong channel's address is missing too.
    expect((await post(t, ann, '/api/instagram/disconnect/', { accountId: annAccount })).status).toBe(404);
    const rows = await t.services.db.select().from(messagingAccounts);
    expect(rows.every((row) => row.ownerEmail === ann.email && row.status === 'connected')).toBe(true);
  });

  it('refuses Ann’s account with Bob’s assistant', async () => {
    const res = await post(t, ann, '/api/messenger/account/', { accountId: annAccount, assistantId: bobAssistant });
    expect(res).toMatchObject({ status: 404, body: { detail: 'Assistant not found.' } });
  });

  it('refuses Bob’s manual replies in Ann’s thread, over REST and GraphQL', async () => {
    const rest = await post(t, bob, '/api/messenger/user_reply/', { sharedThreadId: annThread, content: 'Hijacked' });
    expect(rest).toMatchObject({ status: 404, body: { detail: 'Conversation not found.' } });
    const inbox = await gql(t, bob, 'mutation($id: ID!) { sendManualReply(sharedThreadId: $id, content: "Hijacked") { id } }', {
      id: annThread,
    });
    expect(inbox.errors?.[0]?.message).toBeTruthy();
    const stored = await t.services.db.select().from(sharedMessages).where(eq(sharedMessages.content, 'Hijacked'));
    expect(stored).toHaveLength(0);
    const [thread] = await t.services.db.select().from(sharedThreads).where(eq(sharedThreads.id, annThread));
    expect(thread?.autoReplyPaused).toBe(false);
  });

  it('shows each owner only their own accounts on /social', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/meta/social/', headers: { authorization: `Bearer ${bob.access}` } });
    const summary = JSON.parse(res.body) as { channels: { accounts: unknown[] }[] };
    expect(summary.channels.flatMap((channel) => channel.accounts)).toEqual([]);
  });
});
