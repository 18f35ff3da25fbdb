import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedThreads } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { collect, type GqlData, gql, listen, settle, type TestViewer, wsClient } from '../../testing/graphql-client';
import { MESSAGE_FIELDS, shareAssistant, THREAD_FIELDS, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const SEARCH = `query($q: String, $s: ID, $o: String, $limit: Int, $next: String) {
  searchSharedThreads(query: $q, sharedAssistantID: $s, origin: $o, limit: $limit, nextToken: $next) { items { id anonymousEmail origin } nextToken }
}`;

describe('the inbox belongs to its owner', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  let webShare: { id: string; token: string };
  let widgetShare: { id: string; token: string };
  const threads: Record<string, { id: string; anonymousEmail: string }> = {};

  const start = async (share: { token: string }, message: string, origin: 'web' | 'widget') => {
    const res = await visitor(t, 'message', { token: share.token, message, origin });
    expect(res.status).toBe(200);
    return { id: res.body.sharedThreadId as string, anonymousEmail: res.body.anonymousEmail as string };
  };

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
    const a = await createVerifiedUser(t, { email: 'alice@shop.test' });
    const b = await createVerifiedUser(t, { email: 'bob@shop.test' });
    alice = { email: a.email, access: a.access, isStaff: false };
    bob = { email: b.email, access: b.access, isStaff: false };
    const assistantId = await createAssistant(t, alice);
    const web = await shareAssistant(t, alice, assistantId);
    const widget = await shareAssistant(t, alice, assistantId);
    webShare = { id: web.id, token: web.shareToken.token };
    widgetShare = { id: widget.id, token: widget.shareToken.token };
    threads.shoes = await start(webShare, 'Do you sell red shoes?', 'web');
    threads.percent = await start(webShare, 'Is there a 100% cotton shirt?', 'web');
    threads.widget = await start(widgetShare, 'Where is my parcel?', 'widget');
  });
  afterAll(() => t.close());

  it('searches the owner’s threads by message text, visitor e-mail, share and origin, newest activity first', async () => {
    const search = async (variables: Record<string, unknown>) =>
      (((await gql(t, alice, SEARCH, variables)).data?.searchSharedThreads.items ?? []) as GqlData[]).map((item) => item.id);
    expect(await search({})).toEqual([threads.widget?.id, threads.percent?.id, threads.shoes?.id]);
    expect(await search({ q: 'RED SHOES' })).toEqual([threads.shoes?.id]);
    expect(await search({ q: threads.widget?.anonymousEmail })).toEqual([threads.widget?.id]);
    // Wildcards typed by the owner are letters: "%" finds the thread that has one, "_" none.
    expect(await search({ q: '100%' })).toEqual([threads.percent?.id]);
    expect(await search({ q: '%' })).toEqual([threads.percent?.id]);
    expect(await search({ q: '_' })).toEqual([]);
    expect(await search({ s: webShare.id })).toEqual([threads.percent?.id, threads.shoes?.id]);
    expect(await search({ o: 'widget' })).toEqual([threads.widget?.id]);
    expect(await search({ o: 'widget', s: webShare.id })).toEqual([]);

    const first = await gql(t, alice, SEARCH, { limit: 2 });
    const next = await gql(t, alice, SEARCH, { limit: 2, next: first.data?.searchSharedThreads.nextToken });
    expect(next.data?.searchSharedThreads).toEqual({ items: [expect.objectContaining({ id: threads.shoes?.id })], nextToken: null });
    expect((await gql(t, alice, SEARCH, { q: 'x'.repeat(201) })).errors?.[0]?.message).toMatch(/no more than 200/);
  });

  it('finds a visitor by the contact they left, by its values only', async () => {
    await t.services.db
      .update(sharedThreads)
      .set({ visitorContact: { name: 'Dana Reyes', email: 'dana@example.com', phone: '+1 555 0100', savedAt: new Date().toISOString() } })
      .where(eq(sharedThreads.id, threads.widget?.id as string));
    const search = async (q: string) =>
      (((await gql(t, alice, SEARCH, { q })).data?.searchSharedThreads.items ?? []) as GqlData[]).map((item) => item.id);
    expect(await search('dana reyes')).toEqual([threads.widget?.id]);
    expect(await search('dana@example')).toEqual([threads.widget?.id]);
    expect(await search('555 0100')).toEqual([threads.widget?.id]);
    expect(await search('savedAt')).toEqual([]);
    expect((await gql(t, bob, SEARCH, { q: 'dana' })).data?.searchSharedThreads.items).toEqual([]);
  });

  it('shows owner B nothing of owner A’s threads: lists, search, reads, writes, summaries', async () => {
    const id = threads.shoes?.id;
    expect((await gql(t, bob, SEARCH, {})).data?.searchSharedThreads.items).toEqual([]);
    expect((await gql(t, bob, SEARCH, { q: 'red shoes', s: webShare.id })).data?.searchSharedThreads.items).toEqual([]);
    expect((await gql(t, bob, '{ listSharedThreads { items { id } } }')).data?.listSharedThreads.items).toEqual([]);
    expect((await gql(t, bob, `query($id: ID!) { getSharedThread(id: $id) { id } }`, { id })).data?.getSharedThread).toBeNull();
    expect(
      (await gql(t, bob, 'query($id: ID!) { sharedMessagesBySharedThreadID(sharedThreadID: $id) { items { id } } }', { id })).data
        ?.sharedMessagesBySharedThreadID.items,
    ).toEqual([]);
    const byOwner = await gql(
      t,
      bob,
      'query($o: String!) { sharedThreadsByOwnerEmailAndLastActivityAt(ownerEmail: $o) { items { id } } }',
      {
        o: alice.email,
      },
    );
    expect(byOwner.errors?.[0]?.message).toBe('Unauthorized');
    expect(
      (await gql(t, bob, `query($id: ID!) { getSharedAssistant(id: $id) { id } }`, { id: webShare.id })).data?.getSharedAssistant,
    ).toBeNull();

    for (const [mutation, args] of [
      ['sendManualReply(sharedThreadId: $id, content: "Hi, this is Bob")', 'id'],
      ['markSharedThreadRead(id: $id)', 'id'],
      ['summarizeSharedThread(id: $id)', 'id'],
    ] as const) {
      const res = await gql(t, bob, `mutation($${args}: ID!) { ${mutation} { id } }`, { id });
      expect(res.errors?.[0]?.message, mutation).toBe('Shared thread not found.');
      expect(res.errors?.[0]?.extensions?.errorType).toBe('NotFound');
    }
    const paused = await gql(t, bob, 'mutation($i: UpdateSharedThreadInput!) { updateSharedThread(input: $i) { id } }', {
      i: { id, autoReplyPaused: true },
    });
    expect(paused.errors?.[0]?.message).toBe('Unauthorized');
    const mine = await gql(
      t,
      alice,
      `query($id: ID!) { getSharedThread(id: $id) { ${THREAD_FIELDS} sharedMessages { items { content isManualResponse } } } }`,
      {
        id,
      },
    );
    expect(mine.data?.getSharedThread).toMatchObject({ autoReplyPaused: false, threadSummary: null, ownerLastReadAt: null });
    expect(mine.data?.getSharedThread.sharedMessages.items.every((m: GqlData) => !m.isManualResponse)).toBe(true);
  });

  it('delivers new threads, messages and thread changes to their owner’s subscriptions only', async () => {
    const port = await listen(t);
    const aliceClient = wsClient(port, alice);
    const bobClient = wsClient(port, bob);
    const subscriptions = [
      `subscription { onCreateSharedThread { ${THREAD_FIELDS} } }`,
      `subscription { onCreateSharedMessage { ${MESSAGE_FIELDS} } }`,
      `subscription { onUpdateSharedThread { ${THREAD_FIELDS} } }`,
    ];
    const aliceSees = subscriptions.map((query) => collect(aliceClient, query));
    const bobSees = subscriptions.map((query) => collect(bobClient, query));
    // Asking for another owner's rows by argument is refused outright.
    const claimed = collect(bobClient, `subscription($o: String) { onCreateSharedMessage(ownerEmail: $o) { id } }`, { o: alice.email });
    try {
      await settle();
      const res = await visitor(t, 'message', { token: widgetShare.token, message: 'New visitor here', origin: 'widget' });
      await aliceSees[0]?.next(1);
      await aliceSees[1]?.next(2);
      await aliceSees[2]?.next(1);
      expect(aliceSees[0]?.events[0]?.onCreateSharedThread).toMatchObject({
        id: res.body.sharedThreadId,
        origin: 'widget',
        anonymousEmail: res.body.anonymousEmail,
        unread: true,
        sharedAssistantID: widgetShare.id,
      });
      expect(aliceSees[1]?.events.map((e) => e.onCreateSharedMessage.senderType)).toEqual(['user', 'assistant']);
      await settle(300);
      expect(bobSees.map((s) => s.events.length)).toEqual([0, 0, 0]);
      expect(claimed.errors.length).toBeGreaterThan(0);
    } finally {
      await aliceClient.dispose();
      await bobClient.dispose();
    }
  });
});
